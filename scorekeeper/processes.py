"""Several server processes on one listening socket, kept running by their parent.

Python runs one thread of a process at a time, so a server on one process uses one
core whatever its threads. ``scorekeeper serve --workers N`` forks N processes after
the parent has upgraded the database and bound the port; each builds its own app
(its own database connections and caches) and accepts from the shared socket.
Writers of every process queue on one lock per SQLite file, and a write by any of
them shows at once in the others' pages (``db.WriteStamp``).

The parent only watches: a process that dies is started again, after a pause that
doubles with each death in a row (``FIRST_PAUSE`` up to ``LONGEST_PAUSE``, back to the
first once a process has lived ``STEADY`` seconds), for as long as the command runs:
a club's evening is never left without a server because a few processes died at once.
A process killed (``SIGKILL``, ``SIGTERM``: the OOM killer, an admin) when no other is
left is started again after ``FIRST_PAUSE`` whatever the deaths before it, so the port
is never silent for a pause; a process started again is told so (``make(True)``), and
serves at once instead of making its pages first.
Only at start-up does a death stop everything: a process that ends by itself (an
error, not a signal) before it is ready to serve (its app built, its server made)
cannot start, and neither would the next one, so the command says so on stderr and
ends with status 1. SIGTERM or SIGINT stops them
all. On Linux a process also stops when its parent dies, so no orphan keeps the port.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import FrameType
from typing import Any

#: Seconds before a dead process is started again: doubled with each death in a row,
#: up to ``LONGEST_PAUSE``; back to ``FIRST_PAUSE`` after a process lived ``STEADY`` s.
FIRST_PAUSE = 0.1
LONGEST_PAUSE = 5.0
STEADY = 30.0
#: How often the parent looks for dead processes and ready ones.
_TICK = 0.1
#: Signals another program ends a process with: a process killed by one did not fail.
_FROM_OUTSIDE = frozenset({signal.SIGKILL, signal.SIGTERM})

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


#: ``make(restarted)``: the server of one process, built (``restarted``: a process
#: started again after one died, which clients may be waiting for), as what serves.
Make = Callable[[bool], Callable[[], Any]]


def _child(make: Make, restarted: bool, parent: int, ready: int,
           inherited: list[int]) -> None:
    """In the forked process: default signals; ``make(restarted)`` builds the server, the
    byte written to ``ready`` tells the parent it did, then it serves until stopped; never
    returns."""
    code = 0
    try:
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        _stop_with_parent(parent)
        for fd in inherited:  # the other processes' ready pipes are the parent's alone
            os.close(fd)
        serve = make(restarted)
        os.write(ready, b"1")
        os.close(ready)
        serve()
    except BaseException:  # noqa: BLE001 - report and leave: the parent starts another
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


@dataclass
class _Process:
    ready_fd: int  #: the parent's end of its ready pipe (non-blocking)
    started: float
    ready: bool = False
    killed: bool = False  #: ended by a signal (the OOM killer, an admin), not by itself
    signal: int = 0  #: the signal it was ended by

    def read_ready(self) -> bool:
        """Whether the process said it is ready (its byte read once, then remembered)."""
        if not self.ready:
            with contextlib.suppress(BlockingIOError):
                self.ready = os.read(self.ready_fd, 1) == b"1"
        return self.ready


class _Pool:
    """The server processes of one command, and the restarts owed to dead ones."""

    def __init__(self, make: Make) -> None:
        self.make = make
        self.parent = os.getpid()
        self.alive: dict[int, _Process] = {}
        self.restarts: list[float] = []  #: when each owed restart is due
        self.pause = FIRST_PAUSE

    def start(self, restarted: bool = True) -> None:
        sys.stdout.flush()
        sys.stderr.flush()
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(read)
            _child(self.make, restarted, self.parent,
                   write, [p.ready_fd for p in self.alive.values()])
        os.close(write)
        os.set_blocking(read, False)
        self.alive[pid] = _Process(read, time.monotonic())

    def reap(self) -> list[_Process]:
        """The processes that ended since the last look, without waiting."""
        ended = []
        while self.alive:
            try:
                pid, status = os.waitpid(-1, os.WNOHANG)
            except ChildProcessError:  # pragma: no cover - reaped elsewhere
                break
            if pid == 0:
                break
            process = self.alive.pop(pid, None)
            if process is not None:
                process.read_ready()
                process.killed = os.WIFSIGNALED(status)
                process.signal = os.WTERMSIG(status) if process.killed else 0
                os.close(process.ready_fd)
                ended.append(process)
        return ended

    def owe_restart(self, dead: _Process) -> None:
        now = time.monotonic()
        if now - dead.started >= STEADY:
            self.pause = FIRST_PAUSE  # it served a while: not a death in a row
        left = self.alive or any(due <= now + FIRST_PAUSE for due in self.restarts)
        if dead.signal in _FROM_OUTSIDE and not left:
            # killed with no process left to answer the port: one comes back at once
            self.restarts.append(now + FIRST_PAUSE)
        else:
            self.restarts.append(now + self.pause)
        self.pause = min(self.pause * 2, LONGEST_PAUSE)

    def restart_due(self) -> None:
        now = time.monotonic()
        due = [t for t in self.restarts if t <= now]
        self.restarts = [t for t in self.restarts if t > now]
        for _ in due:
            self.start()

    def stop(self) -> None:
        self.restarts = []
        for pid in list(self.alive):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)


def supervise(make: Make, workers: int, gettext: Callable[[str], str] = str) -> int:
    """Fork ``workers`` processes, each calling ``make(False)`` (which builds its server)
    and then what it returns (which serves until the process is stopped); restart any
    that dies, with a pause (module docstring), forever, calling ``make(True)`` in the
    new process; stop them all on SIGTERM or SIGINT.
    The exit status: 0 when stopped, 1 when a process failed before it was ready at
    start-up (said through ``gettext``)."""
    pool = _Pool(make)
    stopping = starting = False

    def stop(_signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True
        pool.stop()

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGTERM, signal.SIGINT)}
    failed = False
    try:
        for _ in range(workers):
            pool.start(restarted=False)
        starting = True
        while pool.alive or (pool.restarts and not stopping):
            time.sleep(_TICK)
            for dead in pool.reap():
                if stopping:
                    continue
                if starting and not (dead.ready or dead.killed):
                    print("scorekeeper: " + gettext(
                        "a server process stopped before it could serve (its error is "
                        "above); stopping"), file=sys.stderr)
                    failed = stopping = True
                    pool.stop()
                    continue
                pool.owe_restart(dead)
            if starting and all(p.read_ready() for p in pool.alive.values()):
                starting = False  # every first process is serving: restarts from now on
            if stopping:
                pool.stop()  # a process started as the signal came is stopped too
            else:
                pool.restart_due()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    return 1 if failed else 0
