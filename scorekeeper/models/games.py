"""The tables of a match, a table of friends, house rules, a Burro game and the forms'
keys.

A deal is stored exactly as the players entered it (the contract's deal JSON);
every total is recomputed from the stored deals by ``scorekeeper.rules``, so
fixing an old deal fixes everything after it. The only derived values kept in
the database are the match's ``status`` and ``totals``, a cache for the home
page's list, rewritten on every change, and the referee's whole tally of the deals
(``tally``), valid for one version and one referee only.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    select,
)
from sqlalchemy.orm import Mapped, Session, mapped_column, relationship

from scorekeeper.models.base import Base, new_token, utcnow


class Match(Base):
    __tablename__ = "matches"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    profile: Mapped[str] = mapped_column(String(40))
    target: Mapped[int] = mapped_column(Integer)
    # [{"name": "Nós", "players": ["Ana", "Bia"]}, …]
    sides: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Raised by one on every change; a form carries the version it was built from.
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    # Cache for the home page only (recomputed from the deals on every change).
    status: Mapped[str] = mapped_column(String(20), default="in-progress")
    totals: Mapped[list[int]] = mapped_column(JSON, default=list)
    # The referee's match document for the deals as they stand, as pages show it
    # (without the deals' melds), as JSON text, written with each change of the deals
    # (web/tally.py); and what it is the tally of: the version it was made for and a
    # digest of the referee that made it. A tally of another version or referee is never
    # read: the deals are scored again. Read on its own (plain SQL), never loaded with
    # the match.
    tally: Mapped[str | None] = mapped_column(Text, nullable=True, deferred=True)
    tally_of: Mapped[str | None] = mapped_column(String(80), nullable=True, deferred=True)
    # The seat (an index into the seating) of the first deal's dealer; None until the
    # players say.
    first_dealer: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # Who sits where (``seating.py``): [[side, player], …] going round to the left; None
    # while the players keep the order they were entered in.
    seating: Mapped[list[list[int]] | None] = mapped_column(JSON, nullable=True)
    # House rules: the exact rules the match was started with, {"document": <profile
    # document>, "version": n} (``profile`` is then their base); None for a built-in
    # profile. Changing the house rules later never changes this copy.
    rules: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # When the scorer's phone (a page opened with the edit link) last reached the server.
    scorer_seen: Mapped[datetime | None] = mapped_column(DateTime, nullable=True)
    # The table (the people who play together) the match was started from; None for a
    # match of its own. Its sides then say which of the table's players sat there
    # (``"seats"``: their ids), so that a player renamed later keeps their matches.
    table_id: Mapped[int | None] = mapped_column(
        ForeignKey("tables.id", ondelete="SET NULL"), nullable=True, index=True)
    # The table's time zone (IANA, from the phone that started the match: ``moments``):
    # its pages and papers write its moments in it. None: in UTC (a match started before
    # matches kept one, or by a browser that did not say).
    zone: Mapped[str | None] = mapped_column(String(64), nullable=True)

    deals: Mapped[list[Deal]] = relationship(
        back_populates="match",
        order_by="Deal.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    changes: Mapped[list[Change]] = relationship(
        back_populates="match",
        order_by="Change.version",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )

    @classmethod
    def unstored(cls, *, name: str, profile: str, target: int, version: int,
                 sides: list[dict[str, Any]], token: str, view_token: str | None = None,
                 rules: dict[str, Any] | None = None, when: datetime | None = None) -> Match:
        """A match that is never stored, shown by the pages a stored one uses: in progress,
        no point yet, made and changed ``when`` (now if not given), its edit link ``token``
        (its read-only link too unless ``view_token`` is given)."""
        when = when or utcnow()
        return cls(name=name, profile=profile, rules=rules, target=target, version=version,
                   sides=sides, edit_token=token,
                   view_token=token if view_token is None else view_token,
                   status="in-progress", totals=[0] * len(sides), created=when, updated=when)

    def side_names(self) -> list[str]:
        return [str(side["name"]) for side in self.sides]

    def deal_docs(self) -> list[dict[str, Any]]:
        return [deal.data for deal in self.deals]

    def rules_document(self) -> dict[str, Any] | str:
        """What the referee is told the rules are: the house rules' profile document, or
        the built-in profile's id."""
        return self.rules["document"] if self.rules else self.profile

    def rules_id(self) -> str:
        """The id the referee answers with: the house rules' own, or the profile's."""
        return str(self.rules["document"]["id"]) if self.rules else self.profile

    def match_input(self, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        """The contract's ``match`` input document for this match."""
        return {
            "profile": self.rules_document(),
            "target": self.target,
            "sides": self.side_names(),
            "deals": self.deal_docs() if deals is None else deals,
        }


class Table(Base):
    """The people who play together, reached by a secret link like a match's."""

    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Raised by one on every change; a form carries the version it was built from.
    version: Mapped[int] = mapped_column(Integer, default=1)
    # The table's own time zone (IANA, from the phone that made it): its evenings' dates.
    zone: Mapped[str] = mapped_column(String(64), default="UTC")

    players: Mapped[list[TablePlayer]] = relationship(
        back_populates="table",
        order_by="TablePlayer.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class HouseRules(Base):
    """A family's own numbers (a profile document based on a built-in profile), reached by
    a secret link like a match's, and kept with a table when made from one."""

    __tablename__ = "house_rules"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80))
    base: Mapped[str] = mapped_column(String(40))  # the built-in profile they change
    document: Mapped[dict[str, Any]] = mapped_column(JSON)  # docs/contract.md "House rules"
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    table_id: Mapped[int | None] = mapped_column(
        ForeignKey("tables.id", ondelete="SET NULL"), nullable=True, index=True)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # Raised by one on every change: a match says which version it was started with.
    version: Mapped[int] = mapped_column(Integer, default=1)


