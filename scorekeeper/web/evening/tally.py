"""What an evening's pages show, kept in the database with the version it was made for
(``events.tally``, ``tally_of``), as a match keeps its referee's tally (``web/tally.py``):
a deal saved on one server process is shown by every other without reading the
evening's every deal from the database and scoring them again.

An evening as its pages show it (``shown``) is three things: the referee's answer for the
event document (``rules.event_document``: each table's MP and VP, the standings, the
next turn), the document without its turns (``head``: its rules, entrants and plan, and
how many turns are seated), and the standings after the last turn every table of which
is complete (the big screen's, while a turn is in play). The writer of every change of
the document (``events.bump``) leaves it beside the new version; it is read only for
that version and only by the same referee (``tally.referee``), else made again from the
document, as it always could be.
"""

from __future__ import annotations

import json
from functools import partial
from typing import Any

from scorekeeper import rules
from scorekeeper.caching import LRU
from scorekeeper.db import lookup
from scorekeeper.web.tally import tally_of

_READ = "SELECT tally FROM events WHERE id = ? AND tally_of = ?"
_NONE: dict[str, str | None] = {"tally": None, "tally_of": None}
#: The answer of an event the referee cannot score yet (an individual evening before its
#: 8th player): no turn, no standings, nothing to seat.
NOTHING_YET: dict[str, Any] = {"turns": [], "standings": [], "next": None, "problems": []}
#: One encoder for every tally.
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def head(document: dict[str, Any]) -> dict[str, Any]:
    """The event document without its turns (its rules, kind, deals per turn, entrants,
    plan…), and ``seated``: how many turns are seated."""
    return {**{k: v for k, v in document.items() if k != "turns"},
            "seated": len(document.get("turns") or [])}


def shown(name: str, document: dict[str, Any]) -> dict[str, Any]:
    """The evening ``name`` of this document as its pages show it: ``answer`` (with
    ``unreadable``, the referee's ``InputError``, when it cannot be scored yet), ``head``,
    ``closed`` (the standings after the last closed turn; ``None``: the answer's) and
    ``groups`` (the entrants of each group the last turn seated plays in, or ``None``)."""
    event = {**document, "name": name}
    try:
        answer, before = rules.kept_document(event)
    except rules.InputError as error:
        return {"answer": {**NOTHING_YET, "unreadable": error}, "head": head(document),
                "closed": None, "groups": None}
    turns = answer["turns"]
    closed = None
    if turns and not all(t["complete"] for t in turns[-1]["tables"]):
        closed = before if len(turns) > 1 else []
    return {"answer": answer, "head": head(document), "closed": closed,
            "groups": rules.last_groups(event, before)}


def columns(version: int, evening: dict[str, Any]) -> dict[str, str | None]:
    """The ``tally`` and ``tally_of`` columns a write of ``version`` leaves: ``evening``
    (``shown``) as JSON lines, unless the referee could not score it (the next page makes
    it from the document): the first line the evening without its turns' tables, then a
    line per turn (JSON writes no line break of its own)."""
    of = tally_of(version)
    answer = evening["answer"]
    if of is None or "unreadable" in answer:
        return _NONE
    try:
        lines = [_ENCODER.encode({**evening, "answer": {**answer, "turns": None}}),
                 *(_ENCODER.encode(turn) for turn in answer["turns"])]
    except (TypeError, ValueError):  # pragma: no cover - the referee answers in JSON's values
        return _NONE
    return {"tally": "\n".join(lines), "tally_of": of}


def stored(event_id: int, version: int, turns: LRU[Any]) -> dict[str, Any] | None:
    """The evening as its pages show it (``shown``), kept for its ``version`` by this
    referee; None when there is none (another version's, another referee's, none).
    Each turn is read once per process as long as it is the same (``turns``, by its
    line: after a deal saved, only its turn is read again); the pages never change what
    they are given."""
    of = tally_of(version)
    if of is None:
        return None
    row = lookup(_READ, event_id, of)
    if row is None or not row[0]:
        return None
    first, *lines = row[0].split("\n")
    try:
        evening = json.loads(first)
        read = [turns.get_or_make(line, partial(json.loads, line)) for line in lines]
    except ValueError:
        return None
    if not isinstance(evening, dict) or not isinstance(evening.get("answer"), dict):
        return None
    evening["answer"]["turns"] = read
    return evening
