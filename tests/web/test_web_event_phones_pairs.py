"""A table's phone belongs to the pair that chose it, by name, on the table's page (the
table card's QR code): from then on it follows that pair from table to table, never acts
for whoever sits where the pair sat, and changes pair only when asked to (the phone
handed across the table, "Change pair").

The evening of ``evening_pages``: Italian Burraco, 5 turns of 2 deals, 4 pairs at 2
tables, Mitchell. Turn 1: table 1 Rossi – Bianchi (NS) v Gialli – Bruni (EW), table 2
Verdi – Neri v Marroni – Rosa. Turn 2 (shift 1): North-South stays, East-West moves on:
table 1 Rossi – Bianchi v Marroni – Rosa, table 2 Verdi – Neri v Gialli – Bruni."""

from __future__ import annotations

import html
import json
import re
from typing import Any, NamedTuple
from urllib.parse import unquote

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, new_event, post, seat_turn, table_rows
from support import form_fields, post_deal, table_side


def _table_link(client: Any, event: str, table: int = 1) -> str:
    page = client.get(f"{event}/turns/1/tables/{table}").get_data(as_text=True)
    found = re.search(rf'href="http://localhost(/e/t/[^"]+/{table}/[0-9a-f]+)"', page)
    assert found, page
    return found.group(1)


def _choices(page: str) -> list[tuple[str, str]]:
    """The names a table's page offers to choose, each with its side."""
    return [(re.sub(r"<[^>]+>", "", name), side) for side, name in re.findall(
        r'<a href="[^"]+" data-side="(ns|ew)"><b>(.*?)</b>', page)]


def _changed(response: Any) -> str:
    return unquote(response.headers.get("X-Scorekeeper-Changed", ""))


def _enter(client: Any, link: str, side: str, deals: list[Any]) -> None:
    table_side(client, link, side)
    for deal, out in deals:
        assert post_deal(client, f"{link}/{side}/deals/new", deal, out).status_code == 302


def test_the_table_card_asks_which_pair_by_name_and_acts_for_none_before(client):
    event = first_turn(client)
    link = _table_link(client, event)
    page = client.get(link).get_data(as_text=True)
    assert "Which pair are you?" in page
    assert _choices(page) == [("Rossi – Bianchi", "ns"), ("Gialli – Bruni", "ew")]
    # a side's page on a phone that chose no pair asks the same, and offers nothing to do
    for side in ("ns", "ew"):
        page = client.get(f"{link}/{side}").get_data(as_text=True)
        assert "Which pair are you?" in page
        assert "Enter deal" not in page
        assert ">Confirm</button>" not in page
        assert client.get(f"{link}/{side}/deals/new").status_code == 303
    # a form that names no pair saves nothing
    kept = form_fields(client, table_side(client, link, "ns") + "/deals/new")
    fields = {**kept, "pair": "", "went_out": "0", "closed_by": "discard", "action": "save",
              **{f"sides-{i}-{k}": str(v) for i, side in enumerate(DEAL_A)
                 for k, v in side.items()}}
    response = client.post(f"{link}/ns/deals/new", data=fields)
    assert response.status_code == 409
    assert "choose who you are" in _changed(response)
    assert table_rows(client.get(f"{link}/ns").get_data(as_text=True), "Our deals") == []


def test_a_pairs_link_is_its_own_and_opens_its_side(client):
    event = first_turn(client)
    link = _table_link(client, event)
    page = client.get(link).get_data(as_text=True)
    links = {side: href for href, side in re.findall(
        r'<a href="([^"]+)" data-side="(ns|ew)">', page)}
    response = client.get(links["ew"])
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"{link}/ew")
    page = client.get(f"{link}/ew").get_data(as_text=True)
    assert "This phone: <b>Gialli – Bruni</b> · East-West" in page
    # its deal form says its pair; the other side's page sends this phone to its own
    assert form_fields(client, f"{link}/ew/deals/new")["pair"] == links["ew"].split("/")[-2]
    assert client.get(f"{link}/ns").headers["Location"].endswith(f"{link}/ew")
    # no other pair's link is made from it: another id, or its signature on another id
    entrant, sig = links["ew"].split("/")[-2:]
    forged = links["ew"].replace(f"/p/{entrant}/", f"/p/{int(entrant) + 1}/")
    assert client.get(forged).status_code == 404
    assert client.get(links["ew"][:-1] + ("0" if sig[-1] != "0" else "1")).status_code == 404


