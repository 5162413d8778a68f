"""From a rendered template to PDF bytes, with WeasyPrint.

The PDF is an HTML template (``templates/pdf/``) rendered with the app's Jinja
environment (autoescape on) and laid out by WeasyPrint. WeasyPrint is imported
lazily: importing this module (or the app) does not load it. The stylesheets and
the one ``FontConfiguration`` are built once per process, on the first render.

Every URL the document mentions goes through :class:`StaticOnlyFetcher`, which
serves files from ``scorekeeper/static/`` under the private ``sk-static:`` scheme
and refuses everything else (``file:``, ``http(s):``, ``data:``, ...), so a player
name can never pull a local file or a network resource into a PDF.

A render runs with the cyclic garbage collector paused (:func:`paused_gc`) and
from a frame that opens a roomy chunk of CPython's frame stack
(:func:`_with_stack_room`): together about a third of a render's time.

Call :func:`render_html` inside a Flask app context (the layout worker's app, see
``scorekeeper.pdf.worker``; ``app.test_request_context()`` in tests).
"""

from __future__ import annotations

import atexit
import gc
import mimetypes
import re
import sys
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from flask import render_template
from flask_babel import gettext
from markupsafe import Markup

from scorekeeper.pdf.words import number

PAPERS = ("A4", "Letter")
STATIC_DIR = Path(__file__).resolve().parent.parent / "static"
#: The only URLs the PDF renderer will fetch: ``sk-static:fonts/DejaVuSans.ttf``.
STATIC_SCHEME = "sk-static:"


class RefusedURL(ValueError):
    """The PDF asked for a URL outside the app's static files."""


# --------------------------------------------------------------------------
# WeasyPrint resources, built once per process.

_resources_lock = threading.Lock()
# Drop the FontConfiguration while the interpreter is still whole: its __del__
# calls into Pango, which fails once modules are torn down at exit.
atexit.register(lambda: _resources.clear())
_resources: dict[str, Any] = {}


def _fetcher_class() -> type:
    """The URLFetcher subclass; defined on first use so WeasyPrint loads lazily."""
    cls = _resources.get("fetcher_class")
    if cls is not None:
        return cls  # type: ignore[no-any-return]
    from weasyprint.urls import URLFetcher, URLFetcherResponse

    class StaticOnlyFetcher(URLFetcher):  # type: ignore[misc]
        """Serves ``sk-static:<path>`` from the static folder; refuses every other URL.

        It never calls the parent's ``fetch``, so no urllib handler (file, http,
        ftp, data) is ever reached.
        """

        def __init__(self, static_dir: Path = STATIC_DIR) -> None:
            super().__init__(allowed_protocols=(STATIC_SCHEME.rstrip(":"),),
                             allow_redirects=False, timeout=1)
            self.static_dir = static_dir.resolve()

        def fetch(self, url: str, headers: Mapping[str, str] | None = None) -> Any:
            if not url.startswith(STATIC_SCHEME):
                raise RefusedURL(f"refused non-static URL {url[:80]!r}")
            relative = unquote(url[len(STATIC_SCHEME):].split("?")[0].split("#")[0])
            path = (self.static_dir / relative.lstrip("/")).resolve()
            if not path.is_relative_to(self.static_dir) or not path.is_file():
                raise RefusedURL(f"refused URL outside the static files {url[:80]!r}")
            content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            return URLFetcherResponse(url, path.read_bytes(), {"Content-Type": content_type})

    _resources["fetcher_class"] = StaticOnlyFetcher
    return StaticOnlyFetcher


def __getattr__(name: str) -> Any:
    """``engine.StaticOnlyFetcher``: the fetcher class, made (and WeasyPrint loaded)
    on first access."""
    if name == "StaticOnlyFetcher":
        return _fetcher_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_CSS_PART = re.compile(r"^/\* @part (\w+) \*/$", re.MULTILINE)


def _css_parts(text: str) -> dict[str, str]:
    """The parts of ``pdf.css``, by name: each starts at a ``/* @part name */`` line."""
    pieces = _CSS_PART.split(text)
    return {name: body for name, body in zip(pieces[1::2], pieces[2::2], strict=True)}


def _weasy() -> dict[str, Any]:
    """The shared fetcher, FontConfiguration and stylesheets (built once).

    ``css`` maps a document kind to its stylesheet: the common part of ``pdf.css``
    followed by the part of that kind (``summary`` or ``sheets``), as one sheet
    (each sheet is matched against every element on its own).
    """
    if "css" in _resources:
        return _resources
    with _resources_lock:
        if "css" not in _resources:
            from weasyprint import CSS
            from weasyprint.text.fonts import FontConfiguration

            fetcher = _fetcher_class()()
            font_config = FontConfiguration()
            parts = _css_parts((STATIC_DIR / "pdf.css").read_text(encoding="utf-8"))

            def build(text: str) -> Any:
                return CSS(string=text, url_fetcher=fetcher, font_config=font_config)

            common = parts.pop("common")
            _resources["fetcher"] = fetcher
            _resources["font_config"] = font_config
            _resources["page_css"] = {}
            _resources["css"] = {None: build(common), **{
                kind: build(common + text) for kind, text in parts.items()}}
    return _resources


