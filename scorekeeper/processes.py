"""Several server processes on one listening socket, kept running by their parent.

Python runs one thread of a process at a time, so a server on one process uses one
core whatever its threads. ``scorekeeper serve --workers N`` forks N processes after
the parent has upgraded the database and bound the port; each builds its own app
(its own database connections and caches) and accepts from the shared socket.
Writers of every process queue on one lock per SQLite file, and a write by any of
them shows at once in the others' pages (``db.WriteStamp``).

The parent only watches: a process that dies is started again (unless they keep
dying: then everything stops), and SIGTERM or SIGINT stops them all. On Linux a
process also stops when its parent dies, so no orphan keeps the port.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from collections.abc import Callable
from types import FrameType
from typing import Any

#: Restarts allowed within ``RESTART_WINDOW`` seconds before the parent gives up.
RESTARTS = 5
RESTART_WINDOW = 10.0

_PR_SET_PDEATHSIG = 1


def _stop_with_parent(parent: int) -> None:
    """Linux: this process gets SIGTERM when its parent dies (and stops now if it has)."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM, 0, 0, 0)
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != parent:
        os._exit(0)


def _child(run: Callable[[], Any], parent: int) -> None:
    """In the forked process: default signals, then serve until stopped; never returns."""
    code = 0
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _stop_with_parent(parent)
        run()
    except BaseException:  # noqa: BLE001 - report and leave: the parent starts another
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def supervise(run: Callable[[], Any], workers: int) -> int:
    """Fork ``workers`` processes, each calling ``run`` (which serves until the process is
    stopped); restart any that dies; stop them all on SIGTERM or SIGINT. The exit status:
    0 when stopped, 1 when the processes kept dying."""
    parent = os.getpid()
    children: set[int] = set()
    stopping = failed = False
    deaths: list[float] = []

    def start() -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        pid = os.fork()
        if pid == 0:
            _child(run, parent)
        children.add(pid)

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        for pid in list(children):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        for _ in range(workers):
            start()
        while children:
            try:
                pid, _status = os.wait()
            except ChildProcessError:  # pragma: no cover - reaped elsewhere
                break
            children.discard(pid)
            if stopping:
                continue
            now = time.monotonic()
            deaths = [t for t in deaths if now - t < RESTART_WINDOW] + [now]
            if len(deaths) > RESTARTS:
                print("scorekeeper: the server processes keep stopping; giving up",
                      file=sys.stderr)
                stop(signal.SIGTERM, None)
                failed = True
                continue
            start()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 1 if failed else 0
