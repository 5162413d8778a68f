"""A club's evening run by its director: the event made, its entrants registered, each
turn seated by the plan's movement, the standings; the room's read-only page. Its
tables' deals are entered in ``evening/tables.py``; its rows are written and read back as
the contract's document by ``evening/store.py``; the referee scores the event document on
every change (``rules.events``, docs/contract.md "Events"; each table's result kept by
the table as given, so that a deal saved scores one table again), and the writer keeps
what the pages show beside the new version (``evening/tally.py``)."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import ngettext
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import rules
from scorekeeper.db import reader
from scorekeeper.eventforms import (
    CLOCK_PRESETS,
    FORMATS,
    ClockForm,
    EntrantsForm,
    NewEventForm,
    groups_too_small,
    has_danese,
    plan_of,
    seats_its_kind,
)
from scorekeeper.forms import ConfirmForm, choices, is_token
from scorekeeper.models import Event, EventChange, EventTable, utcnow
from scorekeeper.rules.eventdoc import INDIVIDUAL
from scorekeeper.rules.movements import needed_entrants
from scorekeeper.rules.vptables import BYE_VP, FIBUR_2026
from scorekeeper.vocabulary import profile_name
from scorekeeper.web import writes
from scorekeeper.web.common import (
    _,
    cache,
    input_error_text,
    profile_choices,
    remember,
    remembered,
)
from scorekeeper.web.evening import final, follow, review, store
from scorekeeper.web.evening import tally as eventtally
from scorekeeper.web.evening.clock import clock_form, clock_of
from scorekeeper.web.evening.entrants import line_of
from scorekeeper.web.evening.par import par_tables
from scorekeeper.web.evening.sheets import turn_states
from scorekeeper.web.evening.withdrawal import (
    Seats,
    coming_back,
    gone,
    gone_by,
    still_playing,
    turn_seats,
)
from scorekeeper.web.house import HOUSE, load_house, remembered_house
from scorekeeper.web.tables import my_tables, players_as_entrants

bp = Blueprint("events", __name__)

def load_event(db: Session, *, edit: str | None = None, view: str | None = None) -> Event:
    """The event with this edit (or view) link, with its head; 404 when there is none
    (the pages that show the evening as it stands read ``evening``)."""
    token = edit if edit is not None else view
    if not is_token(token):
        abort(404)
    column = Event.edit_token if edit is not None else Event.view_token
    found = db.scalar(select(Event).where(column == token))
    if found is None:
        abort(404)
    return found


NOTHING_YET = eventtally.NOTHING_YET


def evening(event: Event) -> dict[str, Any]:
    """The evening as its pages show it (``tally.shown``: the referee's answer, the
    document without its turns, the standings after the last closed turn), made from each
    table's kept result, and kept by its link and version."""
    def make() -> dict[str, Any]:
        head = _head_document(event)
        return eventtally.shown(head, event.seated, lambda: store.answer(reader(), event, head))

    found: dict[str, Any] = cache("event", 64).get_or_make((event.edit_token, event.version),
                                                           make)
    return found


def _head_document(event: Event) -> dict[str, Any]:
    """``store.head_document`` of the evening, kept by its link and version beside it."""
    found: dict[str, Any] = cache("event", 64).get_or_make(
        ("head", event.edit_token, event.version),
        lambda: store.head_document(reader(), event))
    return found


def head_of(event: Event) -> dict[str, Any]:
    """The event document without its turns, and how many are seated (``seated``): its
    entrants' rows alone, not the evening's answer (a deal's form names its sides, a
    phone's save knows its pair, on a process that has not shown this version)."""
    kept = cache("event", 64).get((event.edit_token, event.version))
    if kept is not None:
        found: dict[str, Any] = kept["head"]
        return found
    return {**_head_document(event), "seated": event.seated}


