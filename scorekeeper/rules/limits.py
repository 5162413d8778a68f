"""What one deal's cards can add up to, per profile: the bounds of the counts the players
enter instead of cards.

docs/rules.md, "The physical limit of a deal" (seed 001 §01, seed 004): two 52-card
decks and 4 jokers. A side cannot have more points on its table or in its hand than
every card of them is worth, nor more canastras than 7-card melds fit in them. The
referee itself scores any counts it is given (a document may be a made-up example);
the pages hold typed counts to these bounds, where a slip of the finger shows.
"""

from __future__ import annotations

from dataclasses import dataclass

from scorekeeper.rules.cards import COPIES_PER_CARD, JOKERS_IN_DECK
from scorekeeper.rules.profiles import Profile

#: Ranks 8 9 10 J Q K and 3 4 5 6 7 (worth ``high`` and ``low`` points).
_HIGH_RANKS, _LOW_RANKS = 6, 5
#: Seed 001 §03: a canastra is a meld of 7 cards or more.
_CANASTRA_CARDS = 7


@dataclass(frozen=True)
class CountLimits:
    """The most one side can count in one deal."""

    table_points: int
    hand_points: int
    canastras: int


def count_limits(profile: Profile) -> CountLimits:
    """The bounds of a side's counts under ``profile``.

    >>> from scorekeeper.rules.profiles import get_profile
    >>> count_limits(get_profile("buraco-aberto"))
    CountLimits(table_points=960, hand_points=960, canastras=15)
    """
    p = profile.points
    copies = 4 * COPIES_PER_CARD  # of each rank: four suits, two decks
    plain = _HIGH_RANKS * p.high + _LOW_RANKS * p.low
    table = copies * (max(p.ace_high, p.ace_low) + max(p.natural_two, p.wild_two) + plain)
    hand = copies * (p.hand_ace + p.hand_two + plain)
    cards = copies * 13 + JOKERS_IN_DECK
    return CountLimits(table_points=table + JOKERS_IN_DECK * p.joker,
                       hand_points=hand + JOKERS_IN_DECK * p.joker,
                       canastras=cards // _CANASTRA_CARDS)
