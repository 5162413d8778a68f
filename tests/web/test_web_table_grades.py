"""A table's grades (docs/contract.md, "Grades"): the table's page ranks its players and
pairs by grade, beside their matches; a player's page says their grade, its state, the
results it rests on and its trend. The same grades as ``scorekeeper grades`` on the
table's export: one road from a table's matches to results (gradefiles.grade_table)."""

from __future__ import annotations

import json
import re

from test_web_tables import _counts, _player_ids, _start, _table
from web_support import hidden_fields

from scorekeeper.chart import chart
from scorekeeper.cli import main as command

#: A line of a table by grade: place, who, its state (and " · always together"), grade.
LINE = re.compile(r'<tr><td>(\d+)</td><th scope="row">([^<]*)<br><small class="muted">([^<]*)'
                  r'</small></th>\s*<td>([^<]*)</td></tr>')


def _by_grade(html: str, caption: str) -> list[tuple[str, ...]]:
    """Each line as place, who, "always together" or "", grade, state."""
    part = html.split(f"<caption>{caption}</caption>", 1)[1].split("</table>", 1)[0]
    return [(rank, who, together, grade, state)
            for rank, who, small, grade in LINE.findall(part)
            for state, _dot, together in [small.partition(" · ")]]


def _two_matches(client, app, site) -> tuple[str, dict[str, int]]:
    """Ana, Bia, Caio and Dani's table; two matches finished, one in progress."""
    token = _table(client)
    ids = _player_ids(app, token)
    ana, bia, caio, dani = (ids[n] for n in ("Ana", "Bia", "Caio", "Dani"))
    # one deal: Ana & Bia 150 + a clean canastra (200) + going out (100) = 450 – 40
    first = _start(client, token, [[ana, bia], [caio, dani]], target="400")
    _counts(site, first, 150, 40, "0")
    # two deals: 50 – 30, nobody out; then Bia & Dani 200 + 200 + 100: 120 – 530
    second = _start(client, token, [[ana, caio], [bia, dani]], target="400")
    _counts(site, second, 50, 30, "")
    _counts(site, second, 70, 200, "1")
    waiting = _start(client, token, [[ana, dani], [bia, caio]], target="400")
    _counts(site, waiting, 50, 30, "")
    return token, ids


def test_two_finished_matches_grade_the_players_and_pairs_as_by_hand(client, app, site):
    token, _ids = _two_matches(client, app, site)
    page = client.get(f"/t/{token}").get_data(as_text=True)
    # Match 1, one deal: by its outcome, 12 – 8. Everyone at 50: expected 50 %, actual
    # 60 %, residual +10; every step 1/4, each side moves 2 × 1/4 × 10 = 5, 2.5 each:
    # Ana, Bia 52.5; Caio, Dani 47.5.
    # Match 2, two deals, a difference of 410: the 2-deal scale's 15 – 5 (≤ 500), Ana &
    # Caio 25 %. Expected 50 + (52.5 + 47.5) / 2 − (52.5 + 47.5) / 2 = 50 %, residual −25;
    # every step 1/5, each side 2 × 1/5 × 25 = 10, 5 each: Ana 47.5, Caio 42.5, Bia 57.5,
    # Dani 52.5 (200 in all, four times 50).
    assert _by_grade(page, "Players by grade") == [
        ("1", "Bia", "", "57.5", "evolving (2 results)"),
        ("2", "Dani", "", "52.5", "evolving (2 results)"),
        ("3", "Ana", "", "47.5", "evolving (2 results)"),
        ("4", "Caio", "", "42.5", "evolving (2 results)")]
    # the pairs, each new at its one result (step 1/4, a side of one): Ana & Bia 50 +
    # 1/4 × 10 = 52.5, Caio & Dani 47.5; Bia & Dani 50 + 1/4 × 25 = 56.25, Ana & Caio
    # 43.75 (to one decimal 56.2 and 43.8: the binary halves round to even); nobody
    # always sat with the same partner
    assert _by_grade(page, "Pairs by grade") == [
        ("1", "Bia &amp; Dani", "", "56.2", "evolving (1 result)"),
        ("2", "Ana &amp; Bia", "", "52.5", "evolving (1 result)"),
        ("3", "Caio &amp; Dani", "", "47.5", "evolving (1 result)"),
        ("4", "Ana &amp; Caio", "", "43.8", "evolving (1 result)")]
    assert "1 match not finished is not graded." in page
    assert "more than two sides" not in page
    # the wins are still ranked on the evening's page
    day = re.search(r"/night/([\d-]+)", page).group(1)
    assert "ranked by matches won, then by points" in client.get(
        f"/t/{token}/night/{day}").get_data(as_text=True)


