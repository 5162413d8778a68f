"""Events, the points docs/contract.md settles where its first text was silent
("Events: a club's tournament as a document", "Settled since"): one test or more per
point, each worked out by hand in its comments."""

from __future__ import annotations

import pytest
from event_support import deal, entrants, event, play, table

from scorekeeper.rules import InputError, event_document, last_groups
from scorekeeper.rules.eventkept import kept_document

MITCHELL = [{"movement": "mitchell", "shift": 1}] * 3


def _field(doc):
    with pytest.raises(InputError) as err:
        event_document(doc)
    return err.value.params.get("field")


# -- the first deals_per_turn deals count ------------------------------------------------

def test_only_the_first_deals_per_turn_deals_count_and_the_first_extra_is_named():
    """"Settled since": 2 deals a turn, 3 entered. The first two give NS 300 + 200 = 500,
    EW 100 + 200 = 300: 200 apart, in 125–200 of the 2-deal scale, 12–8. Counting the
    third (0–900) would put EW 700 ahead (17 for EW). ``too-many-deals`` names deal 2
    (0-based), the first extra; the table still lists every deal's totals."""
    doc = event(4, MITCHELL)
    doc["turns"] = [{"tables": [table(1, 1, 3, (300, 100), (200, 200), (0, 900)),
                                table(2, 2, 4, (0, 0), (0, 0))]}]
    r = event_document(doc)
    first = r["turns"][0]["tables"][0]
    assert (first["mp"], first["vp"], first["complete"]) == ([500, 300], [12, 8], True)
    assert first["deals"] == [[300, 100], [200, 200], [0, 900]]
    assert [(p["code"], p["turn"], p["table"], p["deal"], p["params"]) for p in r["problems"]] \
        == [("too-many-deals", 0, 1, 2, {"count": 3, "maximum": 2})]
    assert {s["id"]: s["vp"] for s in r["standings"]} == {1: 12, 3: 8, 2: 10, 4: 10}


# -- defaults ------------------------------------------------------------------------------

def test_kind_vp_table_and_profile_default_and_a_turn_without_tables_has_none():
    """"Settled since": no ``kind`` (pairs), no ``vp_table`` (fibur-2026), no ``profile``
    (buraco-aberto). 3 deals of table points only: NS 900 + 600 + 240 = 1,740, EW 400 +
    500 + 315 = 1,215, 525 apart, in 505–650 of the 3-deal scale: 15–5. A turn without
    ``tables`` seats nobody: every entrant has a bye (``bye_vp`` absent: 10)."""
    doc = {"deals_per_turn": 3, "entrants": entrants(2),
           "plan": [{"movement": "mitchell"}] * 2,
           "turns": [{"tables": [table(1, 1, 2, (900, 400), (600, 500), (240, 315))]}, {}]}
    r = event_document(doc)
    assert (r["kind"], r["profile"]) == ("pairs", "buraco-aberto")
    assert r["turns"][0]["tables"][0]["mp"] == [1740, 1215]
    assert r["turns"][0]["tables"][0]["vp"] == [15, 5]
    assert r["turns"][1] == {"tables": [], "byes": [1, 2]}
    assert [(s["id"], s["vp"], s["mp"]) for s in r["standings"]] == [(1, 25, 1740),
                                                                      (2, 15, 1215)]


# -- unreadable, naming the field ----------------------------------------------------------

def _two_tables(**more):
    doc = event(6, [{"movement": "mitchell"}, {"movement": "danese"}], **more)
    doc["turns"] = [{"tables": [table(1, 1, 4, (100, 0), (100, 0)),
                                table(2, 2, 5, (100, 0), (100, 0))]}]
    return doc


@pytest.mark.parametrize(("where", "value", "field"), [
    (("turns", 0, "tables", 0, "table"), 0, "turns[0].tables[0].table"),
    (("turns", 0, "tables", 1, "table"), 1, "turns[0].tables[1].table"),
    (("bye_vp",), -1, "bye_vp"),
    (("bye_vp",), 21, "bye_vp"),
    (("plan", 0, "shift"), 0, "plan[0].shift"),
    (("deals_per_turn",), 0, "deals_per_turn"),
    (("deals_per_turn",), 13, "deals_per_turn"),
    (("turns", 0, "tables", 0, "penalties"), [{"side": "ns"}],
     "turns[0].tables[0].penalties[0].mp"),
    # 6 pairs sit at 3 tables: a Danese in 4 groups has more groups than tables
    (("plan", 1, "groups"), 4, "plan[1].groups"),
])
def test_each_settled_unreadable_case_names_its_field(where, value, field):
    doc = _two_tables()
    place = doc
    for key in where[:-1]:
        place = place[key]
    place[where[-1]] = value
    assert _field(doc) == field


