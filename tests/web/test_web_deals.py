"""Entering, reviewing, saving, fixing and undoing deals: every number comes from the referee."""

from __future__ import annotations

import re

import pytest
from web_support import deal_line, hidden_fields

# Seed 001 §09 in card mode: 45 + 40 + 45 + 25 + 25 = 180 card points on the table.
CARD_MELDS = "3H 4H 5H 6H 7H 8H 9H\n10S JS QS KS\nJC QC KC AC\n5D 6D 7D 8D\n3C 4C 5C 6C 7C"


def test_seed_001_deal_in_count_mode_scores_465(site, seed_deal):
    token = site.new_match()
    response = site.save_deal(token, seed_deal, went_out="0")
    assert response.status_code == 302
    assert response.headers["Location"].endswith(f"/m/{token}#deal-1")
    html = site.board(token)
    assert '<output class="big num" id="total-0">465</output>' in html
    # the other side: 60 on the table, 30 left in hand
    assert '<output class="big num" id="total-1">30</output>' in html
    assert "2,535 to go" in html


def test_seed_001_deal_in_card_mode_scores_465(site):
    token = site.new_match()
    sides = [
        {"melds": CARD_MELDS, "hand_points": 15},
        {"mode": "counts", "table_points": 60, "hand": "KS 10H 5C"},
    ]
    response = site.save_deal(token, sides, went_out="0")
    assert response.status_code == 302
    html = site.board(token)
    assert 'id="total-0">465<' in html
    assert 'id="total-1">35<' in html  # 60 − (10 + 10 + 5)