def test_handing_the_phone_across_makes_it_the_other_pairs(client):
    event = first_turn(client)
    link = _table_link(client, event)
    _enter(client, link, "ns", [(DEAL_A, "0"), (DEAL_B, "1")])
    page = client.get(f"{link}/ns").get_data(as_text=True)
    across = re.search(r'<a class="button secondary" href="([^"]+)">Hand this phone across',
                       page).group(1)
    assert client.get(across).headers["Location"].endswith(f"{link}/ew")
    page = client.get(f"{link}/ew").get_data(as_text=True)
    assert "This phone: <b>Gialli – Bruni</b> · East-West" in page
    # a phone handed across confirms with the pair's code (Gialli – Bruni chooses it here)
    assert post(client, f"{link}/ew", f"{link}/ew/confirm").status_code == 422
    assert post(client, f"{link}/ew", f"{link}/ew/confirm", code="12").status_code == 302
    # the phone is EW's now: NS's page sends it to EW's, until NS is chosen again
    assert client.get(f"{link}/ns").status_code == 303
    assert "Change pair" in client.get(f"{link}/ew").get_data(as_text=True)
    assert client.get(table_side(client, link, "ns")).status_code == 200


class TurnTwo(NamedTuple):
    """Turn 2 seated: the director's page, table 1's and 2's links, what Gialli – Bruni's
    phone (``client``, EW at table 1 in turn 1) kept from turn 1 (a deal form, its
    confirmation), and the own phones of Rossi – Bianchi (NS at table 1 both turns) and
    Verdi – Neri (NS at table 2 both turns)."""

    event: str
    link: str
    other: str
    kept_deal: dict[str, str]
    kept_confirm: dict[str, str]
    rossi: Any
    verdi: Any


def _turn_two(app: Any, client: Any) -> TurnTwo:
    """Turn 1 entered at table 1 by NS, with what Gialli – Bruni's phone (EW) kept there
    then (a deal form, its confirmation), both tables confirmed, each pair on its own
    phone, and turn 2 seated."""
    event = first_turn(client)
    link, other = _table_link(client, event), _table_link(client, event, 2)
    rossi, verdi, marroni = app.test_client(), app.test_client(), app.test_client()
    _enter(rossi, link, "ns", [(DEAL_A, "0"), (DEAL_B, "1")])
    table_side(client, link, "ew")
    kept_confirm = form_fields(client, f"{link}/ew")
    kept_deal = {**form_fields(client, f"{link}/ew/deals/new"), "went_out": "",
                 "closed_by": "discard", "action": "save",
                 **{f"sides-{i}-{k}": str(v) for i, side in enumerate(DEAL_C)
                    for k, v in side.items()}}
    assert post(client, f"{link}/ew", f"{link}/ew/confirm").status_code == 302
    _enter(marroni, other, "ew", [(DEAL_C, ""), (DEAL_C, "")])
    assert post(verdi, table_side(verdi, other, "ns"), f"{other}/ns/confirm").status_code == 302
    seat_turn(client, event)
    return TurnTwo(event, link, other, kept_deal, kept_confirm, rossi, verdi)


def test_a_moved_pairs_phone_opens_its_new_table_and_side(app, client):
    _event, link, other, _deal, _confirm, rossi, _verdi = _turn_two(app, client)
    # its page left open on table 1's East-West follows the pair to table 2
    response = client.get(f"{link}/ew")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"{other}/ew")
    page = client.get(f"{other}/ew").get_data(as_text=True)
    assert "Table 2 · Turn 2" in page
    assert "<b>Gialli – Bruni: table 2, East-West now.</b>" in page
    assert "Verdi – Neri" in page
    # its forms are its new table's, for its pair
    assert form_fields(client, f"{other}/ew/deals/new")["turn"] == "2"
    assert client.get(f"{link}/ew/deals/new").headers["Location"].endswith(f"{link}/ew")
    # North-South stayed put: its phone says nothing moved
    page = rossi.get(f"{link}/ns").get_data(as_text=True)
    assert "This phone: <b>Rossi – Bianchi</b> · North-South" in page
    assert "now." not in page


