"""Realistic deals and melds for the benchmarks, generated from a fixed seed.

Every deal is drawn from one shoe of two decks and four jokers (108 cards), so no card
shows up more often than the decks hold it. Melds are legal runs of one suit, of 3 to
14 cards (mostly short ones, a few canastras), about a third of them with one
wildcard (a joker or a 2 of another suit) in any place. The side that went out holds
a clean canastra, as Buraco Aberto asks; the other side keeps 2 to 9 cards in hand.
Nothing here imports the referee: ``check_generated`` is the one place that asks it
whether the generated melds and deals are legal (the benchmarks call it before they
clear the referee's caches).
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

SEED = 20261130
SUITS = ("S", "H", "D", "C")
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"} | {n: str(n) for n in range(2, 11)}
JOKER = (0, "")
Card = tuple[int, str]

#: How long an ordinary (non-canastra) meld is, as seen at the table.
SHORT_LENGTHS = (3, 3, 3, 4, 4, 4, 5, 5, 6)
CANASTRA_LENGTHS = (7, 7, 7, 8, 8, 9, 10, 11, 13, 14)


def name(card: Card) -> str:
    return "JK" if card == JOKER else f"{RANK_NAMES[card[0]]}{card[1]}"


def text(cards: list[Card]) -> str:
    return " ".join(name(c) for c in cards)


def run(rng: random.Random, length: int, wild: bool, max_run: int = 14) -> list[Card]:
    """A legal run of ``length`` cards of one suit (positions 1 = low ace to 14 = high
    ace), with one wildcard in place of one of its cards when ``wild``."""
    length = min(length, max_run)
    suit = rng.choice(SUITS)
    start = rng.randint(1, 15 - length)
    cards = [(1 if p == 14 else p, suit) for p in range(start, start + length)]
    if wild:
        spot = rng.randrange(length)
        other = rng.choice([s for s in SUITS if s != suit])
        cards[spot] = JOKER if rng.random() < 0.5 else (2, other)
    return cards


class Shoe:
    """What is left of two decks and four jokers."""

    def __init__(self) -> None:
        self.left: Counter[Card] = Counter(
            {(r, s): 2 for r in range(1, 14) for s in SUITS} | {JOKER: 4})

    def take(self, cards: list[Card]) -> bool:
        need = Counter(cards)
        if any(self.left[c] < n for c, n in need.items()):
            return False
        self.left -= need
        return True

    def draw(self, rng: random.Random, n: int) -> list[Card]:
        cards = rng.sample(sorted(self.left.elements()), n)
        self.left -= Counter(cards)
        return cards


def _meld(rng: random.Random, shoe: Shoe, length: int, wild: bool) -> str:
    """A run the shoe still holds the cards of (one card shorter when it cannot, and
    without a wildcard when none is left to fit)."""
    for with_wild in sorted({wild, False}, reverse=True):
        for shorter in range(length, 2, -1):
            for _ in range(100):
                cards = run(rng, shorter, with_wild)
                if shoe.take(cards):
                    return text(cards)
    raise RuntimeError("the shoe ran out")  # pragma: no cover - far from happening


def deal(rng: random.Random, closer: int) -> dict[str, Any]:
    """One Buraco Aberto deal of two sides, entered card by card (the contract's deal
    document); side ``closer`` went out by discarding."""
    shoe = Shoe()
    sides = []
    for i in range(2):
        melds = []
        if i == closer:
            melds.append(_meld(rng, shoe, rng.choice(CANASTRA_LENGTHS), False))
            if rng.random() < 0.4:
                melds.append(_meld(rng, shoe, rng.choice(CANASTRA_LENGTHS[:6]),
                                   rng.random() < 0.5))
            extra = rng.randint(1, 4)
        else:
            if rng.random() < 0.6:
                melds.append(_meld(rng, shoe, rng.choice(CANASTRA_LENGTHS[:6]),
                                   rng.random() < 0.5))
            extra = rng.randint(2, 4)
        for _ in range(extra):
            melds.append(_meld(rng, shoe, rng.choice(SHORT_LENGTHS), rng.random() < 0.35))
        side: dict[str, Any] = {"melds": melds}
        if i != closer:
            side["hand"] = [name(c) for c in shoe.draw(rng, rng.randint(2, 9))]
        side["morto"] = "taken" if i == closer or rng.random() < 0.8 else "not_taken"
        side["went_out"] = i == closer
        sides.append(side)
    return {"profile": "buraco-aberto", "sides": sides}


def deals(count: int, seed: int = SEED) -> list[dict[str, Any]]:
    """``count`` different deals; the sides take turns going out."""
    rng = random.Random(seed)
    return [deal(rng, k % 2) for k in range(count)]


def match(count: int = 24, seed: int = SEED) -> dict[str, Any]:
    """A match document of ``count`` different deals (a target no side reaches, so
    every deal counts)."""
    return {"profile": "buraco-aberto", "target": 100000, "sides": ["Nós", "Eles"],
            "deals": deals(count, seed)}


def melds(count: int, seed: int = SEED) -> list[str]:
    """``count`` different melds written as text, in the order they were drawn."""
    rng = random.Random(seed)
    found: dict[str, None] = {}
    while len(found) < count:
        if rng.random() < 0.15:
            length = rng.choice(CANASTRA_LENGTHS)
        else:
            length = rng.choice(SHORT_LENGTHS + (6, 7))
        found.setdefault(text(run(rng, length, rng.random() < 0.35)), None)
    return list(found)


def check_generated(match_doc: dict[str, Any], meld_texts: list[str]) -> None:
    """Every generated meld and deal is legal (the benchmarks time legal input only)."""
    from scorekeeper.rules import check_document, match_document

    result = match_document(match_doc)
    if result["problems"]:
        raise SystemExit(f"generated match is not legal: {result['problems'][:3]}")
    for meld in meld_texts:
        verdict = check_document([meld], "buraco-aberto")
        if not verdict["valid"]:
            raise SystemExit(f"generated meld is not legal: {meld} {verdict}")
