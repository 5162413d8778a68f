"""Creating matches: profiles, sides, targets, and every way the form can be wrong."""

from __future__ import annotations

import io
import json
import re
from html import unescape

from pypdf import PdfReader
from web_support import breakdown, hidden_fields


def test_new_match_defaults_to_buraco_aberto_and_its_target(site, client):
    html = client.get("/matches/new").get_data(as_text=True)
    assert '<option selected value="buraco-aberto">' in html or 'value="buraco-aberto" selected' \
        in html
    token = site.new_match()
    board = site.board(token)
    assert "target 3,000" in board
    assert "Nós" in board
    assert "Eles" in board


def test_profile_target_and_players(site):
    token = site.new_match(profile="burraco", sides=("Ana", "Bia"), target=1005,
                           **{"sides-0-players": "Ana, Caio"})
    board = site.board(token)
    assert "target 1,005" in board
    assert "Ana, Caio" in board


def test_five_players_where_the_profile_allows(site):
    token = site.new_match(profile="buraco-classico", sides=("A", "B", "C", "D", "E"))
    board = site.board(token)
    assert all(f'<h2 class="name">{n}</h2>' in board for n in "ABCDE")


def test_too_many_sides_for_the_profile(site, client):
    data = site.hidden("/matches/new")
    data.update({"profile": "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B",
                 "sides-2-name": "C"})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 200
    assert "These rules are played by 2 sides; you named 3." in response.get_data(as_text=True)


def test_four_sides_of_classic_buraco_are_refused(site, client):
    # rules.md, buraco-classico: four players play as two partnerships, never four sides
    data = site.hidden("/matches/new")
    data.update({"profile": "buraco-classico", "sides-0-name": "A", "sides-1-name": "B",
                 "sides-2-name": "C", "sides-3-name": "D"})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 200
    assert "These rules are played by 2, 3, or 5 sides; you named 4." in response.get_data(
        as_text=True)
    data.update({"sides-2-name": "", "sides-3-name": ""})
    assert client.post("/matches/new", data=data).status_code == 302


def test_same_side_names_and_bad_target_and_unknown_profile(site, client):
    data = site.hidden("/matches/new")
    data.update({"profile": "buraco-aberto", "sides-0-name": "A", "sides-1-name": "A"})
    assert "same name" in client.post("/matches/new", data=data).get_data(as_text=True)
    data.update({"sides-1-name": "B", "target": "12"})
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert 'id="target-errors"' in html
    data.update({"target": "", "profile": "poker"})
    html = client.post("/matches/new", data=data).get_data(as_text=True)
    assert 'id="profile-errors"' in html


def test_empty_names_default_to_us_and_them(site, client):
    data = site.hidden("/matches/new")
    data["profile"] = "buraco-aberto"
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302
    board = client.get(response.headers["Location"]).get_data(as_text=True)
    assert '<h2 class="name">Us</h2>' in board
    assert '<h2 class="name">Them</h2>' in board


def test_new_match_double_submit_creates_one_match(site, client):
    data = site.hidden("/matches/new")
    data.update({"profile": "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B"})
    first = client.post("/matches/new", data=data)
    second = client.post("/matches/new", data=data)
    assert first.headers["Location"] == second.headers["Location"]


def test_new_match_without_csrf_is_refused(client):
    data = hidden_fields(client.get("/matches/new").get_data(as_text=True))
    data.pop("csrf_token")
    data.update({"profile": "buraco-aberto", "sides-0-name": "A", "sides-1-name": "B"})
    response = client.post("/matches/new", data=data)
    assert response.status_code == 400
    assert "This form has expired" in response.get_data(as_text=True)


def test_italian_profiles_speak_of_pozzetto_and_burraco(site, client):
    token = site.new_match(profile="burraco", sides=("Ana", "Bia"))
    assert site.save_deal(token, [{"mode": "counts", "table_points": 50},
                                  {"mode": "counts", "table_points": 20,
                                   "morto": "not_taken"}]).status_code == 302
    deal = client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    assert breakdown(deal)["pozzetto"] == ["0", "\u2212100"]
    page = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
    assert "<legend>Pozzetto</legend>" in page
    assert ">Clean burracos</label>" in page
    assert 'value="unused"' not in page  # "taken but never played" is Buraco Aberto's only
    html = client.get("/check?profile=burraco&melds=3H+4H+5H+6H+7H+8H+9H").get_data(as_text=True)
    assert "clean burraco" in html


