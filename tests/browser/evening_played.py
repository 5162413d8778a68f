"""An evening played part of the way, through the director's pages (a Flask test client on
the served app's database), for the browser tests of the room's pages: entrants with long
names, big match points, a penalty, a forfeit, the turn in play half entered."""

from __future__ import annotations

import re
from typing import Any

from event_steps import post_deal
from support import evening, form_fields

#: Eight pairs whose names are long, as a club types them (two players a pair).
LONG_PAIRS = [("Alessandrina Bartolomei", "Maximilianos Crisostomo"),
              ("Verdi", "Neri"), ("Gialli", "Bruni"), ("Marroni", "Rosa"),
              ("Conti", "Ferrari"), ("Greco", "Romano"), ("Costa", "Fontana"),
              ("Ricci", "Marino")]

#: Italian Burraco by counts (NS, EW: table points, clean burracos, cards in hand; who
#: closed). 1,000 on the table, two clean burracos (400) and closing (100): 1,500 | 400
#: − 30 in hand = 370; two such deals make 3,000 – 740.
BIG = ((1000, 2, 0), (400, 0, 30), "0")
#: nobody closed: 100 | 100
EVEN = ((100, 0, 0), (100, 0, 0), "")


def post(client: Any, page: str, url: str, **fields: str) -> None:
    response = client.post(url, data={**form_fields(client, page), **fields})
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]


def played(client: Any, deals: int = 2) -> dict[str, Any]:
    """Turn 1 of an evening of ``LONG_PAIRS`` (5 turns of 2 deals, Mitchell) played:
    table 1 3,000 – 740 with 100 MP taken off East-West, table 2 even, table 3 forfeited
    by East-West, table 4 3,000 – 740; turn 2 seated, its table 1 complete and table 2 one
    deal in. The director's page, the room's, and each table's phone link of turn 2."""
    event = evening(client, "\n".join("\t".join(pair) for pair in LONG_PAIRS))
    one = f"{event}/turns/1/tables"
    for table, deal in ((1, BIG), (2, EVEN), (4, BIG)):
        for _ in range(deals):
            post_deal(client, f"{one}/{table}/deals/new", deal)
    post(client, f"{one}/1", f"{one}/1/penalty", side="ew", mp="100", why="late")
    post(client, f"{one}/3", f"{one}/3/forfeit", side="ew")
    post(client, event, f"{event}/turns")
    two = f"{event}/turns/2/tables"
    for _ in range(deals):
        post_deal(client, f"{two}/1/deals/new", BIG)
    post_deal(client, f"{two}/2/deals/new", EVEN)
    page = client.get(event).get_data(as_text=True)
    room = re.search(r'href="(/e/v/[^"/]+)"', page).group(1)  # type: ignore[union-attr]
    links = [re.search(r'href="https?://[^/"]+(/e/t/[^"]+)"', client.get(  # type: ignore[union-attr]
        f"{two}/{t}").get_data(as_text=True)).group(1) for t in (1, 2)]
    return {"director": event, "room": room, "links": links}
