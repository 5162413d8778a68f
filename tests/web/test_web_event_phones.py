"""A club's evening scored at its tables: the table card's QR code opens the table's page
on any phone; one side enters the turn's deals, the other confirms them, and then they are
the table's, locked (the F.I.Bur. code: a result handed in is agreed by both sides and
not changed but by the director). Two sides that entered a deal differently see both
versions until one takes the other's or the director chooses.

The evening of ``evening_pages``: Italian Burraco, 5 turns of 2 deals, 4 pairs at 2
tables. Table 1, turn 1: Rossi – Bianchi (NS) against Gialli – Bruni (EW).
DEAL_A: NS 600, EW 110; DEAL_B: NS 275, EW 550; so MP 875 – 660, a difference of 215,
which the F.I.Bur. scale of 2 deals (≤ 300: 13 VP) makes 13 – 7."""

from __future__ import annotations

import re
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, table_rows
from support import hand_across, post_deal, table_side
from web_support import hidden_fields


def _table_link(client: Any, event: str, table: int = 1) -> str:
    """The table's own link, as its card's QR code carries it (the director's page of the
    table shows it too)."""
    page = client.get(f"{event}/turns/1/tables/{table}").get_data(as_text=True)
    found = re.search(rf'href="http://localhost(/e/t/[^"]+/{table}/[0-9a-f]+)"', page)
    assert found, page
    return found.group(1)


def _both_sides_enter(client: Any, link: str, ns: list[Any], ew: list[Any]) -> None:
    """Each side's deals, entered on one phone (NS's pair's), handed across to EW, which
    gives its code on it (12) before it enters its own."""
    for side, deals in (("ns", ns), ("ew", ew)):
        if deals:
            (table_side if side == "ns" else hand_across)(client, link, side)
        for deal, out in deals:
            response = post_deal(client, f"{link}/{side}/deals/new", deal, out)
            assert response.status_code == 302, response.get_data(as_text=True)


def test_a_table_card_leads_to_its_tables_own_page_never_the_directors(client, monkeypatch):
    """A card lies on its table for anyone to scan: its QR code opens that table's page,
    which no other table's number reaches and which holds no director's link."""
    from scorekeeper.web.evening import prints as eventprints

    event = first_turn(client)
    asked: list[str] = []

    def render(kind: str, doc: Any, lang: str, paper: str, table_url: Any, turn: Any,
               version: Any) -> bytes:
        shown = doc() if callable(doc) else doc
        asked.extend(table_url(t["table"]) for t in shown["turns"][turn - 1]["tables"])
        return b"%PDF-1.7"

    monkeypatch.setattr(eventprints.pdf, "render_event_paper", render)
    assert client.get(f"{event}/cards.pdf").status_code == 200
    links = [_table_link(client, event, 1), _table_link(client, event, 2)]
    assert asked == [f"http://localhost{link}" for link in links]
    edit = event.rsplit("/", 1)[1]
    page = client.get(links[0]).get_data(as_text=True)
    assert edit not in page
    assert "Rossi – Bianchi" in page
    assert "Gialli – Bruni" in page
    # table 1's signature with table 2's number leads nowhere
    assert client.get(links[0].replace("/1/", "/2/")).status_code == 404


def test_one_side_enters_the_other_confirms_and_the_table_is_locked(client):
    event = first_turn(client)
    link = _table_link(client, event)
    _both_sides_enter(client, link, [(DEAL_A, "0"), (DEAL_B, "1")], [])
    # entered, not yet the table's: the director sees the table waiting
    director = client.get(event).get_data(as_text=True)
    assert table_rows(director, "Turn 1")[0][3:] == ["Waiting for confirmation"]
    table_side(client, link, "ew")  # the phone handed across: EW's pair chosen
    page = client.get(f"{link}/ew").get_data(as_text=True)
    assert '<button type="submit" class="primary">Confirm</button>' in page
    assert "Choose your pair’s code" in page  # EW chose none on its own phone
    response = post(client, f"{link}/ew", f"{link}/ew/confirm", code="12")
    assert response.status_code == 302
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
    assert rows[0][3:] == ["875–660", "13–7"]
    assert rows[1][3:] == ["Not started"]
    # locked: neither side's phone changes it; the director's history says who confirmed
    page = client.get(table_side(client, link, "ns")).get_data(as_text=True)
    assert "Confirmed by both sides" in page
    assert "Enter deal" not in page
    assert client.get(f"{link}/ns/deals/1/edit").status_code == 303
    table = client.get(f"{event}/turns/1/tables/1").get_data(as_text=True)
    assert "Deals confirmed by East-West" in table


