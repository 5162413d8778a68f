"""A table of an evening's turn: its deals as the director enters them from the table's
paper (the one-screen deal form, counts or cards, every deal judged on its own: both
sides start it from 0, as an event scores it), its match points and victory points; the
deals its phones entered, which the director may confirm for the table (a pair that
cannot, a phone lost) or, two versions differing, keep one side's, the reason kept in
its history. The page follows the evening by itself (``evening/follow.py``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.db import reader
from scorekeeper.eventforms import ForfeitForm, PenaltyForm
from scorekeeper.forms import ConfirmForm, DealForm, clean_text
from scorekeeper.models import Event, EventChange, EventTable
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.dealplace import TableDeal
from scorekeeper.web.evening import deal, final, follow, store
from scorekeeper.web.evening.deal import seat_names
from scorekeeper.web.evening.director import bump, head_of, load_event, scored
from scorekeeper.web.evening.sheets import (
    CONFIRMED,
    CONFIRMED_BY,
    FOR_THE_TABLE,
    KEPT,
    SIDES,
    WAITING,
    scored_sheet,
    sheets_of,
    table_link,
    table_state,
    what_differs,
)
from scorekeeper.web.evening.withdrawal import RETURNED, WITHDRAWN, gone_by

bp = Blueprint("event_tables", __name__)

#: What the history says of a change to one table (``EventChange.action``).
TABLE_ACTIONS = ("deal", "edited", "penalty", "forfeit", *CONFIRMED_BY.values(), FOR_THE_TABLE,
                 *KEPT.values(), WITHDRAWN, RETURNED)


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
    event = load_event(reader(), edit=token)
    return follow.answer(_tag(event, turn, table), lambda: _table_page(event, turn, table))


def _tag(event: Event, turn: int, table: int,
         sheets: tuple[tuple[str, int], ...] | None = None) -> str:
    """The tag of the director's page of a table (``evening/follow.py``; ``sheets``: its
    sheets' versions, when the caller has them)."""
    if sheets is None:
        sheets = follow.table_sheets(event, turn, table)
    return follow.tag("table", event.id, event.version, event.seated,
                      follow.clock_parts(event), turn, table, sheets, final.tag_part(event))


def _table_page(event: Event, turn: int, table: int, *, penalty: PenaltyForm | None = None,
                forfeit: ForfeitForm | None = None, notice: Any = None,
                status: int = 200) -> Any:
    entered = _table(event, turn, table)
    sheets = follow.table_sheets(event, turn, table)
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
        drafts=f"m/{_token(event, turn, table)}", follow_tag=_tag(event, turn, table, sheets),
        seen=_seen(sheets),
        history=history(event, turn, table), final=final.standing(event).final), status


def _phones(event: Event, turn: int, entered: dict[str, Any]) -> dict[str, Any]:
    """What the table's phones entered for the turn, while the table is not complete:
    each side's deals scored, and what differs where the two disagree."""
    sheets = sheets_of(reader(), event, turn, entered["table"])
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
        sheet = sheets_of(db, event, turn, table).get(side)
        per_turn = row.head["deals_per_turn"]
        if sheet is None or len(sheet.deals) < per_turn:
            abort(409)
        store.set_deals(found, list(sheet.deals[:per_turn]))

    return _change_table(token, turn, table, form, change, KEPT[side], _reason())


class NotWaiting(Exception):
    """What the director would confirm for a table is not what the table's page showed:
    nothing waits for confirmation there now, or its phones changed it since."""


def _seen(sheets: tuple[tuple[str, int], ...]) -> str:
    """The versions of a table's sheets as its page writes them (``ns3 ew1``)."""
    return " ".join(f"{side}{version}" for side, version in sheets)


