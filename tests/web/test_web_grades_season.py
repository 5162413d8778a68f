"""A season's page: its qualifying number, its ranking by VP per evening counted over each
entrant's best evenings (those dropped struck out), and its grades, the API's
(rules/season.py, web/evening/seasongrades.py; docs/guide.md, "A club's season").

Three evenings of ``evening_pages`` (2 deals a turn), turn 1 each; DEAL_A then DEAL_B is
875 MP to 660, 13-7 VP; DEAL_C twice is 200 to 200, 10-10:
- evening 1: Rossi – Bianchi 13 (875) v Gialli – Bruni 7 (660); Verdi – Neri 10 (200) v
  Marroni – Rosa 10 (200);
- evening 2: Rossi 10 (200) v Gialli 10 (200); Verdi 13 (875) v Marroni 7 (660);
- evening 3 (Marroni – Rosa away, Azzurri – Viola new): Rossi 13 (875) v Gialli 7 (660);
  Verdi 13 (875) v Azzurri 7 (660).
"""

from __future__ import annotations

from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, new_event, post, seat_turn, table_rows
from support import post_deal
from test_web_seasons import _season
from test_web_table_grades import _by_grade

WON, EVEN = [(DEAL_A, "0"), (DEAL_B, "1")], [(DEAL_C, ""), (DEAL_C, "")]
PAIRS = "Rossi\tBianchi\nVerdi;Neri\nGialli\tBruni\n{fourth}\n"


def _evening(client: Any, fourth: str, one: list[Any], two: list[Any]) -> str:
    """An evening of these four pairs (the fourth named here), its first turn played:
    table 1 the first and third pairs, table 2 the second and fourth."""
    event = new_event(client)
    assert post(client, event, f"{event}/entrants",
                lines=PAIRS.format(fourth=fourth)).status_code == 302
    seat_turn(client, event)
    for table, deals in ((1, one), (2, two)):
        for deal, out in deals:
            url = f"{event}/turns/1/tables/{table}/deals/new"
            assert post_deal(client, url, deal, out).status_code == 302
    return event.rsplit("/", 1)[1]


def test_a_season_ranks_the_qualified_by_vp_per_evening_and_strikes_the_dropped(client):
    tokens = [_evening(client, "Marroni – Rosa", WON, EVEN),
              _evening(client, "Marroni – Rosa", EVEN, WON),
              _evening(client, "Azzurri – Viola", WON, WON)]
    response = _season(client, name="Inverno", evenings=tokens, best="2", qualify="2")
    assert response.status_code == 302, response.get_data(as_text=True)
    season = response.headers["Location"]
    page = client.get(season).get_data(as_text=True)
    # Best 2 of each: Rossi 13 + 13 (evening 2's 10 dropped) = 26, 13.0 an evening, 1,750
    # MP; Verdi 13 + 13 (evening 1's 10 dropped, the same) share rank 1, by name. Gialli 10
    # + 7 (evening 1's 7 before evening 3's, the earlier: evening 3 dropped) = 17, 8.5,
    # 200 + 660 = 860; Marroni 10 + 7, both played, the same: rank 3 shared. Azzurri
    # played 1 of the 2 evenings: below, unranked.
    assert table_rows(page, "Standings of the season") == [
        ["1", "Rossi – Bianchi", "13.0", "26", "1,750", "13 · (10) dropped · 13"],
        ["1", "Verdi – Neri", "13.0", "26", "1,750", "(10) dropped · 13 · 13"],
        ["3", "Gialli – Bruni", "8.5", "17", "860", "7 · 10 · (7) dropped"],
        ["3", "Marroni – Rosa", "8.5", "17", "860", "10 · 7 · –"],
        ["–", "Azzurri – Viola not yet qualified (1 of 2 evenings)", "7.0", "7", "660",
         "– · – · 7"]]
    assert '<s class="dropped">(10)</s>' in page
    # Every evening counts, ranked from 3 played: Rossi and Verdi 36 in 3, 12.0 an
    # evening, 875 + 200 + 875 = 1,950 MP; Gialli 24, 8.0; Marroni's 17 in 2 (8.5) is more
    # an evening than Gialli's, but 2 of 3 evenings is not yet qualified.
    edit = f"{season}/edit"
    assert post(client, edit, edit, name="Inverno", evenings=tokens, best="",
                qualify="3").status_code == 302
    page = client.get(season).get_data(as_text=True)
    assert table_rows(page, "Standings of the season") == [
        ["1", "Rossi – Bianchi", "12.0", "36", "1,950", "13 · 10 · 13"],
        ["1", "Verdi – Neri", "12.0", "36", "1,950", "10 · 13 · 13"],
        ["3", "Gialli – Bruni", "8.0", "24", "1,520", "7 · 10 · 7"],
        ["–", "Marroni – Rosa not yet qualified (2 of 3 evenings)", "8.5", "17", "860",
         "10 · 7 · –"],
        ["–", "Azzurri – Viola not yet qualified (1 of 3 evenings)", "7.0", "7", "660",
         "– · – · 7"]]
    assert ("An entrant is ranked once it has played 3 evenings, by its VP per evening, "
            "then its MP.") in page
    client.get("/lang/fr")
    page = client.get(season).get_data(as_text=True)
    assert [row[2] for row in table_rows(page, "[^<]*")] == ["12,0", "12,0", "8,0", "8,5", "7,0"]