def test_the_home_page_lists_matches_by_the_tokens_this_browser_holds(site, client, app):
    token = site.new_match(name="Sunday")
    assert f"/m/{token}" in client.get("/").get_data(as_text=True)
    # The cookie keeps the edit token, never a row id: a cookie forged with the secret key
    # (row ids are guessable) names no match.
    serializer = app.session_interface.get_signing_serializer(app)
    forged = serializer.dumps({"matches": [1, 2, 3], "burros": [1]})
    stranger = app.test_client()
    stranger.set_cookie("session", forged)
    html = stranger.get("/").get_data(as_text=True)
    assert "Sunday" not in html
    assert f"/m/{token}" not in html


def test_new_match_sent_twice_starts_one_match_and_a_changed_form_is_refused(site, client):
    data = site.hidden("/matches/new")
    data.update({"profile": "buraco-aberto", "sides-0-name": "Ana", "sides-1-name": "Bia"})
    first = client.post("/matches/new", data=data)
    second = client.post("/matches/new", data=data)
    assert first.status_code == second.status_code == 302
    assert first.headers["Location"] == second.headers["Location"]
    changed = client.post("/matches/new", data={**data, "sides-1-name": "Caio"})
    assert changed.status_code == 409
    html = changed.get_data(as_text=True)
    assert "This form was already used once" in html
    assert first.headers["Location"].replace("http://localhost", "") in html


def test_a_won_match_shows_the_result_on_top_and_plays_again_with_the_same_sides(site, client):
    """seed 001 §06: at the target the highest total wins. The result comes first on the
    scoreboard (winner, final totals, no vulnerable badge any more), and "Play again"
    opens a new-match form set up as this one: same rules, target and sides."""
    token = site.new_match(sides=("Ana & Bia", "Lu & Rê"), target="1000",
                           **{"sides-0-players": "Ana, Bia"})
    winning = [{"mode": "counts", "table_points": 800, "clean": 1, "hand_points": 0,
                "morto": "taken"},
               {"mode": "counts", "table_points": 60, "hand_points": 30, "morto": "taken"}]
    assert site.save_deal(token, winning, went_out="0").status_code == 302
    html = site.board(token)
    # 800 + 200 (clean canastra) + 100 (going out): 1,100 ≥ 1,000
    assert '<output class="big num" id="total-0">1,100</output>' in html
    assert '<output class="big num" id="total-1">30</output>' in html
    top = html.index('class="result"')
    assert top < html.index('class="totals"')
    assert "Winner: <b>Ana &amp; Bia</b>" in html
    assert 'class="badge"' not in html
    assert "to go" not in html
    again = f"/matches/new?again={token}"
    assert f'href="{again}"' in html
    form = client.get(again).get_data(as_text=True)
    fields = hidden_fields(form)
    assert 'value="Ana &amp; Bia"' in form
    assert 'value="Lu &amp; Rê"' in form
    assert 'value="Ana, Bia"' in form
    assert 'value="1000"' in form
    assert '<option selected value="buraco-aberto">' in form
    data = {**fields, "profile": "buraco-aberto", "target": "1000",
            "sides-0-name": "Ana & Bia", "sides-0-players": "Ana, Bia", "sides-1-name": "Lu & Rê"}
    response = client.post("/matches/new", data=data)
    assert response.status_code == 302
    new_token = response.headers["Location"].rsplit("/m/", 1)[1]
    assert new_token != token
    fresh = site.board(new_token)
    assert '<output class="big num" id="total-0">0</output>' in fresh
    assert "Ana &amp; Bia" in fresh
    assert "Lu &amp; Rê" in fresh


