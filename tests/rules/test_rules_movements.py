"""Movements (contract.md, "Events", "Movements"): each event played out turn after turn
by its own ``next``, and the properties each movement promises."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest
from event_support import deal, event, play

from scorekeeper.rules import event_document
from scorekeeper.rules.seatings import danese, group_sizes


def _meetings(seatings):
    return Counter(frozenset((t["ns"], t["ew"])) for s in seatings for t in s["tables"])


def _warned(seatings):
    return [i + 1 for i, s in enumerate(seatings) if s["warnings"]]


# -- Mitchell ------------------------------------------------------------------------------

@pytest.mark.parametrize("tables", [1, 2, 3, 5, 8])
def test_mitchell_shift_1_every_ew_meets_every_ns_once_in_t_turns(tables):
    seatings = play(event(2 * tables, [{"movement": "mitchell"}] * tables))
    ns, ew = range(1, tables + 1), range(tables + 1, 2 * tables + 1)
    assert _meetings(seatings) == Counter({frozenset((a, b)): 1 for a in ns for b in ew})
    assert all(s["byes"] == [] and s["warnings"] == [] for s in seatings)
    # NS stay at their table
    assert all(t["ns"] == t["table"] for s in seatings for t in s["tables"])


def test_mitchell_seats_by_the_formula():
    """EW entrant T + i sits at table ((i − 1 + k(r − 1)) mod T) + 1: 10 pairs, shift 3,
    the 3rd Mitchell turn moves EW 6 places on."""
    seatings = play(event(10, [{"movement": "mitchell", "shift": 3}] * 3))
    assert seatings[2]["tables"] == [{"table": t, "ns": t, "ew": 6 + (t - 1 - 6) % 5}
                                     for t in range(1, 6)]
    assert seatings[2]["tables"][0] == {"table": 1, "ns": 1, "ew": 10}


@pytest.mark.parametrize(("pairs", "shift", "first_warning"), [
    (12, 1, 7), (12, 2, 4), (12, 3, 3), (12, 4, 4), (12, 5, 7), (12, 6, 2),
    (9, 2, 6), (10, 5, 2), (16, 6, 5),
])
def test_mitchell_repeat_from_the_turn_after_t_over_gcd(pairs, shift, first_warning):
    """After T / gcd(k, T) Mitchell turns an EW pair would meet an NS pair again; the
    warning holds from that turn on."""
    seatings = play(event(pairs, [{"movement": "mitchell", "shift": shift}] * 8))
    assert _warned(seatings) == list(range(first_warning, 9))
    warning = seatings[first_warning - 1]["warnings"][0]
    assert warning["code"] == "mitchell-repeat"
    assert warning["params"]["mitchell_turn"] == first_warning
    before = seatings[: first_warning - 1]
    assert max(_meetings(before).values()) == 1
    assert max(_meetings(seatings[:first_warning]).values()) == 2


def test_mitchell_turns_count_only_mitchell_turns():
    plan = [{"movement": "mitchell"}, {"movement": "danese"}, {"movement": "mitchell"}]
    seatings = play(event(6, plan))
    assert seatings[2]["tables"][0] == {"table": 1, "ns": 1, "ew": 6}  # its 2nd turn


def test_mitchell_with_an_odd_count_leaves_one_table_out():
    seatings = play(event(5, [{"movement": "mitchell"}] * 3))
    assert [(s["tables"], s["byes"]) for s in seatings] == [
        ([{"table": 1, "ns": 1, "ew": 4}, {"table": 2, "ns": 2, "ew": 5}], [3]),
        ([{"table": 2, "ns": 2, "ew": 4}, {"table": 3, "ns": 3, "ew": 5}], [1]),
        ([{"table": 1, "ns": 1, "ew": 5}, {"table": 3, "ns": 3, "ew": 4}], [2]),
    ]


# -- Danese ----------------------------------------------------------------------------------

def _played_turn(doc, tables):
    doc["turns"].append({"tables": [
        {"table": n, "ns": ns, "ew": ew, "deals": [deal(a, b), deal(0, 0)]}
        for n, (ns, ew, a, b) in enumerate(tables, start=1)]})


def test_danese_pairs_the_standings_down_better_ranked_ns():
    doc = event(7, [{"movement": "mitchell"}, {"movement": "danese"}])
    _played_turn(doc, [(1, 5, 0, 900), (2, 6, 300, 0), (3, 7, 0, 0)])
    r = event_document(doc)
    # 19, 13, then 10 VP and 0 MP for 3, 4 (a bye) and 7, listed by id, 7, 1
    assert [s["id"] for s in r["standings"]] == [5, 2, 3, 4, 7, 6, 1]
    assert r["next"]["tables"] == [{"table": 1, "ns": 5, "ew": 2},
                                   {"table": 2, "ns": 3, "ew": 4},
                                   {"table": 3, "ns": 7, "ew": 6}]
    assert r["next"]["byes"] == [1]


def test_danese_groups_as_equal_as_possible_larger_first():
    assert group_sizes(11, 3) == [4, 4, 3]
    tables, byes = danese(list(range(1, 12)), 3, None)
    assert tables == [
        {"table": 1, "ns": 1, "ew": 2, "group": 1}, {"table": 2, "ns": 3, "ew": 4, "group": 1},
        {"table": 3, "ns": 5, "ew": 6, "group": 2}, {"table": 4, "ns": 7, "ew": 8, "group": 2},
        {"table": 5, "ns": 9, "ew": 10, "group": 3}]
    assert byes == [11]


def test_danese_modified_avoids_the_last_opponent():
    # standings 1..6; last turn 1 met 2, 3 met 5, 4 met 6
    last = {1: 2, 2: 1, 3: 5, 5: 3, 4: 6, 6: 4}
    tables, _ = danese([1, 2, 3, 4, 5, 6], None, last)
    assert [(t["ns"], t["ew"]) for t in tables] == [(1, 3), (2, 4), (5, 6)]
    # only a rematch left at the bottom: the lower entrants of the last two tables swap
    last = {1: 3, 3: 1, 2: 4, 4: 2, 5: 6, 6: 5}
    tables, _ = danese([1, 2, 3, 4, 5, 6], None, last)
    assert [(t["ns"], t["ew"]) for t in tables] == [(1, 2), (3, 6), (4, 5)]
    # an odd count: the last in the standings has the bye before pairing
    tables, byes = danese([1, 2, 3, 4, 5], None, {1: 2, 2: 1})
    assert ([(t["ns"], t["ew"]) for t in tables], byes) == ([(1, 3), (2, 4)], [5])


def _random_turn(doc, rng):
    ids = [e["id"] for e in doc["entrants"]]
    rng.shuffle(ids)
    _played_turn(doc, [(ids[i], ids[i + 1], rng.randrange(0, 200) * 5,
                        rng.randrange(0, 200) * 5) for i in range(0, len(ids) - 1, 2)])
    return {frozenset(p) for p in zip(ids[::2], ids[1::2], strict=False)}


@pytest.mark.parametrize(("pairs", "groups"), [(8, None), (9, None), (12, 2), (17, 3), (20, 4)])
def test_danese_modified_no_rematch_but_on_the_plan_s_last_turn(pairs, groups):
    rng = random.Random(pairs * 31 + (groups or 0))
    for _ in range(40):
        plan = [{"movement": "mitchell"}, {"movement": "danese-modified", "groups": groups}]
        doc = event(pairs, plan + [{"movement": "danese-modified", "groups": groups}])
        if groups is None:
            doc["plan"][1].pop("groups")
            doc["plan"][2].pop("groups")
        met = _random_turn(doc, rng)
        seating = event_document(doc)["next"]
        assert not met & {frozenset((t["ns"], t["ew"])) for t in seating["tables"]}
        seated = [e for t in seating["tables"] for e in (t["ns"], t["ew"])] + seating["byes"]
        assert sorted(seated) == list(range(1, pairs + 1))
        # the plan's last turn pairs the standings down, rematches and all
        doc["plan"] = doc["plan"][1:]
        last = event_document(doc)
        ranked = [s["id"] for s in last["standings"]]
        assert last["next"]["tables"] == danese(ranked, groups, None)[0]


# -- round robin ----------------------------------------------------------------------------

@pytest.mark.parametrize("count", [2, 4, 5, 6, 7, 10, 11])
def test_round_robin_everyone_meets_everyone_once(count):
    turns = count - 1 if count % 2 == 0 else count
    seatings = play(event(count, [{"movement": "round-robin"}] * turns))
    pairs = {frozenset(p) for p in combinations(range(1, count + 1), 2)}
    assert _meetings(seatings) == Counter(dict.fromkeys(pairs, 1))
    byes = Counter(e for s in seatings for e in s["byes"])
    assert byes == (Counter(range(1, count + 1)) if count % 2 else Counter())
    assert all([t["table"] for t in s["tables"]] == list(range(1, count // 2 + 1))
               for s in seatings)


def test_round_robin_starts_again_after_a_cycle():
    """The same meetings, turn for turn, the cycle after; the entrant who stays (1) keeps
    alternating NS and EW (contract.md, "Settled since"), so with 3 turns a cycle it sits
    the other way round in the second."""
    seatings = play(event(4, [{"movement": "round-robin"}] * 6))
    assert [_meetings([s]) for s in seatings[3:]] == [_meetings([s]) for s in seatings[:3]]
    assert [s["tables"][1] for s in seatings[3:]] == [s["tables"][1] for s in seatings[:3]]
    assert [(s["tables"][0]["ns"], s["tables"][0]["ew"]) for s in seatings] == [
        (1, 4), (3, 1), (1, 2), (4, 1), (1, 3), (2, 1)]


# -- individual-8 ---------------------------------------------------------------------------

def test_individual_8_partners_once_and_opposes_twice():
    doc = event(8, [{"movement": "individual-8"}] * 8, kind="individual")
    doc["entrants"] = [{"id": i * 10} for i in range(1, 9)]
    seatings = play(doc)
    partners, opponents = Counter(), Counter()
    for seating in seatings[:7]:
        seated = sorted(p for t in seating["tables"] for p in t["ns"] + t["ew"])
        assert seated == [i * 10 for i in range(1, 9)]
        for t in seating["tables"]:
            partners.update([frozenset(t["ns"]), frozenset(t["ew"])])
            opponents.update(frozenset((a, b)) for a in t["ns"] for b in t["ew"])
    every = {frozenset(p) for p in combinations(range(10, 90, 10), 2)}
    assert partners == Counter(dict.fromkeys(every, 1))
    assert opponents == Counter(dict.fromkeys(every, 2))
    assert seatings[0]["tables"] == [{"table": 1, "ns": [10, 20], "ew": [30, 40]},
                                     {"table": 2, "ns": [50, 60], "ew": [70, 80]}]
    assert seatings[7]["tables"] == seatings[0]["tables"]  # an 8th turn starts again


def test_next_is_null_once_the_plan_is_played_out():
    doc = event(4, [{"movement": "round-robin"}])
    _played_turn(doc, [(1, 4, 0, 0), (2, 3, 0, 0)])
    assert event_document(doc)["next"] is None