def group_standings(event: Event, answer: dict[str, Any]) -> list[list[dict[str, Any]]]:
    """The standings of each group the last turn seated plays in (a Danese in groups),
    each group's lines ranked among themselves; none when it plays in one."""
    kept = evening(event)
    if "group_lines" not in kept:  # worked out once per version
        kept["group_lines"] = rules.by_group(answer["standings"], kept.get("groups") or [])
    found: list[list[dict[str, Any]]] = kept["group_lines"]
    return found


def scored(event: Event) -> dict[str, Any]:
    """The referee's answer for the event as it stands (``scorekeeper event``), kept by
    its link and version; with ``unreadable``, the sentence why it cannot be scored yet."""
    answer: dict[str, Any] = evening(event)["answer"]
    if "unreadable" in answer:
        return {**answer, "unreadable": _why_not(head_of(event), answer["unreadable"])}
    return answer


def _why_not(head: dict[str, Any], error: rules.InputError) -> str:
    entrants, needed = len(head["entrants"]), needed_entrants(head["kind"])
    if needed is not None and entrants != needed:
        return str(ngettext("An individual evening needs %(num)d player; %(count)d registered.",
                            "An individual evening needs %(num)d players; %(count)d registered.",
                            needed, count=entrants))
    return input_error_text(error)


def bump(db: Session, row: Event, action: str, turn: int | None = None,
         table: int | None = None, reason: str | None = None, deal: int | None = None,
         changed: Iterable[EventTable] = ()) -> None:
    """The event's rows as just changed, its next version: the result of each table
    ``changed`` (and of any without one) kept in its row, when its last turn was complete
    (``final.mark_finished``), and its history line (``deal``: the table's deal entered or
    fixed); ``final.Final`` when its results are final, but to reopen it."""
    if action not in final.OWN_CHECKS:
        final.refuse_if_final(row)  # final results: reopened first, with a reason
    db.flush()
    head = store.head_document(db, row)
    for found in changed:
        store.rescore(head, found)
    store.keep_results(db, row, head)
    final.mark_finished(db, row)
    row.version += 1
    row.updated = utcnow()
    db.add(EventChange(event_id=row.id, version=row.version, action=action, turn=turn,
                       table=table, reason=reason, deal=deal))


@bp.route("/events/new", methods=["GET", "POST"])
def new_event() -> Any:
    """Name the evening, its rules, its turns and how they are seated."""
    form = writes.keyed(NewEventForm())
    form.profile.choices = choices(profile_choices() + [
        (HOUSE + h.edit_token, h.name) for h in remembered_house(reader())])
    if form.validate_on_submit():
        if not seats_its_kind(form):
            form.movement.errors = [*form.movement.errors, _(
                "An individual evening is seated by the movement for 8 players, and only it.")]
        elif (form.groups.data or 1) > 1 and not has_danese(form):
            form.groups.errors = [*form.groups.errors, _(
                "Only a Danese plays in groups: choose a movement with a Danese, or leave the "
                "groups empty.")]
        else:
            return _create(form)
    return render_template("event_new.html", form=form), 200 if not form.errors else 422


def _create(form: NewEventForm) -> Any:
    _turns, deals = FORMATS[form.format.data]
    chosen: Any = form.profile.data
    if chosen.startswith(HOUSE):  # house rules: the evening keeps their document
        house = load_house(reader(), chosen[len(HOUSE):])
        if house is None:
            abort(404)
        chosen = house.document
    head = {"profile": chosen, "kind": form.kind.data, "deals_per_turn": deals,
            "vp_table": FIBUR_2026,
            "bye_vp": BYE_VP if form.bye_vp.data is None else form.bye_vp.data,
            "plan": plan_of(form)}

    def reused(notice: Any) -> Any:
        form.name.errors = [*form.name.errors, notice]
        return render_template("event_new.html", form=form)

    return writes.guarded(form, lambda: writes.create_once(
        writes.form_key(form, "new-event"),
        lambda: Event(name=form.name.data, day=form.day.data, head=head, seated=0),
        "events.event", "events"), reused)


