"""Comfort on a phone: every control big enough for a thumb, a one-line language switcher
that works without JavaScript, dark mode, a favicon, the screen kept on at the table."""

from __future__ import annotations

import pytest
from browser_pages import PHONE, sample_pages

pytestmark = pytest.mark.browser

SIZES = [(390, 844), (320, 568)]

#: Every visible control smaller than 44 × 44 CSS px, as "tag 'text' w×h". A radio button
#: or checkbox counts by its label (a tap on the label ticks it). The only exemption is a
#: link inside running text (displayed inline, with other words in the same element).
SMALL_TARGETS = """() => {
  document.querySelectorAll('details').forEach((d) => { d.open = true; });
  const small = [];
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  for (const el of document.querySelectorAll(controls)) {
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const target = el.matches('input[type=radio], input[type=checkbox]')
      ? (el.closest('label') || el) : el;
    const r = target.getBoundingClientRect();
    if (r.width >= 44 && r.height >= 44) continue;
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
      const around = el.parentElement.textContent.replace(el.textContent, '').trim();
      if (around.length > 0) continue;
    }
    const text = (el.textContent || el.value || el.name || '').trim().slice(0, 30);
    small.push(`${el.tagName.toLowerCase()}.${el.className} '${text}' ` +
               `${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return small;
}"""


def _context(browser, width: int, height: int, **extra):
    context = browser.new_context(**{**PHONE, "viewport": {"width": width, "height": height},
                                     **extra})
    context.set_default_timeout(30_000)
    return context


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_every_control_is_at_least_44_px(browser, live_server, app, width, height):
    pages = sample_pages(app)
    context = _context(browser, width, height)
    page = context.new_page()
    page.goto(live_server + "/")
    page.evaluate("""() => {  // a style attribute would meet the page's CSP: set it by script
      const tiny = document.querySelector('main').appendChild(document.createElement('button'));
      tiny.textContent = 'x';
      Object.assign(tiny.style, {minHeight: '0', minWidth: '0', padding: '0'});
    }""")
    assert page.evaluate(SMALL_TARGETS)  # the measure catches a small button
    found = {}
    for name, path in pages.items():
        page.goto(live_server + path)
        small = page.evaluate(SMALL_TARGETS)
        if small:
            found[name] = small
        scroll = page.evaluate("document.documentElement.scrollWidth")
        assert scroll <= width, (name, scroll)
    context.close()
    assert found == {}


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_language_switcher_is_one_line_in_every_language(browser, live_server, width,
                                                             height):
    context = _context(browser, width, height)
    page = context.new_page()
    for code in ("en", "fr", "pt_BR", "pt_PT", "it"):
        page.goto(f"{live_server}/lang/{code}?next=/rules")
        bar = page.locator("header.top").bounding_box()
        brand = page.locator("header .brand").bounding_box()
        switch = page.locator("header .langs summary").bounding_box()
        assert bar["height"] <= 50, (code, bar)  # one row of 48 px targets
        assert abs(brand["y"] - switch["y"]) < 2, (code, brand, switch)
        assert switch["x"] + switch["width"] <= width, code
        assert page.locator("header .langs ul").is_hidden()
    context.close()


def test_the_language_switcher_works_without_javascript(browser, live_server):
    context = _context(browser, 320, 568, java_script_enabled=False)
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
        context = _context(browser, 390, 844, color_scheme=scheme)
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
    context = _context(browser, 390, 844)
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
    context = _context(browser, 390, 844)
    context.add_init_script(
        "Object.defineProperty(navigator, 'wakeLock', {configurable: true, value: undefined})")
    page = context.new_page()
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.goto(live_server + pages["burro game"])
    page.get_by_role("button", name="Ana", exact=True).tap()
    page.wait_for_selector("text=Ana lost")
    context.close()
    assert errors == []
