"""The tables of a club's evening and season: the evening's head (its rules, kind and
plan), its entrants, each turn's tables with their deals and penalties, the deals a
table's phones entered and its history; the seasons that sum evenings."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from sqlalchemy import JSON, Date, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from scorekeeper.models.base import Base, new_token, utcnow


class Event(Base):
    """A club's evening (a tournament), reached by a secret link like a match's: its head
    (its rules, kind, deals per turn, VP scale, bye VP and plan), and in rows of their own
    its entrants (``EventEntrant``) and each turn's tables (``EventTable``) with their
    deals and penalties; together, the contract's event document (docs/contract.md,
    "Events"), which ``web/evening/store.py`` writes and reads back."""

    __tablename__ = "events"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    day: Mapped[date] = mapped_column(Date)
    # {"profile": …, "kind": …, "deals_per_turn": …, "vp_table": …, "bye_vp": …,
    #  "plan": […]}: the event document without its name, entrants and turns
    head: Mapped[dict[str, Any]] = mapped_column(JSON)
    # How many turns are seated (each seated turn's tables are rows of EventTable).
    seated: Mapped[int] = mapped_column(Integer, default=0)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Raised by one on every change; a form carries the version it was built from.
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    # The turn's clock, started by the director: the turn it runs for (1-based), when it
    # started, its minutes (``web/evening/room.py``).
    clock_turn: Mapped[int | None] = mapped_column(Integer, nullable=True)
    clock_started: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    clock_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Each turn's clock as the director last started it, {"1": ["<UTC ISO>", minutes]}:
    # what a table's finish is compared with (``web/evening/review.py``).
    clocks: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True),
                                                          nullable=True)
    # Provisional, then final (``web/evening/final.py``): the correction window the club
    # chose ("closed": until the director closes it, the default; "minutes": that many
    # minutes after the last turn; "noon": noon of the day after the evening's, in its time
    # zone), when every turn of the plan was complete, and when it was closed (final).
    window: Mapped[str | None] = mapped_column(String(8), nullable=True)
    window_minutes: Mapped[int | None] = mapped_column(Integer, nullable=True)
    zone: Mapped[str | None] = mapped_column(String(64), nullable=True)
    finished: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    closed: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    changes: Mapped[list[EventChange]] = relationship(
        order_by="EventChange.version", cascade="all, delete-orphan", passive_deletes=True)
    # its rows, for an evening made whole at once (``web/evening/store.build``); a change
    # of one reads and writes that row alone
    entrant_rows: Mapped[list[EventEntrant]] = relationship(
        order_by="EventEntrant.position", cascade="all, delete-orphan", passive_deletes=True,
        lazy="raise")
    table_rows: Mapped[list[EventTable]] = relationship(
        order_by="EventTable.id", cascade="all, delete-orphan", passive_deletes=True,
        lazy="raise")



class EventEntrant(Base):
    """A pair (or a player, in an individual evening) of an evening: its id in the
    document, its place in the order the movements seat by, its name, the turn it
    withdrew from (1-based; None while it plays), its players' member numbers and its
    code."""

    __tablename__ = "event_entrants"
    __table_args__ = (UniqueConstraint("event_id", "number", name="uq_event_entrant"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    number: Mapped[int] = mapped_column(Integer)  # the document's ``id``
    position: Mapped[int] = mapped_column(Integer)  # 0-based
    name: Mapped[str | None] = mapped_column(String(80), nullable=True)
    withdrawn_from: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: its players' names and member numbers, when registration gave any
    players: Mapped[Any] = mapped_column(JSON, nullable=True)
    #: the pair's own two-digit code, chosen on its phone (``web/evening/codes.py``): a
    #: phone handed across the table confirms for the pair only with it
    code: Mapped[str | None] = mapped_column(String(2), nullable=True)
    #: the wrong codes typed in a row since the last right one, and the time before which
    #: no code is read for the pair (a pause after a few wrong ones)
    code_wrong: Mapped[int | None] = mapped_column(Integer, nullable=True)
    code_paused: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)


class EventTable(Base):
    """One table of a seated turn (``turn`` 0-based): who sits NS and EW (an entrant's
    id, or two in an individual evening), a forfeit, and the referee's result for it as
    it stands (its MP, VP, deals' totals and problems), kept with each change of it."""

    __tablename__ = "event_tables"
    __table_args__ = (UniqueConstraint("event_id", "turn", "number", name="uq_event_table"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"),
                                          index=True)
    turn: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    ns: Mapped[Any] = mapped_column(JSON)
    ew: Mapped[Any] = mapped_column(JSON)
    forfeit: Mapped[str | None] = mapped_column(String(2), nullable=True)
    result: Mapped[dict[str, Any] | None] = mapped_column(JSON(none_as_null=True),
                                                          nullable=True)
    # the referee that made ``result`` (``web/tally.referee``): another's is made again
    result_of: Mapped[str | None] = mapped_column(String(16), nullable=True)

    deals: Mapped[list[EventDeal]] = relationship(
        order_by="EventDeal.position", cascade="all, delete-orphan", passive_deletes=True)
    penalties: Mapped[list[EventPenalty]] = relationship(
        order_by="EventPenalty.position", cascade="all, delete-orphan", passive_deletes=True)


class EventDeal(Base):
    """A deal of a table, as the contract's deal document (sides NS then EW)."""

    __tablename__ = "event_deals"
    __table_args__ = (UniqueConstraint("table_id", "position", name="uq_event_deal"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("event_tables.id", ondelete="CASCADE"),
                                          index=True)
    position: Mapped[int] = mapped_column(Integer)  # 0-based
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


class EventPenalty(Base):
    """MP taken off one side of a table, and why."""

    __tablename__ = "event_penalties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("event_tables.id", ondelete="CASCADE"),
                                          index=True)
    position: Mapped[int] = mapped_column(Integer)  # 0-based
    side: Mapped[str] = mapped_column(String(2))
    mp: Mapped[int] = mapped_column(Integer)
    why: Mapped[str | None] = mapped_column(String(80), nullable=True)


class EventChange(Base):
    """One line of an event's history: what the director did, and why when it corrects
    a result."""

    __tablename__ = "event_changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # the event version this change produced
    # entrants | turn | deal | edited | penalty | forfeit | window | closed | reopened …
    action: Mapped[str] = mapped_column(String(20))
    turn: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 0-based
    table: Mapped[int | None] = mapped_column(Integer, nullable=True)  # the table's number
    deal: Mapped[int | None] = mapped_column(Integer, nullable=True)  # "deal", "edited": 1-based
    reason: Mapped[str | None] = mapped_column(Text, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class EventFlag(Base):
    """A deal a pair thinks is wrong, flagged from its phone while the standings are
    provisional: which turn (0-based), table and deal (1-based), the pair and its side
    there, its reason as typed, and when."""

    __tablename__ = "event_flags"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"), index=True)
    turn: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    deal: Mapped[int] = mapped_column(Integer)
    entrant: Mapped[int] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(2))
    reason: Mapped[str] = mapped_column(String(200))
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)


class EventSheet(Base):
    """The deals one side of a table entered on its own phone for a turn (``side``: "ns"
    or "ew"; ``turn`` 0-based), each as the contract's deal document. They reach the
    event document when the other side confirms them (``web/evening/phones.py``)."""

    __tablename__ = "event_sheets"
    __table_args__ = (UniqueConstraint("event_id", "turn", "table", "side",
                                       name="uq_event_sheet"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("events.id", ondelete="CASCADE"))
    turn: Mapped[int] = mapped_column(Integer)
    table: Mapped[int] = mapped_column(Integer)
    side: Mapped[str] = mapped_column(String(2))
    deals: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    # Raised by one on every change; a side's form carries the version it was built from.
    version: Mapped[int] = mapped_column(Integer, default=1)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Who made each later version: [phone, save number, action, deal] (``web/typedby.py``)
    writers: Mapped[list[list[Any]] | None] = mapped_column(JSON, nullable=True)


class Season(Base):
    """A club's season: several of its evenings summed per entrant (``rules.season``),
    reached by a secret link like an evening's."""

    __tablename__ = "seasons"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    # [{"event": <events.id>, "double": bool}, …], in the season's order
    evenings: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    # only an entrant's best this many evenings count (None: all of them)
    best: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # an entrant is ranked once it has played this many evenings (None: from its first)
    qualify: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
