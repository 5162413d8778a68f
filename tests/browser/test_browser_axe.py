"""Accessibility: axe-core (npm, installed by `make setup-test`) finds no serious or critical
violation on any page, in any language, on a phone (390 × 844), light or dark."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from browser_pages import PHONE, sample_pages

from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: Every rule axe has; only what hinders someone for real counts as a failure.
RUN_AXE = """async () => {
  const results = await axe.run(document, {resultTypes: ['violations']});
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ` + v.nodes.map((n) => n.target.join(' ')).join(', '));
}"""


def _axe() -> Path:
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{AXE} is missing: `make setup-test` runs npm ci")
        pytest.skip(f"{AXE} is missing: run `make setup-test` (npm ci)")
    return AXE


def _violations(browser, live_server, pages, locale, scheme="light"):
    # the app's Content-Security-Policy would refuse the injected script
    context = browser.new_context(**PHONE, bypass_csp=True, color_scheme=scheme)
    context.set_default_timeout(30_000)
    # sent to the browser once, run in every page it opens (a script tag per page would
    # send and parse half a megabyte each time)
    context.add_init_script(path=str(_axe()))
    page = context.new_page()
    page.goto(f"{live_server}/lang/{locale}?next=/")
    found = {}
    for name, path in pages.items():
        page.goto(live_server + path)
        violations = page.evaluate(RUN_AXE)
        if violations:
            found[name] = violations
    context.close()
    return found


@pytest.mark.parametrize("locale", LOCALES)
def test_no_serious_violation_on_any_page(browser, live_server, app, locale):
    _axe()
    assert _violations(browser, live_server, sample_pages(app), locale) == {}


def test_no_serious_violation_in_dark_mode(browser, live_server, app):
    _axe()
    assert _violations(browser, live_server, sample_pages(app), "en", "dark") == {}
