"""Rendered PDFs kept per app, and the wait for one being laid out.

The cache is per app (so two apps in one process never share entries): least
recently used first out, bounded by entries (``PDF_CACHE_ENTRIES``) and bytes
(``PDF_CACHE_BYTES``). A hit is answered at once, without the layout worker. A miss
queues a :class:`~scorekeeper.pdf.worker.Job` with ``scorekeeper.pdf.worker`` (which
refuses at once with :class:`RenderBusy` when its queue is full); requests for a
document already being laid out wait for that one instead of queueing another. A
request waits at most ``PDF_RENDER_WAIT`` seconds, then gets :class:`RenderBusy`
(the document is still kept when it arrives). Call these functions inside a Flask
app context.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from flask import current_app

from scorekeeper.caching import LRU
from scorekeeper.pdf.worker import Job, RenderBusy, retry_after, submit

#: How long a request waits for its document before giving up with RenderBusy. The
#: worker's queue is short (few threads ever wait), so this only bounds a stuck
#: layout; a process's first layout loads WeasyPrint and its fonts, which takes
#: seconds on a busy machine.
RENDER_WAIT_SECONDS = 120.0
#: Bound of the per-app cache of rendered PDFs (entries, and total bytes).
CACHE_ENTRIES = 128
CACHE_BYTES = 64 * 1024 * 1024

_EXTENSION = "scorekeeper.pdf"

__all__ = ["CACHE_BYTES", "CACHE_ENTRIES", "Job", "RenderBusy", "cache_clear", "cache_info",
           "cached"]


class _AppPDFs:
    """One app's rendered PDFs, the ones being laid out, and how many it laid out."""

    def __init__(self, config: Any) -> None:
        self.pdfs: LRU[bytes] = LRU(config.get("PDF_CACHE_ENTRIES", CACHE_ENTRIES),
                                    max_weight=config.get("PDF_CACHE_BYTES", CACHE_BYTES),
                                    weigh=len)
        self.pending: dict[Hashable, Future[bytes]] = {}
        self.renders = 0
        # reentrant: a job finished already runs its callback in the thread adding it
        self.lock = threading.RLock()

    def start(self, key: Hashable | None,
              make_job: Callable[[], Job]) -> tuple[Hashable, Future[bytes]]:
        """The future PDF of ``key``: the one already being laid out, else a new job;
        with the key it is pending under (a fresh one for a document never kept)."""
        pending: Hashable = key if key is not None else _Unkept()
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        with self.lock:
            future = self.pending.get(pending)
            if future is None:
                future = submit(app, make_job)
                self.pending[pending] = future
                future.add_done_callback(
                    lambda done: self.finish(pending, done, keep=key is not None))
            return pending, future

    def finish(self, pending: Hashable, future: Future[bytes], keep: bool) -> None:
        """Count a finished document and keep it (when ``keep``), once: every waiter
        calls this too, so the document is kept before any of them answers."""
        with self.lock:
            if self.pending.get(pending) is not future:
                return
            del self.pending[pending]
            if future.exception() is None:
                self.renders += 1
                if keep:
                    self.pdfs.put(pending, future.result())


class _Unkept:
    """The pending key of a document that is never kept (each one its own)."""


def _app_pdfs() -> _AppPDFs:
    state = current_app.extensions.get(_EXTENSION)
    if state is None:
        state = current_app.extensions.setdefault(_EXTENSION, _AppPDFs(current_app.config))
    return state  # type: ignore[no-any-return]


def cached(key: Hashable | None, make_job: Callable[[], Job]) -> bytes:
    """The PDF kept under ``key``, else the one of ``make_job()``'s job, laid out by
    the worker and kept (``make_job`` is called only when the worker takes the job).
    A document without a stable key (``None``: a match never saved, a sheet with
    typed names) is laid out every time and never kept."""
    state = _app_pdfs()
    if key is not None:
        hit = state.pdfs.get(key)
        if hit is not None:
            return hit
    pending, future = state.start(key, make_job)
    wait = current_app.config.get("PDF_RENDER_WAIT", RENDER_WAIT_SECONDS)
    try:
        pdf = future.result(timeout=wait)
    except FutureTimeout:
        raise RenderBusy(retry_after()) from None
    state.finish(pending, future, keep=key is not None)
    return pdf


def cache_info() -> dict[str, int]:
    """Hits, misses and renders of the current app's PDF cache, its entries and
    bytes (for tests and benchmarks)."""
    state = _app_pdfs()
    info = state.pdfs.info()
    return {"hits": info["hits"], "misses": info["misses"], "renders": state.renders,
            "entries": info["entries"], "bytes": info["weight"]}


def cache_clear() -> None:
    """Empty the current app's PDF cache."""
    _app_pdfs().pdfs.clear()
