"""Par tonight (docs/contract.md, "Par"; web/evening/par.py): each side's expected VP at
its table of the turn in play, from its players' grades after the evening's earlier
turns, on the room's page and on each side's phone; once the table is played, how far
each side was over or under it.

The evening of ``evening_pages`` (4 pairs, 2 deals a turn, Mitchell). Turn 1: table 1
DEAL_A, DEAL_B: Rossi – Bianchi 875 MP to Gialli – Bruni's 660, 13-7; table 2 DEAL_C twice:
Verdi – Neri and Marroni – Rosa 10-10. Nobody has a grade before it: every par 10-10.
Grades after turn 1: Rossi and Bianchi 50 + 1/4 x 15 = 53.75 (share 65, residual +15, new:
a side moves 2 x 1/4 x 15 = 7.5, 3.75 each), Gialli and Bruni 46.25, the others 50.
Turn 2 (Mitchell: East-West moves one table): table 1 Rossi – Bianchi v Marroni – Rosa,
expected 50 + 53.75 - 50 = 53.75 %, 10.75 VP: par 11-9; table 2 Verdi – Neri v
Gialli – Bruni, 50 + 50 - 46.25 = 53.75 %: par 11-9.
"""

from __future__ import annotations

import re

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, seat_turn, table_rows
from support import form_fields, post_deal, table_side
from test_web_event_final import _edit

from scorekeeper.rules.grades import expected_vp


def _room(client, event: str) -> str:
    view = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True)).group(1)
    return client.get(view).get_data(as_text=True)


def _par(room: str) -> list[list[str]]:
    """The room's par table, each cell's lines joined by " · " (a side's par, then how it
    did under it, on a line of its own)."""
    return table_rows(room.replace("<br>", " · "), "Par tonight")


def test_par_on_the_room_and_the_phones_then_over_and_under_it(client, app):
    event = first_turn(client)
    assert _par(_room(client, event)) == [
        ["1", "10 VP", "10 VP"], ["2", "10 VP", "10 VP"]]
    for table, deals in ((1, ((DEAL_A, "0"), (DEAL_B, "1"))), (2, ((DEAL_C, ""),) * 2)):
        for deal, out in deals:
            url = f"{event}/turns/1/tables/{table}/deals/new"
            assert post_deal(client, url, deal, out).status_code == 302
    # turn 1 played: each table's VP beside its par of 10
    assert _par(_room(client, event)) == [
        ["1", "10 VP · 3 VP over par", "10 VP · 3 VP under par"],
        ["2", "10 VP · on par", "10 VP · on par"]]
    seat_turn(client, event)
    room = _room(client, event)
    assert _par(room) == [["1", "11 VP", "9 VP"], ["2", "11 VP", "9 VP"]]
    assert table_rows(room, "Turn 2")[0][1:3] == ["Rossi – Bianchi", "Marroni – Rosa"]
    # table 2 on its own phones: Verdi – Neri North-South, Gialli – Bruni East-West
    table_2 = client.get(f"{event}/turns/2/tables/2").get_data(as_text=True)
    link = re.search(r'href="http://localhost(/e/t/[^"]+/2/[0-9a-f]+)"', table_2).group(1)
    ns, ew = app.test_client(), app.test_client()
    table_side(ns, link, "ns")
    table_side(ew, link, "ew")
    assert "Par for you: 11 VP</p>" in ns.get(f"{link}/ns").get_data(as_text=True)
    assert "Par for you: 9 VP</p>" in ew.get(f"{link}/ew").get_data(as_text=True)
    # 200-200 (DEAL_C twice), 10-10, confirmed by East-West: North-South 1 under its 11,
    # East-West 1 over its 9
    for deal in (DEAL_C, DEAL_C):
        assert post_deal(ns, f"{link}/ns/deals/new", deal, "").status_code == 302
    assert ew.post(f"{link}/ew/confirm",
                   data=form_fields(ew, f"{link}/ew")).status_code == 302
    assert "Par for you: 11 VP · <b>1 VP under par</b>" in ns.get(f"{link}/ns").get_data(
        as_text=True)
    assert "Par for you: 9 VP · <b>1 VP over par</b>" in ew.get(f"{link}/ew").get_data(
        as_text=True)
    # table 1 by the director: 600 + 100 = 700 to 110 + 100 = 210, a difference of 490:
    # 15-5, Rossi – Bianchi 4 over their 11, Marroni – Rosa 4 under their 9
    for deal, out in ((DEAL_A, "0"), (DEAL_C, "")):
        assert post_deal(client, f"{event}/turns/2/tables/1/deals/new", deal, out) \
            .status_code == 302
    assert _par(_room(client, event)) == [
        ["1", "11 VP · 4 VP over par", "9 VP · 4 VP under par"],
        ["2", "11 VP · 1 VP under par", "9 VP · 1 VP over par"]]


def test_the_contracts_worked_example():
    """docs/contract.md, "Par": Ana + Bia (56.25 each) v Caio + Duda (43.75 each) expect
    50 + 56.25 - 43.75 = 62.5 %, 12.5 VP: a half goes towards 10-10, so 12-8; Ana + Elio
    (61.38125, new 50) v Bia + Caio (50.3359375, 41.8359375): 50 + 55.690625 - 46.0859375
    = 59.6046875 %, 11.92 VP: 12-8; and the sides swapped, 8-12."""
    first = {"Ana": 56.25, "Bia": 56.25, "Caio": 43.75, "Duda": 43.75}
    assert expected_vp(first, ["Ana", "Bia"], ["Caio", "Duda"]) == (12, 8)
    assert expected_vp(first, ["Caio", "Duda"], ["Ana", "Bia"]) == (8, 12)
    later = {"Ana": 61.38125, "Bia": 50.3359375, "Caio": 41.8359375}
    assert expected_vp(later, ["Ana", "Elio"], ["Bia", "Caio"]) == (12, 8)
    assert expected_vp(later, ["Bia", "Caio"], ["Ana", "Elio"]) == (8, 12)


def test_a_fixed_deal_of_an_earlier_turn_changes_the_par_of_the_turn_in_play(client):
    """Turn 1 as above, turn 2 seated (par 11-9 at both tables); the director then fixes
    table 1's two deals of turn 1 to DEAL_C's 200-200: turn 1 is 10-10 at both tables,
    nobody's grade moves from 50, and every par of turn 2 is 10-10 (the grades of the
    turns before are kept by what they are made of, not by the turn in play)."""
    event = first_turn(client)
    for table, deals in ((1, ((DEAL_A, "0"), (DEAL_B, "1"))), (2, ((DEAL_C, ""),) * 2)):
        for deal, out in deals:
            url = f"{event}/turns/1/tables/{table}/deals/new"
            assert post_deal(client, url, deal, out).status_code == 302
    seat_turn(client, event)
    assert _par(_room(client, event)) == [["1", "11 VP", "9 VP"], ["2", "11 VP", "9 VP"]]
    for number in (1, 2):
        assert _edit(client, f"{event}/turns/1/tables/1/deals/{number}/edit", DEAL_C,
                     "read from the slip again").status_code == 302
    assert _par(_room(client, event)) == [["1", "10 VP", "10 VP"], ["2", "10 VP", "10 VP"]]
