"""Every failure answered in the visitor's language: a page, or the API's JSON error."""

from __future__ import annotations

from typing import Any

from flask import Flask, current_app, render_template, request
from flask_wtf.csrf import CSRFError
from sqlalchemy import exc as db_errors

from scorekeeper import pdf
from scorekeeper.db import get_db
from scorekeeper.formlists import UnreadIndex
from scorekeeper.msgids import N_
from scorekeeper.web.api import error
from scorekeeper.web.common import _

#: The header that says why a form was refused, for the phone's outbox (static/js/sw/).
REFUSED = "X-Scorekeeper-Refused"
#: The header of an answer that says the database did not answer: the phone's service
#: worker then shows the page it kept, and keeps a form sent in its outbox (static/js/sw/).
UNAVAILABLE = "X-Scorekeeper-Unavailable"
#: The database did not answer (its server stopped or restarting, a lock held past its
#: timeout, a full disk): nothing was saved, and it may answer again in a moment.
UNREACHED = (db_errors.OperationalError, db_errors.InterfaceError, db_errors.TimeoutError)
#: Seconds before such a request is worth sending again.
UNREACHED_RETRY = 5
#: What each failure is called (the error page and the API's ``code``).
CODES: dict[int | type[Exception], tuple[int, str]] = {
    400: (400, "bad-request"),
    CSRFError: (400, "csrf"),
    404: (404, "not-found"),
    405: (405, "not-allowed"),
    413: (413, "too-large"),
    500: (500, "server-error"),
    503: (503, "unavailable"),
    pdf.RenderBusy: (503, "busy"),
    UnreadIndex: (400, "unread-field"),
}


#: What an answer of each code says of itself for the phone's service worker: a form
#: whose token ran out (sent again once with a fresh one), a database that did not answer
#: (the form kept in the outbox, the page shown as kept).
SAID = {"csrf": {REFUSED: "csrf"}, "database": {UNAVAILABLE: "database"},
        "schema": {UNAVAILABLE: "database"}}
#: What the API says of a failure worth trying again, and when.
WAITS = {"busy": N_("Busy: try again in %(seconds)s seconds."),
         "database": N_("The scores cannot be reached right now: nothing was saved. Try "
                        "again in %(seconds)s seconds.")}
#: A database whose schema is older than the code (``Database.schema_behind``): nothing
#: answers until whoever runs the server upgrades it (docs/deployment.md).
BEHIND = N_("The database needs “scorekeeper db upgrade”: nothing was saved. Whoever runs "
            "this server must run it; then try again.")
#: Seconds before a page is worth asking again of a database that needs upgrading.
BEHIND_RETRY = 60


def page(status: int, code: str, failure: Exception | None = None,
         retry_after: int | None = None) -> Any:
    """The error page (or, under ``/api/``, the JSON error) for ``status``; a 405 says
    in ``Allow`` which methods the address takes (RFC 9110); ``Retry-After`` says how many
    seconds to wait (``retry_after``, else the failure's own: a busy PDF renderer's)."""
    headers: dict[str, str] = dict(SAID.get(code, {}))
    allowed = getattr(failure, "valid_methods", None)
    if status == 405 and allowed:
        headers["Allow"] = ", ".join(allowed)
    if retry_after is None:
        retry_after = getattr(failure, "retry_after", None)
    if isinstance(retry_after, int):
        headers["Retry-After"] = str(retry_after)
    said = _(WAITS[code], seconds=retry_after) if code in WAITS else None
    if code == "schema":
        said = _(BEHIND)
    if isinstance(failure, UnreadIndex):  # a form no page of ours wrote: which field
        said = _("This form holds a field no page of this server writes (“%(field)s”): "
                 "nothing was saved. Open the page again and send it from there.",
                 field=failure.name[:60])
    if request.path.startswith("/api/"):
        messages = {
            404: _("No such API endpoint."),
            405: _("This endpoint takes a POST with a JSON document."),
            413: _("The document is too large."),
        }
        message = said or messages.get(status, _("Something went wrong"))
        body, status = error(code, message, None, status)
        return body, status, headers
    # the page says a database that did not answer in the API's words (a busy renderer in
    # its own, longer ones)
    return render_template("error.html", status=status, code=code, retry_after=retry_after,
                           message=said), status, headers


def init_app(app: Flask) -> None:
    """Answer every failure of ``CODES`` with ``page``, and a database that did not answer
    with a 503 that says so (the failure logged for whoever runs the server), or, when its
    schema is older than the code, says that it needs upgrading."""
    for failure, (status, code) in CODES.items():
        app.register_error_handler(
            failure, lambda err, status=status, code=code: page(status, code, err))
    for failure in UNREACHED:
        app.register_error_handler(failure, _unreached)
    # PostgreSQL names a missing column a statement's error, not the connection's
    app.register_error_handler(db_errors.ProgrammingError, _refused)


#: How SQLite says that a statement names what its schema lacks (PostgreSQL says it with
#: a ProgrammingError): only then is the schema asked for, never on an outage.
_LACKING = ("no such table", "no such column", "has no column named")


def _unreached(err: Exception) -> Any:
    if any(said in str(err) for said in _LACKING) and get_db().schema_behind():
        return _behind(err)
    current_app.logger.error("the database did not answer %s %s: %s", request.method,
                             request.path, str(err).splitlines()[0] if str(err) else err)
    return page(503, "database", err, retry_after=UNREACHED_RETRY)


def _refused(err: Exception) -> Any:
    """A statement the database refused: a schema older than the code's, said so; any
    other is the server's own fault (500, logged with its traceback)."""
    if get_db().schema_behind():
        return _behind(err)
    raise err


def _behind(err: Exception) -> Any:
    current_app.logger.error("the database's schema is older than this code's: run "
                             "`scorekeeper db upgrade` (%s %s: %s)", request.method,
                             request.path, str(err).splitlines()[0] if str(err) else err)
    return page(503, "schema", err, retry_after=BEHIND_RETRY)
