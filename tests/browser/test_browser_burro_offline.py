"""Burro without a network: a round (a loss, a feint) saved offline waits in the phone's
outbox (templates/sw.js), is shown at once in the game's own sentences with the letters
counted by the phone's referee (js/outbox.js, ``burro-pending``), survives a reload, and
reaches the server once when it answers again.

Seed 002: a player who loses a round takes the next letter of BURRO; after a feint, each
player who fell for it takes one (« La feinte »)."""

from __future__ import annotations

import json
import re

import pytest
from browser_pages import STEP, ms
from playwright.sync_api import expect
from test_browser_outbox import OUTBOX, START, sync_now
from waiting import until
from warm_referee import take_pack

from scorekeeper.db import get_db
from scorekeeper.models import BurroGame

pytestmark = pytest.mark.browser


def _letters(page) -> list[str]:
    return [t.strip() for t in page.locator("td.letters").all_inner_texts()]


def _rounds(app, token: str) -> list[dict]:
    with app.app_context():
        db = get_db().read_sessions()
        try:
            return list(db.query(BurroGame).filter_by(edit_token=token).one().rounds)
        finally:
            db.close()


def test_burro_rounds_saved_offline_wait_with_their_letters_then_reach_the_server(
        app, phone, live_server, referee_snapshot):
    app.config["OFFLINE_PACK"] = True
    # the referee started once on this phone already: its snapshot kept (the first start
    # is test_browser_phone_referee.py's)
    referee_snapshot.warm(phone.context, live_server)
    phone.set_default_timeout(START)
    phone.goto(live_server + "/burro")
    phone.fill("#players", "Ana\nBia\nCaio")
    phone.get_by_role("button", name="Start the game").tap()
    phone.wait_for_url(re.compile(r"/b/[^/]+$"))
    game = phone.url
    token = game.rsplit("/", 1)[1]
    phone.evaluate("async () => { await navigator.serviceWorker.ready; }")
    phone.goto(game)  # under the service worker: kept, with what a round offline needs
    phone.wait_for_function("() => navigator.serviceWorker.controller !== null")
    assert phone.evaluate("""() => window.Scorekeeper.referee(
        {kind: "check", body: {melds: ["5H 6H 7H"]}, lang: "en"}).then(a => a.status)""") == 200
    take_pack(phone)  # what Python needs to start offline, asked for on the game's page
    until(phone, """async (game) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return [game + "/feint", game + "/feint?by=Caio", game + "/game.json"]
          .every(u => keys.includes(u));
    }""", game)
    phone.set_default_timeout(STEP)

    phone.context.set_offline(True)
    try:
        # Bia lost: one tap, kept on the phone, shown at once
        phone.get_by_role("button", name="Bia", exact=True).tap()
        phone.wait_for_url(re.compile(r"/b/[^/]+#outbox$"))
        rows = phone.locator("#outbox [data-rows] li")
        expect(rows).to_have_text(["Bia lost"])
        expect(phone.locator("[data-round]")).to_have_text("Round 2")
        expect(phone.locator("#letters-1")).to_have_text("B", timeout=ms(30))  # the worker
        # a feint by Caio that fooled Ana and Bia: the kept feint pages
        phone.get_by_role("link", name="Nobody lost: it was a feint").tap()
        expect(phone.locator("h1")).to_have_text("Round 2: a feint")  # Bia's round waits
        phone.get_by_role("link", name="Caio", exact=True).tap()
        expect(phone.locator("h1")).to_have_text("Round 2: a feint")
        phone.get_by_label("Ana").tap()
        phone.get_by_label("Bia").tap()
        phone.get_by_role("button", name="Save the round").tap()
        phone.wait_for_url(re.compile(r"/b/[^/]+#outbox$"))
        expect(rows).to_have_text(["Bia lost", "Caio feinted; fooled: Ana, Bia"])
        expect(phone.locator("#outbox [data-count]")).to_have_text("2")
        expect(phone.locator("#letters-1")).to_have_text("BU")
        assert _letters(phone) == ["B", "BU", "·"]
        expect(phone.locator("[data-round]")).to_have_text("Round 3")
        # reloaded offline: still there, with the same letters
        phone.reload()
        expect(rows).to_have_count(2)
        expect(phone.locator("#letters-0")).to_have_text("B")
        assert _letters(phone) == ["B", "BU", "·"]
        entries = json.loads(phone.evaluate(OUTBOX))
        assert [(e["token"], e["expect"]) for e in entries] == [(token, 1), (token, 2)]
        assert _rounds(app, token) == []
    finally:
        phone.context.set_offline(False)

    # back online: sent in order, the page is the server's, with the same letters
    with phone.expect_navigation():
        sync_now(phone)
    phone.wait_for_load_state()
    assert _rounds(app, token) == [{"loser": "Bia"},
                                   {"feint_by": "Caio", "fooled": ["Ana", "Bia"]}]
    assert json.loads(phone.evaluate(OUTBOX)) == []
    expect(phone.locator("#outbox")).to_be_hidden()
    assert _letters(phone) == ["B", "BU", "·"]
    expect(phone.locator("ol.rounds li")).to_have_text(["Bia lost",
                                                        "Caio feinted; fooled: Ana, Bia"])
