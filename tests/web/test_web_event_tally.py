"""An evening keeps each table's result in its row, with the referee that made it
(``web/evening/store.py``): the writer of a change scores the tables it changed, and
another server process shows the director's page, the room's and the big screen from the
kept results, scoring no table; a result another referee made (the rules changed since) is
made again, and kept again by the next change."""

from __future__ import annotations

import re

from evening_pages import DEAL_A, DEAL_B, first_turn, table_rows
from sqlalchemy import text
from support import post_deal

from scorekeeper import rules
from scorekeeper.db import get_db


def _made_by(app) -> list[str | None]:
    with get_db(app).engine.connect() as connection:
        return list(connection.execute(text(
            "SELECT result_of FROM event_tables ORDER BY turn, id")).scalars())


def _scored(monkeypatch) -> list[int]:
    """Each table the referee scores from now on, by its number."""
    made: list[int] = []
    real = rules.table_result

    def counted(head, turn, table):
        made.append(table["table"])
        return real(head, turn, table)

    monkeypatch.setattr(rules, "table_result", counted)
    return made


def test_another_process_shows_the_evening_from_the_tables_kept_results(app, client, second,
                                                                         monkeypatch):
    event = first_turn(client)
    table_1 = f"{event}/turns/1/tables/1"
    for _ in range(2):
        assert post_deal(client, f"{table_1}/deals/new", DEAL_A, "0").status_code == 302
    assert post_deal(client, f"{event}/turns/1/tables/2/deals/new", DEAL_B, "1") \
        .status_code == 302
    from scorekeeper.web.tally import referee

    assert _made_by(app) == [referee(), referee()]
    scored = _scored(monkeypatch)
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
    assert scored == []  # no table scored again: every result was kept


def test_a_result_another_referee_made_is_made_again(app, client, second, monkeypatch):
    event = first_turn(client)
    assert post_deal(client, f"{event}/turns/1/tables/1/deals/new", DEAL_A, "0") \
        .status_code == 302
    with get_db(app).engine.begin() as connection:  # as if the rules changed since
        connection.execute(text("UPDATE event_tables SET result_of = 'another'"))
    scored = _scored(monkeypatch)
    page = second.test_client().get(event).get_data(as_text=True)
    assert sorted(scored) == [1, 2]
    # one deal of two: 600 against 110, in play
    assert table_rows(page, "Turn 1")[0] == ["1", "Rossi – Bianchi", "Gialli – Bruni",
                                             "Deals: 1 of 2"]
    assert _made_by(app) == ["another", "another"]  # a page writes nothing
    # the next change keeps both again, by this referee
    assert post_deal(client, f"{event}/turns/1/tables/2/deals/new", DEAL_B, "1") \
        .status_code == 302
    from scorekeeper.web.tally import referee

    assert _made_by(app) == [referee(), referee()]
