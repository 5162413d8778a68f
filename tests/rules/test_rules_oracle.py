"""The meld judge against a second reading of rules.md, written the slow way.

``readings`` below tries every place every card could stand in (every suit a run could
be of, every rank a wildcard could stand for), keeps the arrangements rules.md allows
and orders them as it says a player would claim them. It shares no code with
``scorekeeper.rules``: each profile's numbers are copied from rules.md's tables here.
On melds drawn at random around legal runs and sets, in every built-in profile, the
referee's verdict (legal or not, run or set, category, card points, bonus) must be the
first of those readings, or "not a meld" when there is none.
"""

from __future__ import annotations

import itertools
import random
from typing import Any, NamedTuple

import pytest

from scorekeeper.rules import check_document


class Rules(NamedTuple):
    sets: bool  # sets allowed
    both_ends: bool  # the ace at both ends of one run (A…K…A)
    joker: int
    wild_two: int  # a 2 standing for another card
    natural_two: int  # a 2 at its own place, between A and 3
    ace_high: int
    ace_low: int  # an ace below the 2
    semi_clean: bool  # 8+ cards, the wildcard at an end of the run: 150
    long_runs: str  # "length": 13 cards 500, 14 cards 1000; "in one go": A–K 500, A–A 1000


#: rules.md, each profile's table ("card points", "canastra/burraco bonus", "melds", "ace").
PROFILES = {
    "buraco-aberto": Rules(False, True, 20, 10, 10, 15, 15, False, "length"),
    "buraco-fechado": Rules(False, True, 50, 10, 10, 15, 15, False, "in one go"),
    "burraco": Rules(True, False, 30, 20, 20, 15, 15, False, ""),
    "buraco-classico": Rules(True, False, 30, 20, 5, 15, 5, True, ""),
}
BONUS = {"clean": 200, "dirty": 100, "semi-clean": 150, "clean-500": 500, "clean-1000": 1000}
RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}
NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}


class Card(NamedTuple):
    rank: int  # 0: joker; 1: ace
    suit: str
    marked_wild: bool  # written 2H*: always stands for another card


def _card(text: str) -> Card:
    if text == "JK":
        return Card(0, "", False)
    marked = text.endswith("*")
    text = text.rstrip("*")
    return Card(RANKS.get(text[:-1]) or int(text[:-1]), text[-1], marked)


def _natural_points(rules: Rules, place: int) -> int:
    """A natural card's points at its place in a run (1: the ace below the 2; 14: above K)."""
    if place == 1:
        return rules.ace_low
    if place == 14:
        return rules.ace_high
    if place == 2:
        return rules.natural_two
    return 10 if place >= 8 else 5


def _places(card: Card, suit: str) -> list[tuple[int, bool]]:
    """Where ``card`` may stand in a run of ``suit``: (place, as a wildcard)."""
    if card.rank == 0 or (card.rank == 2 and (card.marked_wild or card.suit != suit)):
        # a wildcard stands for any other card; a 2 of the suit never for itself
        own = card.rank == 2 and card.suit == suit
        return [(p, True) for p in range(1, 15) if not (own and p == 2)]
    if card.rank == 2:  # a 2 of the run's suit: natural at its place, or a wildcard
        return [(2, False)] + [(p, True) for p in range(1, 15) if p != 2]
    if card.suit != suit:
        return []
    return [(1, False), (14, False)] if card.rank == 1 else [(card.rank, False)]


def _category(rules: Rules, size: int, low: int, high: int, wild_at: int | None,
              in_one_go: bool) -> str | None:
    if size < 7:
        return None
    if wild_at is not None:
        return "semi-clean" if rules.semi_clean and size >= 8 and wild_at in (low, high) \
            else "dirty"
    if rules.long_runs == "length":
        return {14: "clean-1000", 13: "clean-500"}.get(size, "clean")
    if rules.long_runs == "in one go" and in_one_go:
        return {(1, 14): "clean-1000", (1, 13): "clean-500"}.get((low, high), "clean")
    return "clean"


def _runs(cards: list[Card], rules: Rules, in_one_go: bool) -> list[tuple[Any, ...]]:
    found = []
    suits = {c.suit for c in cards if c.rank not in (0, 2)} | \
        {c.suit for c in cards if c.rank == 2 and not c.marked_wild}
    if len(cards) > (14 if rules.both_ends else 13):
        return []
    for suit in suits:
        options = [_places(c, suit) for c in cards]
        if not all(options):
            continue
        for arrangement in itertools.product(*options):
            places = [p for p, _ in arrangement]
            low, high = min(places), max(places)
            if len(set(places)) != len(cards) or high - low + 1 != len(cards):
                continue  # a rank twice, or a gap
            if (low, high) == (1, 14) and not rules.both_ends:
                continue
            wild = [(card, p) for card, (p, w) in zip(cards, arrangement, strict=True) if w]
            if len(wild) > 1:
                continue
            points = sum((rules.joker if card.rank == 0 else rules.wild_two) if w
                         else _natural_points(rules, p)
                         for card, (p, w) in zip(cards, arrangement, strict=True))
            category = _category(rules, len(cards), low, high,
                                 wild[0][1] if wild else None, in_one_go)
            wild_two = bool(wild) and wild[0][0].rank == 2
            found.append((wild_two, -BONUS.get(category or "", 0), -points, "run", category,
                          points))
    return found


