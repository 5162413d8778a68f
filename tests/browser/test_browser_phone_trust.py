"""What a family trusts the phone with, tried as it happens at a real table (Debian's
chromium, Playwright):

- the laptop that serves the app is restarted while the scorer's page stays open with
  deals waiting: they reach the server by themselves, with no reload; a deal saved while
  the database does not answer waits on the phone the same way;
- fresh phones open a match's edit link (through the service worker or not) and save a
  deal with the live preview running: no form ever refused as expired;
- the phone's referee cannot start: the page says so in words, makes no totals up, and
  the waiting deal says it is not checked yet;
- the start page and the page a phone opened once open again without a network, after
  the browser was closed;
- the offline pack never goes to a read-only viewer's phone; every other page, a scorer's
  and an evening table's included, asks with its size and fetches it only once asked.

Buraco Aberto, seed 001: card points on the table, those left in hand subtracted (§03, §09).
"""

from __future__ import annotations

import json
import re
import socket
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_pages import PHONE, STEP, ms
from match_steps import start_match, stored
from playwright.sync_api import expect
from support import evening
from test_browser_outbox import OUTBOX
from test_browser_table import answer_rest
from waiting import under_worker, until

pytestmark = pytest.mark.browser

#: The scoreboard keeps its next deal's form and its match document on the phone.
KEPT = """async (board) => {
    const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
    return keys.includes(board + "/deals/new") && keys.includes(board + "/match.json");
}"""

#: The next deal's form kept at the match's version ``version`` (the form a save makes
#: stale is kept again once the board of the new version is shown).
KEPT_AT = """async ([board, version]) => {
    const kept = await (await caches.open("scorekeeper-pages")).match(board + "/deals/new");
    if (!kept) { return false; }
    const field = (await kept.text()).match(/<input[^>]*name="version"[^>]*>/);
    return !!field && field[0].includes(`value="${version}"`);
}"""


class Laptop:
    """The app served by waitress on one fixed loopback port, stopped and started again
    on the same port with the same app and database (the laptop-as-server restarted)."""

    def __init__(self, app: Any) -> None:
        self.app = app
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.url = f"http://127.0.0.1:{self.port}"
        self._running: Any = None

    def start(self) -> None:
        from waitress.server import create_server

        from scorekeeper.server import running

        server = create_server(self.app, host="127.0.0.1", port=self.port, threads=4)
        self._running = running(server)
        self._running.__enter__()

    def stop(self) -> None:
        if self._running is not None:
            self._running.__exit__(None, None, None)
            self._running = None


@pytest.fixture
def laptop(app: Any) -> Iterator[Laptop]:
    app.config["POLL_INTERVAL_MS"] = 300
    app.config.setdefault("OFFLINE_PACK", False)
    served = Laptop(app)
    served.start()
    try:
        yield served
    finally:
        served.stop()


def _new_match(page: Any, base: str) -> str:
    """A match started on the phone, its scoreboard under the service worker with its next
    deal's form and match document kept: its link."""
    board = start_match(page, base)
    under_worker(page, board)
    until(page, KEPT, board)
    return board


def _counts(page: Any, board: str, side0: dict[str, str], side1: dict[str, str]) -> None:
    """A deal by counts, nobody out (the stock ran out), saved from its form."""
    page.goto(board + "/deals/new")
    page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
    expect(page.locator("fieldset.side").nth(1)).to_have_attribute("data-mode", "counts")
    for i, fields in enumerate((side0, side1)):
        for name, value in fields.items():
            page.fill(f"#sides-{i}-{name}", value)
    page.locator("fieldset.end").get_by_label("Nobody: the stock ran out", exact=True).tap()
    answer_rest(page)
    page.get_by_role("button", name="Save the deal").tap()


def test_deals_waiting_while_the_server_restarts_reach_it_with_the_page_left_open(
        app, phone, laptop):
    board = _new_match(phone, laptop.url)
    token = board.rsplit("/", 1)[1]
    # the laptop's server stops; the phone's network stays up
    laptop.stop()
    deals = [({"table_points": "70", "hand_points": "20"}, {"table_points": "40"}),
             ({"table_points": "95"}, {"table_points": "35"}),
             ({"table_points": "50", "hand_points": "10"}, {"table_points": "60"})]
    for n, (side0, side1) in enumerate(deals, start=1):
        _counts(phone, board, side0, side1)
        phone.wait_for_url(re.compile(r"#outbox$"))
        expect(phone.locator("#outbox [data-count]")).to_have_text(str(n))
    assert stored(app, token) == (0, [0, 0])
    # the page stays as it is; the server comes back on the same port
    laptop.start()
    started = time.monotonic()
    while stored(app, token)[0] < 3 and time.monotonic() - started < ms(30) / 1000:
        phone.wait_for_timeout(250)
    took = time.monotonic() - started
    print(f"3 waiting deals reached the restarted server in {took:.1f} s")
    assert stored(app, token) == (3, [185, 135]), f"after {took:.1f} s"
    # the page shows the server's scoreboard by itself
    expect(phone.locator("#deal-3")).to_be_visible()
    expect(phone.locator("#outbox")).to_be_hidden()
    expect(phone.locator("#total-0")).to_have_text("185")
    expect(phone.locator("#total-1")).to_have_text("135")