def test_play_again_from_a_link_that_opens_no_match_is_a_plain_new_match(client):
    form = client.get("/matches/new?again=nothing-here").get_data(as_text=True)
    assert '<option selected value="buraco-aberto">' in form
    assert re.search(r'<input [^>]*name="sides-0-name" [^>]*value="">', form)


def _turn(html: str) -> tuple[str, str]:
    """Who deals and who plays first, as a page says it."""
    found = re.search(r'<span class="turn"[^>]*>\s*<span>[^<]*: <b>([^<]+)</b></span>\s*'
                      r'<span>Plays first: <b>([^<]+)</b></span>', html)
    assert found, html[-3000:]
    return found.group(1), found.group(2)


def _seat_buttons(page: str) -> list[tuple[str, str]]:
    return re.findall(r'name="seat" value="(\d)"[^>]*>([^<]+)<', page)


def test_the_deal_passes_to_the_left_and_the_dealers_left_plays_first(site, client, seed_deal):
    """Seed 001 §01: deal, play and rotation go clockwise (to the left); §03: the player on
    the dealer's left plays first. Partners sit apart: Ana, Caio, Bia, Duda going round to
    the left; Caio deals first, Bia plays first; then Bia deals, Duda plays first; …"""
    token = site.new_match(**{"sides-0-players": "Ana, Bia", "sides-1-players": "Caio, Duda"})
    board = site.board(token)
    assert "Next dealer" not in board
    assert f'href="/m/{token}/dealer"' in board
    page = client.get(f"/m/{token}/dealer").get_data(as_text=True)
    assert _seat_buttons(page) == [("0", "Ana"), ("1", "Caio"), ("2", "Bia"), ("3", "Duda")]
    chosen = client.post(f"/m/{token}/dealer", data={**hidden_fields(page), "seat": "1"})
    assert chosen.status_code == 302
    assert _turn(site.board(token)) == ("Caio", "Bia")
    # the turns of the next 16 deals from there, for a phone counting waiting deals
    # (js/app.js picks from them and counts nothing round the table itself)
    next_turns = re.search(r'<span class="turn" data-next="([^"]+)"', site.board(token))
    assert json.loads(unescape(next_turns.group(1))) == [
        ["Caio", "Bia"], ["Bia", "Duda"], ["Duda", "Ana"], ["Ana", "Caio"]] * 4
    for now, after in ((("Caio", "Bia"), ("Bia", "Duda")), (("Bia", "Duda"), ("Duda", "Ana")),
                       (("Duda", "Ana"), ("Ana", "Caio")), (("Ana", "Caio"), ("Caio", "Bia"))):
        form = client.get(f"/m/{token}/deals/new").get_data(as_text=True)
        assert _turn(form) == now
        assert "Dealer: <b>" in form
        assert site.save_deal(token, seed_deal).status_code == 302
        assert _turn(site.board(token)) == after
    # a past deal says who dealt it and who played first, on its page and its form
    assert _turn(client.get(f"/m/{token}/deals/2").get_data(as_text=True)) == ("Bia", "Duda")
    assert _turn(client.get(f"/m/{token}/deals/2/edit").get_data(as_text=True)) == ("Bia", "Duda")


