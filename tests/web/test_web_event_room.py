"""The room of a club's evening: the turn's clock, the big screen, and where a player
sits. The evening of ``evening_pages`` (Italian Burraco, 5 turns of 2 deals, 4 pairs):
table 1 plays DEAL_A and DEAL_B, MP 875 – 660, 215 apart, 13 – 7 VP on the F.I.Bur. scale
of 2 deals (≤ 300); table 2 plays DEAL_C twice, 200 – 200, 10 – 10."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, table_rows
from support import post_deal, table_side

from scorekeeper.models import utcnow


def _room(client: Any, event: str) -> str:
    found = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True))
    assert found
    return found.group(1)


def _play(client: Any, event: str, table: int, deals: list[tuple[Any, str]]) -> None:
    for deal, out in deals:
        url = f"{event}/turns/1/tables/{table}/deals/new"
        assert post_deal(client, url, deal, out).status_code == 302


def test_the_clock_counts_the_turn_warns_and_says_the_rule_at_time_out(client, monkeypatch):
    from scorekeeper.web.evening import clock as eventclock

    event = first_turn(client)
    assert post(client, event, f"{event}/clock", minutes="45").status_code == 302
    page = client.get(event).get_data(as_text=True)
    assert re.search(r'data-left="(2699|2700)"', page)
    assert "of 45 minutes" in page
    started = utcnow()
    # 41 minutes on: the last minutes, on the director's page and the table's phones
    monkeypatch.setattr(eventclock, "utcnow", lambda: started + timedelta(minutes=41))
    page = client.get(event).get_data(as_text=True)
    assert re.search(r'data-left="2(39|40)"', page)
    assert re.search(r"<p class=\"banner\" data-warning >", page)
    link = re.search(r'href="http://localhost(/e/t/[^"]+)"',
                     client.get(f"{event}/turns/1/tables/1").get_data(as_text=True)).group(1)
    assert 'class="clock warning"' in client.get(table_side(client, link, "ns")).get_data(
        as_text=True)
    # 46 minutes on: time is up, and the rule is said
    monkeypatch.setattr(eventclock, "utcnow", lambda: started + timedelta(minutes=46))
    page = client.get(f"{link}/ns").get_data(as_text=True)
    assert 'data-left="0"' in page
    assert re.search(r'data-over >\s*Time is up: play the last round', page)
    # the tables still playing are late, on the director's page and the room's
    _play(client, event, 2, [(DEAL_C, ""), (DEAL_C, "")])
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
    assert [r[3:] for r in rows] == [["Not started · Late"], ["200–200", "10–10"]]
    room = client.get(_room(client, event)).get_data(as_text=True)
    assert table_rows(room, "Turn 1")[0][3:] == ["Not started · Late"]


def test_a_clock_out_of_its_bounds_is_refused_at_its_field(client):
    event = first_turn(client)
    response = post(client, event, f"{event}/clock", minutes="3")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert re.search(r'aria-invalid="true" id="minutes"[^>]*value="3">'
                     r'<ul class="errors" id="minutes-errors"><li>Number must be between 5 and 180',
                     page)
    assert "data-clock" not in client.get(event).get_data(as_text=True)


def test_the_big_screen_shows_tables_playing_standings_and_where_everyone_sits(client):
    event = first_turn(client)
    tv = f"{_room(client, event)}/tv"
    _play(client, event, 1, [(DEAL_A, "0"), (DEAL_B, "1")])
    page = client.get(tv).get_data(as_text=True)
    assert "Tables still playing: 2" in page
    # turn 1 in play: no turn closed yet, and everyone sits where turn 1 put them
    assert "Standings after" not in page
    assert table_rows(page, "Turn 1: where everyone sits") == [
        ["Gialli – Bruni", "1", "East-West"], ["Marroni – Rosa", "2", "East-West"],
        ["Rossi – Bianchi", "1", "North-South"], ["Verdi – Neri", "2", "North-South"]]
    _play(client, event, 2, [(DEAL_C, ""), (DEAL_C, "")])
    page = client.get(tv).get_data(as_text=True)
    assert "still playing" not in page
    assert table_rows(page, "Standings after turn 1") == [
        ["1", "Rossi – Bianchi", "13", "875"], ["2", "Verdi – Neri", "10", "200"],
        ["2", "Marroni – Rosa", "10", "200"], ["4", "Gialli – Bruni", "7", "660"]]
    # the next turn, as the movement seats it (Mitchell, shift 1)
    assert table_rows(page, "Turn 2: where everyone sits") == [
        ["Gialli – Bruni", "2", "East-West"], ["Marroni – Rosa", "1", "East-West"],
        ["Rossi – Bianchi", "1", "North-South"], ["Verdi – Neri", "2", "North-South"]]
    # nothing on it changes anything
    assert "<form" not in page.split("<main>")[1]


def test_a_player_finds_their_next_table_and_results_by_name(client):
    event = first_turn(client)
    find = f"{_room(client, event)}/find"
    _play(client, event, 1, [(DEAL_A, "0"), (DEAL_B, "1")])
    _play(client, event, 2, [(DEAL_C, ""), (DEAL_C, "")])
    page = client.get(f"{find}?q=ross").get_data(as_text=True)
    names = re.findall(r'<li><a href="[^"]*who=(\d+)">([^<]+)</a>', page)
    assert names == [("1", "Rossi – Bianchi")]
    page = client.get(f"{find}?who=1").get_data(as_text=True)
    assert re.search(r"Next turn: 2\s*· <b>Table 1</b>\s*· North-South", page)
    assert "<dt>Against</dt><dd>Marroni – Rosa</dd>" in page
    assert table_rows(page, "Results so far") == [["1", "1", "Gialli – Bruni", "875", "13"]]
    assert "Rank 1 · 13 VP · 875 MP" in page
    assert client.get(f"{find}?who=99").status_code == 404
    assert client.get(f"{find}?who=²").status_code == 200
