"""``scorekeeper grades FILE…`` (docs/contract.md, "Grades"): a table's export and an
evening's document graded in order, as JSON, and every file it cannot read refused in
one line naming the file and the field."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from scorekeeper.cli import main
from scorekeeper.rules.season import MAX_EVENINGS

#: 800 table points, two clean canastras, out: 1,300 to 200 (burraco).
BIG = {"sides": [{"counts": {"table_points": 800, "clean": 2}, "morto": "taken",
                  "went_out": True}, {"counts": {"table_points": 200}, "morto": "taken"}]}
#: 100 to 600.
SMALL = {"sides": [{"counts": {"table_points": 100}, "morto": "taken"},
                   {"counts": {"table_points": 300, "clean": 1}, "morto": "taken",
                    "went_out": True}]}


def match(deals: list, seats: list, target: int = 1400, sides: int = 2) -> dict:
    return {"name": "m", "profile": "burraco", "target": target, "deals": deals,
            "sides": [{"name": f"s{i}", "players": [], "seats": seats[i]}
                      for i in range(sides)], "totals": []}


def table_file(*matches: dict) -> dict:
    return {"scorekeeper": "table", "version": 1, "name": "Casa",
            "players": [{"id": 1, "name": "Ana"}, {"id": 2, "name": "Bia"},
                        {"id": 3, "name": "Caio"}, {"id": 4, "name": "Duda"}],
            "house_rules": [], "matches": list(matches)}


def evening_file() -> dict:
    deal = {"sides": [{"counts": {"table_points": 400, "clean": 1}, "morto": "taken",
                       "went_out": True}, {"counts": {"table_points": 150}, "morto": "taken"}]}
    return {"profile": "burraco", "deals_per_turn": 1,
            "vp_table": [[100, 11], [600, 15], [None, 20]],
            "entrants": [{"id": 1, "name": "ANA – Bia"}, {"id": 2, "name": "Caio / Duda"}],
            "plan": [{"movement": "mitchell"}, {"movement": "mitchell"}],
            "turns": [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [deal]}]},
                      {"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [],
                                   "forfeit": "ew"}]}]}


def written(tmp_path: Path, name: str, doc: object) -> str:
    path = tmp_path / name
    path.write_text(json.dumps(doc), encoding="utf-8")
    return str(path)


def grades(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(["grades", *argv])
    out, err = capsys.readouterr()
    return status, out, err


def test_a_table_then_an_evening(capsys, tmp_path):
    table = written(tmp_path, "casa.json", table_file(
        match([BIG, SMALL], [[1, 2], [3, 4]]),               # won 1,400 to 800
        match([BIG], [[1, 3], [2, 4]], target=2000)))        # in progress
    evening = written(tmp_path, "venerdi.json", evening_file())
    status, out, err = grades(capsys, table, evening)
    assert (status, err) == (0, "")
    doc = json.loads(out)
    # The match: 2 deals, 1,400 - 800 = 600, the 2-deal scale's 505-620: 16-4. Expected
    # 50, actual 80, residual +30; four new players (step 1/4): +-7.5 each.
    # The evening: 700 - 150 = 550, the club's scale: 15-5. Ana and Bia (57.5, one
    # result each) with Caio and Duda (42.5): expected 50 + 57.5 - 42.5 = 65, actual 75,
    # residual +10, steps 1/5: +-2 each. The forfeit of turn 2 is not graded.
    assert [(p["name"], p["grade"], p["results"], p["state"]) for p in doc["players"]] == [
        ("Ana", 59.5, 2, "evolving"), ("Bia", 59.5, 2, "evolving"),
        ("Caio", 40.5, 2, "evolving"), ("Duda", 40.5, 2, "evolving")]
    # The pairs: the same arithmetic, a side of one each.
    assert doc["pairs"] == [
        {"names": ["Ana", "Bia"], "grade": 59.5, "results": 2, "state": "evolving",
         "always_together": True},
        {"names": ["Caio", "Duda"], "grade": 40.5, "results": 2, "state": "evolving",
         "always_together": True}]
    assert doc["results"] == 2
    assert doc["mature_from"] == 30
    assert doc["not_graded"] == {"forfeits": 1, "unfinished": 1, "not_two_sides": 0,
                                 "no_players": 0}


def test_the_order_of_the_files_is_the_history(capsys, tmp_path):
    table = written(tmp_path, "casa.json", table_file(match([BIG, SMALL], [[1, 2], [3, 4]])))
    evening = written(tmp_path, "venerdi.json", evening_file())
    one = json.loads(grades(capsys, table, evening)[1])
    other = json.loads(grades(capsys, evening, table)[1])
    assert one["players"] != other["players"]
    assert one == json.loads(grades(capsys, table, evening)[1])


@pytest.mark.parametrize(("doc", "said"), [
    ({"name": "x"}, "“{name}” is not valid here (expected a table or an evening exported "
                    "by Scorekeeper)"),
    ([1, 2], "scorekeeper: “list” is not valid here"),
    ({"scorekeeper": "table", "version": 2}, "version: “2” is not valid here"),
    (table_file(match([BIG, SMALL], [[1, 2], [3, 9]])),
     "matches[0].sides[1].seats: “[3, 9]” is not valid here (expected the id of a player of "
     "the table)"),
    (table_file(match([BIG, SMALL], [[1, 2], [3, 4, 1]])), "matches[0].sides[1].seats"),
    (table_file(match([{"sides": [{"morto": "taken"}]}], [[1, 2], [3, 4]])),
     "matches[0].deals[0]"),
    ({**table_file(), "players": [{"id": 1, "name": ""}]}, "players[0].name"),
    ({**table_file(), "matches": [None] * 2001}, "matches: “2001 items”"),
    ({**evening_file(), "deals_per_turn": 0}, "deals_per_turn"),
])
def test_a_file_it_cannot_read_is_named_with_its_field(capsys, tmp_path, doc, said):
    good = written(tmp_path, "good.json", evening_file())
    bad = written(tmp_path, "bad.json", doc)
    status, out, err = grades(capsys, good, bad)
    assert (status, out) == (2, "")
    assert err.startswith(f"scorekeeper: {bad}: ")
    assert said in err
    assert err.count("\n") == 1


def test_files_that_cannot_be_read_at_all(capsys, tmp_path):
    status, out, err = grades(capsys, str(tmp_path / "missing.json"))
    assert (status, out) == (2, "")
    assert err == (f"scorekeeper: {tmp_path / 'missing.json'}: Cannot read the file: "
                   "No such file or directory\n")
    broken = tmp_path / "broken.json"
    broken.write_text('{"scorekeeper": "table", "name": "A\\u0000"}', encoding="utf-8")
    status, _out, err = grades(capsys, str(broken))
    assert status == 2
    assert err.startswith(f"scorekeeper: {broken}: ")
    assert "name" in err
    good = written(tmp_path, "good.json", evening_file())
    status, _out, err = grades(capsys, *[good] * (MAX_EVENINGS + 1))
    assert status == 2
    assert err == f"scorekeeper: at most {MAX_EVENINGS} files (a season's most evenings)\n"


def test_the_refusal_in_the_commands_language(capsys, tmp_path):
    bad = written(tmp_path, "bad.json", {"scorekeeper": "table", "version": 2})
    status, _out, err = grades(capsys, "--lang", "it", bad)
    assert status == 2
    assert err.startswith(f"scorekeeper: {bad}: version")


def individual_evening() -> dict:
    """Eight players, individual-8's first turn: 1+2 v 3+4 (NS 700 to 150, 15-5 on the
    club's scale) and 5+6 v 7+8 in play."""
    deal = evening_file()["turns"][0]["tables"][0]["deals"][0]
    return {"profile": "burraco", "kind": "individual", "deals_per_turn": 1,
            "vp_table": [[100, 11], [600, 15], [None, 20]],
            "entrants": [{"id": i, "name": n} for i, n in enumerate(
                ["Ana", "Bia", "Caio", "Duda", "Elio", "Fabi", "Gil", "Hugo"], start=1)],
            "plan": [{"movement": "individual-8"}],
            "turns": [{"tables": [{"table": 1, "ns": [1, 2], "ew": [3, 4], "deals": [deal]},
                                  {"table": 2, "ns": [5, 6], "ew": [7, 8], "deals": []}]}]}