def test_as_many_danese_groups_as_tables_is_readable_and_edges_of_the_bounds_too():
    """3 tables (6 pairs): 3 groups of one table each; ``bye_vp`` 0 and 20, 12 deals a turn
    with a club's own scale: all readable."""
    doc = _two_tables(bye_vp=20)
    doc["plan"][1]["groups"] = 3
    assert event_document(doc)["next"]["tables"][2]["group"] == 3
    assert event_document({**doc, "bye_vp": 0})["valid"]
    assert event_document({**doc, "deals_per_turn": 12, "vp_table": [[50, 11], [None, 20]]})
    # a group of one table is the whole turn; a turn nobody plays is not judged
    assert event_document(event(2, [{"movement": "danese", "groups": 1}]))["valid"]
    assert event_document(event(0, [{"movement": "danese", "groups": 3}]))["next"] == {
        "turn": 1, "movement": "danese", "tables": [], "byes": [], "warnings": []}
    assert _field(event(3, [{"movement": "danese-modified", "groups": 2}])) == "plan[0].groups"


# -- a forfeited table's deals -------------------------------------------------------------

def test_a_forfeited_table_s_deals_are_read_then_ignored():
    """"Settled since": its ``deals`` are read (``null``: none) and, with its penalties,
    ignored: MP 0–0; EW forfeits, NS present 14 VP, EW 6 (3 deals a turn)."""
    doc = event(2, MITCHELL, 3)
    forfeit = table(1, 1, 2, (900, 0), penalties=[{"side": "ns", "mp": 500}], forfeit="ew")
    doc["turns"] = [{"tables": [forfeit]}]
    r = event_document(doc)
    assert (r["turns"][0]["tables"][0]["mp"], r["turns"][0]["tables"][0]["vp"]) == \
        ([0, 0], [14, 6])
    forfeit["deals"] = None
    assert event_document(doc) == r
    forfeit["deals"] = [{"sides": [{"hand": ["3X"]}, {}]}]
    assert _field(doc) == "turns[0].tables[0].deals[0].sides[0].hand"


# -- no mitchell-repeat without entrants ---------------------------------------------------

@pytest.mark.parametrize("count", [0, 1])
def test_no_mitchell_repeat_warning_without_an_entrant_to_meet(count):
    """"Settled since": no entrant, no warning. One entrant has no EW entrant to meet
    either: it sits out every turn (a bye), and nothing is met again."""
    seatings = play(event(count, [{"movement": "mitchell"}] * 4))
    assert [s["warnings"] for s in seatings] == [[]] * 4
    assert [s["byes"] for s in seatings] == [list(range(1, count + 1))] * 4
    # two entrants at one table meet again from the 2nd Mitchell turn (T / gcd(1, 1) = 1)
    assert [len(s["warnings"]) for s in play(event(2, MITCHELL))] == [0, 1, 1]


# -- Danese groups cut in whole tables -----------------------------------------------------

def _ranked(count, plan):
    """An event after a first Mitchell turn (T = half the pairs, rounded up; pair t NS v
    pair T + t at table t) that NS won by 1,000 − 50t over 2 deals: by 950 and 900 19–1,
    by 850, 800 and 750 18–2 (the 2-deal scale)."""
    doc = event(count, plan)
    half = (count + 1) // 2
    doc["turns"] = [{"tables": [table(t, t, half + t, (1000 - 50 * t, 0), (0, 0))
                                for t in range(1, count - half + 1)]}]
    return doc


def test_ten_pairs_in_two_groups_three_tables_and_two_no_bye():
    """"Settled since": 10 pairs in 2 groups are 5 tables cut 3 + 2, no bye (5 + 5 pairs
    would leave a bye in each group). After turn 1: 1 (19 VP, 950 MP), 2 (19, 900), 3, 4,
    5 (18 VP; 850, 800, 750), then the EW pairs on 0 MP: 8, 9, 10 (2 VP), 6, 7 (1 VP),
    equal ones by id. Group 1, ranks 1–6: 1 v 2, 3 v 4, 5 v 8; group 2: 9 v 10, 6 v 7."""
    r = event_document(_ranked(10, [{"movement": "mitchell"},
                                    {"movement": "danese", "groups": 2}]))
    assert [s["id"] for s in r["standings"]] == [1, 2, 3, 4, 5, 8, 9, 10, 6, 7]
    assert [(t["table"], t["ns"], t["ew"], t["group"]) for t in r["next"]["tables"]] == [
        (1, 1, 2, 1), (2, 3, 4, 1), (3, 5, 8, 1), (4, 9, 10, 2), (5, 6, 7, 2)]
    assert r["next"]["byes"] == []


