"""A club's evening as rows (``models/evening.py``, ``web/evening/store.py``): every evening
stored as one document is moved into its rows by the migration as it was, scores the
same (its tables' MP and VP, the standings, the next turn's seating), and goes back to
one document on the way down, unchanged; the pages show what the document says.

The evenings: two Mitchell evenings of 10 pairs played out, one with a forfeit, a late
pair's penalty and a reason; a Danese of 8 pairs in two groups; an individual evening of
8; an evening by house rules; twenty random evenings (``random_deals.event``)."""

from __future__ import annotations

import json
import random
import sys
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from sqlalchemy.orm import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "rules"))

from event_support import deal, event, play  # noqa: E402
from random_deals import event as random_event  # noqa: E402

from scorekeeper import rules  # noqa: E402
from scorekeeper.db import alembic_config, upgrade  # noqa: E402
from scorekeeper.models import Event  # noqa: E402
from scorekeeper.web.evening import store  # noqa: E402

#: The schema before the rows, and the one that made them.
BEFORE, ROWS = "0014", "0015"
_EVENTS = sa.table("events", sa.column("id", sa.Integer), sa.column("name", sa.String),
                   sa.column("day", sa.Date), sa.column("document", sa.JSON),
                   sa.column("created", sa.DateTime), sa.column("updated", sa.DateTime),
                   sa.column("version", sa.Integer), sa.column("edit_token", sa.String),
                   sa.column("view_token", sa.String))
MITCHELL = [{"movement": "mitchell", "shift": 1}] * 5


def _played(doc: dict[str, Any], seed: int) -> dict[str, Any]:
    """``doc`` played out by its own plan, each deal's totals drawn from ``seed``."""
    rng = random.Random(seed)
    nexts = play(doc, lambda _turn, _seat: [deal(5 * rng.randint(0, 60), 5 * rng.randint(0, 60))
                                            for _ in range(doc["deals_per_turn"])])
    out = json.loads(json.dumps(doc))
    for following in nexts:
        out["turns"].append({"tables": [
            {"table": t["table"], "ns": t["ns"], "ew": t["ew"],
             "deals": [deal(5 * rng.randint(0, 60), 5 * rng.randint(0, 60))
                       for _ in range(doc["deals_per_turn"])], "penalties": [],
             "forfeit": None} for t in following["tables"]]})
    return out


def _evenings() -> list[dict[str, Any]]:
    mitchell = _played(event(10, MITCHELL), 1)
    late = _played(event(10, MITCHELL, deals_per_turn=3), 2)
    late["turns"][1]["tables"][0]["penalties"] = [{"side": "ew", "mp": 100, "why": "late"},
                                                  {"side": "ns", "mp": 50}]
    late["turns"][2]["tables"][1]["forfeit"] = "ns"
    late["turns"][-1]["tables"][2]["deals"] = late["turns"][-1]["tables"][2]["deals"][:1]
    danese = _played(event(8, [{"movement": "mitchell", "shift": 1},
                               {"movement": "danese-modified", "groups": 2},
                               {"movement": "danese-modified"}]), 3)
    individual = _played({**event(8, [{"movement": "individual-8"}] * 3), "kind": "individual"},
                         4)
    house = event(4, MITCHELL[:2], profile=rules.export_profile(rules.profile_of("burraco")))
    house["turns"] = [{"tables": [{"table": 1, "ns": 1, "ew": 3, "deals": [deal(300, 150)],
                                   "penalties": [], "forfeit": None},
                                  {"table": 2, "ns": 2, "ew": 4, "deals": [],
                                   "penalties": [], "forfeit": None}]}]
    rng = random.Random(2026)
    drawn = [_as_stored(random_event(rng, odd=0.0)) for _ in range(20)]
    return [mitchell, late, danese, individual, house, *drawn]


def _as_stored(doc: dict[str, Any]) -> dict[str, Any]:
    """A readable document in the shape the pages store one: every entrant named (or
    not: ``None``), every table with its penalties and forfeit."""
    out = json.loads(json.dumps(doc))
    out["entrants"] = [{"id": e["id"], "name": e.get("name")} for e in out["entrants"]]
    for turn in out.get("turns") or []:
        turn["tables"] = [{"table": t["table"], "ns": t["ns"], "ew": t["ew"],
                           "deals": t.get("deals") or [], "penalties": t.get("penalties") or [],
                           "forfeit": t.get("forfeit")} for t in turn.get("tables") or []]
    return out


def _stored(url: str, evenings: list[dict[str, Any]]) -> None:
    """The evenings stored as the schema before the rows stored them: one document each."""
    engine = sa.create_engine(url)
    now = datetime(2026, 12, 4, 20, 30)
    try:
        with engine.begin() as conn:
            for i, doc in enumerate(evenings):
                conn.execute(_EVENTS.insert().values(
                    name=doc.get("name") or f"Evening {i}", day=date(2026, 12, 4),
                    document={k: v for k, v in doc.items() if k != "name"}, created=now,
                    updated=now, version=1, edit_token=f"edit-{i}", view_token=f"view-{i}"))
    finally:
        engine.dispose()


