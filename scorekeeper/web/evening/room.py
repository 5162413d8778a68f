"""The room of a club's evening: the turn's clock (started by the director), the TV page
(a laptop on a big screen: the turn and its clock, the tables still playing, the standings
after the last closed turn, where everyone sits next) and the page where a player finds
their table by name. The TV and table pages read the clock; nothing here decides a score.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from sqlalchemy.orm import Session

from scorekeeper import digits, rules
from scorekeeper.collation import by_name, finds
from scorekeeper.db import reader
from scorekeeper.eventforms import CLOCK_PRESETS, ClockForm
from scorekeeper.forms import clean_text
from scorekeeper.models import Event, utcnow
from scorekeeper.rules.eventdoc import MAX_ENTRANT_NAME
from scorekeeper.web import writes
from scorekeeper.web.common import locale_code
from scorekeeper.web.evening import final
from scorekeeper.web.evening.clock import clock_of
from scorekeeper.web.evening.director import (
    director_page,
    entrant_names,
    evening,
    head_of,
    load_event,
    scored,
)
from scorekeeper.web.evening.rows import withdrawn_mark
from scorekeeper.web.evening.sheets import CONFIRMED, turn_states
from scorekeeper.web.evening.withdrawal import gone, gone_by

bp = Blueprint("event_room", __name__)

#: The standings' lines a TV page shows at once (the others on the pages it turns to).
TV_LINES = 12


@bp.post("/e/<token>/clock")
def start_clock(token: str) -> Any:
    """The director starts the turn's clock (again: from now)."""
    event = load_event(reader(), edit=token)
    form = ClockForm()
    url = url_for("events.event", token=token)
    if not event.seated or not form.validate():
        return director_page(event, clock=form, status=422)

    key = writes.form_key(form, f"event {token}")

    def run(db: Session) -> str:
        row = writes.lock_row(db, Event, token, key)
        row.clock_turn = row.seated
        row.clock_started = utcnow()
        row.clock_minutes = form.minutes.data
        # each turn's time kept: a table finished after it is late (``evening/review.py``)
        row.clocks = {**(row.clocks or {}),
                      str(row.seated): [row.clock_started.isoformat(), form.minutes.data]}
        return url

    return writes.guarded(form, lambda: writes.write_once(key, run),
                          lambda notice: director_page_again(token, form, notice))


def director_page_again(token: str, form: ClockForm, notice: Any) -> Any:
    return director_page(load_event(reader(), edit=token), clock=form, notice=notice,
                         status=409)


def closed_standings(event: Event, answer: dict[str, Any]) -> list[dict[str, Any]]:
    """The standings after the last turn every table of which is complete."""
    closed = evening(event)["closed"]
    return list(answer["standings"] if closed is None else closed)


def seats(answer: dict[str, Any]) -> tuple[str, int, dict[int, dict[str, Any]]] | None:
    """Where everyone sits: in the turn in play while a table of it plays ("now"), else in
    the next turn the movement seats ("next"); each entrant's table, side and opponents."""
    turns = answer["turns"]
    if turns and not all(t["complete"] for t in turns[-1]["tables"]):
        when, number, tables = "now", len(turns), turns[-1]["tables"]
    elif answer.get("next") and answer["next"]["tables"]:
        when, number, tables = "next", answer["next"]["turn"], answer["next"]["tables"]
    else:
        return None
    found: dict[int, dict[str, Any]] = {}
    for table in tables:
        for side, other in (("ns", "ew"), ("ew", "ns")):
            ids = table[side] if isinstance(table[side], list) else [table[side]]
            for entrant in ids:
                found[entrant] = {"table": table["table"], "side": side,
                                  "with": [i for i in ids if i != entrant],
                                  "against": table[other]}
    return when, number, found


