"""Every count a side enters is bounded by what two decks and their jokers can make
(rules/limits.py; docs/rules.md "The physical limit of a deal", seed 001 §01: two decks of
52 and 4 jokers), on every door the referee reads a deal by, and no number in a document
makes the referee's work or its answer grow."""

from __future__ import annotations

import json
import sys
import tracemalloc

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper import documents
from scorekeeper.rules import (
    InputError,
    count_limits,
    get_profile,
    match_document,
    read_profile,
    score_document,
)


def deal(counts: dict[str, int], hand_points: int = 0, profile: object = "buraco-aberto") -> dict:
    return {"profile": profile, "sides": [
        {"counts": {"table_points": 180, **counts}, "hand_points": hand_points,
         "morto": "taken", "went_out": True},
        {"melds": ["3C 4C 5C"], "morto": "taken"}]}


@pytest.mark.parametrize(("pid", "table", "hand", "categories"), [
    # seed 001 §07: 8 × (A 15 + 2 10 + six ranks × 10 + five ranks × 5) + 4 jokers × 20
    ("buraco-aberto", 960, 960, {"clean-1000": 4, "clean-500": 8, "clean": 14, "dirty": 12}),
    # seed 003 "Score": the joker is worth 50
    ("buraco-fechado", 1080, 1080, {"clean-1000": 4, "clean-500": 8, "clean": 14, "dirty": 12}),
    # seed 000 "Décompte des points": 2 = 20, joker 30
    ("burraco", 1080, 1080, {"clean": 14, "dirty": 12}),
    ("buraco-classico", 1080, 1080, {"clean": 14, "semi-clean": 12, "dirty": 12}),
])
def test_the_limits_of_each_profile(pid, table, hand, categories):
    """Clean canastras take 7 natural cards (104 // 7 = 14), dirty and semi-clean ones one
    of the 12 wildcards (4 jokers, 8 twos), 13 clean cards 500 (104 // 13 = 8), A…K…A 1000
    both aces of a suit (4)."""
    limits = count_limits(get_profile(pid))
    assert (limits.table_points, limits.hand_points) == (table, hand)
    assert limits.categories == categories
    assert (limits.canastras, limits.cards) == (15, 108)


def test_house_rules_move_the_limits_with_their_card_values():
    house = read_profile({"id": "ours", "base": "buraco-aberto",
                          "params": {"card_points": {"joker": 100}}})
    assert count_limits(house).table_points == 960 - 4 * 20 + 4 * 100
    assert score_document(deal({}, 1280, {"id": "ours", "base": "buraco-aberto",
                                           "params": {"card_points": {"joker": 100}}}))
    with pytest.raises(InputError) as err:
        score_document(deal({}, 1281, {"id": "ours", "base": "buraco-aberto",
                                       "params": {"card_points": {"joker": 100}}}))
    assert err.value.params == {"field": "sides[0].hand_points", "value": "1281",
                                "expected": "integer 0..1280"}


@pytest.mark.parametrize(("counts", "hand", "field", "expected"), [
    ({"clean": 100_000_000}, 0, "sides[0].counts.clean", "integer 0..14"),
    ({"clean-1000": 5}, 0, "sides[0].counts.clean-1000", "integer 0..4"),
    ({"dirty": 13}, 0, "sides[0].counts.dirty", "integer 0..12"),
    ({"table_points": 961}, 0, "sides[0].counts.table_points", "integer 0..960"),
    ({}, 10**30, "sides[0].hand_points", "integer 0..960"),
])
def test_a_count_no_deck_can_make_is_unreadable_naming_its_field(counts, hand, field, expected):
    with pytest.raises(InputError) as err:
        score_document(deal(counts, hand))
    assert err.value.code == "bad-value"
    assert (err.value.params["field"], err.value.params["expected"]) == (field, expected)