def test_a_new_result_moves_the_grades_shown_at_once(client, app, site):
    token, ids = _two_matches(client, app, site)
    assert client.get(f"/t/{token}").status_code == 200  # kept for this version
    # Ana & Bia again, one deal, 12 – 8: expected 50 + (47.5 + 57.5) / 2 − (42.5 +
    # 52.5) / 2 = 55 %, actual 60 %, residual +5; every step 1/6: 2 × 1/6 × 5 = 5/3 a
    # side, 5/6 each: Bia 58.33, Ana 48.33, Dani 51.67, Caio 41.67
    again = _start(client, token, [[ids["Ana"], ids["Bia"]], [ids["Caio"], ids["Dani"]]],
                   target="400")
    _counts(site, again, 150, 40, "0")
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert [(who, grade) for _r, who, _t, grade, _s in _by_grade(page, "Players by grade")] == [
        ("Bia", "58.3"), ("Dani", "51.7"), ("Ana", "48.3"), ("Caio", "41.7")]


def test_a_player_page_says_the_grade_its_results_and_its_trend(client, app, site):
    token, ids = _two_matches(client, app, site)
    page = client.get(f"/t/{token}/p/{ids['Bia']}").get_data(as_text=True)
    assert "Grade: <b>57.5</b>\n    (evolving)" in page
    assert "Resting on 2 results" in page
    # 50 before, 52.5 after match 1, 57.5 after match 2: the axis 50 to 58 (steps of 2),
    # a plot 164 high from y = 10: 52.5 at 10 + 164 × 5.5 / 8 = 122.75, 57.5 at
    # 10 + 164 × 0.5 / 8 = 20.25 (both rounded to even)
    drawn = chart(["Bia"], [[50.0], [52.5], [57.5]], None, str, start=None)
    assert drawn["lines"][0]["points"] == "56.0,174.0 342.0,122.8 628.0,20.2"
    assert f'points="{drawn["lines"][0]["points"]}"' in page
    assert '<path class="zero" d="M56' not in page  # no zero line on an axis from 50
    # its text: in the chart's label, and as figures
    assert 'aria-label="The grade after each result: 52.5 after result 1, 57.5 after ' \
           'result 2"' in page
    figures = page.split("in figures</summary>", 1)[1].split("</table>", 1)[0]
    assert re.findall(r"<tr><td>(\d+)</td><td>([^<]+)</td></tr>", figures) == [
        ("1", "52.5"), ("2", "57.5")]
    assert "css/board.css" in page


def test_a_player_without_a_graded_result_says_so(client, app, site):
    token, _ids = _two_matches(client, app, site)
    players = client.get(f"/t/{token}/players").get_data(as_text=True)
    assert client.post(f"/t/{token}/players", data={**hidden_fields(players), "new": "Eva"}
                       ).status_code == 302
    eva = _player_ids(app, token)["Eva"]
    page = client.get(f"/t/{token}/p/{eva}").get_data(as_text=True)
    assert "No grade yet: grades come from the finished matches of two sides." in page
    assert 'class="running"' not in page
    assert "css/board.css" not in page
    # on the table's page, Eva is in no ranking by grade
    table = client.get(f"/t/{token}").get_data(as_text=True)
    assert "Eva" not in "".join(who for _r, who, *_ in _by_grade(table, "Players by grade"))


