"""The room's pages follow the evening by themselves (static/js/follow.js), in real
browsers, while the director's other device (a Flask test client on the same app) makes
the changes:

- the room's page, on a phone, shows a table's result, the next turn and its clock within
  5 seconds, never reloaded, and never keeps ticking the last turn's clock;
- the big screen, on a 1920 × 1080 TV, reads from across the room: every line of its
  tables at least 32 px high, each page of them within the screen, a page at a time, the
  clock's figures large; once the turn is over, the next turn's seating by name first,
  each entrant where 'Where do I sit?' says;
- its sound a minute before time is off until its box is ticked, then beeps (Web Audio)."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

import pytest
from browser_pages import STEP, ms
from evening_played import EVEN, post
from event_steps import post_deal
from playwright.sync_api import expect
from support import evening, until

pytestmark = pytest.mark.browser

#: A look of the room's page (every 3 s) and the page's own time, stretched to the machine.
ROOM = 3_000 + ms(2)
#: A look of the big screen (every 2 s) and the page's own time.
TV = 2_000 + ms(3)

#: Each page of the big screen shown alone, in turn: its number of lines, its lowest
#: line's height, and where its bottom stands (px from the top of the screen).
PAGES = """() => {
  const pages = [...document.querySelectorAll('[data-page]')];
  const was = pages.map((p) => p.hidden);
  const seen = pages.map((page) => {
    pages.forEach((p) => { p.hidden = p !== page; });
    const rows = [...page.querySelectorAll('tbody tr')].map((r) => r.getBoundingClientRect());
    return [rows.length, Math.min(...rows.map((r) => r.height)),
            Math.max(...rows.map((r) => r.bottom))];
  });
  pages.forEach((p, i) => { p.hidden = was[i]; });
  return seen;
}"""


def _clock(client: Any, event: str, minutes: int) -> None:
    post(client, event, f"{event}/clock", minutes=str(minutes))


def _complete(client: Any, event: str, turn: int, tables: range) -> None:
    for table in tables:
        for _ in range(2):
            post_deal(client, f"{event}/turns/{turn}/tables/{table}/deals/new", EVEN)


def _room(client: Any, event: str) -> str:
    page = client.get(event).get_data(as_text=True)
    return re.search(r'href="(/e/v/[^"/]+)"', page).group(1)  # type: ignore[union-attr]


def _fit(pages: list[list[float]]) -> None:
    """Every line at least 32 px high, every page within the 1080 px of the screen."""
    for _lines, lowest, bottom in pages:
        assert lowest >= 32, pages
        assert bottom <= 1080, pages


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


def _find(client: Any, room: str, who: int) -> tuple[str, str]:
    """Where 'Where do I sit?' seats entrant ``who``: their table and line."""
    page = client.get(f"{room}/find?who={who}").get_data(as_text=True)
    said = re.search(r"<b>Table (\d+)</b>\s*·\s*(North-South|East-West)", page)
    assert said, page[-2000:]
    return said.group(1), said.group(2)


def test_the_big_screen_reads_from_across_the_room(app, live_server, browser):
    """28 pairs at 14 tables: three pages of where everyone sits (12, 12, 4 lines), and
    once turn 1 is over, its standings on three more."""
    client = app.test_client()
    names = [f"Coppia {n:02d} Bartolomei – Crisostomo" for n in range(1, 29)]
    event = evening(client, "\n".join(names))
    room = _room(client, event)
    _clock(client, event, 45)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(STEP)
    try:
        tv = context.new_page()
        tv.goto(f"{live_server}{room}/tv")
        expect(tv.locator("[data-page]:visible")).to_have_count(1)
        clock = tv.locator("[data-time]").bounding_box()
        assert clock["height"] >= 96, clock  # the clock's figures: the largest on the screen
        pages = tv.evaluate(PAGES)
        assert [lines for lines, _, _ in pages] == [12, 12, 4], pages
        _fit(pages)
        shown = tv.locator("[data-page]:visible .tv-page")
        expect(shown).to_have_text("1/3")
        expect(shown).to_have_text("2/3", timeout=10_000 + ms(3))  # the next page, by itself
        _complete(client, event, 1, range(1, 15))
        expect(tv.locator(".tv-turn")).to_contain_text("Every table has finished.", timeout=TV)
        expect(tv.locator("[data-clock]")).to_have_count(0)
        first = tv.locator("[data-page]").first
        expect(first.locator("caption")).to_have_text("Turn 2: where everyone sits")
        pages = tv.evaluate(PAGES)
        assert [lines for lines, _, _ in pages] == [12, 12, 4, 12, 12, 4], pages
        _fit(pages)
        for who in (1, 14, 28):
            row = tv.locator(f".tv-seats tbody tr:has(th:text-is('{names[who - 1]}'))")
            cells = [c.strip() for c in row.locator("td").all_text_contents()]
            assert tuple(cells) == _find(client, room, who), (who, cells)
    finally:
        context.close()


#: Every tone the page plays, counted (the sound itself is not heard here).
TONES = """window.tones = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.tones += 1;
  return start.apply(this, args);
};"""


def test_the_big_screen_beeps_a_minute_before_time_once_asked(app, live_server, browser,
                                                              monkeypatch):
    from scorekeeper.models import utcnow
    from scorekeeper.web.evening import clock

    client = app.test_client()
    event = evening(client, "Rossi\nVerdi\nGialli\nNeri")
    room = _room(client, event)
    _clock(client, event, 45)
    started = utcnow()  # the clock's start, a few ms after it was stored

    def left(seconds: int) -> None:
        """The server's clock from now on: ``seconds`` left of the 45 minutes, and going."""
        shift = started + timedelta(minutes=45, seconds=-seconds) - utcnow()
        monkeypatch.setattr(clock, "utcnow", lambda: utcnow() + shift)

    left(63)
    context = browser.new_context(viewport={"width": 1920, "height": 1080})
    context.set_default_timeout(STEP)
    context.add_init_script(TONES)
    try:
        tv = context.new_page()
        tv.goto(f"{live_server}{room}/tv")
        box = tv.get_by_label("A beep a minute before time")
        expect(box).not_to_be_checked()
        # off: the minute comes and goes in silence
        expect(tv.locator("[data-time]")).to_have_text(re.compile(r"^0:5\d$"), timeout=ms(8))
        assert tv.evaluate("window.tones") == 0
        box.check()
        until(lambda: tv.evaluate("window.tones") == 1, "a tone, to hear that it works", 5,
              every=0.2)
        left(65)
        expect(tv.locator("[data-time]")).to_have_text(re.compile(r"^1:0\d$"), timeout=TV)
        until(lambda: tv.evaluate("window.tones") == 4, "three tones at 1:00", 10, every=0.2)
        # once: the server's figures of the next looks (a second above the page's own at
        # times) ring no more
        expect(tv.locator("[data-time]")).to_have_text(re.compile(r"^0:5[0-6]$"), timeout=ms(8))
        assert tv.evaluate("window.tones") == 4
    finally:
        context.close()
