"""Where PDFs are laid out: a worker process beside the web server, behind a short queue.

Layout is CPU-bound Python: in a request thread it holds the GIL and every page of
the site waits for it. So each document is a :class:`Job` (plain data: a module-level
layout function and its arguments, pickled by name) laid out in one child process,
started on the first render, which holds a small Flask app of its own with the same
templates, translations and Jinja settings (:func:`layout_app`) and calls the same
layout functions inside its app context.

At most ``PDF_QUEUE`` documents are queued or being laid out in the process; one more
is refused at once with :class:`RenderBusy`, which says how many seconds to wait
(the web layer answers 503 with ``Retry-After``), so no request thread waits behind a
long line. When the child cannot start, or the app asks for ``PDF_RENDERER =
"thread"`` (tests that patch the renderer in this process), the same jobs run one at
a time on a thread of this process instead, behind the same queue.
"""

from __future__ import annotations

import math
import multiprocessing
import os
import threading
import time
from collections.abc import Callable, Hashable, Mapping
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from flask import Flask

#: Documents queued or being laid out at once (one at work, the others waiting).
QUEUE = 3
#: Where jobs run: ``process`` (a child process), or ``thread`` (one thread here).
RENDERERS = ("process", "thread")
#: What ``Retry-After`` says at most, in seconds.
MAX_RETRY_AFTER = 60
#: How often a worker looks whether its server still runs (seconds).
PARENT_CHECK_SECONDS = 2.0
#: The Babel settings the child needs to translate as the app does.
_BABEL_KEYS = ("BABEL_DEFAULT_LOCALE", "BABEL_DEFAULT_TIMEZONE", "BABEL_DOMAIN",
               "BABEL_TRANSLATION_DIRECTORIES")
_JINJA_OPTIONS = ("trim_blocks", "lstrip_blocks", "keep_trailing_newline")


class RenderBusy(RuntimeError):
    """Too many documents are being laid out: answer 503 and ask to retry after
    ``retry_after`` seconds."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"the PDF renderer is busy; retry in {retry_after} s")
        self.retry_after = retry_after


@dataclass(frozen=True)
class Job:
    """One document to lay out: ``layout(*args)``, called in an app context.
    ``layout`` is a module-level function and ``args`` plain data, so a job pickles."""

    layout: Callable[..., bytes]
    args: tuple[Any, ...]

    def __call__(self) -> bytes:
        return self.layout(*self.args)


def _timed(app: Flask, job: Job) -> tuple[bytes, float]:
    """The job's PDF, laid out in ``app``'s context, and the seconds it took."""
    start = time.perf_counter()
    with app.app_context():
        pdf = job()
    return pdf, time.perf_counter() - start


# --------------------------------------------------------------------------
# The child process.


def app_settings(app: Flask) -> dict[str, Any]:
    """What the child needs to render as ``app`` does, as plain data."""
    folder = app.template_folder
    return {
        "root_path": app.root_path,
        "template_folder": str(folder) if folder is not None else None,
        "config": {key: app.config[key] for key in _BABEL_KEYS if key in app.config},
        "jinja": {name: getattr(app.jinja_env, name) for name in _JINJA_OPTIONS},
    }


def layout_app(settings: Mapping[str, Any]) -> Flask:
    """A Flask app that renders the PDF templates as the web app does: the same
    template folder, Jinja settings and Babel translations, and nothing else."""
    from flask_babel import Babel

    app = Flask("scorekeeper", root_path=settings["root_path"],
                template_folder=settings["template_folder"])
    app.config.update(settings["config"])
    for name, value in settings["jinja"].items():
        setattr(app.jinja_env, name, value)
    Babel(app)
    return app


def standalone_app() -> Flask:
    """An app that lays documents out in this process, for a command run without a
    server (``scorekeeper event --print``): the package's templates and translations,
    the web app's Jinja settings."""
    from scorekeeper import resource_dir
    from scorekeeper.i18n import DEFAULT_LOCALE

    return layout_app({
        "root_path": str(Path(__file__).resolve().parent.parent),
        "template_folder": str(resource_dir("templates")),
        "config": {"BABEL_DEFAULT_LOCALE": DEFAULT_LOCALE,
                   "BABEL_TRANSLATION_DIRECTORIES": str(resource_dir("translations"))},
        "jinja": {"trim_blocks": True, "lstrip_blocks": True}})


_child: dict[str, Flask] = {}


def _start_child(settings: Mapping[str, Any]) -> None:
    """The child's start: its app, and WeasyPrint's stylesheets and fonts built before
    the first job arrives."""
    from scorekeeper.pdf.engine import _weasy

    threading.Thread(target=_end_with_parent, args=(os.getppid(),), daemon=True).start()
    _child["app"] = layout_app(settings)
    _weasy()


def _end_with_parent(parent: int) -> None:
    """End the child once its server is gone (killed, it cannot say so): a worker never
    outlives the server it lays documents out for."""
    while os.getppid() == parent:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(0)


def _run_in_child(job: Job) -> tuple[bytes, float]:
    return _timed(_child["app"], job)


# --------------------------------------------------------------------------
# The queue, in the web server's process.