def test_a_match_of_three_sides_is_not_graded(client, app, site):
    token = _table(client, "Ana\nBia\nCaio")
    ids = _player_ids(app, token)
    edit = _start(client, token, [[ids["Ana"]], [ids["Bia"]], [ids["Caio"]]],
                  profile="buraco-classico", target="400")
    # Ana goes out with a clean burraco: 150 + 200 + 100 = 450, past the target: won
    # (two pozzetti are dealt: Caio never took one)
    sides = [{"mode": "counts", "table_points": p} for p in (150, 40, 40)]
    sides[0]["clean"] = 1
    sides[2]["morto"] = "not_taken"
    assert site.save_deal(edit, sides, went_out="0").status_code == 302
    page = client.get(f"/t/{token}").get_data(as_text=True)
    assert "1 match of more than two sides is not graded." in page
    assert "No grade yet: grades come from the finished matches of two sides." in page
    assert "Players by grade" not in page
    player = client.get(f"/t/{token}/p/{ids['Ana']}").get_data(as_text=True)
    assert "No grade yet" in player


def test_pairs_that_always_sit_together_are_marked(client, app, site):
    token = _table(client)
    ids = _player_ids(app, token)
    ana, bia, caio, dani = (ids[n] for n in ("Ana", "Bia", "Caio", "Dani"))
    for deal in ((150, 40, "0"), (40, 150, "1")):  # one each, 12 – 8 and 8 – 12
        edit = _start(client, token, [[ana, bia], [caio, dani]], target="400")
        _counts(site, edit, *deal)
    page = client.get(f"/t/{token}").get_data(as_text=True)
    # Ana & Bia: 52.5, then expected 55 %, actual 40 %: 52.5 − 1/5 × 15 = 49.5;
    # Caio & Dani 47.5 + 3 = 50.5
    assert _by_grade(page, "Pairs by grade") == [
        ("1", "Caio &amp; Dani", "always together", "50.5", "evolving (2 results)"),
        ("2", "Ana &amp; Bia", "always together", "49.5", "evolving (2 results)")]


def test_the_page_says_what_scorekeeper_grades_says_of_the_table_s_export(
        client, app, site, tmp_path, capsys):
    token, ids = _two_matches(client, app, site)
    # a third finished match, Ana & Dani ahead by two deals: 50 – 30, then 450 – 40
    third = _start(client, token, [[ids["Ana"], ids["Dani"]], [ids["Bia"], ids["Caio"]]],
                   target="400")
    _counts(site, third, 50, 30, "")
    _counts(site, third, 150, 40, "0")
    exported = tmp_path / "table.json"
    exported.write_bytes(client.get(f"/t/{token}/export.json").data)
    assert command(["grades", str(exported)]) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["results"] == 3
    assert said["not_graded"]["unfinished"] == 1
    page = client.get(f"/t/{token}").get_data(as_text=True)
    for caption, key in (("Players by grade", "players"), ("Pairs by grade", "pairs")):
        shown = [(who.replace("&amp;", "&"), grade, state)
                 for _r, who, _t, grade, state in _by_grade(page, caption)]
        assert shown == [(" & ".join(x["names"]) if "names" in x else x["name"],
                          f"{x['grade']:.1f}",
                          f"evolving ({x['results']} result{'s' * (x['results'] > 1)})")
                         for x in said[key]]
    bia = next(x for x in said["players"] if x["name"] == "Bia")
    player = client.get(f"/t/{token}/p/{ids['Bia']}").get_data(as_text=True)
    assert f"Grade: <b>{bia['grade']:.1f}</b>" in player
    assert f"Resting on {bia['results']} results" in player
