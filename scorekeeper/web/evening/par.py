"""Par tonight (docs/contract.md, "Par"): at each table of the turn in play, the VP each
side is expected to take (``rules.grades.expected_vp``) from its players' grades after
the evening's earlier turns (``gradefiles.grade_evening`` over them), and once the table
is played, how far each side was over or under it. Shown on the room's page and on each
side's phone; kept by the evening's link and version, the grades of the turns before by
what they are made of."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Hashable
from typing import Any

from scorekeeper.gradefiles import Reading, grade_evening, graded_sides, table_sides
from scorekeeper.models import Event
from scorekeeper.rules import InputError
from scorekeeper.rules.grades import expected_vp
from scorekeeper.web.common import cache


def par_tables(event: Event, answer: dict[str, Any], head: dict[str, Any]
               ) -> dict[int, dict[str, Any]]:
    """Each table of the turn in play (of ``answer``, the referee's for ``event`` as it
    stands; ``head``, its document without its turns) by its number: ``par``, its two
    sides' expected VP (North-South's first), and ``beyond``, each side's VP less its par
    once the table is complete (None before, and for a forfeit, which says nothing of the
    play). A table whose sides name no players, or one player twice, has none (nor is it
    graded)."""
    def make() -> dict[int, dict[str, Any]]:
        if "unreadable" in answer or not answer["turns"]:
            return {}
        try:
            grades = _grades_before(event, head, answer["turns"][:-1])
            sides_of = table_sides(head, Reading())
        except InputError:  # players the grades cannot read: no par, as no grade
            return {}
        out = {}
        for table in answer["turns"][-1]["tables"]:
            sides = sides_of(table)
            if not graded_sides(sides):
                continue
            par = expected_vp(grades, sides[0], sides[1])
            played = table["vp"] if table["complete"] and table["forfeit"] is None else None
            out[table["table"]] = {"par": par, "beyond": None if played is None else (
                played[0] - par[0], played[1] - par[1])}
        return out

    found: dict[int, dict[str, Any]] = cache("par", 64).get_or_make(
        (event.edit_token, event.version), make)
    return found


def _grades_before(event: Event, head: dict[str, Any], turns: list[dict[str, Any]]
                   ) -> dict[Hashable, float]:
    """Each player's grade after ``turns`` (the turns before the one in play), kept by what
    they are made of (the entrants and those turns' results), not by the evening's
    version: a deal saved in the turn in play changes neither, and grading the turns
    before costs several times a page's floor on a full evening."""
    made_of = json.dumps([head.get("kind"), head["entrants"],
                          [[t["ns"], t["ew"], t["vp"], t["forfeit"]]
                           for turn in turns for t in turn["tables"]]], default=str)

    def make() -> dict[Hashable, float]:
        reading = Reading()
        grade_evening(head, {"turns": turns}, reading)
        return {member: row[0] for member, row in reading.grades.rows.items()}

    found: dict[Hashable, float] = cache("par-grades", 16).get_or_make(
        (event.edit_token, hashlib.sha256(made_of.encode()).hexdigest()), make)
    return found
