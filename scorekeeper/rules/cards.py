"""Cards and their compact notation: ``10H``, ``qs``, ``A♣``, ``JK``, ``2H*``.

Seed 001 §01 and seed 004: two 52-card decks plus 4 jokers (108 cards).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import NamedTuple

from scorekeeper.rules.problems import InputError

SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_SYMBOL_SUITS = {v: k for k, v in SUIT_SYMBOLS.items()}
# Text variants of the symbols (emoji presentation, outlined forms).
_SYMBOL_SUITS.update({"♤": "S", "♡": "H", "♢": "D", "♧": "C"})

#: Ranks 1 (ace) to 13 (king); the ace may also stand at 14 in a run.
RANK_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
RANK_NAMES.update({n: str(n) for n in range(2, 11)})
_NAME_RANKS = {v: k for k, v in RANK_NAMES.items()}
#: Where each rank may stand in a run, low to high: the ace at both ends.
RUN_ORDER = (*(RANK_NAMES[n] for n in range(1, 14)), RANK_NAMES[1])
#: The suits printed in red.
RED_SUITS = ("H", "D")

JOKER_TOKENS = frozenset({"JK", "JOKER", "🃏"})

#: How many copies of one card two decks hold, and how many jokers.
COPIES_PER_CARD = 2
JOKERS_IN_DECK = 4


class Card(NamedTuple):
    """A card: ``rank`` 1–13 and ``suit`` in S H D C, or the joker (rank 0, suit "").

    ``wild`` marks a 2 that the player uses as a wildcard (``2H*``).

    >>> Card.parse("10h")
    Card(rank=10, suit='H', wild=False)
    >>> str(Card.parse("q♠")), str(Card.parse("jk")), str(Card.parse("2D*"))
    ('QS', 'JK', '2D*')
    """

    rank: int
    suit: str
    wild: bool = False

    @property
    def is_joker(self) -> bool:
        """Whether this is a joker (rank 0, no suit)."""
        return self.rank == 0

    @property
    def plain(self) -> Card:
        """The card without its wild mark (the physical card)."""
        return Card(self.rank, self.suit) if self.wild else self

    def __str__(self) -> str:
        if self.is_joker:
            return "JK"
        return f"{RANK_NAMES[self.rank]}{self.suit}{'*' if self.wild else ''}"

    def symbol(self) -> str:
        """``10♥``; the joker stays ``JK``."""
        if self.is_joker:
            return "JK"
        return f"{RANK_NAMES[self.rank]}{SUIT_SYMBOLS[self.suit]}{'*' if self.wild else ''}"

    @classmethod
    def joker(cls) -> Card:
        """The joker."""
        return cls(0, "")

    @classmethod
    def parse(
        cls,
        token: str,
        ranks: Mapping[str, int] | None = None,
        suits: Mapping[str, str] | None = None,
    ) -> Card:
        """Read one card. ``ranks`` and ``suits`` add a locale's letters (e.g. French
        ``R`` for roi, ``P`` for pique) on top of the canonical notation; they take
        precedence where a letter means something else in the canonical notation."""
        if ranks is None and suits is None:
            return _parse_canonical(token)
        return _parse(token, ranks, suits)


#: Variation selectors a keyboard may put after a suit symbol (U+FE0F emoji, U+FE0E text).
VARIATION_EMOJI, VARIATION_TEXT = "\ufe0f", "\ufe0e"


def _parse(token: str, ranks: Mapping[str, int] | None,
           suits: Mapping[str, str] | None) -> Card:
    raw = token.strip()
    # contract.md: a suit typed as an emoji with a variation selector (``A♥️``, as
    # phone keyboards type it) is the same suit.
    text = raw.replace(VARIATION_EMOJI, "").replace(VARIATION_TEXT, "").upper()
    if not text:
        raise InputError("unknown-card", token=raw)
    if text in JOKER_TOKENS:
        return Card.joker()
    if text.rstrip("*") in JOKER_TOKENS:
        # Only a 2 can be marked as played wild (contract.md, "Cards"); a joker always is.
        raise InputError("unknown-card", token=raw, reason="only-a-two-is-marked-wild")
    wild = text.endswith("*")
    if wild:
        text = text[:-1]
    if not text:
        raise InputError("unknown-card", token=raw)
    suit_char = text[-1]
    rank_text = text[:-1]
    suit = None
    if suits is not None:
        suit = suits.get(suit_char)
    if suit is None:
        suit = _SYMBOL_SUITS.get(suit_char) or (suit_char if suit_char in SUITS else None)
    rank = None
    if ranks is not None:
        rank = ranks.get(rank_text)
    if rank is None:
        rank = _NAME_RANKS.get(rank_text)
    if suit is None or rank is None:
        raise InputError("unknown-card", token=raw)
    if wild and rank != 2:
        # Only a 2 can be marked as played wild (contract.md, "Cards").
        raise InputError("unknown-card", token=raw, reason="only-a-two-is-marked-wild")
    return Card(rank, suit, wild)


@lru_cache(maxsize=1024)
def _parse_canonical(token: str) -> Card:
    return _parse(token, None, None)


_SEPARATORS = re.compile(r"[\s,;]+")


def split_tokens(text: str) -> list[str]:
    """Split a meld written as text on spaces and commas."""
    return [t for t in _SEPARATORS.split(text.strip()) if t]


def parse_cards(
    cards: str | Iterable[str],
    ranks: Mapping[str, int] | None = None,
    suits: Mapping[str, str] | None = None,
) -> list[Card]:
    """Read a meld or a hand: one string of cards, or a list of card strings.

    >>> [str(c) for c in parse_cards("3H 4h, 5♥ JK")]
    ['3H', '4H', '5H', 'JK']
    >>> parse_cards("3H 4X")
    Traceback (most recent call last):
    ...
    scorekeeper.rules.problems.InputError: unknown-card: token=4X
    """
    if isinstance(cards, str):
        if ranks is None and suits is None:
            return list(_parse_text(cards))
        tokens = split_tokens(cards)
    else:
        tokens = []
        for item in cards:
            if not isinstance(item, str):
                raise InputError("unknown-card", token=repr(item))
            tokens.extend(split_tokens(item) or [item])
    return [Card.parse(t, ranks, suits) for t in tokens]


@lru_cache(maxsize=4096)
def _parse_text(text: str) -> tuple[Card, ...]:
    """Melds come back again and again (every scoreboard is recomputed from stored
    deals): the canonical reading of a meld's text is kept."""
    return tuple(_parse_canonical(t) for t in split_tokens(text))


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in the contract's notation, separated by spaces.

    >>> format_cards([Card(10, "H"), Card.joker()])
    '10H JK'
    """
    return " ".join(str(c) for c in cards)
