"""A table's own phones: the table card's QR code opens the table's page for the turn in
play, with no account. A side says which it is, enters the turn's deals on the one-screen
deal form (counts or cards, the referee judging each deal on its own), and the other side
confirms them, on its own phone or on the same one passed across the table. Confirmed,
they are the table's deals in the event document, and only the director changes them
(``evening/tables.py``, with a reason kept). Two sides that entered a deal differently are
shown both versions, deal by deal, until one takes the other's or the director chooses.
The confirming side sees each deal the other entered with its breakdown
(``evening/breakdown.py``); on a phone handed across the table, it confirms with its
pair's own code (``evening/confirm.py``, ``evening/codes.py``). Every page of a table's
phones follows the evening by itself (``static/js/follow.js``): it is named by a tag of
what it shows (``evening/follow.py``), and an unchanged page answers 304.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from sqlalchemy.orm import Session

from scorekeeper import digits
from scorekeeper.db import reader
from scorekeeper.eventforms import PairCodeForm
from scorekeeper.forms import DealForm
from scorekeeper.models import Event, utcnow
from scorekeeper.rules.eventdoc import MAX_PLAN
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.evening import codes, deal, final, flags, follow, pairs, store
from scorekeeper.web.evening.breakdown import breakdowns
from scorekeeper.web.evening.clock import clock_of
from scorekeeper.web.evening.deal import seat_names
from scorekeeper.web.evening.director import head_of, load_event, scored
from scorekeeper.web.evening.par import par_tables
from scorekeeper.web.evening.sheets import (
    CONFIRMED,
    OTHER,
    SIDES,
    directed_since,
    drafts_of,
    scored_sheet,
    sheet_for,
    sheet_since,
    sheets_of,
    sig_ok,
    table_sig,
    table_state,
    what_differs,
)
from scorekeeper.web.typedby import TypedBy, said, turn_moved, typed_by

bp = Blueprint("event_phones", __name__)

PAGE = "/e/t/<token>/<int:table>/<sig>"


def found(token: str, table: int, sig: str, side: str | None = None) -> Event:
    event = load_event(reader(), view=token)
    if not sig_ok(event, table, sig) or (side is not None and side not in SIDES):
        abort(404)
    return event


def _seated(event: Event, table: int, db: Session | None = None) -> dict[str, Any] | None:
    """The table in the turn in play (read in ``db``, else by a reader), None before the
    first turn or when the turn has no such table."""
    if not event.seated:
        return None
    found = store.table_row(db or reader(), event, event.seated - 1, table)
    return None if found is None else store.as_table(found)


@bp.get(PAGE)
def table_home(token: str, table: int, sig: str) -> Any:
    """Which pair (or player) this phone is, asked by name."""
    event = found(token, table, sig)
    return follow.answer(_asked_tag(event, table), lambda: page(event, table, sig, None))


@bp.get(f"{PAGE}/<side>")
def side_page(token: str, table: int, sig: str, side: str) -> Any:
    """A side's page for the pair this phone chose: its deals, the other side's, and the
    confirmation; the pair's own side of its table in the turn in play when it sits
    elsewhere now; which pair this phone is, asked, when it chose none."""
    event = found(token, table, sig, side)
    pair = pairs.bound(event)
    if pair is not None and not pairs.known(event, pair):
        pair = None
    if pair is not None and (seat := pairs.seat_now(reader(), event, pair)) \
            != pairs.Seat(table, side):
        return redirect(pairs.seat_link(event, seat) if seat
                        else pairs.pair_link(event, pair), 303)
    if pair is None:
        return follow.answer(_asked_tag(event, table), lambda: page(event, table, sig, None))
    shown = side_tag(event, table, side, pair)
    return follow.answer(shown, lambda: page(event, table, sig, side, pair=pair, tag=shown))


def _asked_tag(event: Event, table: int) -> str:
    """The tag of the table's page that asks which pair this phone is."""
    return follow.tag("asked", event.id, event.version, event.seated, table)


def side_tag(event: Event, table: int, side: str, pair: int) -> str:
    """The tag of a side's page for ``pair`` (``evening/follow.py``): the evening's
    version (a confirmation, the director's change, a turn seated), the clock, the
    table's two sheets, what this phone is to the pair and whether its code is chosen."""
    return follow.tag("side", event.id, event.version, event.seated,
                      follow.clock_parts(event), table, side, pair,
                      pairs.standing(event, pair), codes.chosen(event, pair),
                      follow.table_sheets(event, event.seated, table),
                      final.tag_part(event))


