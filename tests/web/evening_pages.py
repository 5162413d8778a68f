"""What the tests of a club's evening share: an evening made and its first turn seated
through the director's pages, its deals by counts (posted by ``support.post_deal``), its
first turn played with a penalty and a forfeit, a table's rows read back."""

from __future__ import annotations

import html
import re
from typing import Any

from support import post_deal
from web_support import hidden_fields

# Italian Burraco by counts (seed 004: a clean burraco 200, a dirty one 100, closing 100).
#: 300 on the table + a clean burraco 200 + closing 100 = 600 | 150 − 40 in hand = 110
DEAL_A = [{"mode": "counts", "table_points": 300, "clean": 1, "morto": "taken"},
          {"mode": "counts", "table_points": 150, "hand_points": 40, "morto": "taken"}]
#: 200 + a dirty burraco 100 − 25 in hand = 275 | 250 + a clean one 200 + closing 100 = 550
DEAL_B = [{"mode": "counts", "table_points": 200, "dirty": 1, "hand_points": 25,
           "morto": "taken"},
          {"mode": "counts", "table_points": 250, "clean": 1, "morto": "taken"}]
#: nobody closed: 100 | 100
DEAL_C = [{"mode": "counts", "table_points": 100, "morto": "taken"},
          {"mode": "counts", "table_points": 100, "morto": "taken"}]

PAIRS = "Rossi\tBianchi\nVerdi;Neri\nGialli\tBruni\nMarroni – Rosa\n"


def new_event(client: Any, **fields: str) -> str:
    data = {"name": "Venerdì al circolo", "day": "2026-12-04", "profile": "burraco",
            "kind": "pairs", "format": "5x2", "movement": "mitchell", "bye_vp": "10",
            **hidden_fields(client.get("/events/new").get_data(as_text=True)), **fields}
    response = client.post("/events/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return str(response.headers["Location"])


def post(client: Any, page: str, url: str, **fields: str) -> Any:
    data = {**hidden_fields(client.get(page).get_data(as_text=True)), **fields}
    return client.post(url, data=data)


def table_rows(page: str, caption: str) -> list[list[str]]:
    """The cells of the table with this caption, tags dropped."""
    table = re.search(rf"<caption>{caption}</caption>(.*?)</table>", page, re.S)
    assert table, caption
    return [[html.unescape(re.sub(r"<[^>]+>", "", cell)).strip()
             for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", table.group(1), re.S)][1:]


def seat_turn(client: Any, event: str) -> None:
    response = post(client, event, f"{event}/turns")
    assert response.status_code == 302, response.get_data(as_text=True)


def first_turn(client: Any) -> str:
    event = new_event(client)
    response = post(client, event, f"{event}/entrants", lines=PAIRS)
    assert response.status_code == 302
    seat_turn(client, event)
    return event


def first_turn_played(client: Any, event: str) -> None:
    """Turn 1 of the seated ``event`` played: table 1 plays ``DEAL_A`` twice (600 | 110
    each) and North-South loses 150 MP for being late; table 2's East-West forfeits."""
    table = f"{event}/turns/1/tables/1"
    for _ in range(2):
        assert post_deal(client, f"{table}/deals/new", DEAL_A, "0").status_code == 302
    assert post(client, table, f"{table}/penalty", side="ns", mp="150",
                why="late").status_code == 302
    other = f"{event}/turns/1/tables/2"
    assert post(client, other, f"{other}/forfeit", side="ew").status_code == 302