@bp.post("/e/<token>/turns/<int:turn>/tables/<int:table>/confirm")
def confirm_for_table(token: str, turn: int, table: int) -> Any:
    """The director confirms the deals a table's phones entered, for the side that did
    not (a pair that cannot, a phone lost), with the reason kept in the history: they
    are the table's, as that side's confirmation makes them."""
    event = load_event(reader(), edit=token)
    _table(event, turn, table)
    form = ConfirmForm()
    reason = _reason()
    if reason is None:
        return _table_page(event, turn, table, status=422, notice=_(
            "Say why you confirm for the table: it is kept in its history."))
    seen = str(request.form.get("seen", ""))[:40]

    def change(db: Session, found: EventTable, row: Event) -> None:
        sheets = sheets_of(db, event, turn, table)
        deals = {s: sheets[s].deals if s in sheets else [] for s in SIDES}
        per_turn = row.head["deals_per_turn"]
        if table_state(store.as_table(found), deals, per_turn).state != WAITING \
                or _seen(tuple(sorted((s, sheets[s].version) for s in sheets))) != seen:
            raise NotWaiting
        store.set_deals(found, list(next(deals[s] for s in SIDES
                                         if len(deals[s]) >= per_turn)[:per_turn]))

    try:
        return _change_table(token, turn, table, form, change, FOR_THE_TABLE, reason)
    except NotWaiting:
        return _table_page(load_event(reader(), edit=token), turn, table, status=409,
                           notice=_("The table’s phones changed its deals since this page "
                                    "was opened: here they are as they stand."))


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
    entered = _table(event, turn, table)
    seated = {e for seat in (entered["ns"], entered["ew"])
              for e in (seat if isinstance(seat, list) else [seat])}
    if side is None and entered["forfeit"] and seated & gone_by(head_of(event), turn):
        # a side that withdrew stays the table's forfeit (its director brings it back first)
        return _table_page(event, turn, table, forfeit=form, status=409, notice=_(
            "A side of this table withdrew from the evening: its table stays its forfeit."))
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
        bump(db, row, action, turn - 1, table, reason, changed=[found])
        return url

    def again(notice: Any) -> Any:  # what was typed kept, to send again
        return _table_page(load_event(reader(), edit=token), turn, table, notice=notice,
                           penalty=form if isinstance(form, PenaltyForm) else None,
                           forfeit=form if isinstance(form, ForfeitForm) else None,
                           status=409)

    return writes.guarded(form, lambda: writes.write_once(key, run), again, lambda _e: again(_(
        "This table changed since the page was opened: here it is as it stands.")))


def _token(event: Event, turn: int, table: int) -> str:
    """Whose deal drafts the director's deal form of the table keeps on the phone
    (``static/js/drafts.js``): the table in its turn."""
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


def _where(event: Event, turn: int, table: int) -> tuple[TableDeal, list[dict[str, Any]]]:
    """Where the director's deal of the table goes (its form built from the evening's
    version), and the table's deals."""
    entered = _table(event, turn, table)
    return (deal.place(event, entered, event.version, _token(event, turn, table), turn),
            entered["deals"])


def _enter(token: str, turn: int, table: int, number: int | None) -> Any:
    event = load_event(reader(), edit=token)
    where, deals = _where(event, turn, table)
    board = url_for("event_tables.table_page", token=token, turn=turn, table=table)
    if number is None and len(deals) >= event.head["deals_per_turn"] \
            and request.method == "GET":
        return redirect(board, 303)  # all its deals are in: fix one from the table's page
    extra = {"board": board, "table_heading": deal.heading(table, turn),
             **({"ask_reason": True} if number is not None else {})}
    return deal.enter(where, deals, number, extra,
                      lambda form, doc: _save(token, turn, table, number, form, doc, extra))


def _save(token: str, turn: int, table: int, number: int | None, form: DealForm,
          doc: Any, extra: dict[str, Any]) -> Any:
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
        bump(db, row, "deal" if number is None else "edited", turn - 1, table, _reason(), saved,
             changed=[found])
        return str(extra["board"])

    def again(notice: Any) -> Any:  # what was typed, with the table as it stands now
        where, deals = _where(load_event(reader(), edit=token), turn, table)
        return deal.again(where, form, {**extra, "number": number or len(deals) + 1}, notice)

    return writes.guarded(form, lambda: writes.write_once(key, run), again, lambda _e: again(_(
        "This table's deals changed since the form was opened: check the deal and save it "
        "again.")))


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
