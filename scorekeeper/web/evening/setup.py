"""What the director sets up of an evening before and between its turns: its entrants
(typed, pasted from a spreadsheet, from a CSV file, or a table's players), and its turns,
how many and each turn's movement not yet seated (a Danese in groups: the standings cut
into groups of consecutive ranks, each paired within itself, as the federation's exam's
"3 Danese in groups"), on a page of its own."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, redirect, render_template, request, url_for
from flask_babel import ngettext
from sqlalchemy.orm import Session

from scorekeeper import digits
from scorekeeper.db import reader
from scorekeeper.eventforms import (
    EntrantsForm,
    PlanForm,
    WithdrawForm,
    groups_too_small,
    plan_form,
    planned,
)
from scorekeeper.models import Event
from scorekeeper.rules.eventdoc import INDIVIDUAL, MAX_PLAN
from scorekeeper.rules.vptables import forfeit_vp
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.evening import entrants, store, withdrawal
from scorekeeper.web.evening.director import (
    bump,
    director_page,
    entrant_names,
    head_of,
    load_event,
    scored,
    write_event,
)

bp = Blueprint("event_setup", __name__)

@bp.post("/e/<token>/entrants")
def add_entrants(token: str) -> Any:
    """The pairs (or players), typed, pasted or from a file: the whole list, changed as
    often as needed until the first turn is seated."""
    found = load_event(reader(), edit=token)
    form = EntrantsForm()

    def check_then_write() -> Any:
        # sent again: its entrants are there already (and would read as named twice)
        done = writes.done_before(writes.form_key(form, f"event {token}"))
        if done:
            return redirect(done)
        typed = entrants.read_file(request.files.get("file"))
        if typed is None:
            form.lines.errors = [_("This file cannot be read: save the sheet as CSV (UTF-8) "
                                   "and choose it again.")]
            return director_page(found, form, status=422)
        if form.validate():
            kind = found.head["kind"]
            lines = entrants.entered(f"{form.lines.data or ''}\n{typed}", kind == INDIVIDUAL)
            form.lines.errors = [*form.lines.errors, *entrants.line_problems(lines, [], kind)]
            if not form.lines.errors:
                return write_event(token, form, lambda db, row: _register(db, row, lines))
        return director_page(found, form, status=422)

    return writes.guarded(form, check_then_write, lambda notice: director_page(
        load_event(reader(), edit=token), form, notice=notice, status=409))


def _register(db: Session, row: Event, lines: list[entrants.Entered]) -> None:
    """The list of entrants, as the form now says it (numbered in its order: no turn is
    seated yet, nothing refers to them), with their players' member numbers."""
    if row.seated:
        abort(409)
    store.set_entrants(db, row, [{"id": i + 1, "name": e.name,
                                  **({"players": e.kept()} if e.members() else {})}
                                 for i, e in enumerate(lines)])
    bump(db, row, "entrants")


#: The largest entrant id a page or form may name (an evening read back may number its
#: entrants as it likes; none the evening has is a 404 anyway).
MOST_ID = 10**12


def _who(found: Event, typed: Any) -> int:
    """The entrant a link or form names: 404 for none of the evening's."""
    who = digits.below(str(typed or ""), MOST_ID)
    if who is None or who not in entrant_names(head_of(found)):
        abort(404)
    return who


@bp.get("/e/<token>/withdraw")
def withdrawal_page(token: str) -> Any:
    """An entrant withdrawn from the evening (or brought back, withdrawn by mistake): what
    that does, said, to confirm."""
    found = load_event(reader(), edit=token)
    return _withdrawal(found, _who(found, request.args.get("who")))


def _withdrawal(found: Event, who: int, form: WithdrawForm | None = None, notice: Any = None,
                status: int = 200) -> Any:
    """The page confirming ``who``'s withdrawal, or its return, as the evening stands
    (``form``: one sent back with what was typed)."""
    head, answer = head_of(found), scored(found)
    leaves = withdrawal.leaving(head, answer, who)
    back = None if leaves else withdrawal.coming_back(
        head, withdrawal.turn_seats(reader(), found, head["seated"]), who)
    shown = leaves or back
    if form is None:
        form = WithdrawForm(formdata=None)
        form.idem.data, form.version.data = writes.new_key(), str(found.version)
        form.who.data, form.turn.data = str(who), str(shown.turn) if shown else ""
    present, absent = forfeit_vp(head["deals_per_turn"])
    return render_template(
        "event_withdraw.html", event=found, kind=head["kind"], name=entrant_names(head)[who],
        leaves=leaves, back=back, left=withdrawal.gone(head).get(who), form=form,
        notice=notice, present=present, absent=absent, bye_vp=head["bye_vp"]), status


