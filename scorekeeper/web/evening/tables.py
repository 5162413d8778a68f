"""A table of an evening's turn: its deals as the director enters them from the table's
paper (the one-screen deal form, counts or cards, every deal judged on its own: both
sides start it from 0, as an event scores it), its match points and victory points."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import rules
from scorekeeper.db import reader
from scorekeeper.eventforms import ForfeitForm, PenaltyForm
from scorekeeper.forms import ConfirmForm, DealForm, clean_text
from scorekeeper.models import Event, EventChange, EventTable, Match
from scorekeeper.rules.document import MAX_TARGET
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.dealform import build_form
from scorekeeper.web.deals import answer_deal, unstored_deal_page
from scorekeeper.web.evening import store
from scorekeeper.web.evening.director import bump, entrant_names, head_of, load_event, scored
from scorekeeper.web.evening.rows import seat_name
from scorekeeper.web.evening.sheets import (
    CONFIRMED,
    SIDES,
    scored_sheet,
    table_link,
    table_state,
    turn_sheets,
    what_differs,
)
from scorekeeper.web.scoreboard import match_result

bp = Blueprint("event_tables", __name__)

#: What the history says of a change to one table (``EventChange.action``).
TABLE_ACTIONS = ("deal", "edited", "penalty", "forfeit", "confirmed-ns", "confirmed-ew",
                 "kept-ns", "kept-ew")


def seat_names(event: Event, side: int | list[int]) -> str:
    """Who sits on a side of a table: a pair's name, or an individual side's two players."""
    return seat_name(side, entrant_names(head_of(event)))


def _table(event: Event, turn: int, table: int) -> dict[str, Any]:
    """The table as entered (as the event document writes it), 404 when the turn has no
    such table."""
    found = store.table_row(reader(), event, turn - 1, table) if 1 <= turn <= event.seated \
        else None
    if found is None:
        abort(404)
    return store.as_table(found)


def _scored_table(event: Event, turn: int, table: int) -> dict[str, Any]:
    answer = scored(event)
    tables = answer["turns"][turn - 1]["tables"] if turn <= len(answer["turns"]) else []
    return next((t for t in tables if t["table"] == table), {})


@bp.get("/e/<token>/turns/<int:turn>/tables/<int:table>")
def table_page(token: str, turn: int, table: int) -> Any:
    """A table of a turn: who sits where, its deals, its MP and VP once complete, its
    penalties and a forfeit."""
    return _table_page(load_event(reader(), edit=token), turn, table)


def _table_page(event: Event, turn: int, table: int, *, penalty: PenaltyForm | None = None,
                forfeit: ForfeitForm | None = None, notice: Any = None,
                status: int = 200) -> Any:
    entered = _table(event, turn, table)
    penalty = writes.keyed(penalty or PenaltyForm(formdata=None), event.version)
    forfeit = writes.keyed(forfeit or ForfeitForm(formdata=None, side=entered["forfeit"] or ""),
                           event.version)
    return render_template(
        "event_table.html", event=event, turn=turn, table=entered,
        result=_scored_table(event, turn, table), ns=seat_names(event, entered["ns"]),
        ew=seat_names(event, entered["ew"]), deals_per_turn=event.head["deals_per_turn"],
        penalty=penalty, forfeit=forfeit, notice=notice,
        phones=table_link(event, table, _external=True), sheets=_phones(event, turn, entered),
        keep=writes.keyed(ConfirmForm(formdata=None), event.version),
        drafts=f"m/{_token(event, turn, table)}",
        history=history(event, turn, table)), status


def _phones(event: Event, turn: int, entered: dict[str, Any]) -> dict[str, Any]:
    """What the table's phones entered for the turn, while the table is not complete:
    each side's deals scored, and what differs where the two disagree."""
    sheets = turn_sheets(reader(), event, turn).get(entered["table"], {})
    deals = {side: sheets[side].deals if side in sheets else [] for side in SIDES}
    state = table_state(entered, deals, event.head["deals_per_turn"])
    if state.state == CONFIRMED or not any(deals.values()):
        return {}
    return {"state": state, "deals": deals,
            "results": {s: scored_sheet(event, entered, deals[s]) for s in SIDES},
            "diffs": {n: what_differs(event, deals["ns"][n - 1], deals["ew"][n - 1])
                      for n in state.differing}}


