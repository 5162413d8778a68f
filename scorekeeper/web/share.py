"""Sharing: the read-only viewer, its version poll, and the QR code of its link."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, jsonify, render_template, url_for
from sqlalchemy import select

from scorekeeper.db import reader
from scorekeeper.models import BurroGame
from scorekeeper.web.links import public_url, qr_svg
from scorekeeper.web.scoreboard import board_page, current_version, deal_page, load_match

bp = Blueprint("share", __name__)


@bp.get("/v/<token>")
def view(token: str) -> Any:
    """The read-only scoreboard: it can never change anything."""
    row = current_version("view", token)
    if row is None:
        abort(404)
    return board_page(row[0], row[1], token, editable=False)


@bp.get("/v/<token>/deals/<int:number>")
def deal(token: str, number: int) -> Any:
    """One deal's breakdown, read-only."""
    return deal_page(token, number, editable=False)


@bp.get("/v/<token>/version.json")
def version(token: str) -> Any:
    """The match's version, polled by the read-only viewer to refresh itself."""
    row = current_version("view", token)
    if row is None:
        return jsonify({"error": {"code": "not-found", "message": "", "field": "token"}}), 404
    response = jsonify({"version": row[1]})
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/bv/<token>/version.json")
def burro_version(token: str) -> Any:
    """The Burro game's version, for the same self-refresh."""
    row = (
        reader().execute(select(BurroGame.version).where(BurroGame.view_token == token)).first()
        if len(token) <= 64
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
        if len(token) <= 64 else None
    if game is None:
        abort(404)
    link = public_url(url_for("burro.view", token=game.view_token))
    return render_template("share.html", match=game, link=link, qr=qr_svg(link),
                           edit_link=public_url(url_for("burro.game", token=token)))
