"""The browser the tests drive: Debian's Chromium as Playwright launches it, with the
address bar's popups off (``conftest.QUIET``) and every feature Playwright turns off still
off. Chromium reads only the last ``--disable-features``: were Playwright's own list given
beside ours, one of the two would be lost without a word."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import QUIET

pytestmark = pytest.mark.browser


def test_chromium_runs_with_one_list_of_features_off_and_no_popup_page(browser: Any) -> None:
    session = browser.new_browser_cdp_session()
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto("chrome://version")
        words = page.locator("#command_line").inner_text().split()
        targets = session.send("Target.getTargets", {"filter": [{}]})["targetInfos"]
    finally:
        context.close()
        session.detach()
    lists = [word.split("=", 1)[1].split(",") for word in words
             if word.startswith("--disable-features=")]
    assert len(lists) == 1, lists
    # PaintHolding: one of Playwright's own (microsoft/playwright#28023)
    assert {"PaintHolding", *QUIET} <= set(lists[0])
    urls = [target["url"] for target in targets]
    assert not [url for url in urls if url.startswith("chrome://omnibox-popup")], urls
    assert any(url == "chrome://version/" for url in urls), urls
