"""The JSON API: the command's documents, 200 / 422 / 400, localised messages, OpenAPI."""

from __future__ import annotations

import io
import json
from contextlib import redirect_stdout

import pytest

from scorekeeper.cli import main as cli_main

SEED_DEAL = {
    "profile": "buraco-aberto",
    "sides": [
        {"name": "Nós", "counts": {"table_points": 180, "clean": 1}, "hand_points": 15,
         "morto": "taken", "went_out": True},
        {"name": "Eles", "melds": ["3C 4C 5C"], "hand": ["KS"], "morto": "taken"},
    ],
}


def _cli(args: list[str], stdin: str | None = None, monkeypatch=None) -> dict:
    if stdin is not None:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    out = io.StringIO()
    with redirect_stdout(out):
        cli_main(args)
    return json.loads(out.getvalue())


def test_score_seed_001_is_465_and_matches_the_command(client, monkeypatch):
    response = client.post("/api/v1/score", json=SEED_DEAL)
    assert response.status_code == 200
    doc = response.get_json()
    assert doc["sides"][0]["total"] == 465
    assert doc == _cli(["score", "-"], json.dumps(SEED_DEAL), monkeypatch)


def test_check_legal_and_illegal(client, monkeypatch):
    ok = client.post("/api/v1/check", json={"melds": ["3H 4H 5H 6H 7H 8H 9H"]})
    assert ok.status_code == 200
    meld = ok.get_json()["melds"][0]
    assert (meld["points"], meld["bonus"], meld["category"]) == (45, 200, "clean")
    assert ok.get_json() == _cli(["check", "3H 4H 5H 6H 7H 8H 9H"], monkeypatch=monkeypatch)
    bad = client.post("/api/v1/check", json={"melds": ["3H 4H 6H"], "profile": "burraco"})
    assert bad.status_code == 422
    assert bad.get_json()["melds"][0]["problems"][0]["message"]


def test_check_opening_with_before(client):
    doc = client.post("/api/v1/check", json={"melds": ["3H 4H 5H"], "before": 1600}).get_json()
    assert doc["opening"] == {"points": 15, "minimum": 75, "valid": False} or (
        doc["opening"]["points"], doc["opening"]["minimum"]) == (15, 75)


def test_messages_follow_lang(client):
    en = client.post("/api/v1/check", json={"melds": ["3H 4H 6H"]}).get_json()
    fr = client.post("/api/v1/check?lang=fr", json={"melds": ["3H 4H 6H"]}).get_json()
    assert en["melds"][0]["problems"][0]["code"] == fr["melds"][0]["problems"][0]["code"]
    assert "message" in fr["melds"][0]["problems"][0]


def test_match_and_burro(client):
    match = {"profile": "buraco-aberto", "sides": ["Nós", "Eles"], "deals": [SEED_DEAL]}
    doc = client.post("/api/v1/match", json=match).get_json()
    assert doc["totals"][0] == 465
    assert doc["status"] == "in-progress"
    burro = {"players": ["Ana", "Bia", "Caio"], "rounds": [{"loser": "Ana"}, {"loser": "Zed"}]}
    response = client.post("/api/v1/burro", json=burro)
    assert response.status_code == 422
    assert response.get_json()["problems"][0]["code"] == "unknown-player"
    assert response.get_json()["letters"]["Ana"] == "B"


@pytest.mark.parametrize(
    ("url", "body", "code", "field"),
    [
        ("/api/v1/check", "not json", "bad-json", None),
        ("/api/v1/check", "[1, 2]", "bad-value", ""),
        ("/api/v1/check", "{}", "missing-field", "melds"),
        ("/api/v1/check", '{"melds": ["3H 4H 5X"]}', "unknown-card", "melds[0]"),
        ("/api/v1/check", '{"melds": ["3H"], "profile": "poker"}', "unknown-profile", None),
        ("/api/v1/check", '{"melds": ["3H"], "before": "x"}', "bad-value", "before"),
        ("/api/v1/score", '{"sides": [{"name": "A"}]}', None, None),
        ("/api/v1/match", '{"sides": ["A", "B"], "deals": [{"sides": []}]}', None, None),
        ("/api/v1/burro", '{"players": "Ana"}', None, None),
    ],
)
def test_unreadable_input_is_a_400_naming_the_field(client, url, body, code, field):
    response = client.post(url, data=body, content_type="application/json")
    assert response.status_code == 400
    error = response.get_json()["error"]
    assert error["message"]
    if code:
        assert error["code"] == code
    if field is not None:
        assert error["field"] == field


