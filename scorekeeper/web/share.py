"""Sharing: the read-only viewer, its version poll, the QR code of its link, and the
scorer's phone telling the server it is there (so that the viewer knows when it waits)."""

from __future__ import annotations

import time
from datetime import datetime, timedelta
from typing import Any

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, url_for
from sqlalchemy import select, update

from scorekeeper.db import reader, writer
from scorekeeper.forms import is_token
from scorekeeper.models import BurroGame, Match, utcnow
from scorekeeper.web.common import cache
from scorekeeper.web.dealpage import deal_page
from scorekeeper.web.links import public_url, qr_image, qr_svg
from scorekeeper.web.scoreboard import board_page, load_match
from scorekeeper.web.versions import current_version

bp = Blueprint("share", __name__)


@bp.get("/v/<token>")
def view(token: str) -> Any:
    """The read-only scoreboard: it can never change anything."""
    version = current_version("view", token)
    if version is None:
        abort(404)
    return board_page(version, token, editable=False)


@bp.get("/v/<token>/deals/<int:number>")
def deal(token: str, number: int) -> Any:
    """One deal's breakdown, read-only."""
    return deal_page(token, number, editable=False)


@bp.get("/v/<token>/qr.svg")
def qr_code(token: str) -> Any:
    """The QR code of the read-only link, as an image: the scoreboard shows it, and the
    browser keeps it (the link never changes; the host it names is the request's)."""
    if current_version("view", token) is None:
        abort(404)
    image = qr_image(public_url(url_for("share.view", token=token)))
    return Response(image, mimetype="image/svg+xml",
                    headers={"Cache-Control": "private, max-age=86400"})


@bp.get("/v/<token>/version.json")
def version(token: str) -> Any:
    """The match's version, polled by the read-only viewer to refresh itself."""
    version = current_version("view", token)
    found = _presence(token) if version is not None else None
    if version is None or found is None:
        return jsonify({"error": {"code": "not-found", "message": "", "field": "token"}}), 404
    updated, seen, status = found
    heard = max(updated, seen) if seen is not None else updated
    quiet = timedelta(seconds=current_app.config["SCORER_QUIET_SECONDS"])
    response = jsonify({
        "version": version,
        "updated": _iso(updated),
        "heard": _iso(heard),
        "waiting": status == "in-progress" and utcnow() - heard > quiet,
    })
    response.headers["Cache-Control"] = "no-store"
    return response


#: How long the viewer's poll trusts what it read of the scorer's presence.
_PRESENCE_SECONDS = 2.0
#: The scorer's phone is written down at most this often per match.
_HEARD_SECONDS = 30.0


def _presence(view_token: str) -> tuple[datetime, datetime | None, str] | None:
    """(last change, when the scorer's phone was last heard, status) of a match."""
    if not is_token(view_token):
        return None
    known = cache("presence", 4096)
    now = time.monotonic()
    hit = known.get(view_token)
    if hit is not None and hit[0] > now:
        return hit[1]  # type: ignore[no-any-return]
    row = reader().execute(select(Match.updated, Match.scorer_seen, Match.status)
                           .where(Match.view_token == view_token)).first()
    found = (row.updated, row.scorer_seen, row.status) if row is not None else None
    known.put(view_token, (now + _PRESENCE_SECONDS, found))
    return found


def _iso(moment: datetime) -> str:
    """A stored moment (UTC, naive) as ISO 8601 with its zone, for the page's clock."""
    return moment.replace(microsecond=0).isoformat() + "Z"


@bp.post("/m/<token>/here")
def here(token: str) -> Any:
    """The scorer's phone is there (its open scoreboard or deal form says so every minute
    while shown): the read-only page stops saying it waits for the scorer. Nothing is
    changed but that moment, so the edit link alone vouches for it (no form token)."""
    if current_version("edit", token) is None:
        return jsonify({"error": {"code": "not-found", "message": "", "field": "token"}}), 404
    written = cache("heard", 4096)
    now = time.monotonic()
    last = written.get(token)
    if last is None or now - last >= _HEARD_SECONDS:
        written.put(token, now)
        with writer() as db:
            db.execute(update(Match).where(Match.edit_token == token).values(scorer_seen=utcnow()))
    response = current_app.response_class(status=204)
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/bv/<token>/version.json")
def burro_version(token: str) -> Any:
    """The Burro game's version, for the same self-refresh."""
    row = (
        reader().execute(select(BurroGame.version).where(BurroGame.view_token == token)).first()
        if is_token(token)
        else None
    )
    if row is None:
        return jsonify({"error": {"code": "not-found", "message": "", "field": "token"}}), 404
    response = jsonify({"version": row.version})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/m/<token>/share")
def share(token: str) -> Any:
    """The read-only link and its QR code, to show the other players."""
    match = load_match(reader(), edit=token)
    if match is None:
        abort(404)
    link = public_url(url_for("share.view", token=match.view_token))
    return render_template("share.html", match=match, link=link, qr=qr_svg(link),
                           edit_link=public_url(url_for("matches.scoreboard", token=token)))


@bp.get("/b/<token>/share")
def share_burro(token: str) -> Any:
    """The read-only link of a Burro game and its QR code."""
    game = reader().scalar(select(BurroGame).where(BurroGame.edit_token == token)) \
        if is_token(token) else None
    if game is None:
        abort(404)
    link = public_url(url_for("burro.view", token=game.view_token))
    return render_template("share.html", match=game, link=link, qr=qr_svg(link),
                           edit_link=public_url(url_for("burro.game", token=token)))
