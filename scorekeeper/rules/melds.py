"""Finding the legal arrangements of a meld, validating and classifying it.

Runs (spec/rules.md, "Shared by the whole family"): 3+ cards of one suit in
consecutive order, no wrap, at most one wildcard; a 2 of the run's suit at its
natural place is a natural card (seed 001 §04, seed 004 "Les combinaisons
valides"). Sets (burraco, buraco-classico): 3+ cards of one rank, at least two
natural, never of 2s (rules.md decision).

Cards may come in any order: the referee finds every legal arrangement itself
and ranks them as a player would claim them: natural 2 before wild 2, then the
highest bonus, then the highest card points.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from scorekeeper.rules.cards import RANK_NAMES, Card
from scorekeeper.rules.problems import Problem
from scorekeeper.rules.profiles import PROFILES, Profile

RUN = "run"
SET = "set"


@dataclass(frozen=True)
class Reading:
    """One legal arrangement of a meld and what it scores."""

    kind: str
    cards: tuple[Card, ...]  # arrangement order; a 2 used as wildcard is marked wild
    wildcard: Card | None  # the wildcard, as a physical card
    stands_for: str | None  # "4H" in a run, the rank ("7") in a set
    category: str | None
    points: int
    bonus: int
    wild_twos: int  # 2s used as wildcards (a natural 2 is preferred)

    @property
    def score_key(self) -> tuple[str, str | None, int, int]:
        return (self.kind, self.category, self.points, self.bonus)

    def as_dict(self) -> dict[str, Any]:
        return {
            "cards": [str(c) for c in self.cards],
            "kind": self.kind,
            "category": self.category,
            "points": self.points,
            "bonus": self.bonus,
            "wildcard": (
                None if self.wildcard is None
                else {"card": str(self.wildcard), "stands_for": self.stands_for}
            ),
        }


@dataclass(frozen=True)
class Verdict:
    """The referee's verdict on one meld: its readings, best first, or its problem."""

    cards: tuple[Card, ...]  # as given
    readings: tuple[Reading, ...]
    problems: tuple[Problem, ...]
    face_points: int  # the cards' values, shown for an invalid meld

    @property
    def valid(self) -> bool:
        return bool(self.readings)

    @property
    def best(self) -> Reading | None:
        return self.readings[0] if self.readings else None

    @property
    def points(self) -> int:
        return self.readings[0].points if self.readings else self.face_points

    @property
    def bonus(self) -> int:
        return self.readings[0].bonus if self.readings else 0

    @property
    def category(self) -> str | None:
        return self.readings[0].category if self.readings else None

    def as_dict(self) -> dict[str, Any]:
        best = self.best
        if best is None:
            return {
                "cards": [str(c) for c in self.cards],
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


def _position_card(position: int, suit: str) -> Card:
    return Card(1 if position in (1, 14) else position, suit)


def _runs(cards: Sequence[Card], profile: Profile, in_one_go: bool) -> list[Reading]:
    """Every legal run reading of ``cards``."""
    n = len(cards)
    if n > profile.max_run:
        return []
    jokers: list[Card] = []
    twos: list[Card] = []
    others: list[Card] = []
    for c in cards:
        if c.rank == 0:
            jokers.append(c)
        elif c.rank == 2:
            twos.append(c)
        else:
            others.append(c)
    if len(jokers) > 1:
        return []
    suits = {c.suit for c in others}
    if len(suits) > 1:
        return []
    # A run of only 2s and a joker still needs a natural 2 to fix its suit.
    candidate_suits = suits or {c.suit for c in twos if not c.wild}
    aces = sum(1 for c in others if c.rank == 1)
    ranks = [c.rank for c in others if c.rank != 1]
    base = set(ranks)
    if len(base) != len(ranks) or aces > 2:
        return []  # seed 001 §04: no rank twice
    if aces == 0:
        ace_options: list[tuple[int, ...]] = [()]
    elif aces == 1:
        ace_options = [(1,), (14,)]
    else:
        ace_options = [(1, 14)] if profile.ace_both_ends else []
    values = profile.points
    readings: list[Reading] = []
    for suit in candidate_suits:
        natural_twos = [c for c in twos if c.suit == suit and not c.wild]
        options: list[tuple[Card | None, list[Card]]] = []
        if natural_twos:
            options.append((natural_twos[0], [c for c in twos if c is not natural_twos[0]]))
        options.append((None, twos))
        for natural_two, wild_twos in options:
            wilds = jokers + wild_twos
            if len(wilds) > 1:
                continue
            wild = wilds[0] if wilds else None
            for ace_positions in ace_options:
                positions = set(base)
                positions.update(ace_positions)
                if natural_two is not None:
                    positions.add(2)
                lo, hi = min(positions), max(positions)
                gaps = hi - lo + 1 - len(positions)
                if wild is None:
                    placements: list[int | None] = [None] if gaps == 0 else []
                elif gaps == 1:
                    placements = [next(p for p in range(lo, hi) if p not in positions)]
                elif gaps == 0:
                    placements = [p for p in (hi + 1, lo - 1) if 1 <= p <= 14]
                else:
                    placements = []
                for place in placements:
                    first, last = lo, hi
                    if place is not None:
                        first, last = min(lo, place), max(hi, place)
                        # A marked or spare 2 at its own place would be natural, not wild.
                        if wild is not None and wild.rank == 2 and wild.suit == suit \
                                and place == 2:
                            continue
                    if first == 1 and last == 14 and not profile.ace_both_ends:
                        continue
                    readings.append(_run_reading(
                        suit, positions, wild, place, first, last, natural_two is not None,
                        profile, in_one_go, values.wildcard(wild) if wild else 0,
                    ))
    return readings


def _run_reading(suit: str, positions: set[int], wild: Card | None, place: int | None,
                 first: int, last: int, natural_two: bool, profile: Profile,
                 in_one_go: bool, wild_points: int) -> Reading:
    values = profile.points
    arranged: list[Card] = []
    points = wild_points
    for p in range(first, last + 1):
        if p == place:
            assert wild is not None
            arranged.append(Card(2, wild.suit, True) if wild.rank == 2 else wild)
        else:
            rank = 1 if p == 14 else p
            points += values.natural(rank, p)
            arranged.append(Card(rank, suit))
    length = last - first + 1
    wild_at_end = place is not None and place in (first, last) and \
        len(positions) == length - 1
    category = profile.run_category(length, wild is not None, wild_at_end, (first, last),
                                    in_one_go)
    stands_for = str(_position_card(place, suit)) if place is not None else None
    return Reading(
        kind=RUN,
        cards=tuple(arranged),
        wildcard=wild.plain if wild is not None else None,
        stands_for=stands_for,
        category=category,
        points=points,
        bonus=profile.bonus(category),
        wild_twos=1 if wild is not None and wild.rank == 2 else 0,
    )


def _sets(cards: Sequence[Card], profile: Profile) -> list[Reading]:
    """The set reading of ``cards``, if any (a 2 in a set is always the wildcard)."""
    if not profile.sets_allowed:
        return []
    naturals = [c for c in cards if c.rank not in (0, 2)]
    wilds = [c for c in cards if c.rank in (0, 2)]
    if len(wilds) > 1 or len(naturals) < 2:
        return []
    rank = naturals[0].rank
    if any(c.rank != rank for c in naturals):
        return []
    values = profile.points
    points = sum(values.natural(rank, 14) for _ in naturals)
    wild = wilds[0] if wilds else None
    arranged = sorted(naturals, key=lambda c: "SHDC".index(c.suit))
    if wild is not None:
        points += values.wildcard(wild)
        arranged.append(Card(2, wild.suit, True) if wild.rank == 2 else wild)
    category = profile.set_category(len(cards), wild is not None)
    return [Reading(
        kind=SET,
        cards=tuple(arranged),
        wildcard=wild.plain if wild is not None else None,
        stands_for=RANK_NAMES[rank] if wild is not None else None,
        category=category,
        points=points,
        bonus=profile.bonus(category),
        wild_twos=1 if wild is not None and wild.rank == 2 else 0,
    )]


def _order_key(r: Reading) -> tuple[int, int, int, int, int]:
    # Among equal scores, the wildcard at the high end first (seed 000: "à la fin").
    stands = next((i for i, c in enumerate(r.cards) if c.rank == 0 or c.wild), 0)
    return (r.wild_twos, -r.bonus, -r.points, r.kind != RUN, -stands)


def _diagnose(cards: Sequence[Card], profile: Profile) -> Problem:
    """Why ``cards`` is no meld: the most specific reason first."""
    n = len(cards)
    if n < 3:
        return Problem("too-few-cards", {"count": n, "minimum": 3})
    naturals = [c for c in cards if c.rank not in (0, 2)]
    suits = {c.suit for c in naturals}
    jokers = sum(1 for c in cards if c.rank == 0)
    twos = [c for c in cards if c.rank == 2]
    two_may_be_natural = len(suits) <= 1 and any(
        not c.wild and (not suits or c.suit in suits) for c in twos
    )
    wildcards = jokers + len(twos) - (1 if two_may_be_natural else 0)
    if wildcards > 1:
        return Problem("too-many-wildcards", {"count": wildcards, "maximum": 1})
    ranks = {c.rank for c in naturals}
    if len(naturals) >= 2 and len(ranks) == 1 and len(suits) > 1 and not profile.sets_allowed:
        return Problem("sets-not-allowed", {})
    if len(suits) == 1:
        aces = sum(1 for c in naturals if c.rank == 1)
        if aces == 2 and not profile.ace_both_ends:
            return Problem("ace-both-ends", {})
        if n > profile.max_run:
            return Problem("too-many-cards", {"count": n, "maximum": profile.max_run})
        seen: set[int] = set()
        for c in naturals:
            if c.rank in seen and (c.rank != 1 or aces > 2):
                return Problem("duplicate-rank", {"rank": RANK_NAMES[c.rank], "card": str(c)})
            seen.add(c.rank)
    if n > profile.max_run and not (profile.sets_allowed and len(ranks) == 1):
        return Problem("too-many-cards", {"count": n, "maximum": profile.max_run})
    return Problem("not-a-meld", {})


def _judge(cards: tuple[Card, ...], profile: Profile, in_one_go: bool) -> Verdict:
    found = _runs(cards, profile, in_one_go) + _sets(cards, profile)
    found.sort(key=_order_key)
    readings: list[Reading] = []
    seen: set[tuple[str, str | None, int, int]] = set()
    for r in found:
        if r.score_key not in seen:
            seen.add(r.score_key)
            readings.append(r)
    face = sum(profile.points.in_hand(c) for c in cards)
    problems = () if readings else (_diagnose(cards, profile),)
    return Verdict(cards, tuple(readings), problems, face)


@lru_cache(maxsize=65536)
def _judge_cached(cards: tuple[Card, ...], profile_id: str, in_one_go: bool) -> Verdict:
    return _judge(cards, PROFILES[profile_id], in_one_go)


def check_meld(cards: Sequence[Card], profile: Profile, in_one_go: bool = False) -> Verdict:
    """Judge one meld.

    >>> from scorekeeper.rules.cards import parse_cards
    >>> from scorekeeper.rules.profiles import get_profile
    >>> v = check_meld(parse_cards("9H 3H 5H 4H 6H 8H 7H"), get_profile("buraco-aberto"))
    >>> v.valid, v.category, v.points, v.bonus
    (True, 'clean', 45, 200)
    """
    key = tuple(cards)
    if PROFILES.get(profile.id) is profile:
        return _judge_cached(key, profile.id, in_one_go)
    return _judge(key, profile, in_one_go)
