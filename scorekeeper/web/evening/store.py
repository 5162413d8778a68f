"""An evening's rows (``models/evening.py``) read back as the contract's event document,
and written one change at a time: the entrants, a turn seated, a table's deals, penalties
and forfeit. The document is what the referee scores, what is exported, imported and
printed; the rows are what a change writes, so that a deal saved writes its table alone.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from datetime import date
from typing import Any

from sqlalchemy import Integer, Text, bindparam, cast, delete, or_, select
from sqlalchemy.orm import Session, joinedload, selectinload

from scorekeeper import rules
from scorekeeper.caching import LRU
from scorekeeper.models import Event, EventDeal, EventEntrant, EventPenalty, EventTable
from scorekeeper.web.evening import final
from scorekeeper.web.tally import referee

#: What the rows hold of an event document; the rest is its head (``Event.head``), but its
#: state (provisional or final, the evening's own columns: ``evening/final.py``).
ROWS = ("entrants", "turns", "withdrawn", "state")


def head_of_document(document: dict[str, Any]) -> dict[str, Any]:
    """An event document without what its rows hold (its entrants, turns, withdrawals)."""
    return {key: value for key, value in document.items() if key not in ROWS}


def entrants(db: Session, event: Event) -> list[dict[str, Any]]:
    """The entrants as the document lists them: their ids and names, in their order (and
    their players' member numbers, when registration gave any)."""
    rows = db.execute(select(EventEntrant.number, EventEntrant.name, EventEntrant.players)
                      .where(EventEntrant.event_id == event.id)
                      .order_by(EventEntrant.position)).all()
    return [_entrant(number, name, players) for number, name, players in rows]


def _entrant(number: int, name: str | None, players: Any) -> dict[str, Any]:
    return {"id": number, "name": name, **({"players": players} if players else {})}


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


#: The statements every save and page of an evening runs, built once with their
#: parameters (building one, its loader options and its cache key took about as long as
#: running it: 0.23 ms of a table's row, read twice by each save, bench/event.py).
_EVENT, _TURN, _NUMBER = (bindparam(name, type_=Integer) for name in ("event", "turn", "number"))
_TABLE_ROW = (select(EventTable).where(EventTable.event_id == _EVENT, EventTable.turn == _TURN,
                                       EventTable.number == _NUMBER)
              .options(joinedload(EventTable.deals), joinedload(EventTable.penalties)))


def table_row(db: Session, event: Event, turn: int, number: int) -> EventTable | None:
    """Table ``number`` of turn ``turn`` (0-based), with its deals and penalties, in one
    query (a few rows: a table's deals, by any penalties; its selectin loads were three
    queries, 1.4 ms against 0.6 of every save, bench/event.py's save rows)."""
    found: EventTable | None = db.scalars(
        _TABLE_ROW, {"event": event.id, "turn": turn, "number": number}).unique().first()
    return found


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


def head_document(db: Session, event: Event) -> dict[str, Any]:
    """The event document without its turns, named: what a table is scored by and the
    answer is worked out from (its rules, entrants, plan and withdrawals)."""
    rows = _plain(db, _HEAD, event.id)
    out = {**event.head, "name": event.name,
           "entrants": [_entrant(number, name, players) for number, name, _t, players in rows]}
    left = [{"entrant": number, "from_turn": turn} for number, _name, turn, _p in rows
            if turn is not None]
    if left:
        out["withdrawn"] = left
    return out


_HEAD = (select(EventEntrant.number, EventEntrant.name, EventEntrant.withdrawn_from,
                EventEntrant.players)
         .where(EventEntrant.event_id == _EVENT).order_by(EventEntrant.position))


def _plain(db: Session, query: Any, event: int) -> list[Any]:
    """The rows of a query of columns of an evening (``event``, its id), on the session's
    connection past its ORM layer (what the session holds written first, as its own
    ``execute`` would): an evening's 550 tables' results in 0.65 ms against 0.85
    (bench/event.py's director's page, COLD)."""
    db.flush()
    return list(db.connection().execute(query, {"event": event}).all())


def rescore(head: dict[str, Any], row: EventTable) -> None:
    """The table's result as the referee scores it now (``rules.table_result``: its MP,
    VP, deals' totals and problems), kept in its row with the referee that made it; none
    for a table it cannot read."""
    try:
        out, problems = rules.table_result(head, row.turn, as_table(row))
    except rules.InputError:
        row.result, row.result_of = None, None
        return
    row.result, row.result_of = {"table": out, "problems": problems}, referee()


#: Each table's kept result as its text: read as JSON once per process for the same text
#: (a save changes one table's; the others are the same text, and the same dicts, which
#: no caller changes).
_RESULTS = (EventTable.id, EventTable.turn, cast(EventTable.result, Text).label("result"),
            EventTable.result_of)
_DECODED: LRU[dict[str, Any]] = LRU(8192)
_ANSWER = select(*_RESULTS).where(EventTable.event_id == _EVENT).order_by(EventTable.turn,
                                                                          EventTable.id)


def answer(db: Session, event: Event, head: dict[str, Any], *, keep: bool = False
           ) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The referee's answer for the evening and the standings before its last turn, from
    each table's kept result (a table without one, as the migration left it, scored here,
    and kept in its row when ``keep``: ``db`` writes): no deal read but those.
    ``InputError`` when the evening cannot be scored yet."""
    rows = _plain(db, _ANSWER, event.id)
    # a result is kept by the referee of this code (another's, of the rules before a
    # change of them, is made again)
    made_by = referee()
    made = _made(db, head, [number for number, _turn, text, of in rows
                            if not (text and of == made_by)], keep)
    turns: list[list[dict[str, Any]]] = [[] for _ in range(event.seated)]
    problems: list[dict[str, Any]] = []
    for number, turn, text, of in rows:
        result = _decoded(text) if text and of == made_by else made[number]
        turns[turn].append(result["table"])
        if result["problems"]:
            problems.extend(result["problems"])
    return rules.answer_from(head, turns, problems)


_MISSING = select(EventTable.id).where(EventTable.event_id == _EVENT, or_(
    EventTable.result.is_(None), EventTable.result_of.is_distinct_from(bindparam("made_by"))))


def keep_results(db: Session, event: Event, head: dict[str, Any]) -> None:
    """Every table of the evening without a kept result of this referee (as the migration
    to rows left them, or a change of the rules since) scored and kept: the pages then
    read results alone."""
    params = {"event": event.id, "made_by": referee()}
    if db.scalar(_MISSING.limit(1), params) is None:
        return
    for row in db.scalars(select(EventTable).where(EventTable.id.in_(_MISSING))
                          .options(selectinload(EventTable.deals),
                                   selectinload(EventTable.penalties)), params):
        rescore(head, row)


def _decoded(text: str) -> dict[str, Any]:
    found: dict[str, Any] = _DECODED.get_or_make(text, lambda: json.loads(text))
    return found


def _made(db: Session, head: dict[str, Any], missing: list[int],
          keep: bool) -> dict[int, dict[str, Any]]:
    """The results of the tables ``missing`` one, scored, kept in their rows when
    ``keep`` (``InputError`` for one the referee cannot read, as the whole evening's
    answer would)."""
    made: dict[int, dict[str, Any]] = {}
    if not missing:
        return made
    for row in db.scalars(select(EventTable).where(EventTable.id.in_(missing))
                          .options(selectinload(EventTable.deals),
                                   selectinload(EventTable.penalties))):
        out, problems = rules.table_result(head, row.turn, as_table(row))
        made[row.id] = {"table": out, "problems": problems}
        if keep:
            row.result, row.result_of = made[row.id], referee()
    return made


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
    form, an evening imported): its head, entrants, withdrawals, seated turns and state
    (its window, and final when it was: ``final.from_document``, read first)."""
    left = {w["entrant"]: w["from_turn"] for w in document.get("withdrawn") or []}
    event = Event(name=name, day=day, head=head_of_document(document),
                  seated=len(document.get("turns") or []),
                  **(final.from_document(document.get("state")) or {}))
    event.entrant_rows = [EventEntrant(number=e["id"], position=i, name=e.get("name"),
                                       players=e.get("players"),
                                       withdrawn_from=left.get(e["id"]))
                          for i, e in enumerate(document.get("entrants") or [])]
    event.table_rows = [_table(turn, table)
                        for turn, played in enumerate(document.get("turns") or [])
                        for table in played.get("tables") or []]
    head = {**event.head, "name": name, "entrants": document.get("entrants") or [],
            **({"withdrawn": document["withdrawn"]} if document.get("withdrawn") else {})}
    for row in event.table_rows:
        rescore(head, row)
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
    """The entrants as ``listed`` (ids, names and any players, in their order), in place
    of any."""
    db.execute(delete(EventEntrant).where(EventEntrant.event_id == event.id))
    db.add_all(EventEntrant(event_id=event.id, number=e["id"], position=i, name=e.get("name"),
                            players=e.get("players"))
               for i, e in enumerate(listed))


def seat(db: Session, event: Event, seated: Iterable[dict[str, Any]]) -> list[EventTable]:
    """The next turn's tables (as the document writes them: who sits where)."""
    turn = event.seated
    rows = []
    for table in seated:
        row = _table(turn, table)
        row.event_id = event.id
        db.add(row)
        rows.append(row)
    event.seated = turn + 1
    return rows


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
