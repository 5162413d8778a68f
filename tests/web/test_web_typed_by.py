"""A deal reaches the match, the table and the turn it was typed for, in the order it was
typed, or is refused with what changed; never stored elsewhere (web/typedby.py).

A phone's deal form says which phone typed it and that phone's save number (its ``phone``
field, ``<id>.<n>``, which js/drafts.js writes and the outbox sends as typed). A deal
waiting on a phone since before its own earlier deals were stored follows them; any other
change since its form refuses it. A table phone's forms say their turn: a form of turn 1
never writes to turn 2.

Seed 001 §09 for the match (465 to 60 a deal); the evening of ``evening_pages`` for the
tables (DEAL_A: 600 – 110, DEAL_B: 275 – 550, DEAL_C: 100 – 100)."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import unquote

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, table_rows
from support import form_fields, hand_across, table_side

PHONE, OTHER_PHONE = "a1b2c3d4e5f6a1b2", "ffeeddccbbaa0099"


def _deal_fields(client: Any, url: str, sides: list[dict[str, Any]], went_out: str,
                 typed: str) -> dict[str, str]:
    """What the deal form at ``url`` sends when Save is tapped, typed on phone ``typed``
    (as the outbox keeps it, to be sent later)."""
    data = form_fields(client, url)
    for i, side in enumerate(sides):
        data.update({f"sides-{i}-{key}": str(value) for key, value in side.items()})
    data.update(went_out=went_out, closed_by="discard", action="save", phone=typed)
    return data


def _changed(response: Any) -> str:
    return unquote(response.headers.get("X-Scorekeeper-Changed", ""))


# -- a match --------------------------------------------------------------------------


def _match_deal(site: Any, token: str, seed_deal: Any, typed: str) -> dict[str, str]:
    return {**site.deal_data(token, seed_deal, went_out="0"), "phone": typed}


def test_a_deal_waiting_on_a_phone_follows_that_phones_own_earlier_deal(site, client,
                                                                         seed_deal, app):
    token = site.new_match()
    kept = _match_deal(site, token, seed_deal, f"{PHONE}.2")  # deal 2's form, kept at v1
    first = _match_deal(site, token, seed_deal, f"{PHONE}.1")
    assert client.post(f"/m/{token}/deals/new", data=first).status_code == 302  # v2, online
    # the network drops; deal 2 was typed on the form kept before deal 1 was stored
    response = client.post(f"/m/{token}/deals/new", data=kept)
    assert response.status_code == 302, response.get_data(as_text=True)[-800:]
    assert response.headers["Location"].endswith("#deal-2")
    board = site.board(token)
    assert board.count('class="deal"') == 2
    assert 'id="total-0">930<' in board  # 465 twice
    with app.app_context():
        from scorekeeper.db import reader
        from scorekeeper.models import Change
        rows = reader().query(Change.action, Change.position, Change.phone,
                              Change.phone_seq).order_by(Change.version).all()
    assert [tuple(r) for r in rows] == [("added", 0, PHONE, 1), ("added", 1, PHONE, 2)]


def test_a_deal_typed_before_another_phones_deal_is_refused_naming_it(site, client, seed_deal):
    token = site.new_match()
    kept = _match_deal(site, token, seed_deal, f"{PHONE}.2")
    other = _match_deal(site, token, seed_deal, f"{OTHER_PHONE}.7")
    assert client.post(f"/m/{token}/deals/new", data=other).status_code == 302
    response = client.post(f"/m/{token}/deals/new", data=kept)
    assert response.status_code == 409
    assert _changed(response) == "Deal 1 was added"
    assert "Deal 1 was added" in response.get_data(as_text=True)
    assert site.board(token).count('class="deal"') == 1


def test_a_deal_typed_before_the_phones_later_deal_is_refused_not_put_after_it(
        site, client, seed_deal):
    """Deal 2 waited in the outbox while deal 3, typed after it on the same phone, was
    saved online: deal 2 is not stored after deal 3 (their order would be swapped)."""
    token = site.new_match()
    waiting = _match_deal(site, token, seed_deal, f"{PHONE}.5")
    later = _match_deal(site, token, seed_deal, f"{PHONE}.6")
    assert client.post(f"/m/{token}/deals/new", data=later).status_code == 302
    response = client.post(f"/m/{token}/deals/new", data=waiting)
    assert response.status_code == 409
    assert _changed(response) == "Deal 1 was added"
    assert site.board(token).count('class="deal"') == 1


def test_a_fix_is_refused_after_the_phones_own_new_deal(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    fixed = [seed_deal[0], {**seed_deal[1], "table_points": 90}]
    fix = {**site.deal_data(token, fixed, went_out="0", url=f"/m/{token}/deals/1/edit"),
           "phone": f"{PHONE}.3"}
    assert client.post(f"/m/{token}/deals/new",
                       data=_match_deal(site, token, seed_deal, f"{PHONE}.2")).status_code == 302
    response = client.post(f"/m/{token}/deals/1/edit", data=fix)
    assert response.status_code == 409
    assert _changed(response) == "Deal 2 was added"


def test_a_form_without_its_phone_is_stale_as_before(site, client, seed_deal):
    token = site.new_match()
    kept = site.deal_data(token, seed_deal, went_out="0")
    site.save_deal(token, seed_deal, went_out="0")
    response = client.post(f"/m/{token}/deals/new", data=kept)
    assert response.status_code == 409
    assert site.board(token).count('class="deal"') == 1


# -- a table's phones -----------------------------------------------------------------


def _table_link(client: Any, event: str, table: int = 1) -> str:
    page = client.get(f"{event}/turns/1/tables/{table}").get_data(as_text=True)
    found = re.search(rf'href="http://localhost(/e/t/[^"]+/{table}/[0-9a-f]+)"', page)
    assert found, page
    return found.group(1)


def _sheet_rows(client: Any, link: str, side: str = "ns") -> list[list[str]]:
    return table_rows(client.get(f"{link}/{side}").get_data(as_text=True), "Our deals")


def test_a_table_phones_deals_typed_offline_after_an_online_save_arrive_in_order(client):
    """Deal 1 saved online; deals 2 and 3 typed on the form kept before it (version 1),
    sent when the network is back: stored as deals 2 and 3, each with its own values."""
    event = first_turn(client)
    link = _table_link(client, event)
    url = f"{table_side(client, link, 'ns')}/deals/new"
    second = _deal_fields(client, url, DEAL_B, "1", f"{PHONE}.2")
    third = _deal_fields(client, url, DEAL_C, "", f"{PHONE}.3")
    assert client.post(url, data=_deal_fields(client, url, DEAL_A, "0",
                                              f"{PHONE}.1")).status_code == 302
    # the outbox sends its two entries, expecting versions 1 and 2 (its form's, then one more)
    assert client.post(url, data=second).status_code == 302
    assert client.post(url, data={**third, "version": "2"}).status_code == 302
    rows = _sheet_rows(client, link)
    assert [row[:3] for row in rows] == [["1", "600", "110"], ["2", "275", "550"],
                                         ["3", "100", "100"]]


def test_a_table_phones_waiting_deal_is_refused_when_another_phone_changed_the_sheet(client):
    event = first_turn(client)
    link = _table_link(client, event)
    url = f"{table_side(client, link, 'ns')}/deals/new"
    waiting = _deal_fields(client, url, DEAL_B, "1", f"{PHONE}.2")
    assert client.post(url, data=_deal_fields(client, url, DEAL_A, "0",
                                              f"{OTHER_PHONE}.1")).status_code == 302
    response = client.post(url, data=waiting)
    assert response.status_code == 409
    assert _changed(response) == "Deal 1 was added"
    page = response.get_data(as_text=True)
    assert "Deal 1 was added" in page
    # what was typed, kept to send again: DEAL_B's 200 on the table for NS
    assert re.search(r'<input[^>]*name="sides-0-table_points"[^>]*value="200"', page)
    assert [row[:3] for row in _sheet_rows(client, link)] == [["1", "600", "110"]]


def test_a_table_phones_waiting_deal_is_refused_when_the_director_changed_the_table(client):
    event = first_turn(client)
    link = _table_link(client, event)
    url = f"{table_side(client, link, 'ns')}/deals/new"
    waiting = _deal_fields(client, url, DEAL_B, "1", f"{PHONE}.2")
    director = f"{event}/turns/1/tables/1/deals/new"
    data = _deal_fields(client, director, DEAL_A, "0", "")
    assert client.post(director, data=data).status_code == 302
    response = client.post(url, data=waiting)
    assert response.status_code == 409
    assert _changed(response) == "The director entered deal 1 of this table."
    assert "The director entered deal 1 of this table." in response.get_data(as_text=True)
    assert _sheet_rows(client, link) == []


def _turn_two(client: Any) -> tuple[str, str, dict[str, str], dict[str, str]]:
    """Turn 1 played at both tables and turn 2 seated; what table 1's NS phone kept from
    turn 1: a deal form and East-West's confirmation form."""
    event = first_turn(client)
    link = _table_link(client, event)
    kept_deal = _deal_fields(client, f"{table_side(client, link, 'ns')}/deals/new", DEAL_C, "",
                             f"{PHONE}.9")
    for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
        url = f"{link}/ns/deals/new"
        assert client.post(url, data=_deal_fields(client, url, deal, out, "")).status_code == 302
    # one phone for the evening, handed across: each pair confirms with its code
    kept_confirm = form_fields(client, table_side(client, link, "ew"))
    assert post(client, f"{link}/ew", f"{link}/ew/confirm", code="12").status_code == 302
    other = _table_link(client, event, 2)
    hand_across(client, other, "ew", "34")
    for deal in (DEAL_C, DEAL_C):
        url = f"{other}/ew/deals/new"
        assert client.post(url, data=_deal_fields(client, url, deal, "", "")).status_code == 302
    assert post(client, table_side(client, other, "ns"), f"{other}/ns/confirm",
                code="56").status_code == 302
    assert post(client, event, f"{event}/turns").status_code == 302
    table_side(client, link, "ns")  # the phone of Rossi – Bianchi, at table 1 again (NS)
    return event, link, kept_deal, kept_confirm


