"""The layout worker: a process of its own (the same words as in the web app), a short
queue that refuses at once, one layout for a document asked for twice, and bounded
Burro sheets."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from pdf_support import pdf_text
from snapshots import handmade_snapshot
from support import until

from scorekeeper import pdf
from scorekeeper.app import create_app
from scorekeeper.pdf import cache, worker
from scorekeeper.rules.burro import MAX_PLAYERS

#: Released by the tests; the jobs below wait for it.
GATE = threading.Event()


def held_layout(marker: str) -> bytes:
    """A layout that lasts until the test lets it end."""
    assert GATE.wait(timeout=30)
    return f"%PDF-held {marker}".encode()


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    GATE.clear()
    yield GATE
    GATE.set()


def _in_background(app: Any, key: Any, marker: str, out: list[Any]) -> threading.Thread:
    def ask() -> None:
        with app.app_context():
            try:
                out.append(cache.cached(key, partial(worker.Job, held_layout, (marker,))))
            except pdf.RenderBusy as busy:
                out.append(busy)

    thread = threading.Thread(target=ask)
    thread.start()
    return thread


def test_a_full_queue_refuses_at_once_with_a_wait_in_seconds(ctx: Any, gate: Any) -> None:
    ctx.config["PDF_QUEUE"] = 2
    out: list[Any] = []
    try:
        threads = [_in_background(ctx, ("held", n), str(n), out) for n in range(2)]
        until(lambda: worker._renderer.in_flight == 2)
        started = time.monotonic()
        with pytest.raises(pdf.RenderBusy) as refused:
            pdf.render_match_summary(handmade_snapshot(1, version=501), "en")
        assert time.monotonic() - started < 0.5  # at once, never after a long wait
        assert 1 <= refused.value.retry_after <= worker.MAX_RETRY_AFTER
        gate.set()
        for thread in threads:
            thread.join(timeout=10)
        assert sorted(out) == [b"%PDF-held 0", b"%PDF-held 1"]
        # room again: the same document is laid out now
        assert pdf.render_match_summary(handmade_snapshot(1, version=501), "en")[:5] == b"%PDF-"
    finally:
        del ctx.config["PDF_QUEUE"]


def test_a_refused_summary_never_takes_its_snapshot(ctx: Any) -> None:
    taken: list[int] = []

    def snapshot() -> dict[str, Any]:
        taken.append(1)
        return handmade_snapshot(1, version=503)

    ctx.config["PDF_QUEUE"] = 0
    try:
        with pytest.raises(pdf.RenderBusy):
            pdf.render_saved_summary((7, 503), snapshot, "en")
    finally:
        del ctx.config["PDF_QUEUE"]
    assert taken == []
    assert pdf.render_saved_summary((7, 503), snapshot, "en")[:5] == b"%PDF-"
    assert taken == [1]


def test_a_document_asked_for_twice_is_laid_out_once(ctx: Any, gate: Any) -> None:
    renders = pdf.cache_info()["renders"]
    out: list[Any] = []
    threads = [_in_background(ctx, ("same",), str(n), out) for n in range(3)]
    until(lambda: worker._renderer.in_flight == 1 and len(
        ctx.extensions["scorekeeper.pdf"].pending) == 1)
    time.sleep(0.05)
    assert worker._renderer.in_flight == 1  # the later askers wait for the first job
    gate.set()
    for thread in threads:
        thread.join(timeout=10)
    assert out == [b"%PDF-held 0"] * 3
    assert pdf.cache_info()["renders"] == renders + 1


def test_a_wait_too_long_is_busy_and_the_document_is_kept_when_it_comes(ctx: Any,
                                                                        gate: Any) -> None:
    ctx.config["PDF_RENDER_WAIT"] = 0.05
    try:
        with pytest.raises(pdf.RenderBusy):
            cache.cached(("slow",), partial(worker.Job, held_layout, ("slow",)))
    finally:
        del ctx.config["PDF_RENDER_WAIT"]
    gate.set()
    until(lambda: worker._renderer.in_flight == 0)
    until(lambda: pdf.cache_info()["entries"] == 1)
    kept = cache.cached(("slow",), partial(worker.Job, held_layout, ("never",)))
    assert kept == b"%PDF-held slow"


def test_the_worker_process_writes_the_same_words_as_the_web_app() -> None:
    """The child process has its own app: the same templates and translations."""
    snapshot = handmade_snapshot(3, version=502)
    texts = {}
    for renderer in worker.RENDERERS:
        app = create_app({"TESTING": True, "SECRET_KEY": "t", "PDF_RENDERER": renderer})
        with app.test_request_context():
            texts[renderer] = (pdf_text(pdf.render_match_summary(snapshot, "fr")),
                               pdf_text(pdf.render_blank_sheet("buraco-fechado", "pt_BR")))
    assert not worker._renderer.process_failed
    assert texts["process"] == texts["thread"]
    assert "Donne" in texts["process"][0]  # French, from the child's catalogs


def test_typed_burro_names_are_bounded_and_never_kept(ctx: Any) -> None:
    names = [f"  Player   {n}  " + "x" * 100 for n in range(MAX_PLAYERS + 5)]
    shown = pdf.burro_names(names)
    assert len(shown) == MAX_PLAYERS
    assert shown[0].startswith("Player 0 xxx")
    assert {len(name) for name in shown} == {pdf.BURRO_NAME_LENGTH}
    assert pdf.burro_names(["", "   ", "Ana"]) == ["Ana"]
    pdf.render_burro_sheet("en", "A4", ["Ana", "Bia"])
    pdf.render_burro_sheet("en", "A4", ["Caio", "Dóra"])
    assert pdf.cache_info()["entries"] == 0
    blank = pdf.render_burro_sheet("en", "A4", ["", " "])  # no names: the kept sheet
    assert pdf.render_burro_sheet("en", "A4") is blank
    assert pdf.cache_info()["entries"] == 1


def test_the_wait_asked_of_a_refused_request_is_what_the_queue_holds() -> None:
    """Three long documents queued, the first at work for 10 s and none done yet (the
    average still says 1 s): the queue holds about 20 s more, not 3."""
    renderer = worker._Renderer()
    now = [100.0]
    renderer.clock = lambda: now[0]
    renderer.in_flight, renderer.at_work_since = 3, 90.0
    assert renderer.retry_after() == 2 * 10
    # once documents are done, their time says how long each takes: 13.3 s each, the one
    # at work 10 s in: 3.3 + 2 × 13.3
    renderer.seconds, renderer.last = 4.6, 13.3
    assert renderer.retry_after() == 30
    # a short queue of quick documents: a second; never more than MAX_RETRY_AFTER
    renderer.in_flight, renderer.at_work_since, renderer.seconds, renderer.last = 1, 99.8, 0.5, 0.4
    assert renderer.retry_after() == 1
    renderer.in_flight, renderer.seconds = 10, 30.0
    assert renderer.retry_after() == worker.MAX_RETRY_AFTER


def test_a_full_queue_says_how_long_its_documents_take(ctx: Any, gate: Any) -> None:
    ctx.config["PDF_QUEUE"] = 2
    out: list[Any] = []
    saved = worker._renderer.seconds, worker._renderer.last
    try:
        worker._renderer.seconds, worker._renderer.last = 7.0, 7.0
        threads = [_in_background(ctx, ("slow", n), str(n), out) for n in range(2)]
        until(lambda: worker._renderer.in_flight == 2)
        with pytest.raises(pdf.RenderBusy) as refused:
            pdf.render_match_summary(handmade_snapshot(1, version=502), "en")
        assert refused.value.retry_after in (13, 14)  # 7 s each, the first just begun
    finally:
        gate.set()
        for thread in threads:
            thread.join(timeout=10)
        worker._renderer.seconds, worker._renderer.last = saved
        del ctx.config["PDF_QUEUE"]