#: What the service worker tells the page from now on (read by ``_phone_side``).
HEARD = """() => { window.heard = [];
  navigator.serviceWorker.addEventListener('message', (e) => window.heard.push(e.data)); }"""


def _phone_side(phone: Any) -> str:
    """What the phone holds and heard, for a failure's message: its outbox (without the
    forms' fields) and the service worker's messages to the page since ``HEARD``."""
    try:
        entries = [{k: v for k, v in entry.items() if k not in ("body", "fields")}
                   for entry in json.loads(phone.evaluate(OUTBOX))]
        return f"outbox {entries}, heard {phone.evaluate('() => window.heard')}, " \
               f"at {phone.url}"
    except Exception as failure:  # noqa: BLE001 - a message, not a second failure
        return f"the phone could not say ({failure})"


def test_deals_saved_while_the_database_does_not_answer_wait_on_the_phone(
        app, phone, laptop):
    """The server answers but its database does not (its server restarting, a full disk):
    the deal saved goes to the phone's outbox as it would without a network, the
    scoreboard the phone kept is shown, and the deal reaches the database once it answers,
    once."""
    from support import database_down

    board = _new_match(phone, laptop.url)
    token = board.rsplit("/", 1)[1]
    _counts(phone, board, {"table_points": "70", "hand_points": "20"}, {"table_points": "40"})
    phone.wait_for_url(re.compile(r"#deal-1$"))
    until(phone, KEPT_AT, [board, 2])  # the next deal's form kept again after this deal
    with database_down(app):
        _counts(phone, board, {"table_points": "95"}, {"table_points": "35"})
        phone.wait_for_url(re.compile(r"#outbox$"))
        expect(phone.locator("#outbox [data-count]")).to_have_text("1")
        expect(phone.locator("#deal-1")).to_be_visible()  # the scoreboard as the phone kept it
        assert "Not available right now" not in phone.locator("body").inner_text()
    # the database answers again (it held deal 1 only: the phone's sending rounds while it
    # did not were each answered 503, keeping the deal)
    phone.evaluate(HEARD)
    started = time.monotonic()
    while stored(app, token)[0] < 2 and time.monotonic() - started < ms(30) / 1000:
        phone.wait_for_timeout(250)
    assert stored(app, token) == (2, [145, 75]), \
        f"after {time.monotonic() - started:.1f} s: {_phone_side(phone)}"
    expect(phone.locator("#deal-2")).to_be_visible()
    expect(phone.locator("#outbox")).to_be_hidden()


def _matches(app: Any, count: int) -> list[str]:
    """``count`` matches started on another phone (their edit links, as shared)."""
    from browser_pages import _form, _post

    client = app.test_client()
    links = []
    for n in range(count):
        data = {**_form(client, "/matches/new"), "profile": "buraco-aberto",
                "sides-0-name": f"Nós {n}", "sides-1-name": "Eles"}
        links.append(_post(client, "/matches/new", data).rsplit("/m/", 1)[1])
    return links


def _preview(response: Any) -> bool:
    request = response.request
    return request.method == "POST" and "action=preview" in (request.post_data or "")