class _Renderer:
    """The process's executors, and how many jobs are queued or at work."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.executors: dict[Hashable, Executor] = {}
        self.in_flight = 0
        #: Moving average of one layout, and the last one, in seconds (``Retry-After``).
        self.seconds = 1.0
        self.last = 0.0
        #: When the document at work began (jobs run one at a time, in order).
        self.clock = time.monotonic
        self.at_work_since = self.clock()
        #: The child process could not start or died before its first document:
        #: this process lays out on a thread from now on.
        self.process_failed = False
        self.process_worked = False

    def retry_after(self) -> int:
        """Seconds until the documents in the queue are laid out, about: what is left of
        the one at work and each waiting one. A layout takes what the recent ones took
        (their moving average, or the last one when longer), or at least as long as the
        one at work has taken so far: a queue of long documents says so before the first
        of them is done."""
        with self.lock:
            waiting = max(self.in_flight, 1)
            elapsed = self.clock() - self.at_work_since if self.in_flight else 0.0
            each = max(self.seconds, self.last, elapsed)
        wait = math.ceil(each - elapsed + (waiting - 1) * each)
        return max(1, min(MAX_RETRY_AFTER, wait))

    def submit(self, app: Flask, make_job: Callable[[], Job], limit: int,
               renderer: str) -> Future[bytes]:
        """The PDF to come of ``make_job()``'s job; :class:`RenderBusy` at once when
        ``limit`` jobs are queued or at work already (``make_job`` is not called)."""
        with self.lock:
            full = self.in_flight >= limit
            if not full:
                if not self.in_flight:
                    self.at_work_since = self.clock()
                self.in_flight += 1
        if full:
            raise RenderBusy(self.retry_after())
        outer: Future[bytes] = Future()
        outer.set_running_or_notify_cancel()
        try:
            key, inner = self._start(app, make_job(), renderer)
        except BaseException:
            with self.lock:
                self.in_flight -= 1
            raise
        inner.add_done_callback(lambda done: self._finish(key, done, outer))
        return outer

    def _start(self, app: Flask, job: Job,
               renderer: str) -> tuple[Hashable, Future[tuple[bytes, float]]]:
        if renderer == "process" and not self.process_failed:
            settings = app_settings(app)
            key: Hashable = ("process", repr(sorted(settings.items())))
            try:
                return key, self._executor(key, settings).submit(_run_in_child, job)
            except (OSError, RuntimeError, NotImplementedError) as err:
                # A child that died while idle is replaced on the next job; one that
                # never started is given up for this process.
                self._drop(key)
                if not (isinstance(err, BrokenProcessPool) and self.process_worked):
                    self.process_failed = True
                app.logger.warning("PDF worker process unavailable (%r): this document "
                                   "is laid out on a thread", err)
        return "thread", self._executor("thread", None).submit(_timed, app, job)

    def _executor(self, key: Hashable, settings: Mapping[str, Any] | None) -> Executor:
        with self.lock:
            executor = self.executors.get(key)
            if executor is None:
                if settings is None:
                    executor = ThreadPoolExecutor(1, thread_name_prefix="pdf-render")
                else:
                    # spawn: a fork of a threaded server could copy a held lock
                    executor = ProcessPoolExecutor(
                        1, mp_context=multiprocessing.get_context("spawn"),
                        initializer=_start_child, initargs=(settings,))
                self.executors[key] = executor
            return executor

    def _drop(self, key: Hashable) -> None:
        with self.lock:
            executor = self.executors.pop(key, None)
        if executor is not None:
            executor.shutdown(wait=False, cancel_futures=True)

    def _finish(self, key: Hashable, inner: Future[tuple[bytes, float]],
                outer: Future[bytes]) -> None:
        """Count the job out of the queue, learn its time, then hand its PDF on (a lost
        child becomes :class:`RenderBusy`: the next job starts a new one)."""
        error = inner.exception()
        with self.lock:
            self.in_flight -= 1
            self.at_work_since = self.clock()  # the next one in the queue begins
        if error is None:
            pdf, seconds = inner.result()
            with self.lock:
                self.seconds = 0.7 * self.seconds + 0.3 * seconds
                self.last = seconds
                self.process_worked = self.process_worked or key != "thread"
            outer.set_result(pdf)
            return
        if isinstance(error, BrokenProcessPool):
            self._drop(key)
            self.process_failed = not self.process_worked
            error = RenderBusy(1)
        outer.set_exception(error)


_renderer = _Renderer()


def submit(app: Flask, make_job: Callable[[], Job]) -> Future[bytes]:
    """Queue ``make_job()``'s job for ``app`` (its ``PDF_QUEUE`` and ``PDF_RENDERER``
    settings); :class:`RenderBusy` at once when the queue is full, before
    ``make_job`` is called (a refused document costs nothing to describe)."""
    renderer = app.config.get("PDF_RENDERER", RENDERERS[0])
    if renderer not in RENDERERS:
        raise ValueError(f"PDF_RENDERER must be one of {RENDERERS}, not {renderer!r}")
    return _renderer.submit(app, make_job, int(app.config.get("PDF_QUEUE", QUEUE)), renderer)


def retry_after() -> int:
    """Seconds a refused request should wait before trying again, about."""
    return _renderer.retry_after()
