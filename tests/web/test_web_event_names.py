"""Names as people write them, in the room of a club's evening: "Where do I sit?" finds a
name by any part typed without its accents or case, and says so when it finds nobody;
the names are listed in the order of the page's language (ICU's collation: Élodie before
Zoë, which code points put after Z), on "Where do I sit?" and the big screen alike; the
names stay as typed."""

from __future__ import annotations

import re
from typing import Any

import pytest
from evening_pages import new_event, post, seat_turn, table_rows

#: Four pairs whose order is the collation's: Ávila among the A's, Élodie before Zeno.
PAIRS = "Zoë – Ana\nÉlodie – Bruno\nZeno – Søren\nÁvila – Françoise\n"
ORDER = ["Ávila – Françoise", "Élodie – Bruno", "Zeno – Søren", "Zoë – Ana"]


def _room(client: Any) -> str:
    event = new_event(client)
    assert post(client, event, f"{event}/entrants", lines=PAIRS).status_code == 302
    seat_turn(client, event)
    found = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True))
    assert found
    return found.group(1)


def _listed(page: str) -> list[str]:
    return re.findall(r'<li><a href="[^"]*who=\d+">([^<]+)</a>', page)


@pytest.mark.parametrize("lang", ["fr", "it", "pt_BR", "en"])
def test_everyone_is_listed_in_the_languages_order_on_the_find_page_and_big_screen(
        client, lang):
    room = _room(client)
    client.get(f"/lang/{lang}")
    assert _listed(client.get(f"{room}/find").get_data(as_text=True)) == ORDER
    tv = client.get(f"{room}/tv").get_data(as_text=True)
    caption = re.search(r"<caption>([^<]*1[^<]*)</caption>\s*<thead>(?:(?!</table>).)*"
                        r"Élodie", tv, re.S)
    assert caption, tv[-3000:]
    assert [row[0] for row in table_rows(tv, re.escape(caption.group(1)))] == ORDER


@pytest.mark.parametrize(("typed", "found"), [
    ("francoise", ["Ávila – Françoise"]),
    ("FRANÇOISE", ["Ávila – Françoise"]),
    ("elodie", ["Élodie – Bruno"]),
    ("soren", ["Zeno – Søren"]),
    ("avila", ["Ávila – Françoise"]),
    ("  zoe  ", ["Zoë – Ana"]),
    ("ana", ["Zoë – Ana"]),  # a part of a name
    ("an", ["Zoë – Ana", "Ávila – Françoise"][::-1]),
    ("z", ["Zeno – Søren", "Zoë – Ana"]),
    ("", ORDER),
])
def test_where_do_i_sit_finds_a_name_by_any_part_without_accents_or_case(client, typed, found):
    room = _room(client)
    assert _listed(client.get(f"{room}/find", query_string={"q": typed}).get_data(
        as_text=True)) == found


def test_nobody_by_that_name_is_said_in_the_pages_language(client):
    room = _room(client)
    page = client.get(f"{room}/find?q=Rossi").get_data(as_text=True)
    assert _listed(page) == []
    assert "Nobody by that name" in page
    client.get("/lang/it")
    page = client.get(f"{room}/find?q=Rossi").get_data(as_text=True)
    assert "Nobody by that name" not in page
    assert 'role="status"' in page
    # a query of any length or content is read within its bound
    assert client.get(f"{room}/find", query_string={"q": "x" * 10_000}).status_code == 200
    assert client.get(f"{room}/find", query_string={"q": "\x00\u202e"}).status_code == 200
