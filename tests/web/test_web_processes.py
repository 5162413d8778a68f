"""`scorekeeper serve --workers 2`: two server processes on one port and one database.

The real command runs in a process of its own; a phone (urllib with a cookie jar)
opens a new connection for every request, so its requests land on either process: a
form fetched from one is sent to the other, and every view right after a save shows it.
"""

from __future__ import annotations

import http.cookiejar
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
import urllib.request
from pathlib import Path

import pytest
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
        with self.opener.open(self.base + path, timeout=20) as response:
            assert response.status == 200
            return str(response.read().decode())

    def post(self, path: str, fields: dict[str, str]) -> str:
        """Send a form; the page its answer leads to (redirects followed)."""
        data = urllib.parse.urlencode(fields).encode()
        with self.opener.open(self.base + path, data=data, timeout=20) as response:
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
        until(lambda: _answers(port), "the server answers")
        yield port, process
    finally:
        if process.poll() is None:
            process.kill()
            process.wait(timeout=10)
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
    assert process.wait(timeout=20) == 0
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
    process.wait(timeout=10)
    until(lambda: not any(Path(f"/proc/{pid}/stat").exists()
                          and " Z " not in Path(f"/proc/{pid}/stat").read_text()
                          for pid in workers) or None, "the processes stop")
    until(lambda: not _answers(port), "the port is free")


def _serves(phone: Phone) -> bool:
    try:
        return "<html" in phone.get("/rules")
    except OSError:
        return False


def test_workers_killed_again_and_again_are_started_again_for_ever(served):
    """Dozens of deaths in a few seconds never stop the service: each dead process is
    started again after a pause (at most LONGEST_PAUSE), and the port answers pages."""
    from scorekeeper import processes

    port, process = served
    phone = Phone(port)
    until(lambda: _serves(phone), "a page served")
    killed: set[int] = set()
    deadline = time.monotonic() + 15
    while len(killed) < 8 and time.monotonic() < deadline:  # each as soon as it appears
        for child in _children(process.pid) - killed:
            os.kill(child, signal.SIGKILL)
            killed.add(child)
        time.sleep(0.05)
    assert len(killed) >= 8  # more than the 6 deaths in 10 s that once stopped the command
    assert process.poll() is None  # the command still runs
    until(lambda: _serves(phone), "a page served again", processes.LONGEST_PAUSE + 20)
    assert process.poll() is None
    until(lambda: len(_children(process.pid) - killed) == 2, "two new server processes")


def test_pauses_between_restarts_double_up_to_a_cap_and_reset_after_a_steady_run(
        monkeypatch):
    from scorekeeper import processes

    now = [1000.0]
    monkeypatch.setattr(processes.time, "monotonic", lambda: now[0])
    pool = processes._Pool(lambda: (lambda: None))
    pauses = []
    for _ in range(9):
        pool.owe_restart(processes._Process(ready_fd=-1, started=now[0] - 1))
        pauses.append(round(pool.restarts.pop() - now[0], 3))
    assert pauses == [0.1, 0.2, 0.4, 0.8, 1.6, 3.2, 5.0, 5.0, 5.0]
    pool.owe_restart(processes._Process(ready_fd=-1, started=now[0] - processes.STEADY))
    assert pool.restarts.pop() - now[0] == pytest.approx(0.1)  # it had served a while


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
                          capture_output=True, text=True, timeout=60, check=False)
    assert done.returncode == 1
    assert "config.py: name 'SECRET' is not defined" in done.stderr  # the process's error
    assert done.stderr.count("scorekeeper: a server process stopped before it could "
                             "serve (its error is above); stopping") == 1
    assert not _answers(port)