def test_canastras_that_need_more_cards_than_two_decks_hold_together():
    """7 of 13 cards and 3 of 7 take 112 cards: each count alone can exist, not both."""
    with pytest.raises(InputError) as err:
        score_document(deal({"clean-500": 7, "clean": 3}))
    assert err.value.code == "impossible-counts"
    assert err.value.params == {"field": "sides[0].counts", "cards": 112, "maximum": 108}
    scored = score_document(deal({"clean-500": 7, "clean": 2}))["sides"][0]
    assert scored["bonus_points"] == 7 * 500 + 2 * 200


def test_counts_are_answered_as_counts():
    scored = score_document(deal({"clean": 14, "dirty": 0}))["sides"][0]
    assert scored["canastra_counts"] == {"clean-1000": 0, "clean-500": 0, "clean": 14,
                                         "dirty": 0}
    assert scored["bonus_points"] == 14 * 200
    assert scored["total"] == 180 + 2800 + 100


def test_the_limits_hold_in_a_match_and_name_the_deal():
    doc = {"profile": "burraco", "sides": ["A", "B"],
           "deals": [deal({}), {**deal({"clean": 15}), "profile": "burraco"}]}
    doc["deals"][0]["profile"] = "burraco"
    with pytest.raises(InputError) as err:
        match_document(doc)
    assert err.value.params["field"] == "deals[1].sides[0].counts.clean"


# --- no number makes the work grow -------------------------------------------------------

#: Numbers a document may carry, from ordinary ones to far past any deck.
NUMBERS = st.one_of(st.integers(-10, 2000), st.integers(0, 10**18),
                    st.sampled_from([10**8, 10**100, 10**4000, -10**4000, 2**63]))
COUNT_KEYS = ("table_points", "clean", "dirty", "semi-clean", "clean-500", "clean-1000")


@st.composite
def documents_with_numbers(draw):
    """A score or match document whose every number is drawn from ``NUMBERS``."""
    side = {"counts": {k: draw(NUMBERS) for k in COUNT_KEYS
                       if k == "table_points" or draw(st.booleans())},
            "hand_points": draw(NUMBERS), "morto": "taken", "before": draw(NUMBERS),
            "went_out": draw(st.booleans())}
    other = {"melds": ["3C 4C 5C 6C 7C 8C 9C"], "hand_points": draw(NUMBERS),
             "morto": "not_taken"}
    one = {"profile": draw(st.sampled_from(["buraco-aberto", "buraco-fechado", "burraco"])),
           "sides": [side, other]}
    if draw(st.booleans()):
        return "score", one
    return "match", {"profile": one["profile"], "target": draw(NUMBERS),
                     "sides": ["A", "B"], "deals": [one] * draw(st.integers(1, 3))}


#: What one document may cost the referee at most: its memory, and the Python calls it
#: makes (a count, not a time, so that a busy machine cannot fail it).
MAX_BYTES, MAX_CALLS = 2 * 1024 * 1024, 200_000


def measured(kind: str, doc: dict) -> tuple[int, int, object]:
    calls = 0

    def count(frame, event, arg):
        nonlocal calls
        calls += event == "call"

    body = json.loads(json.dumps(doc))
    tracemalloc.start()
    sys.setprofile(count)
    try:
        answer: object = documents.read(kind, body)
    except InputError as err:
        answer = err
    finally:
        sys.setprofile(None)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return peak, calls, answer


@settings(max_examples=120, deadline=None)
@given(documents_with_numbers())
def test_no_number_makes_the_referee_allocate_or_work_more(case):
    kind, doc = case
    peak, calls, answer = measured(kind, doc)
    assert peak < MAX_BYTES, (peak, doc)
    assert calls < MAX_CALLS, (calls, doc)
    if not isinstance(answer, InputError):
        assert len(json.dumps(answer)) < 64 * 1024


def test_the_request_that_took_the_server_down_costs_what_an_ordinary_one_costs():
    """``"clean": 100000000`` made one list element per canastra: 10⁸ ran out of memory."""
    big = deal({"clean": 100_000_000, "dirty": 100_000_000})
    ordinary = deal({"clean": 1})
    peak, calls, answer = measured("score", big)
    assert isinstance(answer, InputError)
    assert answer.params["field"] == "sides[0].counts.clean"
    small_peak, small_calls, _ = measured("score", ordinary)
    assert peak < MAX_BYTES
    assert calls < MAX_CALLS
    assert calls <= 2 * small_calls


