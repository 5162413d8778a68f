"""The phone's own referee (scorekeeper/phone.py, run by Pyodide in static/js/referee.js)
answers as the JSON API does, carries no Flask and no Babel, and is served from the app's
own offline pack (static/pack/, tools/offline_pack.py) under a policy that lets it compile
WebAssembly, which no page may."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from web_support import scaled, worker_config

from scorekeeper import phone
from scorekeeper.web import offline

ROOT = Path(__file__).resolve().parents[2]
PACK = ROOT / "scorekeeper" / "static" / "pack"


def _cases() -> list[dict]:
    """The generated requests the browser test also sends to Pyodide."""
    spec = importlib.util.spec_from_file_location(
        "referee_cases", ROOT / "tests" / "browser" / "referee_cases.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.cases()


def _asked(client, case: dict) -> dict:
    query = f"?lang={case['lang']}" + (f"&notation={case['notation']}" if case["notation"]
                                        else "")
    response = client.post(f"/api/v1/{case['kind']}{query}", json=case["body"])
    return {"status": response.status_code, "doc": response.get_json()}


def test_the_phone_answers_every_request_as_the_api_does(client):
    cases = _cases()
    assert len(cases) >= 1000
    differ = [case for case in cases[::3]
              if phone.respond(case["kind"], case["body"], case["lang"], case["notation"])
              != _asked(client, case)]
    assert differ == [], differ[:3]
    statuses = {_asked(client, case)["status"] for case in cases[:200]}
    assert statuses == {200, 400, 422}


def test_the_phone_speaks_each_language_with_its_numbers_and_letters():
    answer = phone.respond("check", {"profile": "buraco-aberto", "melds": ["5H 6H", "RC DC VC"]},
                           "fr", "fr")
    assert answer["status"] == 422
    first, second = answer["doc"]["melds"]
    assert first["problems"][0]["message"] == (
        "Une combinaison doit compter au moins 3 cartes\u202f; celle-ci en a 2.")
    assert sorted(second["cards"]) == ["JH", "KH", "QH"]
    assert second["valid"] is True
    unreadable = phone.respond("check", {"melds": ["5H 6H 7X"]}, "it")
    assert unreadable["status"] == 400
    assert unreadable["doc"]["error"]["code"] == "unknown-card"
    assert "7X" in unreadable["doc"]["error"]["message"]
    # JSON text in, JSON text out: what crosses from JavaScript
    text = phone.answer(json.dumps({"kind": "check", "body": {"melds": ["5H 6H 7H"]},
                                    "lang": "pt_BR"}))
    assert json.loads(text)["doc"]["melds"][0]["points"] == 15


def test_the_phone_runs_without_flask_or_babel():
    script = (
        "import sys\n"
        "for name in ('flask', 'flask_babel', 'babel', 'wtforms', 'sqlalchemy'):\n"
        "    sys.modules[name] = None\n"
        "from scorekeeper import phone, i18n\n"
        "print(i18n.format_number(-1500, 'it'), i18n.format_number(1234567, 'fr'))\n"
        "a = phone.respond('check', {'profile': 'buraco-fechado', 'melds': ['RC DC VC']},"
        " 'fr', 'fr')\n"
        "print(a['status'], sorted(a['doc']['melds'][0]['cards']))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=ROOT, timeout=scaled(60), check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ["\u22121.500 1\u202f234\u202f567",
                                        "200 ['JH', 'KH', 'QH']"]


@pytest.mark.parametrize("locale", ["en", "fr", "pt_BR", "pt_PT", "it"])
def test_numbers_without_babel_are_written_as_babel_writes_them(monkeypatch, locale):
    from babel.numbers import format_decimal

    from scorekeeper import i18n

    values = [0, 7, -15, 999, 1000, -1500, 23_456, 1_234_567, 1500.5, -2.25, 0.125, 10.0]
    wanted = [format_decimal(v, locale=locale) for v in values]
    monkeypatch.setitem(sys.modules, "babel.numbers", None)
    assert [i18n._decimal(v, locale) for v in values] == wanted


def test_the_pack_carries_the_referee_its_catalogs_and_pyodide():
    manifest = json.loads((PACK / "manifest.json").read_text())
    assert set(manifest["files"]) == {"pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm",
                                      "python_stdlib.zip", "pyodide-lock.json", "referee.zip"}
    for name, size in manifest["files"].items():
        assert (PACK / name).stat().st_size == size, name
    with zipfile.ZipFile(PACK / "referee.zip") as archive:
        names = set(archive.namelist())
    assert {f"scorekeeper/{name}" for name in phone.PACKED} <= names
    assert "scorekeeper/rules/melds.py" in names
    assert "scorekeeper/translations/pt_PT/LC_MESSAGES/messages.mo" in names
    assert not any(name.startswith("scorekeeper/web/") for name in names)
    # what the pack holds is this tree's referee
    with zipfile.ZipFile(PACK / "referee.zip") as archive:
        assert archive.read("scorekeeper/rules/scoring.py") == (
            ROOT / "scorekeeper" / "rules" / "scoring.py").read_bytes()


def test_the_pages_start_the_phone_referee_and_only_its_worker_compiles_webassembly(client):
    version = json.loads((PACK / "manifest.json").read_text())["version"]
    page = client.get("/check")
    worker_url = f"/static/js/referee.js?pack={version}&amp;v={offline.static_digest()}"
    assert f'<meta name="referee" content="{worker_url}">' in page.text
    assert "wasm-unsafe-eval" not in page.headers["Content-Security-Policy"]
    with client.get(f"/static/js/referee.js?pack={version}") as worker:
        assert worker.status_code == 200
        assert "'wasm-unsafe-eval'" in worker.headers["Content-Security-Policy"]
    with client.get("/static/pack/pyodide.asm.wasm",
                    headers={"Accept-Encoding": "gzip"}) as wasm:
        assert wasm.mimetype == "application/wasm"
        assert wasm.headers["Content-Encoding"] == "gzip"
        assert len(wasm.data) < manifest_size("pyodide.asm.wasm") / 2
    config = worker_config(client.get("/sw.js").text)
    assert config["pack"] == version
    files = config["pack_files"]
    assert ["/static/pack/referee.zip", manifest_size("referee.zip")] in files
    assert len(files) == 6


def manifest_size(name: str) -> int:
    return json.loads((PACK / "manifest.json").read_text())["files"][name]


def test_without_a_pack_no_page_offers_the_phone_referee(app, client, monkeypatch):
    monkeypatch.setattr(offline, "_pack_manifest", lambda: {})
    assert 'name="referee"' not in client.get("/check").text
    assert 'id="pack"' not in client.get("/").text
    assert worker_config(client.get("/sw.js").text)["pack_files"] == []
    monkeypatch.undo()
    assert 'name="referee"' in client.get("/check").text
    app.config["OFFLINE_PACK"] = False  # a server told not to offer the pack
    assert 'name="referee"' not in client.get("/check").text
    assert worker_config(client.get("/sw.js").text)["pack_files"] == []


#: Deals as the deal form sends them: French letters, a clean canastra of hearts laid
#: down to open (seed 001 §03–§05: 5–7 count 5, 8–K count 10, a clean canastra 200),
#: counts, going out (§04: 100), cards left in hand (§09).
FORM_DEALS = [
    ({"mode": "cards", "melds": "5C 6C 7C 8C 9C 10C VC\n3P 4P 5P", "hand": "RT",
      "opened": "0"},
     {"mode": "counts", "table_points": "95", "dirty": "1", "hand_points": "40"}, "0"),
    ({"mode": "counts", "table_points": "180", "clean": "1", "hand_points": "15"},
     {"mode": "cards", "melds": "JK 4K 5K 6K 7K 8K 9K", "hand_points": "30"}, ""),
]


def test_deals_waiting_on_the_phone_are_scored_as_the_server_scores_them_once_sent(
        site, client):
    """The fields a deal form sends, scored by the phone (``pending``) against the match
    document the phone keeps, give the totals the server stores once they are sent."""
    client.get("/lang/fr")
    token = site.new_match()
    kept = client.get(f"/m/{token}/match.json").get_json()
    assert kept == {"version": 1, "match": {"profile": "buraco-aberto", "target": 3000,
                                            "sides": ["Nós", "Eles"], "deals": []}}
    waiting = []
    for side0, side1, went_out in FORM_DEALS:
        data = site.deal_data(token, [side0, side1], went_out=went_out)
        waiting.append([[k, v] for k, v in data.items() if k != "sides-0-opened"]
                       + [["sides-0-opened", v] for v in side0.get("opened", "")])
    answer = phone.respond("pending", {"match": kept["match"], "pending": waiting}, "fr", "fr")
    assert answer["status"] == 200, answer
    doc = answer["doc"]
    # 5♥–7♥ 15 + 8♥–V♥ 40 + 3♠–5♠ 15, a clean canastra 200, out 100, R♣ in hand −10 = 360;
    # 95 + a dirty canastra 100 − 40 = 155
    assert doc["after_each_deal"][0] == [360, 155]
    assert doc["shown"]["totals"] == [f"{t:,}".replace(",", "\u202f") for t in doc["totals"]]
    for side0, side1, went_out in FORM_DEALS:
        response = site.save_deal(token, [side0, side1], went_out=went_out)
        assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    sent = client.get(f"/m/{token}/match.json").get_json()
    assert sent["version"] == 3
    full = phone.respond("match", sent["match"], "fr")["doc"]
    assert full["totals"] == doc["totals"]
    assert full["after_each_deal"] == doc["after_each_deal"]


def test_an_evening_tables_deal_after_time_counts_on_the_phone_without_its_closing_bonus():
    """An evening table's deal, counted by the phone as the server counts it (on its own):
    the form's "played after the time was up" box ticked, going out scores nothing
    (Italian Burraco: 300 + a clean burraco 200 = 500, not 600)."""
    table = {"profile": "burraco", "sides": ["Rossi", "Verdi"], "deals": []}
    fields = [["sides-0-mode", "counts"], ["sides-0-table_points", "300"],
              ["sides-0-clean", "1"], ["sides-1-mode", "counts"],
              ["sides-1-table_points", "150"], ["sides-1-hand_points", "40"],
              ["went_out", "0"], ["closed_by", "discard"]]
    on_time = phone.respond("pending", {"match": table, "pending": [fields]}, "en")
    late = phone.respond("pending", {"match": table, "pending": [fields + [["after_time", "y"]]]},
                         "en")
    assert on_time["doc"]["after_each_deal"] == [[600, 110]]
    assert late["doc"]["after_each_deal"] == [[500, 110]]


def test_the_phone_refuses_a_waiting_deal_document_it_cannot_read():
    match = {"profile": "buraco-aberto", "sides": ["A", "B"], "deals": []}
    for body, field in (({"match": match, "pending": "x"}, "pending"),
                        ({"match": {**match, "sides": "AB"}, "pending": []}, "sides"),
                        ({"pending": []}, "")):
        answer = phone.respond("pending", body, "en")
        assert answer["status"] == 400, answer
        assert answer["doc"]["error"]["field"] == field


def test_the_match_document_is_kept_for_its_edit_link_only(site, client):
    token = site.new_match()
    response = client.get(f"/m/{token}/match.json")
    assert response.headers["Cache-Control"] == "no-store"
    assert client.get("/m/unknown/match.json").status_code == 404
    board = site.board(token)
    assert f'data-match="/m/{token}/match.json"' in board


@pytest.mark.parametrize(("fields", "lang", "message"), [
    ([["sides-1-mode", "counts"], ["sides-1-table_points", "-60"]], "fr",
     "Eles · Points des cartes posées\u202f: «\u202f-60\u202f» n’est pas valable ici "
     "(attendu\u202f: un nombre entier d’au moins 0)"),
    ([["sides-0-melds", "3H 4H 5H\n3H 4H ZZ"]], "it", "Nós · Gioco 2: Carta sconosciuta «ZZ»"),
    # more than two decks make (rules/limits.py): 104 natural cards make 8 of 13 cards
    ([["sides-0-mode", "counts"], ["sides-0-table_points", "100"], ["sides-0-clean_500", "9"]],
     "en", "Nós · Clean canastras of 13 cards (500): “9” is not valid here (expected a whole "
     "number from 0 to 8)"),
])
def test_a_waiting_deal_the_referee_cannot_read_is_said_in_the_forms_words(fields, lang, message):
    """The scoreboard says it before the server does: which side, which field, in words."""
    match = {"profile": "buraco-aberto", "sides": ["Nós", "Eles"], "deals": []}
    answer = phone.respond("pending", {"match": match, "pending": [fields]}, lang, lang)
    assert answer["status"] == 400
    assert answer["doc"]["error"]["message"] == message


def test_burro_rounds_waiting_on_the_phone_count_as_the_server_counts_them_once_sent(client):
    """The fields the round forms send (a loss; a feint with two fooled, as the feint page
    sends its ticks), counted by the phone (``burro-pending``) against the game document
    the phone keeps, give the letters the server stores once they are sent."""
    from web_support import hidden_fields
    from werkzeug.datastructures import MultiDict

    data = hidden_fields(client.get("/burro").get_data(as_text=True))
    data["players"] = "Ana\nBia\nCaio"
    token = client.post("/burro", data=data).headers["Location"].rsplit("/b/", 1)[1]
    kept = client.get(f"/b/{token}/game.json")
    assert kept.headers["Cache-Control"] == "no-store"
    assert kept.get_json() == {"version": 1, "game": {"players": ["Ana", "Bia", "Caio"],
                                                      "rounds": []}}
    page = client.get(f"/b/{token}").get_data(as_text=True)
    form = [[k, v] for k, v in hidden_fields(page).items() if k != "kind"]
    assert hidden_fields(page)["kind"] == "loser"  # the game page's own (the feint page's: feint)
    loss = [*form, ["kind", "loser"], ["loser", "Bia"]]
    feint = [*form, ["kind", "feint"], ["feint_by", "Caio"], ["fooled", "Ana"], ["fooled", "Bia"]]
    answer = phone.respond("burro-pending", {"game": kept.get_json()["game"],
                                             "pending": [loss, feint, loss]}, "it")
    assert answer["status"] == 200, answer
    # seed 002: B, U, R for each lost round or feint fallen for
    assert answer["doc"]["letters"] == {"Ana": "B", "Bia": "BUR", "Caio": ""}
    for fields in (loss, feint, loss):
        version = client.get(f"/b/{token}/game.json").get_json()["version"]
        sent = dict(hidden_fields(client.get(f"/b/{token}").get_data(as_text=True)))
        body = [(k, v) for k, v in sent.items() if k not in ("kind", "version")]
        said = [(k, v) for k, v in fields if k in ("kind", "loser", "feint_by", "fooled")]
        response = client.post(f"/b/{token}/round",
                               data=MultiDict([*body, ("version", str(version)), *said]))
        assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    stored = client.get(f"/b/{token}/game.json").get_json()
    assert stored["version"] == 4
    assert phone.respond("burro", stored["game"], "it")["doc"]["letters"] == \
        answer["doc"]["letters"]
    # the document opens for the game's edit link only; an unreadable one is said so
    view = client.get(f"/b/{token}/share").get_data(as_text=True)
    assert client.get("/b/unknown/game.json").status_code == 404
    assert "/bv/" in view
    bad = phone.respond("burro-pending", {"game": kept.get_json()["game"], "pending": "x"}, "en")
    assert bad["status"] == 400
    assert bad["doc"]["error"]["field"] == "pending"


def test_a_past_deal_fixed_on_the_phone_is_scored_in_its_place_as_the_server_will(
        site, client, seed_deal):
    token = site.new_match()
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    kept = client.get(f"/m/{token}/match.json").get_json()
    # deal 1 fixed: 280 on the table, not 180 (the fields the edit form sends)
    fixed = [{**seed_deal[0], "table_points": 280}, seed_deal[1]]
    url = f"/m/{token}/deals/1/edit"
    fields = [[k, v] for k, v in site.deal_data(token, fixed, went_out="0", url=url).items()]
    answer = phone.respond("pending", {"match": kept["match"],
                                       "pending": [{"deal": 1, "fields": fields}]}, "en")
    assert answer["status"] == 200, answer
    # seed 001 §09: 280 + a clean canastra 200 + going out 100 − 15 in hand = 565
    assert [d["sides"][0]["total"] for d in answer["doc"]["deals"]] == [565, 465]
    assert len(answer["doc"]["deals"]) == 2
    assert site.save_deal(token, fixed, went_out="0", url=url).status_code == 302
    sent = client.get(f"/m/{token}/match.json").get_json()
    assert phone.respond("match", sent["match"], "en")["doc"]["totals"] == \
        answer["doc"]["totals"]
    # a number that names no deal is said so
    for number in (0, 3, "1", True):
        bad = phone.respond("pending", {"match": kept["match"],
                                        "pending": [{"deal": number, "fields": fields}]}, "en")
        assert bad["status"] == 400, number
        assert bad["doc"]["error"]["field"] == "pending.deal"