def test_api_needs_no_csrf_token_and_unknown_paths_are_json(client):
    assert client.post("/api/v1/check", json={"melds": ["3H 4H 5H"]}).status_code == 200
    response = client.get("/api/v1/nothing")
    assert response.status_code == 404
    assert response.get_json()["error"]["code"] == "not-found"
    assert client.get("/api/v1/check").status_code == 405


def test_openapi_describes_every_endpoint(client):
    response = client.get("/api/v1/openapi.json")
    doc = response.get_json()
    response.close()
    assert doc["openapi"].startswith("3.")
    for path in ("/check", "/score", "/match", "/burro", "/event"):
        operation = doc["paths"][path]["post"]
        assert {"200", "400", "422"} <= set(operation["responses"])


def test_profiles(client):
    doc = client.get("/api/v1/profiles").get_json()
    assert doc["default"] == "buraco-aberto"
    assert {p["id"] for p in doc["profiles"]} >= {"buraco-aberto", "burraco"}


@pytest.mark.parametrize("lang", ["fr", "pt-BR", "pt", "it", "pt_PT", "xx"])
def test_every_language_code_gets_messages(client, lang):
    doc = client.post(f"/api/v1/check?lang={lang}", json={"melds": ["3H 4H 6H"]}).get_json()
    assert doc["melds"][0]["problems"][0]["message"]
    english = client.post("/api/v1/check", json={"melds": ["3H 4H 6H"]}).get_json()
    if lang != "xx":
        assert doc["melds"][0]["problems"][0]["message"] != \
            english["melds"][0]["problems"][0]["message"]


def test_check_reads_emoji_suits(client):
    # contract.md: a suit followed by U+FE0F is the same suit
    response = client.post("/api/v1/check", json={"melds": ["A\u2665\ufe0f 2\u2665\ufe0f 3\u2665"]})
    assert response.status_code == 200
    meld = response.get_json()["melds"][0]
    assert (meld["cards"], meld["points"]) == (["AH", "2H", "3H"], 30)


@pytest.mark.parametrize("endpoint", ["check", "score", "match", "burro"])
@pytest.mark.parametrize("depth", [1000, 5000])
def test_a_document_nested_too_deeply_is_a_clean_400(client, endpoint, depth):
    body = '{"melds": ' + "[" * depth + "]" * depth + "}"
    response = client.post(f"/api/v1/{endpoint}", data=body, content_type="application/json")
    assert response.status_code == 400
    assert response.get_json()["error"] == {
        "code": "bad-json", "message": "The document is nested too deeply.", "field": None}


def test_a_get_on_score_is_a_405_saying_which_methods_it_takes(client):
    response = client.get("/api/v1/score")
    assert response.status_code == 405
    assert {m.strip() for m in response.headers["Allow"].split(",")} in ({"POST"},
                                                                          {"OPTIONS", "POST"})
    assert response.mimetype == "application/json"
    assert response.get_json()["error"] == {
        "code": "not-allowed", "message": "This endpoint takes a POST with a JSON document.",
        "field": None}


def test_house_rules_in_place_of_the_profile(client):
    """docs/contract.md "House rules": the API reads a profile document where it reads a
    profile's id, and names the param it cannot read, in the asker's language."""
    house = {"id": "familia", "base": "buraco-aberto",
             "params": {"card_points": {"joker": 50}, "going_out": {"bonus": 200}}}
    answer = client.post("/api/v1/score", json={**SEED_DEAL, "profile": house})
    assert answer.status_code == 200
    doc = answer.get_json()
    # seed 001 §09's 465 with the family's going out: 180 + 200 + 200 − 15 = 565
    assert (doc["profile"], [s["total"] for s in doc["sides"]]) == ("familia", [565, 5])
    bad = client.post("/api/v1/check?lang=it", json={
        "profile": {**house, "params": {"bonuses": {"clean-1000": 400}}}, "melds": ["3H 4H 5H"]})
    assert bad.status_code == 400
    assert bad.get_json()["error"] == {
        "code": "inconsistent-rules", "field": "profile.params.bonuses.clean-1000",
        "message": "profile.params.bonuses.clean-1000: Con queste regole non si può giocare: "
                   "un premio è inferiore a quello di un gioco minore: canastra pulita da 1.000 "
                   "400, canastra pulita da 500 500"}
