"""The app on the phone: installable, and the pages it opened still there without a network.

- ``/manifest/<lang>.webmanifest``: the web app manifest in a language (its name, short
  name and description), so that a phone can install the app on its home screen.
- ``/sw.js``: the service worker, served from the site's root so that it may answer for
  every page. Its cache is named after a digest of the static files it keeps, so any
  change to them is a new service worker: the pages offer to reload into it.
- ``/offline/<lang>``: what a page the phone never opened says while the server cannot
  be reached (one per language, all kept by the service worker when it installs).

- the offline pack (``static/pack/``, built by ``tools/offline_pack.py``): Pyodide and
  the referee's own code, which ``static/js/referee.js`` runs in a Web Worker, so that
  the phone judges melds the same way without the server. The service worker keeps its
  files once fetched, under the pack's version; without a pack (an install that never
  ran ``make setup``) the pages simply never offer it.

- ``/offline/setup/<lang>.json``, ``/offline/board/<lang>/<rules>/<sides>`` and
  ``/offline/deal/<lang>/<rules>/<sides>``: what a phone needs to set a match up without
  a network: the scoreboard and first deal's form of a match of each rule set and number
  of sides it is played by, and where each is. The new match page has the phone keep
  them in its language. Their words are empty elements (``data-shell``: the match's
  name, each side's name and players, its target) and their links and form key slots
  in the attributes that hold them (``SHELL``): the service worker shows such a page
  unchanged, and the page fills it in (``static/js/shell.js``) from the match the phone
  keeps, as text, with the words the phone's referee read from the new match form
  (``scorekeeper.newmatch``, through ``scorekeeper.phone``).

- ``/m/<token>/match.json``: the match as the phone keeps it (the contract's match
  document and its version), which the phone's referee scores the deals waiting on the
  phone against; ``/b/<token>/game.json`` the same for a Burro game and its rounds.

The service worker (``templates/sw.js``, its code in ``static/js/sw/``) keeps the static
files (JS, CSS, icons) and every page the phone opens; with no network, a page is shown
as the phone last saw it.
A new deal saved while the server is out of reach goes to the phone's outbox (IndexedDB)
with a key of its own and the match version it was entered against; the scoreboard
shows it at once, marked as waiting, with totals from the phone's referee
(``static/js/outbox.js``), and the service worker sends it when the server answers again
(on a page's opening, on ``online``, by Background Sync): the server applies each entry
once (its key), and one it refuses (the match changed meanwhile, a rule broken) waits
on the scoreboard for the scorer to open it, on the server's own page. A new match set
up offline goes to the outbox the same way, with the links the phone chose for it
(``NewMatchForm.edit_token``/``view_token``): its pages are the kept scoreboard and
deal form, filled in with its own words, its deals wait behind it, and the server creates it at
the first sending, under those same links. Any other form sent offline is answered by
the offline page (what was typed in a deal stays in the phone's drafts, ``deal.js``).
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path
from typing import Any

from flask import Blueprint, Response, abort, current_app, g, jsonify, render_template, url_for
from flask_wtf.csrf import generate_csrf
from markupsafe import Markup

from scorekeeper import resource_dir, rules
from scorekeeper.db import reader
from scorekeeper.i18n import LOCALES, forced_locale
from scorekeeper.models import Match
from scorekeeper.vocabulary import profile_name
from scorekeeper.web.burro import load_game
from scorekeeper.web.common import _, choose_locale_code
from scorekeeper.web.deals import first_deal_page
from scorekeeper.web.scoreboard import board, load_match, match_result
from scorekeeper.web.swroutes import patterns

bp = Blueprint("offline", __name__)

#: The static files every page may need, kept by the service worker when it installs.
STATIC = ("css/app.css", "css/board.css", "css/tv.css", "js/phone.js", "js/app.js",
          "js/viewer.js", "js/register.js", "js/deal.js", "js/count.js", "js/drafts.js",
          "js/outbox.js", "js/waiting.js", "js/follow.js", "js/clock.js", "js/wakelock.js",
          "js/shell.js",
          "favicon.svg", "icons/icon-192.png", "icons/icon-512.png",
          "icons/icon-maskable-512.png")
#: The service worker's own code (plain JavaScript, imported by ``/sw.js`` in this order).
WORKER_SCRIPTS = ("js/sw/queue.js", "js/sw/setup.js", "js/sw/router.js", "js/sw/main.js")
#: The app's colours: its green (the icons' background) and the page's background.
THEME_COLOUR = "#174b3a"
BACKGROUND = "#ffffff"


@cache
def static_digest() -> str:
    """A digest of every static file the service worker keeps (and of the worker itself):
    the name of its cache, and the ``?v=`` of the pages' links to them."""
    digest = hashlib.sha256()
    static = Path(__file__).resolve().parent.parent / "static"
    for name in (*STATIC, *WORKER_SCRIPTS, "js/referee.js"):
        digest.update(name.encode())
        digest.update((static / name).read_bytes())
    digest.update((resource_dir("templates") / "sw.js").read_bytes())
    return digest.hexdigest()[:12]