def test_an_odd_count_gives_one_bye_to_the_last_then_the_tables_are_cut():
    """"Settled since": 11 pairs, T = 6; in turn 1, pair 6 sat out (a bye: 10 VP). The
    standings: 1, 2 (19), 3, 4, 5 (18), 6 (10), 9, 10, 11 (2), 7, 8 (1). The last, 8, has
    the bye; the 10 others are 5 tables cut 3 + 2: 1 v 2, 3 v 4, 5 v 6 | 9 v 10, 11 v 7
    (Danese-modified: none of them met in turn 1, where 1 met 7, …, 5 met 11)."""
    doc = _ranked(11, [{"movement": "mitchell"}, {"movement": "danese-modified",
                                                  "groups": 2}, {"movement": "danese"}])
    r = event_document(doc)
    ranked = [s["id"] for s in r["standings"]]
    assert ranked == [1, 2, 3, 4, 5, 6, 9, 10, 11, 7, 8]
    assert r["next"]["byes"] == [8]
    assert [(t["ns"], t["ew"], t["group"]) for t in r["next"]["tables"]] == [
        (1, 2, 1), (3, 4, 1), (5, 6, 1), (9, 10, 2), (11, 7, 2)]
    # the pages' standings by group are cut the same way once the turn is seated, the
    # bye with the last group
    doc["turns"].append({"tables": [{k: t[k] for k in ("table", "ns", "ew")}
                                    for t in r["next"]["tables"]]})
    answer, before = kept_document(doc)
    assert last_groups(doc, before) == [ranked[:6], ranked[6:]]
    assert answer["turns"][1]["byes"] == [8]


# -- round robin alternates ------------------------------------------------------------------

def test_round_robin_the_entrant_who_stays_alternates_ns_and_ew():
    """"Settled since". 5 entrants and an empty seat, entrant 1 stays, the others turn one
    place a turn (circle [1, 2, 3, 4, 5, –], then [1, –, 2, 3, 4, 5], …):
    turn 1: 1 v – (1's bye), 2 v 5, 3 v 4; turn 2: 5 v 1 (1 EW), 4's bye, 2 v 3;
    turn 3: 1 v 4 (NS), 5 v 3, 2's bye; turn 4: 3 v 1 (EW), 4 v 2, 5's bye;
    turn 5: 1 v 2 (NS), 3's bye, 4 v 5."""
    seatings = play(event(5, [{"movement": "round-robin"}] * 5))
    assert [[(t["ns"], t["ew"]) for t in s["tables"]] for s in seatings] == [
        [(2, 5), (3, 4)], [(5, 1), (2, 3)], [(1, 4), (5, 3)], [(3, 1), (4, 2)],
        [(1, 2), (4, 5)]]
    assert [s["byes"] for s in seatings] == [[1], [4], [2], [5], [3]]


# -- a plan entry by its own movement's parameters -------------------------------------------

@pytest.mark.parametrize("entry", [
    {"movement": "danese", "shift": 0},
    {"movement": "danese-modified", "shift": "far"},
    {"movement": "mitchell", "groups": 0},
    {"movement": "mitchell", "groups": [2]},
    {"movement": "round-robin", "shift": -3, "groups": 99},
])
def test_another_movement_s_parameter_is_ignored(entry):
    """"Settled since": only Mitchell reads ``shift``, only the Danese ones ``groups``."""
    r = event_document(event(4, [entry]))
    assert r["valid"]
    assert all("group" not in t for t in r["next"]["tables"])


@pytest.mark.parametrize(("entry", "field"), [
    ({"movement": "danese", "groups": 0}, "plan[0].groups"),
    ({"movement": "danese-modified", "groups": "2"}, "plan[0].groups"),
    ({"movement": "mitchell", "shift": 0}, "plan[0].shift"),
    ({"movement": "mitchell", "shift": None}, "plan[0].shift"),
])
def test_a_movement_s_own_parameter_is_checked(entry, field):
    assert _field(event(4, [entry])) == field


def test_a_mitchell_shift_is_used_and_danese_groups_null_is_none():
    """Mitchell shift 2 on 6 pairs (T = 3): at its 2nd turn the EW pair that started at
    table 1 (4) sits at table ((0 + 2) mod 3) + 1 = 3."""
    seatings = play(event(6, [{"movement": "mitchell", "shift": 2}] * 2))
    assert seatings[1]["tables"][2] == {"table": 3, "ns": 3, "ew": 4}
    r = event_document(event(4, [{"movement": "danese", "groups": None}]))
    assert [t.get("group") for t in r["next"]["tables"]] == [None, None]


def test_deal_helper_scores_as_given():
    """The deals these tests build score their table points alone (Burraco)."""
    doc = event(2, MITCHELL, 1, vp_table=[[100, 12], [None, 20]])
    doc["turns"] = [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [deal(905, 5)]}]}]
    assert event_document(doc)["turns"][0]["tables"][0]["mp"] == [905, 5]