def test_a_deal_typed_in_turn_one_never_becomes_a_turn_two_deal(client):
    event, link, kept_deal, _confirm = _turn_two(client)
    response = client.post(f"{link}/ns/deals/new", data=kept_deal)
    assert response.status_code == 409
    said = "This was typed for turn 1; turn 2 is in play."
    assert _changed(response) == said
    assert said in response.get_data(as_text=True)
    assert _sheet_rows(client, link) == []
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 2")[0][3:] == [
        "Not started"]


def test_a_confirmation_kept_from_turn_one_confirms_nothing_in_turn_two(client):
    event, link, _deal, kept_confirm = _turn_two(client)
    for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
        url = f"{link}/ns/deals/new"
        assert client.post(url, data=_deal_fields(client, url, deal, out, "")).status_code == 302
    # turn 2's NS sheet is at version 3, as turn 1's was when EW's page was kept; its pair
    # has moved on since, and is told where
    response = client.post(f"{link}/ew/confirm", data=kept_confirm)
    assert response.status_code == 409
    assert _changed(response) == ("This was typed for turn 1; turn 2 is in play. "
                                  "Gialli – Bruni: table 2, East-West now.")
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 2")[0][3:] == [
        "Waiting for confirmation"]


def test_a_form_that_does_not_say_its_turn_is_refused(client):
    event = first_turn(client)
    link = _table_link(client, event)
    url = f"{table_side(client, link, 'ns')}/deals/new"
    data = _deal_fields(client, url, DEAL_A, "0", "")
    del data["turn"]
    response = client.post(url, data=data)
    assert response.status_code == 409
    assert "does not say its turn" in _changed(response)
    assert _sheet_rows(client, link) == []
