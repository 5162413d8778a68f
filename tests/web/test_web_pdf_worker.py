"""The PDF worker process never outlives its server: killed (nothing can tell the child),
the server leaves no worker behind."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from web_support import scaled


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="reads /proc")
def test_a_killed_server_leaves_no_pdf_worker_behind(tmp_path):
    port = _free_port()
    env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp_path}/db.sqlite3"}
    server = subprocess.Popen([sys.executable, "-m", "scorekeeper.cli", "serve", "--host",
                               "127.0.0.1", "--port", str(port)], env=env, cwd=tmp_path,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + scaled(120)
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/sheets/burraco.pdf",
                                            timeout=scaled(120)) as response:
                    assert response.read(5) == b"%PDF-"
                break
            except OSError:
                assert time.monotonic() < deadline, "the server never answered"
                time.sleep(0.5)
        workers = _children(server.pid)
        assert workers, "the PDF was laid out in a worker process"
    finally:
        server.kill()
        server.wait()
    deadline = time.monotonic() + scaled(30)
    while any(Path(f"/proc/{pid}").exists() and "Z" not in _state(pid) for pid in workers):
        assert time.monotonic() < deadline, f"workers {workers} outlived their server"
        time.sleep(0.5)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return "Z"
