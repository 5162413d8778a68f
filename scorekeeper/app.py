"""The application factory."""

from __future__ import annotations

import gc
import os
import secrets
from typing import Any

from flask import Flask, g, redirect, request, session
from flask_babel import Babel
from flask_wtf.csrf import CSRFProtect, generate_csrf
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from markupsafe import Markup

from scorekeeper import db, resource_dir
from scorekeeper.i18n import DEFAULT_LOCALE, LOCALES, select_locale, start_page
from scorekeeper.rules import PROFILES
from scorekeeper.startup import setting

babel = Babel()
csrf = CSRFProtect()


#: What a page may load: nothing from other hosts, no inline script.
CSP = ("default-src 'self'; img-src 'self' data:; style-src 'self'; "
       "script-src 'self'; connect-src 'self'; frame-ancestors 'none'")
#: The phone's own referee (``static/js/referee.js``), whose policy lets it compile
#: WebAssembly (Pyodide), and nothing else more than a page.
REFEREE_WORKER = "/js/referee.js"
WASM = "script-src 'self' 'wasm-unsafe-eval'"


def create_app(test_config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        __name__,
        instance_relative_config=True,
        template_folder=str(resource_dir("templates")),
    )
    app.config.from_mapping(
        SECRET_KEY="dev",
        BABEL_DEFAULT_LOCALE=DEFAULT_LOCALE,
        BABEL_TRANSLATION_DIRECTORIES=str(resource_dir("translations")),
        # A match lasts a whole evening: a CSRF token is valid for the whole session.
        WTF_CSRF_TIME_LIMIT=None,
        MAX_CONTENT_LENGTH=512 * 1024,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=60 * 60 * 24 * 90,
        # every session is permanent (web/sessions.py); its cookie is sent when it changes
        SESSION_REFRESH_EACH_REQUEST=False,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        PAGE_CACHE=True,
        # how often a read-only page asks whether the match changed
        POLL_INTERVAL_MS=4000,
        # The scorer's open pages tell the server they are there this often; a read-only
        # page says it is waiting for the scorer after SCORER_QUIET_SECONDS without word.
        HEARTBEAT_MS=60_000,
        SCORER_QUIET_SECONDS=180,
        # reverse proxies in front of the app whose X-Forwarded-* headers are trusted
        PROXIES=0,
        # server processes of ``scorekeeper serve`` (its --workers): one per core for a
        # club's many tables; one is plenty for a family's
        WORKERS=1,
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
        if os.environ.get("DATABASE_URL"):
            app.config["DATABASE_URL"] = os.environ["DATABASE_URL"]
        if app.config["SECRET_KEY"] == "dev":
            app.config["SECRET_KEY"] = _instance_secret(app)
    else:
        app.config.from_mapping(test_config)
    from scorekeeper.web.sessions import CachedCookieSessionInterface

    app.session_interface = CachedCookieSessionInterface()
    # Templates are written readably; the whitespace of their block tags stays out
    # of the pages (jinja2 docs, "Whitespace Control").
    app.jinja_env.trim_blocks = True
    app.jinja_env.lstrip_blocks = True
    app.jinja_env.bytecode_cache = COMPILED
    babel.init_app(app, locale_selector=select_locale)
    _quick_gettext(app)
    csrf.init_app(app)
    db.init_app(app)
    _register(app)
    trust_proxies(app, setting(app.config, "PROXIES"))
    return app


def config_path() -> str:
    """Where ``create_app`` reads its configuration: ``config.py`` in its instance folder."""
    return os.path.join(Flask(__name__, instance_relative_config=True).instance_path,
                        "config.py")


class _CompiledTemplates(BytecodeCache):
    """Compiled templates kept for the process, in memory (jinja2 docs, "Bytecode
    Cache"): an app made again in the same process (the tests make one per test) reads
    its templates' code instead of parsing and compiling their source again. Jinja
    checks each template's source against the checksum kept with its code. Every app
    of the process sets its templates' environment alike (``create_app``), so their
    code is the same."""

    def __init__(self) -> None:
        self._kept: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        code = self._kept.get(bucket.key)
        if code is not None:
            bucket.bytecode_from_string(code)

    def dump_bytecode(self, bucket: Bucket) -> None:
        self._kept[bucket.key] = bucket.bytecode_to_string()


COMPILED = _CompiledTemplates()


def _quick_gettext(app: Flask) -> None:
    """The templates' gettext, through ``page_translations``."""
    from scorekeeper.i18n import page_translations as tr

    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda s: tr().ugettext(s),
        ngettext=lambda s, p, n: tr().ungettext(s, p, n),
        newstyle=True,
        pgettext=lambda c, s: tr().upgettext(c, s),
        npgettext=lambda c, s, p, n: tr().unpgettext(c, s, p, n),
    )

    def message(text: str, /, **params: Any) -> Markup:
        """``_(text, **params)`` in a template: what the newstyle ``gettext`` Jinja
        installs answers (the translation as markup, its parameters escaped into it),
        in one call instead of three (every template that says ``_`` is HTML)."""
        return Markup(tr().ugettext(text)) % params

    def numbered(text: str, /, number: int) -> Markup:
        """``_(text, number=number)`` with the number in an element of its own, ``<span
        data-n="N">N</span>``, the sentence in a ``<span>``: a script that counts what
        waits on the phone (the next deal's or round's number) writes its number there,
        from the server's in ``data-n``, and never looks for a number among the words.
        ``text`` says ``%(number)d`` once (the extraction of messages knows ``numbered``
        as ``_``: babel.cfg)."""
        said = Markup(tr().ugettext(text))
        head, found, tail = said.partition("%(number)d")
        if not found:  # a translation without the number: said as it is
            return said % {"number": number}
        slot = Markup('<span data-n="%d">%d</span>') % (number, number)
        # the whole sentence in one element: a flex container (a .button) lays each child
        # out as an item of its own and would drop the space before the number
        return Markup("<span>") + head % {} + slot + tail % {} + Markup("</span>")

    app.jinja_env.globals["_"] = message
    app.jinja_env.globals["numbered"] = numbered