def _read(url: str) -> list[dict[str, Any]]:
    """Every evening's document as its rows say it, in the order they were stored."""
    engine = sa.create_engine(url)
    try:
        with Session(engine) as db:
            return [store.document(db, e) for e in db.scalars(sa.select(Event).order_by(Event.id))]
    finally:
        engine.dispose()


def _downgrade(url: str, revision: str) -> None:
    from alembic import command

    engine = sa.create_engine(url)
    try:
        with engine.begin() as connection:
            config = alembic_config(url)
            config.attributes["connection"] = connection
            command.downgrade(config, revision)
    finally:
        engine.dispose()


def _documents(url: str) -> list[dict[str, Any]]:
    engine = sa.create_engine(url)
    try:
        with engine.connect() as conn:
            return list(conn.execute(sa.select(_EVENTS.c.document).order_by(_EVENTS.c.id))
                        .scalars())
    finally:
        engine.dispose()


def _answer(doc: dict[str, Any]) -> Any:
    try:
        return rules.event_document(doc)
    except rules.InputError as error:
        return error.as_dict() if hasattr(error, "as_dict") else str(error)


@pytest.fixture
def before_rows(db_url: str) -> Any:
    """The test's database taken back to the schema before the rows, and to the head
    again afterwards (the next test's database is at the head, on PostgreSQL too)."""
    _downgrade(db_url, BEFORE)
    yield db_url
    upgrade(db_url)


def test_every_evening_moves_into_rows_and_back_as_it_was(before_rows):
    url = before_rows
    evenings = _evenings()
    documents = [{k: v for k, v in doc.items() if k != "name"} for doc in evenings]
    _stored(url, evenings)
    upgrade(url, ROWS)
    upgrade(url)  # the later revisions add columns the rows' reader reads, nothing more
    read = _read(url)
    assert len(read) == len(documents)
    for i, (was, now) in enumerate(zip(documents, read, strict=True)):
        assert now == was, i
        # what the referee makes of it: each table's MP and VP, the standings, the next turn
        assert _answer({**now, "name": "e"}) == _answer({**was, "name": "e"}), i
    _downgrade(url, BEFORE)
    assert _documents(url) == documents


def test_a_stored_evening_reads_as_its_document(app, client):
    """An evening imported (its rows made at once) is exported as the document it was
    read from (the import writes the bye VP it defaults to)."""
    doc = _evenings()[1]
    from test_web_events import _import

    from scorekeeper import eventfiles

    response = _import(client, eventfiles.event_file({**doc, "day": "2026-12-04"}).encode())
    assert response.status_code == 302, response.get_data(as_text=True)[-800:]
    exported = json.loads(client.get(response.headers["Location"] + "/event.json").data)
    assert {k: v for k, v in exported.items() if k not in ("name", "day", "state")} == \
        {"bye_vp": 10, **{k: v for k, v in doc.items() if k != "name"}}
    assert exported["state"] == {"standings": "provisional", "window": "closed"}


def test_the_answer_from_kept_results_is_the_referee_s_for_the_whole_document(app, client):
    """An evening changed through its pages (deals, a fix, a penalty, a forfeit, a turn
    seated): the answer made from each table's kept result is the one the referee gives
    for the whole document."""
    from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, seat_turn
    from support import post_deal

    from scorekeeper.db import get_db

    event = first_turn(client)
    table_1, table_2 = (f"{event}/turns/1/tables/{n}" for n in (1, 2))
    for played, out in ((DEAL_A, "0"), (DEAL_B, "1")):
        assert post_deal(client, f"{table_1}/deals/new", played, out).status_code == 302
    assert post_deal(client, f"{table_1}/deals/2/edit", DEAL_C, "").status_code == 302
    assert post(client, table_1, f"{table_1}/penalty", side="ew", mp="100",
                why="late").status_code == 302
    assert post(client, table_2, f"{table_2}/forfeit", side="ns").status_code == 302
    seat_turn(client, event)
    assert post_deal(client, f"{event}/turns/2/tables/1/deals/new", DEAL_A, "0") \
        .status_code == 302
    with app.app_context(), get_db().read_sessions() as db:
        found = db.scalars(sa.select(Event)).one()
        answer, before = store.answer(db, found, store.head_document(db, found))
        whole, earlier = rules.kept_document(store.event_input(db, found))
    assert answer == whole
    assert before == earlier
    # table 1: 600 + 100 (deal 2 fixed to DEAL_C) = 700, less nothing; EW 110 + 100 − 100
    assert answer["turns"][0]["tables"][0]["mp"] == [700, 110]
    assert answer["turns"][0]["tables"][1]["vp"] == [6, 14]  # NS forfeited: 6 – 14
