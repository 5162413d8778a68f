"""Printable scoresheets: match summaries, blank sheets and the Burro sheet, as PDF.

The PDF is an HTML template (``templates/pdf/``) rendered with the app's Jinja
environment (autoescape on) and laid out by WeasyPrint. WeasyPrint is imported
lazily: importing this module (or the app) does not load it. The stylesheets and
the one ``FontConfiguration`` are built once per process, on the first render.

Every URL the document mentions goes through :class:`StaticOnlyFetcher`, which
serves files from ``scorekeeper/static/`` under the private ``sk-static:`` scheme
and refuses everything else (``file:``, ``http(s):``, ``data:``, ...), so a player
name can never pull a local file or a network resource into a PDF.

Call every public function inside a Flask app context (a request context in the
web app, ``app.test_request_context()`` in tests).
"""

from __future__ import annotations

import atexit
import gc
import mimetypes
import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import date, datetime
from pathlib import Path
from typing import Any
from urllib.parse import unquote

from flask import current_app, render_template
from flask_babel import force_locale, format_date, format_decimal, gettext
from markupsafe import Markup

PAPERS = ("A4", "Letter")
STATIC_DIR = Path(__file__).resolve().parent / "static"
#: The only URLs the PDF renderer will fetch: ``sk-static:fonts/DejaVuSans.ttf``.
STATIC_SCHEME = "sk-static:"
#: At most this many PDFs are laid out at once in the process. Layout is CPU-bound
#: Python (the GIL gains nothing from more), and a waiting request holds a server
#: thread, so the web pages stay responsive only if renders cannot pile up.
MAX_CONCURRENT_RENDERS = 1
#: How long a request waits for a render slot before giving up with RenderBusy.
RENDER_WAIT_SECONDS = 20.0
#: Bound of the per-app cache of rendered PDFs (entries, and total bytes).
CACHE_ENTRIES = 128
CACHE_BYTES = 64 * 1024 * 1024

_CACHE_KEY = "scorekeeper.pdf"


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated where it is shown."""
    return message


class RenderBusy(RuntimeError):
    """Every render slot stayed busy: the caller should answer 503 and retry later."""


class RefusedURL(ValueError):
    """The PDF asked for a URL outside the app's static files."""


# --------------------------------------------------------------------------
# The players' vocabulary, as data (one table each, no profile branches anywhere
# else): the profile's name, and per tradition (the core's ``tradition`` field)
# what a 7-card meld and the extra 11-card pile are called.
_PROFILE_NAMES = {
    "buraco-aberto": N_("Buraco Aberto"),
    "buraco-fechado": N_("Buraco Fechado"),
    "burraco": N_("Italian Burraco"),
    "buraco-classico": N_("Classic Buraco"),
}
_TRADITION_TERMS = {
    "br": {"pile": N_("Morto"), "meld": N_("Canastras")},
    "it": {"pile": N_("Pozzetto"), "meld": N_("Burracos")},
}
_DEFAULT_TERMS = _TRADITION_TERMS["br"]

# The profile's card values (the core's ``card_points`` keys), in reminder order.
# A value equal to the one of ``same_as`` is not repeated.
_CARD_VALUE_LABELS = (
    ("joker", N_("Joker"), None),
    ("wild_two", N_("2 as wildcard"), None),
    ("natural_two", N_("natural 2"), "wild_two"),
    ("ace", N_("A"), None),
    ("ace_low", N_("A below the 2"), "ace"),
    ("eight_to_king", N_("K Q J 10 9 8"), None),
    ("three_to_seven", N_("7 6 5 4 3"), None),
    ("two_in_hand", N_("2 left in hand"), "wild_two"),
    ("ace_in_hand", N_("A left in hand"), "ace"),
)

# Labels of the bonus categories of contract.md (the keys are the core's).
_CATEGORY_LABELS = {
    "clean": N_("clean"),
    "dirty": N_("dirty"),
    "semi-clean": N_("semi-clean"),
    "clean-500": N_("clean A–K"),
    "clean-1000": N_("clean A–A"),
}

