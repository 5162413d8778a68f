"""Who sits where and who deals first: the pages that ask, and the writes that keep the
answers (``seating.py`` has the rules)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from sqlalchemy.orm import Session

from scorekeeper import digits, seating
from scorekeeper.db import reader
from scorekeeper.forms import ConfirmForm
from scorekeeper.models import Match
from scorekeeper.web.matches import confirm_page, confirmed_write
from scorekeeper.web.scoreboard import board, load_match, note_written, seated
from scorekeeper.web.writes import keyed, new_key, record

bp = Blueprint("seats", __name__)


@bp.get("/m/<token>/dealer")
def dealer_choice(token: str) -> Any:
    """Ask who deals first: one button per seat, in the order the players sit."""
    return confirm_page(token, "dealer.html")


@bp.post("/m/<token>/dealer")
def choose_dealer(token: str) -> Any:
    """Remember who dealt the first deal: every later dealer follows, one seat to the left."""
    seat = request.form.get("seat", "")
    match = load_match(reader(), edit=token)
    if match is None:
        abort(404)
    first = digits.below(seat, len(seated(match)))
    if first is None:
        return confirm_page(token, "dealer.html"), 400

    def choose(db: Session, locked: Match) -> None:
        locked.first_dealer = first
        record(db, locked, "dealer", len(locked.deals),
               {"status": locked.status, "totals": locked.totals})

    return confirmed_write(token, "dealer.html", choose, note_written,
                           url_for("matches.scoreboard", token=token))


def _seating_page(token: str, order: str, status: int = 200, notice: Any = None) -> Any:
    """Who sits where, a tap per seat that has a choice: the seats chosen so far going
    round to the left (``order``: their places in the default seating), then the players
    who may sit next, or the whole table to save (``notice``: why a form sent is shown
    again, with a new key)."""
    match = load_match(reader(), edit=token)
    if match is None:
        abort(404)
    form = keyed(ConfirmForm(), match.version)
    if notice is not None:
        form.idem.data, form.version.data = new_key(), str(match.version)
        form.form_errors.append(notice)
    chosen = seating.read_order(match.sides, order)
    picked = (seating.fill(match.sides, chosen) if chosen is not None else None) \
        or seating.fill(match.sides, []) or []

    def link(more: list[seating.Seat]) -> str:
        return url_for("seats.seating_choice", token=token,
                       order=seating.write_order(match.sides, more))

    names = seating.seat_names(match.sides)
    return render_template(
        "seating.html", match=match, form=form, b=board(match),
        picked=[names[s][k] for s, k in picked],
        ahead=[(names[s][k], link([*picked, (s, k)]))
               for s, k in seating.next_seats(match.sides, picked)],
        order=seating.write_order(match.sides, picked),
        again=link([])), status


@bp.get("/m/<token>/seating")
def seating_choice(token: str) -> Any:
    """Ask who sits where: from the first player, who sits next going to the left."""
    return _seating_page(token, request.args.get("order", ""))


@bp.post("/m/<token>/seating")
def choose_seating(token: str) -> Any:
    """Remember who sits where; the first dealer stays the same person."""
    order = request.form.get("order", "")
    match = load_match(reader(), edit=token)
    if match is None:
        abort(404)
    chosen = seating.read_order(match.sides, order)
    if chosen is None or not seating.is_seating(match.sides, chosen):
        return _seating_page(token, "", 400)

    seats = chosen

    def choose(db: Session, locked: Match) -> None:
        before = seating.seating(locked.sides, locked.seating)
        locked.first_dealer = seating.moved_dealer(before, seats, locked.first_dealer)
        locked.seating = [list(seat) for seat in seats]
        record(db, locked, "seating", len(locked.deals),
               {"status": locked.status, "totals": locked.totals})

    return confirmed_write(token, "seating.html", choose, note_written,
                           url_for("seats.dealer_choice", token=token),
                           again=lambda notice: _seating_page(
                               token, order, 400 if notice is None else 409, notice))