def _page_css(paper: str, landscape: bool) -> Any:
    """The ``@page`` size rule for a paper and orientation (built once each)."""
    res = _weasy()
    key = (paper, landscape)
    css = res["page_css"].get(key)
    if css is None:
        from weasyprint import CSS

        size = f"{paper} landscape" if landscape else paper
        css = CSS(string=f"@page {{ size: {size}; }}", font_config=res["font_config"],
                  url_fetcher=res["fetcher"])
        res["page_css"][key] = css
    return css


# --------------------------------------------------------------------------
# Laying out one document.


@contextmanager
def paused_gc() -> Iterator[None]:
    """A layout builds hundreds of thousands of short-lived objects and the cyclic
    collector keeps walking them: pausing it for the render (one at a time, in the
    layout worker of ``scorekeeper.pdf.worker``) saves about a third of a render's
    time. Nothing is lost: the garbage is collected when the render ends."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def _with_stack_room(function: Callable[[], Any]) -> Any:
    """``function()``, called from a frame that opens a roomy frame-stack chunk.

    CPython keeps Python frames in "data stack" chunks of 16 KiB and frees a chunk
    as soon as the frame that opened it returns. WeasyPrint's layout recursion goes
    down and back up through the same depths for every cell of a table, so when a
    chunk boundary happens to fall inside that range, each pass maps, faults in and
    unmaps a fresh chunk: thousands of mmap/munmap calls and page faults per render,
    up to a third of its time, depending only on how deep the caller happened to be
    (a web request, a test and a script each hit a different spot). This
    trampoline declares a large value stack (see below), which CPython cannot fit in
    the current chunk: its frame opens a chunk big enough for the whole render, so
    the layout never crosses a boundary. The extra space is only reserved, never
    touched, and the chunk is released with the frame.
    """
    return function()


#: Extra value-stack slots of the trampoline (8 bytes each): its frame opens a
#: 256 KiB chunk and leaves about 120 KiB of it to the render, several times what
#: the deepest layout needs.
_STACK_ROOM_SLOTS = 16384


def stack_chunks_thrash(implementation: str, version: tuple[int, ...]) -> bool:
    """Whether this interpreter frees a data-stack chunk as soon as the frame that
    opened it returns: CPython 3.11 (frames moved to per-thread chunks, bpo-44032) up
    to the releases that keep one spare chunk per thread (python/cpython gh-142183,
    "Calls across stack chunks perform badly": fixed by gh-145789 in 3.15 and
    backported to the 3.13 and 3.14 branches in March 2026; 3.11 and 3.12 take
    security fixes only). The patch reserves room it never touches, so keeping it on
    a 3.13 or 3.14 release that has the fix costs nothing but the reservation."""
    return implementation == "cpython" and (3, 11) <= version[:2] < (3, 15)


if stack_chunks_thrash(sys.implementation.name, sys.version_info[:3]):
    with suppress(AttributeError, TypeError, ValueError):
        _with_stack_room.__code__ = _with_stack_room.__code__.replace(
            co_stacksize=_with_stack_room.__code__.co_stacksize + _STACK_ROOM_SLOTS)


def _write_pdf(html: str, paper: str, landscape: bool = False,
               kind: str | None = None) -> bytes:
    """Lay out one rendered template as a tagged PDF/UA-1 document, with the
    stylesheets of its kind (see :func:`_weasy`)."""
    from weasyprint import HTML

    res = _weasy()
    stylesheets = [res["css"][kind], _page_css(paper, landscape)]

    def render() -> bytes:
        document = HTML(string=html, url_fetcher=res["fetcher"])
        return document.write_pdf(  # type: ignore[no-any-return]
            stylesheets=stylesheets, font_config=res["font_config"],
            pdf_variant="pdf/ua-1")

    with paused_gc():
        pdf = _with_stack_room(render)
    return bytes(pdf)


# --------------------------------------------------------------------------
# From a template to the HTML WeasyPrint lays out.


def check_paper(paper: str) -> str:
    if paper not in PAPERS:
        raise ValueError(f"unknown paper size {paper!r}, expected one of {PAPERS}")
    return paper


def css_string(text: str) -> Markup:
    """A CSS string literal safe inside ``<style>``: every character that is not a
    letter, digit or space is written as a CSS hex escape."""
    out = []
    for char in text:
        if char.isascii() and (char.isalnum() or char == " "):
            out.append(char)
        else:
            # A hex escape swallows one following space: always write one.
            out.append(f"\\{ord(char):06x} ")
    return Markup('"' + "".join(out) + '"')


def _page_counter_css() -> Markup:
    """``content`` value of the page-number footer, from the translated sentence.

    The sentence keeps named placeholders so a translation may reorder them.
    """
    sentence = gettext("Page %(page)s of %(pages)s", page="\x00page\x00",
                       pages="\x00pages\x00")
    parts = []
    for piece in sentence.split("\x00"):
        if piece in ("page", "pages"):
            parts.append(f"counter({piece})")
        elif piece:
            parts.append(str(css_string(piece)))
    return Markup(" ".join(parts) or "counter(page)")


def render_html(template: str, lang: str, title: str, **context: Any) -> str:
    """A ``templates/pdf/`` template, with what the common layout needs: the
    ``<html lang>`` tag (``pt_BR`` -> ``pt-BR``), the title, the footer (the title
    when not given), the page counter, and ``num`` to write a number as ``lang``
    does. Call it inside ``forced_locale(lang)``."""
    context.setdefault("footer", None)
    return render_template(
        template, lang=lang.replace("_", "-"), page_counter=_page_counter_css(),
        title=title, num=partial(number, lang=lang), css_string=css_string, **context)
