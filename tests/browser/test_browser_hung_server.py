"""A server that takes the phone's connections and never answers (a Wi-Fi connected to
nothing that says so, a server stuck): a deal saved then is waiting on the phone within
the service worker's bound (5 s, static/js/sw/router.js `within`), shown on the board as
waiting, and stored once when the server answers again, though the form the browser sent
first reaches the server too, late, beside the outbox's copy (the same form key).

Between the phone and the app, a relay of the test's own (``Hanging``): it passes bytes
both ways until told to hang; from then on it still accepts connections and reads what the
phone sends, but passes none of it on, so that the app answers nothing; told to answer,
it passes on everything it held, in order."""

from __future__ import annotations

import json
import re
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from browser_pages import STEP
from match_steps import start_match, stored
from playwright.sync_api import expect
from support import scaled
from test_browser_outbox import OUTBOX, _answer
from test_browser_phone_count import _by_counts
from waiting import under_worker, until

pytestmark = pytest.mark.browser

#: The service worker's bound on a form sent from a page (sw/main.js, WAIT).
WAIT_S = 5.0
#: What the page and the outbox add to it before the outbox holds the deal, on a quiet
#: host (stretched to the machine's speed: ``support.scaled``).
GRACE_S = 2.5


class Hanging:
    """A TCP relay on the loopback in front of ``port``."""

    def __init__(self, port: int) -> None:
        self._port = port
        self._passing = threading.Event()
        self._passing.set()
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()  # a socket taken after close() is closed at once
        self._closed = False
        self._asked: list[bytearray] = []  # what each connection of the phone passed on
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self._listener.getsockname()[1]}"
        threading.Thread(target=self._accept, daemon=True).start()

    def hang(self) -> None:
        """Connections still accepted, what comes read and held: the app hears nothing."""
        self._passing.clear()

    def answer(self) -> None:
        """Everything held passed on, and whatever comes next."""
        self._passing.set()

    def passed(self, first: bytes, holding: bytes) -> int:
        """How many requests that begin with ``first`` (their first line) and hold
        ``holding`` reached the app."""
        return sum(first in request and holding in request for asked in self._asked
                   for request in re.split(rb"(?=(?:GET|POST) /)", bytes(asked)))

    def close(self) -> None:
        self._passing.set()
        self._listener.close()
        with self._lock:
            self._closed = True
            for one in self._sockets:
                one.close()

    def _keep(self, one: socket.socket) -> None:
        with self._lock:
            self._sockets.append(one)
            if self._closed:
                one.close()
                raise OSError("closed")

    def _accept(self) -> None:
        while True:
            try:
                phone, _address = self._listener.accept()
                self._keep(phone)
                app = socket.create_connection(("127.0.0.1", self._port))
                self._keep(app)
            except OSError:
                return  # closed
            asked = bytearray()
            self._asked.append(asked)
            threading.Thread(target=self._pass, args=(phone, app, asked), daemon=True).start()
            threading.Thread(target=self._pass, args=(app, phone, None), daemon=True).start()

    def _pass(self, source: socket.socket, sink: socket.socket, asked: bytearray | None) -> None:
        """``source``'s bytes to ``sink``; what the phone asks waits while hanging. A phone
        that gave up on its request leaves it to reach the app all the same."""
        try:
            while data := source.recv(65536):
                if asked is not None:
                    self._passing.wait()
                    asked += data
                sink.sendall(data)
        except OSError:
            pass
        if asked is None:  # the app closed, or the phone is gone: both ends done
            for one in (source, sink):
                one.close()


@pytest.fixture
def hanging(live_server: str) -> Iterator[Hanging]:
    relay = Hanging(int(live_server.rsplit(":", 1)[1]))
    yield relay
    relay.close()


def _outbox(page: Any) -> list[dict[str, Any]]:
    return list(json.loads(page.evaluate(OUTBOX)))


def test_a_deal_saved_on_a_server_that_never_answers_waits_then_is_stored_once(app, phone,
                                                                              hanging):
    base = hanging.url
    board = start_match(phone, base)
    token = board.rsplit("/", 1)[1]
    under_worker(phone, board)  # under the service worker: the board kept on the phone
    until(phone, """async (board) => {
        const keys = (await (await caches.open("scorekeeper-pages")).keys()).map(k => k.url);
        return keys.includes(board) && keys.includes(board + "/deals/new");
    }""", board)
    # a second page of the app, to read the outbox while the first one waits
    watcher = phone.context.new_page()
    watcher.goto(board)
    phone.goto(board + "/deals/new")
    # 180 + 200 + 100 − 15 = 465 and 60 − 30 = 30 (seed 001 §04, §09)
    _by_counts(phone, {"table_points": "180", "clean": "1", "hand_points": "15"},
               {"table_points": "60", "hand_points": "30"})
    _answer(phone, "Nós")
    expect(phone.locator("#live-0")).to_have_text("+465")  # the server's count, online

    hanging.hang()
    phone.get_by_role("button", name="Save the deal").tap()
    began, bound = time.monotonic(), WAIT_S + scaled(GRACE_S)
    entries = until(watcher, f"async () => ({OUTBOX})().then(JSON.parse).then(e => e.length && e)",
                    timeout_ms=(WAIT_S + GRACE_S) * 1000, every_ms=100)
    waited = time.monotonic() - began
    print(f"the deal waiting on the phone {waited:.1f} s after Save (at most {bound:.1f} s)")
    assert waited <= bound
    assert [(e["token"], dict(e["fields"])["sides-0-table_points"]) for e in entries] == [
        (token, "180")]
    # the board as the phone keeps it (its own request given up on too), the deal waiting
    phone.wait_for_url(re.compile(r"#outbox$"), timeout=STEP)
    expect(phone.locator("#outbox [data-count]")).to_have_text("1")
    expect(phone.locator("#pending-1 i")).to_have_text("1")
    assert stored(app, token) == (0, [0, 0])

    # the server answers again: the form the browser sent first reaches it, and so does
    # the outbox's copy, by itself; the deal is stored once
    hanging.answer()
    until(watcher, f"async () => ({OUTBOX})().then(JSON.parse).then(e => !e.length)",
          timeout_ms=STEP, every_ms=250)
    expect(phone.locator("#deal-1")).to_be_visible(timeout=STEP)  # the server's board
    assert _outbox(watcher) == []
    assert stored(app, token) == (1, [465, 30])
    # it was sent twice: by the browser, on Save, and by the outbox, with the same key
    assert hanging.passed(f"POST /m/{token}/deals/new HTTP/1.1".encode(), b"action=save") == 2
