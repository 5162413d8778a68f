"""Burro: letters per round, feints, who is out, the final ranking."""

from __future__ import annotations

import re

from web_support import hidden_fields


def _start(client, players=("Ana", "Bia", "Caio")) -> str:
    data = hidden_fields(client.get("/burro").get_data(as_text=True))
    data["players"] = "\n".join(players)
    response = client.post("/burro", data=data)
    assert response.status_code == 302
    return response.headers["Location"].rsplit("/b/", 1)[1]


def _round(client, token: str, **fields) -> object:
    html = client.get(f"/b/{token}").get_data(as_text=True)
    form = html.split(f'action="/b/{token}/round"')[1].split("</form>")[0]
    data = hidden_fields(form)
    data.update(fields)
    return client.post(f"/b/{token}/round", data=data)


def test_a_whole_game(client):
    token = _start(client, ("Ana", "Bia", "Caio", "Dani"))
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert "the four of each of A K Q J" in html
    for _ in range(5):
        assert _round(client, token, kind="loser", loser="Ana").status_code == 302
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert "BURRO" in html
    assert _round(client, token, kind="feint", feint_by="Bia", fooled="Caio").status_code == 302
    for _ in range(4):
        _round(client, token, kind="feint", feint_by="Caio")  # nobody fooled: Caio gets one
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert "Game over!" in html
    ranking = re.findall(r"<ol class=\"ranking\">(.*?)</ol>", html, re.S)[0]
    groups = re.findall(r"<li>(.*?)</li>", ranking)
    assert groups == ["Bia, Dani", "Caio", "Ana"]  # ex aequo share a place; first out is last


def test_round_errors(client):
    token = _start(client)
    response = _round(client, token, kind="loser", loser="Zed")
    assert response.status_code == 400
    response = _round(client, token, kind="feint")
    assert response.status_code == 422
    assert "Say who feinted." in response.get_data(as_text=True)


def test_undo_and_idempotency_and_stale_round(client):
    token = _start(client)
    html = client.get(f"/b/{token}").get_data(as_text=True)
    form = hidden_fields(html.split(f'action="/b/{token}/round"')[1].split("</form>")[0])
    data = dict(form, kind="loser", loser="Ana")
    assert client.post(f"/b/{token}/round", data=data).status_code == 302
    assert client.post(f"/b/{token}/round", data=data).status_code == 302  # same key: no-op
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert html.count("Ana lost") == 1
    stale = dict(form, kind="loser", loser="Bia", idem="another-key")
    response = client.post(f"/b/{token}/round", data=stale)
    assert response.status_code == 409
    undo = hidden_fields(html.split(f'action="/b/{token}/undo"')[1].split("</form>")[0])
    assert client.post(f"/b/{token}/undo", data=undo).status_code == 302
    assert "Ana lost" not in client.get(f"/b/{token}").get_data(as_text=True)


def test_bad_player_lists(client):
    data = hidden_fields(client.get("/burro").get_data(as_text=True))
    for players in ("Ana\nBia", "Ana\nAna\nBia", ""):
        data["players"] = players
        response = client.post("/burro", data=data)
        assert response.status_code == 422
        assert 'id="players-errors"' in response.get_data(as_text=True)


def test_read_only_burro_view(client):
    token = _start(client)
    html = client.get(f"/b/{token}/share").get_data(as_text=True)
    view = re.search(r"/bv/([^\"/]+)\"", html).group(1)
    page = client.get(f"/bv/{view}").get_data(as_text=True)
    assert "<form" not in page
    assert "Ana" in page
    assert client.get(f"/bv/{view}/version.json").get_json()["version"] == 1
    assert client.post(f"/bv/{view}").status_code == 405


def test_the_feinter_ticked_among_the_fooled_is_told_not_a_500(client):
    token = _start(client)
    response = _round(client, token, kind="feint", feint_by="Bia", fooled=["Bia", "Caio"])
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "players other than the one who feinted" in html
    assert "BU" not in re.findall(r'class="letters"[^>]*>([^<]*)<', html)