def test_twenty_fresh_phones_open_an_edit_link_and_save_a_deal_never_refused(
        app, browser, live_server):
    tokens = _matches(app, 20)
    refused: list[str] = []
    started = time.monotonic()
    for n, token in enumerate(tokens):
        context = browser.new_context(**PHONE)
        context.set_default_timeout(STEP)
        context.on("response", lambda r: refused.append(f"{r.request.method} {r.url}")
                   if r.status == 400 else None)
        page = context.new_page()
        board = f"{live_server}/m/{token}"
        try:
            served = n % 2 == 0
            if served:
                # the site opened once: the edit link then opens under the service worker
                page.goto(live_server + "/")
                page.evaluate("async () => { await navigator.serviceWorker.ready; }")
            page.goto(board)
            if served:  # a fresh phone's first page is taken whenever its worker is ready
                assert page.evaluate("() => navigator.serviceWorker.controller !== null")
            page.get_by_role("link", name="Enter a deal").tap()
            page.wait_for_url(board + "/deals/new")
            page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
            page.fill("#sides-0-table_points", "70")
            page.fill("#sides-0-hand_points", "20")
            # the live preview answers the last change: the referee's count, no refusal
            with page.expect_response(_preview) as previewed:
                page.fill("#sides-1-table_points", "40")
                page.locator("fieldset.end").get_by_label("Nobody: the stock ran out",
                                                          exact=True).tap()
            assert previewed.value.status == 200
            answer_rest(page)
            page.get_by_role("button", name="Save the deal").tap()
            page.wait_for_url(re.compile(r"#deal-1$"))
            expect(page.locator("#total-0")).to_have_text("50")
            assert "expired" not in page.locator("body").inner_text()
        finally:
            context.close()
        assert stored(app, token) == (1, [50, 40]), n
    print(f"20 fresh phones saved a deal each in {time.monotonic() - started:.0f} s")
    assert refused == []


#: A referee's worker that ends at once without a word (a worker the phone's browser
#: killed: no error reaches the page).
ENDED = "self.close();"


@pytest.mark.parametrize("failure", ["pack missing", "worker ended"])
def test_a_referee_that_cannot_start_is_said_in_words_and_no_totals_are_made_up(
        app, phone, live_server, failure):
    app.config["OFFLINE_PACK"] = True
    # the offline pack never reaches this phone: every file of it answers 404 (the
    # service worker's fetches too)
    asked: list[str] = []

    def missing(route: Any) -> None:
        asked.append(route.request.url)
        route.fulfill(status=404, body="")

    phone.context.route("**/static/pack/**", missing)
    if failure == "worker ended":
        phone.context.route("**/static/js/referee.js*", lambda route: route.fulfill(
            status=200, body=ENDED, content_type="text/javascript"))
    board = _new_match(phone, live_server)
    # the scorer asks for the pack (the board's question): it never comes
    phone.locator("#pack [data-offer]").get_by_role("button", name="Keep the referee").tap()
    # a deal stored online: the server's totals are 50 – 40 before the one waiting
    _counts(phone, board, {"table_points": "70", "hand_points": "20"}, {"table_points": "40"})
    phone.wait_for_url(re.compile(r"#deal-1$"))
    # the scoreboard as it is now, kept (its deal stored)
    until(phone, """async (board) => {
        const hit = await caches.match(board, {cacheName: "scorekeeper-pages"});
        return hit && (await hit.text()).includes('id="deal-1"');
    }""", board)
    assert asked, "the scorer's page did not ask for the offline pack"
    phone.context.set_offline(True)
    try:
        _counts(phone, board, {"table_points": "95"}, {"table_points": "35"})
        phone.wait_for_url(re.compile(r"#outbox$"))
        shown = time.monotonic()
        # said in words within 10 s (on a quiet host), never a total made up without the
        # waiting deal
        down = phone.locator("#referee-down")
        expect(down).to_be_visible(timeout=ms(10))
        print(f"the referee's failure said in {time.monotonic() - shown:.1f} s")
        expect(down).to_contain_text("The referee on this phone could not start")
        expect(phone.locator("#total-0")).to_have_text("?")
        expect(phone.locator("#total-1")).to_have_text("?")
        expect(phone.locator("#outbox [data-unchecked]")).to_be_visible()
        expect(phone.locator("#outbox [data-unchecked]")).to_contain_text("Not checked yet")
        expect(phone.locator("#outbox [data-count]")).to_have_text("1")
    finally:
        phone.context.set_offline(False)


def test_the_start_page_and_a_table_opened_once_from_its_qr_open_offline_after_a_restart(
        app, browser, live_server, tmp_path):
    from browser_pages import _form, _post
    from test_browser_restart import _phone

    client = app.test_client()
    data = {**_form(client, "/tables/new"), "name": "Sexta",
            "players": "Ana\nBia\nCaio\nDani"}
    table = live_server + _post(client, "/tables/new", data)
    start = live_server + "/"
    # one visit, online: the table's QR code scanned on a phone that never opened the app
    profile = str(tmp_path / "profile")
    context = _phone(browser, profile)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto(table)
    expect(page.locator("h1")).to_have_text("Sexta")
    # the page that installed the service worker, and the start page, kept by it
    until(page, """async (urls) => {
        for (const url of urls) {
            if (!(await caches.match(url, {cacheName: "scorekeeper-pages"}))) { return false; }
        }
        return true;
    }""", [table, start])
    context.close()

    # the browser opened again (its icon tapped), with no network at all
    context = _phone(browser, profile)
    context.set_offline(True)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(start)
        expect(page.locator("h1")).not_to_have_text("The server cannot be reached")
        # the start page lists the table this phone opened
        expect(page.get_by_role("link", name=re.compile("Sexta"))).to_be_visible()
        page.get_by_role("link", name=re.compile("Sexta")).tap()
        page.wait_for_url(table)
        expect(page.locator("h1")).to_have_text("Sexta")
        page.goto(table)
        expect(page.locator("h1")).to_have_text("Sexta")
    finally:
        context.close()


