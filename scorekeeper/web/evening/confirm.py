"""What a table's side does with the other side's deals (``evening/phones.py`` shows
them): confirm them, then they are the table's, locked; take the other side's version
of a deal the two entered differently; and the pair's own code, chosen on its own phone
or given on a phone handed to it (``evening/codes.py``). A phone that is not the pair's
own confirms only with the pair's code, and enters or takes nothing for it until the
code was given on it (``pairs.standing``)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, request, url_for
from sqlalchemy.orm import Session

from scorekeeper.db import reader
from scorekeeper.eventforms import FlagForm, PairCodeForm
from scorekeeper.models import Event
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.evening import codes, final, flags, pairs, store
from scorekeeper.web.evening.director import bump, load_event
from scorekeeper.web.evening.phones import (
    PAGE,
    Refused,
    final_said,
    found,
    locked_sheet,
    page,
    refused,
    written,
)
from scorekeeper.web.evening.sheets import CONFIRMED_BY, OTHER, same_deal, sheet_for
from scorekeeper.web.typedby import typed_by

bp = Blueprint("event_confirm", __name__)

def _both_sheets(db: Session, event: Event, table: int, side: str, form: Any, key: str,
                 entering: bool) -> Any:
    """The event locked, this side's sheet and the other side's, which ``form`` was built
    from (a form of an older version of it is stale)."""
    row, _entered, mine = locked_sheet(db, event, table, side, key, entering)
    theirs = sheet_for(db, row, row.seated, table, OTHER[side])
    if writes.form_version(form.version.data) != theirs.version:
        raise writes.Stale(theirs.id or 0, writes.form_version(form.version.data) or 0)
    return row, mine, theirs


def _board(token: str, table: int, sig: str, side: str) -> str:
    return url_for("event_phones.side_page", token=token, table=table, sig=sig, side=side)


@bp.post(f"{PAGE}/<side>/confirm")
def confirm(token: str, table: int, sig: str, side: str) -> Any:
    """``side`` confirms the other side's deals: they become the table's, locked. A phone
    that is not the pair's own sends the pair's code with it."""
    event = found(token, table, sig, side)
    form = PairCodeForm()
    key = writes.form_key(form, f"event {event.view_token} {table} {side}")

    def run(db: Session) -> str:
        row, mine, theirs = _both_sheets(db, event, table, side, form, key, False)
        per_turn = row.head["deals_per_turn"]
        if len(theirs.deals) < per_turn:
            raise Refused(_("Not every deal of the turn is entered yet."))
        if not all(same_deal(a, b) for a, b in zip(mine.deals, theirs.deals, strict=False)):
            raise Refused(_("The two sides entered a deal differently: see both below."))
        pair = pairs.posted()
        if pair is not None and pairs.standing(row, pair) != pairs.MINE:
            codes.check(db, row, pair, form.code.data)
        seated = store.table_row(db, row, row.seated - 1, table)
        if seated is None:  # pragma: no cover - a table of the turn in play (locked_sheet)
            abort(404)
        store.set_deals(seated, list(theirs.deals[:per_turn]))
        bump(db, row, CONFIRMED_BY[side], row.seated - 1, table, changed=[seated])
        return _board(token, table, sig, side)

    return _answer(event, table, sig, side, form, run)


@bp.post(f"{PAGE}/<side>/take/<int:number>")
def take(token: str, table: int, sig: str, side: str, number: int) -> Any:
    """``side`` takes the other side's version of deal ``number`` (the two differed)."""
    event = found(token, table, sig, side)
    form = PairCodeForm()
    key = writes.form_key(form, f"event {event.view_token} {table} {side}")

    def run(db: Session) -> str:
        _row, mine, theirs = _both_sheets(db, event, table, side, form, key, True)
        if not (1 <= number <= len(mine.deals) and number <= len(theirs.deals)):
            raise Refused(_("The two sides entered a deal differently: see both below."))
        deals = list(mine.deals)
        deals[number - 1] = theirs.deals[number - 1]
        written(mine, deals, typed_by(), "taken", number)
        return _board(token, table, sig, side)

    return _answer(event, table, sig, side, form, run)


