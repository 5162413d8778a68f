"""A club's evening as rows: its entrants (``event_entrants``), each seated turn's tables
(``event_tables``, each with the referee's result for it once one is made: ``result``,
``result_of``) with their deals (``event_deals``) and penalties (``event_penalties``); the
event keeps its head (``events.head``: the document without its entrants and turns) and
how many turns are seated (``events.seated``), and no longer a tally of its pages (each
table's result is). Each evening's document is moved into the rows as it is, and written
back whole on the way down.

Revision ID: 0015
Revises: 0014
Create Date: 2026-12-07
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0015"
down_revision = "0014"
branch_labels = None
depends_on = None

_EVENTS = sa.table("events", sa.column("id", sa.Integer), sa.column("document", sa.JSON),
                   sa.column("head", sa.JSON), sa.column("seated", sa.Integer))
_ENTRANTS = sa.table("event_entrants", sa.column("event_id", sa.Integer),
                     sa.column("number", sa.Integer), sa.column("position", sa.Integer),
                     sa.column("name", sa.String), sa.column("withdrawn_from", sa.Integer))
_TABLES = sa.table("event_tables", sa.column("id", sa.Integer),
                   sa.column("event_id", sa.Integer), sa.column("turn", sa.Integer),
                   sa.column("number", sa.Integer), sa.column("ns", sa.JSON),
                   sa.column("ew", sa.JSON), sa.column("forfeit", sa.String),
                   sa.column("result", sa.JSON))
_DEALS = sa.table("event_deals", sa.column("table_id", sa.Integer),
                  sa.column("position", sa.Integer), sa.column("data", sa.JSON))
_PENALTIES = sa.table("event_penalties", sa.column("table_id", sa.Integer),
                      sa.column("position", sa.Integer), sa.column("side", sa.String),
                      sa.column("mp", sa.Integer), sa.column("why", sa.String))
#: What the rows hold of a document; the rest is its head.
_ROWS = ("entrants", "turns", "withdrawn")


def upgrade() -> None:
    # every document read first: on SQLite, a table changed in batch is made again, and
    # the rows of tables that refer to it would go with the old one (ON DELETE CASCADE)
    bind = op.get_bind()
    documents = bind.execute(sa.select(_EVENTS.c.id, _EVENTS.c.document)).all()
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("head", sa.JSON(), nullable=False, server_default="{}"))
        batch.add_column(sa.Column("seated", sa.Integer(), nullable=False, server_default="0"))
        batch.drop_column("document")
        batch.drop_column("tally_of")
        batch.drop_column("tally")
    _create_tables()
    for event_id, document in documents:
        _into_rows(bind, event_id, document or {})


def _create_tables() -> None:
    op.create_table(
        "event_entrants",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(80), nullable=True),
        sa.Column("withdrawn_from", sa.Integer(), nullable=True),
        sa.UniqueConstraint("event_id", "number", name="uq_event_entrant"),
    )
    op.create_index("ix_event_entrants_event_id", "event_entrants", ["event_id"])
    op.create_table(
        "event_tables",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("event_id", sa.Integer(), sa.ForeignKey("events.id", ondelete="CASCADE"),
                  nullable=False),
        sa.Column("turn", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("ns", sa.JSON(), nullable=False),
        sa.Column("ew", sa.JSON(), nullable=False),
        sa.Column("forfeit", sa.String(2), nullable=True),
        sa.Column("result", sa.JSON(), nullable=True),
        sa.Column("result_of", sa.String(16), nullable=True),
        sa.UniqueConstraint("event_id", "turn", "number", name="uq_event_table"),
    )
    op.create_index("ix_event_tables_event_id", "event_tables", ["event_id"])
    op.create_table(
        "event_deals",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(),
                  sa.ForeignKey("event_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.UniqueConstraint("table_id", "position", name="uq_event_deal"),
    )
    op.create_index("ix_event_deals_table_id", "event_deals", ["table_id"])
    op.create_table(
        "event_penalties",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("table_id", sa.Integer(),
                  sa.ForeignKey("event_tables.id", ondelete="CASCADE"), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("side", sa.String(2), nullable=False),
        sa.Column("mp", sa.Integer(), nullable=False),
        sa.Column("why", sa.String(80), nullable=True),
    )
    op.create_index("ix_event_penalties_table_id", "event_penalties", ["table_id"])


def _into_rows(bind: Any, event_id: int, document: dict[str, Any]) -> None:
    """One evening's document moved into its rows, its head left on the event."""
    withdrawn = {w.get("entrant"): w.get("from_turn") for w in document.get("withdrawn") or []
                 if isinstance(w, dict)}
    for position, entrant in enumerate(document.get("entrants") or []):
        bind.execute(_ENTRANTS.insert().values(
            event_id=event_id, number=entrant["id"], position=position,
            name=entrant.get("name"), withdrawn_from=withdrawn.get(entrant["id"])))
    turns = document.get("turns") or []
    for turn, played in enumerate(turns):
        for table in played.get("tables") or []:
            table_id = bind.execute(_TABLES.insert().values(
                event_id=event_id, turn=turn, number=table["table"], ns=table["ns"],
                ew=table["ew"], forfeit=table.get("forfeit"))
                .returning(_TABLES.c.id)).scalar_one()
            for position, deal in enumerate(table.get("deals") or []):
                bind.execute(_DEALS.insert().values(table_id=table_id, position=position,
                                                    data=deal))
            for position, penalty in enumerate(table.get("penalties") or []):
                bind.execute(_PENALTIES.insert().values(
                    table_id=table_id, position=position, side=penalty["side"],
                    mp=penalty["mp"], why=penalty.get("why")))
    head = {key: value for key, value in document.items() if key not in _ROWS}
    bind.execute(_EVENTS.update().where(_EVENTS.c.id == event_id)
                 .values(head=head, seated=len(turns)))