def test_who_sits_where_in_two_taps_and_the_first_dealer_stays(site, client, seed_deal):
    """Partners opposite: from Ana, the seat on her left is Caio's or Duda's; the tap on
    Duda seats the rest (Bia opposite Ana, Caio on her left). The first dealer is still
    Caio; a deal form opened before the change still saves."""
    token = site.new_match(**{"sides-0-players": "Ana, Bia", "sides-1-players": "Caio, Duda"})
    dealer_page = client.get(f"/m/{token}/dealer").get_data(as_text=True)
    client.post(f"/m/{token}/dealer", data={**hidden_fields(dealer_page), "seat": "1"})
    typed = site.deal_data(token, seed_deal)
    page = client.get(f"/m/{token}/seating").get_data(as_text=True)
    assert re.findall(r"<li>([^<]+)</li>", page.split('class="around"')[1].split("</ol>")[0]) \
        == ["Ana"]
    taps = re.findall(r'<a class="button" href="(/m/[^"]+/seating\?order=[^"]+)">([^<]+)</a>', page)
    assert [name for _, name in taps] == ["Caio", "Duda"]
    page = client.get(dict((n, u) for u, n in taps)["Duda"].replace("&amp;", "&")) \
        .get_data(as_text=True)
    around = page.split('class="around"')[1].split("</ol>")[0]
    assert re.findall(r"<li>([^<]+)</li>", around) == ["Ana", "Duda", "Bia", "Caio"]
    assert 'name="order" value="0,3,2,1"' in page
    saved = client.post(f"/m/{token}/seating", data={**hidden_fields(page), "order": "0,3,2,1"})
    assert saved.status_code == 302
    assert _seat_buttons(client.get(f"/m/{token}/dealer").get_data(as_text=True)) == [
        ("0", "Ana"), ("1", "Duda"), ("2", "Bia"), ("3", "Caio")]
    assert _turn(site.board(token)) == ("Caio", "Ana")
    assert client.post(f"/m/{token}/deals/new", data=typed).status_code == 302
    assert _turn(site.board(token)) == ("Ana", "Duda")
    # partners side by side, a seat twice, a seat that is not there: refused, nothing changed
    for forged in ("0,2,1,3", "0,1,1,3", "0,1,2,9", "0,1,2", "x"):
        page = client.get(f"/m/{token}/seating").get_data(as_text=True)
        refused = client.post(f"/m/{token}/seating", data={**hidden_fields(page), "order": forged})
        assert refused.status_code == 400, forged
    assert _turn(site.board(token)) == ("Ana", "Duda")


def test_three_players_of_classic_buraco_each_play_alone(site, client, seed_deal):
    """Classic Buraco with three players (docs/rules.md): every player is a side of their
    own, and the two pozzetti go to the first two to empty their hands. Who sits where
    takes one tap; the deal goes round the three seats."""
    token = site.new_match(profile="buraco-classico", sides=("Ana", "Bia", "Caio"))
    board = site.board(token)
    assert "Each player plays alone" in board
    page = client.get(f"/m/{token}/seating").get_data(as_text=True)
    taps = re.findall(r'<a class="button" href="(/m/[^"]+/seating\?order=[^"]+)">([^<]+)</a>', page)
    assert [name for _, name in taps] == ["Bia", "Caio"]
    page = client.get(taps[1][0]).get_data(as_text=True)
    assert 'name="order" value="0,2,1"' in page
    assert client.post(f"/m/{token}/seating",
                       data={**hidden_fields(page), "order": "0,2,1"}).status_code == 302
    page = client.get(f"/m/{token}/dealer").get_data(as_text=True)
    assert _seat_buttons(page) == [("0", "Ana"), ("1", "Caio"), ("2", "Bia")]
    client.post(f"/m/{token}/dealer", data={**hidden_fields(page), "seat": "2"})
    assert _turn(site.board(token)) == ("Bia", "Ana")
    assert "Each player plays alone" not in site.board(site.new_match())


def test_sides_without_named_players_deal_in_turn(site, client):
    token = site.new_match(sides=("Nós", "Eles"))
    page = client.get(f"/m/{token}/dealer").get_data(as_text=True)
    assert re.findall(r'name="seat" value="(\d)"[^>]*>([^<]+)<', page) == [
        ("0", "Nós"), ("1", "Eles")]
    forged = client.post(f"/m/{token}/dealer", data={**hidden_fields(page), "seat": "7"})
    assert forged.status_code == 400
    assert "Next dealer" not in site.board(token)
    assert client.post(f"/m/{token}/dealer",
                       data={**hidden_fields(page), "seat": "1"}).status_code == 302
    # two seats: the one who did not deal plays first (seed 004 "La donne")
    assert _turn(site.board(token)) == ("Eles", "Nós")
    assert "/seating" not in client.get(f"/m/{token}/dealer").get_data(as_text=True)


