"""Tables: the same people across matches. A table is made with its players, reached by its
own link (and QR code), listed on the home page of the phones that opened it; its matches
are started from it, their sides chosen among its players; a player renamed keeps their
matches; a match started without a table works as before."""

from __future__ import annotations

import re

from sqlalchemy import select
from web_support import hidden_fields

from scorekeeper.db import get_db
from scorekeeper.models import Match, Table


def _table(client, players: str = "Ana\nBia\nCaio\nDani", name: str = "",
           zone: str = "Europe/Rome") -> str:
    data = hidden_fields(client.get("/tables/new").get_data(as_text=True))
    data.update(players=players, name=name, zone=zone)
    response = client.post("/tables/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return str(response.headers["Location"]).rsplit("/t/", 1)[1]


def _player_ids(app, token: str) -> dict[str, int]:
    with app.app_context(), get_db().read_sessions() as db:
        table = db.scalar(select(Table).where(Table.edit_token == token))
        return {p.name: p.id for p in table.players}


def _stored_match(app, edit: str) -> tuple[int | None, list[dict]]:
    with app.app_context(), get_db().read_sessions() as db:
        match = db.scalar(select(Match).where(Match.edit_token == edit))
        return match.table_id, match.sides


def _start(client, table: str, seats: list[list[int]], **fields) -> str:
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    data = [*hidden_fields(page).items(), ("profile", "buraco-aberto")]
    for i, ids in enumerate(seats):
        data += [(f"sides-{i}-seats", str(s)) for s in ids]
    data += list(fields.items())
    from werkzeug.datastructures import MultiDict

    response = client.post("/matches/new", data=MultiDict(data))
    assert response.status_code == 302, response.get_data(as_text=True)[-2500:]
    return str(response.headers["Location"]).rsplit("/m/", 1)[1]


def test_a_table_is_made_with_its_players_and_kept_on_the_phone(client, app):
    token = _table(client, "Ana\n  Bia \n\n\u200b\nCaio\nDani", name="Friday")
    assert len(token) == 22
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "<h1>Friday</h1>" in page
    assert '<p class="muted">Ana, Bia, Caio, Dani</p>' in page
    assert f'href="/matches/new?table={token}"' in page
    assert f"http://localhost/t/{token}" in page  # its link, and its QR code
    assert "<svg" in page
    assert "The matches of this table will be listed here." in page
    assert list(_player_ids(app, token)) == ["Ana", "Bia", "Caio", "Dani"]
    # the phone that opened it lists it on its home page
    home = client.get("/").get_data(as_text=True)
    assert "Our tables" in home
    assert re.search(rf'href="/t/{token}"><b>Friday</b><span>Ana, Bia, Caio, Dani</span>', home)
    # another phone, with the link: the table is there too, and on its home page
    other = app.test_client()
    assert "Our tables" not in other.get("/").get_data(as_text=True)
    assert other.get(f"/t/{token}").status_code == 200
    assert "Friday" in other.get("/").get_data(as_text=True)
    # the same form sent twice makes one table; a name left empty is its players'
    assert _table(client, "Eva\nFabio") != token
    second = client.get("/").get_data(as_text=True)
    assert "<b>Eva · Fabio</b>" in second


def test_a_table_refuses_what_cannot_be_a_table_and_says_why(client, app):
    for players, said in (("Ana", "A table has 2 to 24 players; you named 1."),
                          ("Ana\nana\u0301x\nAna", "Two players have the same name."),
                          ("Ana\n" + "B" * 41, "A player&#39;s name has at most 40 characters.")):
        data = hidden_fields(client.get("/tables/new").get_data(as_text=True))
        data["players"] = players
        response = client.post("/tables/new", data=data)
        assert response.status_code == 422, players
        assert said in response.get_data(as_text=True), players
    with app.app_context(), get_db().read_sessions() as db:
        assert db.scalars(select(Table)).all() == []
    assert client.get("/t/unknown").status_code == 404
    assert client.get("/t/" + "x" * 65).status_code == 404
    assert client.get("/matches/new?table=unknown").status_code == 404


def test_a_match_from_a_table_seats_its_players_and_keeps_them_renamed(client, app):
    token = _table(client)
    ids = _player_ids(app, token)
    page = client.get(f"/matches/new?table={token}").get_data(as_text=True)
    assert "<h1>New match · Ana · Bia · Caio · Dani</h1>" in page
    assert page.count('name="sides-0-seats"') == 4
    assert 'name="sides-0-players"' not in page  # chosen among the table's players
    edit = _start(client, token, [[ids["Ana"], ids["Caio"]], [ids["Bia"], ids["Dani"]]])
    table_id, sides = _stored_match(app, edit)
    assert table_id is not None
    assert sides == [
        {"name": "Ana & Caio", "players": ["Ana", "Caio"], "seats": [ids["Ana"], ids["Caio"]]},
        {"name": "Bia & Dani", "players": ["Bia", "Dani"], "seats": [ids["Bia"], ids["Dani"]]}]
    board = client.get(f"/m/{edit}").get_data(as_text=True)
    assert "<h1>Ana &amp; Caio × Bia &amp; Dani</h1>" in board
    # the table lists it
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Matches in progress" in page
    assert f'href="/m/{edit}"><b>Ana &amp; Caio × Bia &amp; Dani</b>' in page

    # Caio is renamed Carlos, and Eva joins: the same ids, the match still theirs
    players = client.get(f"/t/{token}/players").get_data(as_text=True)
    data = hidden_fields(players)
    assert [data[f"players-{i}-id"] for i in range(4)] == [str(ids[n]) for n in
                                                          ("Ana", "Bia", "Caio", "Dani")]
    data.update({f"players-{i}-name": n for i, n in enumerate(("Ana", "Bia", "Carlos", "Dani"))})
    data["new"] = "Eva"
    response = client.post(f"/t/{token}/players", data=data)
    assert response.status_code == 302, re.findall(r'class="errors[^"]*"[^>]*>(.*?)</ul>',
                                                   response.get_data(as_text=True), re.S)
    renamed = _player_ids(app, token)
    assert renamed == {"Ana": ids["Ana"], "Bia": ids["Bia"], "Carlos": ids["Caio"],
                       "Dani": ids["Dani"], "Eva": renamed["Eva"]}
    assert _stored_match(app, edit)[1][0]["seats"] == [ids["Ana"], ids["Caio"]]
    # the players form sent again (its answer lost) changes nothing more
    assert client.post(f"/t/{token}/players", data=data).status_code == 302
    assert len(_player_ids(app, token)) == 5
    # a new match seats Carlos by his new name
    again = _start(client, token, [[ids["Caio"], ids["Bia"]], [renamed["Eva"], ids["Dani"]]])
    assert _stored_match(app, again)[1][0]["players"] == ["Carlos", "Bia"]


def test_a_player_sits_on_one_side_only_and_only_the_tables_players_sit(client, app):
    token = _table(client)
    ids = _player_ids(app, token)
    other = _player_ids(app, _table(client, "Zoe\nYan"))
    for seats, said in (([[ids["Ana"], ids["Bia"]], [ids["Bia"], ids["Caio"]]],
                         "A player can sit on one side only."),
                        ([[ids["Ana"]], [other["Zoe"]]], "is not a valid choice for this field.")):
        page = client.get(f"/matches/new?table={token}").get_data(as_text=True)
        data = [*hidden_fields(page).items(), ("profile", "buraco-aberto")]
        for i, side in enumerate(seats):
            data += [(f"sides-{i}-seats", str(s)) for s in side]
        from werkzeug.datastructures import MultiDict

        response = client.post("/matches/new", data=MultiDict(data))
        assert response.status_code == 200, seats
        assert said in response.get_data(as_text=True), seats
    with app.app_context(), get_db().read_sessions() as db:
        assert db.scalars(select(Match)).all() == []


def test_renaming_refuses_a_name_twice_and_a_stale_form(client, app):
    token = _table(client)
    first = hidden_fields(client.get(f"/t/{token}/players").get_data(as_text=True))
    second = dict(first)
    clash = {**first, "players-1-name": "Ana"}
    response = client.post(f"/t/{token}/players", data=clash)
    assert response.status_code == 422
    assert "Two players have the same name." in response.get_data(as_text=True)
    assert client.post(f"/t/{token}/players", data={**first, "new": "Eva"}).status_code == 302
    # a form opened before that change: nothing saved, the players as they are now
    second["players-0-name"] = "Anna"
    second["idem"] = "another-key-of-this-form"
    response = client.post(f"/t/{token}/players", data=second)
    assert response.status_code == 409
    html = response.get_data(as_text=True)
    assert "The players changed on another phone: nothing of yours was saved." in html
    assert 'value="Eva"' in html
    assert list(_player_ids(app, token)) == ["Ana", "Bia", "Caio", "Dani", "Eva"]


def test_a_table_keeps_the_time_zone_of_the_phone_that_made_it(client, app):
    page = client.get("/tables/new").get_data(as_text=True)
    assert 'name="zone" type="hidden" value=""' in page  # app.js fills it in
    for zone, kept in (("America/Sao_Paulo", "America/Sao_Paulo"), ("", "UTC"),
                       ("Mars/Olympus", "UTC"), ("../../etc/passwd", "UTC"), ("x" * 65, "UTC")):
        token = _table(client, "Ana\nBia", zone=zone)
        with app.app_context(), get_db().read_sessions() as db:
            assert db.scalar(select(Table.zone).where(Table.edit_token == token)) == kept, zone
