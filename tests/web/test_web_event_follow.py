"""Every page of an evening's table phones and of its director follows the evening by
itself (static/js/follow.js): each is named by a tag of what it shows, sent as its ETag
and written in the page; asked again with it, an unchanged page answers 304 with no
body, and a deal saved, a confirmation, the clock or a turn seated changes it. The
director confirms for a table with a reason kept in its history.

The evening of ``evening_pages``: Italian Burraco, 5 turns of 2 deals, 4 pairs at 2
tables; table 1 of turn 1 Rossi – Bianchi (NS) v Gialli – Bruni (EW). DEAL_A: NS 600,
EW 110; DEAL_B: NS 275, EW 550; MP 875 – 660, 215 apart: 13 – 7 on the F.I.Bur. scale."""

from __future__ import annotations

import re
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, seat_turn, table_rows
from support import post_deal, table_side


def _table_link(client: Any, event: str, table: int = 1) -> str:
    page = client.get(f"{event}/turns/1/tables/{table}").get_data(as_text=True)
    return re.search(rf'href="http://localhost(/e/t/[^"]+/{table}/[0-9a-f]+)"', page).group(1)


def _tagged(phone: Any, url: str) -> tuple[str, str]:
    """The page's ETag, checked against the tag the page writes (data-follow-tag), and
    the page."""
    response = phone.get(url)
    assert response.status_code == 200, url
    page = response.get_data(as_text=True)
    etag = response.headers["ETag"]
    written = re.search(r'data-follow-tag="([0-9a-f]+)"', page).group(1)
    assert etag == f'W/"{written}"'
    return etag, page


def _again(phone: Any, url: str, etag: str) -> Any:
    return phone.get(url, headers={"If-None-Match": etag})


def test_a_side_page_answers_304_until_its_table_moves(app, client):
    event = first_turn(client)
    link, other = _table_link(client, event), _table_link(client, event, 2)
    ns, ew, elsewhere = app.test_client(), app.test_client(), app.test_client()
    table_side(ns, link, "ns")
    url = table_side(ew, link, "ew")
    etag, page = _tagged(ew, url)
    assert 'data-follow="3"' in page
    assert f'data-follow-url="{url}"' in page
    unchanged = _again(ew, url, etag)
    assert (unchanged.status_code, unchanged.data) == (304, b"")
    # another table's deal changes nothing here
    table_side(elsewhere, other, "ns")
    assert post_deal(elsewhere, f"{other}/ns/deals/new", DEAL_C, "").status_code == 302
    assert _again(ew, url, etag).status_code == 304
    # North-South saves a deal: the page is new, the deal in it with its breakdown
    assert post_deal(ns, f"{link}/ns/deals/new", DEAL_A, "0").status_code == 302
    changed = _again(ew, url, etag)
    assert changed.status_code == 200
    assert changed.headers["ETag"] != etag
    assert table_rows(changed.get_data(as_text=True), "Deal 1") == [
        ["table", "300", "150"], ["Clean burracos", "1", "0"], ["bonus", "200", "0"],
        ["closing", "100", "0"], ["pozzetto", "0", "0"], ["hand", "0", "−40"],
        ["total", "600", "110"]]
    assert "Closing: <b>North-South</b>" in changed.get_data(as_text=True)
    etag = changed.headers["ETag"]
    assert _again(ew, url, etag).status_code == 304
    # the director starts the clock: the page shows it
    post(client, event, f"{event}/clock", minutes="45")
    clocked = _again(ew, url, etag)
    assert clocked.status_code == 200
    assert "data-clock" in clocked.get_data(as_text=True)
    etag = clocked.headers["ETag"]
    # the second deal, then the confirmation (East-West's own phone: no code)
    assert post_deal(ns, f"{link}/ns/deals/new", DEAL_B, "1").status_code == 302
    etag, page = _tagged(ew, url)
    assert ">Confirm</button>" in page
    assert post(ew, url, f"{url}/confirm").status_code == 302
    confirmed = _again(ew, url, etag)
    assert confirmed.status_code == 200
    assert "Confirmed by both sides" in confirmed.get_data(as_text=True)
    # the same page in another language is another page
    etag = confirmed.headers["ETag"]
    ew.get("/lang/it")
    assert _again(ew, url, etag).status_code == 200


