"""Comfort on a phone: a language switcher that works without JavaScript, dark mode, a
favicon, the screen kept on at the table. (Every control big enough for a thumb and the
one-line language switcher, on every page: test_browser_sweep.py.)"""

from __future__ import annotations

import pytest
from browser_pages import phone_context, sample_pages

pytestmark = pytest.mark.browser


def test_the_language_switcher_works_without_javascript(browser, live_server):
    context = phone_context(browser, 320, 568, java_script_enabled=False)
    page = context.new_page()
    page.goto(live_server + "/rules")
    page.locator("header .langs summary").tap()
    page.get_by_role("link", name="Français").tap()
    page.wait_for_url(live_server + "/rules")
    assert page.get_attribute("html", "lang") == "fr"
    assert "Français" in page.locator("header .langs summary").inner_text()
    context.close()


def _background(page) -> list[int]:
    rgb = page.evaluate("getComputedStyle(document.body).backgroundColor")
    return [int(n) for n in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]


def test_dark_mode_follows_the_phone_and_a_favicon_is_served(browser, live_server):
    for scheme, dark in (("light", False), ("dark", True)):
        context = phone_context(browser, 390, 844, color_scheme=scheme)
        page = context.new_page()
        page.goto(live_server + "/burro")
        assert (sum(_background(page)) < 150) is dark, (scheme, _background(page))
        icon = page.get_attribute('link[rel="icon"]', "href")
        response = page.request.get(live_server + icon)
        assert response.ok
        assert response.headers["content-type"].startswith("image/svg+xml")
        context.close()


FAKE_WAKE_LOCK = """
window.wakeLocks = 0;
Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: {request: () => {
  window.wakeLocks += 1;
  const sentinel = new EventTarget();
  sentinel.released = false;
  sentinel.release = () => {
    sentinel.released = true;
    sentinel.dispatchEvent(new Event('release'));
  };
  window.sentinel = sentinel;
  return Promise.resolve(sentinel);
}}});
"""


def test_the_screen_stays_on_during_a_match(browser, live_server, app):
    pages = sample_pages(app)
    context = phone_context(browser, 390, 844)
    context.add_init_script(FAKE_WAKE_LOCK)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    for name in ("scoreboard", "deal", "share view", "burro game", "burro view"):
        page.goto(live_server + pages[name])
        page.wait_for_function("document.documentElement.dataset.awake === 'true'")
        assert page.evaluate("window.wakeLocks") == 1, name
    # the phone let the lock go (the page was hidden): shown again, it is asked for again
    page.evaluate("window.sentinel.release()")
    assert page.evaluate("document.documentElement.dataset.awake") is None
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.wait_for_function("window.wakeLocks === 2")
    # elsewhere the screen sleeps as usual
    for name in ("home", "rules", "new burro"):
        page.goto(live_server + pages[name])
        assert page.locator('script[src*="wakelock"]').count() == 0, name
    context.close()
    # where the browser has no wake lock, nothing happens and nothing breaks
    context = phone_context(browser, 390, 844)
    context.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: undefined})")
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(live_server + pages["burro game"])
    page.get_by_role("button", name="Ana", exact=True).tap()
    page.wait_for_selector("text=Ana lost")
    context.close()
    assert errors == []
