"""The contract's string switches, as enums (spec: docs/contract.md).

Each member *is* its JSON string (``StrEnum``): documents read and written by the
referee carry the same text as before, and code compares members, never bare
strings.
"""

from __future__ import annotations

from enum import StrEnum


class Morto(StrEnum):
    """What a side did with its morto (pozzetto): contract ``morto``."""

    TAKEN = "taken"
    NOT_TAKEN = "not_taken"
    #: Buraco Aberto: taken after the discard and never played (seed 001 §06).
    UNUSED = "unused"


class ClosedBy(StrEnum):
    """How the side that went out played its last card: contract ``closed_by``."""

    DISCARD = "discard"
    MELD = "meld"


class MeldKind(StrEnum):
    """A meld's ``kind``."""

    RUN = "run"
    SET = "set"


class MatchStatus(StrEnum):
    """A match's ``status``."""

    IN_PROGRESS = "in-progress"
    WON = "won"
    EXTRA_DEAL = "extra-deal"


class LongCanastras(StrEnum):
    """How a long clean canastra earns more than the clean bonus."""

    BY_LENGTH = "length"  # seed 001 §07: clean of 13 cards 500, of 14 cards 1000
    ACE_TO_KING_IN_ONE_GO = "ace-to-king-in-one-go"  # seed 003 "Canastas"
    NONE = "none"


class PileRule(StrEnum):
    """What the discard pile asks of the player who takes it."""

    FREE = "free"  # seed 001 §03, seed 000 "Tour de jeu"
    TOP_USED = "top-used"  # seed 004 "Prendre la défausse"
    TOP_USED_WILD_NEW_MELD = "top-used-wild-new-meld"  # seed 003 "Le rebut"