def test_an_individual_evening_from_standard_input(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(individual_evening())))
    status, out, err = grades(capsys, "-")
    assert (status, err) == (0, "")
    doc = json.loads(out)
    # Each player their own: Ana + Bia 15-5 against Caio + Duda, +-6.25 (new, step 1/4).
    assert [(p["name"], p["grade"]) for p in doc["players"]] == [
        ("Ana", 56.25), ("Bia", 56.25), ("Caio", 43.75), ("Duda", 43.75)]
    assert doc["not_graded"]["unfinished"] == 1
    assert [p["names"] for p in doc["pairs"]] == [["Ana", "Bia"], ["Caio", "Duda"]]


def test_two_players_of_one_name_at_a_table_are_not_graded(capsys, tmp_path):
    doc = evening_file()
    doc["entrants"] = [{"id": 1, "name": "Rossi – Bianchi"}, {"id": 2, "name": "Rossi – Verdi"}]
    status, out, _err = grades(capsys, written(tmp_path, "ev.json", doc))
    assert status == 0
    assert json.loads(out)["not_graded"]["no_players"] == 1
    assert json.loads(out)["players"] == []
    # Registered players tell them apart.
    doc["entrants"][1]["players"] = [{"name": "Rossi Mario"}, {"name": "Verdi"}]
    status, out, _err = grades(capsys, written(tmp_path, "ev.json", doc))
    assert [p["name"] for p in json.loads(out)["players"]] == [
        "Bianchi", "Rossi", "Rossi Mario", "Verdi"]
