"""Names as players type them, and as an attacker would: always text, always told apart."""

from __future__ import annotations

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
