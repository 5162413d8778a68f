"""Words for the referee's data keys and values (the core speaks codes, never prose)."""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l

LABELS: dict[str, Any] = {
    # rules
    "sides": _l("Sides"),
    "sets_allowed": _l("Sets of one rank allowed"),
    "ace": _l("Ace"),
    "max_run": _l("Longest run"),
    "wildcards_per_meld": _l("Wildcards per meld"),
    "card_points": _l("Card points"),
    "bonuses": _l("Canastra bonuses"),
    "long_canastras": _l("Long clean canastras"),
    "going_out": _l("Going out"),
    "morto_penalty": _l("Morto not taken"),
    "nobody_took_nobody_pays": _l("Nobody took a morto: nobody pays"),
    "unused_morto": _l("Morto taken but never played counts −100"),
    "vulnerability": _l("Vulnerability"),
    "target": _l("Target"),
    "discard_pile": _l("Discard pile"),
    # sub-keys
    "min": _l("at least"),
    "max": _l("at most"),
    "only": _l("only"),
    "penalty": _l("penalty"),
    "piles": _l("piles dealt (with 3 or 5 players, to the first two sides out)"),
    "joker": _l("joker"),
    "wild_two": _l("2 as wildcard"),
    "natural_two": _l("natural 2"),
    "ace_low": _l("ace below the 2"),
    "eight_to_king": _l("8 to K"),
    "three_to_seven": _l("3 to 7"),
    "two_in_hand": _l("2 left in hand"),
    "ace_in_hand": _l("ace left in hand"),
    "clean": _l("clean"),
    "dirty": _l("dirty"),
    "semi-clean": _l("semi-clean"),
    "clean-500": _l("clean of 13 cards"),
    "clean-1000": _l("clean of 14 cards"),
    "bonus": _l("bonus"),
    "needs": _l("needs"),
    "by_meld": _l("may close by melding the last card"),
    "needs_morto": _l("needs the morto taken"),
    "from": _l("from a total of"),
    "opening_minimum": _l("opening worth at least"),
    # values
    "both-ends": _l("low, high, or both ends of one run"),
    "low-or-high": _l("low or high, never both"),
    "length": _l("by length (13 cards: 500, 14 cards: 1000)"),
    "ace-to-king-in-one-go": _l("A to K laid down in one go: 500; A to A: 1000"),
    "none": _l("none"),
    "free": _l("taken whole, at any turn"),
    "top-used": _l("taken whole, its top card used at once"),
    "top-used-wild-new-meld": _l(
        "taken whole, its top card used at once; a wildcard on top starts a new meld"
    ),
    "canastra": _l("a canastra"),
    "clean-canastra": _l("a clean canastra"),
    # deal breakdown and categories
    "run": _l("run"),
    "set": _l("set"),
    "taken": _l("taken"),
    "not_taken": _l("not taken"),
    "unused": _l("taken but never played"),
}


def label(key: Any, tradition: str | None = None) -> str:
    """The word for a key or a value (in the Italian tradition's own words where they
    differ: pozzetto, burraco…); booleans as yes/no; anything else as it is."""
    if isinstance(key, str) and tradition:
        from scorekeeper.i18n import tradition_label

        own = tradition_label(key, tradition)
        if own is not None:
            return str(own)
    if key is True:
        return str(_l("yes"))
    if key is False:
        return str(_l("no"))
    if key is None:
        return "—"
    if isinstance(key, str) and key in LABELS:
        return str(LABELS[key])
    return str(key)


def category(value: Any, tradition: str | None = "br") -> str:
    """A canastra category in the tradition's words ("clean canastra", "clean burraco")."""
    if not value:
        return ""
    from scorekeeper.i18n import category_label

    return str(category_label(str(value), tradition))


def term(key: str, tradition: str | None = "br") -> str:
    """A game word in the tradition's words (morto / pozzetto…)."""
    from scorekeeper.i18n import term as _term

    return str(_term(key, tradition))


def colon() -> str:
    """The separator between a label and its value, as the language writes it (French
    puts a narrow no-break space before the colon)."""
    return str(_l(": "))


#: The rule texts the referee cites, by number (the original French titles).
SOURCES = (
    ("000", "Buraco", _l("encyclopaedia article: Buraco and Italian Burraco")),
    ("001", "Buraco♠", _l("Buraco Aberto, the rules as played here")),
    ("002", "Le “Burro”", _l("Burro, the children's game")),
    ("003", "Buraco Fechado STBL", _l("Buraco Fechado")),
    ("004", "Règles du Burraco", _l("Italian Burraco")),
)

_SOURCE_WORDS = (
    (re.compile(r"rules\.md decision"), _l("our decision where the texts are silent")),
    (re.compile(r"rules\.md"), _l("our decisions")),
    (re.compile(r"\bseeds\b"), _l("sources")),
    (re.compile(r"\bseed\b"), _l("source")),
    (re.compile(r"\(none\)"), _l("(says nothing)")),
    (re.compile(r"\(introduction\)"), _l("(introduction)")),
    (re.compile(r"\binfobox\b"), _l("summary box")),
)


def source(text: Any) -> str:
    """Where a rule comes from, in the page's language: ``seed 001 §04`` -> ``source 001
    §04``; section titles stay as the (French) texts write them."""
    out = str(text or "")
    for pattern, words in _SOURCE_WORDS:
        out = pattern.sub(lambda _m, w=words: str(w), out)
    return out
