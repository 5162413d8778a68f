"""``POST /api/v1/event`` (contract.md, "Events"): the same answers as ``scorekeeper
event``, 200 / 422 / 400 naming the field, messages in the asked language."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout

from scorekeeper.cli import main as cli_main

DEAL = {"sides": [{"counts": {"table_points": 300, "clean": 1}, "morto": "taken",
                   "went_out": True},
                  {"counts": {"table_points": 150}, "morto": "taken"}]}
EVEN = {"sides": [{"counts": {"table_points": 200}, "morto": "taken"},
                  {"counts": {"table_points": 250}, "morto": "taken"}]}
EVENT = {"name": "Venerdì al circolo", "profile": "burraco", "kind": "pairs",
         "deals_per_turn": 2, "vp_table": "fibur-2026",
         "entrants": [{"id": i, "name": f"Coppia {i}"} for i in range(1, 6)],
         "plan": [{"movement": "mitchell"}, {"movement": "mitchell"},
                  {"movement": "danese-modified"}],
         "turns": [{"tables": [
             {"table": 1, "ns": 1, "ew": 4, "deals": [DEAL, EVEN],
              "penalties": [{"side": "ew", "mp": 20, "why": "late"}]},
             {"table": 2, "ns": 2, "ew": 5, "forfeit": "ew"}]}]}


def _cli(doc, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(doc)))
    out = io.StringIO()
    with redirect_stdout(out):
        status = cli_main(["event", "-"])
    return status, json.loads(out.getvalue())


def test_an_event_is_scored_as_the_command_scores_it(client, monkeypatch):
    response = client.post("/api/v1/event", json=EVENT)
    assert response.status_code == 200
    doc = response.get_json()
    # 300 + 200 + 100 closing + 200 = 800; 150 + 250 - 20 = 380: 420 → 405–500: 15–5
    assert doc["turns"][0]["tables"][0]["mp"] == [800, 380]
    assert doc["turns"][0]["tables"][0]["vp"] == [15, 5]
    assert doc["turns"][0]["tables"][1]["vp"] == [14, 6]
    assert doc["turns"][0]["byes"] == [3]
    assert [(s["rank"], s["id"], s["vp"]) for s in doc["standings"]] == [
        (1, 1, 15), (2, 2, 14), (3, 3, 10), (4, 5, 6), (5, 4, 5)]
    assert doc["next"]["tables"] == [{"table": 2, "ns": 2, "ew": 4},
                                     {"table": 3, "ns": 3, "ew": 5}]
    assert doc["next"]["byes"] == [1]
    assert doc == _cli(EVENT, monkeypatch)[1]


def test_a_rule_problem_is_422_with_its_place(client, monkeypatch):
    doc = json.loads(json.dumps(EVENT))
    doc["turns"][0]["tables"][0]["deals"].append(EVEN)
    response = client.post("/api/v1/event?lang=pt_PT", json=doc)
    assert response.status_code == 422
    problem = response.get_json()["problems"][0]
    assert (problem["code"], problem["turn"], problem["table"], problem["deal"]) == (
        "too-many-deals", 0, 1, 2)
    assert "rondas" in problem["message"]
    assert _cli(doc, monkeypatch)[0] == 1


def test_unreadable_is_400_naming_the_field(client):
    doc = json.loads(json.dumps(EVENT))
    doc["plan"][0]["movement"] = "howell"
    error = client.post("/api/v1/event?lang=it", json=doc).get_json()["error"]
    assert (error["code"], error["field"]) == ("bad-value", "plan[0].movement")
    doc = {**EVENT, "kind": "individual"}
    response = client.post("/api/v1/event", json=doc)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "plan"


def test_the_repeat_warning_is_in_words(client):
    doc = {**EVENT, "plan": [{"movement": "mitchell", "shift": 3}] * 2, "turns": [
        {"tables": [{"table": 1, "ns": 1, "ew": 4}, {"table": 2, "ns": 2, "ew": 5}]}]}
    following = client.post("/api/v1/event?lang=it", json=doc).get_json()["next"]
    # 3 tables, shift 3: the EW pairs are back where they started at the 2nd turn
    assert following["tables"] == [{"table": 1, "ns": 1, "ew": 4},
                                   {"table": 2, "ns": 2, "ew": 5}]
    warning = following["warnings"][0]
    assert (warning["code"], warning["params"]["first_met"]) == ("mitchell-repeat", 1)
    assert "turno Mitchell" in warning["message"]


def test_cards_in_the_language_s_letters(client):
    doc = json.loads(json.dumps(EVENT))
    doc["turns"][0]["tables"][0]["deals"][1] = {"sides": [
        {"melds": ["RC DC FC"], "morto": "taken"}, {"morto": "taken"}]}
    doc["deals_per_turn"] = 2
    response = client.post("/api/v1/event?notation=it", json=doc)
    assert response.status_code == 200
    assert response.get_json()["turns"][0]["tables"][0]["deals"][1] == [30, 0]
