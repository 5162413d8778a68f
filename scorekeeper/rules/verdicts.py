"""The referee's answer about one meld: its legal readings and what each scores.

Built by ``melds.check_meld``; written out as the contract's ``check`` documents.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from scorekeeper.rules.cards import RANK_NAMES, Card
from scorekeeper.rules.problems import Problem
from scorekeeper.rules.states import MeldKind

RUN, SET = MeldKind.RUN, MeldKind.SET
# Card notation of each run position (1 = low ace … 14 = high ace), per suit.
_RUN_NAMES = {
    suit: [""] + [str(Card(1 if p == 14 else p, suit)) for p in range(1, 15)] for suit in "SHDC"
}


class Reading(NamedTuple):
    """One legal arrangement of a meld and what it scores.

    A run is described by its suit, its span of positions (1 = low ace, 14 = high
    ace) and where the wildcard stands; a set by its natural cards.
    """

    kind: str
    suit: str
    first: int
    last: int
    place: int  # the wildcard's position in a run, 0 when none
    wildcard: Card | None  # the wildcard, as a physical card
    members: tuple[Card, ...]  # a set's natural cards
    category: str | None
    points: int
    bonus: int
    wild_twos: int  # 2s used as wildcards (a natural 2 is preferred)

    @property
    def cards(self) -> tuple[Card, ...]:
        """The arrangement; a 2 used as a wildcard is marked wild."""
        wild = self.wildcard
        shown = None if wild is None else (Card(2, wild.suit, True) if wild.rank == 2 else wild)
        if self.kind == SET:
            return self.members + ((shown,) if shown is not None else ())
        return tuple(
            shown if p == self.place and shown is not None else Card(1 if p == 14 else p, self.suit)
            for p in range(self.first, self.last + 1)
        )

    @property
    def stands_for(self) -> str | None:
        """What the wildcard stands for: ``4H`` in a run, the rank (``7``) in a set."""
        if self.wildcard is None:
            return None
        if self.kind == SET:
            return RANK_NAMES[self.members[0].rank]
        return str(Card(1 if self.place == 14 else self.place, self.suit))

    @property
    def score_key(self) -> tuple[str, str | None, int, int]:
        """What two readings must share to score the same."""
        return (self.kind, self.category, self.points, self.bonus)

    def stood_for_strings(self) -> list[str]:
        """The arrangement as the contract's ``cards`` writes it: in run order, with
        the card the wildcard stands for in its place (``5D JK 7D`` -> ``5D 6D 7D``).
        A set's wildcard stands for no particular card and is shown as it is."""
        if self.kind == SET or not self.place:
            return self.card_strings()
        return _RUN_NAMES[self.suit][self.first:self.last + 1]

    def card_strings(self) -> list[str]:
        """The physical arrangement in card notation, the wildcard at its place."""
        if self.kind == SET or self.place and self.wildcard is None:
            return [str(c) for c in self.cards]
        names = _RUN_NAMES[self.suit]
        out = names[self.first:self.last + 1]
        if self.place and self.wildcard is not None:
            w = self.wildcard
            out[self.place - self.first] = f"2{w.suit}*" if w.rank == 2 else "JK"
        return out

    def as_dict(self) -> dict[str, Any]:
        """The reading as the contract's ``check`` writes a meld."""
        return {
            "cards": self.stood_for_strings(),
            "arranged": self.card_strings(),
            "kind": self.kind,
            "category": self.category,
            "points": self.points,
            "bonus": self.bonus,
            "wildcard": (
                None if self.wildcard is None
                else {"card": str(self.wildcard), "stands_for": self.stands_for}
            ),
        }


class Verdict(NamedTuple):
    """The referee's verdict on one meld: its readings, best first, or its problem."""

    cards: tuple[Card, ...]  # as given
    readings: tuple[Reading, ...]
    problems: tuple[Problem, ...]
    face_points: int  # the cards' values, shown for an invalid meld

    @property
    def valid(self) -> bool:
        """Whether the meld has at least one legal reading."""
        return bool(self.readings)

    @property
    def best(self) -> Reading | None:
        """The reading the players would claim (natural 2 first, then bonus, then points)."""
        return self.readings[0] if self.readings else None

    @property
    def points(self) -> int:
        """The best reading's card points, or the cards' face values when illegal."""
        return self.readings[0].points if self.readings else self.face_points

    @property
    def bonus(self) -> int:
        """The best reading's canastra bonus (0 when illegal or short)."""
        return self.readings[0].bonus if self.readings else 0

    @property
    def category(self) -> str | None:
        """The best reading's canastra category, ``None`` below 7 cards."""
        return self.readings[0].category if self.readings else None

    def as_dict(self) -> dict[str, Any]:
        """The verdict as the contract's ``check`` writes a meld (readings when several)."""
        best = self.best
        if best is None:
            return {
                "cards": [str(c) for c in self.cards],
                "arranged": [str(c) for c in self.cards],
                "valid": False,
                "kind": None,
                "category": None,
                "points": self.face_points,
                "bonus": 0,
                "wildcard": None,
                "problems": [p.as_dict() for p in self.problems],
            }
        out = best.as_dict()
        out["valid"] = True
        out["problems"] = []
        if len(self.readings) > 1:
            out["readings"] = [r.as_dict() for r in self.readings]
        return out
