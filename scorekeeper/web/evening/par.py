"""Par tonight (docs/contract.md, "Par"): at each table of the turn in play, the VP each
side is expected to take (``rules.grades.expected_vp``) from its players' grades after
the evening's earlier turns (``gradefiles.grade_evening`` over them), and once the table
is played, how far each side was over or under it. Shown on the room's page and on each
side's phone; kept by the evening's link and version."""

from __future__ import annotations

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
        reading = Reading()
        try:
            grade_evening(head, {"turns": answer["turns"][:-1]}, reading)
            sides_of = table_sides(head, reading)
        except InputError:  # players the grades cannot read: no par, as no grade
            return {}
        grades = {member: row[0] for member, row in reading.grades.rows.items()}
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
