"""The plans the new evening's form offers (docs/contract.md, "Events": ``plan``): each
a shape by a stable id, the movement of every turn but the last and of the last, as
clubs play their evenings; the plan written as the document writes it
(``movements.plan_entry``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.movements import INDIVIDUAL, MOVEMENTS, PAIRS, plan_entry


@dataclass(frozen=True)
class PlanShape:
    """A plan the new evening's form offers: the kind of event it seats, the movement of
    every turn but the last, and of the last."""

    id: str
    kind: str
    most: str
    last: str

    @property
    def in_groups(self) -> bool:
        """Whether any of its turns may play in groups."""
        return MOVEMENTS[self.most].in_groups or MOVEMENTS[self.last].in_groups


#: The plans clubs play, by the form's value: a Danese for the last turn, no rematch of
#: the turn before (docs/contract.md, "danese-modified").
PLANS: dict[str, PlanShape] = {p.id: p for p in (
    PlanShape("mitchell-danese", PAIRS, "mitchell", "danese-modified"),
    PlanShape("mitchell", PAIRS, "mitchell", "mitchell"),
    PlanShape("danese", PAIRS, "danese-modified", "danese-modified"),
    PlanShape("round-robin", PAIRS, "round-robin", "round-robin"),
    PlanShape("individual-8", INDIVIDUAL, "individual-8", "individual-8"),
)}
#: The plan a new evening is offered first.
DEFAULT_PLAN = "mitchell-danese"


def plan_of(shape: str, turns: int, groups: int | None = None) -> list[dict[str, Any]]:
    """The plan of ``turns`` turns a shape of ``PLANS`` makes, each turn that plays in
    groups in ``groups`` (the others ignore it).

    >>> plan_of("mitchell-danese", 3, 2)
    [{'movement': 'mitchell', 'shift': 1}, {'movement': 'mitchell', 'shift': 1}, \
{'movement': 'danese-modified', 'groups': 2}]
    """
    found = PLANS[shape]
    return [plan_entry(name, groups=groups) for name in
            [found.most] * (turns - 1) + [found.last]]
