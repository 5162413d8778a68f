"""Rule profiles: one coherent set of parameters per game of the family.

A profile is data (a frozen dataclass) plus a few small hooks where the logic
really differs (docs/rules.md). Nothing outside this module asks which profile
it is dealing with: it asks the profile.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cached_property

from scorekeeper.rules.cards import Card
from scorekeeper.rules.problems import InputError
from scorekeeper.rules.states import LongCanastras, Morto, PileRule

#: Every canastra category, best first (contract.md, ``check``).
ALL_CATEGORIES = ("clean-1000", "clean-500", "clean", "semi-clean", "dirty")
CLEAN_CATEGORIES = frozenset({"clean", "clean-500", "clean-1000"})



@dataclass(frozen=True)
class CardPoints:
    """What each card is worth, on the table and in hand."""

    joker: int
    wild_two: int
    natural_two: int
    ace_high: int
    ace_low: int
    high: int  # 8 9 10 J Q K
    low: int  # 3 4 5 6 7
    hand_two: int
    hand_ace: int

    def in_hand(self, card: Card) -> int:
        """A card left in hand (deducted)."""
        if card.is_joker:
            return self.joker
        if card.rank == 2:
            return self.hand_two
        if card.rank == 1:
            return self.hand_ace
        return self.high if card.rank >= 8 else self.low

    def natural(self, rank: int, position: int) -> int:
        """A natural card of ``rank`` standing at run ``position`` (ace: 1 or 14)."""
        if rank == 1:
            return self.ace_low if position == 1 else self.ace_high
        if rank == 2:
            return self.natural_two
        return self.high if rank >= 8 else self.low

    def wildcard(self, card: Card) -> int:
        """A joker or a 2 used as a wildcard, on the table."""
        return self.joker if card.rank == 0 else self.wild_two

    @cached_property
    def run_prefix(self) -> tuple[int, ...]:
        """``run_prefix[p]``: the points of natural cards at run positions 1..p, so a
        run's natural points are a difference of two entries."""
        total, prefix = 0, [0]
        for p in range(1, 15):
            total += self.natural(1 if p == 14 else p, p)
            prefix.append(total)
        return tuple(prefix)


@dataclass(frozen=True)
class Profile:
    """The parameters of one game of the family."""

    id: str
    tradition: str  # "br" (canastra, morto) or "it" (burraco, pozzetto): the game's own words
    min_sides: int
    max_sides: int
    sets_allowed: bool
    ace_both_ends: bool  # A-2-…-K-A in one run
    points: CardPoints
    bonuses: dict[str, int]
    long_canastras: LongCanastras
    semi_clean: bool  # seed 000: wildcard at an end of an 8+ run
    going_out_bonus: int
    going_out_needs_clean: bool  # else any canastra will do
    going_out_by_meld: bool  # closing by melding the last card (not discarding it)
    morto_penalty: int
    nobody_took_nobody_pays: bool
    unused_morto: bool
    vulnerable_at: int | None
    opening_minimum: int
    target: int
    pile_rule: PileRule
    sources: dict[str, str] = field(default_factory=dict)
    # The numbers of sides the game is played by, when not every count from min to max.
    side_counts: tuple[int, ...] = ()
    # How many morto piles are dealt, when fewer than one per side.
    morto_piles: int | None = None
    # Every text asks for the morto taken before going out (seed 001 §06, seed 003
    # "Déroulement", seed 004 "Fermer", seed 000 "Fin de partie").
    going_out_needs_morto: bool = True
    # House rules (``house.py``): the built-in profile they change, and their name.
    base: str | None = None
    name: str | None = None

    @property
    def sides_played(self) -> tuple[int, ...]:
        """Every number of sides the game is played by."""
        return self.side_counts or tuple(range(self.min_sides, self.max_sides + 1))

    def allows_sides(self, count: int) -> bool:
        """Whether the game is played by ``count`` sides."""
        if self.side_counts:
            return count in self.side_counts
        return self.min_sides <= count <= self.max_sides

    def check_sides(self, count: int, field: str = "sides") -> None:
        """Raise the unreadable-input error ``side-count`` unless the game is played by
        ``count`` sides.

        >>> try:
        ...     BURACO_CLASSICO.check_sides(4)
        ... except InputError as err:
        ...     err.params["expected"]
        '2, 3, 5'
        """
        if not self.allows_sides(count):
            raise InputError("side-count", field=field, count=count,
                             expected=self.sides_expected(), profile=self.id)

    def sides_expected(self) -> str:
        """The side counts as an input error writes them: ``2``, ``2-5`` or ``2, 3, 5``."""
        if self.side_counts:
            return ", ".join(map(str, self.side_counts))
        if self.min_sides == self.max_sides:
            return str(self.min_sides)
        return f"{self.min_sides}-{self.max_sides}"

    @cached_property
    def categories(self) -> tuple[str, ...]:
        """The canastra categories of this game, best first (asked for by every side of
        every deal read: kept once worked out)."""
        return tuple(c for c in ALL_CATEGORIES if c in self.bonuses)

    @cached_property
    def max_run(self) -> int:
        """Seed 001 §04: up to 14 cards A…K…A; rules.md: 13 where the ace may not
        stand at both ends."""
        return 14 if self.ace_both_ends else 13

    def run_category(self, length: int, wild: bool, wild_at_end: bool, span: tuple[int, int],
                     in_one_go: bool) -> str | None:
        """The canastra category of a legal run of ``length`` cards over positions
        ``span`` (1 = low ace, 14 = high ace)."""
        if length < 7:
            return None
        if wild:
            # Seed 000 "Décompte": semi-pure = 8+ cards, the wildcard at an end.
            if self.semi_clean and length >= 8 and wild_at_end:
                return "semi-clean"
            return "dirty"
        if self.long_canastras == LongCanastras.BY_LENGTH:
            if length == 14:
                return "clean-1000"
            if length == 13:
                return "clean-500"
        elif self.long_canastras == LongCanastras.ACE_TO_KING_IN_ONE_GO and in_one_go:
            # Seed 003: 500 = A (low) to K, 1000 = A to A, each laid down in one go.
            if span == (1, 14):
                return "clean-1000"
            if span == (1, 13):
                return "clean-500"
        return "clean"

    def set_category(self, length: int, wild: bool) -> str | None:
        """rules.md, buraco-classico: a set with a wildcard is impure (no "end")."""
        if length < 7:
            return None
        return "dirty" if wild else "clean"

    def bonus(self, category: str | None) -> int:
        """The bonus of a canastra category (0 for none or a category the game lacks)."""
        return self.bonuses.get(category, 0) if category else 0

    def opening_minimum_for(self, before: int | None) -> int:
        """Seed 001 §05: at 1500 or more before the deal, the opening must be 75+."""
        if before is None or self.vulnerable_at is None or before < self.vulnerable_at:
            return 0
        return self.opening_minimum

    @property
    def morto_states(self) -> tuple[Morto, ...]:
        """What a side may say of its morto in this game (``unused`` only where a morto
        taken but never played has its own penalty: seed 001 §06, §07)."""
        if self.unused_morto:
            return (Morto.TAKEN, Morto.NOT_TAKEN, Morto.UNUSED)
        return (Morto.TAKEN, Morto.NOT_TAKEN)

    @property
    def counts_in_one_go(self) -> bool:
        """Whether a meld laid down in one go can score more (seed 003 "Canastas")."""
        return self.long_canastras == LongCanastras.ACE_TO_KING_IN_ONE_GO

    def can_go_out_with(self, categories: list[str]) -> bool:
        """Whether the side's canastras meet the going-out condition."""
        if self.going_out_needs_clean:
            return any(c in CLEAN_CATEGORIES for c in categories)
        return bool(categories)


