"""A table's grades (docs/contract.md, "Grades"): its matches in the order they were
played, graded as its exported file is (``gradefiles.grade_table``, the one road from a
table's matches to results, so that its pages say what ``scorekeeper grades`` says of its
export), kept by the table's version and its matches'; what the table's page and a
player's page show of them, and any page of grades (``ranked_grades``: a season's too)."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from functools import partial
from typing import Any

from scorekeeper.chart import chart
from scorekeeper.gradefiles import Reading, grade_table
from scorekeeper.models import Match, Table
from scorekeeper.rules.grades import START
from scorekeeper.web.common import cache, num
from scorekeeper.web.scoreboard import kept_key

#: The most results a player's trend draws: their last ones.
TREND = 30


@dataclass(frozen=True)
class TableGrades:
    """The command's answer for the table (``document``), each player's grade after each
    of their results (``trail``, by member) and the member each player's id is."""

    document: dict[str, Any]
    trail: dict[Hashable, list[float]]
    members: dict[int, Hashable]


def table_grades(found: Table, matches: list[tuple[Match, dict[str, Any]]]) -> TableGrades:
    """The grades of the table whose matches, in the order played, are ``matches`` (each
    with the referee's document, whole or not: ``tables.scored_matches``), kept by the
    table's link and version (its players' names) and each match's."""
    key = (found.edit_token, found.version, tuple(kept_key(m) for m, _r in matches))
    return cache("table-grades", 64).get_or_make(  # type: ignore[no-any-return]
        key, partial(_graded, found, matches))


def _graded(found: Table, matches: list[tuple[Match, dict[str, Any]]]) -> TableGrades:
    reading = Reading(trail={})
    # the players as the table's export lists them
    members = grade_table([{"id": p.id, "name": p.name} for p in found.players],
                          ((m.sides, result) for m, result in matches), reading)
    return TableGrades(reading.document(), reading.trail or {}, members)


def ranked_grades(doc: dict[str, Any]) -> dict[str, Any]:
    """What a page shows of grades (``doc``, the command's answer: a table's, a season's):
    the players and the pairs best first, each grade to one decimal with its place (one
    place for equal grades), results and state (a pair ``always_together`` or not); the
    results graded, the results a grade is ``mature`` from, and what was left out
    (``not_graded``)."""
    return {"players": _placed(doc["players"]),
            "pairs": _placed([{**p, "name": " & ".join(p["names"])} for p in doc["pairs"]]),
            "results": doc["results"], "mature_from": doc["mature_from"],
            "not_graded": doc["not_graded"]}


def _placed(lines: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lines best first, each grade to one decimal and its place: a grade shown as the
    one before it shares its place.

    >>> [(x["rank"], x["grade"]) for x in _placed([{"grade": 52.5}, {"grade": 52.5},
    ...                                            {"grade": 47.53}])]
    [(1, 52.5), (1, 52.5), (3, 47.5)]
    """
    placed: list[dict[str, Any]] = []
    for i, line in enumerate(lines):
        grade = round(line["grade"], 1)
        same = placed and placed[-1]["grade"] == grade
        placed.append({**line, "grade": grade, "rank": placed[-1]["rank"] if same else i + 1})
    return placed


def player_grade(graded: TableGrades, player: int, name: str) -> dict[str, Any] | None:
    """One player's grade as their page shows it (their line of the table's, ``ranked``)
    and the trend of their last ``TREND`` results: the grade after each, drawn from the
    grade before them (``chart``), each point also as a line of figures; None before
    their first graded result."""
    member = graded.members.get(player)
    trail = graded.trail.get(member, []) if member is not None else []
    entry = next((p for p in ranked_grades(graded.document)["players"] if p["name"] == name), None)
    if not trail or entry is None:
        return None
    last = trail[-TREND:]
    first = len(trail) - len(last)
    before = trail[first - 1] if first else START
    return {**entry,
            "chart": chart([name], [[before], *([g] for g in last)], None, num,
                           start=None, first=first),
            "points": [(first + i + 1, round(g, 1)) for i, g in enumerate(last)]}
