"""Finding the legal arrangements of a meld, validating and classifying it.

Runs (docs/rules.md, "Shared by the whole family"): 3+ cards of one suit in
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
from functools import lru_cache

from scorekeeper.rules.cards import RANK_NAMES, Card
from scorekeeper.rules.problems import Problem
from scorekeeper.rules.profiles import PROFILES, Profile
from scorekeeper.rules.states import MeldKind
from scorekeeper.rules.verdicts import Reading, Verdict

RUN, SET = MeldKind.RUN, MeldKind.SET

_NO_MEMBERS: tuple[Card, ...] = ()
# Readings and verdicts are built in the hot loop: straight through tuple's constructor.
_new = tuple.__new__
# Where the aces of a run may stand, by how many aces it holds: low (1) or high (14).
_ACE_MASKS: tuple[tuple[int, ...], ...] = ((0,), (1 << 1, 1 << 14), ((1 << 1) | (1 << 14),))


def _runs(cards: Sequence[Card], profile: Profile, in_one_go: bool) -> list[Reading]:
    """Every legal run reading of ``cards``.

    Natural positions are kept as a bit mask: the span, the count and the gap
    of a run are then a few integer operations.
    """
    if len(cards) > profile.max_run:
        return []
    joker: Card | None = None
    twos: list[Card] = []
    suit = ""
    mask = 0
    aces = 0
    for c in cards:
        rank = c[0]
        if rank == 0:
            if joker is not None:
                return []  # two jokers: seed 001 §04, at most one substitute
            joker = c
        elif rank == 2:
            twos.append(c)
        else:
            if c[1] != suit:
                if suit:
                    return []
                suit = c[1]
            if rank == 1:
                aces += 1
            else:
                bit = 1 << rank
                if mask & bit:
                    return []  # seed 001 §04: no rank twice
                mask |= bit
    if aces > 2 or (aces == 2 and not profile.ace_both_ends):
        return []
    if joker is None and not twos:
        # The common case: naturals only, one arrangement at most per ace choice.
        found: list[Reading] = []
        for ace_mask in _ACE_MASKS[aces]:
            positions = mask | ace_mask
            lo = (positions & -positions).bit_length() - 1
            hi = positions.bit_length() - 1
            length = hi - lo + 1
            if length == positions.bit_count() and \
                    (lo != 1 or hi != 14 or profile.ace_both_ends):
                prefix = profile.points.run_prefix
                if length < 7:
                    found.append(_new(Reading, (RUN, suit, lo, hi, 0, None, _NO_MEMBERS, None,
                                                prefix[hi] - prefix[lo - 1], 0, 0)))
                    continue
                category = profile.run_category(length, False, False, (lo, hi), in_one_go)
                found.append(_new(Reading, (RUN, suit, lo, hi, 0, None, _NO_MEMBERS, category,
                                            prefix[hi] - prefix[lo - 1],
                                            profile.bonus(category), 0)))
        return found
    if suit:
        candidate_suits: tuple[str, ...] | set[str] = (suit,)
    else:
        # Only 2s and a joker: a natural 2 must fix the suit.
        candidate_suits = {c[1] for c in twos if not c[2]}
    ace_masks = _ACE_MASKS[aces]
    both_ends = profile.ace_both_ends
    prefix = profile.points.run_prefix
    values = profile.points
    readings: list[Reading] = []
    for s in candidate_suits:
        natural_two = next((c for c in twos if c[1] == s and not c[2]), None)
        options: tuple[tuple[bool, list[Card]], ...]
        if natural_two is not None:
            spare = list(twos)
            spare.remove(natural_two)
            options = ((True, spare), (False, twos))
        else:
            options = ((False, twos),)
        for two_is_natural, wild_twos in options:
            n_wild = len(wild_twos) + (joker is not None)
            if n_wild > 1:
                continue
            wild = joker if joker is not None else (wild_twos[0] if wild_twos else None)
            wild_points = values.wildcard(wild) if wild is not None else 0
            for ace_mask in ace_masks:
                positions = mask | ace_mask | (4 if two_is_natural else 0)
                if not positions:
                    continue
                lo = (positions & -positions).bit_length() - 1
                hi = positions.bit_length() - 1
                count = positions.bit_count()
                gaps = hi - lo + 1 - count
                places: tuple[int, ...]
                if wild is None:
                    if gaps:
                        continue
                    places = (0,)
                elif gaps == 1:
                    missing = ((1 << (hi + 1)) - (1 << lo)) & ~positions
                    places = (missing.bit_length() - 1,)
                elif gaps == 0:
                    places = tuple(p for p in (hi + 1, lo - 1) if 1 <= p <= 14)
                else:
                    continue
                for place in places:
                    first, last = lo, hi
                    if place:
                        if place < first:
                            first = place
                        elif place > last:
                            last = place
                        # A spare or marked 2 at its own place would be natural, not wild.
                        if place == 2 and wild is not None and wild[0] == 2 and wild[1] == s:
                            continue
                    if first == 1 and last == 14 and not both_ends:
                        continue
                    length = last - first + 1
                    points = prefix[last] - prefix[first - 1] + wild_points
                    if place:
                        points -= prefix[place] - prefix[place - 1]
                    if length < 7:
                        category = None
                        bonus = 0
                    else:
                        category = profile.run_category(length, wild is not None,
                                                        bool(place) and gaps == 0,
                                                        (first, last), in_one_go)
                        bonus = profile.bonus(category)
                    readings.append(_new(Reading, (
                        RUN, s, first, last, place,
                        (wild if not wild[2] else wild.plain) if wild is not None else None,
                        _NO_MEMBERS, category, points, bonus,
                        1 if wild is not None and wild[0] == 2 else 0,
                    )))
                    if gaps == 0:
                        # The wildcard at the other end scores the same: the high end
                        # is the reading given (seed 000: the joker goes "à la fin").
                        break
    return readings


def _sets(cards: Sequence[Card], profile: Profile) -> list[Reading]:
    """The set reading of ``cards``, if any (a 2 in a set is always the wildcard)."""
    rank = 0
    naturals: list[Card] = []
    wild: Card | None = None
    for c in cards:
        r = c[0]
        if r == 0 or r == 2:
            if wild is not None:
                return []
            wild = c
        elif r != rank:
            if rank:
                return []
            rank = r
            naturals.append(c)
        else:
            naturals.append(c)
    if len(naturals) < 2:
        return []
    values = profile.points
    points = values.natural(rank, 14) * len(naturals)
    if wild is not None:
        points += values.wildcard(wild)
    category = profile.set_category(len(cards), wild is not None)
    members = tuple(sorted(naturals, key=_suit_key))
    return [Reading(
        SET, "", 0, 0, 0, wild.plain if wild is not None else None, members,
        category, points, profile.bonus(category),
        1 if wild is not None and wild.rank == 2 else 0,
    )]


_SUIT_ORDER = {s: i for i, s in enumerate("SHDC")}


def _suit_key(card: Card) -> int:
    return _SUIT_ORDER[card.suit]


def _order_key(r: Reading) -> tuple[int, int, int, int, int]:
    # Among equal scores, the wildcard at the high end first (seed 000: "à la fin").
    return (r.wild_twos, -r.bonus, -r.points, r.kind != RUN, -r.place)


def _diagnose(cards: Sequence[Card], profile: Profile) -> Problem:
    """Why ``cards`` is no meld: the most specific reason first."""
    n = len(cards)
    if n < MIN_MELD:
        return Problem("too-few-cards", {"count": n, "minimum": MIN_MELD})
    naturals = [c for c in cards if c.rank not in (0, 2)]
    suits = {c.suit for c in naturals}
    jokers = sum(1 for c in cards if c.rank == 0)
    twos = [c for c in cards if c.rank == 2]
    two_may_be_natural = len(suits) <= 1 and any(
        not c.wild and (not suits or c.suit in suits) for c in twos
    )
    if two_may_be_natural and naturals:
        # A natural 2 stands between the ace and the 3: the cards from the 2 up to
        # the highest natural must then be filled by the other wildcards.
        ranks_low = {c.rank for c in naturals} | {2}
        gaps = max(ranks_low) - min(ranks_low) + 1 - len(ranks_low)
        two_may_be_natural = gaps <= jokers + len(twos) - 1
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


MIN_MELD = 3  # every seed: a meld has at least 3 cards


def _judge(cards: tuple[Card, ...], profile: Profile, in_one_go: bool) -> Verdict:
    if len(cards) < MIN_MELD:
        face = sum(profile.points.in_hand(c) for c in cards)
        return Verdict(cards, (), (_diagnose(cards, profile),), face)
    found = _runs(cards, profile, in_one_go)
    if profile.sets_allowed:
        found.extend(_sets(cards, profile))
    if len(found) == 1:
        return _new(Verdict, (cards, (found[0],), (), 0))
    if found:
        found.sort(key=_order_key)
        readings: list[Reading] = []
        seen: set[tuple[str, str | None, int, int]] = set()
        for r in found:
            key = r.score_key
            if key not in seen:
                seen.add(key)
                readings.append(r)
        return _new(Verdict, (cards, tuple(readings), (), 0))
    face = sum(profile.points.in_hand(c) for c in cards)
    return Verdict(cards, (), (_diagnose(cards, profile),), face)


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
