"""The one way anything is written: once per form, on the version the form was built from.

Every form that writes carries an idempotency key (a double tap, a resubmitted form,
a retry after a dropped connection: the first submission wins and the others are
sent where it went) and, when it changes a match or a Burro game, the version it
was built from (a form built before another phone's change is answered with what
changed, and nothing is saved).

A key is bound to what its form said: the same key with other content is a form
restored by Back and typed again. That is never a replay and never silently dropped:
every writer answers it through ``guarded`` (409, what was typed shown again with a new
key, "what you entered now was not saved"), which offers to save it as a new entry. A key
is also bound to the match or game it writes to, so it can never lead to another one.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Callable
from datetime import timedelta
from functools import cache
from typing import Any, TypeVar

from flask import abort, current_app, g, redirect, render_template, request, url_for
from markupsafe import Markup, escape
from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value
from werkzeug.wrappers import Response

from scorekeeper import digits
from scorekeeper.db import reader, writer
from scorekeeper.forms import is_token
from scorekeeper.models import (
    Base,
    BurroGame,
    Change,
    Event,
    HouseRules,
    Match,
    Season,
    Submission,
    Table,
    used_submission,
    utcnow,
)
from scorekeeper.web import tally
from scorekeeper.web.common import _, remember
from scorekeeper.web.typedby import TypedBy

#: How long a used idempotency key is kept (a resubmitted form is minutes old, not days).
KEEP_KEYS = timedelta(days=7)


#: What a form changes: a match, a Burro game, a table, house rules or an event (each has an
#: edit token and a version).
Row = TypeVar("Row", Match, BurroGame, Table, HouseRules, Event, Season)
#: Which changes since a form's version leave it a form of the same thing: a match's
#: history actions, or a function of the locked row and the form's version.
Harmless = frozenset[str] | Callable[[Session, Any, int], bool]


class Stale(Exception):
    """The form was built from an older version of the row."""

    def __init__(self, row_id: int, version: int) -> None:
        super().__init__(row_id, version)
        self.row_id = row_id
        self.version = version


def new_key() -> str:
    """A fresh idempotency key for a form."""
    return secrets.token_urlsafe(16)


def clean_key(value: Any) -> str:
    key = str(value or "")
    return key if 0 < len(key) <= 64 else ""


#: The highest version a form can name: a row's version is a 32-bit integer column.
MAX_VERSION = 2**31 - 1


def form_version(value: Any) -> int | None:
    """The version a form was built against, or None when it names none a row can have
    (not written in ASCII digits, or out of the column's range: such a form is stale)."""
    return digits.below("" if value is None else str(value).strip(), MAX_VERSION + 1)


class KeyReused(Exception):
    """The form's key was used already, with other content; ``url`` is where it went."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.url = url


def form_digest() -> str:
    """What the submitted form says (every field but its CSRF token and key)."""
    if "form_digest" not in g:
        fields = sorted((k, v) for k, v in request.form.items(multi=True)
                        if k not in ("csrf_token", "idem"))
        g.form_digest = hashlib.sha256(repr(fields).encode("utf-8", "backslashreplace")).hexdigest()
    return str(g.form_digest)


def already_used(url: str) -> Markup:
    """What a page says when its form's key was used already, with other content."""
    return Markup(_(
        "This form was already used once: <a href=\"%(url)s\">see what it saved</a>. "
        "What you entered now was not saved; check it and send it again to save it "
        "as a new entry.", url=escape(url)))


Form = TypeVar("Form")


def keyed(form: Form, version: int | None = None) -> Form:
    """``form`` shown for the first time: a new idempotency key (and ``version``, the
    version of the row it is built from); a submitted form keeps what it was sent with."""
    shown: Any = form
    if not shown.is_submitted():
        shown.idem.data = new_key()
        if version is not None:
            shown.version.data = str(version)
    return form


def guarded(form: Any, write: Callable[[], Any], page: Callable[[Markup], Any],
            stale: Callable[[Stale], Any] | None = None) -> Any:
    """Answer a form that writes: ``write()`` (its checks and its ``write_once``) as it
    answers, except for two refusals that save nothing.

    - Its key was spent on other content (a form restored by Back and changed): 409,
      ``page(notice)`` shows what was typed with the notice (``already_used``) and a new
      key in ``form``, so that sending it again saves it as a new entry.
    - It was built from an older version of its row: ``stale(error)``'s answer.
    """
    try:
        return write()
    except KeyReused as reused:
        form.idem.data = new_key()
        answer = page(already_used(reused.url))
        return (answer[0] if isinstance(answer, tuple) else answer), 409
    except Stale as error:
        if stale is None:
            raise
        return stale(error)


def spent_page(notice: Markup) -> Any:
    """What a form whose row is gone says when sent again changed (a delete confirmed
    twice on two versions): nothing was done."""
    return render_template("error.html", status=409, code="already-used", message=notice), 409


def scoped_key(key: str, scope: str) -> str:
    """The key as stored: bound to what the form writes to (a match's edit token, a new
    match…) and unreadable without the app's secret, so no key leads elsewhere."""
    if not key:
        return ""
    secret = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(secret, f"{scope}\0{key}".encode(), hashlib.sha256).hexdigest()


def form_key(form: Any, scope: str) -> str:
    """The stored key of a submitted form (its ``idem`` field) writing to ``scope``."""
    return scoped_key(clean_key(form.idem.data), scope)


def posted_key(scope: str) -> str:
    """``form_key`` of the form the request sends, before any form is built from it."""
    return scoped_key(clean_key(request.form.get("idem")), scope)


def done_before(key: str) -> str | None:
    """Where this very form went when it was first sent (its key, with the same content),
    or None: for a write whose checks read what the first sending changed (a side now
    vulnerable, a turn seated since: the form sent again would fail them), asked first."""
    return _replayed(reader(), key, form_digest())


def answered_before(key: str) -> Response | None:
    """``done_before`` as an answer: a redirect, or None (a new key, or one spent on other
    content: the write answers that)."""
    try:
        done = done_before(key)
    except KeyReused:
        return None
    return redirect(done) if done else None


def _replayed(db: Session, key: str, digest: str) -> str | None:
    """Where the first submission with ``key`` went; ``KeyReused`` when it said otherwise."""
    found = used_submission(db, key) if key else None
    if found is None:
        return None
    url, stored = found
    if stored is not None and stored != digest:
        raise KeyReused(url)
    return url


def _remember_key(db: Session, key: str, target_url: str, digest: str) -> None:
    if key:
        insert_row(db, Submission, key=key, target_url=target_url, digest=digest)
        if secrets.randbelow(50) == 0:  # now and then, forget keys nobody can still replay
            db.execute(delete(Submission).where(Submission.created < utcnow() - KEEP_KEYS))


class _Done(Exception):
    """The key was used already: go where its first submission went."""

    def __init__(self, url: str) -> None:
        super().__init__(url)
        self.url = url


def write_once(key: str, change: Callable[[Session], str],
               after: Callable[[], None] | None = None) -> Response:
    """Run ``change`` in one write transaction, at most once for ``key`` (a ``scoped_key``),
    then go to the URL it returns (``after`` runs once the transaction is committed).

    A key already used with the same content sends the phone where its first submission
    went, also when the same key commits at the same instant on another connection (the
    unique key then fails this transaction, and the first one's result is read back).
    A key used with other content raises ``KeyReused``.
    """
    digest = form_digest()
    try:
        with writer() as db:
            done = _replayed(db, key, digest)
            if done:
                return redirect(done)
            url = change(db)
            _remember_key(db, key, url, digest)
    except _Done as replay:
        return redirect(replay.url)
    except IntegrityError:
        done = _replayed(reader(), key, digest)
        if not done:
            raise
        return redirect(done)
    if after is not None:
        after()
    return redirect(url)


class LinksTaken(Exception):
    """The links a phone chose for a new match already open another one."""


def create_once(key: str, make: Callable[[], Row], endpoint: str, kind: str,
                clash: Callable[[Session, Row], bool] | None = None) -> Response:
    """Add the match, game or table ``make()`` builds, once per ``key``; this browser
    keeps it on its home page (``kind``: "matches", "burros" or "tables"); then go to its
    page at ``endpoint``. ``clash``: whether the row's links, chosen already (a match set
    up on a phone without a network), are another row's: ``LinksTaken`` then (a replay
    of the same submission never gets that far: it goes where the first one went)."""
    created: list[Row] = []
    built: list[Row] = []

    def create(db: Session) -> str:
        row = make()
        built.append(row)
        if clash is not None and clash(db, row):
            raise LinksTaken
        db.add(row)
        db.flush()
        created.append(row)
        return url_for(endpoint, token=row.edit_token)

    try:
        return write_once(key, create, after=lambda: remember(created[0].edit_token, kind))
    except IntegrityError:
        # the same links sent at the same instant with another key (on PostgreSQL both
        # pass the clash check, and the second one's insert breaks the unique index)
        if clash is not None and built and clash(reader(), built[-1]):
            raise LinksTaken from None
        raise


def create_from_form(form: Any, purpose: str, make: Callable[[], Row], endpoint: str, kind: str,
                     template: str) -> Any:
    """A Burro game or a table made from its form (``create_once``, its key spent for
    ``purpose``); a key spent on other names said under the players' (``template``)."""
    def reused(notice: Markup) -> Any:
        form.players.errors = [*form.players.errors, notice]
        return render_template(template, form=form)

    return guarded(form, lambda: create_once(form_key(form, purpose), make, endpoint, kind),
                   reused)


@cache
def _locking(model: type[Row]) -> Any:
    """The statement that reads and locks a row of ``model`` by its edit token (built once)."""
    return select(model).where(model.edit_token == bindparam("token")).with_for_update()


#: Changes of a match that leave its deals as they were: a deal form built before one of
#: them is still a form of the same deals (who deals first and who sits where only change
#: the names shown).
DEALS_UNCHANGED = frozenset({"dealer", "seating", "renamed"})


def lock(db: Session, model: type[Row], token: str, submitted_version: Any, key: str,
         *, harmless: Harmless = frozenset()) -> Row:
    """The row of ``model`` with this edit token, locked for the write (FOR UPDATE; SQLite
    is locked already), checked against the form's version: a newer version is stale
    unless every change since is one of ``harmless`` (a match's history actions). A key
    that another request used while this one waited for the lock answers as that
    request did."""
    row: Row | None = db.scalar(_locking(model), {"token": token}) \
        if is_token(token) else None
    if row is None:
        abort(404)
    _replayed_meanwhile(db, key)
    submitted = form_version(submitted_version)
    if submitted != row.version and not _only(db, row, submitted, harmless):
        raise Stale(row.id, submitted or 0)
    return row


def lock_row(db: Session, model: type[Row], token: str, key: str) -> Row:
    """The row of ``model`` with this edit token, locked for the write whatever its
    version, for a write that checks a version of its own (a table's sheet of an event);
    a key used meanwhile answers as ``lock``'s does."""
    row: Row | None = db.scalar(_locking(model), {"token": token}) if is_token(token) else None
    if row is None:
        abort(404)
    _replayed_meanwhile(db, key)
    return row


def _replayed_meanwhile(db: Session, key: str) -> None:
    """``_Done`` if ``key`` was used while this request waited for the row's lock."""
    if db.get_bind().dialect.name == "sqlite":
        return
    done = _replayed(db, key, form_digest())
    if done:
        raise _Done(done)


def _only(db: Session, row: Row, since: int | None, harmless: Harmless) -> bool:
    """Every change of match ``row`` after version ``since`` is one of ``harmless`` (or
    ``harmless(db, row, since)`` says the changes since leave the form as it was)."""
    if not harmless or since is None or since > row.version:
        return False
    if callable(harmless):
        return harmless(db, row, since)
    if not isinstance(row, Match):
        return False
    actions = db.scalars(select(Change.action).where(Change.match_id == row.id,
                                                     Change.version > since)).all()
    return len(actions) == row.version - since and set(actions) <= harmless


def insert_row(db: Session, model: type[Base], **values: Any) -> None:
    """Add one row of ``model`` in the write transaction as a plain INSERT (its columns'
    defaults filled in), without the ORM's unit of work: nothing reads the row back."""
    db.connection().execute(_inserting(model), values)


@cache
def _inserting(model: type[Base]) -> Any:
    return insert(model)  # built once: its compiled form is kept


_RECORD = update(Match).where(Match.id == bindparam("match_id")).values(
    version=bindparam("version"), updated=bindparam("updated"), status=bindparam("status"),
    totals=bindparam("totals", type_=Match.totals.type), tally=bindparam("tally"),
    tally_of=bindparam("tally_of"))


def record(db: Session, match: Match, action: str, position: int,
           result: dict[str, Any], before: dict[str, Any] | None = None,
           by: TypedBy | None = None) -> None:
    """Bump the match's version, write the history line (``by``: the phone that typed the
    change), keep its status and totals
    (``result``: the referee's document for the deals as they now stand; kept as the new
    version's tally when it is the referee's whole answer, ``web/tally.py``).
    Two plain statements; ``match`` is given the values written, as the database holds
    them."""
    version = match.version + 1
    values = {"version": version, "updated": utcnow(),
              "status": str(result.get("status", "in-progress")),
              "totals": list(result.get("totals", []))}
    db.connection().execute(_RECORD, {"match_id": match.id, **values,
                                      **tally.columns(version, result)})
    insert_row(db, Change, match_id=match.id, version=values["version"], action=action,
               position=position, before=before, phone=by.phone if by else None,
               phone_seq=by.seq if by else None)
    for name, value in values.items():
        set_committed_value(match, name, value)
