"""Names as players type them, and as an attacker would: always text, always told apart."""

from __future__ import annotations

import csv
import io
import re

import pytest
from web_support import hidden_fields

VISIBLE = "A name needs at least one visible character."


def _new_match(site, client, *names: str, **extra) -> object:
    data = site.hidden("/matches/new")
    data["profile"] = "buraco-aberto"
    for i, name in enumerate(names):
        data[f"sides-{i}-name"] = name
    data.update(extra)
    return client.post("/matches/new", data=data)


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Ana\x00", "Ana"),  # NUL: PostgreSQL refuses it in text
        ("A\x07n\x1ba", "Ana"),  # control characters
        ("Jose\u0301", "Jos\u00e9"),  # NFC: one way to write é
        ("\u202eanA", "anA"),  # a right-to-left override cannot disguise a name
        ("\u2066Bia\u2069", "Bia"),  # isolates
    ],
)
def test_names_are_kept_as_plain_text(site, client, typed, stored):
    response = _new_match(site, client, typed, "Them")
    assert response.status_code == 302
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert f"<h1>{stored} × Them</h1>" in board
    assert typed not in board


def test_a_zero_width_name_is_refused_by_name(site, client):
    response = _new_match(site, client, "\u200b\u200d", "Them")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert VISIBLE in html
    assert 'id="sides-0-name-errors"' in html


def test_two_sides_that_look_the_same_are_refused(site, client):
    response = _new_match(site, client, "Ana", "Ana\u200b")
    assert "Two sides have the same name." in response.get_data(as_text=True)
    response = _new_match(site, client, "ANA", "ana")
    assert "Two sides have the same name." in response.get_data(as_text=True)