def test_a_seasons_page_shows_its_grades_as_the_api_answers_them(client):
    tokens = [_evening(client, "Marroni – Rosa", WON, EVEN),
              _evening(client, "Marroni – Rosa", EVEN, WON),
              _evening(client, "Azzurri – Viola", WON, WON)]
    season = _season(client, name="Inverno", evenings=tokens).headers["Location"]
    page = client.get(season).get_data(as_text=True)
    # Evening 1: Rossi, Bianchi 13-7, residual 65 - 50 = +15, new (1/4): +-3.75: 53.75
    # and Gialli, Bruni 46.25; Verdi – Neri v Marroni – Rosa 10-10: 50 each.
    # Evening 2: Rossi + Bianchi expected 50 + 53.75 - 46.25 = 57.5, 10-10: residual -7.5,
    # steps 1/5: -1.5 each: 52.25, Gialli and Bruni 47.75; Verdi + Neri 13-7: +15 x 1/5 =
    # +3 each: 53, Marroni and Rosa 47.
    # Evening 3: Rossi + Bianchi expected 54.5, 13-7: +10.5, steps 1/6: +1.75 each: 54.0,
    # Gialli and Bruni 46.0; Verdi + Neri (53, 1/6) v Azzurri + Viola (new, 1/4): expected
    # 53, residual +12, the result's step (1/6 + 1/6 + 1/4 + 1/4) / 4 = 5/24, each side
    # 2 x 5/24 x 12 = 5 in all: Verdi and Neri 55.5, Azzurri and Viola 47.5.
    # shown as a table's grades are: a place each (equal grades share it), one decimal
    assert [(rank, who, grade, state) for rank, who, _t, grade, state
            in _by_grade(page, "Players by grade")] == [
        ("1", "Neri", "55.5", "evolving (3 results)"),
        ("1", "Verdi", "55.5", "evolving (3 results)"),
        ("3", "Bianchi", "54.0", "evolving (3 results)"),
        ("3", "Rossi", "54.0", "evolving (3 results)"),
        ("5", "Azzurri", "47.5", "evolving (1 result)"),
        ("5", "Viola", "47.5", "evolving (1 result)"),
        ("7", "Marroni", "47.0", "evolving (2 results)"),
        ("7", "Rosa", "47.0", "evolving (2 results)"),
        ("9", "Bruni", "46.0", "evolving (3 results)"),
        ("9", "Gialli", "46.0", "evolving (3 results)")]
    # each pair always sat together (said under its name): its grade is its players'
    assert [line[:4] for line in _by_grade(page, "Pairs by grade")] == [
        ("1", "Neri &amp; Verdi", "always together", "55.5"),
        ("2", "Bianchi &amp; Rossi", "always together", "54.0"),
        ("3", "Azzurri &amp; Viola", "always together", "47.5"),
        ("4", "Marroni &amp; Rosa", "always together", "47.0"),
        ("5", "Bruni &amp; Gialli", "always together", "46.0")]
    api = client.get(f"/api/v1/grades?season={season.rsplit('/', 1)[1]}").get_json()
    assert [(p["name"], p["grade"]) for p in api["players"]][:4] == [
        ("Neri", 55.5), ("Verdi", 55.5), ("Bianchi", 54.0), ("Rossi", 54.0)]


def test_the_qualifying_number_is_checked_as_the_best_evenings_are(client):
    token = _evening(client, "Marroni – Rosa", WON, EVEN)
    for said in ("0", "61", "x"):
        response = _season(client, name="Inverno", evenings=[token], qualify=said)
        assert response.status_code == 422
        text = response.get_data(as_text=True)
        assert 'id="qualify-errors"' in text
    response = _season(client, name="Inverno", evenings=[token], qualify="0")
    assert "Number must be between 1 and 60." in response.get_data(as_text=True)
    client.get("/lang/it")
    response = _season(client, name="Inverno", evenings=[token], qualify="0")
    # as the best evenings' own field is told, in the page's language
    assert 'id="qualify-errors"><li>Serve un numero tra 1 e 60.' in response.get_data(
        as_text=True)
