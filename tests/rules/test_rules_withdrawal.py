"""Withdrawal (docs/contract.md, "Events", "Withdrawal"): a pair or player who leaves
the evening, ``"withdrawn": [{"entrant": 7, "from_turn": 3}]``. Read and checked; left
out of the seating from that turn on (the Danese ones pair the standings without it,
the others leave its seat empty and give the entrant it would have met a bye); kept in
the standings, marked, with nothing for the turns after. Every figure worked out by hand
in the comments."""

from __future__ import annotations

import copy
import json

import pytest
from event_support import event, table

from scorekeeper.rules import InputError, event_document, last_groups
from scorekeeper.rules.eventkept import kept_document

MITCHELL = [{"movement": "mitchell"}] * 3


def _field(doc):
    with pytest.raises(InputError) as err:
        event_document(doc)
    return err.value.params.get("field")


def _six_after_turn_1(plan, withdrawn):
    """6 pairs, 2 deals a turn; turn 1 seated as Mitchell seats it (T = 3: 1 v 4, 2 v 5,
    3 v 6): 500–300 (200 apart: 12–8), 600–0 (16–4), 200–200 (10–10)."""
    doc = event(6, plan, withdrawn=withdrawn)
    doc["turns"] = [{"tables": [table(1, 1, 4, (300, 100), (200, 200)),
                                table(2, 2, 5, (600, 0), (0, 0)),
                                table(3, 3, 6, (100, 100), (100, 100))]}]
    return doc


# -- read and checked ----------------------------------------------------------------------

@pytest.mark.parametrize(("withdrawn", "field"), [
    ({"entrant": 7, "from_turn": 2}, "withdrawn"),               # not a list
    ([7], "withdrawn[0]"),                                       # not an object
    ([{"from_turn": 2}], "withdrawn[0].entrant"),
    ([{"entrant": 2}], "withdrawn[0].from_turn"),
    ([{"entrant": 7, "from_turn": 2}], "withdrawn[0].entrant"),  # no such entrant
    ([{"entrant": "2", "from_turn": 2}], "withdrawn[0].entrant"),
    ([{"entrant": 2, "from_turn": 0}], "withdrawn[0].from_turn"),
    ([{"entrant": 2, "from_turn": 4}], "withdrawn[0].from_turn"),  # the plan has 3 turns
    ([{"entrant": 2, "from_turn": 2.5}], "withdrawn[0].from_turn"),
    ([{"entrant": 2, "from_turn": 2}, {"entrant": 2, "from_turn": 3}], "withdrawn[1].entrant"),
    # pair 2 left from turn 1, yet played it; pair 5 from turn 1, seated at table 2 too
    ([{"entrant": 2, "from_turn": 1}], "turns[0].tables[1].ns"),
    ([{"entrant": 5, "from_turn": 1}], "turns[0].tables[1].ew"),
])
def test_an_unreadable_withdrawal_names_its_field(withdrawn, field):
    assert _field(_six_after_turn_1(MITCHELL, withdrawn)) == field


def test_the_bounds_of_from_turn_are_the_plan_s_turns():
    for turn in (1, 3):
        doc = event(6, MITCHELL, withdrawn=[{"entrant": 2, "from_turn": turn}])
        assert event_document(doc)["valid"]
    assert event_document(event(6, MITCHELL, withdrawn=None)) == event_document(
        event(6, MITCHELL))


def test_no_withdrawal_answers_byte_for_byte_as_before():
    """A document without ``withdrawn``, with ``[]`` or ``null``: the same answer, with no
    ``withdrawn`` anywhere in it."""
    doc = _six_after_turn_1(MITCHELL, [])
    del doc["withdrawn"]
    plain = json.dumps(event_document(doc))
    assert "withdrawn" not in plain
    for empty in ([], None):
        assert json.dumps(event_document({**doc, "withdrawn": empty})) == plain
        assert json.dumps(event_document({**doc, "withdrawn": empty}, kept=True)) == plain


# -- Mitchell: an empty seat ---------------------------------------------------------------