class TablePlayer(Base):
    """One person of a table: renamed, they keep their id, and with it their matches."""

    __tablename__ = "table_players"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(40))
    position: Mapped[int] = mapped_column(Integer)  # 0-based order on the table's page
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    table: Mapped[Table] = relationship(back_populates="players")


class Deal(Base):
    __tablename__ = "deals"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)  # 0-based order in the match
    data: Mapped[dict[str, Any]] = mapped_column(JSON)  # the deal document as entered
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)

    match: Mapped[Match] = relationship(back_populates="deals")

    @property
    def corrected(self) -> datetime | None:
        """When the deal was last corrected (saved again after it was entered), or None."""
        if self.updated is None or self.created is None:
            return None
        return self.updated if (self.updated - self.created).total_seconds() > 1 else None


class Change(Base):
    """One line of a match's history, so a stale save can be told what changed."""

    __tablename__ = "changes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("matches.id", ondelete="CASCADE"), index=True)
    version: Mapped[int] = mapped_column(Integer)  # the match version this change produced
    action: Mapped[str] = mapped_column(String(20))  # added | edited | removed
    position: Mapped[int] = mapped_column(Integer)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    # An edited deal's document as it stood before the edit (its figures one tap away on
    # the deal's page); None for the other changes.
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Which phone saved the change, and its save number there (``web/typedby.py``).
    phone: Mapped[str | None] = mapped_column(String(32), nullable=True)
    phone_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)

    match: Mapped[Match] = relationship(back_populates="changes")


class Submission(Base):
    """An idempotency key already used: a replayed form redirects to where the first one went."""

    __tablename__ = "submissions"

    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    target_url: Mapped[str] = mapped_column(Text)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    #: What the form said when the key was used (a digest of its fields): the same key
    #: with other content is a form restored by Back and typed again, never a replay.
    digest: Mapped[str | None] = mapped_column(String(64), nullable=True)


class BurroGame(Base):
    __tablename__ = "burro_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    players: Mapped[list[str]] = mapped_column(JSON)
    # The contract's burro rounds as entered: {"loser": …} or {"feint_by": …, "fooled": […]}
    rounds: Mapped[list[dict[str, Any]]] = mapped_column(JSON, default=list)
    created: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    updated: Mapped[datetime] = mapped_column(DateTime, default=utcnow)
    version: Mapped[int] = mapped_column(Integer, default=1)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    view_token: Mapped[str] = mapped_column(String(64), unique=True, default=new_token)
    finished: Mapped[bool] = mapped_column(default=False)

    def burro_input(self, rounds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
        return {"players": list(self.players), "rounds": self.rounds if rounds is None else rounds}


_USED = select(Submission.target_url, Submission.digest).where(Submission.key == bindparam("key"))


def used_submission(session: Session, key: str) -> tuple[str, str | None] | None:
    """Where the form with this idempotency key went the first time, and the digest of
    what it said, if the key was used."""
    if not key:
        return None
    row = session.connection().execute(_USED, {"key": key}).first()  # a plain row: no ORM
    return (row[0], row[1]) if row is not None else None


def match_snapshot(match: Match) -> dict[str, Any]:
    """The match as a plain dict (for the PDF summary and exports)."""
    from scorekeeper.rules import match_document

    deals = match.deal_docs()
    return {
        "id": match.id,
        "version": match.version,
        "name": match.name,
        "created": match.created.isoformat(),
        "zone": match.zone,
        "profile": match.profile,
        "rules": match.rules,
        "target": match.target,
        "sides": [
            {"name": side["name"], "players": list(side.get("players", []))}
            for side in match.sides
        ],
        "deals": deals,
        # deal number -> when it was corrected (ISO, UTC; the summary writes it in the zone)
        "corrected": {d.position + 1: d.corrected.isoformat() for d in match.deals
                      if d.corrected is not None},
        "result": match_document(match.match_input(deals)),
    }