def trust_proxies(app: Flask, count: int) -> None:
    """Behind ``count`` reverse proxies: links, QR codes and the request's scheme follow
    their X-Forwarded-For/-Proto/-Host/-Prefix headers (never trusted otherwise)."""
    app.config["PROXIES"] = count
    if count > 0 and "scorekeeper.proxies" not in app.extensions:
        from werkzeug.middleware.proxy_fix import ProxyFix

        app.extensions["scorekeeper.proxies"] = count
        app.wsgi_app = ProxyFix(  # type: ignore[method-assign]
            app.wsgi_app, x_for=count, x_proto=count, x_host=count, x_prefix=count)


def _instance_secret(app: Flask) -> str:
    """A secret key made once per installation and kept in the instance folder."""
    path = os.path.join(app.instance_path, "secret_key")
    try:
        with open(path, encoding="ascii") as handle:
            key = handle.read().strip()
        if key:
            return key
    except OSError:
        pass
    key = secrets.token_urlsafe(32)
    try:
        os.makedirs(app.instance_path, exist_ok=True)
        with open(path, "w", encoding="ascii") as handle:
            handle.write(key)
        os.chmod(path, 0o600)
    except OSError:  # a read-only install still runs, with sessions lasting one process
        pass
    return key


def _start_page() -> None:
    g.end_page = start_page()


def _end_page(_error: BaseException | None) -> None:
    end = g.pop("end_page", None)
    if end is not None:
        end()


def _register(app: Flask) -> None:
    from scorekeeper.web import (
        api,
        burro,
        compress,
        deals,
        device,
        errors,
        exports,
        filters,
        house,
        matches,
        offline,
        players,
        referee,
        seats,
        share,
        tablefiles,
        tables,
        written,
    )
    from scorekeeper.web.common import safe_next
    from scorekeeper.web.evening import closing as eventclosing
    from scorekeeper.web.evening import confirm as eventconfirm
    from scorekeeper.web.evening import director as events
    from scorekeeper.web.evening import phones as eventphones
    from scorekeeper.web.evening import prints as eventprints
    from scorekeeper.web.evening import read as eventread
    from scorekeeper.web.evening import room as eventroom
    from scorekeeper.web.evening import seasons
    from scorekeeper.web.evening import setup as eventsetup
    from scorekeeper.web.evening import tables as eventtables

    for module in (matches, seats, deals, referee, burro, share, exports, api, offline, tables,
                   players, tablefiles, house, device, events, eventtables, eventprints, eventread,
                   eventphones, eventconfirm, eventroom, eventsetup, eventclosing, seasons):
        app.register_blueprint(module.bp)
    csrf.exempt(api.bp)
    csrf.exempt(share.here)
    # the page's translations, kept for the request (i18n.page_translations)
    app.before_request_funcs.setdefault(None, []).insert(0, _start_page)
    app.teardown_request_funcs.setdefault(None, []).append(_end_page)
    # the import's own body limit, set before Flask-WTF's CSRF check reads the body
    app.before_request_funcs.setdefault(None, []).insert(0, tablefiles.body_limit)

    @app.get("/lang/<code>")
    def choose_language(code: str) -> Any:
        """Remember the chosen language, then go back to the page."""
        if code in LOCALES:
            session["lang"] = code
            session.permanent = True
        return redirect(safe_next(request.args.get("next")))

    filters.init_app(app)
    app.after_request(written.set_cookie)

    app.after_request(_headers)
    errors.init_app(app)
    compress.init_app(app)
    app.after_request(_form_secret)