def test_two_versions_of_a_deal_are_shown_never_merged(client):
    event = first_turn(client)
    link = _table_link(client, event)
    # EW counts DEAL_C for the second deal where NS counted DEAL_B
    _both_sides_enter(client, link, [(DEAL_A, "0"), (DEAL_B, "1")], [(DEAL_A, "0"), (DEAL_C, "")])
    page = client.get(f"{link}/ew").get_data(as_text=True)
    assert "entered a deal differently" in page
    assert ">Confirm</button>" not in page
    # both versions of deal 2, and what differs: NS's table points (200 / 100), the
    # canastras and the hand, EW's too, and who went out
    dispute = page[page.index("Deal 2"):]
    assert re.search(r"North-South</th><td>275</td><td>550</td>", dispute)
    assert re.search(r"East-West</th><td>100</td><td>100</td>", dispute)
    assert "North-South · Points of the cards on the table" in dispute
    # Italian Burraco's words, as its deal form asks them
    assert "Who closed?" in dispute
    client.get("/lang/fr")
    french = client.get(f"{link}/ew").get_data(as_text=True)
    french = french[french.index("Donne 2"):]
    # joined as French writes a semicolon, the tradition's question
    assert "Points des cartes posées\u202f; Nord-Sud" in french
    assert "Qui a fermé\u202f?" in french
    assert "Qui est sorti" not in french
    client.get("/lang/en")
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 1")[0][3:] == ["Disputed"]
    # confirming now is refused, and nothing reaches the table
    response = post(client, f"{link}/ew", f"{link}/ew/confirm", code="12")
    assert response.status_code == 409
    assert "entered a deal differently" in response.get_data(as_text=True)
    # EW takes NS's version of deal 2; then confirms, with its code (a phone handed to it)
    assert post(client, f"{link}/ew", f"{link}/ew/take/2").status_code == 302
    assert post(client, f"{link}/ew", f"{link}/ew/confirm", code="12").status_code == 302
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 1")[0][3:5] == [
        "875–660", "13–7"]


def test_a_confirmation_built_on_other_deals_is_not_taken(client):
    """EW's page was opened when NS had entered DEAL_A then DEAL_C; NS fixed deal 2 since:
    what EW saw is not what it would confirm."""
    event = first_turn(client)
    link = _table_link(client, event)
    _both_sides_enter(client, link, [(DEAL_A, "0"), (DEAL_C, "")], [])
    seen = hidden_fields(client.get(table_side(client, link, "ew")).get_data(as_text=True))
    table_side(client, link, "ns")
    assert post_deal(client, f"{link}/ns/deals/2/edit", DEAL_B, "1").status_code == 302
    response = client.post(f"{link}/ew/confirm", data={**seen, "code": "12"})
    assert response.status_code == 409
    assert "changed since this page was opened" in response.get_data(as_text=True)
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
    assert rows[0][3:] == ["Waiting for confirmation"]


def test_the_director_keeps_one_sides_deals_with_the_reason_in_the_history(client):
    event = first_turn(client)
    link = _table_link(client, event)
    _both_sides_enter(client, link, [(DEAL_A, "0"), (DEAL_B, "1")], [(DEAL_A, "0"), (DEAL_C, "")])
    table = f"{event}/turns/1/tables/1"
    page = client.get(table).get_data(as_text=True)
    # both sides' deals as totals, deal 2 said to differ
    assert table_rows(page, "Entered by North-South") == [["1", "600", "110"], ["2", "275", "550"]]
    assert table_rows(page, "Entered by East-West") == [["1", "600", "110"], ["2", "100", "100"]]
    assert "Deal 2: North-South · Points of the cards on the table" in page
    # EW's phone had deal 2's form open to fix it
    fix = f"{link}/ew/deals/2/edit"
    typed = {**hidden_fields(client.get(fix).get_data(as_text=True)), "went_out": "1",
             "closed_by": "discard", "action": "save",
             **{f"sides-{i}-{k}": str(v) for i, side in enumerate(DEAL_B) for k, v in side.items()}}
    response = post(client, table, f"{table}/keep/ns", reason="the slip says so")
    assert response.status_code == 302
    page = client.get(table).get_data(as_text=True)
    assert "Match points: 875 – 660. Victory points: 13 – 7." in page
    assert "The director kept North-South’s deals: the slip says so" in page
    assert "Entered by" not in page  # the table is the director's now
    # the phones see it confirmed, and cannot change it
    assert "Confirmed by the director." in client.get(f"{link}/ew").get_data(as_text=True)
    response = client.post(fix, data=typed)
    assert response.status_code == 409
    assert "only the director can change them now" in response.get_data(as_text=True)


def test_a_side_keeps_only_what_it_entered_and_the_page_follows_the_turn(client):
    """A pair's phone shows its table of the turn in play: once the director seats the
    next one, its page is its table's new game (North-South stays put in a Mitchell)."""
    event = first_turn(client)
    link = _table_link(client, event)
    _both_sides_enter(client, link, [(DEAL_A, "0"), (DEAL_B, "1")], [])
    assert post(client, table_side(client, link, "ew"), f"{link}/ew/confirm",
                code="12").status_code == 302
    other = _table_link(client, event, 2)
    _both_sides_enter(client, other, [], [(DEAL_C, ""), (DEAL_C, "")])
    assert post(client, table_side(client, other, "ns"),
                f"{other}/ns/confirm", code="34").status_code == 302
    table_side(client, link, "ns")  # Rossi – Bianchi's phone
    response = post(client, event, f"{event}/turns")
    assert response.status_code == 302
    page = client.get(f"{link}/ns").get_data(as_text=True)
    # turn 2 (Mitchell, shift 1): Rossi – Bianchi meet Marroni – Rosa at table 1
    assert "Table 1 · Turn 2" in page
    assert "Marroni – Rosa" in page
    assert table_rows(page, "Our deals") == []
    # its number in an element of its own, which js/waiting.js rewrites for deals waiting
    assert '<span>Enter deal <span data-n="1">1</span></span></a>' in page
