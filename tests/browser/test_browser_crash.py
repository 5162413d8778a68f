"""The server process killed while a deal is being saved: the phone never gets its answer,
keeps the deal in its outbox, and sends it once the server is back; the deal is then on
the server exactly once, whether the server died before or after writing it.

The real `scorekeeper serve` runs in a process of its own, behind a small TCP relay that
kills it (SIGKILL) at the chosen moment of the save."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest
from match_steps import start_match, stored
from playwright.sync_api import expect
from support import scaled
from test_browser_table import answer_rest
from waiting import under_worker

pytestmark = pytest.mark.browser

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")


def _drop(*connections: socket.socket) -> None:
    """Close both ends for good: shut down first, which also wakes the other thread's
    recv (a plain close leaves the connection open while that recv holds it)."""
    for conn in connections:
        with contextlib.suppress(OSError):
            conn.shutdown(socket.SHUT_RDWR)
        conn.close()


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Serve:
    """`scorekeeper serve` on one port, started again after it is killed."""

    def __init__(self, db_url: str) -> None:
        self.port, self.db_url, self.process = _free_port(), db_url, None

    def start(self) -> None:
        env = {**os.environ, "DATABASE_URL": self.db_url}
        self.process = subprocess.Popen(
            [str(SCOREKEEPER), "serve", "--port", str(self.port)], env=env,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        # a start migrates the database and warms the app up: seconds of CPU, several
        # times that on a machine busy with the other test processes. The port is bound
        # before the warm-up; a page answers once the server serves.
        deadline = time.monotonic() + scaled(120)
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/rules",
                                            timeout=scaled(30)) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.kill()  # never left running behind the test
        raise RuntimeError(f"scorekeeper serve did not start (exit {self.process.returncode})")

    def kill(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait(timeout=10)


class Relay:
    """A TCP relay to the server that kills it during a deal's save: ``"before"`` as soon
    as the save reaches it (nothing written yet), ``"after"`` once it starts to answer
    (the deal written); the phone's connection is dropped either way."""

    def __init__(self, serve: Serve, when: str) -> None:
        self.serve, self.when, self.armed = serve, when, False
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self) -> None:
        while True:
            try:
                client, _addr = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._relay, args=(client,), daemon=True).start()

    def _relay(self, client: socket.socket) -> None:
        try:
            upstream = socket.create_connection(("127.0.0.1", self.serve.port))
        except OSError:
            client.close()
            return
        saving = threading.Event()

        def up() -> None:
            try:
                while data := client.recv(65536):
                    # the Save (a navigation), not the live preview posted to the same page
                    if self.armed and re.match(rb"POST /m/[^/ ]+/deals/new", data) and \
                            b"sec-fetch-mode: navigate" in data.lower():
                        saving.set()
                        if self.when == "before":
                            self.armed = False
                            self.serve.kill()
                            break
                    upstream.sendall(data)
            except OSError:
                pass
            finally:
                _drop(upstream, client)

        threading.Thread(target=up, daemon=True).start()
        try:
            while data := upstream.recv(65536):
                if saving.is_set() and self.when == "after" and self.armed:
                    self.armed = False
                    self.serve.kill()  # the deal is written; its answer never leaves
                    break
                client.sendall(data)
        except OSError:
            pass
        finally:
            _drop(client, upstream)


@pytest.mark.parametrize("when", ["before", "after"])
def test_a_deal_saved_while_the_server_dies_is_stored_exactly_once(app, db_url, phone, when):
    serve = Serve(db_url)
    serve.start()
    relay = Relay(serve, when)
    base = f"http://127.0.0.1:{relay.port}"
    try:
        board = start_match(phone, base)
        token = board.rsplit("/", 1)[1]
        under_worker(phone, board)
        phone.goto(board + "/deals/new")
        phone.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        # seed 001 §09: 180 + a clean canastra 200 + going out 100 − 15 in hand = 465
        phone.fill("#sides-0-table_points", "180")
        phone.fill("#sides-0-clean", "1")
        phone.fill("#sides-0-hand_points", "15")
        phone.fill("#sides-1-table_points", "60")
        phone.fill("#sides-1-hand_points", "30")
        phone.locator("fieldset.end").get_by_label("Nós", exact=True).tap()
        answer_rest(phone)
        relay.armed = True
        phone.get_by_role("button", name="Save the deal").tap()
        # no answer: the deal waits on the phone, the scoreboard says so
        phone.wait_for_url(re.compile(r"#outbox$"))
        expect(phone.locator("#outbox [data-count]")).to_have_text("1")
        assert serve.process.poll() is not None  # killed during the save
        assert stored(app, token) == ((1, [465, 30]) if when == "after" else (0, [0, 0]))
        # the server back: the phone sends the deal, once
        serve.start()
        phone.reload()
        expect(phone.locator("#deal-1")).to_be_visible()
        expect(phone.locator("#outbox")).to_be_hidden()
        expect(phone.locator("#total-0")).to_have_text("465")
        assert stored(app, token) == (1, [465, 30])
        phone.reload()  # and again: nothing more is sent
        expect(phone.locator("#total-0")).to_have_text("465")
        assert stored(app, token) == (1, [465, 30])
    finally:
        relay.listener.close()
        serve.kill()
