"""What an evening's pages show (``shown``): the referee's answer for the evening (each
table's MP and VP, the standings, the next turn: ``evening/store.answer``, from each
table's result kept in its row), the event document without its turns (``head``: its
rules, entrants and plan, and how many turns are seated), and the standings after the
last turn every table of which is complete (the big screen's, while a turn is in play).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper import rules

#: The answer of an event the referee cannot score yet (an individual evening before its
#: 8th player): no turn, no standings, nothing to seat.
NOTHING_YET: dict[str, Any] = {"turns": [], "standings": [], "next": None, "problems": []}


def shown(head: dict[str, Any], seated: int,
          answered: Callable[[], tuple[dict[str, Any], list[dict[str, Any]]]]) -> dict[str, Any]:
    """The evening as its pages show it: ``answer`` (``answered()``'s, with
    ``unreadable``, the referee's ``InputError``, when it cannot be scored yet), ``head``
    (the event document without its turns, ``head``, and how many turns are ``seated``),
    ``closed`` (the standings after the last closed turn; ``None``: the answer's) and
    ``groups`` (the entrants of each group the last turn seated plays in, or ``None``)."""
    kept = {**head, "seated": seated}
    try:
        answer, before = answered()
    except rules.InputError as error:
        return {"answer": {**NOTHING_YET, "unreadable": error}, "head": kept,
                "closed": None, "groups": None}
    turns = answer["turns"]
    closed = None
    if turns and not all(t["complete"] for t in turns[-1]["tables"]):
        closed = before if len(turns) > 1 else []
    return {"answer": answer, "head": kept, "closed": closed,
            "groups": rules.last_groups({**head, "turns": [{}] * seated}, before)}
