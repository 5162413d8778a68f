"""What the director sets up of an evening besides its entrants: its turns, how many and
each turn's movement not yet seated (a Danese in groups: the standings cut into groups of
consecutive ranks, each paired within itself, as the federation's exam's "3 Danese in
groups"), on a page of its own."""

from __future__ import annotations

import copy
from typing import Any

from flask import Blueprint, render_template
from sqlalchemy.orm import Session

from scorekeeper.db import reader
from scorekeeper.eventforms import PlanForm, plan_form, planned
from scorekeeper.models import Event
from scorekeeper.rules.eventdoc import INDIVIDUAL
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.events import bump, head_of, load_event, write_event

bp = Blueprint("event_setup", __name__)


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
        problems.append(_("This evening has %(count)d turns seated already.",
                          count=head["seated"]))
    entrants = len(head["entrants"])
    grouped = [e.form.groups.data for e in form.plan.entries
               if e.form.movement.data.startswith("danese") and (e.form.groups.data or 1) > 1]
    if entrants and any(2 * (groups or 1) > entrants for groups in grouped):
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
        document = copy.deepcopy(row.document)
        document["plan"] = planned(form, document["plan"], len(document["turns"]))
        bump(db, row, document, "plan")

    def again(notice: Any, typed: bool) -> Any:
        fresh = load_event(reader(), edit=token)
        shown = form if typed else writes.keyed(plan_form(head_of(fresh)["plan"], head_of(
            fresh)["seated"]), fresh.version)
        return _page(fresh, head_of(fresh), shown, notice, 409)

    return write_event(token, form, change, again)