def test_review_shows_the_breakdown_and_saves_nothing(site, client):
    token = site.new_match()
    data = site.deal_data(token, [{"melds": CARD_MELDS, "hand_points": 15},
                                  {"mode": "counts", "table_points": 60}], went_out="0",
                          action="review")
    response = client.post(f"/m/{token}/deals/new", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert 'id="deal-total-0">465<' in html
    assert 'value="save"' in html  # the save button appears after the review
    assert "No deal yet." in site.board(token)


def test_unknown_card_is_shown_next_to_its_field_and_nothing_is_saved(site, client):
    token = site.new_match()
    response = site.save_deal(token, [{"melds": "3H 4H 5X"}, {"melds": "3C 4C 5C"}])
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="sides-0-melds-errors"' in html
    assert "5X" in html.split('id="sides-0-melds-errors"')[1].split("</ul>")[0]
    assert 'aria-invalid="true"' in html
    assert "No deal yet." in site.board(token)


def test_illegal_meld_is_named_on_its_side(site):
    token = site.new_match()
    response = site.save_deal(token, [{"melds": "3H 4H 6H"}, {"melds": "3C 4C 5C"}])
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    errors = html.split('id="sides-0-melds-errors"')[1].split("</ul>")[0]
    assert "Meld 1" in errors
    assert errors.count("<li>") == 1  # said once, with the meld it is about
    assert "No deal yet." in site.board(token)


def test_an_illegal_meld_in_the_opening_is_named_on_the_opening(site):
    token = site.new_match()
    response = site.save_deal(token, [
        {"melds": "3H 4H 5H", "opening": "3H 4H 5H\n3C 5C 9C", "hand_points": 0},
        {"melds": "3S 4S 5S", "hand_points": 0}])
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    errors = html.split('id="sides-0-opening-errors"')[1].split("</ul>")[0]
    assert "Meld 2: These cards are neither a run" in errors
    assert "No deal yet." in site.board(token)


def test_going_out_without_a_clean_canastra_is_refused(site):
    token = site.new_match()
    response = site.save_deal(token, [{"melds": "3H 4H 5H"}, {"melds": "3C 4C 5C"}],
                              went_out="0")
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="went_out-errors"' in html


def test_a_deal_that_breaks_a_rule_is_saved_only_when_marked_disputed(site, client):
    """The players may keep a deal as it was played (going out without the clean canastra
    the rules ask for, seed 001 §06; values §07): one more tick, and the deal carries its
    problem."""
    token = site.new_match()
    sides = [{"melds": "3H 4H 5H", "hand_points": 0}, {"melds": "3C 4C 5C", "hand_points": 20}]
    refused = site.save_deal(token, sides, went_out="0")
    html = refused.get_data(as_text=True)
    assert refused.status_code == 422
    assert 'name="disputed" value="1"' in html
    assert "No deal yet." in site.board(token)

    data = site.deal_data(token, sides, went_out="0")
    data["disputed"] = "1"
    saved = client.post(f"/m/{token}/deals/new", data=data)
    assert saved.status_code == 302
    board = site.board(token)
    # 3 + 4 + 5 of hearts: 15 on the table, no going-out bonus for a side that cannot go out;
    # the other side 15 − 20 left in hand
    assert deal_line(board, 1) == [("15", "+15"), ("−5", "−5")]
    assert '<em class="disputed" aria-hidden="true">!</em>' in board
    assert '<span class="marks"><em class="disputed">disputed</em></span>' in board  # in words
    view = client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    assert "Disputed: this deal breaks a rule" in view


def test_a_deal_the_referee_cannot_read_is_never_saved_even_marked_disputed(site, client):
    token = site.new_match()
    data = site.deal_data(token, [{"melds": "3H 4H 5X"}, {"melds": "3C 4C 5C"}])
    data["disputed"] = "1"
    response = client.post(f"/m/{token}/deals/new", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'name="disputed"' not in html
    assert "No deal yet." in site.board(token)


def test_bad_numbers_are_refused_next_to_their_field(site):
    token = site.new_match()
    response = site.save_deal(token, [{"mode": "counts", "table_points": "lots", "clean": "-3"},
                                      {"mode": "counts", "table_points": 10}])
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="sides-0-table_points-errors"' in html
    assert 'id="sides-0-clean-errors"' in html
    assert "No deal yet." in site.board(token)


def test_double_submit_saves_one_deal(site, client, seed_deal):
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="0")
    first = client.post(f"/m/{token}/deals/new", data=data)
    second = client.post(f"/m/{token}/deals/new", data=data)
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"] == second.headers["Location"]
    html = site.board(token)
    assert html.count('class="deal"') == 1
    assert 'id="total-0">465<' in html


def test_stale_save_shows_what_changed_and_overwrites_nothing(site, client, seed_deal):
    token = site.new_match()
    # two phones open the deal form at version 1
    phone_a = site.deal_data(token, seed_deal, went_out="0")
    phone_b = site.deal_data(token, [{"mode": "counts", "table_points": 5},
                                     {"mode": "counts", "table_points": 10}])
    assert client.post(f"/m/{token}/deals/new", data=phone_a).status_code == 302
    response = client.post(f"/m/{token}/deals/new", data=phone_b)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This match changed" in html
    assert "Deal 1 was added" in html
    board = site.board(token)
    assert board.count('class="deal"') == 1
    assert 'id="total-0">465<' in board
    # the page offers the same deal again, now against the new version
    assert hidden_fields(html)["version"] == "2"


def test_edit_of_a_past_deal_recomputes_every_total(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    site.save_deal(token, [{"mode": "counts", "table_points": 100},
                           {"mode": "counts", "table_points": 50}])
    assert 'id="total-0">565<' in site.board(token)
    page = client.get(f"/m/{token}/deals/1/edit").get_data(as_text=True)
    assert 'value="180"' in page  # prefilled from the stored deal
    fixed = [dict(seed_deal[0], hand_points=0), seed_deal[1]]
    response = site.save_deal(token, fixed, went_out="0", url=f"/m/{token}/deals/1/edit")
    assert response.status_code == 302
    board = site.board(token)
    assert 'id="total-0">580<' in board  # 480 + 100
    assert board.count('class="deal"') == 2


def test_undo_takes_the_last_deal_back(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    site.save_deal(token, [{"mode": "counts", "table_points": 100},
                           {"mode": "counts", "table_points": 50}])
    data = site.hidden(f"/m/{token}/undo")
    response = client.post(f"/m/{token}/undo", data=data)
    assert response.status_code == 302
    board = site.board(token)
    assert 'id="total-0">465<' in board
    assert board.count('class="deal"') == 1
    # the same undo form sent again changes nothing more
    assert client.post(f"/m/{token}/undo", data=data).status_code == 302
    assert site.board(token).count('class="deal"') == 1


def test_stale_undo_is_refused(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    data = site.hidden(f"/m/{token}/undo")
    site.save_deal(token, seed_deal, went_out="0")
    response = client.post(f"/m/{token}/undo", data=data)
    assert response.status_code == 409
    assert "Deal 2 was added" in response.get_data(as_text=True)
    assert site.board(token).count('class="deal"') == 2


def test_missing_csrf_token_saves_nothing(site, client, seed_deal):
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="0")
    del data["csrf_token"]
    response = client.post(f"/m/{token}/deals/new", data=data)
    assert response.status_code == 400
    assert "No deal yet." in site.board(token)


def test_forged_csrf_token_saves_nothing(site, client, seed_deal):
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="0")
    data["csrf_token"] = "forged"
    assert client.post(f"/m/{token}/deals/new", data=data).status_code == 400
    assert "No deal yet." in site.board(token)


def test_two_readings_are_offered_and_the_chosen_one_is_stored(site, client, app):
    token = site.new_match()
    sides = [{"melds": "2H 3H 4H 5H 6H 7H 8H", "hand_points": 0},
             {"mode": "counts", "table_points": 10}]
    data = site.deal_data(token, sides, action="review")
    html = client.post(f"/m/{token}/deals/new", data=data).get_data(as_text=True)
    assert "Which did you mean?" in html
    choices = re.findall(r'name="reading-0-0-(\d+)" value="([^"]+)"', html)
    assert len(choices) >= 2
    wild_index, wild_cards = next((i, c) for i, c in choices if "*" in c)
    data.update(hidden_fields(html))
    data["action"] = "save"
    data["reading-0-0"] = wild_index
    data["reading-0-0-" + wild_index] = wild_cards
    assert client.post(f"/m/{token}/deals/new", data=data).status_code == 302
    from scorekeeper.db import get_db
    from scorekeeper.models import Deal

    with app.app_context(), get_db().read_sessions() as db:
        stored = db.query(Deal).one().data
    # offered with suit symbols, stored in the canonical notation
    assert wild_cards == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 2♥*"
    assert stored["sides"][0]["melds"] == ["3H 4H 5H 6H 7H 8H 2H*"]


def test_vulnerable_side_gets_a_badge_and_its_opening_is_checked(site, client):
    token = site.new_match()
    big = [{"mode": "counts", "table_points": 900, "clean": 4, "hand_points": 0},
           {"mode": "counts", "table_points": 10}]
    assert site.save_deal(token, big, went_out="0").status_code == 302
    board = site.board(token)
    assert "vulnerable: opening ≥ 75" in board  # 900 + 800 + 100 ≥ 1500 (seed 001 §05)
    page = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
    assert 'name="sides-0-opening"' in page
    assert 'name="sides-1-opening"' not in page
    response = site.save_deal(token, [{"melds": "3H 4H 5H", "opening": "3H 4H 5H"},
                                      {"mode": "counts", "table_points": 10}])
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'id="sides-0-opening-errors"' in html


def test_winner_banner_and_extra_deal(site):
    token = site.new_match(target=500)
    assert site.save_deal(token, [{"mode": "counts", "table_points": 600},
                                  {"mode": "counts", "table_points": 600}]).status_code == 302
    assert "an extra deal is needed" in site.board(token)
    assert site.save_deal(token, [{"mode": "counts", "table_points": 50},
                                  {"mode": "counts", "table_points": 10}]).status_code == 302
    board = site.board(token)
    assert "Winner: <b>Nós</b>" in board
    assert 'id="total-0">650<' in board
    # its deal form no longer opens, and a deal sent after the match is decided (a form
    # built on its current version) is refused
    assert site.client.get(f"/m/{token}/deals/new").status_code == 303
    late = site.deal_data(token, [{"mode": "counts", "table_points": 5},
                                  {"mode": "counts", "table_points": 5}],
                          url=f"/m/{token}/deals/2/edit")
    response = site.client.post(f"/m/{token}/deals/new", data=late)
    assert response.status_code == 422
    assert site.board(token).count('class="deal"') == 2


def test_edit_of_a_deal_that_does_not_exist_is_a_404(site, client):
    token = site.new_match()
    assert client.get(f"/m/{token}/deals/1/edit").status_code == 404
    assert client.get(f"/m/{token}/deals/0/edit").status_code == 404
    assert client.get("/m/nope/deals/new").status_code == 404


def test_a_forged_side_count_never_breaks_the_page(site, client, seed_deal):
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="7")
    data["sides-9-melds"] = "3H 4H 5H"
    data["sides-0-mode"] = "bogus"
    data["sides-0-morto"] = "bogus"
    response = client.post(f"/m/{token}/deals/new", data=data)
    assert response.status_code == 422
    assert "No deal yet." in site.board(token)


def test_editing_a_deal_that_was_undone_meanwhile(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    site.save_deal(token, seed_deal, went_out="0")
    edit = site.deal_data(token, seed_deal, url=f"/m/{token}/deals/2/edit")
    client.post(f"/m/{token}/undo", data=site.hidden(f"/m/{token}/undo"))
    response = client.post(f"/m/{token}/deals/2/edit", data=edit)
    assert response.status_code == 409  # "this match changed", not "this link leads nowhere"
    assert "changed" in response.get_data(as_text=True)
    assert site.board(token).count('class="deal"') == 1
    assert client.get(f"/m/{token}/deals/2/edit").status_code == 404


def test_stale_edit_overwrites_nothing(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    phone_a = site.deal_data(token, [dict(seed_deal[0], hand_points=0), seed_deal[1]],
                             went_out="0", url=f"/m/{token}/deals/1/edit")
    phone_b = site.deal_data(token, [dict(seed_deal[0], hand_points=100), seed_deal[1]],
                             went_out="0", url=f"/m/{token}/deals/1/edit")
    assert client.post(f"/m/{token}/deals/1/edit", data=phone_a).status_code == 302
    response = client.post(f"/m/{token}/deals/1/edit", data=phone_b)
    assert response.status_code == 409
    assert "Deal 1 was edited" in response.get_data(as_text=True)
    assert 'id="total-0">480<' in site.board(token)  # phone A's fix stands


def test_deleted_match_while_a_form_was_open(site, client, seed_deal):
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="0")
    client.post(f"/m/{token}/delete", data=site.hidden(f"/m/{token}/delete"))
    response = client.post(f"/m/{token}/deals/new", data=data)
    assert response.status_code == 404
    assert "This link leads nowhere" in response.get_data(as_text=True)


def test_a_form_restored_by_back_and_typed_again_is_never_dropped(site, client, seed_deal):
    """Back after Save restores the form with its spent key: the same content replays
    (one deal); other content is refused with a plain message, then saved as a new deal."""
    token = site.new_match()
    data = site.deal_data(token, seed_deal, went_out="0")
    assert client.post(f"/m/{token}/deals/new", data=data).status_code == 302
    other = {**data, "sides-0-table_points": "100"}  # typed again on the restored form
    response = client.post(f"/m/{token}/deals/new", data=other)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "This form was already used once" in html
    assert f'href="/m/{token}#deal-1"' in html
    assert 'value="100"' in html  # what was typed is still there
    assert site.board(token).count('class="deal"') == 1
    again = {**other, **{k: v for k, v in hidden_fields(html).items() if k in ("idem", "version")}}
    assert again["idem"] != data["idem"]
    assert client.post(f"/m/{token}/deals/new", data=again).status_code == 302
    board = site.board(token)
    assert board.count('class="deal"') == 2
    # seed 001 §09: 465; the second deal: 100 table points + 200 + 100 going out - 15 = 385
    assert 'id="total-0">850<' in board


def test_pages_are_never_served_from_the_browser_cache(site, client):
    token = site.new_match()
    for url in (f"/m/{token}", f"/m/{token}/deals/new", "/matches/new", "/"):
        assert client.get(url).headers["Cache-Control"] == "no-store", url


@pytest.mark.parametrize(("profile", "table_limit"), [("buraco-aberto", "960"),
                                                      ("burraco", "1,080")])
def test_counts_no_two_decks_can_make_are_refused_at_their_field(site, client, profile,
                                                                 table_limit):
    """docs/rules.md "The physical limit of a deal" (seed 001 §01): two decks and four
    jokers. Buraco Aberto: 8 × (A 15 + 2 10 + six ranks × 10 + five ranks × 5) + 4 × 20
    = 960 on one side's table; Burraco: 8 × (15 + 20 + 60 + 25) + 4 × 30 = 1,080. At
    most 104 natural cards // 7 = 14 clean canastras, and 108 cards in all canastras
    together. Nothing is saved."""
    token = site.new_match(profile=profile)
    limit = int(table_limit.replace(",", ""))
    too_much = [{"mode": "counts", "table_points": limit + 1, "clean": 9, "dirty": 7,
                 "hand_points": 5},
                {"mode": "counts", "table_points": limit, "clean": 14, "hand_points": 2000},
                {"mode": "counts", "table_points": 0, "clean": 15}]
    response = site.save_deal(token, too_much[:2], went_out="0")
    assert response.status_code == 422
    html = response.get_data(as_text=True)
    errors = dict(re.findall(r'id="(sides-\d-\w+)-errors"[^>]*>(.*?)</', html, re.S))
    assert f"cannot make more than {table_limit}." in errors["sides-0-table_points"]
    together = ("Together these melds take at least 112 cards; two decks and their "
                "jokers hold 108.")
    assert together in errors["sides-0-clean"]
    assert together in errors["sides-0-dirty"]
    assert "sides-1-table_points" not in errors  # exactly the limit: it can exist
    assert "sides-1-clean" not in errors
    assert f"cannot make more than {table_limit}." in errors["sides-1-hand_points"]
    response = site.save_deal(token, [too_much[2], too_much[1]], went_out="0")
    errors = dict(re.findall(r'id="(sides-\d-\w+)-errors"[^>]*>(.*?)</',
                             response.get_data(as_text=True), re.S))
    assert "cannot make more than 14." in errors["sides-0-clean"]
    assert site.board(token).count('class="deal"') == 0
    fits = [{"mode": "counts", "table_points": limit, "clean": 14, "hand_points": 5},
            {"mode": "counts", "table_points": 0, "hand_points": limit}]
    assert site.save_deal(token, fits, went_out="0").status_code == 302


def _vulnerable_match(site) -> str:
    """A match whose first side stands at 1,800: vulnerable, its opening must make 75
    (seed 001 §05)."""
    token = site.new_match()
    big = [{"mode": "counts", "table_points": 900, "clean": 4, "hand_points": 0},
           {"mode": "counts", "table_points": 10}]
    assert site.save_deal(token, big, went_out="0").status_code == 302
    return token


# 3♥…9♥: 5 × 5 + 10 + 10 = 45; J♣ Q♣ K♣ A♣: 30 + 15 = 45 (seed 001 §07)
TWO_MELDS = "3H 4H 5H 6H 7H 8H 9H\nJC QC KC AC"


def _stored(app) -> list[dict]:
    from scorekeeper.db import get_db
    from scorekeeper.models import Deal

    with app.app_context(), get_db().read_sessions() as db:
        return [d.data for d in db.query(Deal).order_by(Deal.position)]


def test_a_vulnerable_side_that_gave_no_opening_is_asked(site, client):
    token = _vulnerable_match(site)
    sides = [{"melds": TWO_MELDS}, {"mode": "counts", "table_points": 10}]
    response = site.save_deal(token, sides)
    html = response.get_data(as_text=True)
    assert response.status_code == 422
    errors = html.split('id="sides-0-opening-errors"')[1].split("</ul>")[0]
    assert "Which melds were laid down together to open (75 or more)?" in errors
    assert 'name="disputed"' not in html  # a question, not a rule to overrule
    # one box per meld line to tick
    assert html.count('name="sides-0-opened"') == 2
    assert site.board(token).count('class="deal"') == 1


def test_the_opening_is_the_meld_lines_ticked(app, site, client):
    token = _vulnerable_match(site)
    data = site.deal_data(token, [{"melds": TWO_MELDS}, {"mode": "counts", "table_points": 10}])
    short = {**data, "sides-0-opened": ["1"]}  # 45 alone is below 75
    response = client.post(f"/m/{token}/deals/new", data=short)
    assert response.status_code == 422
    errors = response.get_data(as_text=True).split('id="sides-0-opening-errors"')[1]
    assert ("The opening is worth 45 card points; with 1,800 points before the deal the side "
            "must open with at least 75.") in errors.split("</ul>")[0]
    both = {**data, "sides-0-opened": ["0", "1"]}  # 90
    assert client.post(f"/m/{token}/deals/new", data=both).status_code == 302
    stored = _stored(app)[1]["sides"][0]
    assert stored["opening"] == ["3H 4H 5H 6H 7H 8H 9H", "JC QC KC AC"]
    # opened again for a fix: the two lines ticked, nothing typed
    page = client.get(f"/m/{token}/deals/2/edit").get_data(as_text=True)
    assert len(re.findall(r'name="sides-0-opened" value="\d" checked', page)) == 2
    assert re.search(r'<textarea[^>]*name="sides-0-opening"[^>]*>\s*</textarea>', page)


def test_an_opening_nobody_noted_is_said_so(app, site, client):
    token = _vulnerable_match(site)
    data = site.deal_data(token, [{"melds": TWO_MELDS, "unnoted": "y"},
                                  {"mode": "counts", "table_points": 10}])
    assert client.post(f"/m/{token}/deals/new", data=data).status_code == 302
    assert "opening" not in _stored(app)[1]["sides"][0]
    page = client.get(f"/m/{token}/deals/2/edit").get_data(as_text=True)
    assert re.search(r'<input checked[^>]*name="sides-0-unnoted"', page) or re.search(
        r'name="sides-0-unnoted"[^>]*checked', page)


def test_the_scoreboard_after_a_save_reads_the_match_the_save_scored(app, site, seed_deal,
                                                                      monkeypatch):
    """Saving a deal scores the match with it (to judge it); the new version's
    scoreboard shows that count instead of scoring every deal again."""
    from sqlalchemy import event

    from scorekeeper import rules
    from scorekeeper.db import get_db

    token = site.new_match()
    calls = []
    for name in ("match_document", "deal_added"):
        real = getattr(rules, name)
        monkeypatch.setattr(rules, name, lambda doc, before=None, real=real, name=name:
                            calls.append((name, doc, before)) or real(doc, before))
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    after_save = len(calls)
    board = site.board(token)
    assert len(calls) == after_save
    assert "465" in board  # seed 001 §09
    # the next deal is scored after the kept tally of the first: only the new deal is
    # read, and no stored deal is read back from the database
    statements: list[str] = []
    engine = get_db(app).engine
    listen = lambda _c, _cur, sql, *_a: statements.append(sql)  # noqa: E731
    event.listen(engine, "before_cursor_execute", listen)
    try:
        assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    finally:
        event.remove(engine, "before_cursor_execute", listen)
    name, doc, before = calls[-1]
    assert name == "deal_added"
    assert len(doc["deals"]) == 1
    assert before["totals"] == [465, 30]
    assert any("INSERT INTO deals" in sql for sql in statements)
    assert not [sql for sql in statements if "FROM deals" in sql]
    assert '<output class="big num" id="total-0">930</output>' in site.board(token)


def test_the_next_deals_number_is_in_an_element_a_script_can_rewrite(site, client, seed_deal):
    """The new deal's heading holds its number in an element of its own, the server's in
    ``data-n``: the deal form's script adds the deals waiting on the phone there
    (``numbered`` in the templates; no script looks for a number among the words)."""
    token = site.new_match()
    french = client.get(f"/m/{token}/deals/new", headers={"Accept-Language": "fr"})
    assert '<span>Donne <span data-n="1">1</span></span></h1>' in french.get_data(as_text=True)
    assert client.post(f"/m/{token}/deals/new",
                       data=site.deal_data(token, seed_deal, went_out="0")).status_code == 302
    english = client.get(f"/m/{token}/deals/new", headers={"Accept-Language": "en"})
    assert '<span>Deal <span data-n="2">2</span></span></h1>' in english.get_data(as_text=True)
    # a past deal's heading is not counted on the phone: its number is words alone
    fixed = client.get(f"/m/{token}/deals/1/edit", headers={"Accept-Language": "en"})
    assert "Fix deal 1</h1>" in fixed.get_data(as_text=True)
