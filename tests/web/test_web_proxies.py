"""`scorekeeper serve --proxies 1` behind an HTTPS reverse proxy, through waitress itself.

The real command runs in a process of its own and the test plays the proxy: every
request carries the X-Forwarded-* headers nginx adds. Behind the proxy, share links
and QR codes name the proxy's https address and the session cookie is Secure; without
``--proxies``, the same headers (sent by anyone) change nothing.
"""

from __future__ import annotations

import http.client
import os
import re
import subprocess
import sys
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from web_support import hidden_fields, scaled, stop_server, until

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")
PROXY = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org",
         "X-Forwarded-For": "192.168.1.30"}


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Browser:
    """A browser behind the proxy: one cookie jar, the proxy's headers on every request."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.cookies: dict[str, str] = {}
        self.set_cookies: list[str] = []

    def send(self, method: str, path: str, body: dict[str, str] | None = None,
             **headers: str) -> tuple[int, http.client.HTTPMessage, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=scaled(20))
        sent = {**PROXY, **headers}
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None:
            data = urllib.parse.urlencode(body)
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        try:
            conn.request(method, path, body=data, headers=sent)
            response = conn.getresponse()
            text = response.read().decode()
        finally:
            conn.close()
        for cookie in response.headers.get_all("Set-Cookie") or []:
            self.set_cookies.append(cookie)
            name, _, rest = cookie.partition("=")
            self.cookies[name] = rest.split(";", 1)[0]
        return response.status, response.headers, text


def _start(db_url: str, *extra: str) -> tuple[subprocess.Popen[bytes], int]:
    port = _free_port()
    process = subprocess.Popen(
        [str(SCOREKEEPER), "serve", "--port", str(port), *extra],
        env={**os.environ, "DATABASE_URL": db_url},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    def serves() -> bool:
        try:
            return Browser(port).send("GET", "/rules")[0] == 200
        except OSError:
            return False

    try:
        until(serves, "a page served", 30, every=0.1)
    except AssertionError:
        process.kill()
        raise
    return process, port


@pytest.fixture
def serve(db_url) -> Iterator[object]:
    started: list[subprocess.Popen[bytes]] = []

    def start(*extra: str) -> int:
        process, port = _start(db_url, *extra)
        started.append(process)
        return port

    yield start
    for process in started:
        stop_server(process)


def _share_page(browser: Browser, referer: str) -> str:
    """A new match, made as the browser makes it; its share page."""
    status, _headers, html = browser.send("GET", "/matches/new")
    assert status == 200
    fields = hidden_fields(html)
    fields.update({"profile": "buraco-aberto", "sides-0-name": "Nós",
                   "sides-1-name": "Eles"})
    # Over HTTPS, Flask-WTF wants our own Referer: the pages' Referrer-Policy sends it
    # to this host only.
    status, headers, _ = browser.send("POST", "/matches/new", fields, Referer=referer)
    assert status in (302, 303)
    board = urllib.parse.urlsplit(headers["Location"]).path
    status, _headers, html = browser.send("GET", board.rstrip("/") + "/share")
    assert status == 200
    return html


def test_behind_a_proxy_links_say_https_and_the_cookie_is_secure(serve):
    browser = Browser(serve("--proxies", "1"))
    html = _share_page(browser, "https://scores.example.org/matches/new")
    links = set(re.findall(r'(https?://[^"<\s]+/v/[\w-]+)', html))
    assert links, "the read-only link is on the share page"
    assert all(link.startswith("https://scores.example.org/v/") for link in links)
    assert "http://127.0.0.1" not in html
    session = [c for c in browser.set_cookies if c.startswith("session=")]
    assert session
    assert all("; Secure" in cookie for cookie in session)


def test_without_proxies_the_forwarded_headers_change_nothing(serve):
    port = serve()
    browser = Browser(port)
    html = _share_page(browser, f"http://127.0.0.1:{port}/matches/new")
    links = set(re.findall(r'(https?://[^"<\s]+/v/[\w-]+)', html))
    assert links
    assert all(link.startswith(f"http://127.0.0.1:{port}/v/") for link in links)
    assert "scores.example.org" not in html
    session = [c for c in browser.set_cookies if c.startswith("session=")]
    assert session
    assert not any("Secure" in cookie for cookie in session)
