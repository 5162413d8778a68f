"""Provisional, then final: an evening's standings are provisional until it is closed.

The model (docs/guide.md, "Provisional, then final"; docs/contract.md, "The evening's
state"): the club chooses a correction window, before the evening or while it plays,
until it is closed — the director closes it (the default: "closed"); N minutes after the
last turn ("minutes": from the moment every table of the plan's last turn was complete,
``Event.finished``); noon of the day after the evening's day, in the evening's time zone
("noon"). While the standings are provisional, a pair can flag a deal from its phone
(``evening/flags.py``). The director may close the evening before its window ends, once
the turn in play is complete; once closed, or once its window ended, it is final: no
phone enters, confirms or flags anything, and the director changes nothing either, unless
the evening is reopened with a reason kept in its history (the window is then until
closed again). An evening is final from the moment it was closed, or from its window's
end.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from sqlalchemy import Integer, bindparam, case, func, select
from sqlalchemy.orm import Session

from scorekeeper.eventforms import MOST_WINDOW_MINUTES
from scorekeeper.models import Event, EventTable, utcnow
from scorekeeper.moments import zone_named

#: The correction windows a club chooses from (``Event.window``).
UNTIL_CLOSED, MINUTES, NOON = "closed", "minutes", "noon"
WINDOWS = (UNTIL_CLOSED, MINUTES, NOON)
#: The longest window counted in minutes: a week (48 hours is the longest clubs keep),
#: the bound of the director's form.
MOST_MINUTES = MOST_WINDOW_MINUTES
#: What an evening's files call its standings (``state.standings`` in event.json, the
#: CSVs' last column).
PROVISIONAL, FINAL = "provisional", "final"
#: The history's lines that close and reopen an evening (``EventChange.action``), and the
#: window chosen: a final evening takes only the second.
CLOSED, REOPENED, WINDOW = "closed", "reopened", "window"
#: The changes that check the evening's state themselves, before they change it (a window
#: chosen may end at once: the evening is final from its end, as it says).
OWN_CHECKS = (CLOSED, REOPENED, WINDOW)


class Final(Exception):
    """A change asked of an evening whose results are final: nothing is saved."""


@dataclass(frozen=True)
class Standing:
    """Where an evening's standings stand: final or not, since when (closed by the
    director, or its window's end), when its window ends by itself (None: until closed,
    or the last turn not complete yet), the window chosen and its minutes."""

    final: bool
    since: datetime | None
    ends: datetime | None
    window: str
    minutes: int | None
    finished: datetime | None

    @property
    def word(self) -> str:
        """What the files call it: ``provisional`` or ``final``."""
        return FINAL if self.final else PROVISIONAL


def window_end(event: Event) -> datetime | None:
    """When the evening's window ends by itself (UTC, naive as stored): N minutes after
    its last turn, or noon of the next day in its zone (UTC without one); None until the
    last turn of its plan is complete, or when it stays open until closed."""
    kind = event.window or UNTIL_CLOSED
    if event.finished is None or kind == UNTIL_CLOSED:
        return None
    if kind == MINUTES:
        return event.finished + timedelta(minutes=event.window_minutes or 0)
    noon = datetime.combine(event.day + timedelta(days=1), time(12),
                            ZoneInfo(zone_named(event.zone) or "UTC"))
    return noon.astimezone(UTC).replace(tzinfo=None)


def standing(event: Event, now: datetime | None = None) -> Standing:
    """The evening's standing now (``now``: the moment asked about)."""
    ends = window_end(event)
    since = event.closed
    if since is None and ends is not None and (now or utcnow()) >= ends:
        since = ends
    return Standing(since is not None, since, ends, event.window or UNTIL_CLOSED,
                    event.window_minutes, event.finished)


def tag_part(event: Event) -> tuple[object, ...]:
    """What a followed page shows of the standing, as a tag's part: a window that ends
    makes every page new, with no write."""
    now = standing(event)
    return now.final, now.since, now.ends


def refuse_if_final(event: Event) -> None:
    """``Final`` when the evening's results are final (its row locked by the caller)."""
    if standing(event).final:
        raise Final


def mark_finished(db: Session, event: Event) -> None:
    """``Event.finished`` kept with each change: the moment every table of the plan's
    last turn was complete (kept once set, cleared when a change makes a table of it
    incomplete again); the results of the tables of the turn kept by the caller first."""
    plan = len(event.head.get("plan") or [])
    if not plan or event.seated < plan:
        event.finished = None
        return
    # the tables counted, and those complete, by the database (the last turn's results
    # not read into Python: bench/event.py's director's save row)
    tables, done = db.execute(_FINISHED, {"event": event.id, "turn": event.seated - 1}).one()
    if not tables or done != tables:
        event.finished = None
    elif event.finished is None:
        event.finished = utcnow()


#: A table's kept result says it is complete (``result.table.complete``; no result: not).
_COMPLETE = EventTable.result[("table", "complete")].as_boolean().is_(True)
#: How many tables a turn has, and how many of them are complete (built once).
_FINISHED = select(func.count(), func.count(case((_COMPLETE, 1)))).where(
    EventTable.event_id == bindparam("event", type_=Integer),
    EventTable.turn == bindparam("turn", type_=Integer))


def as_document(event: Event) -> dict[str, Any]:
    """The evening's state as its file writes it (``state`` in event.json): its
    standings' word, its window, and the moments it finished and became final."""
    now = standing(event)
    out: dict[str, Any] = {"standings": now.word, "window": now.window}
    if now.window == MINUTES:
        out["minutes"] = now.minutes
    if event.zone:
        out["zone"] = event.zone
    for key, moment in (("finished", now.finished), ("closed", now.since)):
        if moment is not None:
            out[key] = f"{moment:%Y-%m-%dT%H:%M:%SZ}"
    return out


def _moment(value: Any) -> datetime | None:
    if not isinstance(value, str) or len(value) > 40:
        return None
    try:
        read = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return read.astimezone(UTC).replace(tzinfo=None) if read.tzinfo else read


def from_document(state: Any) -> dict[str, Any] | None:
    """The columns of ``Event`` an evening's file's ``state`` gives (its window, zone,
    finished and closed moments; a final evening closed, at its moment or now); None
    when it is not one (the file is then refused)."""
    if state is None:
        return {}
    if not isinstance(state, dict) or state.get("standings") not in (PROVISIONAL, FINAL) \
            or state.get("window", UNTIL_CLOSED) not in WINDOWS:
        return None
    window, minutes = state.get("window", UNTIL_CLOSED), state.get("minutes")
    if window == MINUTES and not (isinstance(minutes, int) and not isinstance(minutes, bool)
                                  and 1 <= minutes <= MOST_MINUTES):
        return None
    zone = state.get("zone")
    if zone is not None and zone_named(zone) is None:
        return None
    finished, closed = _moment(state.get("finished")), _moment(state.get("closed"))
    if any(state.get(k) is not None and m is None
           for k, m in (("finished", finished), ("closed", closed))):
        return None
    final = state["standings"] == FINAL
    return {"window": window, "window_minutes": minutes if window == MINUTES else None,
            "zone": zone, "finished": finished,
            "closed": (closed or utcnow()) if final else None}