@bp.post("/e/<token>/turns/<int:turn>/tables/<int:table>/keep/<side>")
def keep(token: str, turn: int, table: int, side: str) -> Any:
    """The director makes the deals one side's phone entered the table's (two sides that
    disagree, or a side that cannot confirm), with the reason kept in the history."""
    event = load_event(reader(), edit=token)
    _table(event, turn, table)
    if side not in SIDES:
        abort(404)
    form = ConfirmForm()

    def change(db: Session, found: EventTable, row: Event) -> None:
        sheet = turn_sheets(db, event, turn).get(table, {}).get(side)
        per_turn = row.head["deals_per_turn"]
        if sheet is None or len(sheet.deals) < per_turn:
            abort(409)
        store.set_deals(found, list(sheet.deals[:per_turn]))

    return _change_table(token, turn, table, form, change, f"kept-{side}", _reason())


@bp.post("/e/<token>/turns/<int:turn>/tables/<int:table>/penalty")
def penalty(token: str, turn: int, table: int) -> Any:
    """Take match points off a side (late at the table: 100, the federation's code)."""
    event = load_event(reader(), edit=token)
    _table(event, turn, table)
    form = PenaltyForm()
    if not form.validate():
        return _table_page(event, turn, table, penalty=form, status=422)
    entry = {"side": form.side.data, "mp": form.mp.data, "why": form.why.data or None}
    return _change_table(token, turn, table, form,
                         lambda _db, t, _row: store.add_penalty(t, **entry), "penalty",
                         form.why.data or None)


@bp.post("/e/<token>/turns/<int:turn>/tables/<int:table>/forfeit")
def forfeit(token: str, turn: int, table: int) -> Any:
    """A side forfeits the turn at this table (or, ``Nobody``, no longer does)."""
    event = load_event(reader(), edit=token)
    _table(event, turn, table)
    form = ForfeitForm()
    if not form.validate():
        return _table_page(event, turn, table, forfeit=form, status=422)
    side = form.side.data or None
    return _change_table(token, turn, table, form,
                         lambda _db, t, _row: setattr(t, "forfeit", side),
                         "forfeit", None)


def _change_table(token: str, turn: int, table: int, form: Any,
                  change: Callable[[Session, EventTable, Event], None], action: str,
                  reason: str | None) -> Any:
    """``change(db, table, event)`` the table's row of the locked event, once per form."""
    key = writes.form_key(form, f"event {token}")
    url = url_for("event_tables.table_page", token=token, turn=turn, table=table)

    def run(db: Session) -> str:
        row = writes.lock(db, Event, token, form.version.data, key,
                          harmless=lambda db, found, since: _elsewhere(db, found, since,
                                                                       turn, table))
        found = store.table_row(db, row, turn - 1, table)
        if found is None:
            abort(404)
        change(db, found, row)
        bump(db, row, action, turn - 1, table, reason)
        return url

    def again(notice: Any) -> Any:  # what was typed kept, to send again
        return _table_page(load_event(reader(), edit=token), turn, table, notice=notice,
                           penalty=form if isinstance(form, PenaltyForm) else None,
                           forfeit=form if isinstance(form, ForfeitForm) else None,
                           status=409)

    return writes.guarded(form, lambda: writes.write_once(key, run), again, lambda _e: again(_(
        "This table changed since the page was opened: here it is as it stands.")))


def table_match(event: Event, turn: int, table: int) -> Match:
    """The table's deal as a match that is not stored: NS and EW, the event's rules, no
    target and no deal before it, so that the deal form judges each deal on its own."""
    entered = _table(event, turn, table)
    now = datetime(event.day.year, event.day.month, event.day.day)
    chosen = event.head["profile"]
    house = None
    if isinstance(chosen, dict):  # house rules: the match keeps their document, as a match
        played = rules.profile_of(chosen)
        chosen, house = played.base or played.id, {"document": event.head["profile"],
                                                   "version": event.version, "token": None}
    return Match.unstored(name=event.name, profile=chosen, rules=house, target=MAX_TARGET,
                          version=event.version, sides=[
                              {"name": seat_names(event, entered[seat]), "players": []}
                              for seat in ("ns", "ew")],
                          token=_token(event, turn, table), view_token="", when=now)


