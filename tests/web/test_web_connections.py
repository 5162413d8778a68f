"""What a server process does with many connections (``scorekeeper/connections.py``).

Real sockets on loopback addresses: the whole of 127.0.0.0/8 is this machine, so a
client socket bound to 127.0.0.2, 127.0.0.3… is a distinct address for the server.
Limits are small here, and every wait is bounded.
"""

from __future__ import annotations

import http.client
import time
from contextlib import ExitStack, closing

import pytest
from web_support import closed_by_server as _closed_by_server
from web_support import connect as _connect
from web_support import scaled, until

from scorekeeper import server

# sockets and their limits, a page that reads no match: the same whatever the database
pytestmark = pytest.mark.any_database


def _get(port: int, source: str) -> http.client.HTTPConnection:
    """A kept-alive connection from ``source`` that has had one page, read to the end."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=scaled(5),
                                      source_address=(source, 0))
    conn.request("GET", "/rules")
    response = conn.getresponse()
    assert response.status == 200
    assert "<html" in response.read().decode()
    return conn


def test_silent_sockets_from_many_addresses_cannot_lock_a_phone_out(app):
    """Five addresses, each under its cap, fill the server with silent sockets: a
    phone's connection takes the place of the oldest one of the most holding address
    (once, waitress stopped accepting at its limit and the phone waited in vain)."""
    srv = server.make_server(app, "127.0.0.1", 0, threads=2, per_address=8, limit=40,
                             header_timeout=scaled(30))
    port = srv.socket.getsockname()[1]
    with server.running(srv):
        silent = [_connect(port, f"127.0.0.{2 + n // 8}") for n in range(40)]
        silent.append(_connect(port, "127.0.0.2"))  # its ninth: its own oldest goes
        try:
            until(lambda: len(srv.open_channels()) == 40 and _closed_by_server(silent[0]))
            assert [n for n, s in enumerate(silent) if _closed_by_server(s)] == [0]
            assert len(srv.open_channels()) == 40
            started = time.monotonic()
            phone = _connect(port, "127.0.0.1")
            phone.sendall(b"GET /rules HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            assert phone.recv(12) == b"HTTP/1.1 200"
            assert time.monotonic() - started < scaled(3)  # at once, not after a timeout
            phone.close()
            # 127.0.0.2 held the most (8, as every other, and the oldest): its next gave way
            until(lambda: _closed_by_server(silent[1]))
            assert [n for n, s in enumerate(silent) if _closed_by_server(s)] == [0, 1]
        finally:
            for s in silent:
                s.close()


def test_an_address_at_its_cap_gives_up_idle_connections_never_busy_ones(app):
    srv = server.make_server(app, "127.0.0.1", 0, threads=2, per_address=3, limit=100,
                             header_timeout=scaled(30))
    port = srv.socket.getsockname()[1]
    with server.running(srv), ExitStack() as opened:
        # Phones behind one NAT: three kept-alive connections between requests
        kept = [opened.enter_context(closing(_get(port, "127.0.0.3"))) for _ in range(3)]
        fourth = opened.enter_context(closing(_get(port, "127.0.0.3")))  # served: the oldest goes
        until(lambda: _closed_by_server(kept[0].sock))
        assert [_closed_by_server(c.sock) for c in kept] == [True, False, False]
        fourth.close()

        # Three requests under way (headers read, bodies still coming) are never dropped
        busy = [opened.enter_context(_connect(port, "127.0.0.4")) for _ in range(3)]
        for sock in busy:
            sock.sendall(b"POST /api/v1/check HTTP/1.1\r\nHost: x\r\nContent-Type: "
                         b"application/json\r\nContent-Length: 100\r\n\r\n{")
        until(lambda: sum(c.in_progress() for c in srv.open_channels()) == 3)
        refused = opened.enter_context(_connect(port, "127.0.0.4"))
        refused.sendall(b"GET /rules HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = b""
        while chunk := refused.recv(4096):
            answer += chunk
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.split(b"\r\n")[0] == b"HTTP/1.1 503 Service Unavailable"
        assert b"Retry-After: 2" in head.split(b"\r\n")
        assert body == b"Too many connections at once: try again in a moment.\n"
        assert not any(_closed_by_server(s) for s in busy)


def test_connections_that_do_not_finish_their_headers_are_closed(app):
    """A silent socket and one trickling a byte every 0.2 s lose their places after the
    header timeout; a kept-alive connection between requests keeps its own (idle)
    timeout."""
    srv = server.make_server(app, "127.0.0.1", 0, threads=2, header_timeout=1.0)
    port = srv.socket.getsockname()[1]
    with server.running(srv):
        kept = _get(port, "127.0.0.5")
        started = time.monotonic()
        silent = _connect(port, "127.0.0.5")
        trickle = _connect(port, "127.0.0.5")
        request = b"GET /rules HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 100
        closed_after = None
        try:
            for byte in request:
                trickle.sendall(bytes([byte]))
                time.sleep(0.2)
                if _closed_by_server(trickle):
                    closed_after = time.monotonic() - started
                    break
        except OSError:  # the server's close seen as a reset
            closed_after = time.monotonic() - started
        try:
            assert closed_after is not None
            assert 1.0 <= closed_after < 1.0 + scaled(3.0)
            until(lambda: _closed_by_server(silent), "the silent socket closed")
            assert not _closed_by_server(kept.sock)  # idle, under CHANNEL_TIMEOUT
        finally:
            silent.close()
            trickle.close()
            kept.close()