def test_mitchell_leaves_its_seat_empty_and_its_opponent_has_a_bye():
    """Pair 2 leaves from turn 2. Mitchell's 2nd turn moves EW one table on: table 1 is
    1 v 6, table 2 would be 2 v 4 (not listed; 4 has the bye), table 3 is 3 v 5.
    Turn 2 played: 0–0 twice (10–10), 250–0 (205–300: 13–7).
    Standings: 3 10 + 13 = 23 VP (MP 200 + 250); 1 12 + 10 = 22 (500); 6 10 + 10 = 20
    (200); 4 8 + 10 (bye) = 18 (300); 2 16 (600), marked, nothing after turn 1; 5 4 + 7
    = 11 (0). Turn 3 moves EW two tables on: 1 v 5, 2 v 6 (6's bye), 3 v 4."""
    doc = _six_after_turn_1(MITCHELL, [{"entrant": 2, "from_turn": 2}])
    following = event_document(doc)["next"]
    assert (following["tables"], following["byes"]) == (
        [{"table": 1, "ns": 1, "ew": 6}, {"table": 3, "ns": 3, "ew": 5}], [4])
    doc["turns"].append({"tables": [table(1, 1, 6, (0, 0), (0, 0)),
                                    table(3, 3, 5, (250, 0), (0, 0))]})
    r = event_document(doc)
    assert r["turns"][1]["byes"] == [4]
    assert [(s["rank"], s["id"], s["vp"], s["mp"], s.get("withdrawn")) for s in r["standings"]] \
        == [(1, 3, 23, 450, None), (2, 1, 22, 500, None), (3, 6, 20, 200, None),
            (4, 4, 18, 300, None), (5, 2, 16, 600, True), (6, 5, 11, 0, None)]
    assert (r["next"]["tables"], r["next"]["byes"]) == (
        [{"table": 1, "ns": 1, "ew": 5}, {"table": 3, "ns": 3, "ew": 4}], [6])
    assert event_document(doc, kept=True) == r


def test_a_withdrawal_to_come_changes_nothing_before_its_turn():
    """Pair 2 leaves from turn 3: turn 2 seats it as ever (2 v 4 at table 2); it is
    marked withdrawn in the standings already."""
    doc = _six_after_turn_1(MITCHELL, [{"entrant": 2, "from_turn": 3}])
    r = event_document(doc)
    assert r["next"]["tables"][1] == {"table": 2, "ns": 2, "ew": 4}
    assert r["next"]["byes"] == []
    assert [s["id"] for s in r["standings"] if s.get("withdrawn")] == [2]


# -- the table in play when its pair leaves --------------------------------------------------

def test_the_table_in_play_when_its_pair_leaves_is_its_side_s_forfeit():
    """4 pairs (T = 2), pair 4 leaves during turn 2, at table 1 against 1: the document
    enters that table as EW's forfeit, ``from_turn`` 2. NS 1 gets 14 VP, 4 gets 6 (2 deals
    a turn); turn 3 (EW back at their first tables) seats 1 v 3 and gives 2 (who would
    meet 4) a bye. Without the forfeit the document contradicts itself: unreadable."""
    doc = event(4, MITCHELL, withdrawn=[{"entrant": 4, "from_turn": 2}])
    doc["turns"] = [{"tables": [table(1, 1, 3, (300, 100), (200, 200)),
                                table(2, 2, 4, (0, 0), (0, 0))]},
                    {"tables": [table(1, 1, 4, (300, 0), forfeit="ew"),
                                table(2, 2, 3, (100, 0), (100, 0))]}]
    r = event_document(doc)
    assert r["turns"][1]["tables"][0]["vp"] == [14, 6]
    assert r["turns"][1]["byes"] == []
    # 4: 10 (turn 1, 0–0) + 6; 2: 10 + 12 (200 apart: 125–200); 3: 8 + 8; 1: 12 + 14
    assert [(s["id"], s["vp"], s.get("withdrawn", False)) for s in r["standings"]] == [
        (1, 26, False), (2, 22, False), (3, 16, False), (4, 16, True)]
    assert (r["next"]["tables"], r["next"]["byes"]) == ([{"table": 1, "ns": 1, "ew": 3}], [2])
    assert event_document(doc, kept=True) == r
    doc["turns"][1]["tables"][0]["forfeit"] = None
    assert _field(doc) == "turns[1].tables[0].ew"
    doc["turns"][1]["tables"][0]["forfeit"] = "ns"  # the other side's forfeit
    assert _field(doc) == "turns[1].tables[0].ew"
    with pytest.raises(InputError):
        event_document(doc, kept=True)


def test_seated_after_the_turn_it_left_is_unreadable_even_as_a_forfeit():
    doc = event(4, MITCHELL, withdrawn=[{"entrant": 4, "from_turn": 1}])
    doc["turns"] = [{"tables": [table(1, 1, 3, (0, 0), (0, 0)),
                                table(2, 2, 4, forfeit="ew")]},
                    {"tables": [table(1, 1, 4, forfeit="ew")]}]
    assert _field(doc) == "turns[1].tables[0].ew"
    with pytest.raises(InputError):
        kept_document(doc)


# -- the Danese ones: the standings without it -----------------------------------------------

