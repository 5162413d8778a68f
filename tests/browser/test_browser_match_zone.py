"""A match started on a phone in Rome keeps Rome's time: the new match form sends the
phone's time zone (app.js, from Intl), and a corrected deal's moment shows in Rome's time
on the scorer's phone (no zone said: it is the phone's own), on a viewer's phone in São
Paulo (Rome's time, with the zone's name), and on a page read without a script (the
server's own words, with the zone's letters)."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

import pytest
from browser_pages import PHONE, STEP, _post
from playwright.sync_api import expect
from support import form_fields, until

from scorekeeper.db import get_db
from scorekeeper.models import Match

pytestmark = pytest.mark.browser

#: Seed 001 §09 by counts (465 – 30).
DEAL = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15, "morto": "taken"},
        {"mode": "counts", "table_points": 60, "hand_points": 30, "morto": "taken"}]
#: The deal entered at 19:00 UTC on a Friday of November, corrected at 20:30 UTC: 21:30 in
#: Rome (CET), 17:30 in São Paulo.
ENTERED, CORRECTED = datetime(2026, 11, 27, 19, 0), datetime(2026, 11, 27, 20, 30)


def _stored(app: Any, token: str) -> Any:
    with app.app_context(), get_db().read_sessions() as db:
        return db.query(Match).filter_by(edit_token=token).one_or_none()


def _phone(browser: Any, zone: str, **extra: Any) -> Any:
    context = browser.new_context(**{**PHONE, "timezone_id": zone, **extra})
    context.set_default_timeout(STEP)
    return context


def test_a_match_keeps_the_time_of_the_phone_that_started_it(app, browser, live_server):
    scorer = _phone(browser, "Europe/Rome")
    viewer = _phone(browser, "America/Sao_Paulo", locale="pt-BR")
    plain = _phone(browser, "Asia/Tokyo", java_script_enabled=False)
    try:
        page = scorer.new_page()
        page.goto(f"{live_server}/matches/new")
        page.fill("#sides-0-name", "Nós")
        page.fill("#sides-1-name", "Eles")
        page.get_by_role("button", name="Start the match").tap()
        page.wait_for_url(re.compile(r"/m/[^/]+$"))
        token = page.url.rsplit("/m/", 1)[1]
        assert until(lambda: _stored(app, token)).zone == "Europe/Rome"

        # a deal entered, then corrected (its moments set: what the pages show is known)
        client = app.test_client()
        url = f"/m/{token}/deals/new"
        data = {**form_fields(client, url), "went_out": "0", "closed_by": "discard",
                "action": "save"}
        for i, side in enumerate(DEAL):
            data.update({f"sides-{i}-{k}": str(v) for k, v in side.items()})
        _post(client, url, data)
        with app.app_context(), get_db().writing() as db:
            match = db.query(Match).filter_by(edit_token=token).one()
            match.deals[0].created, match.deals[0].updated = ENTERED, CORRECTED
            match.version += 1  # what the pages' caches go by

        # the scorer's phone, in Rome: Rome's time, the day said (not today), no zone
        page.goto(f"{live_server}/m/{token}")
        clock = page.locator("#deal-1 em.corrected time")
        expect(clock).to_have_text(re.compile(r"^Nov 27, 0?9:30\s?PM$"))

        # a viewer's phone in São Paulo: Rome's time all the same, the zone named
        share = client.get(f"/m/{token}/share").get_data(as_text=True)
        view = re.search(r"/v/([^\"/<]+)", share).group(1)  # type: ignore[union-attr]
        seen = viewer.new_page()
        seen.goto(f"{live_server}/lang/pt_BR?next=/v/{view}/deals/1")
        clock = seen.locator("p.corrected time")
        expect(clock).to_have_text(re.compile(r"^27 de nov\.?,? 21:30 \S+"))
        assert "17:30" not in clock.inner_text()

        # a phone without scripts, in Tokyo: the server's words, Rome's time and letters
        bare = plain.new_page()
        bare.goto(f"{live_server}/v/{view}/deals/1")
        expect(bare.locator("p.corrected time")).to_have_text("2026-11-27 21:30 CET")
    finally:
        for context in (scorer, viewer, plain):
            context.close()
