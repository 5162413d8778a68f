"""The deal form asks the referee as its fields change (``action=preview``): the same
pipeline as Save, answered as JSON, and nothing is ever written."""

from __future__ import annotations

import re


def _preview(site, client, token, sides, **kw):
    data = site.deal_data(token, sides, action="preview", **kw)
    response = client.post(f"/m/{token}/deals/new", data=data,
                           headers={"Accept": "application/json"})
    assert response.status_code == 200
    return response.get_json()


def test_the_preview_counts_the_deal_and_writes_nothing(site, client, seed_deal):
    token = site.new_match()
    answer = _preview(site, client, token, seed_deal, went_out="0")
    # seed 001 §09: 180 + 200 + 100 - 15
    assert 'id="deal-total-0">465<' in answer["review"]
    assert 'id="deal-total-1">30<' in answer["review"]
    assert re.search(r'id="live-0">\+465<', answer["bar"])
    assert answer["errors"] == {}
    assert answer["ok"] is True
    assert answer["melds"] == {}
    # nothing saved: the scoreboard has no deal, and the same form still saves once
    assert 'id="total-0">0<' in site.board(token)
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    assert 'id="total-0">465<' in site.board(token)


def test_the_preview_puts_each_problem_at_its_field_and_next_to_save(site, client):
    token = site.new_match()
    sides = [{"mode": "counts", "table_points": 1250}, {"mode": "cards", "melds": "3♥ 4♥ 6♠"}]
    answer = _preview(site, client, token, sides)
    assert "960" in answer["errors"]["sides-0-table_points"][0]
    # a meld's own problem is said once under its box, by the live verdicts (app.js)
    assert "sides-1-melds" not in answer["errors"]
    assert answer["ok"] is False
    assert re.search(r'href="#sides-1-melds">Eles: Meld 1 \(3♥ 4♥ 6♠\): ', answer["bar"])
    # the list next to Save names the side and links to the field
    assert 'href="#sides-0-table_points">Nós: ' in answer["bar"]
    assert 'href="#sides-1-melds">Eles: ' in answer["bar"]


def test_a_side_that_went_out_without_a_canastra_is_told_at_the_question(site, client):
    token = site.new_match()
    answer = _preview(site, client, token, [{"mode": "counts", "table_points": 100},
                                            {"mode": "counts", "table_points": 50}],
                      went_out="0")
    assert answer["errors"]["went_out"]
    assert 'href="#went_out-0"' in answer["bar"]


def test_the_next_deal_starts_the_way_each_side_entered_the_last(site, client):
    token = site.new_match()
    sides = [{"mode": "counts", "table_points": 70}, {"mode": "cards", "melds": "3♥ 4♥ 5♥"}]
    assert site.save_deal(token, sides).status_code == 302
    page = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
    assert re.search(r'<fieldset class="side" data-mode="counts" data-side="0">', page)
    assert re.search(r'<fieldset class="side" data-mode="cards" data-side="1">', page)