def pack_version() -> str | None:
    """The offline pack's version (a digest of its files); ``None`` without a pack."""
    version = _pack_manifest().get("version")
    return str(version) if version else None


@cache
def _pack_manifest() -> dict[str, Any]:
    path = Path(__file__).resolve().parent.parent / "static" / "pack" / "manifest.json"
    try:
        doc = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return doc if isinstance(doc, dict) else {}


def _pack_files() -> list[tuple[str, int]]:
    """The offline pack's files, as the service worker fetches them, with their sizes
    ([] without a pack)."""
    if referee_url() is None:
        return []
    names = _pack_manifest().get("files", {})
    return [(url_for("static", filename=f"pack/{name}"), int(size))
            for name, size in names.items()]


def pack_bytes() -> int:
    """The offline pack's size, as a phone downloads it (0 without a pack)."""
    return sum(int(size) for size in _pack_manifest().get("files", {}).values())


def referee_url() -> str | None:
    """Where a page starts the phone's own referee (a module worker); ``None`` without
    an offline pack, or with ``OFFLINE_PACK = False`` in the configuration."""
    version = pack_version()
    if version is None or not current_app.config.get("OFFLINE_PACK", True):
        return None
    # the worker's own code is named too: a phone keeps it with the pack, and a new
    # version of it (the pack unchanged) is then fetched anew
    return url_for("static", filename="js/referee.js") + f"?pack={version}&v={static_digest()}"


@bp.get("/sw.js")
def service_worker() -> Any:
    """The service worker: what it keeps, under a name that changes with the files, then
    its code from the static files."""
    version = static_digest()
    config = {
        "version": version,
        "assets": [url_for("static", filename=name) + f"?v={version}" for name in STATIC],
        "pages": [url_for("offline.offline_page", code=code) for code in LOCALES],
        "locales": list(LOCALES),
        "pack": pack_version() or "none",
        "pack_files": _pack_files(),
        "pack_path": url_for("static", filename="pack/"),
        "worker": url_for("static", filename="js/referee.js"),
        "new_match": url_for("matches.new_match"),
        "routes": patterns(current_app.url_map),
        "setup": url_for("offline.shell_setup", code="LANG_CODE"),
        "token": url_for("offline.form_token"),
    }
    scripts = [url_for("static", filename=name) + f"?v={version}" for name in WORKER_SCRIPTS]
    body = render_template("sw.js", config=_script_json(config),
                           scripts=", ".join(_script_json(s) for s in scripts))
    response = Response(body, mimetype="text/javascript")
    # the browser asks for it again at every visit: a new version is seen at once
    response.headers["Cache-Control"] = "no-cache"
    return response


def _script_json(value: Any) -> str:
    """``value`` as a JavaScript literal (JSON, with ``<`` escaped as in an HTML script)."""
    return json.dumps(value, sort_keys=True).replace("<", "\\u003c")


@bp.get("/form-token")
def form_token() -> Any:
    """A fresh form token for this browser's session as it is now: what a form kept on the
    phone, or a deal waiting in its outbox, is sent with (a phone forgets its session when
    the browser restarts; the token its page was made with then no longer holds)."""
    response = jsonify({"csrf_token": generate_csrf()})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/manifest/<code>.webmanifest")
def manifest(code: str) -> Any:
    """The web app manifest, in language ``code``."""
    if code not in LOCALES:
        abort(404)
    with forced_locale(code):
        doc = {
            "name": _("Scorekeeper: Buraco and Burro scores"),
            "short_name": _("Scores"),
            "description": _("Keeps the score of Buraco, Burraco and Burro at the table, "
                             "and referees the melds."),
            "lang": code.replace("_", "-"),
            "start_url": url_for("matches.home"),
            "scope": "/",
            "display": "standalone",
            "theme_color": THEME_COLOUR,
            "background_color": BACKGROUND,
            "icons": _icons(),
        }
    response = Response(json.dumps(doc, ensure_ascii=False),
                        mimetype="application/manifest+json")
    response.headers["Cache-Control"] = "no-cache"
    return response


def _icons() -> list[dict[str, str]]:
    version = static_digest()

    def icon(name: str, size: str, kind: str, purpose: str = "any") -> dict[str, str]:
        return {"src": url_for("static", filename=name) + f"?v={version}", "sizes": size,
                "type": kind, "purpose": purpose}

    return [icon("icons/icon-192.png", "192x192", "image/png"),
            icon("icons/icon-512.png", "512x512", "image/png"),
            icon("icons/icon-maskable-512.png", "512x512", "image/png", "maskable"),
            icon("favicon.svg", "any", "image/svg+xml")]


@bp.get("/offline/<code>")
def offline_page(code: str) -> Any:
    """What a page never opened on this phone says while the server is out of reach."""
    if code not in LOCALES:
        abort(404)
    choose_locale_code(code)
    with forced_locale(code):
        return render_template("offline.html")


