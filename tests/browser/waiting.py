"""Waiting on what a page can only answer asynchronously (Cache Storage, IndexedDB).

``page.wait_for_function`` takes a returned promise for a truthy answer and returns at
once; ``until`` asks the page again (``page.evaluate`` awaits the promise) until it
says yes."""

from __future__ import annotations

import time
from typing import Any

from support import slowness


def until(page: Any, script: str, arg: Any = None, timeout_ms: float = 30_000,
          every_ms: float = 250) -> Any:
    """The first truthy answer of ``script`` (an async function of ``arg``), within
    ``timeout_ms`` on a quiet fast host, stretched to this machine's ``slowness``."""
    limit = timeout_ms * slowness()
    deadline = time.monotonic() + limit / 1000
    while True:
        answer = page.evaluate(script, arg)
        if answer:
            return answer
        if time.monotonic() > deadline:
            raise TimeoutError(f"no answer within {limit:.0f} ms: {script[:80]}")
        page.wait_for_timeout(every_ms)
