"""The deal form asks what matters: no answer the scorer did not give (who went out, each
side's morto: 100 points either way, seed 001 §07), counts a deck can make, corrections
that leave a trace."""

from __future__ import annotations

import io
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


#: Seed 003 "Canastas": a clean A to K laid down in one go is the 500 canasta.
ACE_TO_KING = "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠"


def test_the_checker_offers_in_one_go_where_it_scores_otherwise(client):
    answer = client.post("/api/v1/check", json={
        "profile": "buraco-fechado",
        "melds": ["AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "3H 4H 5H 6H 7H 8H 9H",
                  {"cards": "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "in_one_go": True}]
    }).get_json()
    first, second, third = answer["melds"]
    # built over several turns, the A–K run is pure (200); in one go it is the 500 canasta
    assert (first["category"], first["bonus"]) == ("clean", 200)
    assert first["one_go"] == {"category": "clean-500", "bonus": 500}
    assert first["in_one_go"] is False
    assert "one_go" not in second  # seven cards score the same either way
    assert (third["category"], third["bonus"], third["in_one_go"]) == ("clean-1000", 1000, True)
    assert third["one_go"] == {"category": "clean-1000", "bonus": 1000}


def test_a_line_said_in_one_go_scores_500_in_fechado(site, client):
    token = site.new_match(profile="buraco-fechado")
    sides = [{"mode": "cards", "melds": ACE_TO_KING + " !", "morto": "taken"},
             {"mode": "counts", "table_points": 30, "morto": "taken"}]
    response = client.post(f"/m/{token}/deals/new", data=_fields(site, token, sides, went_out=""))
    assert response.status_code == 302
    # 15 + 12 × … : A 15, 2 10, 3–7 5 each, 8–K 10 each = 15 + 10 + 25 + 60 = 110; + 500
    assert 'id="total-0">610<' in site.board(token)


def test_points_no_cards_make_are_refused_at_their_field(site, client):
    """Seed 001 §07: every card of Buraco Aberto is worth 5, 10, 15 or 20."""
    token = site.new_match()
    sides = [{"mode": "counts", "table_points": 183, "morto": "taken"},
             {"mode": "counts", "table_points": 60, "hand_points": 42, "morto": "taken"}]
    response = client.post(f"/m/{token}/deals/new", data=_fields(site, token, sides, went_out=""))
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    assert "No cards add up to 183: every card is worth a multiple of 5." in html
    assert "No cards add up to 42: every card is worth a multiple of 5." in html
    # said at its field and once in the list next to Save, not again as the referee's
    assert html.count("No cards add up to 183") == 2
    assert 'id="total-0">0<' in site.board(token)


def test_the_api_refuses_them_naming_the_field(client):
    deal = {"profile": "buraco-aberto", "sides": [
        {"counts": {"table_points": 180}, "hand_points": 42, "morto": "taken"},
        {"counts": {"table_points": 60}, "morto": "taken"}]}
    response = client.post("/api/v1/score", json=deal)
    assert response.status_code == 400
    assert response.get_json()["error"]["field"] == "sides[0].hand_points"
    match = {"sides": ["A", "B"], "deals": [deal]}
    assert client.post("/api/v1/match", json=match).get_json()["error"]["field"] == \
        "deals[0].sides[0].hand_points"


def test_a_house_joker_of_33_makes_any_count(site, client):
    data = {**site.hidden("/rules/house/new?base=buraco-aberto"), "name": "Vovó",
            "joker": "33", "action": "save"}
    house = client.post("/rules/house/new?base=buraco-aberto", data=data)
    assert house.status_code == 302, house.get_data(as_text=True)[-800:]
    answer = client.post("/api/v1/score", json={"profile": {
        "id": "vovo", "base": "buraco-aberto", "params": {"card_points": {"joker": 33}}},
        "sides": [{"counts": {"table_points": 183}, "morto": "taken"},
                  {"counts": {"table_points": 60}, "morto": "taken"}]})
    assert answer.status_code in (200, 422), answer.get_json()
    assert answer.get_json()["sides"][0]["total"] == 183


def test_a_stored_deal_off_the_step_still_shows(site, client, app):
    from scorekeeper.db import get_db
    from scorekeeper.models import Deal, Match

    token = site.new_match()
    sides = [{"mode": "counts", "table_points": 180, "morto": "taken"},
             {"mode": "counts", "table_points": 60, "morto": "taken"}]
    assert client.post(f"/m/{token}/deals/new",
                       data=_fields(site, token, sides, went_out="")).status_code == 302
    with app.app_context(), get_db().writing() as db:  # kept before the rule: 183
        deal = db.query(Deal).one()
        deal.data = {**deal.data, "sides": [
            {**deal.data["sides"][0], "counts": {"table_points": 183}}, deal.data["sides"][1]]}
        match = db.query(Match).one()
        match.version += 1  # what the pages' caches go by
    page = client.get(f"/m/{token}/deals/1")
    assert page.status_code == 200
    assert '<td class="num">183</td>' in page.get_data(as_text=True)


def test_a_corrected_deal_leaves_a_trace(site, client, app, seed_deal):
    from datetime import timedelta

    from pypdf import PdfReader

    from scorekeeper.db import get_db
    from scorekeeper.models import Deal

    token = site.new_match()
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    assert site.save_deal(token, seed_deal, went_out="").status_code == 302
    assert "corrected" not in site.board(token)
    with app.app_context(), get_db().writing() as db:  # entered an hour ago
        for deal in db.query(Deal):
            deal.created -= timedelta(hours=1)
            deal.updated -= timedelta(hours=1)
    url = f"/m/{token}/deals/1/edit"
    fixed = [{**seed_deal[0], "table_points": 280}, seed_deal[1]]
    assert site.save_deal(token, fixed, went_out="0", url=url).status_code == 302
    board = site.board(token)
    lines = {n: board[board.index(f'id="deal-{n}"'):].split("</a>")[0] for n in (1, 2)}
    assert re.search(r'<em class="corrected">✎ corrected: <time class="num" datetime="[^"]+Z"',
                     lines[1])
    assert "corrected" not in lines[2]
    # in the board's language (the words were once in no catalog, English on every board)
    for lang, word in (("fr", "corrigée\u202f: "), ("it", "corretta: "), ("pt_BR", "corrigida: ")):
        client.get(f"/lang/{lang}")
        assert f'<em class="corrected">✎ {word}<time' in site.board(token), lang
    client.get("/lang/en")
    page = client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    assert re.search(r'<p class="corrected">✎ Corrected: <time class="num" datetime="[^"]+Z"',
                     page)
    # the figures the correction replaced, one tap away: 180 + 100 + 100 − 15 = 465 then,
    # 280 … = 565 now (seed 001 §09); the running total after it as it stood then
    now = page.split("<table")[1].split("</table>")[0]
    earlier = page.split('<details class="earlier">')[1].split("</details>")[0]
    assert "<summary>The figures before the correction</summary>" in earlier
    assert '<td class="num">280</td>' in now
    assert '<td class="num">+565</td>' in now
    assert '<td class="num">180</td>' in earlier
    assert '<td class="num">+465</td>' in earlier
    assert '<td class="num">280</td>' not in earlier
    assert 'class="corrected"' not in client.get(f"/m/{token}/deals/2").get_data(as_text=True)
    assert "earlier" not in client.get(f"/m/{token}/deals/2").get_data(as_text=True)
    pdf = PdfReader(io.BytesIO(client.get(f"/m/{token}/summary.pdf").data))
    text = " ".join(" ".join(page.extract_text() for page in pdf.pages).split())
    assert "Deal 1 was corrected on" in text
    assert "Deal 2 was corrected" not in text


def test_a_disputed_deal_names_the_side_the_cards_and_lists_the_melds(site, client):
    token = site.new_match()
    sides = [{"mode": "cards", "melds": "3♥ 4♥ 5♥\n3♠ 4♠ 6♠", "morto": "taken"},
             {"mode": "counts", "table_points": 20, "morto": "taken"}]
    data = {**_fields(site, token, sides, went_out=""), "disputed": "1"}
    assert client.post(f"/m/{token}/deals/new", data=data).status_code == 302
    page = client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    errors = page.split('<p class="disputed">')[1].split("</ul>")[0]
    assert re.search(r"<li>Nós \(3♠ 4♠ 6♠\): [^<]+</li>", errors), errors
    melds = page.split('<ul class="verdicts melds">')[1].split("</ul>")[0]
    items = re.findall(r"<li class=\"(ok|bad)\">([^<]*)<b>([^<]*)</b>([^<]*)</li>", melds)
    assert [(c, cards.strip(" ·"), verdict) for c, cards, verdict, _rest in items] == [
        ("ok", "3♥ 4♥ 5♥", "legal"), ("bad", "3♠ 4♠ 6♠", "not legal")]
    assert "· 15 points" in items[0][3]  # seed 001 §07: 3 to 7 are 5 each


def test_a_vulnerable_side_by_counts_is_asked_its_opening(site, client):
    """Seed 001 §05: at 1,500 or more, the first melds of a deal must make 75."""
    token = site.new_match()
    first = [{"mode": "counts", "table_points": 900, "clean": 4, "morto": "taken"},
             {"mode": "counts", "table_points": 10, "morto": "taken"}]
    assert client.post(f"/m/{token}/deals/new",
                       data=_fields(site, token, first, went_out="0")).status_code == 302
    second = [{"mode": "counts", "table_points": 90, "morto": "taken"},
              {"mode": "counts", "table_points": 10, "morto": "taken"}]
    asked = client.post(f"/m/{token}/deals/new", data=_fields(site, token, second, went_out=""))
    assert asked.status_code == 422
    assert _errors_at(asked.get_data(as_text=True), "sides-0-opening") == [
        "Did this side open with 75 or more? Tick the box, type the melds laid down "
        "together, or tick “Nobody noted the opening”."]
    low = [{**second[0], "opening": "J♣ Q♣ K♣"}, second[1]]  # 30: below 75
    refused = client.post(f"/m/{token}/deals/new", data=_fields(site, token, low, went_out=""))
    assert refused.status_code == 422
    assert "75" in " ".join(_errors_at(refused.get_data(as_text=True), "sides-0-opening"))
    unnoted = [{**second[0], "unnoted": "y"}, second[1]]
    saved = client.post(f"/m/{token}/deals/new", data=_fields(site, token, unnoted, went_out=""))
    assert saved.status_code == 302
    assert 'id="total-0">1,890<' in site.board(token)  # 900 + 800 + 100, then 90
    # the one tap: "opened with 75 or more", kept with the deal and shown again on its form
    met = [{**second[0], "met": "y"}, second[1]]
    saved = client.post(f"/m/{token}/deals/new", data=_fields(site, token, met, went_out=""))
    assert saved.status_code == 302
    assert 'id="total-0">1,980<' in site.board(token)  # 1,890 + 90
    again = client.get(f"/m/{token}/deals/3/edit").get_data(as_text=True)
    assert re.search(r'<input[^>]*checked[^>]*name="sides-0-met"|'
                     r'<input[^>]*name="sides-0-met"[^>]*checked', again), "not ticked"


def test_a_finished_matchs_deal_form_does_not_open(site, client, seed_deal):
    token = site.new_match(target=400)
    late = site.deal_data(token, seed_deal, went_out="0")  # a second phone's open form
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302  # 465: won
    response = client.get(f"/m/{token}/deals/new")
    assert response.status_code == 303
    assert response.headers["Location"].endswith(f"/m/{token}")
    # a form sent all the same is answered with the reason, never taken silently
    assert client.post(f"/m/{token}/deals/new", data=late).status_code in (409, 422)
    assert site.board(token).count('class="deal"') == 1
