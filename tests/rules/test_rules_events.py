"""Events (contract.md, "Events: a club's tournament as a document"): match points, the
F.I.Bur. Codice di Gara (January 2026) VP scales and a club's own, forfeits, byes,
penalties, standings, house rules, every unreadable case and the command line."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest
from event_support import deal, entrants, event, table

from scorekeeper.cli import main
from scorekeeper.rules import InputError, event_document
from scorekeeper.rules.vptables import FIBUR, read_vp_table, victory_points

MITCHELL = [{"movement": "mitchell", "shift": 1}] * 3

# -- the F.I.Bur. scales: every edge, both sides ---------------------------------------------

#: contract.md, the Codice di Gara table: the upper edge of each bracket and its VP.
EDGES = {
    2: [(40, 10), (120, 11), (200, 12), (300, 13), (400, 14), (500, 15), (620, 16),
        (740, 17), (870, 18), (1000, 19)],
    3: [(50, 10), (150, 11), (250, 12), (350, 13), (500, 14), (650, 15), (800, 16),
        (1000, 17), (1250, 18), (1500, 19)],
    4: [(100, 10), (300, 11), (500, 12), (700, 13), (900, 14), (1100, 15), (1300, 16),
        (1500, 17), (1700, 18), (2000, 19)],
}
EDGE_CASES = [(deals, edge, vp) for deals, rows in EDGES.items() for edge, vp in rows]


@pytest.mark.parametrize(("deals", "edge", "vp"), EDGE_CASES)
def test_every_fibur_edge_on_both_sides(deals, edge, vp):
    """Codice di Gara (January 2026): the edge itself is in its bracket, 5 more is in the
    next one, and the numbers between (a penalty makes them) belong to the lower one."""
    scale = FIBUR[deals]
    assert victory_points([edge, 0], scale) == (vp, 20 - vp)
    assert victory_points([edge + 4, 0], scale) == (vp, 20 - vp)
    assert victory_points([0, edge + 5], scale) == (20 - vp - 1, vp + 1)
    assert victory_points([1000, 1000 + edge], scale) == (20 - vp, vp)


@pytest.mark.parametrize("deals", [2, 3, 4])
def test_equal_mp_and_far_over_the_last_edge(deals):
    assert victory_points([735, 735], FIBUR[deals]) == (10, 10)
    assert victory_points([0, 5], FIBUR[deals]) == (10, 10)
    assert victory_points([9000, 0], FIBUR[deals]) == (20, 0)


def test_43_with_two_deals_is_ten_all():
    """contract.md: points move in steps of 5, 43 belongs to the bracket of 40."""
    assert victory_points([43, 0], FIBUR[2]) == (10, 10)
    assert victory_points([48, 3], FIBUR[2]) == (11, 9)  # 45


# -- a club's own scale --------------------------------------------------------------------

OWN = [[30, 10], [100, 12], [300, 15], [None, 18]]


def test_an_own_table_is_used_as_given():
    scale = read_vp_table(OWN, 5)
    assert [victory_points([d, 0], scale)[0] for d in (30, 34, 35, 100, 105, 300, 305)] == \
        [10, 10, 12, 12, 15, 15, 18]


@pytest.mark.parametrize(("table_", "field"), [
    ([[30, 12], [100, 11], [None, 15]], "vp_table[1]"),      # VP go down
    ([[30, 9], [None, 15]], "vp_table[0]"),                   # below 10
    ([[30, 12], [None, 21]], "vp_table[1]"),                  # above 20
    ([[100, 12], [50, 13], [None, 15]], "vp_table[1]"),       # edges not ascending
    ([[100, 12], [100, 13], [None, 15]], "vp_table[1]"),      # an edge twice
    ([[100, 12], [200, 13]], "vp_table[1]"),                  # no [null, …] at the end
    ([[None, 12], [200, 13]], "vp_table[0]"),                 # null before the end
    ([[-5, 12], [None, 13]], "vp_table[0]"),                  # a negative edge
    ([[50, 12.5], [None, 13]], "vp_table[0]"),                # VP not whole
    ([[50]], "vp_table[0]"),                                  # not a pair
    ([], "vp_table"),
    ("fibur-2025", "vp_table"),
])
def test_an_own_table_that_cannot_be_used_is_unreadable(table_, field):
    with pytest.raises(InputError) as err:
        event_document(event(4, MITCHELL, vp_table=table_))
    assert err.value.params["field"] == field


@pytest.mark.parametrize("deals", [1, 5, 6])
def test_fibur_only_has_scales_for_two_to_four_deals(deals):
    with pytest.raises(InputError) as err:
        event_document(event(4, MITCHELL, deals_per_turn=deals))
    assert err.value.params["field"] == "vp_table"
    # a club's own table is fine with any number of deals
    assert event_document(event(4, MITCHELL, deals_per_turn=deals, vp_table=OWN))["valid"]


# -- match points, forfeits, byes, penalties -----------------------------------------------

def _one_turn(count, tables, deals_per_turn=2, **more):
    doc = event(count, MITCHELL, deals_per_turn, **more)
    doc["turns"] = [{"tables": tables}]
    return event_document(doc)


def test_mp_are_the_deals_summed_and_vp_follow_the_scale():
    # 3 deals: 1740 - 1215 = 525 → 505–650 → 15–5 (the contract's example)
    r = _one_turn(4, [table(1, 1, 3, (900, 400), (600, 500), (240, 315)),
                      table(2, 2, 4, (300, 300), (200, 200), (100, 100))], 3)
    first, second = r["turns"][0]["tables"]
    assert (first["mp"], first["vp"], first["complete"]) == ([1740, 1215], [15, 5], True)
    assert first["deals"] == [[900, 400], [600, 500], [240, 315]]
    assert (second["mp"], second["vp"]) == ([600, 600], [10, 10])
    assert [(s["id"], s["rank"], s["vp"], s["mp"]) for s in r["standings"]] == [
        (1, 1, 15, 1740), (2, 2, 10, 600), (4, 2, 10, 600), (3, 4, 5, 1215)]
    assert r["problems"] == []
    assert r["valid"] is True


def test_each_deal_is_scored_on_its_own_before_zero():
    """A deal's own ``before`` is replaced by 0: Buraco Aberto's opening minimum (75 at
    1500 or more) is never asked, whatever the deal says."""
    low = {"sides": [{"melds": ["3H 4H 5H"], "opening": ["3H 4H 5H"], "before": 2000,
                      "morto": "taken"}, {"morto": "taken"}]}
    doc = event(2, MITCHELL, 1, profile="buraco-aberto", vp_table=OWN)
    doc["turns"] = [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [low]}]}]
    r = event_document(doc)
    assert (r["problems"], r["turns"][0]["tables"][0]["mp"]) == ([], [15, 0])


@pytest.mark.parametrize(("deals_per_turn", "vp"), [(2, [6, 14]), (3, [6, 14]), (4, [8, 12])])
def test_a_forfeit_is_14_6_or_12_8_with_four_deals(deals_per_turn, vp):
    forfeit = table(1, 1, 2, (900, 0), penalties=[{"side": "ew", "mp": 50}], forfeit="ns")
    r = _one_turn(2, [forfeit], deals_per_turn)
    assert _one_turn(2, [{**forfeit, "deals": None}], deals_per_turn) == r
    scored = r["turns"][0]["tables"][0]
    assert (scored["mp"], scored["vp"], scored["complete"]) == ([0, 0], vp, True)
    assert [(s["id"], s["vp"], s["mp"]) for s in r["standings"]] == [(2, vp[1], 0),
                                                                     (1, vp[0], 0)]


def test_a_table_in_play_counts_for_nothing_yet():
    r = _one_turn(4, [table(1, 1, 3, (500, 0)), table(2, 2, 4, (300, 0), (300, 0))])
    in_play, done = r["turns"][0]["tables"]
    assert (in_play["mp"], in_play["vp"], in_play["complete"]) == ([500, 0], None, False)
    assert (done["mp"], done["vp"]) == ([600, 0], [16, 4])
    assert {s["id"]: (s["vp"], s["mp"]) for s in r["standings"]} == {
        1: (0, 0), 3: (0, 0), 2: (16, 600), 4: (4, 0)}
    assert r["valid"] is True  # in play is no problem


def test_byes_get_bye_vp_in_entrants_order():
    doc = event(5, MITCHELL, entrants=[{"id": i} for i in (9, 4, 7, 1, 3)])
    doc["turns"] = [{"tables": [table(1, 4, 1, (200, 100), (200, 100))]}]
    r = event_document(doc)
    assert r["turns"][0]["byes"] == [9, 7, 3]
    assert {s["id"]: s["vp"] for s in r["standings"]} == {4: 12, 1: 8, 9: 10, 7: 10, 3: 10}
    doc["bye_vp"] = 12
    assert {s["id"]: s["vp"] for s in event_document(doc)["standings"]}[9] == 12


def test_penalties_come_off_the_mp_before_the_scale():
    """2 deals: 500 - 455 = 45 is 11-9; 3 MP off NS leave 42, in the bracket of 40."""
    plain = _one_turn(2, [table(1, 1, 2, (300, 255), (200, 200))])
    assert plain["turns"][0]["tables"][0]["vp"] == [11, 9]
    fined = _one_turn(2, [table(1, 1, 2, (300, 255), (200, 200),
                                penalties=[{"side": "ns", "mp": 3, "why": "late"}])])
    scored = fined["turns"][0]["tables"][0]
    assert (scored["mp"], scored["vp"], scored["penalties"]) == ([497, 455], [10, 10], [3, 0])
    both = _one_turn(2, [table(1, 1, 2, (300, 255), (200, 200), penalties=[
        {"side": "ew", "mp": 20}, {"side": "ew", "mp": 23}])])
    assert both["turns"][0]["tables"][0]["mp"] == [500, 412]  # 88 → 85: 11-9
    assert both["turns"][0]["tables"][0]["vp"] == [11, 9]


def test_ties_share_a_rank_listed_by_id_and_the_next_rank_skips():
    doc = event(5, MITCHELL, entrants=[{"id": i} for i in (5, 4, 3, 2, 1)])
    doc["turns"] = [{"tables": [table(1, 4, 2, (300, 100), (200, 200)),
                                table(2, 3, 1, (300, 100), (200, 200))]}]
    ranks = [(s["rank"], s["id"], s["vp"], s["mp"]) for s in event_document(doc)["standings"]]
    assert ranks == [(1, 3, 12, 500), (1, 4, 12, 500), (3, 5, 10, 0), (4, 1, 8, 300),
                     (4, 2, 8, 300)]


def test_an_individual_event_gives_each_player_the_side_s_mp_and_vp():
    doc = event(8, [{"movement": "individual-8"}] * 2, kind="individual")
    doc["turns"] = [{"tables": [table(1, [1, 2], [3, 4], (500, 100), (100, 100)),
                                table(2, [5, 6], [7, 8], (100, 100), (100, 100))]}]
    r = event_document(doc)
    assert r["turns"][0]["tables"][0]["vp"] == [14, 6]  # 400: 305–400
    assert r["turns"][0]["tables"][0]["ns"] == [1, 2]
    assert {s["id"]: (s["rank"], s["vp"], s["mp"]) for s in r["standings"]} == {
        1: (1, 14, 600), 2: (1, 14, 600), 5: (3, 10, 200), 6: (3, 10, 200),
        7: (3, 10, 200), 8: (3, 10, 200), 3: (7, 6, 200), 4: (7, 6, 200)}
    assert r["next"]["tables"][0] == {"table": 1, "ns": [2, 4], "ew": [6, 7]}


HOUSE = {"id": "circolo", "base": "burraco", "params": {"going_out": {"bonus": 300}}}


def test_house_rules_as_the_event_s_profile():
    closing = {"sides": [{"counts": {"table_points": 200, "clean": 1}, "morto": "taken",
                          "went_out": True}, {"counts": {"table_points": 100},
                                              "morto": "taken"}]}
    doc = event(2, MITCHELL, 1, vp_table=OWN)
    doc["turns"] = [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [closing]}]}]
    assert event_document(doc)["turns"][0]["tables"][0]["mp"] == [500, 100]  # 200+200+100
    house = event_document({**doc, "profile": HOUSE})
    assert (house["profile"], house["turns"][0]["tables"][0]["mp"]) == ("circolo", [700, 100])


# -- rule problems: exit 1 ------------------------------------------------------------------

def test_too_many_deals_and_deal_problems_name_turn_table_and_deal():
    bad = {"sides": [{"counts": {"table_points": 100}, "morto": "taken", "went_out": True},
                     {"counts": {"table_points": 50}, "morto": "taken"}]}
    doc = event(4, MITCHELL)
    doc["turns"] = [{"tables": [table(1, 1, 3, (100, 0), (100, 0))]},
                    {"tables": [table(4, 2, 3, (100, 0), (100, 0), (900, 0)),
                                {"table": 2, "ns": 1, "ew": 4, "deals": [deal(0, 0), bad]}]}]
    r = event_document(doc)
    found = [(p["code"], p["turn"], p["table"], p["deal"]) for p in r["problems"]]
    assert found == [("too-many-deals", 1, 4, 2), ("cannot-go-out", 1, 2, 1)]
    assert r["problems"][0]["params"] == {"count": 3, "maximum": 2}
    assert r["valid"] is False
    # the deal after the last of the turn does not count
    assert r["turns"][1]["tables"][0]["mp"] == [200, 0]


# -- unreadable: exit 2, naming the field ---------------------------------------------------

def _unreadable(change):
    doc = event(4, MITCHELL)
    doc["turns"] = [{"tables": [table(1, 1, 3, (100, 0), (100, 0)),
                                table(2, 2, 4, (100, 0), (100, 0))]}]
    change(doc)
    with pytest.raises(InputError) as err:
        event_document(doc)
    return err.value.params.get("field")


def _set(path, value):
    def change(doc):
        where = doc
        for key in path[:-1]:
            where = where[key]
        where[path[-1]] = value
    return change


UNREADABLE = [
    (_set(["plan", 1, "movement"], "howell"), "plan[1].movement"),
    (_set(["kind"], "teams"), "kind"),
    (_set(["plan"], []), "plan"),
    (_set(["entrants", 2, "id"], 1), "entrants[2].id"),
    (_set(["entrants", 2, "id"], "3"), "entrants[2].id"),
    (_set(["turns", 0, "tables", 1, "ew"], 99), "turns[0].tables[1].ew"),
    (_set(["turns", 0, "tables", 1, "ns"], 3), "turns[0].tables[1].ns"),
    (_set(["turns", 0, "tables", 0, "ew"], 1), "turns[0].tables[0].ew"),
    (_set(["turns", 0, "tables", 0, "ns"], [1, 2]), "turns[0].tables[0].ns"),
    (_set(["turns", 0, "tables", 0, "penalties"], [{"mp": 10}]),
     "turns[0].tables[0].penalties[0].side"),
    (_set(["turns", 0, "tables", 0, "penalties"], [{"side": "ew", "mp": -10}]),
     "turns[0].tables[0].penalties[0].mp"),
    (_set(["turns", 0, "tables", 0, "penalties"], {}), "turns[0].tables[0].penalties"),
    (_set(["turns", 0, "tables", 0, "penalties"], 0), "turns[0].tables[0].penalties"),
    (_set(["turns", 0, "tables", 0, "forfeit"], "both"), "turns[0].tables[0].forfeit"),
    (_set(["turns", 0, "tables", 0, "deals"], None), "turns[0].tables[0].deals"),
    (_set(["turns", 0, "tables", 0, "deals", 1, "sides", 0, "hand"], ["3X"]),
     "turns[0].tables[0].deals[1].sides[0].hand"),
    (_set(["deals_per_turn"], 0), "deals_per_turn"),
    (_set(["bye_vp"], 21), "bye_vp"),
    (_set(["plan", 0, "shift"], 0), "plan[0].shift"),
    (_set(["turns", 0, "tables", 0, "deals", 0, "profile"], "buraco-aberto"),
     "turns[0].tables[0].deals[0].profile"),
    (_set(["profile"], {"id": "x", "base": "burraco", "params": {"target": 0}}),
     "profile.params.target"),
    (_set(["vp_table"], [[50, 12], [40, 13], [None, 14]]), "vp_table[1]"),
    (_set(["deals_per_turn"], 5), "vp_table"),
]


@pytest.mark.parametrize(("change", "field"), UNREADABLE)
def test_each_unreadable_case_names_its_field(change, field):
    assert _unreadable(change) == field


@pytest.mark.parametrize(("change", "field"), UNREADABLE)
def test_the_command_exits_2_with_one_line_naming_the_field(change, field, capsys,
                                                            monkeypatch):
    doc = event(4, MITCHELL)
    doc["turns"] = [{"tables": [table(1, 1, 3, (100, 0), (100, 0)),
                                table(2, 2, 4, (100, 0), (100, 0))]}]
    change(doc)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
    status = main(["event", "--lang", "it", "-"])
    out, err = capsys.readouterr()
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: ")
    assert field in err  # "field: …", or "Missing field field" (missing-field)
    assert err.count("\n") == 1


def test_individual_events_are_checked_for_shape_and_movement():
    doc = event(8, [{"movement": "individual-8"}], kind="individual")
    doc["turns"] = [{"tables": [table(1, 1, [2, 3])]}]
    with pytest.raises(InputError) as err:
        event_document(doc)
    assert err.value.params["field"] == "turns[0].tables[0].ns"
    for plan, count in ([{"movement": "mitchell"}], 8), ([{"movement": "individual-8"}], 7):
        with pytest.raises(InputError) as err:
            event_document(event(count, plan, kind="individual"))
        assert err.value.params["field"] == "plan"
    with pytest.raises(InputError) as err:  # players in a pairs event
        event_document(event(8, [{"movement": "individual-8"}]))
    assert err.value.params["field"] == "plan"


# -- the command line ---------------------------------------------------------------------

def _run(capsys, monkeypatch, argv, doc):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out, err


def test_the_command_exits_0_1_or_2(capsys, monkeypatch):
    doc = event(4, MITCHELL)
    doc["turns"] = [{"tables": [table(1, 1, 3, (300, 0), (300, 0))]}]
    status, out, err = _run(capsys, monkeypatch, ["event", "-"], doc)
    assert (status, err) == (0, "")
    assert json.loads(out)["turns"][0]["tables"][0]["vp"] == [16, 4]
    doc["turns"][0]["tables"][0]["deals"].append(deal(0, 0))
    status, out, err = _run(capsys, monkeypatch, ["event", "--lang", "it", "-"], doc)
    problem = json.loads(out)["problems"][0]
    assert (status, problem["code"], problem["deal"]) == (1, "too-many-deals", 2)
    assert "smazzat" in problem["message"]
    doc["plan"] = []
    status, out, err = _run(capsys, monkeypatch, ["event", "-"], doc)
    assert (status, out) == (2, "")
    assert err.startswith("scorekeeper: plan: ")
    assert err.count("\n") == 1


def test_the_command_takes_house_rules_from_a_file(tmp_path, capsys, monkeypatch):
    path = tmp_path / "house.json"
    path.write_text(json.dumps(HOUSE), encoding="utf-8")
    status, out, _ = _run(capsys, monkeypatch, ["event", "--profile-file", str(path), "-"],
                          event(4, MITCHELL))
    assert (status, json.loads(out)["profile"]) == (0, "circolo")


def test_the_installed_command_reads_a_file(tmp_path):
    path = tmp_path / "event.json"
    doc = event(3, MITCHELL, entrants=entrants(3, first=10))
    path.write_text(json.dumps(doc), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "scorekeeper.cli", "event", str(path)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    following = json.loads(done.stdout)["next"]
    assert (following["tables"], following["byes"]) == ([{"table": 1, "ns": 10, "ew": 12}], [11])
