"""`scorekeeper serve --workers 2`: two server processes on one port and one database.

The real command runs in a process of its own; a phone (urllib with a cookie jar)
opens a new connection for every request, so its requests land on either process: a
form fetched from one is sent to the other, and every view right after a save shows it.
Every wait is for a signal (a page served, a process's pid), within a deadline scaled to
how slow the machine is now (``support.scaled``).
"""

from __future__ import annotations

import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
from support import scaled
from web_support import hidden_fields, until

from scorekeeper.web.versions import FRESH_SECONDS

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> set[int]:
    found = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat[stat.rindex(")") + 2:].split()[1]) == pid:
                found.add(int(entry))
    return found


def _answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class Phone:
    """A browser that keeps its cookies and opens a new connection for every request."""

    def __init__(self, port: int) -> None:
        self.base = f"http://127.0.0.1:{port}"
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base + path, timeout=scaled(20)) as response:
            assert response.status == 200
            return str(response.read().decode())

    def post(self, path: str, fields: dict[str, str]) -> str:
        """Send a form; the page its answer leads to (redirects followed)."""
        data = urllib.parse.urlencode(fields).encode()
        with self.opener.open(self.base + path, data=data, timeout=scaled(20)) as response:
            assert response.status == 200
            return str(response.geturl())


@pytest.fixture
def served(db_url):
    port = _free_port()
    process = subprocess.Popen(
        [str(SCOREKEEPER), "serve", "--port", str(port), "--workers", "2"],
        env={**os.environ, "DATABASE_URL": db_url},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        # the port answers as soon as it is bound; a page once a process serves it
        until(lambda: _serves(Phone(port)), "a page served", 30, every=0.1)
        yield port, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=scaled(10))
        for child in _children(process.pid):
            os.kill(child, signal.SIGKILL)


def test_two_processes_serve_one_port_and_show_every_write_at_once(served, db_url):
    port, process = served
    workers = until(lambda: _children(process.pid) if len(_children(process.pid)) == 2
                    else None, "two server processes")
    phone = Phone(port)
    fields = hidden_fields(phone.get("/matches/new"))
    fields.update({"profile": "buraco-aberto", "sides-0-name": "Nós", "sides-1-name": "Eles"})
    board = urllib.parse.urlsplit(phone.post("/matches/new", fields)).path
    token = board.rsplit("/m/", 1)[1]
    for _ in range(10):  # both processes keep version 1 of the board
        assert 'id="total-0">0<' in phone.get(board)
    # seed 001 §09: 180 on the table, a clean canastra (200), going out (100), 15 in hand
    deal = {"went_out": "0", "closed_by": "discard", "action": "save",
            "sides-0-mode": "counts", "sides-0-table_points": "180", "sides-0-clean": "1",
            "sides-0-hand_points": "15", "sides-0-morto": "taken",
            "sides-1-mode": "counts", "sides-1-table_points": "60",
            "sides-1-hand_points": "30", "sides-1-morto": "taken"}
    for deals in (1, 2, 3):
        form = hidden_fields(phone.get(f"/m/{token}/deals/new"))  # its key, from either
        assert phone.post(f"/m/{token}/deals/new", {**form, **deal}).endswith(
            f"{board}#deal-{deals}")
        if not db_url.startswith("sqlite"):  # servers on other machines: within the bound
            time.sleep(FRESH_SECONDS + 0.1)
        for _ in range(10):  # on either process, at once: the write stamp
            page = phone.get(board)
            assert f'id="total-0">{465 * deals:,}<' in page
            assert page.count('class="deal"') == deals

    # a process that dies is replaced; the port keeps answering
    gone = min(workers)
    os.kill(gone, signal.SIGKILL)
    until(lambda: len(_children(process.pid) - {gone}) == 2, "a new server process")
    for _ in range(6):
        assert 'id="total-0">1,395<' in phone.get(board)

    # SIGTERM stops every process and frees the port
    process.send_signal(signal.SIGTERM)
    assert process.wait(timeout=scaled(20)) == 0
    until(lambda: not _answers(port), "the port is free")
    assert until(lambda: not any(Path(f"/proc/{pid}").exists()
                                 for pid in _children(process.pid) | workers) or None,
                 "no server process left")


def test_the_server_processes_stop_with_their_parent(served):
    """Killed outright, the parent takes its processes with it: no orphan keeps the port."""
    port, process = served
    workers = until(lambda: _children(process.pid) if len(_children(process.pid)) == 2
                    else None, "two server processes")
    process.kill()
    process.wait(timeout=scaled(10))
    until(lambda: not any(Path(f"/proc/{pid}/stat").exists()
                          and " Z " not in Path(f"/proc/{pid}/stat").read_text()
                          for pid in workers) or None, "the processes stop")
    until(lambda: not _answers(port), "the port is free")


def _serves(phone: Phone) -> bool:
    try:
        return "<html" in phone.get("/rules")
    except OSError:
        return False


#: Kills in a row: the pause before a restart doubles up to its cap from the seventh.
KILLS = 9
#: Seconds from the last kill to a page served again, on a quiet host.
BACK_WITHIN = 5.0