@bp.get("/e/t/<token>/p/<int(signed=True):entrant>/<sig>")
def pair_home(token: str, entrant: int, sig: str) -> Any:
    """A pair's own link (its table's page gives it): this phone is the pair's from now
    on, and shows its side of its table in the turn in play."""
    event = load_event(reader(), view=token)
    if not pairs.pair_sig_ok(event, entrant, sig) or not pairs.known(event, entrant):
        abort(404)
    pairs.bind(event, entrant)
    seat = pairs.seat_now(reader(), event, entrant)
    if seat is not None:
        return redirect(pairs.seat_link(event, seat), 303)
    name = pairs.name_of(event, entrant)
    shown = follow.tag("away", event.id, event.version, event.seated, entrant)
    return follow.answer(shown, lambda: render_template(
        "event_phone.html", event=event, entered=None, table=None, turn=event.seated,
        side=None, follow_url=request.path, follow_tag=shown,
        away={"name": name, "said": pairs.where_now(name, None)}))


def page(event: Event, table: int, sig: str, side: str | None, notice: Any = None,
         status: int = 200, pair: int | None = None, code_error: str | None = None,
         tag: str | None = None, flag_form: Any = None) -> Any:
    """The table's page: ``side``'s for ``pair`` when it sits there, which pair this
    phone is when ``side`` is None, else (a form refused) where ``pair`` sits now
    (``code_error``: why the pair's code sent was refused, said at its field; ``tag``:
    the side's page's, when the caller has it)."""
    entered = _seated(event, table)
    if entered is None or side is None or not pairs.holds(entered, side, pair):
        return _asked(event, table, sig, entered, notice, pair), status
    turn = event.seated
    assert pair is not None  # held: a pair
    sheets = sheets_of(reader(), event, turn, table)
    deals = {s: sheets[s].deals if s in sheets else [] for s in SIDES}
    state = table_state(entered, deals, event.head["deals_per_turn"])
    confirm = writes.keyed(PairCodeForm(formdata=None))
    confirm.version.data = str(sheets[OTHER[side]].version if OTHER[side] in sheets else 1)
    if code_error:
        confirm.code.errors = [code_error]
    here = {"token": event.view_token, "table": table, "sig": sig}
    standing = pairs.standing(event, pair)
    # what this phone keeps for the side: its next deal's form again after each version
    # of its sheet, and the drafts of this turn's deals (register.js, deal.js, app.js)
    kept = {"version": sheets[side].version if side in sheets else 1,
            "drafts": drafts_of(event, table, turn, side)}
    other = pairs.ids(entered[OTHER[side]])
    # locked by the director (one side's deals kept, the table confirmed for it, its
    # deals entered from the paper), not by the two sides
    by_director = state.state == CONFIRMED and bool(directed_since(reader(), event, table, 0))
    return render_template(
        "event_phone.html", event=event, entered=entered, table=table, turn=turn, side=side,
        here=here, state=state, deals=deals, confirm=confirm, notice=notice, kept=kept,
        by_director=by_director,
        names={s: seat_names(event, entered[s]) for s in SIDES},
        follow_tag=tag or side_tag(event, table, side, pair), follow_url=pairs.seat_link(
            event, pairs.Seat(table, side)),
        pair={"id": pair, "name": pairs.name_of(event, pair),
              **pairs.moved(reader(), event, pair, pairs.Seat(table, side)),
              "across": pairs.pair_link(event, other[0]) if len(other) == 1 else None,
              # its own phone acts for it; a phone handed to it, once its code was given
              # (its confirmation always asks it); its code chosen, or to choose
              "acts": standing in (pairs.MINE, pairs.PROVED_HERE),
              "own": standing == pairs.MINE, "coded": codes.chosen(event, pair)},
        checks=breakdowns(event, deals[OTHER[side]]),
        results={s: scored_sheet(event, entered, deals[s]) for s in SIDES},
        official=scored_sheet(event, entered, entered["deals"]),
        diffs={n: what_differs(event, deals["ns"][n - 1], deals["ew"][n - 1])
               for n in state.differing},
        per_turn=event.head["deals_per_turn"], clock=clock_of(event),
        standing=final.standing(event), flag=flags.phone_form(event, pair, flag_form),
        flagged=flags.of_pair(event, pair),
        par=par_tables(event, scored(event), head_of(event)).get(table)), status


