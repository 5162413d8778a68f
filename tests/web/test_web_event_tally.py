"""An evening keeps what its pages show beside each version (``web/evening/tally.py``): the
writer of a deal leaves the referee's answer there, and another server process shows the
director's page, the room's and the big screen from it, scoring nothing; one kept for
another version is never read."""

from __future__ import annotations

import re

import pytest
from evening_pages import DEAL_A, DEAL_B, first_turn, table_rows
from sqlalchemy import text
from support import post_deal

from scorekeeper.db import get_db
from scorekeeper.web.evening import tally as eventtally
from scorekeeper.web.tally import referee


@pytest.fixture
def second(db_url, tmp_path):
    from scorekeeper.app import create_app

    other = create_app({"TESTING": True, "SECRET_KEY": "test", "DATABASE_URL": db_url})
    other.instance_path = str(tmp_path / "instance-2")
    yield other
    get_db(other).engine.dispose()


def _kept(app, token: str) -> tuple[int, str | None]:
    with get_db(app).engine.connect() as connection:
        row = connection.execute(text("SELECT version, tally_of FROM events "
                                      "WHERE edit_token = :t"), {"t": token}).one()
    return row[0], row[1]


def test_another_process_shows_the_evening_from_what_the_writer_kept(app, client, second,
                                                                      monkeypatch):
    event = first_turn(client)
    token = event.rsplit("/", 1)[-1]
    table_1 = f"{event}/turns/1/tables/1"
    for _ in range(2):
        assert post_deal(client, f"{table_1}/deals/new", DEAL_A, "0").status_code == 302
    assert post_deal(client, f"{event}/turns/1/tables/2/deals/new", DEAL_B, "1") \
        .status_code == 302
    version, kept = _kept(app, token)
    assert kept == f"{version}/{referee()}"

    def never(*_args, **_kwargs):
        raise AssertionError("the evening was scored again")

    monkeypatch.setattr(eventtally, "shown", never)
    other = second.test_client()
    page = other.get(event).get_data(as_text=True)
    # 600 + 600 = 1,200 against 110 + 110 = 220: 980 apart, 875–1000 with 2 deals is
    # 19–1; table 2 has one deal of two: in play
    assert table_rows(page, "Turn 1") == [
        ["1", "Rossi – Bianchi", "Gialli – Bruni", "1,200–220", "19–1"],
        ["2", "Verdi – Neri", "Marroni – Rosa", "Deals: 1 of 2"]]
    assert table_rows(page, "Standings")[0] == ["1", "Rossi – Bianchi", "19", "1,200"]
    room = re.search(r'href="(/e/v/[^"/]+)"', page).group(1)
    tv = other.get(f"{room}/tv").get_data(as_text=True)
    # the big screen: table 2 still plays, no turn is closed yet (no standings)
    assert "Tables still playing: 2</p>" in tv
    assert "Standings after" not in tv
    assert table_rows(other.get(room).get_data(as_text=True), "Standings")[0] == \
        ["1", "Rossi – Bianchi", "19", "1,200"]


def test_what_was_kept_for_another_version_is_not_read(app, client, second, monkeypatch):
    event = first_turn(client)
    token = event.rsplit("/", 1)[-1]
    assert post_deal(client, f"{event}/turns/1/tables/1/deals/new", DEAL_A, "0") \
        .status_code == 302
    with get_db(app).engine.begin() as connection:  # as if the row moved on without it
        connection.execute(text("UPDATE events SET version = version + 1"))
    made = []
    real = eventtally.shown
    monkeypatch.setattr(eventtally, "shown", lambda *a: made.append(1) or real(*a))
    page = second.test_client().get(event).get_data(as_text=True)
    assert made == [1]
    # one deal of two: 600 against 110, in play
    assert table_rows(page, "Turn 1")[0] == ["1", "Rossi – Bianchi", "Gialli – Bruni",
                                             "Deals: 1 of 2"]
    assert _kept(app, token)[1] is not None