@bp.post("/e/<token>/withdraw")
def withdraw(token: str) -> Any:
    """The entrant withdrawn, from the turn its page said."""
    return _withdrawal_written(token, withdrawal.WITHDRAWN)


@bp.post("/e/<token>/return")
def bring_back(token: str) -> Any:
    """The entrant's withdrawal undone, before a turn is seated without it."""
    return _withdrawal_written(token, withdrawal.RETURNED)


def _withdrawal_written(token: str, action: str) -> Any:
    found = load_event(reader(), edit=token)
    form = WithdrawForm()
    who = _who(found, form.who.data)
    if not form.validate():
        return _withdrawal(found, who, form, status=422)
    turn = digits.below(str(form.turn.data or ""), MAX_PLAN + 2)
    key = writes.form_key(form, f"event {token}")
    change = withdrawal.withdraw if action == withdrawal.WITHDRAWN else withdrawal.bring_back

    def run(db: Session) -> str:
        # any change since is harmless: the turn it leaves from is checked again
        row = writes.lock(db, Event, token, form.version.data, key,
                          harmless=lambda _db, _row, _since: True)
        leaves, changed = change(db, row, who, turn)
        bump(db, row, action, leaves.turn - 1, leaves.table, form.why.data or None,
             changed=changed)
        return url_for("events.event", token=token)

    def as_it_stands(why: str | None = None) -> Any:
        return _withdrawal(load_event(reader(), edit=token), who, notice=why or _(
            "The evening changed since this page was opened: here it is as it stands."),
            status=409)

    def write() -> Any:
        try:
            return writes.write_once(key, run)
        except withdrawal.Refused as refused:
            return as_it_stands(refused.why)

    return writes.guarded(form, write, lambda notice: _withdrawal(
        load_event(reader(), edit=token), who, form, notice, 409), lambda _e: as_it_stands())


@bp.get("/e/<token>/plan")
def plan(token: str) -> Any:
    """The evening's turns and their movements, to change those not yet seated."""
    found = load_event(reader(), edit=token)
    head = head_of(found)
    return _page(found, head, writes.keyed(plan_form(head["plan"], head["seated"]),
                                           found.version))


def _page(found: Event, head: dict[str, Any], form: PlanForm, notice: Any = None,
          status: int = 200) -> Any:
    return render_template("event_plan.html", event=found, head=head, form=form,
                           notice=notice), status


def plan_problems(form: PlanForm, head: dict[str, Any]) -> list[str]:
    """What keeps the form's plan from the evening, in words."""
    problems = []
    if head["kind"] == INDIVIDUAL:
        problems.append(_("An individual evening is seated by the movement for 8 players, "
                          "and only it."))
    if (form.turns.data or 0) < head["seated"]:
        problems.append(str(ngettext("This evening has %(num)d turn seated already.",
                                     "This evening has %(num)d turns seated already.",
                                     head["seated"])))
    left = max(withdrawal.gone(head).values(), default=0)
    if (form.turns.data or 0) < left:
        problems.append(_("An entrant withdrew from turn %(turn)d: the evening keeps at least "
                          "that many turns.", turn=left))
    # the entrants still playing each turn: those withdrawn by then are paired by no group
    if any(groups_too_small({"movement": e.form.movement.data, "groups": e.form.groups.data},
                            len(head["entrants"]) - len(withdrawal.gone_by(head, turn)))
           for turn, e in enumerate(form.plan.entries, start=head["seated"] + 1)):
        problems.append(_("Each group needs at least two entrants."))
    return problems


@bp.post("/e/<token>/plan")
def save_plan(token: str) -> Any:
    """The evening's turns as the form says them; the turns seated stay as they were."""
    found = load_event(reader(), edit=token)
    head = head_of(found)
    form = PlanForm()
    if form.validate():
        form.turns.errors = [*form.turns.errors, *plan_problems(form, head)]
    if form.errors:
        return _page(found, head, writes.keyed(form, found.version), status=422)

    def change(db: Session, row: Event) -> None:
        row.head = {**row.head, "plan": planned(form, row.head["plan"], row.seated)}
        bump(db, row, "plan")

    def again(notice: Any, typed: bool) -> Any:
        fresh = load_event(reader(), edit=token)
        shown = form if typed else writes.keyed(plan_form(head_of(fresh)["plan"], head_of(
            fresh)["seated"]), fresh.version)
        return _page(fresh, head_of(fresh), shown, notice, 409)

    return write_event(token, form, change, again)