def _asked(event: Event, table: int, sig: str, entered: dict[str, Any] | None, notice: Any,
           pair: int | None) -> str:
    """The table's page that asks which pair this phone is (none yet, another chosen
    here); once a form was refused for a pair that sits elsewhere now, where it sits."""
    seat = pairs.seat_now(reader(), event, pair) if pair is not None else None
    return render_template(
        "event_phone.html", event=event, entered=entered, table=table, turn=event.seated,
        side=None, here={"token": event.view_token, "table": table, "sig": sig},
        follow_tag=_asked_tag(event, table), follow_url=url_for(
            "event_phones.table_home", token=event.view_token, table=table, sig=sig),
        notice=notice, names={s: seat_names(event, entered[s]) for s in SIDES}
        if entered else {}, choices=pairs.choices(event, entered) if entered else [],
        individual=entered is not None and isinstance(entered["ns"], list),
        gone={"table": seat.table, "link": pairs.pair_link(event, pair)}
        if notice and pair is not None and seat is not None else None)


@bp.route(f"{PAGE}/<side>/deals/new", methods=["GET", "POST"])
def new_deal(token: str, table: int, sig: str, side: str) -> Any:
    """A side enters its next deal of the turn."""
    return _enter(found(token, table, sig, side), table, sig, side, None)


