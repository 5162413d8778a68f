"""One side of a deal as the players entered it (``SideInput``), which ``scoring.read_side``
reads from the contract's deal document (contract.md, ``score``), and the contract's words
for a morto's state and how a side closed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from scorekeeper.rules.cards import Card
from scorekeeper.rules.states import ClosedBy, Morto

#: The contract's morto states; ``not-taken`` is read as ``not_taken``.
MORTO_STATES = {**{m.value: m for m in Morto}, "not-taken": Morto.NOT_TAKEN}
CLOSED_BY = {c.value: c for c in ClosedBy}


@dataclass(frozen=True)
class MeldInput:
    cards: tuple[Card, ...]
    in_one_go: bool = False


@dataclass(frozen=True)
class SideInput:
    """One side of a deal, as the players entered it."""

    name: str | None
    melds: tuple[MeldInput, ...] | None
    counts: Mapping[str, int] | None  # "table_points" and canastras per category
    hand: tuple[Card, ...] | None
    hand_points: int | None
    morto: Morto
    went_out: bool
    closed_by: ClosedBy
    before: int | None
    opening: tuple[MeldInput, ...] | None
    #: the deal was played after the turn's time was up (the deal's ``after_time``):
    #: going out scores no closing bonus
    after_time: bool = False
