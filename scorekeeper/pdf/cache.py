"""Rendered PDFs kept per app, and how many documents are laid out at once.

The cache is per app (so two apps in one process never share entries): least
recently used first out, bounded by entries (``PDF_CACHE_ENTRIES``) and bytes
(``PDF_CACHE_BYTES``). Every layout takes one of the process's render slots; a
request that waits longer than ``PDF_RENDER_WAIT`` seconds for one gets
:class:`RenderBusy`. Call these functions inside a Flask app context.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Hashable
from typing import Any

from flask import current_app

from scorekeeper.caching import LRU

#: At most this many PDFs are laid out at once in the process. Layout is CPU-bound
#: Python (the GIL gains nothing from more), and a waiting request holds a server
#: thread, so the web pages stay responsive only if renders cannot pile up.
MAX_CONCURRENT_RENDERS = 1
#: How long a request waits for a render slot before giving up with RenderBusy.
RENDER_WAIT_SECONDS = 20.0
#: Bound of the per-app cache of rendered PDFs (entries, and total bytes).
CACHE_ENTRIES = 128
CACHE_BYTES = 64 * 1024 * 1024

_EXTENSION = "scorekeeper.pdf"
_render_slots = threading.BoundedSemaphore(MAX_CONCURRENT_RENDERS)


class RenderBusy(RuntimeError):
    """Every render slot stayed busy: the caller should answer 503 and retry later."""


class _AppPDFs:
    """One app's rendered PDFs, and how many documents it laid out."""

    def __init__(self, config: Any) -> None:
        self.pdfs: LRU[bytes] = LRU(config.get("PDF_CACHE_ENTRIES", CACHE_ENTRIES),
                                    max_weight=config.get("PDF_CACHE_BYTES", CACHE_BYTES),
                                    weigh=len)
        self.renders = 0

    def render(self, render: Callable[[], bytes]) -> bytes:
        pdf = render()
        with self.pdfs.lock:
            self.renders += 1
        return pdf


def _app_pdfs() -> _AppPDFs:
    state = current_app.extensions.get(_EXTENSION)
    if state is None:
        state = current_app.extensions.setdefault(_EXTENSION, _AppPDFs(current_app.config))
    return state  # type: ignore[no-any-return]


def cached(key: Hashable | None, render: Callable[[], bytes]) -> bytes:
    """The PDF kept under ``key``, else ``render()``'s, laid out in a render slot and
    kept. A document without a stable key (``None``: a match never saved) is laid
    out every time and never kept."""
    state = _app_pdfs()
    if key is not None:
        hit = state.pdfs.get(key)
        if hit is not None:
            return hit
    if not _render_slots.acquire(timeout=current_app.config.get(
            "PDF_RENDER_WAIT", RENDER_WAIT_SECONDS)):
        raise RenderBusy("every PDF render slot is busy")
    try:
        if key is None:
            return state.render(render)
        # Another request may have rendered the same document while we waited.
        return state.pdfs.get_or_make(key, lambda: state.render(render))
    finally:
        _render_slots.release()


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
