"""``GET /api/v1/grades?season=…`` (docs/contract.md, "Grades"): a club's season's grades
from its evenings in order, the same as ``scorekeeper grades`` on their files."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from test_web_backup import CARDS, WON, _start, _table

from scorekeeper.cli import main
from scorekeeper.db import get_db
from scorekeeper.models import Season
from scorekeeper.web.evening import store

DEAL = {"sides": [{"counts": {"table_points": 400, "clean": 1}, "morto": "taken",
                   "went_out": True}, {"counts": {"table_points": 150}, "morto": "taken"}]}


def evening(names: list[str], forfeit: bool = False) -> dict:
    """An evening of one deal a turn: the first two entrants at table 1 (NS 700, EW 150:
    15-5 on the club's scale), then a second turn forfeited by East-West or in play."""
    second = {"table": 1, "ns": 1, "ew": 2, "deals": [], "forfeit": "ew" if forfeit else None}
    return {"profile": "burraco", "deals_per_turn": 1, "kind": "pairs",
            "vp_table": [[100, 11], [600, 15], [None, 20]],
            "entrants": [{"id": i + 1, "name": n} for i, n in enumerate(names)],
            "plan": [{"movement": "mitchell"}] * 2,
            "turns": [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [DEAL]}]},
                      {"tables": [second]}]}


def test_a_seasons_grades_are_the_commands_on_its_evenings(app, client, tmp_path: Path,
                                                           capsys):
    first = evening(["Rossi – Bianchi", "Verdi – Neri"], forfeit=True)
    second = evening(["Verdi / Bianchi", "ROSSI – Neri"])
    with app.app_context(), get_db().writing() as db:
        rows = [store.build("Venerdì", date(2026, 12, day), doc)
                for day, doc in ((4, first), (11, second))]
        db.add_all(rows)
        db.flush()
        season = Season(name="Inverno", evenings=[{"event": r.id, "double": False}
                                                  for r in rows])
        db.add(season)
        db.flush()
        token, view = season.edit_token, season.view_token
    response = client.get(f"/api/v1/grades?season={token}")
    assert response.status_code == 200
    doc = response.get_json()
    # 1st evening: Rossi and Bianchi 15-5 (+6.25 each, new: step 1/4); the forfeit of
    # turn 2 is not graded. 2nd: Verdi + Bianchi (43.75 + 56.25) v Rossi + Neri (56.25 +
    # 43.75), expected 50, actual 75, residual +25, steps 1/5: +-5.
    assert [(p["name"], p["grade"], p["results"]) for p in doc["players"]] == [
        ("Bianchi", 61.25, 2), ("Rossi", 51.25, 2), ("Verdi", 48.75, 2), ("Neri", 38.75, 2)]
    assert doc["not_graded"] == {"forfeits": 1, "unfinished": 1, "not_two_sides": 0,
                                 "no_players": 0, "unreadable_evenings": 0}
    assert client.get(f"/api/v1/grades?season={view}").get_json() == doc
    paths = []
    for number, one in enumerate((first, second)):
        path = tmp_path / f"ev{number}.json"
        path.write_text(json.dumps(one), encoding="utf-8")
        paths.append(str(path))
    assert main(["grades", *paths]) == 0
    by_command = json.loads(capsys.readouterr().out)
    assert by_command["players"] == doc["players"]
    assert by_command["pairs"] == doc["pairs"]


def test_no_season_has_this_link(client):
    for asked in ("/api/v1/grades?season=nope", "/api/v1/grades", "/api/v1/grades?season=a%00b"):
        response = client.get(asked)
        assert response.status_code == 404
        assert response.get_json()["error"] == {
            "code": "unknown-season", "message": "No season has this link.", "field": "season"}


def test_a_tables_own_export_is_graded(site, client, tmp_path: Path, capsys):
    """The table's JSON export as the app writes it: the match won in one deal (465 to
    30, target 400) graded by its outcome, 12-8; the match in play left out."""
    table = _table(client)
    won = _start(client, table, [["Ana", "Bia"], ["Caio", "Dani"]], "400")
    assert site.save_deal(won, WON, went_out="0").status_code == 302
    playing = _start(client, table, [["Ana", "Caio"], ["Bia", "Dani"]], "3000")
    assert site.save_deal(playing, CARDS, went_out="0").status_code == 302
    path = tmp_path / "clube.json"
    path.write_bytes(client.get(f"/t/{table}/export.json").data)
    assert main(["grades", str(path)]) == 0
    doc = json.loads(capsys.readouterr().out)
    # One deal: by its outcome, 12-8: actual 60, expected 50, residual +10; four new
    # players (step 1/4): +-2.5 each.
    assert [(p["name"], p["grade"]) for p in doc["players"]] == [
        ("Ana", 52.5), ("Bia", 52.5), ("Caio", 47.5), ("Dani", 47.5)]
    assert doc["not_graded"]["unfinished"] == 1
    assert doc["results"] == 1
