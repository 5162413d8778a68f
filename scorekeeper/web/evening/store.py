"""An evening's rows (``models/evening.py``) read back as the contract's event document,
and written one change at a time: the entrants, a turn seated, a table's deals, penalties
and forfeit. The document is what the referee scores, what is exported, imported and
printed; the rows are what a change writes, so that a deal saved writes its table alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import date
from typing import Any

from sqlalchemy import delete, select
from sqlalchemy.orm import Session, selectinload

from scorekeeper.models import Event, EventDeal, EventEntrant, EventPenalty, EventTable

#: What the rows hold of an event document; the rest is its head (``Event.head``).
ROWS = ("entrants", "turns", "withdrawn")


def head_of_document(document: dict[str, Any]) -> dict[str, Any]:
    """An event document without what its rows hold (its entrants, turns, withdrawals)."""
    return {key: value for key, value in document.items() if key not in ROWS}


def entrants(db: Session, event: Event) -> list[dict[str, Any]]:
    """The entrants as the document lists them: their ids and names, in their order."""
    rows = db.execute(select(EventEntrant.number, EventEntrant.name)
                      .where(EventEntrant.event_id == event.id)
                      .order_by(EventEntrant.position)).all()
    return [{"id": number, "name": name} for number, name in rows]


def withdrawn(db: Session, event: Event) -> list[dict[str, Any]]:
    """Who withdrew, and from which turn (1-based), in the entrants' order."""
    rows = db.execute(select(EventEntrant.number, EventEntrant.withdrawn_from)
                      .where(EventEntrant.event_id == event.id,
                             EventEntrant.withdrawn_from.is_not(None))
                      .order_by(EventEntrant.position)).all()
    return [{"entrant": number, "from_turn": turn} for number, turn in rows]


def tables(db: Session, event: Event, turn: int | None = None) -> list[EventTable]:
    """The seated tables with their deals and penalties, of every turn in order or of
    one (``turn``, 0-based), each turn's in the order they were seated."""
    query = (select(EventTable).where(EventTable.event_id == event.id)
             .options(selectinload(EventTable.deals), selectinload(EventTable.penalties))
             .order_by(EventTable.turn, EventTable.id))
    if turn is not None:
        query = query.where(EventTable.turn == turn)
    return list(db.scalars(query))


def table_row(db: Session, event: Event, turn: int, number: int) -> EventTable | None:
    """Table ``number`` of turn ``turn`` (0-based), with its deals and penalties."""
    return db.scalar(select(EventTable).where(
        EventTable.event_id == event.id, EventTable.turn == turn, EventTable.number == number)
        .options(selectinload(EventTable.deals), selectinload(EventTable.penalties)))


def as_table(row: EventTable) -> dict[str, Any]:
    """A table as the document writes it."""
    return {"table": row.number, "ns": row.ns, "ew": row.ew,
            "deals": [deal.data for deal in row.deals],
            "penalties": [{"side": p.side, "mp": p.mp, **({"why": p.why} if p.why else {})}
                          for p in row.penalties],
            "forfeit": row.forfeit}


def turns(db: Session, event: Event) -> list[dict[str, Any]]:
    """Every seated turn as the document writes it: its tables."""
    out: list[dict[str, Any]] = [{"tables": []} for _ in range(event.seated)]
    for row in tables(db, event):
        if row.turn < len(out):
            out[row.turn]["tables"].append(as_table(row))
    return out


def document(db: Session, event: Event) -> dict[str, Any]:
    """The contract's event document of the evening as it stands, without its name."""
    out = {**event.head, "entrants": entrants(db, event), "turns": turns(db, event)}
    left = withdrawn(db, event)
    if left:
        out["withdrawn"] = left
    return out


def event_input(db: Session, event: Event) -> dict[str, Any]:
    """The contract's event document, named."""
    return {**document(db, event), "name": event.name}


# -- writing ---------------------------------------------------------------------------


def build(name: str, day: date, document: dict[str, Any]) -> Event:
    """A new evening, not stored yet, with the rows of ``document`` (the new evening's
    form, an evening imported): its head, entrants, withdrawals and seated turns."""
    left = {w["entrant"]: w["from_turn"] for w in document.get("withdrawn") or []}
    event = Event(name=name, day=day, head=head_of_document(document),
                  seated=len(document.get("turns") or []))
    event.entrant_rows = [EventEntrant(number=e["id"], position=i, name=e.get("name"),
                                       withdrawn_from=left.get(e["id"]))
                          for i, e in enumerate(document.get("entrants") or [])]
    event.table_rows = [_table(turn, table)
                        for turn, played in enumerate(document.get("turns") or [])
                        for table in played.get("tables") or []]
    return event


def _table(turn: int, table: dict[str, Any]) -> EventTable:
    """A table's row as the document writes it: who sits where, and any deals, penalties
    and forfeit it holds already."""
    row = EventTable(turn=turn, number=table["table"], ns=table["ns"], ew=table["ew"],
                     forfeit=table.get("forfeit"))
    row.deals = [EventDeal(position=i, data=d) for i, d in enumerate(table.get("deals") or [])]
    row.penalties = [EventPenalty(position=i, side=p["side"], mp=p["mp"], why=p.get("why"))
                     for i, p in enumerate(table.get("penalties") or [])]
    return row


def set_entrants(db: Session, event: Event, listed: Iterable[dict[str, Any]]) -> None:
    """The entrants as ``listed`` (ids and names, in their order), in place of any."""
    db.execute(delete(EventEntrant).where(EventEntrant.event_id == event.id))
    db.add_all(EventEntrant(event_id=event.id, number=e["id"], position=i, name=e.get("name"))
               for i, e in enumerate(listed))


def seat(db: Session, event: Event, seated: Iterable[dict[str, Any]]) -> None:
    """The next turn's tables (as the document writes them: who sits where)."""
    turn = event.seated
    for table in seated:
        row = _table(turn, table)
        row.event_id = event.id
        db.add(row)
    event.seated = turn + 1


def set_deals(row: EventTable, deals: list[dict[str, Any]]) -> None:
    """The table's deals, in place of those it held (each position's row kept, written
    over: a position is never held by two rows at once)."""
    for i, deal in enumerate(deals):
        if i < len(row.deals):
            row.deals[i].data = deal
        else:
            row.deals.append(EventDeal(position=i, data=deal))
    del row.deals[len(deals):]


def put_deal(row: EventTable, number: int | None, deal: dict[str, Any]) -> int:
    """Deal ``number`` (1-based) of the table in place of the one it held, or, ``None``,
    the table's next deal; the deal's number."""
    if number is None:
        row.deals.append(EventDeal(position=len(row.deals), data=deal))
        return len(row.deals)
    row.deals[number - 1].data = deal
    return number


def add_penalty(row: EventTable, side: str, mp: int, why: str | None) -> None:
    """MP taken off a side of the table."""
    row.penalties.append(EventPenalty(position=len(row.penalties), side=side, mp=mp, why=why))
