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
    assert "Bia feinted, so cannot also have fallen for it" in html
    assert 'id="fooled-errors"' in html  # next to the question, on the feint's page
    assert 'name="feint_by" value="Bia"' in html  # still about Bia's feint
    assert "BU" not in re.findall(r'class="letters"[^>]*>([^<]*)<', html)


def _buttons(html: str, name: str) -> list[str]:
    return re.findall(rf'<button type="submit" name="{name}" value="([^"]*)"', html)


def test_who_lost_is_one_button_per_player_and_none_is_chosen_for_you(client):
    token = _start(client)
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert "Who lost this round?" in html
    assert _buttons(html, "loser") == ["Ana", "Bia", "Caio"]
    assert "<select" not in html
    assert not re.search(r"<input[^>]*\bchecked\b", html)  # no button chosen beforehand
    assert "selected" not in html
    # a form sent without a loser (no button pressed) saves nothing and says why
    response = _round(client, token)
    assert response.status_code == 422
    assert "Say who lost." in response.get_data(as_text=True)
    assert _round(client, token, loser="Bia").status_code == 302  # the tap on Bia
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert re.findall(r'class="letters"[^>]*>([^<]*)<', html) == ["·", "B", "·"]


def test_a_player_out_of_the_game_has_no_button(client):
    token = _start(client, ("Ana", "Bia", "Caio", "Dani"))
    for _ in range(5):
        _round(client, token, loser="Dani")
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert _buttons(html, "loser") == ["Ana", "Bia", "Caio"]
    assert _round(client, token, loser="Dani").status_code == 400


def test_a_feint_one_question_at_a_time(client):
    token = _start(client)
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert f'href="/b/{token}/feint"' in html
    step1 = client.get(f"/b/{token}/feint").get_data(as_text=True)
    assert "Who feinted?" in step1
    assert "<form" not in step1.split("<main>")[1]
    links = re.findall(rf'href="/b/{token}/feint\?by=([^"]+)"', step1)
    assert links == ["Ana", "Bia", "Caio"]
    step2 = client.get(f"/b/{token}/feint?by=Bia").get_data(as_text=True)
    assert "Who fell for it?" in step2
    offered = re.findall(r'name="fooled"[^>]*value="([^"]*)"', step2)
    assert offered == ["Ana", "Caio"]  # never the feinter
    assert "If nobody fell for it, Bia takes the letter." in step2
    data = hidden_fields(step2.split(f'action="/b/{token}/round"')[1].split("</form>")[0])
    assert data["kind"] == "feint"
    assert data["feint_by"] == "Bia"
    saved = client.post(f"/b/{token}/round", data=dict(data, fooled=["Ana", "Caio"]))
    assert saved.status_code == 302
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert re.findall(r'class="letters"[^>]*>([^<]*)<', html) == ["B", "·", "B"]
    assert "Bia feinted; fooled: Ana, Caio" in html
    # a feinter who is no player of this game is not offered a form
    unknown = client.get(f"/b/{token}/feint?by=Zed").get_data(as_text=True)
    assert "Who feinted?" in unknown
    assert "Who fell for it?" not in unknown


def test_play_again_with_the_same_players(client):
    token = _start(client, ("Ana", "Bia", "Caio"))
    for _ in range(5):
        _round(client, token, loser="Ana")
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert "Game over!" in html
    again = hidden_fields(html.split(f'action="/b/{token}/again"')[1].split("</form>")[0])
    response = client.post(f"/b/{token}/again", data=again)
    assert response.status_code == 302
    new = response.headers["Location"].rsplit("/b/", 1)[1]
    assert new != token
    # the same tap again (a double tap) leads to the same new game, not a third one
    assert client.post(f"/b/{token}/again", data=again).headers["Location"].endswith(new)
    html = client.get(f"/b/{new}").get_data(as_text=True)
    assert _buttons(html, "loser") == ["Ana", "Bia", "Caio"]
    assert "Ana · Bia · Caio" in html
    assert "Game over!" not in html
    home = client.get("/").get_data(as_text=True)
    assert home.count("Ana · Bia · Caio") == 2  # both games kept on this phone
    # play again only once the game is over
    assert f'/b/{new}/again' not in html


def test_delete_a_game_after_a_confirmation(client):
    token = _start(client)
    _round(client, token, loser="Ana")
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert f'href="/b/{token}/delete"' in html
    page = client.get(f"/b/{token}/delete").get_data(as_text=True)
    assert "Delete this game?" in page
    assert "Rounds played: 1." in page
    confirm = hidden_fields(page.split("<main>")[1])
    # a round saved after the confirmation was asked for: nothing is deleted
    _round(client, token, loser="Bia")
    response = client.post(f"/b/{token}/delete", data=confirm)
    assert response.status_code == 409
    assert "nothing was deleted" in response.get_data(as_text=True)
    confirm = hidden_fields(response.get_data(as_text=True).split("<main>")[1])
    response = client.post(f"/b/{token}/delete", data=confirm)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    assert client.get(f"/b/{token}").status_code == 404
    assert "Ana · Bia · Caio" not in client.get("/").get_data(as_text=True)
    # the same confirmation again (a double tap) goes home too, never to an error
    again = client.post(f"/b/{token}/delete", data=confirm)
    assert again.status_code == 302
    assert again.headers["Location"] == "/"
    # without its form's key and token, nothing is deleted
    other = _start(client)
    assert client.post(f"/b/{other}/delete", data={}).status_code == 400
    assert client.get(f"/b/{other}").status_code == 200


def test_players_who_are_out_are_no_longer_dealt_for(client):
    """Seed 002 "Cartes": as many ranks of four as players; one out, one rank fewer."""
    token = _start(client, ("Ana", "Bia", "Caio", "Dani"))
    for _ in range(5):  # B, U, R, R, O: Ana is out
        assert _round(client, token, kind="loser", loser="Ana").status_code == 302
    html = client.get(f"/b/{token}").get_data(as_text=True)
    assert "the four of each of A K Q<" in html
    assert "A K Q J" not in html