def test_a_danese_pairs_the_standings_without_it():
    """Pair 3 leaves from turn 2. After turn 1: 2 (16), 1 (12), 3 and 6 (10, 200 MP), 4
    (8), 5 (4). Without 3: 2, 1, 6, 4, 5: the last, 5, has the bye, then 2 v 1, 6 v 4."""
    doc = _six_after_turn_1([{"movement": "mitchell"}, {"movement": "danese"}],
                            [{"entrant": 3, "from_turn": 2}])
    r = event_document(doc)
    assert [s["id"] for s in r["standings"]] == [2, 1, 3, 6, 4, 5]
    assert (r["next"]["tables"], r["next"]["byes"]) == (
        [{"table": 1, "ns": 2, "ew": 1}, {"table": 2, "ns": 6, "ew": 4}], [5])


def test_danese_groups_are_judged_and_cut_without_it():
    """8 pairs in 4 groups are 4 tables; pair 1 leaving from turn 2 leaves 7 pairs, 3
    tables: 4 groups are more than the turn's tables (unreadable); 3 groups are 3 tables,
    and 7's odd pair out, the last, has the bye."""
    plan = [{"movement": "mitchell"}, {"movement": "danese", "groups": 4}]
    doc = event(8, plan, withdrawn=[{"entrant": 1, "from_turn": 2}])
    assert _field(doc) == "plan[1].groups"
    doc["plan"][1]["groups"] = 3
    doc["turns"] = [{"tables": [table(t, t, 4 + t, (100 * t, 0), (0, 0))
                                for t in range(1, 5)]}]
    # NS 1–4 won by 100 (45–120: 11–9), 200 (12–8), 300 (13–7), 400 (14–6)
    r = event_document(doc)
    ranked = [s["id"] for s in r["standings"] if s["id"] != 1]
    assert ranked == [4, 3, 2, 5, 6, 7, 8]
    assert [(t["ns"], t["ew"], t["group"]) for t in r["next"]["tables"]] == [
        (4, 3, 1), (2, 5, 2), (6, 7, 3)]
    assert r["next"]["byes"] == [8]
    doc["turns"].append({"tables": [{k: t[k] for k in ("table", "ns", "ew")}
                                    for t in r["next"]["tables"]]})
    answer, before = kept_document(doc)
    # the groups the pages show: the standings before turn 2 without pair 1, cut as seated
    assert last_groups(doc, before) == [[4, 3], [2, 5], [6, 7, 8]]
    assert answer["turns"][1]["byes"] == [8]


# -- round robin and individual: an empty seat -----------------------------------------------

def test_round_robin_leaves_its_seat_empty():
    """4 entrants, 4 leaves from turn 2. Round robin's 2nd turn (circle [1, 4, 2, 3]):
    1 v 3, 1 sitting EW in an even turn; 4 v 2 has an empty seat: 2's bye."""
    doc = event(4, [{"movement": "round-robin"}] * 3,
                withdrawn=[{"entrant": 4, "from_turn": 2}])
    doc["turns"] = [{"tables": [table(1, 1, 4, (0, 0), (0, 0)),
                                table(2, 2, 3, (0, 0), (0, 0))]}]
    following = event_document(doc)["next"]
    assert (following["tables"], following["byes"]) == ([{"table": 1, "ns": 3, "ew": 1}], [2])


def test_an_individual_table_with_an_empty_seat_is_not_played():
    """8 players, 3 leaves from turn 2. The schedule's 2nd turn: 2+4 v 6+7 at table 1,
    1+3 v 5+8 at table 2, which cannot be played without 3: 1, 5 and 8 have a bye."""
    doc = event(8, [{"movement": "individual-8"}] * 2, kind="individual",
                withdrawn=[{"entrant": 3, "from_turn": 2}])
    doc["turns"] = [{"tables": [table(1, [1, 2], [3, 4], (0, 0), (0, 0)),
                                table(2, [5, 6], [7, 8], (0, 0), (0, 0))]}]
    r = event_document(doc)
    assert (r["next"]["tables"], r["next"]["byes"]) == (
        [{"table": 1, "ns": [2, 4], "ew": [6, 7]}], [1, 5, 8])
    doc["turns"].append({"tables": [table(1, [2, 4], [6, 7], (500, 0), (0, 0))]})
    r = event_document(doc)
    # turn 2: 2 and 4 win by 500 (405–500: 15–5); 1, 5, 8 sit out (10); 3 nothing
    assert r["turns"][1]["byes"] == [1, 5, 8]
    assert {s["id"]: (s["vp"], s.get("withdrawn")) for s in r["standings"]} == {
        1: (20, None), 2: (25, None), 3: (10, True), 4: (25, None), 5: (20, None),
        6: (15, None), 7: (15, None), 8: (20, None)}
    assert event_document(copy.deepcopy(doc), kept=True) == r
