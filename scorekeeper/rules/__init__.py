"""The referee: the pure rules core of Scorekeeper.

Standard library only, no I/O, no clock, no prose: problems are codes with
parameters (``problems.py``), and the documents are those of docs/contract.md.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.burro import burro_document, burro_ranks
from scorekeeper.rules.caches import clear_caches
from scorekeeper.rules.cards import Card, format_cards, parse_cards
from scorekeeper.rules.document import describe as describe_profile
from scorekeeper.rules.document import export as export_profile
from scorekeeper.rules.eventdoc import read_event
from scorekeeper.rules.eventkept import answer_from, event_document, kept_document, table_result
from scorekeeper.rules.house import profile_of
from scorekeeper.rules.house import read as read_profile
from scorekeeper.rules.limits import (
    CountLimits,
    canastra_cards,
    card_count_problems,
    count_limits,
    count_step,
    held_counts,
    off_step,
)
from scorekeeper.rules.match import deal_added, match_document, match_status, score_match
from scorekeeper.rules.melds import check_meld
from scorekeeper.rules.movements import by_group, last_groups, ranked_within
from scorekeeper.rules.problems import CODES, INPUT_CODES, InputError, Problem
from scorekeeper.rules.profiles import DEFAULT_PROFILE, PROFILES, Profile, get_profile
from scorekeeper.rules.scoring import (
    opening_check,
    read_deal,
    read_meld,
    read_total,
    score_document,
    score_sides,
)
from scorekeeper.rules.tabletime import may_take_pile, replace_wildcard
from scorekeeper.rules.verdicts import Reading, Verdict


def check_document(melds: Any, profile: str | Profile | None = None, before: Any = None,
                   in_one_go: bool = False) -> dict[str, Any]:
    """Judge each meld on its own and, with ``before``, together as the side's opening
    (contract.md, ``scorekeeper check``).

    >>> r = check_document(["3H 4H 5H 6H 7H 8H 9H"])
    >>> m = r["melds"][0]
    >>> m["points"], m["category"], m["bonus"], r["opening"]
    (45, 'clean', 200, None)
    """
    rules = profile_of(profile)
    if not isinstance(melds, (list, tuple)):
        raise InputError("bad-value", field="melds", value=str(melds)[:40],
                         expected="list of melds")
    read = [read_meld(m, f"melds[{i}]") for i, m in enumerate(melds)]
    read = [r if not in_one_go else type(r)(r.cards, True) for r in read]
    verdicts = [check_meld(m.cards, rules, m.in_one_go) for m in read]
    problems = card_count_problems([m.cards for m in read])
    opening = None
    if before is not None:
        before = read_total(before, "before")
        opening = opening_check(read, rules, before)
        if opening["points"] < opening["minimum"]:
            problems.append(Problem("opening-below-minimum", {
                "points": opening["points"], "minimum": opening["minimum"], "before": before}))
    return {
        "profile": rules.id,
        "valid": all(v.valid for v in verdicts) and not problems,
        "melds": [_one_go(v.as_dict(), m, rules) for v, m in zip(verdicts, read, strict=True)],
        "opening": opening,
        "problems": [p.as_dict() for p in problems],
    }


def _one_go(meld: dict[str, Any], read: Any, rules: Profile) -> dict[str, Any]:
    """A meld the profile scores otherwise when laid down in one go (seed 003 "Canastas":
    A to K, 500, and A to A, 1000, "réalisée en une seule fois") says so: ``one_go`` is
    the category and bonus it has that way, and ``in_one_go`` whether it was said to be.

    >>> run = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"
    >>> check_document([run], "buraco-fechado")["melds"][0]["one_go"]
    {'category': 'clean-500', 'bonus': 500}
    >>> "one_go" in check_document([run], "buraco-aberto")["melds"][0]
    False
    """
    if not rules.counts_in_one_go or not meld["valid"]:
        return meld
    other = check_meld(read.cards, rules, not read.in_one_go)
    if other.category == meld["category"]:
        return meld
    once = other if not read.in_one_go else None
    return {**meld, "in_one_go": read.in_one_go,
            "one_go": {"category": (once.category if once else meld["category"]),
                       "bonus": (once.bonus if once else meld["bonus"])}}


def profiles_document() -> dict[str, Any]:
    """Every profile described as data (for ``scorekeeper profiles`` and the rules page)."""
    return {"default": DEFAULT_PROFILE,
            "profiles": [describe_profile(p) for p in PROFILES.values()]}


__all__ = [
    "kept_document", "table_result", "answer_from", "ranked_within", "by_group", "last_groups",
    "CODES", "DEFAULT_PROFILE", "INPUT_CODES", "PROFILES", "Card", "CountLimits", "InputError",
    "Problem", "canastra_cards", "clear_caches", "count_limits", "count_step",
    "event_document", "read_event",
    "held_counts", "off_step",
    "Profile", "Reading", "Verdict", "burro_document", "burro_ranks", "check_document",
    "check_meld", "deal_added", "format_cards", "get_profile", "match_document", "match_status",
    "may_take_pile", "parse_cards", "profiles_document", "read_deal", "replace_wildcard",
    "score_document", "score_match", "score_sides", "describe_profile", "export_profile",
    "profile_of",
    "read_profile", "read_total",
]
