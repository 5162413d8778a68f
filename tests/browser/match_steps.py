"""What the browser tests of a match on a phone share: a match started on its form, what
the server holds of it, and a scorer whose taps and page loads are counted.

Buraco Aberto, seed 001: card values §03, a clean canastra 200 (§04), cards left in hand
subtracted (§09)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from scorekeeper.db import get_db
from scorekeeper.models import Match


def start_match(page: Any, base: str) -> str:
    """A new match of Nós and Eles started on the form of the server at ``base``, its
    scoreboard open: the scoreboard's address."""
    page.goto(base + "/matches/new")
    page.fill("#sides-0-name", "Nós")
    page.fill("#sides-1-name", "Eles")
    page.get_by_role("button", name="Start the match").tap()
    page.wait_for_url(re.compile(r"/m/[^/]+$"))
    return str(page.url)


def stored(app: Any, token: str) -> tuple[int, list[int]]:
    """What the server holds of the match whose edit token is ``token``: its number of
    deals and its totals."""
    with app.app_context():
        db = get_db().read_sessions()
        try:
            match = db.query(Match).filter_by(edit_token=token).one()
            return len(match.deals), list(match.totals)
        finally:
            db.close()


class Scorer:
    """A page whose taps are counted, and whose page loads are."""

    def __init__(self, page: Any) -> None:
        self.page, self.taps, self.loads = page, 0, 0
        page.on("load", lambda _page: self._loaded())

    def _loaded(self) -> None:
        self.loads += 1

    def tap(self, target: Any) -> None:
        self.taps += 1
        (self.page.locator(target) if isinstance(target, str) else target).tap()

    def type(self, field: str, text: str) -> None:
        """A tap on the field, then its digits or letters."""
        self.tap(field)
        expect(self.page.locator(field)).to_be_focused()  # the cursor is there, as a person sees
        self.page.keyboard.type(text)

    def seed_001_counts(self) -> None:
        """On a deal form whose first side is by counts, the second side by counts too
        (it follows), then seed 001 §09's counts typed: 180 on the table, a clean
        canastra and 15 in hand | 60 on the table and 30 in hand."""
        side = self.page.locator("fieldset.side")
        expect(side.nth(1)).to_have_attribute("data-mode", "counts")
        self.type("#sides-0-table_points", "180")
        self.tap(side.nth(0).get_by_role("button", name="+ Clean canastras", exact=True))
        self.type("#sides-0-hand_points", "15")
        self.type("#sides-1-table_points", "60")
        self.type("#sides-1-hand_points", "30")
