"""QR codes of links, drawn as SVG with ``segno`` (on the server: no third-party host).

One look everywhere: error correction M, 5 units a module, a quiet zone of 2 modules,
black on white. The pages inline it or serve it as a file (``web/links.py``, which keeps
them); the printed table cards of an event inline it at the size their page gives it
(``pdf/event.py``).
"""

from __future__ import annotations

import io

import segno

#: How every QR code is drawn.
LOOK = {"scale": 5, "border": 2, "dark": "#000", "light": "#fff"}


def _code(url: str) -> segno.QRCode:
    return segno.make(url, error="m")


def svg_inline(url: str, sized: bool = True, title: str | None = None) -> str:
    """The QR code of ``url`` as inline SVG: with its own width and height, or
    (``sized=False``) a ``viewBox`` only, for a page that gives it its size."""
    if sized:
        return str(_code(url).svg_inline(**LOOK))
    return str(_code(url).svg_inline(**LOOK, omitsize=True, title=title, svgclass="qr"))


def svg_file(url: str) -> bytes:
    """The QR code of ``url`` as an SVG image file."""
    out = io.BytesIO()
    _code(url).save(out, kind="svg", xmldecl=False, **LOOK)
    return out.getvalue()
