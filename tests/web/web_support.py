"""Helpers for the web tests: read a page's hidden fields, drive the app like a player.

A module of its own (not conftest.py), so test folders never shadow each other's helpers.
"""

from __future__ import annotations

import copy
import re
import signal
import socket
import subprocess
from typing import Any

from support import (  # noqa: F401  (the web tests' import of them)
    SEED_001_DEAL,
    hidden_fields,
    scaled,
    until,
)


class Site:
    """A player at the table, driving the app through the test client."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def hidden(self, url: str) -> dict[str, str]:
        response = self.client.get(url)
        assert response.status_code == 200, response.data[:500]
        return hidden_fields(response.get_data(as_text=True))

    def new_match(self, profile: str = "buraco-aberto", sides: tuple[str, ...] = ("Nós", "Eles"),
                  **extra: Any) -> str:
        """Create a match; returns its edit token."""
        data = self.hidden("/matches/new")
        data["profile"] = profile
        for i, name in enumerate(sides):
            data[f"sides-{i}-name"] = name
        data.update({k: str(v) for k, v in extra.items()})
        response = self.client.post("/matches/new", data=data)
        assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
        return str(response.headers["Location"]).rsplit("/m/", 1)[1]

    def deal_data(self, token: str, sides: list[dict[str, Any]], went_out: str = "",
                  closed_by: str = "discard", action: str = "save",
                  url: str | None = None) -> dict[str, str]:
        data = self.hidden(url or f"/m/{token}/deals/new")
        for i, side in enumerate(sides):
            side = {"mode": "cards", "morto": "taken", **side}
            for key, value in side.items():
                data[f"sides-{i}-{key}"] = str(value)
        data.update(went_out=went_out, closed_by=closed_by, action=action)
        return data

    def save_deal(self, token: str, sides: list[dict[str, Any]], **kw: Any) -> Any:
        url = kw.pop("url", None) or f"/m/{token}/deals/new"
        data = self.deal_data(token, sides, url=url, **kw)
        return self.client.post(url, data=data)

    def board(self, token: str) -> str:
        response = self.client.get(f"/m/{token}")
        assert response.status_code == 200
        return str(response.get_data(as_text=True))



def deal_line(html: str, number: int) -> list[tuple[str, str]]:
    """Each side's (running total, deal score) on deal ``number``'s scoreboard line."""
    start = html.index(f'<a class="deal" id="deal-{number}"')
    line = html[start:html.index("</a>", start)]
    return re.findall(r"<b>([^<]*)<small>([^<]*)</small></b>", line)


def breakdown(html: str) -> dict[str, list[str]]:
    """A deal page's breakdown: each row's heading and the sides' figures."""
    body = html.split('<table class="breakdown">')[1].split("<tbody>")[1].split("</tbody>")[0]
    return {head: re.findall(r'<td class="num">([^<]*)</td>', cells)
            for head, cells in re.findall(r"<tr[^>]*><th>([^<]*)</th>(.*?)</tr>", body)}


def worker_config(script: str) -> dict[str, Any]:
    """What ``/sw.js`` tells the service worker's code (``self.SCOREKEEPER``)."""
    import json

    return dict(json.loads(script.split("self.SCOREKEEPER = ")[1].split(";\n")[0]))


def connect(port: int, source: str) -> socket.socket:
    """A connection to the server on ``port`` from loopback address ``source``."""
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(scaled(5))
    sock.connect(("127.0.0.1", port))
    return sock


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server closed ``sock`` (not: still open, waiting)."""
    sock.settimeout(0.05)
    try:
        return sock.recv(1) == b""
    except TimeoutError:
        return False  # still open, waiting
    except OSError:
        return True


def with_value(doc: dict[str, Any], path: tuple[Any, ...], value: Any) -> dict[str, Any]:
    """A deep copy of the document ``doc`` with ``value`` at ``path`` (its keys and
    indexes, from the top)."""
    changed = copy.deepcopy(doc)
    inner = changed
    for step in path[:-1]:
        inner = inner[step]
    inner[path[-1]] = value
    return changed


def stop_server(process: subprocess.Popen[bytes]) -> None:
    """A ``scorekeeper serve`` process stopped as a service manager stops it (SIGTERM),
    killed if it has not ended within 10 s (stretched to this machine's speed)."""
    process.send_signal(signal.SIGTERM)
    try:
        process.wait(timeout=scaled(10))
    except subprocess.TimeoutExpired:  # pragma: no cover - a stuck server
        process.kill()
        process.wait(timeout=10)
