"""Counts no deck can make, through every door of the server: the JSON API answers 400
naming the field in the asked language, a table's import refuses the file (rules/limits.py;
seed 001 §01: two decks of 52 and 4 jokers)."""

from __future__ import annotations

import io
import json

from sqlalchemy import select
from web_support import hidden_fields
from werkzeug.datastructures import MultiDict

from scorekeeper.db import get_db
from scorekeeper.models import Table

#: The request of 250 bytes that built one list element per canastra.
HUGE = {"profile": "buraco-aberto", "sides": [
    {"counts": {"table_points": 180, "clean": 100_000_000}, "morto": "taken"},
    {"counts": {"table_points": 100, "dirty": 100_000_000}, "morto": "taken"}]}


def test_the_api_answers_a_count_no_deck_can_make_as_unreadable(client):
    response = client.post("/api/v1/score", json=HUGE)
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error == {"code": "bad-value", "field": "sides[0].counts.clean",
                     "message": "sides[0].counts.clean: “100000000” is not valid here "
                                "(expected a whole number from 0 to 14)"}
    fr = client.post("/api/v1/match?lang=fr", json={
        "profile": "buraco-aberto", "sides": ["A", "B"], "deals": [
            {"sides": [{"counts": {"table_points": 180, "clean-500": 7, "clean": 3},
                        "morto": "taken"}, {"morto": "taken"}]}]})
    assert fr.status_code == 400
    error = fr.get_json()["error"]
    assert error["code"] == "impossible-counts"
    assert error["field"] == "deals[0].sides[0].counts"
    assert error["message"] == (
        "deals[0].sides[0].counts\u202f: Ensemble, ces combinaisons demandent au moins 112 "
        "cartes\u202f; deux jeux et leurs jokers n’en comptent que 108.")


def test_the_api_still_scores_the_most_two_decks_can_make(client):
    doc = {"profile": "buraco-aberto", "sides": [
        {"counts": {"table_points": 960, "clean": 14}, "hand_points": 0, "morto": "taken",
         "went_out": True},
        {"counts": {"table_points": 0}, "hand_points": 960, "morto": "taken"}]}
    answer = client.post("/api/v1/score", json=doc).get_json()
    assert [s["total"] for s in answer["sides"]] == [960 + 14 * 200 + 100, -960]
    assert answer["sides"][0]["canastras"] == ["clean"] * 14
    assert answer["sides"][0]["canastra_counts"]["clean"] == 14


def _exported_table(app, client, site) -> dict:
    data = hidden_fields(client.get("/tables/new").get_data(as_text=True))
    data.update(players="Ana\nBia", name="", zone="Europe/Rome")
    table = client.post("/tables/new", data=data).headers["Location"].rsplit("/t/", 1)[1]
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    with app.app_context(), get_db().read_sessions() as db:
        found = db.scalar(select(Table).where(Table.edit_token == table))
        ids = [p.id for p in found.players]

    fields = [*hidden_fields(page).items(), ("profile", "buraco-aberto"),
              ("sides-0-seats", str(ids[0])), ("sides-1-seats", str(ids[1]))]
    created = client.post("/matches/new", data=MultiDict(fields))
    assert created.status_code == 302, created.get_data(as_text=True)[-2000:]
    edit = created.headers["Location"].rsplit("/m/", 1)[1]
    saved = site.save_deal(edit, [{"mode": "counts", "table_points": 180, "clean": 1},
                                  {"mode": "counts", "table_points": 60}], went_out="0")
    assert saved.status_code == 302
    return json.loads(client.get(f"/t/{table}/export.json").get_data(as_text=True))


def test_a_table_file_with_a_count_no_deck_can_make_is_refused(app, client, site):
    doc = _exported_table(app, client, site)
    side = doc["matches"][0]["deals"][0]["sides"][0]
    side["counts"]["clean"] = 100_000_000
    form = hidden_fields(client.get("/tables/import").get_data(as_text=True))
    answer = client.post("/tables/import", data={
        **form, "file": (io.BytesIO(json.dumps(doc).encode()), "t.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 422
    html = answer.get_data(as_text=True)
    assert ("sides[0].counts.clean: “100000000” is not valid here (expected a whole number "
            "from 0 to 14)") in html
