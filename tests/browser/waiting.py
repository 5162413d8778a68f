"""Waiting on what a page can only answer asynchronously (Cache Storage, IndexedDB, the
service worker's control of a page).

``page.wait_for_function`` takes a returned promise for a truthy answer and returns at
once; ``until`` asks the page again (``page.evaluate`` awaits the promise) until it
says yes."""

from __future__ import annotations

import time
from typing import Any

from support import slowness

#: What Playwright says of a question whose page navigated before it answered (a board
#: that shows itself again once its outbox is sent, say): no answer yet, not a failure.
NAVIGATED = ("Execution context was destroyed", "because of a navigation")


def until(page: Any, script: str, arg: Any = None, timeout_ms: float = 30_000,
          every_ms: float = 250) -> Any:
    """The first truthy answer of ``script`` (an async function of ``arg``), within
    ``timeout_ms`` on a quiet fast host, stretched to this machine's ``slowness``."""
    from playwright.sync_api import Error

    limit = timeout_ms * slowness()
    deadline = time.monotonic() + limit / 1000
    while True:
        try:
            answer = page.evaluate(script, arg)
        except Error as error:  # the page went to another page meanwhile: ask it again
            if not any(said in error.message for said in NAVIGATED):
                raise
            answer = None
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise TimeoutError(f"no answer within {limit:.0f} ms: {script[:80]}")
        page.wait_for_timeout(every_ms)


def under_worker(page: Any, url: str) -> None:
    """``url`` opened again on ``page`` once the service worker is active, and under it: a
    page that loaded while the worker was installing stays outside it."""
    page.evaluate("async () => { await navigator.serviceWorker.ready; }")
    page.goto(url)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