def _headers(response: Any) -> Any:
    """What every answer says of itself: no Referer to other hosts, its content policy,
    and for a page, never kept by the browser's cache."""
    # Links carry secret tokens: never leak them in a Referer to another host. Our own
    # host gets it: over HTTPS, Flask-WTF refuses a form whose Referer is missing
    # (WTF_CSRF_SSL_STRICT, as Django's CSRF check does; Django's docs advise
    # "same-origin" for it), so "no-referrer" refused every form behind a proxy.
    response.headers.setdefault("Referrer-Policy", "same-origin")
    response.headers.setdefault("X-Content-Type-Options", "nosniff")
    # The phone's referee (a worker, under its own policy) compiles Pyodide's
    # WebAssembly; no page may compile anything.
    worker = request.endpoint == "static" and request.path.endswith(REFEREE_WORKER)
    response.headers.setdefault("Content-Security-Policy",
                                CSP.replace("script-src 'self'", WASM) if worker else CSP)
    if response.mimetype == "text/html":
        # A page is never restored from the browser's cache: Back shows the page as it
        # is now, and a form is never resubmitted from a stale copy.
        response.headers.setdefault("Cache-Control", "no-store")
    return response


def _form_secret(response: Any) -> Any:
    """The session's form secret, made with its first page: the requests sent together
    afterwards (a page, and the pages the phone keeps for offline use) carry it and never
    make one each, the last answer's cookie undoing a page's form token."""
    if (request.method == "GET" and response.status_code == 200
            and response.mimetype == "text/html" and "csrf_token" not in session):
        generate_csrf()
    return response


#: Pages a server process asks itself for, in every language, before it serves: what
#: every page needs is then made once (the languages' catalogs and number formats read,
#: the referee's profiles and cards read, the database's first connection opened).
WARM_PAGES = ("/", "/check?melds=3H+4H+5H+6H+7H", "/m/-")


def warm_up(app: Flask) -> None:
    """Make once, before a server process takes its first request, what its first pages
    would otherwise make while a phone waits: every page template compiled (about a
    second of CPU in all), the match queries compiled (``scoreboard.prime``), then
    ``WARM_PAGES`` and the first deal's form of every game in every language, a sample
    match's scoreboard and next deal form in every language (``web.warm``), then
    everything made so far set aside from the garbage collector's full collections.
    ``scorekeeper serve`` calls this before it serves; with ``--workers``, once before
    it forks its processes (which start with what it made), then in each process at
    start-up; a process started again after one died serves at once (phones may be
    waiting) and calls this in a thread meanwhile."""
    from scorekeeper.web.warm import show_sample

    for name in app.jinja_env.list_templates(
            filter_func=lambda name: name.endswith(".html") and not name.startswith("pdf/")):
        app.jinja_env.get_template(name)
    with app.app_context():
        from scorekeeper.web.scoreboard import prime

        prime()
    client = app.test_client()
    for locale in LOCALES:
        for path in WARM_PAGES:
            client.get(path, headers={"Accept-Language": locale.replace("_", "-")}).close()
        # the first deal's form of every game: the deal form's fields and buttons, made
        # once and kept, are made before a scorer's first deal
        for profile in PROFILES:
            client.get(f"/offline/deal/{locale}/{profile}/2").close()
    # the code of a match with deals: its lines, its chart, the form as the last deal left it
    show_sample(app)
    # What the process made to serve lives as long as it does: out of the garbage
    # collector's sight, its full collections no longer walk it (a pause of tens of
    # milliseconds in the middle of some page otherwise).
    gc.collect()
    gc.freeze()
