"""Tables: the same people across matches. A table is made with its players, reached by its
own link (and QR code), listed on the home page of the phones that opened it; its matches
are started from it, their sides chosen among its players; a player renamed keeps their
matches; a match started without a table works as before."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader
from sqlalchemy import select
from web_support import SEED_001_DEAL, Site, hidden_fields

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


def _start(client, table: str, seats: list[list[int]], profile: str = "buraco-aberto",
           **fields) -> str:
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    data = [*hidden_fields(page).items(), ("profile", profile)]
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
    people = re.search(r'<ul class="people">(.*?)</ul>', page, re.S).group(1)
    assert re.findall(r">([^<]+)</a>", people) == ["Ana", "Bia", "Caio", "Dani"]
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

    # a deal being entered while Caio is renamed Carlos, and Eva joins
    site = Site(client)
    deal = site.deal_data(edit, SEED_001_DEAL, went_out="0")
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
    # the match follows: its side (named after its players) and its name say Carlos
    table_id, sides = _stored_match(app, edit)
    assert sides[0] == {"name": "Ana & Carlos", "players": ["Ana", "Carlos"],
                        "seats": [ids["Ana"], ids["Caio"]]}
    assert sides[1]["name"] == "Bia & Dani"
    board = client.get(f"/m/{edit}").get_data(as_text=True)
    assert "<h1>Ana &amp; Carlos × Bia &amp; Dani</h1>" in board
    assert "Caio" not in board
    for url in (f"/t/{token}", f"/t/{token}/export.csv", f"/t/{token}/export.json",
                f"/m/{edit}/seating", f"/m/{edit}/dealer", f"/m/{edit}/deals/new"):
        assert "Caio" not in client.get(url).get_data(as_text=True), url
    summary = client.get(f"/m/{edit}/summary.pdf")
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(summary.data)).pages)
    assert "Carlos" in text
    assert "Caio" not in text
    # the table named after its players too; the deal entered meanwhile is saved
    assert "<title>Ana · Bia · Carlos · Dani · Eva · Scorekeeper</title>" in \
        client.get(f"/t/{token}").get_data(as_text=True)
    assert client.post(f"/m/{edit}/deals/new", data=deal).status_code == 302
    assert "465" in site.board(edit)
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


def _counts(site, edit: str, side0: int, side1: int, went_out: str) -> None:
    """A deal by counts: the side that went out has a clean canastra (200) and going out
    (100) on top of its cards on the table; the other side its cards (seed 001 §04)."""
    sides = [{"mode": "counts", "table_points": side0}, {"mode": "counts", "table_points": side1}]
    if went_out:
        sides[int(went_out)]["clean"] = 1
    response = site.save_deal(edit, sides, went_out=went_out)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]


def _lines(html: str, caption: str) -> list[tuple[str, ...]]:
    part = html.split(f"<caption>{caption}</caption>", 1)[1].split("</table>", 1)[0]
    return re.findall(r'<tr><td>(\d+)</td><th scope="row">([^<]*)</th><td>([^<]*)</td>\s*'
                      r'<td>([^<]*)</td><td>([^<]*)</td></tr>', part)


def test_the_evening_ranks_players_and_pairs_by_matches_won_then_points(site, client, app):
    from datetime import UTC, datetime, timedelta
    from zoneinfo import ZoneInfo

    from sqlalchemy import update

    token = _table(client, zone="Europe/Rome")
    ids = _player_ids(app, token)
    ana, bia, caio, dani = (ids[n] for n in ("Ana", "Bia", "Caio", "Dani"))
    played = []
    # target 400: one deal with a canastra and going out ends each match
    for seats, deal in (([[ana, bia], [caio, dani]], (150, 40, "0")),   # Ana & Bia 450 – 40
                        ([[ana, caio], [bia, dani]], (70, 200, "1")),   # Bia & Dani 500 – 70
                        ([[ana, dani], [bia, caio]], (110, 90, "0"))):  # Ana & Dani 410 – 90
        edit = _start(client, token, seats, target="400")
        _counts(site, edit, *deal)
        played.append(edit)
    # still in progress: 50 – 30, nobody out; not counted
    waiting = _start(client, token, [[ana, bia], [caio, dani]], target="400")
    _counts(site, waiting, 50, 30, "")
    # two evenings ago, Caio & Dani won: another evening
    earlier = _start(client, token, [[caio, dani], [ana, bia]], target="400")
    _counts(site, earlier, 300, 0, "0")
    with app.app_context(), get_db().writing() as db:
        db.execute(update(Match).where(Match.edit_token == earlier)
                   .values(created=datetime.now(UTC).replace(tzinfo=None) - timedelta(days=2)))

    today = datetime.now(ZoneInfo("Europe/Rome")).date()
    before = today - timedelta(days=2)
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert f'href="/t/{token}/night/{today.isoformat()}"' in page
    assert f'href="/t/{token}/night/{before.isoformat()}"' in page
    night = client.get(f"/t/{token}/night/{today.isoformat()}").get_data(as_text=True)
    # by hand: Ana 450 + 70 + 410 = 930, won 2; Bia 450 + 500 + 90 = 1,040, won 2;
    # Caio 40 + 70 + 90 = 200, won 0; Dani 40 + 500 + 410 = 950, won 2
    assert _lines(night, "Players") == [("1", "Bia", "2", "3", "1,040"),
                                        ("2", "Dani", "2", "3", "950"),
                                        ("3", "Ana", "2", "3", "930"),
                                        ("4", "Caio", "0", "3", "200")]
    assert _lines(night, "Pairs") == [("1", "Bia &amp; Dani", "1", "1", "500"),
                                      ("2", "Ana &amp; Bia", "1", "1", "450"),
                                      ("3", "Ana &amp; Dani", "1", "1", "410"),
                                      ("4", "Bia &amp; Caio", "0", "1", "90"),
                                      ("5", "Ana &amp; Caio", "0", "1", "70"),
                                      ("6", "Caio &amp; Dani", "0", "1", "40")]
    assert "1 match still in progress is not counted." in night
    # printed: the same rankings in a PDF, read back
    import io

    from pypdf import PdfReader

    sheet = client.get(f"/t/{token}/night/{today.isoformat()}.pdf?lang=fr")
    assert sheet.headers["Content-Type"] == "application/pdf"
    assert sheet.data.startswith(b"%PDF-")
    text = re.sub(r"[\s\u00a0\u202f]+", " ", "\n".join(
        page.extract_text() for page in PdfReader(io.BytesIO(sheet.data)).pages))
    assert "Soirée du" in text
    for line in ("1 Bia 2 3 1 040", "2 Dani 2 3 950", "3 Ana 2 3 930", "4 Caio 0 3 200",
                 "1 Bia & Dani 1 1 500", "6 Caio & Dani 0 1 40",
                 "1 partie encore en cours n’est pas comptée."):
        assert line in text, (line, text)
    assert client.get(f"/t/{token}/night/someday.pdf").status_code == 404
    for edit in [*played, waiting]:
        assert f'href="/m/{edit}"' in night
    assert f'href="/m/{earlier}"' not in night
    # the other evening: Caio & Dani's win alone; Caio renamed Carlos keeps it
    data = hidden_fields(client.get(f"/t/{token}/players").get_data(as_text=True))
    data.update({f"players-{i}-name": n for i, n in enumerate(("Ana", "Bia", "Carlos", "Dani"))})
    assert client.post(f"/t/{token}/players", data=data).status_code == 302
    other = client.get(f"/t/{token}/night/{before.isoformat()}").get_data(as_text=True)
    assert _lines(other, "Players") == [("1", "Carlos", "1", "1", "600"),
                                        ("1", "Dani", "1", "1", "600"),
                                        ("3", "Ana", "0", "1", "0"),
                                        ("3", "Bia", "0", "1", "0")]
    assert "still in progress" not in other
    # head to head, all evenings, in the order played: the earlier evening's match first.
    # Ana & Bia against Caio & Dani: 0 – 600 lost, then 450 – 40 won: −600 + 410 = −190
    pair = client.get(f"/t/{token}/versus?a={ana}&a={bia}&b={caio}&b={dani}")
    html = pair.get_data(as_text=True)
    assert "<h2>Ana &amp; Bia <span class=\"muted\">×</span> Carlos &amp; Dani</h2>" in html
    assert re.search(r"<tbody><tr><td>2</td><td>1</td><td>1</td>\s*<td>−190</td></tr>", html)
    assert re.findall(r'<b class="(won|lost)"', html) == ["lost", "won"]
    assert re.findall(r'<rect class="(won|lost)"', html) == ["lost", "won"]  # −600, +410
    # each result names its match, its day and its score, and leads to it
    games = re.findall(r'<li><a href="/m/([^"]+)"><b class="(?:won|lost)">([^<]*)</b>\s*'
                       r'<span>([^<]*)</span>', html)
    assert [(result, text.split(" · ")[0], text.split(" · ")[-1])
            for _edit, result, text in games] == [
        ("lost −600", "Carlos &amp; Dani × Ana &amp; Bia", "600 – 0"),
        ("won +410", "Ana &amp; Bia × Carlos &amp; Dani", "450 – 40")]
    # Ana against Bia: 70 – 500 lost, then 410 – 90 won: −430 + 320 = −110
    html = client.get(f"/t/{token}/versus?a={ana}&b={bia}").get_data(as_text=True)
    assert re.search(r"<tbody><tr><td>2</td><td>1</td><td>1</td>\s*<td>−110</td></tr>", html)
    assert re.findall(r'<b class="(won|lost)"', html) == ["lost", "won"]
    # never on opposite sides; a question asked by halves, or about one player twice
    html = client.get(f"/t/{token}/versus?a={ana}&a={bia}&b={caio}&b={bia}")
    assert "Choose different players on each side." in html.get_data(as_text=True)
    html = client.get(f"/t/{token}/versus?a={ana}").get_data(as_text=True)
    assert "Choose one or two players on each side." in html
    # Ana: 0 + 450 + 70 + 410 = 930 in 4 matches, 2 won; her best partners Bia and Dani
    # (a tie: she won once with each, said as a tie); her toughest opponent Dani (lost to
    # Caio & Dani, then to Bia & Dani)
    html = client.get(f"/t/{token}/p/{ana}").get_data(as_text=True)
    assert "<h1>Ana</h1>" in html
    assert "<tbody><tr><td>4</td><td>2</td><td>930</td></tr></tbody>" in html
    # her results over time: 0 lost, 450 won, 70 lost, 410 won
    assert re.findall(r'<rect class="(won|lost)"[^>]*><title>([^<]*)</title>', html) == [
        ("lost", "0"), ("won", "450"), ("lost", "70"), ("won", "410")]
    said = re.sub(r"\s+", " ", html)
    assert "Best partners (a tie): <b>Bia and Dani</b> (1 match won with each)" in said
    assert "Toughest opponent: <b>Dani</b> (2 matches lost against)" in said
    assert client.get(f"/t/{token}/p/999999").status_code == 404
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert f'href="/t/{token}/p/{ana}">Ana</a>' in page
    # an evening without a match, or no date at all
    empty = client.get(f"/t/{token}/night/2001-01-01").get_data(as_text=True)
    assert "No match finished that evening." in empty
    assert client.get(f"/t/{token}/night/yesterday").status_code == 404
    assert client.get("/t/unknown/night/2001-01-01").status_code == 404


def test_standings_share_a_rank_only_when_equal_on_wins_and_points():
    from scorekeeper.standings import Played, standings

    players, pairs = standings([Played(sides=[[1, 2], [3, 4]], totals=[500, 100], winner=0),
                                Played(sides=[[3, 1], [2, 4]], totals=[500, 100], winner=0),
                                Played(sides=[[5], [6], [7]], totals=[-50, 20, 300], winner=2)])
    assert [(line.who, line.rank, line.won, line.played, line.points) for line in players] == [
        ((1,), 1, 2, 2, 1000), ((2,), 2, 1, 2, 600), ((3,), 2, 1, 2, 600),
        ((7,), 4, 1, 1, 300), ((4,), 5, 0, 2, 200), ((6,), 6, 0, 1, 20),
        ((5,), 7, 0, 1, -50)]
    assert [(line.who, line.rank, line.points) for line in pairs] == [
        ((1, 2), 1, 500), ((1, 3), 1, 500), ((2, 4), 3, 100), ((3, 4), 3, 100)]


def test_a_table_exported_reads_back_on_another_server_with_the_same_results(
        site, client, app, template_db, tmp_path):
    import json
    import shutil
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from scorekeeper.app import create_app

    token = _table(client, zone="America/Sao_Paulo", name="Sexta")
    ids = _player_ids(app, token)
    ana, bia, caio, dani = (ids[n] for n in ("Ana", "Bia", "Caio", "Dani"))
    first = _start(client, token, [[ana, bia], [caio, dani]], target="400")
    _counts(site, first, 150, 40, "0")  # 450 – 40
    second = _start(client, token, [[ana, caio], [bia, dani]], target="300")
    # card by card: 5♥…J♥ is a clean canastra, 55 + 200 + 100 = 355, none in hand;
    # 3♠ 4♠ 5♠ is 15, 25 in hand: −10 (seed 001 §03, §04, §09)
    cards = [{"mode": "cards", "melds": "5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"},
             {"mode": "cards", "melds": "3♠ 4♠ 5♠", "hand_points": 25}]
    assert site.save_deal(second, cards, went_out="0").status_code == 302
    # who sits where and who dealt first travel with the match
    page = client.get(f"/m/{second}/seating?order=0,3").get_data(as_text=True)
    assert client.post(f"/m/{second}/seating",
                       data={**hidden_fields(page), "order": "0,3,2,1"}).status_code == 302
    page = client.get(f"/m/{second}/dealer").get_data(as_text=True)
    assert client.post(f"/m/{second}/dealer",
                       data={**hidden_fields(page), "seat": "2"}).status_code == 302
    exported = client.get(f"/t/{token}/export.json")
    disposition = exported.headers["Content-Disposition"]
    day = datetime.now(ZoneInfo("America/Sao_Paulo")).date().isoformat()
    assert disposition == f'attachment; filename="scorekeeper-sexta-{day}.json"'
    doc = json.loads(exported.get_data(as_text=True))
    assert doc["scorekeeper"] == "table"
    assert [p["name"] for p in doc["players"]] == ["Ana", "Bia", "Caio", "Dani"]
    assert [m["totals"] for m in doc["matches"]] == [[450, 40], [355, -10]]
    assert doc["matches"][1]["deals"][0]["sides"][0]["melds"] == ["5H 6H 7H 8H 9H 10H JH"]
    assert doc["matches"][1]["seating"] == [[0, 0], [1, 1], [0, 1], [1, 0]]
    assert doc["matches"][1]["first_dealer"] == 2
    assert (doc["matches"][0]["seating"], doc["matches"][0]["first_dealer"]) == (None, None)
    # the spreadsheet: a line per deal and side
    sheet = client.get(f"/t/{token}/export.csv").get_data(as_text=True).splitlines()
    assert sheet[0] == "Date,Match,Rules,Deal,Side,Players,Points,Total"
    assert [line.split(",")[-2:] for line in sheet[1:]] == [["450", "450"], ["40", "40"],
                                                            ["355", "355"], ["-10", "-10"]]
    assert '"Ana, Bia"' in sheet[1]
    assert sheet[1].split(",")[2].startswith('"Buraco Aberto (')  # the rules by their name
    assert client.get(f"/t/{token}/export.csv").headers["Content-Disposition"] == \
        f'attachment; filename="scorekeeper-sexta-{day}.csv"'

    # another server, another database: the file reads back as a new table
    other_db = tmp_path / "other.sqlite3"
    shutil.copyfile(template_db, other_db)
    other_app = create_app({"TESTING": True, "SECRET_KEY": "other",
                            "DATABASE_URL": f"sqlite:///{other_db}"})
    other = other_app.test_client()
    form = hidden_fields(other.get("/tables/import").get_data(as_text=True))
    import io

    answer = other.post("/tables/import", data={
        **form, "file": (io.BytesIO(exported.data), "scorekeeper-table.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 302, answer.get_data(as_text=True)[-1500:]
    copy = answer.headers["Location"].rsplit("/t/", 1)[1]
    assert copy != token
    again = json.loads(other.get(f"/t/{copy}/export.json").get_data(as_text=True))
    # the same players, matches, deals and totals; only the ids are the new server's
    assert again["name"] == "Sexta"
    assert again["zone"] == "America/Sao_Paulo"
    assert [p["name"] for p in again["players"]] == ["Ana", "Bia", "Caio", "Dani"]
    for mine, theirs in zip(doc["matches"], again["matches"], strict=True):
        assert {k: v for k, v in theirs.items() if k != "sides"} == \
            {k: v for k, v in mine.items() if k != "sides"}
        assert [s["players"] for s in theirs["sides"]] == [s["players"] for s in mine["sides"]]
    # and the same statistics
    new = {p["name"]: p["id"] for p in again["players"]}
    for base, tok, who in ((client, token, ids), (other, copy, new)):
        night = base.get(f"/t/{tok}/night/{_local_day(doc['matches'][0]['created'])}")
        assert _lines(night.get_data(as_text=True), "Players") == [
            ("1", "Ana", "2", "2", "805"), ("2", "Bia", "1", "2", "440"),
            ("3", "Caio", "1", "2", "395"), ("4", "Dani", "0", "2", "30")], tok
        html = base.get(f"/t/{tok}/versus?a={who['Ana']}&b={who['Bia']}").get_data(as_text=True)
        assert re.search(r"<tbody><tr><td>1</td><td>1</td><td>0</td>\s*<td>\+365</td></tr>", html)
    # sent twice, it is read back once; another file with the same form is another table
    assert other.post("/tables/import", data={
        **form, "file": (io.BytesIO(exported.data), "t.json")},
        content_type="multipart/form-data").headers["Location"].endswith(copy)
    smaller = json.dumps({**doc, "matches": doc["matches"][:1]}).encode()
    third = other.post("/tables/import", data={**form, "file": (io.BytesIO(smaller), "t.json")},
                       content_type="multipart/form-data").headers["Location"]
    assert not third.endswith(copy)
    assert len(json.loads(other.get(third + "/export.json").get_data(as_text=True))["matches"]) == 1


def test_an_imported_table_keeps_each_match_s_tally_and_its_pages_score_no_deal(
        site, client, app, monkeypatch):
    import json

    from scorekeeper import rules
    from scorekeeper.app import create_app
    from scorekeeper.web import scoreboard, tally

    token = _table(client)
    ids = _player_ids(app, token)
    edit = _start(client, token, [[ids["Ana"], ids["Bia"]], [ids["Caio"], ids["Dani"]]])
    _counts(site, edit, 150, 40, "0")
    _counts(site, edit, 70, 230, "1")
    exported = client.get(f"/t/{token}/export.json").data
    form = hidden_fields(client.get("/tables/import").get_data(as_text=True))
    answer = client.post("/tables/import", data={**form, "file": (io.BytesIO(exported), "t.json")},
                         content_type="multipart/form-data")
    copy = answer.headers["Location"].rsplit("/t/", 1)[1]
    with app.app_context(), get_db().read_sessions() as db:
        table = db.scalar(select(Table).where(Table.edit_token == copy))
        (match,) = db.scalars(select(Match).where(Match.table_id == table.id)).all()
        kept = tally.stored(match.id, match.version)
        # the tally a save of the same deals keeps: the referee's document as pages show it
        scored = tally.shown(rules.match_document(match.match_input()))
        assert kept == json.loads(json.dumps(scored))
        assert kept["totals"] == [450 + 70, 40 + 530]
        imported = match.edit_token
    # another server process, which never saw the match, shows the table and the match
    # from the tallies alone: no deal is scored
    rules.clear_caches()
    second = create_app({"TESTING": True, "SECRET_KEY": "test",
                         "DATABASE_URL": app.config["DATABASE_URL"]})
    other = second.test_client()

    def scoring(*_args, **_kwargs):
        raise AssertionError("a deal was scored")

    monkeypatch.setattr(scoreboard, "_compute", scoring)
    try:
        assert "520" in other.get(f"/t/{copy}").get_data(as_text=True)
        assert "570" in other.get(f"/m/{imported}").get_data(as_text=True)
    finally:
        get_db(second).engine.dispose()  # its connections closed, not left to the collector


def _local_day(created: str) -> str:
    from datetime import UTC, datetime
    from zoneinfo import ZoneInfo

    moment = datetime.fromisoformat(created).replace(tzinfo=UTC)
    return moment.astimezone(ZoneInfo("America/Sao_Paulo")).date().isoformat()


def test_a_file_that_is_no_table_or_whose_results_differ_is_refused_and_nothing_made(
        site, client, app):
    import io
    import json

    token = _table(client)
    ids = _player_ids(app, token)
    edit = _start(client, token, [[ids["Ana"], ids["Bia"]], [ids["Caio"], ids["Dani"]]],
                  target="400")
    _counts(site, edit, 150, 40, "0")
    doc = json.loads(client.get(f"/t/{token}/export.json").get_data(as_text=True))
    tampered = json.loads(json.dumps(doc))
    tampered["matches"][0]["totals"] = [450, 400]
    broken = json.loads(json.dumps(doc))
    broken["matches"][0]["deals"][0]["sides"][0]["counts"]["table_points"] = "lots"
    for body, said in (
            (b"not json", "This file is not a table exported by Scorekeeper."),
            (b"[" * 5000, "The file: The document is nested more than 32 levels deep"),
            (json.dumps({**doc, "version": 9}).encode(), "exported by another version"),
            (json.dumps({**doc, "players": doc["players"][:1]}).encode(),
             "Players: A table has 2 to 24 players; you named 1."),
            (json.dumps(tampered).encode(),
             "Match 1 (Ana &amp; Bia × Caio &amp; Dani): scored here, its totals are 450 – 40; "
             "the file says 450 – 400. Nothing was imported."),
            (json.dumps(broken).encode(), "Match 1 (Ana &amp; Bia × Caio &amp; Dani): "),
            (b"\xff\xfe", "This file is not a table exported by Scorekeeper.")):
        form = hidden_fields(client.get("/tables/import").get_data(as_text=True))
        answer = client.post("/tables/import", data={**form, "file": (io.BytesIO(body), "t.json")},
                             content_type="multipart/form-data")
        assert answer.status_code == 422, said
        assert said in answer.get_data(as_text=True), said
    form = hidden_fields(client.get("/tables/import").get_data(as_text=True))
    answer = client.post("/tables/import", data=form)
    assert "Choose the file of a table exported by Scorekeeper." in answer.get_data(as_text=True)
    with app.app_context(), get_db().read_sessions() as db:
        assert len(db.scalars(select(Table)).all()) == 1


def test_a_table_deleted_after_asking_leaves_its_matches_on_their_links(site, client, app):
    token = _table(client)
    ids = _player_ids(app, token)
    edit = _start(client, token, [[ids["Ana"], ids["Bia"]], [ids["Caio"], ids["Dani"]]])
    page = client.get(f"/t/{token}/delete").get_data(as_text=True)
    assert "1 match of the table stays, on its own links." in page
    data = hidden_fields(page)
    assert client.post(f"/t/{token}/delete", data=data).headers["Location"] == "/"
    assert client.get(f"/t/{token}").status_code == 404
    assert client.get(f"/m/{edit}").status_code == 200
    assert _stored_match(app, edit)[0] is None
    with app.app_context(), get_db().read_sessions() as db:
        assert db.scalars(select(Table)).all() == []


def _figures(html: str, caption: str) -> dict[str, str]:
    part = html.split(f"<caption>{caption}</caption>", 1)[1].split("</table>", 1)[0]
    return dict(re.findall(r'<tr><th scope="row">(.*?)</th>\s*<td>([^<]*)</td></tr>', part, re.S))


def test_statistics_say_what_the_deals_say_and_on_how_many_deals(site, client, app):
    token = _table(client)
    ids = _player_ids(app, token)
    ana, bia, caio, dani = (ids[n] for n in ("Ana", "Bia", "Caio", "Dani"))
    first = _start(client, token, [[ana, bia], [caio, dani]], target="400")
    _counts(site, first, 150, 40, "0")  # by counts: 150 + 200 + 100 = 450; 40
    second = _start(client, token, [[ana, caio], [bia, dani]], target="300")
    cards = [{"mode": "cards", "melds": "5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"},
             {"mode": "cards", "melds": "3♠ 4♠ 5♠", "hand_points": 25}]
    # both sides took their morto; the players noted Bia & Dani took theirs first
    typed = {**site.deal_data(second, cards, went_out="0"), "morto_first": "1"}
    assert client.post(f"/m/{second}/deals/new", data=typed).status_code == 302  # 355; −10
    assert re.search(r'<input checked id="[^"]+" name="morto_first" type="radio" value="1">',
                     client.get(f"/m/{second}/deals/1/edit").get_data(as_text=True))
    third = _start(client, token, [[ana, dani], [bia, caio]], target="5000")
    sides = [{"mode": "counts", "table_points": 150, "clean": 1},
             {"mode": "counts", "table_points": 40, "morto": "not_taken"}]
    # Bia & Caio did not take theirs: they cannot have taken it first
    typed = {**site.deal_data(third, sides, went_out="0"), "morto_first": "1"}
    refused = client.post(f"/m/{third}/deals/new", data=typed)
    assert refused.status_code == 422
    assert "This side did not take the morto." in refused.get_data(as_text=True)
    # not noted: Ana & Dani took the only morto taken, so they took it first
    assert site.save_deal(third, sides, went_out="0").status_code == 302  # 450; 40 − 100
    # Ana: 450, 355, 450 in three deals, one entered card by card (one meld), a clean
    # canastra and going out in each; who took the morto first is known in two deals
    # (the first deal's is not: both took theirs, and nobody noted who was first)
    html = client.get(f"/t/{token}/p/{ana}").get_data(as_text=True)
    assert _figures(html, "Buraco Aberto (Brazilian, open)") == {
        "Deals counted": "3", "Clean canastras per deal": "1", "Going out": "3 / 3",
        "Deals lost without taking the morto": "0 / 3", "Took the morto first": "1 / 2",
        "Biggest deal": "+450", "Points per deal": "418.3",  # 1,255 / 3
        "Melds per deal (1 deal entered card by card)": "1"}
    # Bia: 450, −10, −60: the last lost with the morto not taken
    html = client.get(f"/t/{token}/p/{bia}").get_data(as_text=True)
    assert _figures(html, "Buraco Aberto (Brazilian, open)") == {
        "Deals counted": "3", "Clean canastras per deal": "0.33", "Going out": "1 / 3",
        "Deals lost without taking the morto": "1 / 3", "Took the morto first": "1 / 2",
        "Biggest deal": "+450", "Points per deal": "126.7",  # 380 / 3
        "Melds per deal (1 deal entered card by card)": "1"}
    # the table: six sides' deals, 450 + 40 + 355 − 10 + 450 − 60 = 1,225
    stats = client.get(f"/t/{token}/stats").get_data(as_text=True)
    assert _figures(stats, "Every side") == {
        "Deals counted": "6", "Clean canastras per deal": "0.5", "Going out": "3 / 6",
        "Deals lost without taking the morto": "1 / 6", "Took the morto first": "2 / 4",
        "Biggest deal": "+450", "Points per deal": "204.2",
        "Melds per deal (2 deals entered card by card)": "1"}
    assert _figures(stats, "Bia &amp; Dani")["Took the morto first"] == "1 / 1"
    # a pair that played by counts only: nothing said of melds
    assert _figures(stats, "Caio &amp; Dani") == {
        "Deals counted": "1", "Going out": "0 / 1", "Deals lost without taking the morto": "0 / 1",
        "Biggest deal": "+40", "Points per deal": "40"}
    assert _figures(stats, "Bia &amp; Dani")["Melds per deal (1 deal entered card by card)"] == "1"


def test_playing_again_a_match_of_a_table_seats_the_same_players(site, client, app):
    token = _table(client)
    ids = _player_ids(app, token)
    edit = _start(client, token, [[ids["Ana"], ids["Caio"]], [ids["Bia"], ids["Dani"]]],
                  target="400")
    _counts(site, edit, 150, 40, "0")
    board = client.get(f"/m/{edit}").get_data(as_text=True)
    assert f'href="/matches/new?again={edit}"' in board
    page = client.get(f"/matches/new?again={edit}").get_data(as_text=True)
    assert "<h1>New match · Ana · Bia · Caio · Dani</h1>" in page
    ticked = re.findall(r'<input checked id="[^"]+" name="(sides-\d-seats)" type="checkbox" '
                        r'value="(\d+)">', page)
    assert sorted(ticked) == sorted([("sides-0-seats", str(ids["Ana"])),
                                     ("sides-0-seats", str(ids["Caio"])),
                                     ("sides-1-seats", str(ids["Bia"])),
                                     ("sides-1-seats", str(ids["Dani"]))])
    assert f'name="table" type="hidden" value="{token}"' in page


def test_results_in_the_order_played_are_drawn_as_bars():
    from scorekeeper.chart import BARS_LABEL, bars

    # 450 won, −10 lost, 355 won: from −10 to 450, a plot 98 high, zero at 98 × 450 / 460
    drawn = bars([450, -10, 355], [True, False, True], str)
    assert drawn["zero"] == 95.9
    assert [(b["x"], b["y"], b["height"], b["won"]) for b in drawn["bars"]] == [
        (82.7, 0.0, 95.9, True), (296.0, 95.9, 2.1, False), (509.3, 20.3, 75.6, True)]
    assert (drawn["low"], drawn["high"]) == ("-10", "450")
    assert bars([], [], str)["bars"] == []
    # losses only: the lowest bar ends above the label's letters, which never cover it
    for drawn in (bars([-600, -20], [False, False], str), bars([5, 900], [True, True], str)):
        lowest = max(b["y"] + b["height"] for b in drawn["bars"])
        assert lowest <= drawn["bottom"] - BARS_LABEL
