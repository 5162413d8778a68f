"""Links other phones can open, and their QR codes."""

from __future__ import annotations

from flask import current_app, request

from scorekeeper import qrcodes
from scorekeeper.web.common import cache


def public_url(path: str) -> str:
    """An absolute link other phones can open: the LAN address when the server knows it."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return str(base).rstrip("/") + path


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (made on the server; no third-party host)."""
    return str(cache("qr").get_or_make(url, lambda: qrcodes.svg_inline(url)))


def qr_image(url: str) -> bytes:
    """The QR code of ``url`` as an SVG image file (the scoreboard's, which the browser
    fetches once and keeps: a page no longer carries it, nor makes it)."""
    return bytes(cache("qr-image").get_or_make(url, lambda: qrcodes.svg_file(url)))