@bp.post(f"{PAGE}/<side>/code")
def code(token: str, table: int, sig: str, side: str) -> Any:
    """The pair's code: chosen on its own phone (once), or given on a phone handed to it,
    which then acts for the pair (its next deal's form, with ``then=deal``)."""
    event = found(token, table, sig, side)
    form = PairCodeForm()
    key = writes.form_key(form, f"event {event.view_token} {table} {side}")
    then = url_for("event_phones.new_deal", token=token, table=table, sig=sig, side=side) \
        if request.form.get("then") == "deal" else _board(token, table, sig, side)
    pair = pairs.posted()

    def run(db: Session) -> str:
        row, _entered, _sheet = locked_sheet(db, event, table, side, key, False)
        standing = pairs.standing(row, pair)
        assert pair is not None  # a known pair (locked_sheet)
        if standing == pairs.MINE:
            codes.choose(db, row, pair, form.code.data)
        elif standing in (pairs.HANDED, pairs.PROVED_HERE):
            codes.check(db, row, pair, form.code.data)
        else:  # a phone that is another pair's now, or nobody's: it chose none here
            raise Refused(_("This phone belongs to %(name)s now: nothing was saved.",
                            name=pairs.name_of(row, pairs.bound(row) or pair))
                          if standing == pairs.ANOTHERS else _(
                              "Nothing was saved: choose who you are on the table's page "
                              "first."))
        return then

    def proved() -> None:
        if pair is not None and pairs.standing(event, pair) == pairs.HANDED:
            pairs.prove(event, pair)

    return _answer(event, table, sig, side, form, run, proved)


@bp.post(f"{PAGE}/<side>/flag")
def flag(token: str, table: int, sig: str, side: str) -> Any:
    """The pair flags a deal it thinks is wrong, with a short reason, while the evening's
    standings are provisional (``evening/flags.py``): kept for the director to see."""
    event = found(token, table, sig, side)
    form = flags.form_for(event, FlagForm())
    pair = pairs.posted()
    if not form.validate():
        return page(event, table, sig, side, status=422, pair=pair, flag_form=form)
    key = writes.form_key(form, f"event {event.view_token} {table} {side}")

    def run(db: Session) -> str:
        row = writes.lock_row(db, Event, event.edit_token, key)
        if final.standing(row).final:
            raise Refused(final_said())
        if pair is None or not pairs.known(row, pair) or not pairs.acts(row, pair):
            raise Refused(_("Nothing was saved: choose who you are on the table's page "
                            "first."))
        try:
            flags.add(db, row, pair, form)
        except flags.Unflaggable as why:
            raise Refused(str(why)) from None
        return _board(token, table, sig, side) + "#flagged"

    return _answer(event, table, sig, side, form, run)


def _answer(event: Event, table: int, sig: str, side: str, form: Any, run: Any,
            after: Any = None) -> Any:
    """``run`` once per form; what was refused said on the side's page as it stands (a
    code refused at its field, a pause with ``Retry-After``)."""
    key = writes.form_key(form, f"event {event.view_token} {table} {side}")

    def shown(notice: Any, status: int = 409, code_error: str | None = None) -> Any:
        return page(load_event(reader(), view=event.view_token), table, sig, side,
                    notice=notice, status=status, pair=pairs.posted(), code_error=code_error)

    def write() -> Any:
        pair = pairs.posted()
        try:
            return writes.write_once(key, run, after)
        except Refused as why:
            return refused(event, table, side, why)
        except codes.WrongCode:
            assert pair is not None  # a known pair (locked_sheet)
            return _code_refused(shown, codes.wrong(event, pair))
        except codes.CodeRefused as why:
            return _code_refused(shown, why)

    return writes.guarded(form, write, shown, lambda _e: shown(_(
        "The other side's deals changed since this page was opened: check them again.")))


def _code_refused(shown: Any, why: codes.CodeRefused) -> Any:
    """The side's page saying why the code did not do (at its field and at the top)."""
    body, status = shown(why.sentence, why.status, why.sentence)
    headers = {"Retry-After": str(why.wait)} if why.wait else {}
    return body, status, headers
