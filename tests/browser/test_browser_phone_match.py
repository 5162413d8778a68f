"""A match set up on a phone without a network: its scoreboard and deal form are the pages
the new match page had the phone keep (web/offline.py), with its own names, target and
links (chosen on the phone, templates/sw.js); its deals wait behind it in the outbox,
scored by the phone's referee against the match document the phone makes; once the
server answers, it is created under those same links, then its deals are applied.

Buraco Aberto, seed 001: a clean canastra 200 and going out 100 (§04), cards left in
hand subtracted (§09)."""

from __future__ import annotations

import json
import re

import pytest
from browser_pages import STEP, ms
from playwright.sync_api import expect
from test_browser_outbox import OUTBOX, START, _count_deal, sync_now
from waiting import until
from warm_referee import take_pack

from scorekeeper.db import get_db
from scorekeeper.models import Match
from scorekeeper.web.offline import SHELL

pytestmark = pytest.mark.browser


def _stored(app, token: str) -> tuple[str, str, list[int], int, list[dict]] | None:
    """What the server holds of the match: name, view link, totals, deals and sides."""
    with app.app_context():
        db = get_db().read_sessions()
        try:
            match = db.query(Match).filter_by(edit_token=token).one_or_none()
            if match is None:
                return None
            return match.name, match.view_token, list(match.totals), len(match.deals), \
                match.sides
        finally:
            db.close()


def _slots_left(phone) -> list[str]:
    """The kept pages' slots (web/offline.py's SHELL, and the title's) the phone has not
    written over; a random key may itself hold "__", so the slots are named."""
    page = phone.content()
    return [slot for slot in (*SHELL.values(), "{name}") if slot in page]


def _ready_offline(app, phone, live_server, referee_snapshot) -> None:
    """The new match page under the service worker, the phone's referee started once (its
    snapshot kept), and what setting a match up without a network needs kept."""
    app.config["OFFLINE_PACK"] = True
    # the referee started once on this phone already: its snapshot kept (the first start
    # is test_browser_phone_referee.py's)
    referee_snapshot.warm(phone.context, live_server)
    phone.set_default_timeout(START)
    phone.goto(live_server + "/")
    phone.evaluate("async () => { await navigator.serviceWorker.ready; }")
    phone.goto(live_server + "/")  # under the service worker: kept
    # the new match page, opened under the service worker, has the phone keep what setting
    # a match up without a network needs, in its language
    phone.goto(live_server + "/matches/new")
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert phone.evaluate("""() => window.Scorekeeper.referee(
        {kind: "check", body: {melds: ["5H 6H 7H"]}, lang: "en"}).then(a => a.status)""") == 200
    take_pack(phone)  # what Python needs to start offline, asked for on this page
    until(phone, """async () => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys())
          .map(k => new URL(k.url).pathname);
        return ["/offline/setup/en.json", "/offline/board/en/buraco-aberto/2",
                "/offline/deal/en/buraco-aberto/2", "/offline/deal/en/buraco-classico/5"]
          .every(p => keys.includes(p));
    }""")
    phone.set_default_timeout(STEP)