@bp.get("/e/<token>")
def event(token: str) -> Any:
    """The director's page: entrants, the turn in play, the next turn, the standings."""
    found = load_event(reader(), edit=token)
    remember(token, "events")

    shown = director_tag(found)

    def page() -> Any:
        head = head_of(found)
        # a table's players as the list of entrants, to check and save (before the first
        # turn)
        typed = None if head["seated"] else players_as_entrants(
            reader(), request.args.get("table"), head["kind"] == INDIVIDUAL)
        return director_page(found, None if typed is None else EntrantsForm(
            formdata=None, lines=typed), tag=shown)

    return follow.answer(shown, page)


def director_tag(found: Event) -> str:
    """The tag of the director's page (``evening/follow.py``): the evening's version, the
    clock, the turn's sheets (where each table stands), and before the first turn the
    tables this browser keeps and the one asked for (the list filled with its players)."""
    return follow.tag("director", found.id, found.version, found.seated,
                      follow.clock_parts(found), follow.turn_sheets(found, found.seated),
                      final.tag_part(found), review.flags_part(found),
                      None if found.seated else (remembered("tables"),
                                                 request.args.get("table")))


def director_page(found: Event, entrants: EntrantsForm | None = None, notice: Any = None,
                  status: int = 200, clock: ClockForm | None = None, tag: str | None = None,
                  **forms: Any) -> Any:
    """The director's page of the evening as it stands (``entrants``, ``clock``, and the
    window's or reopening's ``forms``: a form sent back with what is wrong; ``tag``: its
    tag, when the caller has it)."""
    answer = scored(found)
    head = head_of(found)
    current = _current(answer)
    # only the forms the page shows are built: the list of entrants and the draw before
    # the first turn, the clock while a turn plays, the next turn's once the last is done
    form = drawn = turn = timer = None
    if current is None:
        listed = "\n".join(line_of(e) for e in head["entrants"])
        form = writes.keyed(entrants or EntrantsForm(formdata=None, lines=listed), found.version)
        drawn = writes.keyed(ConfirmForm(formdata=None), found.version)
    if current is None or current["complete"]:
        turn = writes.keyed(ConfirmForm(formdata=None), found.version)
    else:
        timer = clock_form(found, clock)
    seated = head["seated"]
    names = entrant_names(head)
    return render_template(
        "event.html", event=found, head=head, answer=answer, names=names,
        follow_tag=tag or director_tag(found), closing=review.closing(found, names, **forms),
        entrants=form, turn_form=turn, draw_form=drawn, notice=notice, current=current,
        tables=my_tables(reader()) if current is None else [],
        states=turn_states(reader(), found, seated, answer, head),
        groups=group_standings(found, answer),
        groups_short=seated < len(head["plan"]) and groups_too_small(
            head["plan"][seated], len(head["entrants"]) - len(gone_by(head, seated + 1))),
        playing=still_playing(head, answer) if current else [],
        withdrawn=withdrawn_lines(head, turn_seats(reader(), found, seated)
                                  if "withdrawn" in head else None),
        clock=clock_of(found, head["seated"]), clock_form=timer,
        presets=CLOCK_PRESETS, plan_turns=len(head["plan"]), format=_format(head),
        rules_label=rules_label(head["profile"])), status


def withdrawn_lines(head: dict[str, Any], seats: Seats | None = None) -> list[dict[str, Any]]:
    """Each entrant who left the evening, in the entrants' order: its id, the turn it
    left from, and whether its withdrawal may still be undone (``back``; ``seats``: where
    everyone sits in the turn in play, ``turn_seats``, for the page that offers it)."""
    left = gone(head)
    return [{"id": e["id"], "turn": left[e["id"]],
             "back": seats is not None and coming_back(head, seats, e["id"]) is not None}
            for e in head["entrants"] if e["id"] in left]