_BR_POINTS = dict(natural_two=10, wild_two=10, hand_two=10, ace_high=15, ace_low=15,
                  hand_ace=15, high=10, low=5)

BURACO_ABERTO = Profile(
    id="buraco-aberto",
    tradition="br",
    min_sides=2,
    max_sides=2,
    sets_allowed=False,
    ace_both_ends=True,
    points=CardPoints(joker=20, **_BR_POINTS),
    bonuses={"clean": 200, "dirty": 100, "clean-500": 500, "clean-1000": 1000},
    long_canastras=LongCanastras.BY_LENGTH,
    semi_clean=False,
    going_out_bonus=100,
    going_out_needs_clean=True,
    going_out_by_meld=False,
    morto_penalty=100,
    nobody_took_nobody_pays=True,
    unused_morto=True,
    vulnerable_at=1500,
    opening_minimum=75,
    target=3000,
    pile_rule=PileRule.FREE,
    sources={
        "sides": "seed 001 §01", "sets_allowed": "seed 001 §01, §04", "ace": "seed 001 §04",
        "max_run": "seed 001 §04", "wildcards_per_meld": "seed 001 §04",
        "card_points": "seed 001 §07", "bonuses": "seed 001 §07",
        "long_canastras": "seed 001 §07", "going_out": "seed 001 §06, §07",
        "morto_penalty": "seed 001 §07", "nobody_took_nobody_pays": "seed 001 §07",
        "unused_morto": "seed 001 §06, §07", "vulnerability": "seed 001 §05",
        "target": "seed 001 §01, §06", "discard_pile": "seed 001 §03",
    },
)