# Line styles of the running-totals chart, one per side (up to 5 sides in
# buraco-classico): colour and dash differ, so a black-and-white print still reads.
# The legend draws each style with box-drawing characters of the bundled font (plain
# text, much cheaper to lay out than a box per key).
_SERIES_STYLES = (
    ("#1f5fa8", "", "\u2501\u2501"),
    ("#c0392b", "6 3", "\u254d\u254d"),
    ("#2e7d32", "2 2", "\u2505\u2505"),
    ("#7b3fa0", "8 3 2 3", "\u2509\u2509"),
    ("#8d6e00", "1 3", "\u2504\u2504"),
)
_TARGET_KEY = "\u2509\u2509"


# --------------------------------------------------------------------------
# WeasyPrint resources, built once per process.

_resources_lock = threading.Lock()
# Drop the FontConfiguration while the interpreter is still whole: its __del__
# calls into Pango, which fails once modules are torn down at exit.
atexit.register(lambda: _resources.clear())
_resources: dict[str, Any] = {}
_render_slots = threading.BoundedSemaphore(MAX_CONCURRENT_RENDERS)


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


@contextmanager
def paused_gc() -> Iterator[None]:
    """A layout builds hundreds of thousands of short-lived objects and the cyclic
    collector keeps walking them: pausing it for the render (one at a time, see the
    render semaphore) saves about a third of a render's time. Nothing is lost: the
    garbage is collected when the render ends."""
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
with suppress(AttributeError, TypeError, ValueError):  # not CPython: a plain call
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
    _stats(current_app)["renders"] += 1
    return bytes(pdf)


# --------------------------------------------------------------------------
# The cache of rendered PDFs: per app (so two apps in one process never share
# entries), least recently used first out, bounded by entries and bytes.


