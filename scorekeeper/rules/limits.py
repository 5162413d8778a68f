"""What one deal's cards can add up to, per profile: the bounds of the counts the players
enter instead of cards.

docs/rules.md, "The physical limit of a deal" (seed 001 §01, seed 004): two 52-card
decks and 4 jokers. A side cannot have more points on its table or in its hand than
every card of them is worth, nor more canastras than their cards can make. Every door
a count comes in by (the deal form, the JSON API, the command line, a table's import,
the phone's referee) reads it through ``read_counts`` here, so a count no deck can make
is unreadable input naming its field, and no count makes the referee's work grow.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import chain
from typing import Any

from scorekeeper.rules.cards import COPIES_PER_CARD, JOKERS_IN_DECK, SUITS, Card
from scorekeeper.rules.document import CARD_KEYS, MAX_POINTS
from scorekeeper.rules.problems import InputError, Problem
from scorekeeper.rules.profiles import CardPoints, Profile

#: Ranks 8 9 10 J Q K and 3 4 5 6 7 (worth ``high`` and ``low`` points).
_HIGH_RANKS, _LOW_RANKS = 6, 5
#: Seed 001 §01: two decks of 52 cards and 4 jokers.
DECK_CARDS = 2 * 52 + JOKERS_IN_DECK
#: The natural cards (every card but the jokers), and the wildcards: the jokers and the
#: 2s (seed 001 §04 "Deux et jokers remplacent les rangs manquants", seed 004).
_NATURALS = DECK_CARDS - JOKERS_IN_DECK
_WILDCARDS = JOKERS_IN_DECK + len(SUITS) * COPIES_PER_CARD
#: The fewest cards of a canastra of each category: seed 001 §04 "dès 7 : canastra",
#: §07 "propre de 13 cartes 500, propre de 14 cartes 1000" (seed 003 "Canastas": A to K
#: and A to A); seed 000 "Décompte": a semi-pure buraco has 8 cards or more.
CANASTRA_CARDS = {"clean": 7, "dirty": 7, "semi-clean": 8, "clean-500": 13, "clean-1000": 14}
#: The most canastras two decks make together, whatever their categories.
MOST_CANASTRAS = DECK_CARDS // min(CANASTRA_CARDS.values())
#: The most points a side can count under any profile document: every card of the two
#: decks at the largest value a document may give. The forms' bounds, before the profile's
#: own (``count_limits``) are known.
MOST_POINTS = DECK_CARDS * MAX_POINTS


def _most(category: str) -> int:
    """The most canastras of ``category`` two decks can make, each on its own."""
    if category == "clean-1000":
        # A…K…A of one suit takes both aces of that suit (seed 001 §04).
        return len(SUITS) * COPIES_PER_CARD // 2
    if category in ("dirty", "semi-clean"):
        # exactly one wildcard each (rules.md: at most one wildcard per meld)
        return min(_WILDCARDS, DECK_CARDS // CANASTRA_CARDS[category])
    return _NATURALS // CANASTRA_CARDS[category]  # clean ones: natural cards only


@dataclass(frozen=True)
class CountLimits:
    """The most one side can count in one deal: points on its table and in its hand,
    canastras of each category (``categories``, 0 for those the game lacks) and of every
    category together (``canastras``), the cards (``cards``) every canastra together
    may take (``CANASTRA_CARDS`` each at least), and the step every count of points moves
    by (``step``, ``count_step``'s), worked out once per card values."""

    table_points: int
    hand_points: int
    canastras: int
    categories: dict[str, int] = field(default_factory=dict)
    cards: int = DECK_CARDS
    step: int = 1


def count_limits(profile: Profile) -> CountLimits:
    """The bounds of a side's counts under ``profile`` (its house rules' card values and
    categories included).

    >>> from scorekeeper.rules.profiles import get_profile
    >>> limits = count_limits(get_profile("buraco-aberto"))
    >>> limits.table_points, limits.hand_points, limits.canastras, limits.cards
    (960, 960, 15, 108)
    >>> limits.categories
    {'clean-1000': 4, 'clean-500': 8, 'clean': 14, 'dirty': 12}
    """
    return _limits(profile.points, profile.categories)


@lru_cache(maxsize=64)
def _limits(p: CardPoints, categories: tuple[str, ...]) -> CountLimits:
    """``count_limits`` of the card values ``p`` and the canastra ``categories``: every
    side of every deal read by counts asks for them (an event reads thousands)."""
    copies = len(SUITS) * COPIES_PER_CARD  # of each rank: four suits, two decks
    plain = _HIGH_RANKS * p.high + _LOW_RANKS * p.low
    table = copies * (max(p.ace_high, p.ace_low) + max(p.natural_two, p.wild_two) + plain)
    hand = copies * (p.hand_ace + p.hand_two + plain)
    return CountLimits(table_points=table + JOKERS_IN_DECK * p.joker,
                       hand_points=hand + JOKERS_IN_DECK * p.joker,
                       canastras=MOST_CANASTRAS,
                       categories={c: _most(c) for c in categories},
                       step=math.gcd(*(getattr(p, name) for name in CARD_KEYS.values())) or 1)


def card_count_problems(groups: Sequence[Sequence[Card]]) -> list[Problem]:
    """rules.md: two decks hold each card twice and 4 jokers; more is a likely typo."""
    counts: Counter[Card] = Counter(chain.from_iterable(groups))
    for card in [c for c in counts if c.wild]:
        counts[card.plain] += counts.pop(card)
    problems = []
    for card, n in counts.items():
        if n > COPIES_PER_CARD and (n > JOKERS_IN_DECK or card.rank != 0):
            maximum = JOKERS_IN_DECK if card.rank == 0 else COPIES_PER_CARD
            problems.append(Problem("impossible-card-count",
                                    {"card": str(card), "count": n, "maximum": maximum}))
    return sorted(problems, key=lambda p: str(p.params["card"]))


def canastra_cards(counts: Mapping[str, int]) -> int:
    """The fewest cards the canastras of ``counts`` take together."""
    return sum(n * CANASTRA_CARDS[c] for c, n in counts.items() if c in CANASTRA_CARDS)


def check_count(value: int, limit: int, field_name: str) -> int:
    """``value`` when the cards can make it; unreadable input naming the field else."""
    if value > limit:
        raise InputError("bad-value", field=field_name, value=str(value),
                         expected=f"integer 0..{limit}")
    return value


def check_canastras(counts: Mapping[str, int], limits: CountLimits, field_name: str) -> None:
    """Canastras that the two decks cannot make together are unreadable input
    (``impossible-counts``, naming ``field_name``): say 7 of 13 cards and 3 of 7 need 112
    cards, and two decks and their jokers hold 108."""
    for category, n in counts.items():
        if category in CANASTRA_CARDS:
            check_count(n, limits.categories.get(category, 0), f"{field_name}.{category}")
    cards = canastra_cards(counts)
    if cards > limits.cards:
        raise InputError("impossible-counts", field=field_name, cards=cards,
                         maximum=limits.cards)


def count_step(profile: Profile) -> int:
    """The step every count of points moves by under ``profile``: the greatest common
    divisor of its card values. Seed 001 §07 values every card at 5, 10, 15 or 20, so a
    side's table and hand points are multiples of 5; a house joker of 33 makes it 1.

    >>> from scorekeeper.rules.profiles import get_profile
    >>> count_step(get_profile("buraco-aberto")), count_step(get_profile("burraco"))
    (5, 5)
    """
    return count_limits(profile).step


def off_step(deal: Mapping[str, Any], profile: Profile) -> Iterator[tuple[str, int, int]]:
    """Each count of points of the deal document ``deal`` that no cards can add up to (not
    a multiple of ``count_step``): its field, its value and the step. Checked where a
    deal comes in (the deal form, the JSON API, a table's import), never where a stored
    deal is read again (docs/contract.md, "Counts no cards make")."""
    step = count_step(profile)
    if step == 1:
        return
    for i, side in enumerate(deal.get("sides") or []):
        if not isinstance(side, Mapping):
            continue
        counts = side.get("counts")
        table = counts.get("table_points") if isinstance(counts, Mapping) else None
        hand = side.get("hand_points")
        for name, value in (("counts.table_points", table), ("hand_points", hand)):
            if isinstance(value, int) and not isinstance(value, bool) and value % step:
                yield f"sides[{i}].{name}", value, step


def held_counts(deal: Mapping[str, Any], profile: Profile) -> dict[str, Any]:
    """A copy of the deal document ``deal`` whose counts are held to what two decks can
    make (and to their step, ``count_step``, rounding down): what the deal form judges
    while it refuses the counts past them at their own fields, so that the deal's other
    problems are still found."""
    limits = count_limits(profile)
    step = count_step(profile)
    most = {"table_points": limits.table_points, **limits.categories}
    sides = []
    for side in deal.get("sides") or []:
        if not isinstance(side, Mapping):
            sides.append(side)
            continue
        held = dict(side)
        if _number(held.get("hand_points")):
            points = min(held["hand_points"], limits.hand_points)
            held["hand_points"] = points - points % step
        counts = held.get("counts")
        if isinstance(counts, Mapping):
            counts = {k: min(n, most[k]) if k in most and _number(n) else n
                      for k, n in counts.items()}
            if _number(counts.get("table_points")):
                counts["table_points"] -= counts["table_points"] % step
            if canastra_cards({k: n for k, n in counts.items() if _number(n)}) > limits.cards:
                counts = {k: n for k, n in counts.items() if k not in CANASTRA_CARDS}
            held["counts"] = counts
        sides.append(held)
    return {**deal, "sides": sides}


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
