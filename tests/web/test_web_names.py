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