def test_workers_killed_again_and_again_are_started_again_for_ever(served):
    """Kills in a row never stop the service: each dead process is started again, the
    first at once when none is left, and it serves before it has made its pages, so a
    page is served within BACK_WITHIN seconds of the last kill (scaled to the machine)."""
    port, process = served
    phone = Phone(port)
    killed: set[int] = set()
    last = time.monotonic()
    deadline = last + scaled(15)
    while len(killed) < KILLS and time.monotonic() < deadline:  # each as soon as it appears
        for child in sorted(_children(process.pid) - killed)[:KILLS - len(killed)]:
            os.kill(child, signal.SIGKILL)
            killed.add(child)
            last = time.monotonic()
        time.sleep(0.05)
    assert len(killed) == KILLS  # more than the 6 deaths in 10 s that once stopped the command
    assert process.poll() is None  # the command still runs
    limit = scaled(BACK_WITHIN)
    # a request waits on the port until a process takes it: it is served the moment one can
    while not _serves(phone):
        assert time.monotonic() - last <= limit, f"no page within {limit:.1f} s of the last kill"
        time.sleep(0.05)
    back = time.monotonic() - last
    print(f"a page served {back:.2f} s after the last of {KILLS} kills (deadline {limit:.1f} s)")
    assert back <= limit
    assert process.poll() is None
    until(lambda: len(_children(process.pid) - killed) == 2, "two new server processes")


def test_pauses_between_restarts_double_up_to_a_cap_and_reset_after_a_steady_run(
        monkeypatch):
    from scorekeeper import processes

    now = [1000.0]
    monkeypatch.setattr(processes.time, "monotonic", lambda: now[0])
    pool = processes._Pool(lambda restarted: (lambda: None))
    pauses = []
    for _ in range(9):
        pool.owe_restart(processes._Process(ready_fd=-1, started=now[0] - 1))
        pauses.append(round(pool.restarts.pop() - now[0], 3))
    assert pauses == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0, 5.0]
    pool.owe_restart(processes._Process(ready_fd=-1, started=now[0] - processes.STEADY))
    assert pool.restarts.pop() - now[0] == pytest.approx(0.1)  # it had served a while


def test_a_process_killed_with_none_left_comes_back_at_once_whatever_the_deaths_before(
        monkeypatch):
    from scorekeeper import processes

    now = [1000.0]
    monkeypatch.setattr(processes.time, "monotonic", lambda: now[0])
    pool = processes._Pool(lambda restarted: (lambda: None))
    for _ in range(6):  # deaths in a row: the pause is at its cap
        pool.owe_restart(processes._Process(ready_fd=-1, started=now[0] - 1))
    pool.restarts.clear()

    def killed(by: int = signal.SIGKILL) -> processes._Process:
        return processes._Process(ready_fd=-1, started=now[0] - 1, killed=True, signal=by)

    def pause(dead: processes._Process) -> float:
        pool.owe_restart(dead)
        return round(pool.restarts[-1] - now[0], 3)

    assert pause(killed()) == 0.1  # nothing left to serve the port
    pool.restarts.clear()
    assert pause(killed(signal.SIGTERM)) == 0.1
    # one restart due at once already (two killed together): the other waits its pause
    assert pause(killed()) == processes.LONGEST_PAUSE
    pool.restarts.clear()
    pool.alive[1] = processes._Process(ready_fd=-1, started=now[0] - 1, ready=True)
    assert pause(killed()) == processes.LONGEST_PAUSE  # another serves meanwhile
    pool.alive.clear()
    pool.restarts.clear()
    # a process that fails by itself (an error, a crash) keeps its pause: no loop of them
    assert pause(processes._Process(ready_fd=-1, started=now[0] - 1)) == processes.LONGEST_PAUSE
    pool.restarts.clear()
    assert pause(killed(signal.SIGSEGV)) == processes.LONGEST_PAUSE


def test_a_process_started_again_serves_before_it_has_made_its_pages(monkeypatch, db_url):
    """At start-up a process makes its pages before it serves (no phone waits for it yet);
    one started again after a death serves at once and makes them in a thread meanwhile."""
    from scorekeeper import server

    warming, done = [], threading.Event()

    def warm(app):
        warming.append(threading.current_thread().name)
        assert done.wait(scaled(30))
        return app

    monkeypatch.setattr(server, "_warm", warm)
    monkeypatch.setenv("DATABASE_URL", db_url)

    def process(sock):  # what builds a server process's server, on ``sock``
        args = server._parser().parse_args(["serve", "--port", str(sock.getsockname()[1])])
        return server._process(args, server._app(args), sock, server.PER_ADDRESS)

    with server.listening("127.0.0.1", 0) as sock:
        run = process(sock)(True)  # its warm-up still waits: it serves all the same
        with server.running(run.__self__):
            assert _serves(Phone(sock.getsockname()[1]))
    assert warming == ["warm-up"]  # in a thread of its own, still waiting

    with server.listening("127.0.0.1", 0) as sock:
        make, started = process(sock), []
        first = threading.Thread(target=lambda: started.append(make(False)))
        first.start()
        until(lambda: len(warming) == 2, "the first process's warm-up")
        assert warming[1] == first.name  # in the thread that then serves, before serving
        assert not started  # still warming: nothing served yet
        done.set()
        first.join(scaled(30))
        assert started
        with server.running(started[0].__self__):
            assert _serves(Phone(sock.getsockname()[1]))


BROKEN_START = """
import os, sys
from scorekeeper import server
parent, real = os.getpid(), server._app
def broken(args, like=None):
    if os.getpid() != parent:  # the server processes' own app
        raise RuntimeError("config.py: name 'SECRET' is not defined")
    return real(args, like)
server._app = broken
sys.exit(server.main(["serve", "--port", sys.argv[1], "--workers", "2"]))
"""


def test_a_server_process_that_cannot_start_ends_the_command_with_its_reason(db_url):
    port = _free_port()
    done = subprocess.run([sys.executable, "-c", BROKEN_START, str(port)],
                          env={**os.environ, "DATABASE_URL": db_url},
                          capture_output=True, text=True, timeout=scaled(60), check=False)
    assert done.returncode == 1
    assert "config.py: name 'SECRET' is not defined" in done.stderr  # the process's error
    assert done.stderr.count("scorekeeper: a server process stopped before it could "
                             "serve (its error is above); stopping") == 1
    assert not _answers(port)
