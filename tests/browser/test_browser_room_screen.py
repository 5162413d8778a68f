"""The room's pages follow the evening by themselves (static/js/follow.js), in real
browsers, while the director's other device (a Flask test client on the same app) makes
the changes: the room's page, on a phone, shows a table's result, the next turn and its
clock within 5 seconds, never reloaded, and never keeps ticking the last turn's clock."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import ms
from evening_played import EVEN, post
from event_steps import post_deal
from playwright.sync_api import expect
from support import evening

pytestmark = pytest.mark.browser

#: A look of the room's page (every 3 s) and the page's own time, stretched to the machine.
ROOM = 3_000 + ms(2)


def _clock(client: Any, event: str, minutes: int) -> None:
    post(client, event, f"{event}/clock", minutes=str(minutes))


def _complete(client: Any, event: str, turn: int, tables: range) -> None:
    for table in tables:
        for _ in range(2):
            post_deal(client, f"{event}/turns/{turn}/tables/{table}/deals/new", EVEN)


def _room(client: Any, event: str) -> str:
    page = client.get(event).get_data(as_text=True)
    return re.search(r'href="(/e/v/[^"/]+)"', page).group(1)  # type: ignore[union-attr]


def test_the_room_page_follows_the_evening_and_its_turns_clock(app, live_server, phone):
    """Four pairs at two tables, 5 turns of 2 deals; every deal 100 – 100."""
    client = app.test_client()
    event = evening(client, "Rossi\nVerdi\nGialli\nNeri")
    room = _room(client, event)
    phone.goto(live_server + room)
    phone.evaluate("window.sameVisit = true")
    follows = phone.locator("[data-follow]")
    _clock(client, event, 45)
    expect(follows.locator("[data-clock]")).to_contain_text("of 45 minutes", timeout=ROOM)
    expect(follows.locator("[data-time]")).to_have_text(re.compile(r"^4[45]:\d\d$"))
    _complete(client, event, 1, range(1, 2))
    expect(follows.locator("#table-1")).to_contain_text("200–200", timeout=ROOM)
    expect(follows.locator("#table-1")).to_contain_text("10–10")
    _complete(client, event, 1, range(2, 3))
    # the turn over: no clock
    expect(follows.locator("[data-clock]")).to_have_count(0, timeout=ROOM)
    post(client, event, f"{event}/turns")
    expect(follows.locator("caption").first).to_have_text("Turn 2", timeout=ROOM)
    expect(follows.locator("[data-clock]")).to_have_count(0)  # turn 1's is not turn 2's
    _clock(client, event, 25)
    expect(follows.locator("[data-clock]")).to_contain_text("of 25 minutes", timeout=ROOM)
    expect(follows.locator("[data-time]")).to_have_text(re.compile(r"^2[45]:\d\d$"))
    assert phone.evaluate("window.sameVisit === true"), "the room's page was reloaded"
