"""Burro on a phone: a round is one tap on the loser; a feint asks one question at a time."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


class Taps:
    """Taps on the screen, counted."""

    def __init__(self, page) -> None:
        self.page = page
        self.count = 0

    def __call__(self, locator) -> None:
        locator.tap()
        self.count += 1


def _letters(page) -> list[str]:
    return [t.strip() for t in page.locator("td.letters").all_inner_texts()]


def test_a_round_is_one_tap_and_a_feint_four(phone, live_server):
    page = phone
    page.goto(live_server + "/burro")
    page.fill("#players", "Ana\nBia\nCaio")
    page.get_by_role("button", name="Start the game").tap()
    page.wait_for_url(re.compile(r"/b/[^/]+$"))
    game = page.url
    tap = Taps(page)
    # who lost: one button per player, nothing chosen beforehand
    with page.expect_navigation():
        tap(page.get_by_role("button", name="Bia", exact=True))
    assert tap.count == 1
    assert _letters(page) == ["·", "B", "·"]
    expect(page.get_by_text("Bia lost")).to_be_visible()
    # a feint: say so, who feinted, who fell for it, save
    tap.count = 0
    tap(page.get_by_role("link", name="Nobody lost: it was a feint"))
    tap(page.get_by_role("link", name="Caio", exact=True))
    expect(page.get_by_label("Caio")).to_have_count(0)  # the feinter is not among the fooled
    tap(page.get_by_label("Ana"))
    with page.expect_navigation(url=game):
        tap(page.get_by_role("button", name="Save the round"))
    assert tap.count == 4
    assert _letters(page) == ["B", "B", "·"]
    # the game over, playing again is one more tap
    for _ in range(4):
        with page.expect_navigation():
            page.get_by_role("button", name="Ana", exact=True).tap()
    expect(page.get_by_text("Game over!")).to_be_visible()
    tap.count = 0
    tap(page.get_by_role("button", name="Play again with the same players"))
    page.wait_for_url(lambda url: url != game and "/b/" in url)
    assert tap.count == 1
    assert _letters(page) == ["·", "·", "·"]
    assert page.get_by_role("button", name="Bia", exact=True).is_visible()
