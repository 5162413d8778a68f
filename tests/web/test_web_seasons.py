"""A club's season: several evenings summed per entrant, "best N of M" and an evening
counting double (rules/season.py), made from the evenings this browser runs.

Two evenings of ``evening_pages`` (4 pairs, 2 tables, 2 deals a turn), turn 1 each:
- evening 1: table 1 DEAL_A, DEAL_B: Rossi – Bianchi 875 MP, 13 VP; Gialli – Bruni 660,
  7; table 2 DEAL_C twice: Verdi – Neri and Marroni – Rosa 200 MP, 10 VP each;
- evening 2 (counting double): table 1 DEAL_C twice: Rossi – Bianchi and Gialli – Bruni
  200, 10; table 2 DEAL_A, DEAL_B: Verdi – Neri 875, 13; Marroni – Rosa 660, 7;
  doubled: 20/400, 20/400, 26/1,750, 14/1,320.
All counted: Verdi – Neri 10 + 26 = 36 VP, 200 + 1,750 = 1,950 MP; Rossi – Bianchi
13 + 20 = 33, 875 + 400 = 1,275; Gialli – Bruni 7 + 20 = 27, 1,060; Marroni – Rosa
10 + 14 = 24, 200 + 1,320 = 1,520.
Best 1: Verdi 26 (1,750); Gialli 20 (400) and Rossi 20 (400) share rank 2, listed by
name; Marroni 14."""

from __future__ import annotations

import re
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, table_rows
from support import post_deal
from web_support import hidden_fields


def _evening(client: Any, one: list[Any], two: list[Any]) -> str:
    event = first_turn(client)
    for table, deals in ((1, one), (2, two)):
        for deal, out in deals:
            url = f"{event}/turns/1/tables/{table}/deals/new"
            assert post_deal(client, url, deal, out).status_code == 302
    return event


def _season(client: Any, **fields: Any) -> Any:
    data = {**hidden_fields(client.get("/seasons/new").get_data(as_text=True)), **fields}
    return client.post("/seasons/new", data=data)


def test_a_season_sums_its_evenings_with_one_counting_double_and_best_of(client):
    first = _evening(client, [(DEAL_A, "0"), (DEAL_B, "1")], [(DEAL_C, ""), (DEAL_C, "")])
    second = _evening(client, [(DEAL_C, ""), (DEAL_C, "")], [(DEAL_A, "0"), (DEAL_B, "1")])
    tokens = [first.rsplit("/", 1)[1], second.rsplit("/", 1)[1]]
    response = _season(client, name="Inverno 2026", evenings=tokens, double=[tokens[1]])
    assert response.status_code == 302, response.get_data(as_text=True)
    season = response.headers["Location"]
    page = client.get(season).get_data(as_text=True)
    # ranked by the sums (no qualifying number); VP per evening beside them: the evening
    # counting double counts as two, 3 in all
    assert "Ranked by the VP counted, then the MP." in page
    assert table_rows(page, "Standings of the season") == [
        ["1", "Verdi – Neri", "12.0", "36", "1,950", "10 · 26"],
        ["2", "Rossi – Bianchi", "11.0", "33", "1,275", "13 · 20"],
        ["3", "Gialli – Bruni", "9.0", "27", "1,060", "7 · 20"],
        ["4", "Marroni – Rosa", "8.0", "24", "1,520", "10 · 14"]]
    assert "counts double" in page
    # only each entrant's best evening
    edit = f"{season}/edit"
    response = post(client, edit, edit, name="Inverno 2026", evenings=tokens,
                    double=[tokens[1]], best="1")
    assert response.status_code == 302
    page = client.get(season).get_data(as_text=True)
    # the one evening counted counts double: 2 evenings
    assert table_rows(page, "Standings of the season") == [
        ["1", "Verdi – Neri", "13.0", "26", "1,750", "(10) dropped · 26"],
        ["2", "Gialli – Bruni", "10.0", "20", "400", "(7) dropped · 20"],
        ["2", "Rossi – Bianchi", "10.0", "20", "400", "(13) dropped · 20"],
        ["4", "Marroni – Rosa", "7.0", "14", "1,320", "(10) dropped · 14"]]
    # the home page lists it
    assert re.search(rf'href="{season}"', client.get("/").get_data(as_text=True))


def test_a_season_is_made_of_this_browsers_evenings_only(client, app):
    event = _evening(client, [(DEAL_A, "0"), (DEAL_B, "1")], [(DEAL_C, ""), (DEAL_C, "")])
    other = app.test_client()  # another browser: it does not run this evening
    response = _season(other, name="Altro", evenings=[event.rsplit("/", 1)[1]])
    assert response.status_code == 422
    assert re.search(r'<ul class="errors" id="evenings-errors"><li>[^<]* is not a valid '
                     r'choice for this field', response.get_data(as_text=True))
    # a season has evenings; one counting double is one of them
    token = event.rsplit("/", 1)[1]
    response = _season(client, name="Inverno", evenings=[], double=[token])
    assert response.status_code == 422
    assert re.search(r'id="evenings-errors"><li>Choose at least one evening\.</li>',
                     response.get_data(as_text=True))
    client.get("/lang/pt_BR")
    response = _season(client, name="Inverno", evenings=[])
    assert re.search(r'id="evenings-errors"><li>Escolha ao menos um torneio\.</li>',
                     response.get_data(as_text=True))
    client.get("/lang/en")
    second = _evening(client, [(DEAL_C, ""), (DEAL_C, "")], [(DEAL_C, ""), (DEAL_C, "")])
    response = _season(client, name="Inverno", evenings=[token],
                       double=[second.rsplit("/", 1)[1]])
    assert response.status_code == 422
    assert re.search(r'id="double-errors"><li>Only an evening of the season can count double',
                     response.get_data(as_text=True))