class _LRUCache:
    def __init__(self, entries: int, max_bytes: int) -> None:
        self.entries = entries
        self.max_bytes = max_bytes
        self._data: OrderedDict[tuple[Any, ...], bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()
        self.stats = {"hits": 0, "misses": 0, "renders": 0}

    def get(self, key: tuple[Any, ...]) -> bytes | None:
        with self._lock:
            value = self._data.get(key)
            if value is None:
                self.stats["misses"] += 1
                return None
            self._data.move_to_end(key)
            self.stats["hits"] += 1
            return value

    def put(self, key: tuple[Any, ...], value: bytes) -> None:
        if len(value) > self.max_bytes:
            return
        with self._lock:
            old = self._data.pop(key, None)
            if old is not None:
                self._size -= len(old)
            self._data[key] = value
            self._size += len(value)
            while len(self._data) > self.entries or self._size > self.max_bytes:
                _, dropped = self._data.popitem(last=False)
                self._size -= len(dropped)

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self._size = 0


def _cache(app: Any) -> _LRUCache:
    cache = app.extensions.get(_CACHE_KEY)
    if cache is None:
        cache = app.extensions.setdefault(_CACHE_KEY, _LRUCache(
            app.config.get("PDF_CACHE_ENTRIES", CACHE_ENTRIES),
            app.config.get("PDF_CACHE_BYTES", CACHE_BYTES)))
    return cache  # type: ignore[no-any-return]


def _stats(app: Any) -> dict[str, int]:
    return _cache(app).stats


def cache_info() -> dict[str, int]:
    """Hits, misses and renders of the current app's PDF cache (for tests and bench)."""
    cache = _cache(current_app)
    return {**cache.stats, "entries": len(cache._data), "bytes": cache._size}


def cache_clear() -> None:
    """Empty the current app's PDF cache."""
    _cache(current_app).clear()


def _cached(key: tuple[Any, ...], render: Callable[[], bytes]) -> bytes:
    cache = _cache(current_app)
    hit = cache.get(key)
    if hit is not None:
        return hit
    if not _render_slots.acquire(timeout=current_app.config.get(
            "PDF_RENDER_WAIT", RENDER_WAIT_SECONDS)):
        raise RenderBusy("every PDF render slot is busy")
    try:
        # Another request may have rendered the same document while we waited.
        hit = cache.get(key)
        if hit is not None:
            return hit
        pdf = render()
    finally:
        _render_slots.release()
    cache.put(key, pdf)
    return pdf


def _check_paper(paper: str) -> str:
    if paper not in PAPERS:
        raise ValueError(f"unknown paper size {paper!r}, expected one of {PAPERS}")
    return paper


def _html_lang(lang: str) -> str:
    """BCP 47 tag for ``<html lang>``: ``pt_BR`` -> ``pt-BR``."""
    return lang.replace("_", "-")


# --------------------------------------------------------------------------
# Small helpers shared by the templates.


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


def _num(value: Any) -> str:
    return str(format_decimal(value)) if isinstance(value, int | float) else ""


def _terms(profile_id: str) -> dict[str, str]:
    tradition = _profile_doc(profile_id).get("tradition")
    terms = _TRADITION_TERMS.get(str(tradition), _DEFAULT_TERMS)
    name = _PROFILE_NAMES.get(profile_id)
    return {"name": gettext(name) if name else profile_id,
            **{key: gettext(value) for key, value in terms.items()}}


def _category_label(category: str) -> str:
    label = _CATEGORY_LABELS.get(category)
    return gettext(label) if label else category


_profiles: dict[str, dict[str, Any]] = {}


def _profile_doc(profile_id: str) -> dict[str, Any]:
    """The profile as data, from the rules core (raises the core's error on an unknown id)."""
    if not _profiles:
        from scorekeeper.rules import profiles_document

        _profiles.update({p["id"]: p for p in profiles_document()["profiles"]})
    if profile_id not in _profiles:
        from scorekeeper.rules import get_profile

        get_profile(profile_id)  # raises InputError("unknown-profile")
        raise KeyError(profile_id)
    return _profiles[profile_id]


def _card_values(card_points: Mapping[str, Any]) -> list[dict[str, str]]:
    """The profile's card values for the reminder, in the order of the label table."""
    shown = []
    for key, label, same_as in _CARD_VALUE_LABELS:
        points = card_points.get(key)
        if not isinstance(points, int | float):
            continue
        if same_as is not None and card_points.get(same_as) == points:
            continue
        shown.append({"cards": gettext(label), "points": _num(points)})
    return shown


def _amount(value: Any) -> int | float | None:
    """A number from a profile field that may be a number or a small dict."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value
    if isinstance(value, Mapping):
        for key in ("points", "bonus", "penalty", "value"):
            if isinstance(value.get(key), int | float):
                return value[key]  # type: ignore[no-any-return]
    return None


def _categories(profile: Mapping[str, Any]) -> list[dict[str, Any]]:
    bonuses = profile.get("bonuses") or {}
    names = profile.get("categories") or list(bonuses)
    return [{"key": name, "label": _category_label(name),
             "points": _num(_amount(bonuses.get(name)))} for name in names]


# --------------------------------------------------------------------------
# Match summary


def _bonus_lines(scored: Mapping[str, Any], bonuses: Mapping[str, Any]) -> list[str]:
    """Each bonus of a side in a deal, with its category: ``2 × clean 200``."""
    counted: dict[str, int] = {}
    categories = scored.get("canastras")
    if categories is None:  # a score document without the summary: read the melds
        categories = [meld["category"] for meld in scored.get("melds") or []
                      if isinstance(meld, Mapping) and meld.get("valid")
                      and meld.get("category")]
    for category in categories:
        counted[category] = counted.get(category, 0) + 1
    lines = []
    for category, count in counted.items():
        points = _amount(bonuses.get(category))
        label = _category_label(category)
        shown = f"{label} {_num(points)}" if points is not None else label
        lines.append(gettext("%(count)s × %(bonus)s", count=_num(count), bonus=shown)
                     if count > 1 else shown)
    return lines


def _nice_step(span: float, ticks: int = 4) -> int:
    raw = max(span, 1) / ticks
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if magnitude * factor >= raw:
            return int(magnitude * factor)
    return int(magnitude * 10)


def _chart(names: list[str], after_each_deal: list[list[int]],
           target: int | None) -> dict[str, Any]:
    """Geometry of the running-totals chart (an inline SVG in the template)."""
    width, height = 640, 200
    left, right, top, bottom = 56, 12, 10, 26
    series = [[0] + [row[i] for row in after_each_deal] for i in range(len(names))]
    values = [v for s in series for v in s] + ([target] if target else [])
    low, high = min(values + [0]), max(values + [1])
    step = _nice_step(high - low)
    low = (low // step) * step
    high = -((-high) // step) * step
    deals = max(len(after_each_deal), 1)

    def x(i: int) -> float:
        return round(left + (width - left - right) * i / deals, 1)

    def y(v: float) -> float:
        return round(top + (height - top - bottom) * (high - v) / (high - low or 1), 1)

    # SVG text is laid out letter by letter: a handful of labels on each axis.
    label_every = max(1, -(-deals // 4))
    ticks = range(int(low), int(high) + 1, step)
    return {
        "width": width, "height": height, "left": left, "right": width - right,
        "top": top, "bottom": height - bottom,
        # every grid line in one path
        "grid": "".join(f"M{left} {y(v)}H{width - right}" for v in ticks),
        "yticks": [{"y": y(v), "label": _num(v)} for v in ticks],
        "xticks": [{"x": x(i), "label": _num(i)} for i in range(0, deals + 1, label_every)],
        "zero": y(0),
        "target": {"y": y(target), "label": _num(target), "key": _TARGET_KEY}
        if target else None,
        "lines": [{"name": names[i], "color": _SERIES_STYLES[i % 5][0],
                   "dash": _SERIES_STYLES[i % 5][1], "key": _SERIES_STYLES[i % 5][2],
                   "points": " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(s))}
                  for i, s in enumerate(series)],
    }


def _parse_created(created: Any) -> date | None:
    if isinstance(created, datetime | date):
        return created
    if isinstance(created, str) and created:
        try:
            return datetime.fromisoformat(created.replace("Z", "+00:00"))
        except ValueError:
            return None
    return None


def _match_context(snapshot: Mapping[str, Any]) -> dict[str, Any]:
    result = snapshot["result"]
    profile_id = snapshot["profile"]
    sides = snapshot["sides"]
    names = [str(side["name"]) for side in sides]
    after = result.get("after_each_deal") or []
    bonuses = _profile_doc(profile_id).get("bonuses") or {}
    # The same few values come back in every deal: format each once (Babel takes
    # tens of microseconds a number).
    formatted: dict[Any, str] = {}

    def num(value: Any) -> str:
        text = formatted.get(value)
        if text is None:
            text = formatted[value] = _num(value)
        return text

    deals = []
    for number, scored in enumerate(result.get("deals") or [], start=1):
        running = after[number - 1] if number - 1 < len(after) else []
        rows = []
        for index, side in enumerate(scored["sides"]):
            lines = _bonus_lines(side, bonuses)
            bonus_text = ", ".join(lines)
            if len(lines) > 1:
                bonus_text += f" = {num(side.get('bonus_points'))}"
            rows.append({
                "name": names[index] if index < len(names) else side.get("name", ""),
                "table": num(side.get("table_points")),
                # one text run per cell: "2 × clean 200, dirty 100 = 500"
                "bonuses": bonus_text,
                "bonus_points": num(side.get("bonus_points")),
                "going_out": num(side.get("going_out_bonus")) if side.get(
                    "going_out_bonus") else "",
                "went_out": bool(side.get("going_out_bonus")),
                "morto": num(side.get("morto_penalty")) if side.get("morto_penalty") else "",
                "hand": num(side.get("hand_points")) if side.get("hand_points") else "",
                "total": num(side.get("total")),
                "running": num(running[index]) if index < len(running) else "",
            })
        valid = bool(scored.get("valid", True) and not scored.get("problems"))
        deals.append({"number": number, "rows": rows, "valid": valid,
                      # every other deal striped; a deal that breaks a rule in red
                      "classes": " ".join(name for name, on in (
                          ("alt", number % 2 == 0), ("invalid", not valid)) if on)})

    status = result.get("status")
    winner = result.get("winner")
    target = result.get("target", snapshot.get("target"))
    totals = result.get("totals") or (after[-1] if after else [0] * len(names))
    created = _parse_created(snapshot.get("created"))
    return {
        "match": snapshot,
        "name": str(snapshot.get("name") or ""),
        "date": format_date(created, "long") if created else "",
        "terms": _terms(profile_id),
        "target": _num(target),
        "sides": [{"name": names[i], "players": [str(p) for p in side.get("players") or []],
                   "total": _num(totals[i]) if i < len(totals) else "",
                   "winner": status == "won" and winner == i}
                  for i, side in enumerate(sides)],
        "deals": deals,
        "any_invalid": any(not deal["valid"] for deal in deals),
        "status": status,
        "winner": names[winner] if status == "won" and isinstance(winner, int) else None,
        "chart": _chart(names, after, target if isinstance(target, int) else None),
    }


def _render(template: str, lang: str, title: str | Callable[[], str],
            **context: Any) -> str:
    context.setdefault("footer", None)
    return render_template(
        template, lang=_html_lang(lang), page_counter=_page_counter_css(),
        title=title() if callable(title) else title, num=_num, css_string=css_string,
        **context)


def render_match_summary(snapshot: Mapping[str, Any], lang: str, paper: str = "A4") -> bytes:
    """The match summary as a PDF, served from the cache for a known (id, version)."""
    _check_paper(paper)
    key = ("match", snapshot.get("id"), snapshot.get("version"), lang, paper)

    def render() -> bytes:
        with force_locale(lang):
            context = _match_context(snapshot)
            title = gettext("%(match)s: match summary", match=context["name"])
            context["footer"] = " · ".join(
                part for part in (context["name"], context["date"], context["terms"]["name"])
                if part)
            html = _render("pdf/match_summary.html", lang, title, **context)
        return _write_pdf(html, paper, kind="summary")

    if snapshot.get("id") is None or snapshot.get("version") is None:
        return render()
    return _cached(key, render)


def cached_match_summary(match_id: Any, version: Any, lang: str,
                         paper: str = "A4") -> bytes | None:
    """The cached PDF of a match version, if any: a route may try this first and
    skip loading and scoring the match on a hit."""
    return _cache(current_app).get(("match", match_id, version, lang, _check_paper(paper)))


# --------------------------------------------------------------------------
# Blank sheets


def _vulnerability(rule: Any) -> dict[str, str] | None:
    if not isinstance(rule, Mapping) or not rule.get("opening_minimum"):
        return None
    return {"total": _num(rule.get("from")), "minimum": _num(rule.get("opening_minimum"))}


def render_blank_sheet(profile_id: str, lang: str, paper: str = "A4", rows: int = 20) -> bytes:
    """A blank scoresheet for one profile: its columns, N rows, and a rules reminder."""
    _check_paper(paper)
    rows = max(1, min(int(rows), 60))

    def render() -> bytes:
        profile = _profile_doc(profile_id)
        with force_locale(lang):
            terms = _terms(profile_id)
            html = _render(
                "pdf/blank_sheet.html", lang,
                gettext("%(profile)s: blank scoresheet", profile=terms["name"]),
                terms=terms, profile=profile, rows=rows,
                sides=2,
                categories=_categories(profile),
                card_values=_card_values(profile.get("card_points") or {}),
                target=_num(_amount(profile.get("target"))),
                going_out=_num(_amount(profile.get("going_out"))),
                pile_penalty=_num(-abs(_amount(profile.get("morto_penalty")) or 0)),
                vulnerability=_vulnerability(profile.get("vulnerability")),
            )
        return _write_pdf(html, paper, landscape=True, kind="sheets")

    return _cached(("blank", profile_id, lang, paper, rows), render)


def render_burro_sheet(lang: str, paper: str = "A4", players: list[str] | None = None) -> bytes:
    """A Burro sheet: one row per player, one box per letter of B U R R O."""
    _check_paper(paper)
    names = [str(p) for p in (players or [])][:12]

    def render() -> bytes:
        from scorekeeper.i18n import format_rank
        from scorekeeper.rules import burro_ranks

        with force_locale(lang):
            html = _render(
                "pdf/burro_sheet.html", lang, gettext("Burro: scoresheet"),
                players=names + [""] * (12 - len(names)) if len(names) < 3 else names,
                letters=list("BURRO"),
                ranks=[{"players": _num(n),
                        "ranks": " ".join(format_rank(r, lang) for r in burro_ranks(n))}
                       for n in range(3, 13)],
            )
        return _write_pdf(html, paper, kind="sheets")

    return _cached(("burro", lang, paper, tuple(names)), render)


__all__ = [
    "PAPERS", "RenderBusy", "RefusedURL", "cache_clear", "cache_info",
    "cached_match_summary", "css_string", "render_blank_sheet", "render_burro_sheet",
    "render_match_summary",
]