def _set(cards: list[Card], rules: Rules) -> list[tuple[Any, ...]]:
    """A set (rules.md, ``burraco``): one rank, never 2s, two natural cards at least, one
    wildcard at most; with a wildcard it is dirty, never semi-clean."""
    natural = [c for c in cards if c.rank not in (0, 2)]
    wild = [c for c in cards if c.rank in (0, 2)]
    if not rules.sets or len(natural) < 2 or len({c.rank for c in natural}) != 1 or len(wild) > 1:
        return []
    rank = natural[0].rank
    points = len(natural) * (rules.ace_high if rank == 1 else 10 if rank >= 8 else 5) + \
        sum(rules.joker if c.rank == 0 else rules.wild_two for c in wild)
    category = ("dirty" if wild else "clean") if len(cards) >= 7 else None
    return [(bool(wild) and wild[0].rank == 2, -BONUS.get(category or "", 0), -points, "set",
             category, points)]


def readings(texts: list[str], profile: str, in_one_go: bool = False) -> list[tuple[Any, ...]]:
    """Every legal reading, the one a player would claim first (rules.md: natural 2 before
    wild 2, then the highest bonus, then the highest card points)."""
    cards = [_card(t) for t in texts]
    rules = PROFILES[profile]
    return sorted(_runs(cards, rules, in_one_go) + (_set(cards, rules) if len(cards) >= 3 else []))


def expected(texts: list[str], profile: str, in_one_go: bool) -> tuple[Any, ...]:
    found = readings(texts, profile, in_one_go)
    if not found:
        return (False, None, None, None, 0)
    _two, _bonus, _points, kind, category, points = found[0]
    return (True, kind, category, points, BONUS.get(category or "", 0))


def _drawn(rng: random.Random) -> list[str]:
    """A meld around a legal one: a run of 3 to 14 cards or a set of 3 to 9, then up to
    two cards swapped for a wildcard or another 2, added or taken away; shuffled."""
    if rng.random() < 0.7:
        suit = rng.choice("SHDC")
        size = rng.randint(3, 14)
        start = rng.randint(1, 15 - size) if size < 14 else 1
        cards = [f"{NAMES.get(p if p < 14 else 1, p)}{suit}" for p in range(start, start + size)]
        for _ in range(rng.randint(0, 2)):
            k, x = rng.randrange(len(cards)), rng.random()
            if x < 0.4:
                cards[k] = "JK"
            elif x < 0.7:
                cards[k] = "2" + rng.choice("SHDC") + ("*" if rng.random() < 0.3 else "")
            elif x < 0.85:
                cards.append(rng.choice(["JK", "2" + suit, "2H", "AS"]))
            else:
                del cards[k]
    else:
        rank = rng.choice([1, 3, 5, 7, 9, 11, 13])
        cards = [f"{NAMES.get(rank, rank)}{rng.choice('SHDC')}" for _ in range(rng.randint(3, 9))]
        if rng.random() < 0.5:
            cards[0] = rng.choice(["JK", "2H", "2S*"])
    rng.shuffle(cards)
    return cards


def test_the_slow_reading_gives_the_worked_example():
    # rules.md, buraco-aberto: 3♥…9♥, 7 clean cards = 45 card points + 200
    assert expected(["9H", "3H", "5H", "4H", "8H", "7H", "6H"], "buraco-aberto", False) == \
        (True, "run", "clean", 45, 200)
    # a 2 of the run's suit at its own place is natural, so the joker is the one wildcard
    assert expected(["AH", "2H", "3H", "JK"], "burraco", False) == \
        (True, "run", None, 15 + 20 + 5 + 30, 0)
    assert expected(["3H", "4H", "JK", "2S"], "burraco", False)[0] is False  # two wildcards


@pytest.mark.parametrize("profile", sorted(PROFILES))
def test_every_meld_is_judged_as_the_slow_reading_says(profile):
    rng = random.Random(f"oracle-{profile}")
    seen = {True: 0, False: 0}
    differ = []
    for _ in range(1000):
        texts = _drawn(rng)
        if len(texts) < 3:
            continue
        in_one_go = profile == "buraco-fechado" and rng.random() < 0.5
        want = expected(texts, profile, in_one_go)
        meld = check_document([" ".join(texts)], profile, in_one_go=in_one_go)["melds"][0]
        got = (meld["valid"], meld["kind"], meld["category"],
               meld["points"] if meld["valid"] else None, meld["bonus"])
        seen[want[0]] += 1
        if got != want:
            differ.append(f"{' '.join(texts)} (in one go: {in_one_go}): {got}, not {want}")
    assert differ == []
    assert min(seen.values()) >= 200, seen  # legal and illegal melds both drawn
