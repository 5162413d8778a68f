"""The deals a pair flags from its phone while the evening's standings are provisional
("we think deal 2 is wrong: …"): which turn and deal, at the table the pair sat at that
turn, and a short reason, kept as a row of its own (``models.EventFlag``), never a change
of the results: the director reads them on the evening's page (``evening/review.py``:
who, which turn, table and deal, why, when) and corrects the deal, or not, as any
correction is made. A flag is no new version of the evening: the director's page follows
the flags by their own part of its tag. The phone's form is sent to
``evening/confirm.py``."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.db import reader
from scorekeeper.eventforms import FlagForm
from scorekeeper.models import Event, EventFlag
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.evening import final, pairs, store


class Unflaggable(Exception):
    """The deal a phone flagged is not one its pair can flag: nothing kept; the sentence
    says why."""


def form_for(event: Event, form: FlagForm | None = None) -> FlagForm:
    """The flag's form with its choices: the turns seated (the turn in play first
    chosen) and the deals of a turn."""
    shown = form or FlagForm(formdata=None, of_turn=event.seated, deal=1)
    shown.of_turn.choices = [(n, _("Turn %(turn)d", turn=n)) for n in range(1, event.seated + 1)]
    shown.deal.choices = [(n, _("Deal %(number)d", number=n))
                          for n in range(1, event.head["deals_per_turn"] + 1)]
    return shown


def phone_form(event: Event, pair: int | None, form: FlagForm | None = None) -> FlagForm | None:
    """The flag's form a pair's phone shows: while the standings are provisional, a turn
    seated, and the phone acting for the pair (its own, or its code given on it)."""
    if not event.seated or final.standing(event).final or not pairs.acts(event, pair):
        return None
    return writes.keyed(form_for(event, form))


def add(db: Session, event: Event, pair: int, form: FlagForm) -> EventFlag:
    """The pair's flag of deal ``form.deal`` of its table in turn ``form.of_turn``, kept
    (the event's row locked by the caller); ``Unflaggable`` when the pair had no table
    then, or that deal is not the table's yet (confirmed, or entered by the director)."""
    turn, number = int(form.of_turn.data), int(form.deal.data)
    seat = pairs.seat_in(db, event, turn - 1, pair)
    if seat is None:
        raise Unflaggable(_("Your pair had no table in turn %(turn)d.", turn=turn))
    deals = store.table_row(db, event, turn - 1, seat.table)
    if deals is None or number > len(deals.deals):
        raise Unflaggable(_("Deal %(number)d of turn %(turn)d is not confirmed yet: check it "
                            "with the other side.", number=number, turn=turn))
    flag = EventFlag(event_id=event.id, turn=turn - 1, table=seat.table, deal=number,
                     entrant=pair, side=seat.side, reason=str(form.reason.data))
    db.add(flag)
    return flag


def of_pair(event: Event, pair: int) -> list[dict[str, Any]]:
    """The flags a pair raised, for its phone to show them."""
    rows = reader().scalars(select(EventFlag).where(EventFlag.event_id == event.id,
                                                    EventFlag.entrant == pair)
                            .order_by(EventFlag.id))
    return [{"turn": f.turn + 1, "table": f.table, "deal": f.deal, "reason": f.reason}
            for f in rows]