def entrant_names(document: dict[str, Any]) -> dict[int, str]:
    """Each entrant's name by id (its id when it has none), of the event document or its
    head."""
    return {e["id"]: e.get("name") or str(e["id"]) for e in document["entrants"]}


def rules_label(profile: Any) -> str:
    """What the evening's pages call its rules: its house rules' name (a profile
    document), else its game's."""
    if isinstance(profile, dict):
        return str(profile.get("name") or profile.get("id") or "")
    return str(profile_name(profile))


def _format(document: dict[str, Any]) -> str:
    return _("%(turns)d turns of %(deals)d deals", turns=len(document["plan"]),
             deals=document["deals_per_turn"])


def _current(answer: dict[str, Any]) -> dict[str, Any] | None:
    """The last turn seated, with whether every table of it is complete."""
    if not answer["turns"]:
        return None
    last = answer["turns"][-1]
    return {"number": len(answer["turns"]), "tables": last["tables"], "byes": last["byes"],
            "complete": all(t["complete"] for t in last["tables"])}


@bp.post("/e/<token>/draw")
def draw(token: str) -> Any:
    """Draw the entrants' order (the order the movements seat them by) before the first
    turn is seated."""
    return write_event(token, ConfirmForm(), _drawn)


def _drawn(db: Session, row: Event) -> None:
    if row.seated:
        abort(409)
    listed = store.entrants(db, row)
    secrets.SystemRandom().shuffle(listed)
    store.set_entrants(db, row, listed)
    bump(db, row, "drawn")


@bp.post("/e/<token>/turns")
def seat_turn(token: str) -> Any:
    """Seat the next turn as the plan's movement says, once the last one is complete."""
    return write_event(token, ConfirmForm(), _seat)


def _seat(db: Session, row: Event) -> None:
    answer, _before = store.answer(db, row, store.head_document(db, row), keep=True)
    current = _current(answer)
    following = answer["next"]
    if following is None or not following["tables"] or (current and not current["complete"]):
        abort(409)
    seated = store.seat(db, row, following["tables"])
    bump(db, row, "turn", turn=row.seated - 1, changed=seated)


def write_event(token: str, form: Any, change: Any, again: Any = None) -> Any:
    """``change(db, row)`` on the locked event, once per form, then back to its page; a
    form of an older version shows the evening as it stands (``again(notice, typed)``:
    the page of the form, with what was typed or as the evening stands; by default the
    director's)."""
    key = writes.form_key(form, f"event {token}")
    url = url_for("events.event", token=token)

    def run(db: Session) -> str:
        change(db, writes.lock(db, Event, token, form.version.data, key))
        return url

    def stale(_error: Any) -> Any:
        notice = _("The evening changed since this page was opened: here it is as it stands.")
        if again is not None:
            return again(notice, False)
        return director_page(load_event(reader(), edit=token), notice=notice, status=409)

    def reused(notice: Any) -> Any:
        if again is not None:
            return again(notice, True)
        typed = form if isinstance(form, EntrantsForm) else None
        return director_page(load_event(reader(), edit=token), typed, notice=notice, status=409)

    return writes.guarded(form, lambda: writes.write_once(key, run), reused, stale)




@bp.get("/e/v/<token>")
def room(token: str) -> Any:
    """The room's page (read-only): the turn in play, where everyone sits, the standings."""
    found = load_event(reader(), view=token)
    answer, head = scored(found), head_of(found)
    return render_template("event_room.html", event=found, head=head, answer=answer,
                           names=entrant_names(head), current=_current(answer),
                           states=turn_states(reader(), found, head["seated"], answer, head),
                           groups=group_standings(found, answer),
                           clock=clock_of(found, head["seated"]),
                           format=_format(head), rules_label=rules_label(head["profile"]),
                           withdrawn=withdrawn_lines(head), here=request.path,
                           standing=final.standing(found), par=par_tables(found, answer, head))
