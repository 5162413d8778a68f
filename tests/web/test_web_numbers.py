"""Number fields read as ASCII digits: ``²``, ``³`` and ``①`` are digits to
``str.isdigit()`` and no number to ``int()``, and 5,000 digits are more than ``int()``
reads; each is a refused or ignored value, never a 500."""

from __future__ import annotations

import re

import pytest
from web_support import hidden_fields

from scorekeeper.entry import deal_document, read_fields
from scorekeeper.i18n import format_rank

ODD = ["²", "³", "①", "١", "1" * 5000, "-1", " 1"]


def _turn(html: str) -> str | None:
    found = re.search(r"Next dealer", html)
    return found.group(0) if found else None


@pytest.mark.parametrize("seat", ODD)
def test_a_dealer_seat_that_is_no_number_is_refused(site, client, seat):
    token = site.new_match(sides=("Nós", "Eles"))
    page = client.get(f"/m/{token}/dealer").get_data(as_text=True)
    answer = client.post(f"/m/{token}/dealer", data={**hidden_fields(page), "seat": seat})
    assert answer.status_code == 400
    assert _turn(site.board(token)) is None
    assert client.post(f"/m/{token}/dealer",
                       data={**hidden_fields(page), "seat": "1"}).status_code == 302
    assert _turn(site.board(token)) == "Next dealer"


@pytest.mark.parametrize("order", ["0,²,2,1", "0,3,2,①", "0,3,2," + "1" * 5000])
def test_a_seating_order_that_is_no_number_is_refused(site, client, order):
    token = site.new_match(**{"sides-0-players": "Ana, Bia", "sides-1-players": "Caio, Duda"})
    assert client.get(f"/m/{token}/seating?order={order}").status_code in (200, 400)
    page = client.get(f"/m/{token}/seating").get_data(as_text=True)
    refused = client.post(f"/m/{token}/seating", data={**hidden_fields(page), "order": order})
    assert refused.status_code == 400


def test_players_compared_by_a_number_that_is_no_number_are_ignored(client):
    data = hidden_fields(client.get("/tables/new").get_data(as_text=True))
    data.update(players="Ana\nBia\nCaio", name="", zone="Europe/Rome")
    table = client.post("/tables/new", data=data).headers["Location"].rsplit("/t/", 1)[1]
    for a, b in (("²", "1"), ("①", "③"), ("1" * 5000, "2")):
        answer = client.get(f"/t/{table}/versus?a={a}&b={b}")
        assert answer.status_code == 200, (a, b)


@pytest.mark.parametrize("odd", ODD)
def test_the_deal_fields_of_the_outbox_ignore_what_is_no_number(odd):
    """The phone's outbox and the deal form read a deal the same way (entry.py)."""
    fields = [("sides-0-mode", "counts"), ("sides-0-table_points", "180"),
              ("sides-0-morto", "taken"), (f"sides-{odd}-morto", "not_taken"),
              ("sides-1-morto", "taken"), ("sides-0-opened", odd)]
    sides, went_out, closed_by = read_fields(fields, 2)
    assert [s.morto for s in sides] == ["taken", "taken"]
    assert sides[0].opened == []
    doc = deal_document("buraco-aberto", ["Nós", "Eles"], sides, went_out, closed_by,
                        morto_first=odd)
    assert "morto_first" not in doc
    assert doc["sides"][0]["counts"] == {"table_points": 180}


def test_a_rank_written_with_other_digits_is_shown_as_given():
    assert format_rank("²", "fr") == "²"
    assert format_rank("10", "fr") == "10"


def test_a_deal_form_with_odd_numbers_is_answered(site, client, seed_deal):
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="0")
    data.update({"morto_first": "①", "sides-0-opened": "²"})
    answer = client.post(f"/m/{token}/deals/new", data=data)
    assert answer.status_code in (302, 422)
    assert 'id="total-0">465<' in site.board(token) or answer.status_code == 422