def test_a_moved_pairs_forms_at_its_old_table_are_refused_naming_where_it_sits(app, client):
    event, link, other, kept_deal, kept_confirm, rossi, verdi = _turn_two(app, client)
    where = "Gialli – Bruni: table 2, East-West now."
    # what its phone kept from turn 1: a deal, a confirmation
    response = client.post(f"{link}/ew/deals/new", data=kept_deal)
    assert response.status_code == 409
    assert _changed(response) == f"This was typed for turn 1; turn 2 is in play. {where}"
    page = response.get_data(as_text=True)
    assert where in page
    assert re.search(rf'href="{re.escape(other)}/ew"|Go to table 2', page)
    _enter(rossi, link, "ns", [(DEAL_A, "0"), (DEAL_B, "1")])
    response = client.post(f"{link}/ew/confirm", data=kept_confirm)
    assert response.status_code == 409
    assert _changed(response) == f"This was typed for turn 1; turn 2 is in play. {where}"
    # a form of turn 2 that says its pair, sent to the side it left: refused all the same
    _enter(verdi, other, "ns", [(DEAL_C, ""), (DEAL_C, "")])
    fresh = form_fields(client, f"{other}/ew")
    assert fresh["pair"] == kept_confirm["pair"]
    for url in (f"{link}/ew/confirm", f"{link}/ew/take/1"):
        response = client.post(url, data={**fresh, "version": "3"})
        assert response.status_code == 409, url
        assert _changed(response) == where
    deal = {**form_fields(client, f"{other}/ew/deals/new"), "went_out": "",
            "closed_by": "discard", "action": "save",
            **{f"sides-{i}-{k}": str(v) for i, side in enumerate(DEAL_C)
               for k, v in side.items()}}
    response = client.post(f"{link}/ew/deals/new", data=deal)
    assert response.status_code == 409
    assert _changed(response) == where
    # at its own table its confirmation is taken (its own phone: no code asked); table 1
    # still waits for Marroni – Rosa's
    assert client.post(f"{other}/ew/confirm", data=fresh).status_code == 302
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 2")
    assert rows[0][3:] == ["Waiting for confirmation"]
    assert rows[1][3:] == ["200–200", "10–10"]


def test_an_individual_evenings_phone_is_a_players(client):
    event = new_event(client, kind="individual", format="7x2", movement="individual-8")
    post(client, event, f"{event}/entrants", lines="\n".join(
        ["Rossi", "Bianchi", "Gialli", "Bruni", "Verdi", "Neri", "Conti", "Gallo"]))
    seat_turn(client, event)
    link = _table_link(client, event)
    page = client.get(link).get_data(as_text=True)
    assert "Who are you?" in page
    assert _choices(page) == [("Rossi", "ns"), ("Bianchi", "ns"), ("Gialli", "ew"),
                              ("Bruni", "ew")]
    href = re.search(r'<a href="([^"]+)" data-side="ew"><b>Bruni', page).group(1)
    assert client.get(href).headers["Location"].endswith(f"{link}/ew")
    page = client.get(f"{link}/ew").get_data(as_text=True)
    assert "This phone: <b>Bruni</b> · East-West" in page
    assert "Change player" in page



def test_a_pair_without_a_table_this_turn_is_told_so_and_its_page_waits(app, client):
    """Five pairs, one sits out each turn: the phone of a pair that plays turn 1 and
    sits out turn 2, its side's page left open, finds its pair's own page saying so,
    which follows the evening (data-follow) until the pair has a table again."""
    from support import evening

    event = evening(client, "Rossi\nVerdi\nGialli\nBruni\nConti")
    phones = {}
    for row in table_rows(client.get(event).get_data(as_text=True), "Turn 1"):
        link = _table_link(client, event, int(row[0]))
        for index, side in ((1, "ns"), (2, "ew")):
            phones[row[index]] = (app.test_client(), f"{link}/{side}")
            table_side(phones[row[index]][0], link, side)
        _enter(phones[row[1]][0], link, "ns", [(DEAL_A, "0"), (DEAL_B, "1")])
        ew = phones[row[2]][0]
        assert post(ew, f"{link}/ew", f"{link}/ew/confirm").status_code == 302
    seat_turn(client, event)
    playing = {name for row in table_rows(client.get(event).get_data(as_text=True), "Turn 2")
               for name in row[1:3]}
    name = next(n for n in phones if n not in playing)
    phone, left = phones[name]
    response = phone.get(left)
    assert response.status_code == 303
    page = phone.get(response.headers["Location"]).get_data(as_text=True)
    assert f"{name}: no table this turn." in page
    assert 'data-follow="3"' in page
    assert "Enter deal" not in page


def test_a_moved_pairs_page_shows_what_waits_at_the_side_it_left(app, client):
    """Deals this phone saved without a network at the side its pair left are refused
    once sent (their turn is over): its new side's page asks the outbox for them too, to
    throw them away; a pair that stayed put has one outbox, its side's."""
    _event, link, other, _deal, _confirm, rossi, _verdi = _turn_two(app, client)
    page = client.get(f"{other}/ew").get_data(as_text=True)
    left = re.search(r'data-left="([^"]*)"', page).group(1)
    assert json.loads(html.unescape(left)) == [link.split("/e/t/")[1] + "/ew"]
    page = rossi.get(f"{link}/ns").get_data(as_text=True)
    assert json.loads(html.unescape(re.search(r'data-left="([^"]*)"', page).group(1))) == []