def test_a_match_set_up_offline_keeps_its_links_and_reaches_the_server(app, phone, live_server,
                                                                        referee_snapshot):
    _ready_offline(app, phone, live_server, referee_snapshot)
    phone.context.set_offline(True)
    try:
        phone.reload()  # the kept page
        phone.select_option("#profile", "buraco-aberto")
        phone.fill("#sides-0-name", "Noi")
        phone.fill("#sides-0-players", "Anna, Bea")
        phone.fill("#sides-1-name", "Voi")
        phone.fill("#target", "1500")
        phone.get_by_role("button", name="Start the match").tap()
        phone.wait_for_url(re.compile(r"/m/[A-Za-z0-9_-]{22}$"))
        board = phone.url
        token = board.rsplit("/", 1)[1]
        # its scoreboard, with its own words, and no way to what needs the server
        expect(phone.locator("h1")).to_have_text("Noi × Voi")
        expect(phone).to_have_title("Noi × Voi · Scorekeeper")
        expect(phone.locator("main")).to_contain_text("Buraco Aberto")
        expect(phone.locator("main")).to_contain_text("target 1,500")
        expect(phone.locator(".total small.name").first).to_have_text("Anna, Bea")
        expect(phone.locator(".total").nth(1)).to_contain_text("1,500 to go")
        expect(phone.locator(".banner[role=status]").first).to_have_text(
            "This match is on this phone only for now: the server creates it, with these "
            "same links, as soon as it can be reached.")
        expect(phone.get_by_role("link", name="Share")).to_have_count(0)
        expect(phone.get_by_role("link", name="Delete the match")).to_have_count(0)
        assert not _slots_left(phone)  # every placeholder written over
        assert _stored(app, token) is None

        # two deals by counts: 180 + 200 + 100 − 15 = 465 and 60 − 30 = 30;
        # then 95 − 40 = 55 and 240 + 200 + 100 = 540
        _count_deal(phone, board, 1, {"table_points": "180", "clean": "1", "hand_points": "15"},
                    {"table_points": "60", "hand_points": "30"}, "Noi")
        expect(phone.locator("#total-0")).to_have_text("465", timeout=ms(30))
        expect(phone.locator("#total-1")).to_have_text("30")
        _count_deal(phone, board, 2, {"table_points": "95", "hand_points": "40"},
                    {"table_points": "240", "clean": "1"}, "Voi")
        expect(phone.locator("#total-0")).to_have_text("520")
        expect(phone.locator("#total-1")).to_have_text("570")
        # reloaded offline: the match and its deals still wait, with the same totals
        phone.reload()
        expect(phone.locator("h1")).to_have_text("Noi × Voi")
        expect(phone.locator("#outbox [data-count]")).to_have_text("2")
        expect(phone.locator("#total-0")).to_have_text("520")
        expect(phone.locator("#total-1")).to_have_text("570")
        entries = json.loads(phone.evaluate(OUTBOX))
        assert [(e.get("kind"), e["token"], e["expect"]) for e in entries] == [
            ("match", token, 0), (None, token, 1), (None, token, 2)]
        view = dict(entries[0]["fields"])["view_token"]
        assert re.fullmatch(r"[A-Za-z0-9_-]{22}", view)
        assert view != token
        assert _stored(app, token) is None
        # the home page, as the phone keeps it, lists it apart until the server has it
        phone.goto(live_server + "/")
        own = phone.locator("#own-matches")
        expect(own.locator("h2")).to_have_text("Set up on this phone, not on the server yet")
        expect(own.locator("li a")).to_have_attribute("href", f"/m/{token}")
        expect(own.locator("li a")).to_have_text("Noi × VoiBuraco Aberto (Brazilian, open)")
        expect(phone.locator("#no-match")).to_be_hidden()
        own.locator("li a").tap()
        phone.wait_for_url(board)
        expect(phone.locator("#total-1")).to_have_text("570")
    finally:
        phone.context.set_offline(False)

    # back online: the match is created under its links, then its deals are applied
    with phone.expect_navigation():  # sent, the scoreboard shows the server's
        sync_now(phone)
    phone.wait_for_load_state()
    assert phone.url == board
    name, stored_view, totals, deals, sides = _stored(app, token)
    assert (name, stored_view, totals, deals) == ("Noi × Voi", view, [520, 570], 2)
    assert sides == [{"name": "Noi", "players": ["Anna", "Bea"]},
                     {"name": "Voi", "players": []}]
    assert json.loads(phone.evaluate(OUTBOX)) == []
    expect(phone.locator(".banner[role=status]")).to_have_count(0)
    expect(phone.locator("#deal-2")).to_be_visible()
    expect(phone.locator("#total-0")).to_have_text("520")
    expect(phone.locator("#total-1")).to_have_text("570")
    phone.goto(f"{live_server}/v/{view}")
    expect(phone.locator("#total-1")).to_have_text("570")
    # on the home page, now with the server's matches
    phone.goto(live_server + "/")
    expect(phone.get_by_role("link", name=re.compile("^Noi × Voi"))).to_have_attribute(
        "href", f"/m/{token}")
    expect(phone.locator("#own-matches")).to_be_hidden()


def test_a_match_set_up_offline_shows_the_words_typed_as_text(app, phone, live_server,
                                                              referee_snapshot):
    """Names typed with what HTML means (< & " ') are shown as typed, never as markup; a
    side left unnamed is named after its players, the target is the rules' own, in the
    page's digits; its deal form goes to the match's own address with a key of its own."""
    _ready_offline(app, phone, live_server, referee_snapshot)
    typed = "<b>Avós</b> & \"Netos\" 'x' $&"
    phone.context.set_offline(True)
    try:
        phone.reload()
        phone.select_option("#profile", "buraco-aberto")
        phone.fill("#sides-0-name", typed)
        phone.fill("#sides-1-players", "Ana, Rui")
        phone.get_by_role("button", name="Start the match").tap()
        phone.wait_for_url(re.compile(r"/m/[A-Za-z0-9_-]{22}$"))
        token = phone.url.rsplit("/", 1)[1]
        expect(phone.locator("h1")).to_have_text(f"{typed} × Ana & Rui")
        expect(phone).to_have_title(f"{typed} × Ana & Rui · Scorekeeper")
        expect(phone.locator("h1 b, h2.name b")).to_have_count(0)
        expect(phone.locator("main")).to_contain_text("target 3,000")
        expect(phone.locator(".total h2.name").first).to_have_text(typed)
        expect(phone.locator(".total h2.name").nth(1)).to_have_text("Ana & Rui")
        expect(phone.locator(".total small.name").nth(1)).to_have_text("Ana, Rui")
        expect(phone.locator(".total").first).to_contain_text("3,000 to go")
        expect(phone.get_by_role("link", name="Enter a deal")).to_have_attribute(
            "href", f"/m/{token}/deals/new")
        expect(phone.locator("a[lang=it]")).to_have_attribute(
            "href", f"/lang/it?next=%2Fm%2F{token}")
        phone.get_by_role("link", name="Enter a deal").tap()
        phone.wait_for_url(f"{live_server}/m/{token}/deals/new")
        expect(phone).to_have_title(f"Deal 1 · {typed} × Ana & Rui")
        expect(phone.locator("#deal-form")).to_have_attribute(
            "action", f"/m/{token}/deals/new#review")
        expect(phone.locator("#deal-form legend").first).to_contain_text(typed)
        expect(phone.locator("#idem")).to_have_attribute(
            "value", re.compile(r"^[A-Za-z0-9_-]{22}$"))
        assert not _slots_left(phone)  # no slot left
    finally:
        phone.context.set_offline(False)