@bp.get("/b/<token>/game.json")
def burro_document(token: str) -> Any:
    """The Burro game as the phone keeps it: what its referee scores waiting rounds against."""
    game = load_game(edit=token)
    response = jsonify({"version": game.version, "game": game.burro_input()})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/m/<token>/match.json")
def match_document(token: str) -> Any:
    """The match as the phone keeps it: what its referee scores waiting deals against."""
    match = load_match(reader(), edit=token)
    if match is None:
        abort(404)
    response = jsonify({"version": match.version, "match": match.match_input()})
    response.headers["Cache-Control"] = "no-store"
    return response


#: What the kept pages of a match set up without a network hold in place of the match's
#: links and of their form's key, in the attributes that hold them (URL-safe, and left
#: alone by HTML escaping): the page fills them in with its own (``static/js/shell.js``).
SHELL = {"edit": "__edit_link__", "key": "__form_key__"}


class ShellWord(Markup):
    """A match's own word on its kept pages (its name, a side's name or players): an
    empty element that the page fills in with the match's words, as text
    (``static/js/shell.js``); in a page's title, its slot: ``{name}``."""

    slot: str

    def __new__(cls, slot: str) -> ShellWord:
        word = super().__new__(cls, Markup('<span data-shell="{}"></span>').format(slot))
        word.slot = slot
        return word


def title_word(value: Any) -> Any:
    """A name in a page's title: a match's kept page has its slot there (``{name}``),
    which the page fills in."""
    return "{" + value.slot + "}" if isinstance(value, ShellWord) else value


def shell_number(text: Any, slot: str) -> Any:
    """A number of a match's kept page (its target, what each side needs to reach it),
    in an element the page fills in with the match's own; elsewhere, as it is."""
    if not g.get("shell"):
        return text
    return Markup('<span data-shell="{}">{}</span>').format(slot, text)


def _shell_match(code: str, profile_id: str, sides: int) -> Match:
    """A match of these rules and sides that is not stored, its words in elements that a
    page fills in."""
    profile = rules.PROFILES.get(profile_id)
    if code not in LOCALES or profile is None or not profile.allows_sides(sides):
        abort(404)
    choose_locale_code(code)
    g.shell = True
    g.shell_document = url_for("offline.match_document", token=SHELL["edit"])
    return Match.unstored(name=ShellWord("name"), profile=profile.id, target=profile.target,
                          version=1, token=SHELL["edit"], sides=[
                              {"name": ShellWord(f"side-{i}"),
                               "players": [ShellWord(f"players-{i}")]}
                              for i in range(sides)])


def _shell_page(body: str) -> Response:
    response = Response(body, mimetype="text/html")
    response.headers["Cache-Control"] = "no-store"  # it holds this browser's form token
    return response


@bp.get("/offline/setup/<code>.json")
def shell_setup(code: str) -> Any:
    """The pages a phone keeps to set up a new match without a network."""
    if code not in LOCALES:
        abort(404)
    # the kept pages of a match of each rule set and number of sides it is played by
    # (none: the phone has no page to show such a match); its words are the phone's
    # referee's to read from the form (scorekeeper.phone, kind new-match)
    doc = {"lang": code, "rules": {pid: {"pages": {
        str(n): {"board": url_for("offline.shell_board", code=code, profile=pid, sides=n),
                 "deal": url_for("offline.shell_deal", code=code, profile=pid, sides=n)}
        for n in profile.sides_played}} for pid, profile in rules.PROFILES.items()}}
    response = jsonify(doc)
    response.headers["Cache-Control"] = "no-store"
    return response


def shell_urls(code: str) -> list[str]:
    """Everything a phone keeps to set up a match without a network, in language ``code``."""
    urls = [url_for("offline.shell_setup", code=code)]
    for pid, profile in rules.PROFILES.items():
        for n in profile.sides_played:
            urls.append(url_for("offline.shell_board", code=code, profile=pid, sides=n))
            urls.append(url_for("offline.shell_deal", code=code, profile=pid, sides=n))
    return urls


@bp.get("/offline/board/<code>/<profile>/<int:sides>")
def shell_board(code: str, profile: str, sides: int) -> Any:
    """The scoreboard of a match set up without a network, before its first deal."""
    match = _shell_match(code, profile, sides)
    g.shell_at = url_for("matches.scoreboard", token=SHELL["edit"])
    with forced_locale(code):
        return _shell_page(render_template(
            "scoreboard.html", b=board(match, match_result(match, [])), rows_html=[],
            editable=True, provisional=True, share=None,
            profile_label=profile_name(match.profile)))


@bp.get("/offline/deal/<code>/<profile>/<int:sides>")
def shell_deal(code: str, profile: str, sides: int) -> Any:
    """The first deal's form of a match set up without a network."""
    match = _shell_match(code, profile, sides)
    g.shell_at = url_for("deals.new_deal", token=SHELL["edit"])
    with forced_locale(code):
        page, _status = first_deal_page(match, SHELL["key"], shown_at=g.shell_at)
        return _shell_page(page)