@bp.route(f"{PAGE}/<side>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(token: str, table: int, sig: str, side: str, number: int) -> Any:
    """A side fixes a deal it entered, until the table is confirmed."""
    return _enter(found(token, table, sig, side), table, sig, side, number)


def _enter(event: Event, table: int, sig: str, side: str, number: int | None) -> Any:
    entered = _seated(event, table)
    if entered is None:
        abort(404)
    turn = event.seated
    if request.method == "POST" and (replay := writes.answered_before(writes.posted_key(
            f"event {event.view_token} {table} {side}"))) is not None:
        return replay  # the same form sent again once it was saved, whatever came since
    board = url_for("event_phones.side_page", token=event.view_token, table=table, sig=sig,
                    side=side)
    pair = pairs.posted() if request.method == "POST" else pairs.bound(event)
    if request.method == "POST" and (typed := _typed_turn()) != turn:
        # a form of another turn: never judged against this one's
        return refused(event, table, side, Refused(turn_moved(typed, turn), *pairs.elsewhere(
            reader(), event, table, side, pair)))
    if request.method == "GET" and (not pairs.holds(entered, side, pair)
                                    or pairs.standing(event, pair) == pairs.HANDED):
        # which pair this phone is, where it sits now, or (a phone handed to the pair)
        # the page that asks its code first
        return redirect(board, 303)
    sheet = sheets_of(reader(), event, turn, table).get(side)
    deals, version = (sheet.deals, sheet.version) if sheet else ([], 1)
    per_turn = event.head["deals_per_turn"]
    locked = table_state(entered, {}, per_turn).state == CONFIRMED \
        or final.standing(event).final
    if request.method == "GET" and (locked or (number is None and len(deals) >= per_turn)):
        return redirect(board, 303)
    extra = {"board": board, "outbox": f"{event.view_token}/{table}/{sig}/{side}",
             "drafts": drafts_of(event, table, turn, side),
             "table_heading": deal.heading(table, turn),
             # what the form was opened for; a form sent back keeps what it was sent with
             "bound": {"turn": turn, "seen": request.form.get("seen", "")
                       if request.method == "POST" else event.version, "pair": pair}}
    where = deal.place(event, entered, version, f"event-{event.view_token}-{turn}-{table}",
                       turn)
    return deal.enter(where, deals, number, extra,
                      lambda form, doc: _save(event, table, side, number, form, doc, extra))


def final_said() -> str:
    """What a phone is told of a final evening's results."""
    return _("The results of this evening are final: nothing can be entered, confirmed "
             "or flagged any more.")


def _typed_turn() -> int | None:
    """The turn a table phone's form was made for (its ``turn``: a field, or the query of
    the confirmation's link)."""
    return digits.below(request.values.get("turn", ""), MAX_PLAN + 1)


class Refused(Exception):
    """A table's phone asked for what the table's state no longer allows: nothing saved,
    the page says why, and so does its header (for the outbox, which shows it)."""

    def __init__(self, *sentences: str) -> None:
        super().__init__(" ".join(sentences))


class Changed(Exception):
    """What a form was built from changed since: nothing saved, each change named."""

    def __init__(self, sentences: list[str]) -> None:
        super().__init__(*sentences)
        self.sentences = sentences


def locked_sheet(db: Session, event: Event, table: int, side: str, key: str,
                 entering: bool = True) -> Any:
    """A side's sheet of the turn in play, the event locked; refused when the form was
    made for another turn (``turn`` it carries), once the table is confirmed (only the
    director changes it then) or no longer in play; and for what the side writes on its
    own sheet (``entering``: a deal, the other's version taken), from a phone handed to
    the pair that was not given its code, or that belongs to another pair now."""
    row = writes.lock_row(db, Event, event.edit_token, key)
    if final.standing(row).final:
        raise Refused(final_said())
    turn, pair = row.seated, pairs.posted()
    gone = pairs.elsewhere(db, row, table, side, pair)
    if (typed := _typed_turn()) != turn:
        raise Refused(turn_moved(typed, turn), *gone)
    entered = _seated(row, table, db)
    if entered is None:
        raise Refused(_("The director has seated the next turn: here is this table's."), *gone)
    if pair is None or not pairs.known(row, pair):
        raise Refused(_("Nothing was saved: choose who you are on the table's page "
                        "first."))
    if gone or not pairs.holds(entered, side, pair):  # another pair's side, never acted for
        raise Refused(*gone)
    if table_state(entered, {}, row.head["deals_per_turn"]).state == CONFIRMED:
        raise Refused(_("This table's deals are confirmed: only the director can change "
                        "them now."))
    standing = pairs.standing(row, pair)
    if entering and standing == pairs.HANDED:
        raise Refused(_("This phone was handed across: type your pair’s code on its page "
                        "first. Nothing was saved."))
    if entering and standing == pairs.ANOTHERS:
        raise Refused(_("This phone belongs to %(name)s now: nothing was saved.",
                        name=pairs.name_of(row, pairs.bound(row) or pair)))
    return row, entered, sheet_for(db, row, turn, table, side)


def _save(event: Event, table: int, side: str, number: int | None, form: DealForm,
          doc: Any, extra: dict[str, Any]) -> Any:
    """The deal on the side's sheet: its next one, or in place of deal ``number``."""
    key = writes.form_key(form, f"event {event.view_token} {table} {side}")
    by = typed_by()

    def run(db: Session) -> str:
        row, _entered, sheet = locked_sheet(db, event, table, side, key)
        moved = [*directed_since(db, row, table, writes.form_version(request.form.get("seen"))),
                 *sheet_since(sheet, writes.form_version(form.version.data),
                              by if number is None else None)]
        if moved:
            raise Changed(moved)
        deals = list(sheet.deals)
        if number is None:
            deals.append(doc)
        else:
            deals[number - 1] = doc
        written(sheet, deals, by, "added" if number is None else "edited",
                number or len(deals))
        return str(extra["board"])

    def again(notice: Any) -> Any:  # nothing saved: what was typed, to send again
        fresh = load_event(reader(), view=event.view_token)
        turn, entered = fresh.seated, _seated(fresh, table)
        sheet = sheets_of(reader(), fresh, turn, table).get(side)
        if entered is None:
            abort(404)
        where = deal.place(fresh, entered, sheet.version if sheet else 1,
                           f"event-{fresh.view_token}-{turn}-{table}", turn)
        return deal.again(where, form, {
            **extra, "number": number or len(sheet.deals if sheet else []) + 1,
            "drafts": drafts_of(fresh, table, turn, side),
            "bound": {"turn": turn, "seen": fresh.version, "pair": pairs.posted()}}, notice)

    def write() -> Any:
        try:
            return writes.write_once(key, run)
        except Refused as said_no:
            return refused(event, table, side, said_no)
        except Changed as changed:
            return said(again(" ".join([_(
                "Your side's deals changed since the form was opened: check the deal and "
                "save it again."), *changed.sentences])), changed.sentences)

    return writes.guarded(form, write, again)


def refused(event: Event, table: int, side: str, why: Refused) -> Any:
    """The side's page as it stands, saying why what its phone sent was not saved."""
    shown = page(load_event(reader(), view=event.view_token), table, table_sig(event, table),
                 side, notice=str(why), status=409, pair=pairs.posted())
    return said(shown, [str(why)])


def written(sheet: Any, deals: list[Any], by: TypedBy | None, action: str,
             number: int | None) -> None:
    """The side's sheet holds ``deals`` now: its next version, and who made it."""
    sheet.deals = deals
    sheet.version += 1
    sheet.updated = utcnow()
    sheet.writers = [*(sheet.writers or []),
                     [by.phone if by else None, by.seq if by else None, action, number]]