# Seed 003: Buraco Fechado differs from Aberto only where the seed says so.
BURACO_FECHADO = replace(
    BURACO_ABERTO,
    id="buraco-fechado",
    points=CardPoints(joker=50, **_BR_POINTS),
    long_canastras=LongCanastras.ACE_TO_KING_IN_ONE_GO,
    going_out_by_meld=True,
    nobody_took_nobody_pays=False,
    unused_morto=False,
    vulnerable_at=None,
    opening_minimum=0,
    pile_rule=PileRule.TOP_USED_WILD_NEW_MELD,
    sources={
        "sides": "seed 003 (introduction)", "sets_allowed": "seed 003 \"Combinaisons\"",
        "ace": "seed 003 \"Canastas\"", "max_run": "seed 003 \"Canastas\"",
        "wildcards_per_meld": "rules.md decision (seeds 000, 001, 004)",
        "card_points": "seed 003 \"Score\"", "bonuses": "seed 003 \"Score\", \"Canastas\"",
        "long_canastras": "seed 003 \"Canastas\"",
        "going_out": "seed 003 \"Score\", \"Déroulement\"; rules.md decision",
        "morto_penalty": "seed 003 \"Score\"", "nobody_took_nobody_pays": "seed 003 \"Score\"",
        "unused_morto": "rules.md", "vulnerability": "seed 003 (none)",
        "target": "rules.md decision", "discard_pile": "seed 003 \"Le rebut\"",
    },
)

_IT_SOURCES = {
    "sides": "seed 004", "sets_allowed": "seed 004 \"Les combinaisons valides\"",
    "ace": "seed 004 \"Les combinaisons valides\"", "max_run": "rules.md decision",
    "wildcards_per_meld": "seed 004 \"Les combinaisons valides\"",
    "card_points": "seed 000 \"Décompte des points\"",
    "bonuses": "seed 000 \"Décompte des points\"",
    "long_canastras": "seed 000", "going_out": "seed 004 \"Fermer\"",
    "morto_penalty": "seed 004 \"Le pozzetto\"", "nobody_took_nobody_pays": "seed 004",
    "unused_morto": "rules.md", "vulnerability": "seed 004 (none)",
    "target": "seed 004 \"Fermer\"", "discard_pile": "seed 004 \"Prendre la défausse\"",
}

BURRACO = Profile(
    id="burraco",
    tradition="it",
    min_sides=2,
    max_sides=2,
    sets_allowed=True,
    ace_both_ends=False,
    points=CardPoints(joker=30, natural_two=20, wild_two=20, hand_two=20, ace_high=15,
                      ace_low=15, hand_ace=15, high=10, low=5),
    bonuses={"clean": 200, "dirty": 100},
    long_canastras=LongCanastras.NONE,
    semi_clean=False,
    going_out_bonus=100,
    going_out_needs_clean=False,
    going_out_by_meld=True,
    morto_penalty=100,
    nobody_took_nobody_pays=False,
    unused_morto=False,
    vulnerable_at=None,
    opening_minimum=0,
    target=2005,
    pile_rule=PileRule.TOP_USED,
    sources=_IT_SOURCES,
)

# Seed 000: the Buraco of the Italian tradition it describes, differing from Burraco
# in its sides, its card values and its semi-pure buraco.
BURACO_CLASSICO = replace(
    BURRACO,
    id="buraco-classico",
    max_sides=5,
    # rules.md: 2 to 5 players, partnerships of 2 with 4 players (so never 4 sides);
    # with 3 or 5 players only two piles exist, for the first two sides to empty their hands.
    side_counts=(2, 3, 5),
    morto_piles=2,
    # Seed 000 "Décompte": pinella 20 (a natural 2: 5), ace 15 (as 1 below the 2: 5);
    # rules.md decision: in hand a 2 counts 20 and an ace 15.
    points=CardPoints(joker=30, natural_two=5, wild_two=20, hand_two=20, ace_high=15,
                      ace_low=5, hand_ace=15, high=10, low=5),
    bonuses={"clean": 200, "semi-clean": 150, "dirty": 100},
    semi_clean=True,
    pile_rule=PileRule.FREE,
    sources={
        "sides": "seed 000 (infobox, \"Aperçu des règles\")",
        "sets_allowed": "seed 000 \"Tour de jeu\"", "ace": "seed 000 \"Dans les suites\"",
        "max_run": "rules.md decision", "wildcards_per_meld": "seed 000 \"Jokers et Pinella\"",
        "card_points": "seed 000 \"Décompte des points\"; rules.md decision",
        "bonuses": "seed 000 \"Décompte des points\"", "long_canastras": "seed 000",
        "going_out": "seed 000 \"Fin de partie\"", "morto_penalty": "seed 000 \"Décompte\"",
        "nobody_took_nobody_pays": "seed 000", "unused_morto": "rules.md",
        "vulnerability": "seed 000 (none)", "target": "seed 000 \"Aperçu des règles\"",
        "discard_pile": "seed 000 \"Tour de jeu\"",
    },
)

PROFILES: dict[str, Profile] = {
    p.id: p for p in (BURACO_ABERTO, BURACO_FECHADO, BURRACO, BURACO_CLASSICO)
}
DEFAULT_PROFILE = BURACO_ABERTO.id


def get_profile(profile_id: str | None) -> Profile:
    """Look a profile up by its stable id; an unknown id is unreadable input.

    >>> get_profile("burraco").target
    2005
    """
    if profile_id is None:
        return PROFILES[DEFAULT_PROFILE]
    try:
        return PROFILES[profile_id]
    except (KeyError, TypeError):
        raise InputError("unknown-profile", profile=str(profile_id)) from None
