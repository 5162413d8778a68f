"""The JSON API: the same documents as the ``scorekeeper`` command.

200 the input is legal, 422 it is readable but breaks a rule (the document says
which), 400 it cannot be read: ``{"error": {"code", "message", "field"}}``.
``?lang=fr`` localises the messages; ``?notation=fr`` reads the cards in the French
letters (``RC`` = R♥, roi de cœur), which the page's card picker uses. Without it the
cards are in the contract's notation (``S H D C``, symbols). No cookies are needed, so
no CSRF token.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, current_app, jsonify, request, send_from_directory
from sqlalchemy import or_, select

from scorekeeper import documents, rules
from scorekeeper.db import reader
from scorekeeper.forms import is_token
from scorekeeper.i18n import forced_locale, normalize_locale
from scorekeeper.models import Season
from scorekeeper.web.common import _, input_error_text, localize
from scorekeeper.web.evening.seasongrades import season_evenings, season_grades

bp = Blueprint("api", __name__, url_prefix="/api/v1")

#: Documents larger than this are refused before parsing (a deal is a few KB).
MAX_BODY = 256 * 1024


def _lang() -> str:
    """``?lang=fr``, ``pt-br``, ``pt``…: the nearest locale we offer (English otherwise)."""
    return normalize_locale(request.args.get("lang"))


def error(code: str, message: str, field: str | None = None, status: int = 400) -> Any:
    return jsonify({"error": {"code": code, "message": message, "field": field}}), status


def _run(kind: str) -> Any:
    with forced_locale(_lang()):
        if request.content_length is not None and request.content_length > MAX_BODY:
            return error("too-large", _("The document is too large."), None, 413)
        try:
            body = request.get_json(force=True, silent=True)
            if body is None:
                return error("bad-json", _("The body is not a JSON document."))
            notation = request.args.get("notation")
            doc = documents.read(kind, body, normalize_locale(notation) if notation else None)
            documents.check_entered(kind, body)  # a deal coming in: counts cards can make
        except RecursionError:  # [[[[…]]]] a thousand levels deep: no document of ours
            return error("bad-json", _("The document is nested too deeply."))
        except rules.InputError as err:
            return error(err.code, input_error_text(err), err.params.get("field"))
        except (TypeError, ValueError, KeyError, AttributeError) as err:
            # the referee reads every document it takes into an InputError: anything else
            # is its own fault, which tests (and a fuzzer under TESTING) must see as one
            if current_app.testing:
                raise
            current_app.logger.warning("unreadable API input: %r", err)
            return error("bad-value", _("The document cannot be read."))
        doc = localize(doc)
    return jsonify(doc), documents.status(doc)


@bp.post("/check")
def check() -> Any:
    """Judge melds (and the opening with ``before``)."""
    return _run("check")


@bp.post("/score")
def score() -> Any:
    """Score one deal."""
    return _run("score")


@bp.post("/match")
def match() -> Any:
    """Score a whole match."""
    return _run("match")


@bp.post("/burro")
def burro() -> Any:
    """Letters, who is out and the ranking of a Burro game."""
    return _run("burro")


@bp.post("/event")
def event() -> Any:
    """A club's tournament: each table's MP and VP, the standings, the next turn's seats."""
    return _run("event")


@bp.get("/profiles")
def profiles() -> Any:
    """Every rule profile as data."""
    return jsonify(rules.profiles_document())


@bp.get("/grades")
def grades() -> Any:
    """A club's season's grades (docs/contract.md, "Grades"): every player's and pair's,
    from its evenings in the season's order; ``?season=`` its link."""
    token = request.args.get("season")
    db = reader()
    found = db.scalar(select(Season).where(or_(Season.edit_token == token,
                                               Season.view_token == token))
                      ) if is_token(token) else None
    if found is None:
        with forced_locale(_lang()):
            return error("unknown-season", _("No season has this link."), "season", 404)
    return jsonify(season_grades(season_evenings(db, found)))


@bp.get("/openapi.json")
def openapi() -> Any:
    """The OpenAPI 3 description of this API."""
    return send_from_directory(current_app.static_folder or "static", "openapi.json",
                               mimetype="application/json")
