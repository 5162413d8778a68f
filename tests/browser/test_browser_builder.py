"""The card picker's run builder finishes a run: ace to ace is the whole suit, a key after
a built run adds to that run's line (a joker at its end), and only "New meld" starts
another line.

Taps are counted as test_browser_table.py counts them: every tap on a button, a choice or
a field to type into."""

from __future__ import annotations

import re

import pytest
from match_steps import Scorer
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def _game(page, base: str, profile: str, lang: str = "en") -> str:
    """A new match by ``profile`` set up through its form, in ``lang``: its board."""
    page.goto(f"{base}/lang/{lang}?next=/matches/new")
    page.select_option("#profile", profile)
    page.fill("#sides-0-name", "Nous" if lang == "fr" else "Nós")
    page.fill("#sides-1-name", "Eux" if lang == "fr" else "Eles")
    page.locator("form button.primary[type=submit]").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    return page.url


def test_the_fechado_ace_to_ace_canastra_in_five_taps(phone, live_server):
    """Seed 003 "Canastas": the clean A…A canastra laid down in one go is worth 1,000; its
    14 cards from the run builder's ace twice, then one tap says "in one go"."""
    board = _game(phone, live_server, "buraco-fechado")
    phone.goto(board + "/deals/new")
    scorer = Scorer(phone)
    picker = phone.locator('.picker[data-side="0"]')
    scorer.tap(picker.locator('[data-way="run"]'))
    scorer.tap(picker.locator('[data-suit="S"]'))
    scorer.tap(picker.locator('[data-rank="A"]'))
    scorer.tap(picker.locator('[data-rank="A"]'))
    assert phone.input_value("#sides-0-melds") == (
        "A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")
    # the other side's own entry (not this meld's taps)
    phone.locator("fieldset.side").nth(1).get_by_label("Counts", exact=True).tap()
    phone.fill("#sides-1-table_points", "30")
    # the aces 15 each, the 2 10, 3 to 7 5 each, 8 to K 10 each: 125 card points; a pure
    # canasta (200) until it is said laid down in one go (1,000)
    expect(phone.locator("#live-0")).to_have_text("+325")
    scorer.tap(picker.locator("button.one-go"))
    expect(phone.locator("#live-0")).to_have_text("+1,125")
    expect(picker.locator('.verdicts li.ok')).to_contain_text("125 points + 1000")
    print(f"Fechado's A…A canastra in one go: {scorer.taps} taps")
    assert scorer.taps <= 5, scorer.taps


def test_the_french_semi_pure_run_ends_with_its_joker_in_five_taps(phone, live_server):
    """Seed 000 "Décompte des points": a buraco « semi-pur » has 8 cards or more with a
    joker at one end (150); 5♠ to J♠ and a joker after it, on the run's own line."""
    board = _game(phone, live_server, "buraco-classico", "fr")
    phone.goto(board + "/deals/new")
    scorer = Scorer(phone)
    picker = phone.locator('.picker[data-side="0"]')
    scorer.tap(picker.locator('[data-way="run"]'))
    scorer.tap(picker.locator('[data-suit="S"]'))
    scorer.tap(picker.locator('[data-rank="5"]'))
    scorer.tap(picker.locator('[data-rank="J"]'))
    scorer.tap(picker.locator('[data-rank="JK"]'))
    # the page's letters: V for the jack (valet)
    assert phone.input_value("#sides-0-melds") == "5♠ 6♠ 7♠ 8♠ 9♠ 10♠ V♠ JK"
    # 5 to 7 at 5, 8 to J at 10, the joker 30: 85 card points and the semi-pure's 150
    verdict = picker.locator(".verdicts li.ok")
    expect(verdict).to_contain_text("buraco semi-pur · 85 points + 150")
    expect(verdict).to_have_count(1)
    print(f"the French 5♠ → V♠ + JK: {scorer.taps} taps")
    assert scorer.taps <= 6, scorer.taps


def test_only_new_meld_starts_a_line(phone, live_server):
    board = _game(phone, live_server, "burraco")  # sets of one rank allowed
    phone.goto(board + "/deals/new")
    picker = phone.locator('.picker[data-side="0"]')
    # a run built in two strokes stays one line: 3♥ to 5♥, then 6♥ to 9♥
    picker.locator('[data-way="run"]').tap()
    picker.locator('[data-suit="H"]').tap()
    for rank in ("3", "5", "6", "9"):
        picker.locator(f'[data-rank="{rank}"]').tap()
    assert phone.input_value("#sides-0-melds") == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"
    expect(picker.locator(".verdicts li.ok")).to_contain_text("clean burraco")
    # "New meld", then single cards: a line of their own
    picker.locator('[data-action="new-meld"]').tap()
    picker.locator('[data-way="card"]').tap()
    picker.locator('[data-suit="C"]').tap()
    for rank in ("4", "5", "JK"):
        picker.locator(f'[data-rank="{rank}"]').tap()
    # and a set after "New meld": its rank, then a tap per suit
    picker.locator('[data-action="new-meld"]').tap()
    picker.locator('[data-way="set"]').tap()
    picker.locator('[data-rank="K"]').tap()
    for suit in ("S", "H", "D"):
        picker.locator(f'[data-suit="{suit}"]').tap()
    assert phone.input_value("#sides-0-melds") == "3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥\n4♣ 5♣ JK\nK♠ K♥ K♦"
    expect(picker.locator(".verdicts li.ok")).to_have_count(3)
