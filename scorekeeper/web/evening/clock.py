"""The turn's clock of a club's evening: started by the director for the turn in play,
read by the director's page, the table pages and the TV (``static/js/clock.js`` counts
the seconds down between two views)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from scorekeeper.eventforms import ClockForm
from scorekeeper.models import Event, utcnow
from scorekeeper.web import writes

#: The clock warns in the turn's last minutes (the table pages and the TV).
WARN_SECONDS = 5 * 60

def clock_of(event: Event, seated: int | None = None) -> dict[str, Any] | None:
    """The clock of the turn in play, when the director started it: its minutes, the
    seconds left (never below 0), whether it warns and whether time is up (``seated``:
    how many turns are seated, when the caller knows)."""
    turn = event.seated if seated is None else seated
    if not turn or event.clock_turn != turn or event.clock_started is None:
        return None
    minutes = event.clock_minutes or 0
    ends = event.clock_started + timedelta(minutes=minutes)
    left = max(0, int((ends - utcnow()).total_seconds()))
    return {"turn": turn, "minutes": minutes, "left": left, "over": left == 0,
            "warning": 0 < left <= WARN_SECONDS}


def clock_form(event: Event, form: ClockForm | None = None) -> ClockForm:
    """The director's form that starts the turn's clock (the last minutes used, else 45)."""
    shown = form or ClockForm(formdata=None, minutes=event.clock_minutes or 45)
    return writes.keyed(shown, event.version)