def test_a_file_sent_into_a_text_field_is_no_name_and_no_error(site, client):
    data = site.hidden("/matches/new")
    data.update({"profile": "buraco-aberto", "sides-0-name": "Ana", "sides-1-name": "Bia",
                 "name": (io.BytesIO(b"<script>"), "x.html")})
    response = client.post("/matches/new", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<h1>Ana × Bia</h1>" in board


def _burro(client, players: str) -> object:
    data = hidden_fields(client.get("/burro").get_data(as_text=True))
    data["players"] = players
    return client.post("/burro", data=data)


def test_burro_players_that_look_the_same_are_refused(client):
    response = _burro(client, "Ana\nBia\nAna\u200b")
    assert response.status_code == 422
    assert "Two players have the same name." in response.get_data(as_text=True)
    started = _burro(client, "Ana\x00\nBia\n\u200b\nCaio")  # an invisible line is no player
    assert started.status_code == 302
    html = client.get(started.headers["Location"]).get_data(as_text=True)
    assert re.search(r">Ana<", html)
    assert "\x00" not in html
    assert "Ana · Bia · Caio" in html


MIXED = ("A name mixes look-alike letters of different alphabets in one word (such as a "
         "Cyrillic А among Latin letters).")


@pytest.mark.parametrize("name", ["\u3164", "\u2800\u2800", "\u0301", "\u115f\u1160",
                                  "\uffa0 \u200b", "\u0301\u0308"])
def test_blank_letters_and_lone_marks_are_no_name(site, client, name):
    """U+3164 and the other Hangul fillers are letters to Unicode, U+2800 a symbol, and a
    combining mark alone sits on nothing: none of them shows."""
    response = _new_match(site, client, name, "Them")
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert VISIBLE in html
    assert 'id="sides-0-name-errors"' in html
    # after a letter, a blank shows nothing either (a mark there is an accent: Aná)
    if "\u0301" not in name:
        assert "Two sides have the same name." in _new_match(
            site, client, f"Ana{name}", "Ana").get_data(as_text=True)


def test_a_word_mixing_look_alike_alphabets_is_refused(site, client):
    response = _new_match(site, client, "\u0410na", "Ana")  # Cyrillic А, Latin "na"
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert MIXED in html
    assert 'id="sides-0-name-errors"' in html
    assert _new_match(site, client, "Bia", "Eles", **{
        "sides-0-players": "Ana, B\u0456a"}).get_data(as_text=True).count(MIXED) == 1
    # a name in one alphabet, or in several word by word, is a name
    for names in (("Ана", "Ana"), ("Νίκος & Ana", "Σοφία")):
        assert _new_match(site, client, *names).status_code == 302, names


def test_lists_of_players_refuse_mixed_alphabets_and_drop_blank_lines(client):
    assert MIXED in _burro(client, "Ana\nBia\nC\u0430io").get_data(as_text=True)
    started = _burro(client, "Ana\nBia\n\u3164\n\u2800\nCaio")
    assert started.status_code == 302
    html = client.get(started.headers["Location"]).get_data(as_text=True)
    assert "\u3164" not in html
    data = hidden_fields(client.get("/tables/new").get_data(as_text=True))
    data.update(players="Ana\nBia\nD\u0430ni", name="", zone="Europe/Rome")
    refused = client.post("/tables/new", data=data)
    assert MIXED in refused.get_data(as_text=True)


def test_the_name_checks_in_one_place():
    from scorekeeper.names import mixes_scripts, shows, visible_key

    assert [shows(n) for n in ("Ana", "\u3164", "\u2800", "\u0301", "É", " \u200b ")] == [
        True, False, False, False, True, False]
    assert visible_key("A\u3164na\u2800") == "ana"
    assert [mixes_scripts(n) for n in ("\u0410na", "Ана", "Ana Ана", "ΑΒΓ", "AΒC")] == [
        True, False, False, False, True]


# --- an evening's entrants and the CSV files, however the names came ------------------


def test_entrants_are_cleaned_and_told_apart_however_they_come(client):
    """Typed, pasted or read from a spreadsheet's CSV file: the same cleaning (no control
    character, no right-to-left override), lines ended any way (CR alone, CR LF, U+2028),
    and two names told apart as the season tells its entrants apart."""
    from evening_pages import new_event, post, seat_turn

    event = new_event(client)
    sheet = "Rossi;Bianchi\rVe\x00rdi\x1b;Ne\x07ri\r\n\u202eGialli;Bruni\u2028=CMD|' /C calc'!A0\n"
    data = {**hidden_fields(client.get(event).get_data(as_text=True)), "lines": "Conti\rMarroni",
            "file": (io.BytesIO(sheet.encode()), "coppie.csv")}
    response = client.post(f"{event}/entrants", data=data, content_type="multipart/form-data")
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    names = ["Conti", "Marroni", "Rossi – Bianchi", "Verdi – Neri", "Gialli – Bruni",
             "=CMD|' /C calc'!A0"]
    assert [e["name"] for e in client.get(f"{event}/event.json").get_json()["entrants"]] == names
    seat_turn(client, event)
    results = client.get(f"{event}/results.csv").get_data(as_text=True)
    assert "'=CMD|' /C calc'!A0" in results
    assert not re.search("[\x00-\x09\x0b-\x1f\u202a-\u202e]", results)
    for same in ("ROSSI  –  BIANCHI", "Róssi – Biànchi", "rossi\u00a0– bianchi"):
        other = new_event(client)
        refused = post(client, other, f"{other}/entrants", lines=f"Rossi – Bianchi\n{same}")
        assert refused.status_code == 422, same
        assert "Two entrants have the same name." in refused.get_data(as_text=True), same
        sent = {**hidden_fields(client.get(other).get_data(as_text=True)), "lines": "Conti",
                "file": (io.BytesIO(f"Rossi;Bianchi\r{same}".encode()), "coppie.csv")}
        refused = client.post(f"{other}/entrants", data=sent,
                              content_type="multipart/form-data")
        assert "Two entrants have the same name." in refused.get_data(as_text=True), same


def test_a_tables_csv_export_never_runs_a_formula(site, client):
    """The table's export.csv passes its names through the evening's neutralizer: a name
    starting with = + - @ is written as text, as the evening's results write it."""
    from test_web_import_checks import COUNTS, _start

    data = {**hidden_fields(client.get("/tables/new").get_data(as_text=True)),
            "players": "Ana\nBia\nCaio\nDani", "zone": "Europe/Rome"}
    table = client.post("/tables/new", data=data).headers["Location"].rsplit("/t/", 1)[1]
    token = _start(client, table, [["Ana", "Bia"], ["Caio", "Dani"]], "400")
    assert site.save_deal(token, COUNTS, went_out="0").status_code == 302
    # renamed: the match's sides and name follow their players' names
    renamed = {**hidden_fields(client.get(f"/t/{table}/players").get_data(as_text=True)),
               "players-0-name": "=CMD|' /C calc'!A0", "players-1-name": "@SUM(A1)",
               "players-2-name": "+Caio", "players-3-name": "-Dani"}
    assert client.post(f"/t/{table}/players", data=renamed).status_code == 302
    rows = list(csv.reader(io.StringIO(client.get(f"/t/{table}/export.csv").get_data(
        as_text=True))))
    assert [row[1:7] for row in rows[1:]] == [
        ["'=CMD|' /C calc'!A0 & @SUM(A1) × +Caio & -Dani", "Buraco Aberto (Brazilian, open)", "1",
         "'=CMD|' /C calc'!A0 & @SUM(A1)", "'=CMD|' /C calc'!A0, @SUM(A1)", "465"],
        ["'=CMD|' /C calc'!A0 & @SUM(A1) × +Caio & -Dani", "Buraco Aberto (Brazilian, open)", "1",
         "'+Caio & -Dani", "'+Caio, -Dani", "30"]]


def test_the_season_and_the_lists_judge_names_by_one_key():
    """One key (``names.visible_key``) for an evening's entrants, a table's players, a
    match's sides and the season's entrants: case, spacing and accents aside."""
    from scorekeeper.names import visible_key
    from scorekeeper.rules.season import season_standings

    one = {"standings": [{"name": "Rossi – Bianchi", "vp": 15, "mp": 700}], "double": False}
    two = {"standings": [{"name": "RÓSSI  –  BIANCHI", "vp": 12, "mp": 500}], "double": False}
    season = season_standings([one, two], None, visible_key)
    assert [(s["name"], s["vp"], s["evenings"]) for s in season] == [
        ("Rossi – Bianchi", 27, [15, 12])]
    assert len({visible_key(n) for n in ("José", "jose", " JOSE\u200b", "Jo\u0073e\u0301")}) == 1
    assert len({visible_key(n) for n in ("Ana", "Anna", "Ána Bia", "Ana Bia")}) == 3