def test_the_command_line_answers_exit_2_naming_the_field(capsys, monkeypatch):
    import io

    from scorekeeper.cli import main

    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(deal({"clean": 100_000_000}))))
    assert main(["score", "-"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.strip().endswith("sides[0].counts.clean: “100000000” is not valid here "
                                "(expected a whole number from 0 to 14)")


def test_the_phone_answers_as_the_api_does():
    from scorekeeper import phone

    answer = json.loads(phone.answer(json.dumps({
        "kind": "score", "body": deal({"clean-500": 7, "clean": 3}), "lang": "it"})))
    assert answer["status"] == 400
    assert answer["doc"]["error"]["code"] == "impossible-counts"
    assert answer["doc"]["error"]["message"].endswith(
        "Insieme queste combinazioni richiedono almeno 112 carte; due mazzi con i loro jolly "
        "ne hanno solo 108.")


def test_a_body_of_melds_costs_memory_and_answer_by_its_bytes_only():
    """The JSON API reads at most 256 KiB (web/api.py ``MAX_BODY``). Different melds of 3
    to 14 cards, half with a joker, are the most work a body holds, and that work grows
    with the body's bytes, never with a number in it: a quarter of the limit (2,500
    melds) stays within a quarter of the bounds (64 MB and an answer 16 times the body
    at the limit)."""
    import random

    from scorekeeper.rules import clear_caches

    rng = random.Random(1)
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    melds: list[str] = []
    while len(json.dumps(melds)) < 62_500:
        suit, start = rng.choice("SHDC"), rng.randint(0, 6)
        cards = [r + suit for r in ranks[start:start + rng.randint(3, 14 - start)]]
        if rng.random() < 0.5:
            cards[rng.randrange(len(cards))] = "JK"
        melds.append(" ".join(rng.sample(cards, len(cards))))
    body = json.dumps({"sides": [{"melds": melds, "morto": "taken"}, {"morto": "taken"}]})
    assert len(body) <= 64 * 1024
    clear_caches()
    tracemalloc.start()
    try:
        answer = documents.read("score", json.loads(body))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 16 * 1024 * 1024
    assert len(json.dumps(answer)) < 16 * len(body)
    assert len(answer["sides"][0]["melds"]) == len(melds)


@pytest.mark.parametrize(("kind", "doc", "field"), [
    ("match", {"profile": "buraco-aberto", "target": 10**4000, "deals": []}, "target"),
    ("match", {"profile": "buraco-aberto", "target": 1e308, "deals": []}, "target"),
    ("match", {"profile": "buraco-aberto", "target": 100_001, "deals": []}, "target"),
    ("check", {"melds": ["3H 4H 5H"], "before": 10**4000}, "before"),
    ("check", {"melds": ["3H 4H 5H"], "before": 1e308}, "before"),
    ("check", {"melds": ["3H 4H 5H"], "before": -100_001}, "before"),
    ("score", {**deal({}), "sides": [{**deal({})["sides"][0], "before": 10**4000},
                                     deal({})["sides"][1]]}, "sides[0].before"),
])
def test_a_target_or_a_running_total_past_any_match_is_unreadable_naming_its_field(
        kind, doc, field):
    """A match is played to at most 100,000 (the new-match form's range) and a side's total
    before a deal lies within it either way (the check page's range): a number past them,
    echoed into the answer, made the API's answer fail (500) where it wrote it out."""
    with pytest.raises(InputError) as caught:
        documents.read(kind, doc)
    assert caught.value.code == "bad-value"
    assert caught.value.params["field"] == field


def test_the_largest_target_and_totals_are_still_read():
    assert match_document({"profile": "buraco-aberto", "target": 100_000, "deals": []}
                          )["target"] == 100_000
    answer = documents.read("check", {"melds": ["3H 4H 5H"], "before": -100_000.0})
    assert answer["opening"] is not None
