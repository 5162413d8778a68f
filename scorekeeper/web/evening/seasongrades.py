"""A club's season's grades (docs/contract.md, "Grades"): every player's and pair's, from
its evenings in the season's order, each read from the referee's kept answer
(``gradefiles.grade_evening``). One road for the API (``GET /api/v1/grades``) and the
season's page, kept by the evenings' links and versions."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.gradefiles import Reading, grade_evening
from scorekeeper.models import Event, Season
from scorekeeper.web.common import cache
from scorekeeper.web.evening.director import head_of, scored


def season_evenings(db: Session, season: Season) -> list[Event]:
    """The season's evenings still there (one deleted since is left out), in its order."""
    events = {e.id: e for e in db.scalars(
        select(Event).where(Event.id.in_([e["event"] for e in season.evenings])))}
    return [events[e["event"]] for e in season.evenings if e["event"] in events]


def season_grades(evenings: list[Event]) -> dict[str, Any]:
    """The grades of ``evenings`` (the command's answer, ``not_graded`` adding the
    evenings the referee cannot score as they stand: ``unreadable_evenings``)."""
    def make() -> dict[str, Any]:
        reading, unreadable = Reading(), 0
        for event in evenings:
            answer = scored(event)
            if "unreadable" in answer:  # an evening the referee cannot score as it stands
                unreadable += 1
                continue
            grade_evening(head_of(event), answer, reading)
        doc = reading.document()
        doc["not_graded"]["unreadable_evenings"] = unreadable
        return doc

    # kept by its evenings' links and versions, as each evening's answer is
    found: dict[str, Any] = cache("grades", 16).get_or_make(
        tuple((e.edit_token, e.version) for e in evenings), make)
    return found
