"""The connections one server process keeps, and the ones it drops or refuses.

Waitress, left to itself, stops accepting once ``connection_limit`` sockets are open:
a thousand silent sockets, each under any per-address cap, then leave every phone
waiting in the kernel's backlog. Here the server goes on accepting and makes room:

- one address holds at most ``per_address`` connections; a new one from an address
  at its cap closes that address's oldest idle connection (a kept-alive connection
  between requests, or one that has not finished a request's headers): phones behind
  one NAT keep being served, and a browser opens a new connection for a closed one;
- with ``limit`` connections open, the idle connection closed is the oldest of the
  address holding the most;
- a connection whose request is under way (its headers read, its answer not all
  sent) is never closed to make room: when nothing can be, the new connection is
  answered ``503`` with ``Retry-After`` and closed;
- a connection that has not finished its headers ``header_timeout`` seconds after
  it opened (or after its next request's first byte) is closed, so sockets that
  trickle a byte now and then cannot hold their places.
"""

from __future__ import annotations

import itertools
import socket
import time
from collections import Counter
from typing import Any, cast

from waitress import wasyncore
from waitress.channel import HTTPChannel
from waitress.server import TcpWSGIServer

#: Seconds a refused client is told to wait before trying again.
RETRY_AFTER = 2
_BODY = b"Too many connections at once: try again in a moment.\n"
REFUSED = (b"HTTP/1.1 503 Service Unavailable\r\n"
           b"Retry-After: %d\r\nContent-Type: text/plain; charset=utf-8\r\n"
           b"Content-Length: %d\r\nConnection: close\r\n\r\n" % (RETRY_AFTER, len(_BODY))
           + _BODY)
#: Seconds a refused connection is kept after its answer, reading what the client
#: still sends: closed with unread data, a socket sends RST, and the client may lose
#: the answer (RFC 9112 §9.6, "Tear-down": close the writing side first, then read).
LINGER = 2.0
#: Sockets beyond ``limit`` that waitress still accepts: the refused ones, lingering.
ROOM = 64
#: The order in which connections last heard from their clients: a count, not waitress's
#: ``last_activity`` clock, which its task thread stamps again after an answer is handed
#: over, when the client may already have read it and opened its next connection.
_HEARD = itertools.count()


class Channel(HTTPChannel):
    """A connection that knows since when it waits for a request's headers."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        #: When the connection started waiting for headers (it opened, or the next
        #: request's first byte came); ``None`` between requests and while serving.
        self.headers_since: float | None = self.creation_time
        self.heard = next(_HEARD)

    def received(self, data: bytes) -> bool:
        self.heard = next(_HEARD)
        result = bool(super().received(data))
        request = self.request
        if request is None or request.headers_finished:
            self.headers_since = None
        elif self.headers_since is None:
            self.headers_since = time.time()
        return result

    def in_progress(self) -> bool:
        """A request under way: read past its headers, served, or its answer not sent."""
        request = self.request
        return bool(self.requests or self.total_outbufs_len
                    or (request is not None and request.headers_finished))

    def idle_order(self) -> tuple[bool, float]:
        """Which idle connection goes first: nothing sent before half-sent headers,
        then the one whose client was heard from longest ago."""
        return self.request is not None, self.heard


class Refused(wasyncore.dispatcher):
    """A connection answered 503 at once, then read until the client closes it (or
    ``LINGER`` s pass) so that the answer is not lost to a reset."""

    def __init__(self, conn: socket.socket, channels: dict[int, Any]) -> None:
        super().__init__(conn, map=channels)
        self.until = time.time() + LINGER
        try:
            conn.send(REFUSED)
            conn.shutdown(socket.SHUT_WR)
        except OSError:
            self.close()

    def writable(self) -> bool:
        return False

    def handle_read(self) -> None:
        self.recv(4096)  # b"" at the end: wasyncore then calls handle_close

    def handle_close(self) -> None:
        self.close()


class Server(TcpWSGIServer):
    """Waitress with the admission rules of the module docstring."""

    channel_class = Channel

    def __init__(self, app: Any, *, limit: int, per_address: int, header_timeout: float,
                 **kwargs: Any) -> None:
        self.limit, self.per_address = limit, per_address
        self.header_timeout = header_timeout
        super().__init__(app, connection_limit=limit + ROOM,
                         cleanup_interval=min(5.0, header_timeout / 4), **kwargs)

    def handle_accept(self) -> None:
        try:
            accepted = self.accept()
            if accepted is None:
                return
            conn, addr = accepted
            self.set_socket_options(conn)
        except OSError:
            return  # the client left before it was accepted
        if self.make_room(addr[0]):
            self.channel_class(self, conn, self.fix_addr(addr), self.adj, map=self.sockets())
        else:
            Refused(conn, self.sockets())

    def sockets(self) -> dict[int, Any]:
        """Every socket of the server's loop: listening, connections, trigger, refused."""
        return cast(dict[int, Any], self._map)  # type: ignore[attr-defined]

    def open_channels(self) -> list[Channel]:
        # waitress keeps its connections by descriptor in ``active_channels`` (its stubs
        # type the attribute as one channel)
        channels = cast(dict[int, Any], self.active_channels)
        return [c for c in list(channels.values())
                if isinstance(c, Channel) and not c.will_close]

    def make_room(self, address: str) -> bool:
        """Whether a new connection from ``address`` may be kept, once the idle
        connections that stand in its way are closed."""
        channels = self.open_channels()
        if self.per_address:
            mine = [c for c in channels if c.addr and c.addr[0] == address]
            if len(mine) >= self.per_address:
                idle = sorted((c for c in mine if not c.in_progress()),
                              key=Channel.idle_order)
                excess = len(mine) - self.per_address + 1
                if len(idle) < excess:
                    return False
                for channel in idle[:excess]:
                    channel.handle_close()
                channels = self.open_channels()
        if len(channels) < self.limit:
            return True
        held = Counter(c.addr[0] for c in channels if c.addr)
        idle = sorted((c for c in channels if not c.in_progress()),
                      key=lambda c: (-held[c.addr[0] if c.addr else ""], *c.idle_order()))
        excess = len(channels) - self.limit + 1
        if len(idle) < excess:
            return False
        for channel in idle[:excess]:
            channel.handle_close()
        return True

    def maintenance(self, now: float) -> None:
        """Waitress's idle timeout, the header timeout, and refused sockets let go."""
        super().maintenance(now)  # type: ignore[arg-type]  # waitress passes time.time()
        cutoff = now - self.header_timeout
        for channel in self.open_channels():
            since = channel.headers_since
            if since is not None and since < cutoff and not channel.requests:
                channel.will_close = True  # closed by the loop at its next turn
        for other in list(self.sockets().values()):
            if isinstance(other, Refused) and other.until < now:
                other.close()