def test_a_compressed_page_answers_304_to_its_own_etag(app, client):
    """A page sent gzip-compressed has its ETag marked as another representation
    (web/compress.py); asked again with it, unchanged, it is a 304 all the same."""
    event = first_turn(client)
    link = _table_link(client, event)
    ew = app.test_client()
    url = table_side(ew, link, "ew")
    response = ew.get(url, headers={"Accept-Encoding": "gzip"})
    assert response.headers["Content-Encoding"] == "gzip"
    etag = response.headers["ETag"]
    assert etag.endswith('-gz"')
    again = ew.get(url, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
    assert (again.status_code, again.data) == (304, b"")


def test_a_moved_pairs_page_is_sent_to_its_new_table(app, client):
    """A turn seated: the page left open asks with its tag and is sent where its pair sits
    now (follow.js opens it)."""
    event = first_turn(client)
    link, other = _table_link(client, event), _table_link(client, event, 2)
    phones = {}
    for table in (link, other):
        for side in ("ns", "ew"):
            phones[table, side] = app.test_client()
            table_side(phones[table, side], table, side)
        for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
            assert post_deal(phones[table, "ns"], f"{table}/ns/deals/new", deal,
                             out).status_code == 302
        assert post(phones[table, "ew"], f"{table}/ew",
                    f"{table}/ew/confirm").status_code == 302
    ew = phones[link, "ew"]
    etag, _page = _tagged(ew, f"{link}/ew")
    seat_turn(client, event)
    moved = _again(ew, f"{link}/ew", etag)
    assert moved.status_code == 303
    assert moved.headers["Location"].endswith(f"{other}/ew")


def test_the_directors_pages_answer_304_until_the_evening_moves(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    table = f"{event}/turns/1/tables/1"
    etag, page = _tagged(client, event)
    assert f'data-follow-url="{event}"' in page
    table_etag, _page = _tagged(client, table)
    assert _again(client, event, etag).status_code == 304
    assert _again(client, table, table_etag).status_code == 304
    # a deal saved on a phone (its sheet alone: the evening's version stays): both move
    ns, ew = app.test_client(), app.test_client()
    table_side(ns, link, "ns")
    table_side(ew, link, "ew")
    assert post_deal(ns, f"{link}/ns/deals/new", DEAL_A, "0").status_code == 302
    entering = _again(client, event, etag)
    assert entering.status_code == 200
    assert table_rows(entering.get_data(as_text=True), "Turn 1")[0][3:] == ["Deals: 1 of 2"]
    assert _again(client, table, table_etag).status_code == 200
    etag = entering.headers["ETag"]
    assert post_deal(ns, f"{link}/ns/deals/new", DEAL_B, "1").status_code == 302
    waiting = _again(client, event, etag)
    assert table_rows(waiting.get_data(as_text=True), "Turn 1")[0][3:] == [
        "Waiting for confirmation"]
    etag = waiting.headers["ETag"]
    assert post(ew, f"{link}/ew", f"{link}/ew/confirm").status_code == 302
    confirmed = _again(client, event, etag)
    assert table_rows(confirmed.get_data(as_text=True), "Turn 1")[0][3:] == ["875–660", "13–7"]


def _waiting_table(app: Any, client: Any) -> tuple[str, str, Any]:
    """North-South's two deals entered on its phone, East-West's phone lost: the
    director's page of the table, the table's link and North-South's phone."""
    event = first_turn(client)
    link = _table_link(client, event)
    ns = app.test_client()
    table_side(ns, link, "ns")
    for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
        assert post_deal(ns, f"{link}/ns/deals/new", deal, out).status_code == 302
    return f"{event}/turns/1/tables/1", link, ns


def test_the_director_confirms_for_a_table_with_the_reason_in_its_history(app, client):
    table, link, ns = _waiting_table(app, client)
    event = table.split("/turns/")[0]
    page = client.get(table).get_data(as_text=True)
    assert "Confirm for the table" in page
    # no reason: refused, said, nothing changes
    response = post(client, table, f"{table}/confirm", reason="  ")
    assert response.status_code == 422
    assert "Say why you confirm for the table: it is kept in its history." in \
        response.get_data(as_text=True)
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 1")[0][3:] == [
        "Waiting for confirmation"]
    response = post(client, table, f"{table}/confirm", reason="East-West’s phone died")
    assert response.status_code == 302
    page = client.get(table).get_data(as_text=True)
    assert "Match points: 875 – 660. Victory points: 13 – 7." in page
    assert ("Deals confirmed by the director for the table: East-West’s phone died"
            in page)
    assert "Confirm for the table" not in page
    phone = ns.get(f"{link}/ns").get_data(as_text=True)
    assert "Confirmed by the director. Only the director can change it now." in phone
    assert "Confirmed by both sides" not in phone


def test_the_director_confirms_only_what_the_page_showed(app, client):
    table, link, ns = _waiting_table(app, client)
    event = table.split("/turns/")[0]
    page = client.get(table).get_data(as_text=True)
    # North-South fixes deal 2 on its phone meanwhile
    assert post_deal(ns, f"{link}/ns/deals/2/edit", DEAL_C, "").status_code == 302
    response = client.post(f"{table}/confirm", data={
        **{k: v for k, v in re.findall(r'<input[^>]*name="(\w+)" type="hidden" value="([^"]*)"',
                                       page.split(f'action="{table}/confirm"')[1]
                                       .split("</form>")[0])},
        **dict(re.findall(r'<input type="hidden" name="(seen)" value="([^"]*)"', page)),
        "reason": "EW left"})
    assert response.status_code == 409
    assert ("The table’s phones changed its deals since this page was opened"
            in response.get_data(as_text=True))
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 1")[0][3:] == [
        "Waiting for confirmation"]
    # a table disputed, or with nothing to confirm, offers nothing to confirm
    assert "Confirm for the table" not in client.get(
        f"{event}/turns/1/tables/2").get_data(as_text=True)
