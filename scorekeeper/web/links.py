"""Links other phones can open, and their QR codes."""

from __future__ import annotations

import segno
from flask import current_app, request

from scorekeeper.web.common import cache


def public_url(path: str) -> str:
    """An absolute link other phones can open: the LAN address when the server knows it."""
    base = current_app.config.get("PUBLIC_URL") or request.host_url
    return str(base).rstrip("/") + path


def qr_svg(url: str) -> str:
    """The QR code of ``url`` as inline SVG (made on the server; no third-party host)."""

    def make() -> str:
        code = segno.make(url, error="m")
        return str(code.svg_inline(scale=5, border=2, dark="#000", light="#fff"))

    return str(cache("qr").get_or_make(url, make))
