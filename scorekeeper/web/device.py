"""What a phone owns, kept on the phone too: a phone forgets its browser session (a
home-screen app, a browser killed in the background), never its matches.

The session cookie lasts 90 days from its last change (``web/sessions.py``); besides it,
each phone keeps the links of its matches, Burro games, tables and house rules in its own
storage (``static/js/register.js``). When the home page lists fewer than the phone holds, the
phone hands its links back here (``POST /device/remember``, with a form token like any
form) and the home page lists them again. Only links the server has are remembered, at
most ``common.REMEMBERED`` of each kind: a phone can name nothing it did not know.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, jsonify, request
from sqlalchemy import select

from scorekeeper.db import reader
from scorekeeper.forms import is_token
from scorekeeper.models import BurroGame, Event, HouseRules, Match, Season, Table
from scorekeeper.web.common import REMEMBERED, remember, remembered

bp = Blueprint("device", __name__)

#: What a phone may hand back, by the name its home page lists it under.
KINDS: dict[str, Any] = {"matches": Match, "burros": BurroGame, "tables": Table,
                         "house": HouseRules, "events": Event, "seasons": Season}


@bp.post("/device/remember")
def remember_tokens() -> Any:
    """Put the links this phone keeps back on its home page (those the server has), and
    say which it does not have."""
    added, unknown = 0, {}
    for kind, model in KINDS.items():
        known = set(remembered(kind))
        asked = [t for t in request.form.getlist(kind)[:REMEMBERED]
                 if is_token(t) and t not in known]
        if not asked:
            continue
        found = set(reader().scalars(select(model.edit_token)
                                     .where(model.edit_token.in_(asked))))
        for token in asked:
            if token in found:
                remember(token, kind)
                added += 1
        unknown[kind] = [t for t in asked if t not in found]
    # the phone forgets what the server no longer has (a match deleted on another phone)
    response = jsonify({"remembered": added, "unknown": unknown})
    response.headers["Cache-Control"] = "no-store"
    return response