def test_a_deal_form_open_while_the_dealer_is_chosen_still_saves(app, site, client, seed_deal):
    """Choosing who deals leaves the deals as they were: a deal form opened before it
    saves (the seed 001 §09 deal, 465 / 30), while one opened before another deal was
    saved is told the match changed."""
    token = site.new_match()
    typed = site.deal_data(token, seed_deal, went_out="0")
    page = client.get(f"/m/{token}/dealer").get_data(as_text=True)
    assert client.post(f"/m/{token}/dealer",
                       data={**hidden_fields(page), "seat": "1"}).status_code == 302
    saved = client.post(f"/m/{token}/deals/new", data=typed)
    assert saved.status_code == 302
    assert _turn(site.board(token)) == ("Nós", "Eles")
    late = site.deal_data(token, seed_deal, went_out="0")
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    stale = client.post(f"/m/{token}/deals/new", data=late)
    assert stale.status_code == 409
    assert "This match changed" in stale.get_data(as_text=True)
    assert _totals(app) == [[930, 60]]


def _totals(app) -> list[list[int]]:
    from scorekeeper.db import get_db
    from scorekeeper.models import Match

    with app.app_context(), get_db().read_sessions() as db:
        return [list(m.totals) for m in db.query(Match)]


def test_the_scoreboard_draws_the_running_totals_once_there_are_two_deals(site, client,
                                                                          seed_deal):
    from scorekeeper.chart import chart

    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    assert 'class="running"' not in site.board(token)
    site.save_deal(token, seed_deal, went_out="0")
    html = site.board(token)
    # seed 001 §09 twice: 465 then 930 for Nós, 30 then 60 for Eles, the target 3,000
    drawn = chart(["Nós", "Eles"], [[465, 30], [930, 60]], 3000, str)
    for line in drawn["lines"]:
        assert f'points="{line["points"]}"' in html
    # 930 of 0–3,000 on a plot 164 high from y = 10: 10 + 164 × 2,070 / 3,000 = 123.2
    assert drawn["lines"][0]["points"].split()[-1] == "628.0,123.2"
    assert re.search(r'<p class="legend"><span><span class="s0">[^<]+</span> Nós</span> '
                     r'<span><span class="s1">', html)
    assert f'class="target" d="M56 {drawn["target"]["y"]}H628"' in html


def test_a_match_started_after_one_is_deleted_never_shows_the_deleted_one(app, site, client,
                                                                          seed_deal, db_url):
    """SQLite gives the next match the id of a deleted last one: the scoreboard, its
    referee's count, the table's figures and the summary PDF are kept by the match's own
    link, never by that id."""
    from scorekeeper.db import get_db
    from scorekeeper.models import Match

    first = site.new_match(sides=("Ana", "Bia"), target=3000)
    for _ in range(2):
        site.save_deal(first, seed_deal, went_out="0")
    assert 'id="total-0">930<' in site.board(first)  # seed 001 §09, twice
    assert client.get(f"/m/{first}/summary.pdf").status_code == 200
    client.post(f"/m/{first}/delete", data=site.hidden(f"/m/{first}/delete"))
    second = site.new_match(sides=("Caio", "Duda"), target=5000)
    with app.app_context(), get_db().read_sessions() as session:
        reused = session.query(Match).one()
    assert reused.version == 1
    if db_url.startswith("sqlite"):
        assert reused.id == 1  # the deleted match's id (PostgreSQL's sequence moves on)
    board = site.board(second)
    assert "Ana" not in board
    assert 'id="total-0">0<' in board
    for deals in (1, 2):  # the versions the deleted match's pages were kept at
        site.save_deal(second, [seed_deal[1], seed_deal[0]], went_out="1")
        board = site.board(second)
        assert "Caio × Duda" in board
        assert "Ana" not in board
        assert f'id="total-0">{30 * deals}<' in board
        assert f'id="total-1">{465 * deals}<' in board
    pdf = client.get(f"/m/{second}/summary.pdf")  # the version the first one was kept at
    assert pdf.status_code == 200
    text = PdfReader(io.BytesIO(pdf.data)).pages[0].extract_text()
    assert "Caio" in text
    assert "Ana" not in text


def test_the_rules_offered_write_their_target_as_the_page_writes_numbers(client):
    html = client.get("/matches/new", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert ">Buraco Aberto (brésilien, ouvert) · 3\u202f000</option>" in html
    assert "· 3000<" not in html
