"""The deal form asks what matters: no answer the scorer did not give (who went out, each
side's morto: 100 points either way, seed 001 §07), counts a deck can make, corrections
that leave a trace."""

from __future__ import annotations

import re

from web_support import hidden_fields

COUNTS = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15},
          {"mode": "counts", "table_points": 60, "hand_points": 30}]


def _fields(site, token, sides, **extra):
    data = site.hidden(f"/m/{token}/deals/new")
    for i, side in enumerate(sides):
        for key, value in side.items():
            data[f"sides-{i}-{key}"] = str(value)
    data.update(closed_by="discard", action="save", **extra)
    return data


def _errors_at(html: str, field_id: str) -> list[str]:
    """The error lines shown in the fieldset or field that holds ``field_id``."""
    start = html.index(f'id="{field_id}"')
    box = html.rfind("<fieldset", 0, start)
    end = html.index("</fieldset>", start)
    return re.findall(r"<li>([^<]*)</li>", html[box:end])


def test_a_new_deal_form_answers_neither_who_went_out_nor_a_morto(site, client):
    token = site.new_match()
    html = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
    assert re.search(r'name="went_out"[^>]*checked', html) is None
    assert re.search(r'name="sides-\d-morto"[^>]*checked', html) is None


def test_save_asks_for_the_unanswered_morto_and_who_went_out(site, client):
    token = site.new_match()
    response = client.post(f"/m/{token}/deals/new",
                           data=_fields(site, token, [{**COUNTS[0], "morto": "taken"}, COUNTS[1]]))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert _errors_at(html, "went_out-0") == [
        "Who went out? Tap a side, or “Nobody: the stock ran out”."]
    assert _errors_at(html, "sides-1-morto-0") == ["Did this side take its morto? Tap the answer."]
    assert _errors_at(html, "sides-0-morto-0") == []
    assert "Nothing" not in site.board(token).split('id="total-0">')[1][:3]
    assert 'id="total-0">0<' in site.board(token)


def test_the_question_is_in_the_page_language_and_tradition(site, client):
    token = site.new_match(profile="burraco")
    client.get("/lang/it")
    response = client.post(f"/m/{token}/deals/new", data=_fields(site, token, COUNTS))
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert "Chi ha chiuso?" in _errors_at(html, "went_out-0")[0]
    assert "pozzetto" in _errors_at(html, "sides-0-morto-0")[0]


def test_nobody_went_out_is_an_answer_and_the_deal_saves(site, client):
    token = site.new_match()
    sides = [{**COUNTS[0], "morto": "taken"}, {**COUNTS[1], "morto": "not_taken"}]
    response = client.post(f"/m/{token}/deals/new", data=_fields(site, token, sides, went_out=""))
    assert response.status_code == 302
    # 180 + 200 − 15 = 365; 60 − 30 − 100 = −70 (seed 001 §07)
    html = site.board(token)
    assert 'id="total-0">365<' in html
    assert 'id="total-1">−70<' in html or 'id="total-1">-70<' in html


def test_the_preview_counts_without_asking(site, client):
    token = site.new_match()
    data = _fields(site, token, COUNTS)
    data["action"] = "preview"
    answer = client.post(f"/m/{token}/deals/new", data=data,
                         headers={"Accept": "application/json"}).get_json()
    assert "went_out" not in answer["errors"]
    assert "sides-0-morto" not in answer["errors"]


def test_a_stored_deal_opens_answered(site, client, seed_deal):
    token = site.new_match()
    assert site.save_deal(token, seed_deal, went_out="").status_code == 302
    html = client.get(f"/m/{token}/deals/1/edit").get_data(as_text=True)
    assert re.search(r'<input[^>]*checked[^>]*name="went_out"[^>]*value=""|'
                     r'<input[^>]*name="went_out"[^>]*value=""[^>]*checked', html)
    data = hidden_fields(html)
    assert data["version"]


def test_the_side_that_went_out_took_its_morto_unasked(site, client):
    token = site.new_match()
    sides = [COUNTS[0], {**COUNTS[1], "morto": "taken"}]
    data = _fields(site, token, sides, went_out="0")
    preview = client.post(f"/m/{token}/deals/new", data={**data, "action": "preview"},
                          headers={"Accept": "application/json"}).get_json()
    assert preview["answers"] == {"sides-0-morto": "taken"}
    response = client.post(f"/m/{token}/deals/new", data=data)
    assert response.status_code == 302
    assert 'id="total-0">465<' in site.board(token)  # seed 001 §09
