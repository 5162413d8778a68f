"""A pair's own code: two digits the pair chooses on its own phone the first time it
opens its page (or, on a phone handed to it, when it first acts there), kept with the
entrant (``EventEntrant.code``). A pair's own phone confirms without it; a phone handed
across the table confirms for the pair only with it, and enters nothing for the pair
until the code was given on it (``pairs.standing``): the entering side cannot confirm
its own deals by tapping "Hand this phone across".

A code is read as two ASCII digits and nothing else, compared in constant time; after
``FREE`` wrong ones in a row the pair's code is not read for a pause that doubles with
each further wrong one, up to ``MOST_PAUSE``: a hundred codes cannot be tried in an
evening, and what a request costs never grows with what it sends.
"""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from datetime import timedelta

from flask_babel import ngettext
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.db import reader, writer
from scorekeeper.models import Event, EventEntrant, utcnow
from scorekeeper.web import writes
from scorekeeper.web.common import _

#: Wrong codes in a row before the first pause.
FREE = 3
#: The first pause (seconds), doubled with each further wrong code, up to ``MOST_PAUSE``.
FIRST_PAUSE = 60
MOST_PAUSE = 15 * 60
#: The most wrong codes counted (the pause stops growing well before).
MOST_WRONG = 99


@dataclass
class CodeRefused(Exception):
    """The code sent does not let the phone act for the pair: why, in a sentence, the
    answer's status, and the seconds to wait (a pause) or None."""

    sentence: str
    status: int = 422
    wait: int | None = None

    def __str__(self) -> str:
        return self.sentence


class WrongCode(Exception):
    """Two digits that are not the pair's code (counted once the write is rolled back,
    ``wrong``)."""


def read(text: object) -> str | None:
    """Two ASCII digits, as a pair's code is written; None for anything else (another
    alphabet's digits, spaces inside, one digit or three)."""
    if not isinstance(text, str) or len(text) != 2 or not text.isascii() or not text.isdigit():
        return None
    return text


def _row(db: Session, event: Event, entrant: int) -> EventEntrant | None:
    return db.scalar(select(EventEntrant).where(EventEntrant.event_id == event.id,
                                                EventEntrant.number == entrant))


def chosen(event: Event, entrant: int) -> bool:
    """Whether the pair has chosen its code."""
    row = _row(reader(), event, entrant)
    return row is not None and row.code is not None


def _typed(typed: object) -> str:
    """The code a form sent, or why it is not one."""
    if typed is None or typed == "":
        raise CodeRefused(_("Type your pair’s code: two digits."))
    code = read(typed)
    if code is None:
        raise CodeRefused(_("A pair’s code is two digits, such as 07."))
    return code


def choose(db: Session, event: Event, entrant: int, typed: object) -> None:
    """The pair's code from now on (the event's row locked by the caller); refused once it
    has one."""
    row = _row(db, event, entrant)
    code = _typed(typed)
    if row is None:  # pragma: no cover - a known entrant (pairs.known) has its row
        raise CodeRefused(_("Type your pair’s code: two digits."))
    if row.code is not None:
        raise CodeRefused(_("Your pair’s code is chosen already."), 409)
    row.code = code


def check(db: Session, event: Event, entrant: int, typed: object) -> bool:
    """Whether ``typed`` lets the phone act for the pair (the event's row locked by the
    caller): the pair's code, or the pair's first one (kept: True, it was chosen now).
    ``CodeRefused`` for a pause or no code at all, ``WrongCode`` for other digits."""
    row = _row(db, event, entrant)
    if row is None:  # pragma: no cover - a known entrant (pairs.known) has its row
        raise CodeRefused(_("Type your pair’s code: two digits."))
    if row.code is None:
        row.code = _typed(typed)
        return True
    now = utcnow()
    if row.code_paused is not None and now < row.code_paused:
        raise _paused(int((row.code_paused - now).total_seconds()) + 1)
    code = _typed(typed)
    if not hmac.compare_digest(code.encode(), row.code.encode()):
        raise WrongCode
    if row.code_wrong or row.code_paused:
        row.code_wrong, row.code_paused = None, None
    return False


def pause_after(wrong: int) -> int:
    """The seconds no code is read after ``wrong`` wrong ones in a row (0: none)."""
    if wrong < FREE:
        return 0
    return int(min(MOST_PAUSE, FIRST_PAUSE * 2 ** min(wrong - FREE, 10)))


def wrong(event: Event, entrant: int) -> CodeRefused:
    """A wrong code counted for the pair (a write of its own, the refused one's rolled
    back), and what the phone is told."""
    with writer() as db:
        writes.lock_row(db, Event, event.edit_token, "")
        row = _row(db, event, entrant)
        if row is None:  # pragma: no cover - a known entrant (pairs.known) has its row
            return CodeRefused(_("Type your pair’s code: two digits."))
        count = min(MOST_WRONG, (row.code_wrong or 0) + 1)
        row.code_wrong = count
        pause = pause_after(count)
        if pause:
            row.code_paused = utcnow() + timedelta(seconds=pause)
    if pause:
        return _paused(pause)
    left = FREE - count
    return CodeRefused(ngettext("Wrong code: %(num)d more try before a pause.",
                                "Wrong code: %(num)d more tries before a pause.", left), 403)


def _paused(seconds: int) -> CodeRefused:
    minutes = -(-seconds // 60)
    return CodeRefused(ngettext(
        "Too many wrong codes: try again in %(num)d minute, or ask the tournament director.",
        "Too many wrong codes: try again in %(num)d minutes, or ask the tournament director.",
        minutes), 429, seconds)