class Pack:
    """A fresh phone whose requests for the offline pack are counted (and answered 404:
    seeing them asked is enough, the 13 MB need not come)."""

    def __init__(self, browser: Any) -> None:
        self.context = browser.new_context(**PHONE)
        self.context.set_default_timeout(STEP)
        self.asked: list[str] = []
        self.context.route("**/static/pack/**", self._missing)
        self.page = self.context.new_page()

    def _missing(self, route: Any) -> None:
        self.asked.append(route.request.url)
        route.fulfill(status=404, body="")

    def settled(self, wait_ms: int = 3000) -> None:
        """The service worker ready, and time to ask for the pack had it meant to."""
        self.page.evaluate("async () => { await navigator.serviceWorker.ready; }")
        self.page.wait_for_timeout(wait_ms)

    def fetching(self) -> None:
        for _ in range(int(ms(30) // 250)):
            if self.asked:
                return
            self.page.wait_for_timeout(250)
        raise AssertionError("no request for the offline pack")


def test_the_offline_pack_is_asked_for_on_every_page_but_a_viewers(app, browser, live_server):
    from browser_pages import _match

    from scorekeeper.web import offline

    app.config["OFFLINE_PACK"] = True
    client = app.test_client()
    edit = _match(client)
    share = client.get(f"/m/{edit}/share").get_data(as_text=True)
    view = re.search(r"/v/([^\"/<]+)", share).group(1)  # type: ignore[union-attr]
    size = f"({offline.pack_bytes() / 1_000_000:.1f} MB)"
    offer = re.compile(r"Keep the referee on this phone.*" + re.escape(size) + r"\?")

    event = evening(client)
    director = client.get(event).get_data(as_text=True)
    room = re.search(r"/e/v/[^\"/<?]+", director).group(0)  # type: ignore[union-attr]

    # a viewer who scanned the read-only QR: no pack, nothing offered, a visit under the
    # service worker included; nor on the other read-only pages: a viewer's deal, the
    # room's page, "where do I sit?" and the big screen of a club evening
    viewer = Pack(browser)
    try:
        viewer.page.goto(f"{live_server}/v/{view}")
        viewer.settled()
        viewer.page.reload()
        viewer.settled()
        assert viewer.page.evaluate("() => navigator.serviceWorker.controller !== null")
        expect(viewer.page.locator("#pack")).to_be_hidden()
        for page in (f"/v/{view}/deals/1", room, f"{room}/find", f"{room}/tv"):
            viewer.page.goto(live_server + page)
            viewer.settled(1000)
            expect(viewer.page.locator("#pack [data-offer]"), page).to_be_hidden()
        assert viewer.asked == []
    finally:
        viewer.context.close()

    # the scorer's phone (the edit link, and the new match form before it) is asked too,
    # and fetches nothing before its answer (an evening table's phones the same:
    # test_browser_table_pack.py; "Not now" for the day: test_browser_pack_question.py)
    for page in (f"/m/{edit}", "/matches/new"):
        scorer = Pack(browser)
        try:
            scorer.page.goto(live_server + page)
            said = scorer.page.locator("#pack [data-offer]")
            expect(said).to_contain_text(offer)
            scorer.settled()
            assert scorer.asked == [], page
            said.get_by_role("button", name="Keep the referee").tap()
            scorer.fetching()
        finally:
            scorer.context.close()

    # the meld checker (neither a scorer's page nor a viewer's) offers it with its size,
    # and fetches only once asked
    checker = Pack(browser)
    try:
        checker.page.goto(f"{live_server}/check")
        said = checker.page.locator("#pack [data-offer]")
        expect(said).to_be_visible()
        expect(said).to_contain_text(offer)
        # the offer waits for its answer in the page, under the header: it covers
        # neither the page's heading nor the header's links
        bar = checker.page.locator("#pack").bounding_box()
        for covered in ("header", "main h1"):
            box = checker.page.locator(covered).first.bounding_box()
            assert box["y"] + box["height"] <= bar["y"] or box["y"] >= bar["y"] + bar["height"], \
                (covered, box, bar)
        checker.settled()
        assert checker.asked == []
        said.get_by_role("button", name="Keep the referee").tap()
        checker.fetching()
    finally:
        checker.context.close()