def _token(event: Event, turn: int, table: int) -> str:
    """The edit link of the table's match that is not stored: what its deal drafts are
    kept under on the director's phone (``static/js/deal.js``)."""
    return f"event-{event.edit_token}-{turn}-{table}"


@bp.route("/e/<token>/turns/<int:turn>/tables/<int:table>/deals/new", methods=["GET", "POST"])
def new_deal(token: str, turn: int, table: int) -> Any:
    """Enter the table's next deal."""
    return _enter(token, turn, table, None)


@bp.route("/e/<token>/turns/<int:turn>/tables/<int:table>/deals/<int:number>/edit",
          methods=["GET", "POST"])
def edit_deal(token: str, turn: int, table: int, number: int) -> Any:
    """Fix a deal of the table: its MP and VP, and the standings, follow."""
    return _enter(token, turn, table, number)


def _enter(token: str, turn: int, table: int, number: int | None) -> Any:
    event = load_event(reader(), edit=token)
    deals = _table(event, turn, table)["deals"]
    board = url_for("event_tables.table_page", token=token, turn=turn, table=table)
    if number is None and len(deals) >= event.head["deals_per_turn"] \
            and request.method == "GET":
        return redirect(board, 303)  # all its deals are in: fix one from the table's page
    if number is not None and not 1 <= number <= len(deals):
        abort(404)
    match = table_match(event, turn, table)
    stored = deals[number - 1] if number is not None else None
    form = build_form(match, rules.profile_of(match.rules_document()), stored)
    extra = {"board": board, "number": number or len(deals) + 1,
             "table_heading": _("Table %(table)d · Turn %(turn)d", table=table, turn=turn),
             **({"ask_reason": True} if number is not None else {})}
    if request.method == "GET":
        writes.keyed(form, event.version)
        return unstored_deal_page(match, form, extra)
    return answer_deal(match, form, 0, 0, match_result(match, []),
                       lambda doc, _full: _save(token, turn, table, number, form, doc, board),
                       extra)


def _save(token: str, turn: int, table: int, number: int | None, form: DealForm,
          doc: Any, board: str) -> Any:
    """Store the deal as the table's: its next one, or in place of deal ``number``."""
    key = writes.form_key(form, f"event {token}")

    def run(db: Session) -> str:
        row = writes.lock(db, Event, token, form.version.data, key,
                          harmless=lambda db, found, since: _elsewhere(db, found, since,
                                                                       turn, table))
        found = store.table_row(db, row, turn - 1, table)
        if found is None or (number is None and len(found.deals) >= row.head["deals_per_turn"]):
            abort(409)
        saved = store.put_deal(found, number, doc)
        bump(db, row, "deal" if number is None else "edited", turn - 1, table, _reason(), saved)
        return board

    def stale(_error: Any) -> Any:
        fresh = load_event(reader(), edit=token)
        form.version.data = str(fresh.version)
        return unstored_deal_page(table_match(fresh, turn, table), form, {
            "board": board, "number": number or len(_table(fresh, turn, table)["deals"]) + 1,
            "changes": None, "stale_notice": _(
                "This table's deals changed since the form was opened: check the deal "
                "and save it again.")})

    return writes.guarded(form, lambda: writes.write_once(key, run),
                          lambda notice: unstored_deal_page(
                              table_match(load_event(reader(), edit=token), turn, table),
                              form, {"board": board, "stale_notice": notice}), stale)


def _reason() -> str | None:
    """Why the director corrected a deal, as typed (at most 200 characters)."""
    said = clean_text(request.form.get("reason", ""))
    return str(said)[:200] if said else None


def history(event: Event, turn: int, table: int) -> list[EventChange]:
    """What was done to a table of a turn, in order: deals entered and fixed (with why),
    penalties, a forfeit."""
    return list(reader().scalars(select(EventChange).where(
        EventChange.event_id == event.id, EventChange.turn == turn - 1,
        EventChange.table == table).order_by(EventChange.version)))


def _elsewhere(db: Session, row: Event, since: int, turn: int, table: int) -> bool:
    """Every change of the event since version ``since`` is another table's deal (the
    form of this one is still a form of the same deals)."""
    changes = db.execute(select(EventChange.action, EventChange.turn, EventChange.table).where(
        EventChange.event_id == row.id, EventChange.version > since)).all()
    return len(changes) == row.version - since and all(
        action in TABLE_ACTIONS and (at, where) != (turn - 1, table)
        for action, at, where in changes)