def downgrade() -> None:
    # every document made again from its rows first, before the rows' tables go and the
    # events' table is made again (see upgrade)
    bind = op.get_bind()
    documents = [(event_id, _document(bind, event_id, head, seated)) for event_id, head, seated
                 in bind.execute(sa.select(_EVENTS.c.id, _EVENTS.c.head, _EVENTS.c.seated)).all()]
    for name in ("event_penalties", "event_deals", "event_tables", "event_entrants"):
        op.drop_table(name)
    with op.batch_alter_table("events") as batch:
        batch.add_column(sa.Column("document", sa.JSON(), nullable=True))
        batch.add_column(sa.Column("tally", sa.Text(), nullable=True))
        batch.add_column(sa.Column("tally_of", sa.String(80), nullable=True))
        batch.drop_column("seated")
        batch.drop_column("head")
    for event_id, document in documents:
        bind.execute(_EVENTS.update().where(_EVENTS.c.id == event_id).values(document=document))
    with op.batch_alter_table("events") as batch:
        batch.alter_column("document", existing_type=sa.JSON(), nullable=False)


def _document(bind: Any, event_id: int, head: dict[str, Any], seated: int) -> dict[str, Any]:
    """One evening's document made again from its rows."""
    entrants = bind.execute(sa.select(_ENTRANTS.c.number, _ENTRANTS.c.name,
                                      _ENTRANTS.c.withdrawn_from)
                            .where(_ENTRANTS.c.event_id == event_id)
                            .order_by(_ENTRANTS.c.position)).all()
    tables = bind.execute(sa.select(_TABLES).where(_TABLES.c.event_id == event_id)
                          .order_by(_TABLES.c.turn, _TABLES.c.id)).all()
    turns: list[dict[str, Any]] = [{"tables": []} for _ in range(seated)]
    for table in tables:
        deals = bind.execute(sa.select(_DEALS.c.data).where(_DEALS.c.table_id == table.id)
                             .order_by(_DEALS.c.position)).scalars().all()
        penalties = bind.execute(sa.select(_PENALTIES.c.side, _PENALTIES.c.mp, _PENALTIES.c.why)
                                 .where(_PENALTIES.c.table_id == table.id)
                                 .order_by(_PENALTIES.c.position)).all()
        turns[table.turn]["tables"].append({
            "table": table.number, "ns": table.ns, "ew": table.ew, "deals": list(deals),
            "penalties": [{"side": p.side, "mp": p.mp, **({"why": p.why} if p.why else {})}
                          for p in penalties],
            "forfeit": table.forfeit})
    document = {**head, "entrants": [{"id": e.number, "name": e.name} for e in entrants],
                "turns": turns}
    withdrawn = [{"entrant": e.number, "from_turn": e.withdrawn_from} for e in entrants
                 if e.withdrawn_from is not None]
    if withdrawn:
        document["withdrawn"] = withdrawn
    return document
