"""A phone whose referee has started once already: Python's memory snapshot, which the
referee's worker keeps in Cache Storage after its first start and restores at every
later one (static/js/referee.js), put into a fresh browser context before a test.

Python's first start in Chromium takes about ten seconds on a shared 2-core machine, a
restore about one. The tests that do not test the first start (answers compared, a match
or a Burro game played offline) start from the snapshot: it is made once, by a real first
start in Chromium, and kept in pytest's cache under the offline pack's version and
Chromium's (a snapshot made elsewhere is never restored); later sessions reuse it.

31 MB is too much for Playwright's pipe: a small HTTP server on the loopback hands it to
the browser. A blank page of the app's origin (without the app's Content-Security-Policy)
reads and writes it at an address of that origin: the browser sends both on to the
loopback server itself (no cross-origin request, nothing through the pipe).
"""

from __future__ import annotations

import os
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

from browser_pages import ms
from waiting import until

#: Python's first start on this machine takes tens of seconds (tools/offline_pack.py).
START = ms(180)

BLANK = "/__blank-for-the-referee-snapshot__"
SNAPSHOT = BLANK + "/snapshot"

#: One question to a worker of the referee, the answer's status once it comes.
ASK_ONCE = """async (url) => {
  const worker = new Worker(url, {type: "module"});
  const answer = await new Promise((resolve, reject) => {
    worker.onerror = (e) => reject(new Error(e.message));
    worker.onmessage = (e) => { if (!e.data.alive) { resolve(e.data); } };
    worker.postMessage({id: 1, kind: "check", body: {melds: ["5H 6H 7H"]}, lang: "en"});
  });
  worker.terminate();
  return answer.status;
}"""

#: The snapshot kept by the worker, sent to the loopback server.
SEND = """async ([name, to]) => {
  const cache = await caches.open(name);
  const keys = await cache.keys();
  if (keys.length !== 1) { return 0; }
  const body = await (await cache.match(keys[0])).arrayBuffer();
  await fetch(to, {method: "POST", body});
  return body.byteLength;
}"""

#: The snapshot read from the loopback server, kept where the worker looks for it.
KEEP = """async ([from, name, key]) => {
  const response = await fetch(from);
  if (!response.ok) { throw new Error(from + ": " + response.status); }
  await (await caches.open(name)).put(key, response);
  return true;
}"""

#: Every file of the offline pack and the referee's worker held by the service worker.
PACK_HELD = """async ([name, count]) => {
    const cache = await caches.open(name);
    return (await cache.keys()).length >= count;
}"""


class _Handler(BaseHTTPRequestHandler):
    server: _Loopback

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        blank = self.path == "/blank"
        body = b"<!doctype html><title>blank</title>" if blank else self.server.snapshot
        self.send_response(200 if body else 404)
        self.send_header("Content-Type", "text/html" if blank else "application/octet-stream")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_POST(self) -> None:  # noqa: N802
        self.server.snapshot = self.rfile.read(int(self.headers["Content-Length"]))
        self.send_response(204)
        self.end_headers()

    def log_message(self, *args: Any) -> None:
        pass


class _Loopback(ThreadingHTTPServer):
    snapshot: bytes = b""


def _blank(context: Any, base: str, loopback: str) -> Any:
    """A page of ``base``'s origin, empty, and its ``SNAPSHOT``: the ``loopback`` server's.
    (Answered by the test itself, the page would be nobody's address to Chromium, and
    barred from the loopback: Local Network Access.)"""
    context.route(base + BLANK, lambda route: route.continue_(url=loopback + "/blank"))
    context.route(base + SNAPSHOT, lambda route: route.continue_(url=loopback + "/snapshot"))
    page = context.new_page()
    page.goto(base + BLANK)
    return page


class Snapshot:
    """The referee's snapshot for this pack and this Chromium, made at most once."""

    def __init__(self, folder: Path, browser: Any) -> None:
        from scorekeeper.web import offline

        self.version = offline.pack_version()
        self.cache = f"scorekeeper-referee-{self.version}"
        chromium = browser.version.replace(".", "-")
        self.file = folder / f"referee-{self.version}-chromium-{chromium}.snapshot"
        self._server: _Loopback | None = None

    def make(self, context: Any, base: str) -> None:
        """A first start in ``context`` (on ``base``, serving the pack), its snapshot kept."""
        page = context.new_page()
        page.set_default_timeout(START)
        page.goto(base + "/rules")
        url = page.locator('meta[name="referee"]').get_attribute("content")
        assert page.evaluate(ASK_ONCE, url) == 200
        page.close()
        server = self._loopback()
        blank = _blank(context, base, self._address())
        size = blank.evaluate(SEND, [self.cache, base + SNAPSHOT])
        blank.close()
        assert size > 0
        assert len(server.snapshot) == size
        for old in self.file.parent.glob("referee-*.snapshot"):
            old.unlink(missing_ok=True)  # another pack's or another Chromium's
        tmp = self.file.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_bytes(server.snapshot)
        tmp.replace(self.file)  # whole or not at all: another process may read it

    def warm(self, context: Any, base: str) -> None:
        """``context``'s phone holds the snapshot for ``base``'s origin, as after a first
        start there."""
        server = self._loopback()
        if not server.snapshot:
            server.snapshot = self.file.read_bytes()
        blank = _blank(context, base, self._address())
        blank.evaluate(KEEP, [base + SNAPSHOT, self.cache, base + "/static/pack/snapshot"])
        blank.close()
        context.unroute(base + BLANK)
        context.unroute(base + SNAPSHOT)

    def _loopback(self) -> _Loopback:
        if self._server is None:
            self._server = _Loopback(("127.0.0.1", 0), _Handler)
            threading.Thread(target=self._server.serve_forever, daemon=True).start()
        return self._server

    def _address(self) -> str:
        return f"http://127.0.0.1:{self._loopback().server_port}"

    def close(self) -> None:
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()


def pack_held(page: Any) -> None:
    """Wait until the service worker holds every file of the offline pack and the
    referee's worker (what Python needs to start offline)."""
    from scorekeeper.web import offline

    version = offline.pack_version()
    until(page, PACK_HELD, [f"scorekeeper-pack-{version}",
                            len(offline._pack_manifest()["files"]) + 1],
          timeout_ms=START, every_ms=500)


def take_pack(page: Any) -> None:
    """The offline pack asked for on this page, as a player answers its question ("Keep
    the referee": no page fetches it before), then held (``pack_held``)."""
    from playwright.sync_api import expect

    offer = page.locator("#pack [data-offer]")
    expect(offer).to_be_visible(timeout=START)
    offer.get_by_role("button", name="Keep the referee").tap()
    pack_held(page)
