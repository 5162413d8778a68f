"""Grades (docs/contract.md, "Grades"): the contract's worked example computed by hand, a
strong player with a weak partner, and properties over random histories (Hypothesis)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.grades import (
    LONGEST,
    MATURE,
    START,
    Grades,
    Result,
    add,
    grade,
    grades_document,
    match_vp,
    state,
    step,
    update,
)

FAST = settings(max_examples=200, deadline=None)


def three_evenings() -> list[Result]:
    return [
        # Evening 1, a club's turn: Ana + Bia 15 VP, Caio + Duda 5.
        Result((("Ana", "Bia"), ("Caio", "Duda")), (15, 5)),
        # Evening 2, a friends' match of 6 deals won 2,140-1,390: 750 * 4 / 6 = 500,
        # the 4-deal scale's 305-500 bracket, 12-8.
        Result((("Ana", "Caio"), ("Bia", "Duda")), match_vp([2140, 1390], 6, 0)),
        # Evening 3, a club's turn of 2 deals, MP 820-410: 410 is in 405-500, 15-5.
        Result((("Ana", "Elio"), ("Bia", "Caio")), match_vp([820, 410], 2, 0)),
    ]


def test_the_contracts_worked_example():
    results = three_evenings()
    assert results[1].vp == (12, 8)
    assert results[2].vp == (15, 5)
    grades = grade(results)
    # 1. Expected 50 + 50 - 50 = 50, actual 15 * 5 = 75, residual +25; four new players
    #    (step 1/4): each side 2 * 1/4 * 25 = 12.5, 6.25 each: 56.25 and 43.75.
    # 2. Expected 50 + (56.25 + 43.75)/2 - (56.25 + 43.75)/2 = 50, actual 60, residual +10;
    #    steps 1/5: 2 each. Ana 58.25, Caio 45.75, Bia 54.25, Duda 41.75.
    # 3. Expected 50 + (58.25 + 50)/2 - (54.25 + 45.75)/2 = 54.125, actual 75, residual
    #    +20.875. Steps: Elio 1/4, Ana, Bia, Caio 1/6; the result's (1/4 + 3/6)/4 = 3/16.
    #    Each side 2 * 3/16 * 20.875 = 7.828125: Elio 3/5 of it = 4.696875, Ana 2/5 =
    #    3.13125; Bia and Caio -3.9140625 each.
    assert grades.rows == {
        "Ana": [58.25 + 3.13125, 3],            # 61.38125
        "Elio": [50 + 4.696875, 1],             # 54.696875
        "Bia": [54.25 - 3.9140625, 3],          # 50.3359375
        "Caio": [45.75 - 3.9140625, 3],         # 41.8359375
        "Duda": [41.75, 2],
    }
    assert sum(row[0] for row in grades.rows.values()) == pytest.approx(5 * START)
    # The pairs, each new at its one result (step 1/4, a side of one): 50 +- 1/4 * 25,
    # 50 +- 1/4 * 10, 50 +- 1/4 * 25.
    assert grades.pairs == {("Ana", "Bia"): [56.25, 1], ("Caio", "Duda"): [43.75, 1],
                            ("Ana", "Caio"): [52.5, 1], ("Bia", "Duda"): [47.5, 1],
                            ("Ana", "Elio"): [56.25, 1], ("Bia", "Caio"): [43.75, 1]}
    doc = grades_document(grades, {m: m for m in grades.rows})
    assert [(p["name"], p["grade"], p["results"], p["state"]) for p in doc["players"]] == [
        ("Ana", 61.38, 3, "evolving"), ("Elio", 54.7, 1, "evolving"),
        ("Bia", 50.34, 3, "evolving"), ("Caio", 41.84, 3, "evolving"),
        ("Duda", 41.75, 2, "evolving")]
    assert doc["results"] == 3
    assert doc["mature_from"] == MATURE
    assert not any(p["always_together"] for p in doc["pairs"])


def seasoned(grades: Grades, member: str, grade_now: float, results: int = 100) -> None:
    grades.rows[member] = [grade_now, results]


@pytest.mark.parametrize(("vp", "moves"), [((10, 10), 0), ((11, 9), 1), ((9, 11), -1)])
def test_a_strong_player_with_a_weak_partner_does_not_fall_scoring_as_expected(vp, moves):
    grades = Grades()
    seasoned(grades, "strong", 70.0)
    seasoned(grades, "weak", 30.0)
    seasoned(grades, "x", 50.0)
    seasoned(grades, "y", 50.0)
    # Expected 50 + (70 + 30)/2 - (50 + 50)/2 = 50 %: 10-10 is what they were expected.
    add(grades, Result((("strong", "weak"), ("x", "y")), vp))
    # Four established players (step 1/40): each moves 1/40 * residual (0 or +-5).
    assert grades.rows["strong"][0] == pytest.approx(70.0 + moves * 5 / LONGEST)
    assert grades.rows["weak"][0] == pytest.approx(30.0 + moves * 5 / LONGEST)
    assert grades.rows["strong"][0] >= 70.0 or moves < 0


def test_a_new_player_moves_more_than_an_established_partner():
    grades = Grades()
    seasoned(grades, "old", 50.0)
    seasoned(grades, "x", 50.0)
    seasoned(grades, "y", 50.0)
    add(grades, Result((("new", "old"), ("x", "y")), (15, 5)))
    # Steps 1/4 (new) and 1/40; the result's (1/4 + 3/40)/4 = 13/160; each side moves
    # 2 * 13/160 * 25 = 4.0625, new 10/11 of it, old 1/11.
    assert grades.rows["new"][0] == pytest.approx(50 + 4.0625 * 10 / 11)
    assert grades.rows["old"][0] == pytest.approx(50 + 4.0625 / 11)
    assert grades.rows["x"][0] == pytest.approx(50 - 4.0625 / 2)


def test_steps_and_states():
    assert [step(n) for n in (0, 1, 2, 36, 37)] == [1 / 4, 1 / 5, 1 / 6, 1 / 40, 1 / 40]
    assert (state(MATURE - 1), state(MATURE)) == ("evolving", "mature")


def test_a_friends_match_as_vp():
    assert match_vp([900, 400], 3, 0) == (14, 6)        # 500: the 3-deal scale's 355-500
    assert match_vp([1000, 3000], 8, 1) == (5, 15)      # 2,000 * 4/8 = 1,000: 905-1100
    assert match_vp([2500, 2500], 5, 0) == (10, 10)
    assert match_vp([3050, -200], 1, 0) == (12, 8)      # one deal: by its outcome


def test_a_pair_always_together():
    results = [Result((("Ana", "Bia"), ("Caio", "Duda")), (12, 8)),
               Result((("Bia", "Ana"), ("Elio", "Fabi")), (11, 9)),
               Result((("Caio", "Elio"), ("Duda", "Fabi")), (10, 10))]
    doc = grades_document(grade(results), {})
    together = {tuple(p["names"]): p["always_together"] for p in doc["pairs"]}
    assert together[("Ana", "Bia")] is True
    assert together[("Caio", "Duda")] is False
    assert [p["results"] for p in doc["pairs"] if p["names"] == ["Ana", "Bia"]] == [2]


def test_a_match_of_two_single_players():
    rows: dict = {}
    # Two new players (steps 1/4), sides of one: 50 +- 1/4 * (75 - 50).
    update(rows, [["Ana"], ["Bia"]], 15)
    assert rows == {"Ana": [56.25, 1], "Bia": [43.75, 1]}


PLAYERS = [f"p{i}" for i in range(8)]


@st.composite
def results(draw):
    """A result: four different players of eight (or two, a match of two), any VP."""
    size = draw(st.sampled_from([1, 2, 2, 2]))
    chosen = draw(st.permutations(PLAYERS))[: 2 * size]
    vp = draw(st.integers(0, 20))
    return Result((tuple(chosen[:size]), tuple(chosen[size:])), (vp, 20 - vp))


@FAST
@given(st.lists(results(), max_size=60), results())
def test_each_result_is_zero_sum_and_moves_its_players_only(history, last):
    grades = grade(history)
    before = {m: list(row) for m, row in grades.rows.items()}
    pairs_before = {m: list(row) for m, row in grades.pairs.items()}
    add(grades, last)
    players = {m for side in last.sides for m in side}
    moved = {m: grades.rows[m][0] - before.get(m, [START, 0])[0] for m in players}
    assert sum(moved.values()) == pytest.approx(0, abs=1e-9)
    assert all(grades.rows[m] == before[m] for m in before if m not in players)
    assert all(grades.rows[m][1] == before.get(m, [START, 0])[1] + 1 for m in players)
    pairs = [m for m in grades.pairs if m not in pairs_before
             or grades.pairs[m] != pairs_before[m]]
    assert len(pairs) <= 2
    total = sum(grades.pairs[p][0] - pairs_before.get(p, [START, 0])[0] for p in pairs)
    assert total == pytest.approx(0, abs=1e-9)


@FAST
@given(st.lists(results(), max_size=80))
def test_a_history_gives_the_same_grades_every_time(history):
    once, again = grade(history), grade(list(history))
    assert once == again
    assert sum(row[0] for row in once.rows.values()) == pytest.approx(
        START * len(once.rows), abs=1e-6)
    assert all(0 <= row[1] <= len(history) for row in once.rows.values())


@FAST
@given(st.lists(results(), min_size=1, max_size=40))
def test_incremental_is_from_scratch(history):
    grades = grade(history[:-1])
    add(grades, history[-1])
    assert grades == grade(history)