def results_of(answer: dict[str, Any], entrant: int) -> list[dict[str, Any]]:
    """An entrant's complete tables, turn by turn: table, side, opponents, MP, VP."""
    lines = []
    for number, turn in enumerate(answer["turns"], start=1):
        for table in turn["tables"]:
            for index, (side, other) in enumerate((("ns", "ew"), ("ew", "ns"))):
                ids = table[side] if isinstance(table[side], list) else [table[side]]
                if entrant in ids and table["complete"]:
                    lines.append({"turn": number, "table": table["table"], "side": side,
                                  "against": table[other], "mp": table["mp"][index],
                                  "vp": table["vp"][index]})
    return lines


@bp.get("/e/v/<token>/tv")
def tv(token: str) -> Any:
    """The room's big screen: no controls, large type; it follows the evening by itself. Its
    pages, shown one at a time: the standings after the last closed turn and where everyone
    sits by name, the seating first once the turn in play is over (where to go next); once
    every turn is played, whether the results are provisional or final."""
    event = load_event(reader(), view=token)
    answer, head = scored(event), head_of(event)
    states = turn_states(reader(), event, head["seated"], answer, head)
    playing = sorted(t for t, s in states.items() if s.state != CONFIRMED)
    standings = [("standings", group, lines) for group, lines in _pages(
        closed_standings(event, answer), evening(event).get("groups") or [])]
    seated = seats(answer)
    names = entrant_names(head)
    by_name = _by_name(seated, names, head)
    sitting = [("seats", None, by_name[i:i + TV_LINES]) for i in range(0, len(by_name), TV_LINES)]
    return render_template(
        "event_tv.html", event=event, head=head, answer=answer, names=names,
        clock=clock_of(event, head["seated"]), playing=playing, seated=seated,
        pages=standings + sitting if playing else sitting + standings,
        gone=withdrawn_mark(head["kind"]), standing=final.standing(event))


def _by_name(seated: tuple[str, int, dict[int, dict[str, Any]]] | None, names: dict[int, str],
             head: dict[str, Any]) -> list[tuple[int, dict[str, Any] | str]]:
    """Where everyone sits in the turn ``seats`` says, by name: each entrant's seat,
    ``"gone"`` for one withdrawn by that turn (at its table's forfeit, or seated nowhere),
    ``"out"`` for one who sits the turn out."""
    if seated is None:
        return []
    left = gone_by(head, seated[1])
    found: dict[int, dict[str, Any] | str] = dict.fromkeys(names, "out")
    found.update({e: "gone" if e in left else seat for e, seat in seated[2].items()})
    found.update(dict.fromkeys(left, "gone"))
    return by_name(found.items(), lambda kv: names[kv[0]], locale_code())


def _pages(standings: list[dict[str, Any]], groups: list[list[int]]
           ) -> list[tuple[int | None, list[dict[str, Any]]]]:
    """The big screen's pages of standings, a few lines each: per group while the turn
    seated plays in groups (each page with its group's number), else whole."""
    parts = list(enumerate(rules.by_group(standings, groups), start=1)) if groups and standings \
        else [(None, standings)]
    return [(group, lines[i:i + TV_LINES]) for group, lines in parts
            for i in range(0, len(lines), TV_LINES)]


@bp.get("/e/v/<token>/find")
def find(token: str) -> Any:
    """A player finds their table and seat by name, and their results so far."""
    event = load_event(reader(), view=token)
    answer, head = scored(event), head_of(event)
    names = entrant_names(head)
    chosen = request.args.get("who", "")
    typed, locale = str(clean_text(request.args.get("q", "")))[:MAX_ENTRANT_NAME], locale_code()
    who = digits.below(chosen, 10**6)
    if who is not None and who not in names:
        abort(404)
    seated = seats(answer)
    line = next((s for s in answer["standings"] if s["id"] == who), None)
    left = gone(head).get(who) if who is not None else None
    return render_template(
        "event_find.html", event=event, names=names, who=who, seated=seated, left=left,
        kind=head["kind"], seat=seated[2].get(who) if seated and who is not None and (
            left is None or left > seated[1]) else None,
        results=results_of(answer, who) if who is not None else [], line=line,
        everyone=[(i, name) for i, name in by_name(names.items(), lambda kv: kv[1], locale)
                  if finds(typed, name, locale)], typed=typed,
        presets=CLOCK_PRESETS)
