"""A real browser (Debian's chromium through Playwright) against the app served by waitress.

The bundled Playwright browsers are never installed: /usr/bin/chromium is driven directly.
Without it the tests are skipped on a developer's machine and fail in CI.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from browser_pages import PHONE, STEP
from support import made_app

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: Chromium's own features the tests turn off besides Playwright's: the address bar's
#: popups, web pages of their own (chrome://omnibox-popup.top-chrome/) that Chromium 15x
#: loads in a renderer of their own for every window, headless included, where no address
#: bar is ever typed in. They doubled the CPU time of each new context (a phone's page)
#: and kept a quarter of a core busy while a page sat idle, on a 2-core machine that the
#: tests' browsers already fill.
QUIET = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
_OPTIONS: dict[str, Any] = {}


def chromium_options(browser_type: Any, kept: Path | None = None) -> dict[str, Any]:
    """How the tests launch Chromium (``browser_type.launch(**…)``, or a persistent
    context): Debian's binary, ``ARGS``, and ``QUIET`` added to the features Playwright
    turns off. Chromium reads only the last ``--disable-features`` it is given, so
    Playwright's own (read from a first browser's chrome://version, as the Playwright
    installed launches it) is left out and given again with ``QUIET``. That first browser
    is launched once per process, or, given a folder ``kept`` (pytest's cache), once for
    every process and session of the same Playwright and the same Chromium binary: the
    others read its answer there (test_browser_chromium.py checks the flags all the same)."""
    if not _OPTIONS:
        executable = CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium")
        words = _their_words(browser_type, str(executable), kept)
        theirs = [word for word in words if word.startswith("--disable-features=")]
        features = ",".join([*(word.split("=", 1)[1] for word in theirs), *QUIET])
        _OPTIONS.update(executable_path=executable, ignore_default_args=theirs,
                        args=[*ARGS, f"--disable-features={features}"])
    return dict(_OPTIONS)


def _their_words(browser_type: Any, executable: str, kept: Path | None) -> list[str]:
    """The command line Playwright gives ``executable``, read from chrome://version: in
    ``kept``, under a name that says the Playwright version and the binary's size and
    time, when it was read there before; otherwise from a browser launched to ask it,
    one process at a time (the others wait for its file)."""
    if kept is None:
        return _ask_chromium(browser_type, executable)
    from importlib.metadata import version

    binary = os.stat(executable)
    name = f"{version('playwright')}-{binary.st_size}-{binary.st_mtime_ns}"
    file = kept / f"{re.sub(r'[^0-9A-Za-z.-]', '_', name)}.json"
    with open(kept / "asking.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if file.exists():
            return list(json.loads(file.read_text()))
        words = _ask_chromium(browser_type, executable)
        file.with_suffix(".new").write_text(json.dumps(words))
        file.with_suffix(".new").replace(file)  # whole, or not there
        return words


def _ask_chromium(browser_type: Any, executable: str) -> list[str]:
    first = browser_type.launch(executable_path=executable, args=ARGS)
    try:
        page = first.new_page()
        page.goto("chrome://version")
        return list(page.locator("#command_line").inner_text().split())
    finally:
        first.close()


def _need_chromium() -> None:
    if os.path.exists(CHROMIUM) or shutil.which("chromium"):
        return
    if os.environ.get("CI"):
        pytest.fail(f"{CHROMIUM} is missing: CI must install Debian's chromium")
    pytest.skip(f"{CHROMIUM} is not installed")


@contextmanager
def serving(app: Any) -> Iterator[str]:
    """``app`` served by waitress on a free loopback port, in a background thread: its
    address while the block runs."""
    from waitress.server import create_server

    from scorekeeper.server import running

    app.config["POLL_INTERVAL_MS"] = 300
    # Each new browser context would fetch the 13 MB offline pack in the background: only
    # the tests of the phone's referee turn it on (test_browser_phone_referee.py).
    app.config.setdefault("OFFLINE_PACK", False)
    server = create_server(app, host="127.0.0.1", port=0, threads=4)
    with running(server):
        yield f"http://127.0.0.1:{server.effective_port}"


@pytest.fixture
def live_server(app: Any) -> Iterator[str]:
    """The app served by waitress on a free loopback port, in a background thread."""
    with serving(app) as url:
        yield url


def _fresh_app(template_db: Path, folder: Path) -> Any:
    """An app on its own copy of the migrated SQLite database, in ``folder``."""
    shutil.copyfile(template_db, folder / "scorekeeper.sqlite3")
    return made_app(f"sqlite:///{folder / 'scorekeeper.sqlite3'}", folder / "instance")


@pytest.fixture(scope="module")
def module_app(template_db: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    """One app for a whole test file, on its own copy of the migrated SQLite database: for
    the tests that only read what its first test made (the page sweeps)."""
    from scorekeeper.db import get_db

    app = _fresh_app(template_db, tmp_path_factory.mktemp("module-app"))
    yield app
    get_db(app).engine.dispose()


@pytest.fixture(scope="module")
def module_server(module_app: Any) -> Iterator[str]:
    """``module_app`` served for the whole test file."""
    with serving(module_app) as url:
        yield url


@pytest.fixture(scope="session")
def browser(request: pytest.FixtureRequest) -> Iterator[Any]:
    _need_chromium()
    from playwright.sync_api import expect, sync_playwright

    # An assertion on a page waits up to half a step (Playwright's own default is 5 s):
    # the suite shares two cores among three test processes and their browsers, a
    # loaded CI host runs it nearly three times slower than a quiet one, and a passing
    # assertion returns as soon as it holds.
    expect.set_options(timeout=STEP // 2)

    with sync_playwright() as playwright:
        cache = getattr(request.config, "cache", None)
        kept = cache.mkdir("chromium-options") if cache else None
        browser = playwright.chromium.launch(**chromium_options(playwright.chromium, kept))
        yield browser
        browser.close()


@pytest.fixture
def phone(browser: Any) -> Iterator[Any]:
    """A fresh phone-sized touch page (390 × 844)."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(STEP)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture(scope="session")
def referee_snapshot(browser: Any, template_db: Path, tmp_path_factory: pytest.TempPathFactory,
                     request: pytest.FixtureRequest) -> Iterator[Any]:
    """The phone's referee as it is after its first start: its snapshot, put into a fresh
    context by ``referee_snapshot.warm(context, live_server)`` (warm_referee.py). Made once
    by a first start in Chromium, kept in pytest's cache for later sessions."""
    from warm_referee import Snapshot

    from scorekeeper.db import get_db

    cache = getattr(request.config, "cache", None)
    folder = cache.mkdir("referee-snapshot") if cache else tmp_path_factory.mktemp("referee")
    snapshot = Snapshot(folder, browser)
    # one test process makes it, the others wait for its file: a first start costs a
    # minute of CPU on a loaded 2-core machine, which each process would spend again
    with open(folder / "making.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not snapshot.file.exists():
            app = _fresh_app(template_db, tmp_path_factory.mktemp("referee-app"))
            app.config["OFFLINE_PACK"] = True
            try:
                with serving(app) as base:
                    context = browser.new_context(**PHONE)
                    try:
                        snapshot.make(context, base)
                    finally:
                        context.close()
            finally:
                get_db(app).engine.dispose()
    yield snapshot
    snapshot.close()
