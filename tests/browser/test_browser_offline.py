"""The app on the phone: installable (a manifest, icons, a service worker), and the pages
it opened still there, as they were, when the network is gone."""

from __future__ import annotations

import pytest
from browser_pages import STEP
from match_steps import start_match
from playwright.sync_api import expect
from waiting import until

pytestmark = pytest.mark.browser

#: The service worker controls the page and has told it which language the page speaks.
CONTROLLED = "() => navigator.serviceWorker.controller !== null"


def test_a_page_opened_once_is_there_offline_and_a_new_one_says_why(phone, live_server):
    """Without the offline pack (conftest: test_browser_phone_referee.py has it)."""
    page = phone
    board = start_match(page, live_server)
    page.wait_for_function(CONTROLLED)
    page.goto(live_server + "/check")
    page.goto(board)
    expect(page.locator("#total-0")).to_have_text("0")
    page.context.set_offline(True)
    try:
        # the meld checker opens; its live verdict says why it has none
        page.goto(live_server + "/check")
        page.locator(".picker [data-suit='H']").tap()
        page.locator(".picker [data-rank='7']").tap()
        expect(page.locator(".verdicts li.bad")).to_have_text(
            "The server cannot be reached: the melds are checked once it answers.")
        # the scoreboard, as the phone last saw it
        page.goto(board)
        expect(page.locator("h1")).to_be_visible()
        expect(page.locator("#total-0")).to_have_text("0")
        # a page never opened: the offline page, in the page's language
        page.goto(live_server + "/check/pile")
        expect(page.locator("h1")).to_have_text("The server cannot be reached")
        expect(page.get_by_role("link", name="Matches in progress")).to_be_visible()
    finally:
        page.context.set_offline(False)
    page.goto(board)
    expect(page.locator("#total-0")).to_have_text("0")


def test_the_offline_page_speaks_the_language_of_the_last_page(browser, live_server):
    context = browser.new_context(viewport={"width": 390, "height": 844}, locale="fr-FR")
    context.set_default_timeout(STEP)
    page = context.new_page()
    try:
        page.goto(live_server + "/lang/it?next=/")
        page.wait_for_function(CONTROLLED)
        page.goto(live_server + "/")  # tells the service worker: Italian
        until(page, """async () => {
            const kept = await caches.match("/__scorekeeper/lang",
                                            {cacheName: "scorekeeper-pages"});
            return kept !== undefined && (await kept.text()) === "it";
        }""")
        context.set_offline(True)
        page.goto(live_server + "/rules")
        expect(page.locator("h1")).to_have_text("Il server non risponde")
        expect(page.locator("html")).to_have_attribute("lang", "it")
    finally:
        context.close()


def test_the_app_can_be_installed(phone, live_server):
    """A manifest in the page's language, with icons that exist and a service worker."""
    page = phone
    page.goto(live_server + "/")
    href = page.locator('link[rel="manifest"]').get_attribute("href")
    assert href == "/manifest/en.webmanifest"
    manifest = page.request.get(live_server + href).json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(icon.get("purpose") == "maskable" for icon in manifest["icons"])
    for icon in manifest["icons"]:
        assert page.request.get(live_server + icon["src"]).status == 200
    page.wait_for_function(CONTROLLED)
    scope = page.evaluate("navigator.serviceWorker.ready.then((r) => r.scope)")
    assert scope == live_server + "/"
    french = page.request.get(live_server + "/manifest/fr.webmanifest").json()
    assert french["lang"] == "fr"


def test_a_new_version_is_offered_and_taken_on_a_tap(phone, live_server, monkeypatch):
    """A new service worker (the static files changed) waits until the player taps
    Reload: the page then reloads under it."""
    from scorekeeper.web import offline

    page = phone
    page.goto(live_server + "/")
    page.wait_for_function(CONTROLLED)
    first = page.evaluate("navigator.serviceWorker.controller.scriptURL")
    expect(page.locator("#update")).to_be_hidden()
    monkeypatch.setattr(offline, "static_digest", lambda: "0123456789ab")
    page.evaluate("navigator.serviceWorker.getRegistration().then((r) => r.update())")
    banner = page.locator("#update")
    expect(banner).to_be_visible()
    expect(banner).to_contain_text("A new version of Scorekeeper is ready.")
    with page.expect_navigation():
        banner.get_by_role("button", name="Reload").tap()
    page.wait_for_function(CONTROLLED)
    script = page.evaluate("fetch('/sw.js').then((r) => r.text())")
    assert '"version": "0123456789ab"' in script
    # the old version's files are gone; the pages kept on the phone stay
    assert sorted(page.evaluate("caches.keys()")) == [
        "scorekeeper-pages", "scorekeeper-static-0123456789ab"]
    assert first == live_server + "/sw.js"
