"""A list of deals -> running totals, vulnerability, target and winner.

Seed 001 §06: after a deal is scored, once any side reaches the target the
highest total wins; equal highest totals call for another deal. Going out never
wins the match by itself; negative totals are allowed (§07).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from functools import lru_cache
from typing import Any

from scorekeeper.rules.document import MAX_TARGET
from scorekeeper.rules.house import from_key, profile_of, same_rules
from scorekeeper.rules.house import key as house_key
from scorekeeper.rules.problems import InputError, Problem
from scorekeeper.rules.profiles import Profile
from scorekeeper.rules.scoring import _int, read_deal, score_sides
from scorekeeper.rules.sides import SideInput
from scorekeeper.rules.states import MatchStatus

IN_PROGRESS, WON, EXTRA_DEAL = MatchStatus.IN_PROGRESS, MatchStatus.WON, MatchStatus.EXTRA_DEAL


def match_status(totals: Sequence[int], target: int) -> tuple[MatchStatus, int | None]:
    """The state of a match after a deal.

    >>> match_status([3010, 2900], 3000)
    (<MatchStatus.WON: 'won'>, 0)
    >>> match_status([3010, 3010], 3000)
    (<MatchStatus.EXTRA_DEAL: 'extra-deal'>, None)
    >>> match_status([2990, 100], 3000)
    (<MatchStatus.IN_PROGRESS: 'in-progress'>, None)
    """
    best = max(totals)
    if best < target:
        return IN_PROGRESS, None
    leaders = [i for i, t in enumerate(totals) if t == best]
    if len(leaders) > 1:
        return EXTRA_DEAL, None
    return WON, leaders[0]


def score_match(profile: Profile, target: int, names: Sequence[str | None],
                deals: Sequence[Sequence[SideInput]]) -> dict[str, Any]:
    """Score every deal in turn, feeding the running totals in as each side's ``before``."""
    return _tally(profile, target, names, len(deals),
                  lambda i, befores: score_sides(profile, deals[i], befores=befores, names=names))


#: How one deal is scored given the running totals before it: ``(index, befores)``.
Scorer = Callable[[int, list[int]], Mapping[str, Any]]


def _tally(profile: Profile, target: int, names: Sequence[str | None], count: int,
           score: Scorer, before: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Add up ``count`` deals scored by ``score``; ``before``: the tally of the first
    ``count - 1`` of them already, taken as it is (its deals are not scored again)."""
    totals = [0] * len(names)
    after_each: list[list[int]] = []
    results: list[dict[str, Any]] = []
    problems: list[Problem] = []
    status, winner = IN_PROGRESS, None
    start = 0
    if before is not None:
        start = count - 1
        totals = list(before["totals"])
        after_each = [list(row) for row in before["after_each_deal"]]
        results = list(before["deals"])
        problems = [Problem(p["code"], p["params"], {k: v for k, v in p.items()
                                                     if k not in ("code", "params", "message")})
                    for p in before["problems"]]
        status, winner = MatchStatus(before["status"]), before["winner"]
    for index in range(start, count):
        result = dict(score(index, totals))
        results.append(result)
        for p in result["problems"]:
            problems.append(Problem(p["code"], p["params"], {"deal": index, **{
                k: v for k, v in p.items() if k not in ("code", "params")}}))
        if status == WON:
            # The match was decided by an earlier deal; this one cannot count.
            problems.append(Problem("match-over", {"winner": winner}, {"deal": index}))
            result["counted"] = False
            after_each.append(list(totals))
            continue
        result["counted"] = True
        totals = [t + s["total"] for t, s in zip(totals, result["sides"], strict=True)]
        after_each.append(list(totals))
        status, winner = match_status(totals, target)
    minimums = [profile.opening_minimum_for(t) for t in totals]
    return {
        "profile": profile.id,
        "target": target,
        "sides": list(names),
        "totals": totals,
        "after_each_deal": after_each,
        "status": status.value,
        "winner": winner,
        "valid": not problems,
        "problems": [p.as_dict() for p in problems],
        "deals": results,
        "vulnerable": [m > 0 for m in minimums],
        "opening_minimum": minimums,
        "to_target": [max(0, target - t) for t in totals],
    }


def _read(deal: Any, profile: Profile, index: int, sides: int) -> tuple[SideInput, ...]:
    """Deal ``index`` of a match document, read and checked against the match (a deal
    may name the match's profile, by its id or as a document of the same rules)."""
    given = deal.get("profile") if isinstance(deal, Mapping) else None
    if given is not None and given != profile.id and \
            not same_rules(profile_of(given, f"deals[{index}].profile"), profile):
        raise InputError("bad-value", field=f"deals[{index}].profile",
                         value=str(given)[:40], expected=profile.id)
    _, read = read_deal(deal, profile, field=f"deals[{index}]")
    if len(read) != sides:
        raise InputError("side-count", field=f"deals[{index}].sides", count=len(read),
                         expected=str(sides), profile=profile.id)
    return read


@lru_cache(maxsize=4096)
def _scored(profile_key: str, text: str, index: int, befores: tuple[int, ...],
            names: tuple[str | None, ...]) -> str:
    """One deal (as canonical JSON text) scored after ``befores``, as JSON text: a match
    seen again after a new deal scores only the new one, and every caller reads its
    own copy of the others (``profile_key``: ``house.key``)."""
    profile = from_key(profile_key)
    sides = _read(json.loads(text), profile, index, len(names))
    return json.dumps(score_sides(profile, sides, befores=befores, names=names))


def _canonical(deal: Any) -> str | None:
    """A deal's canonical JSON text (the memo's key); None for what JSON cannot hold."""
    try:
        return json.dumps(deal, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    except (TypeError, ValueError):
        return None


def match_document(doc: Any, before: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """Score a match document (contract.md, ``scorekeeper match``). ``before``: this
    function's answer for the same match without its last deal, when the caller kept it
    (a deal just added): only the last deal is then read and scored, and the answer is
    the same.

    >>> deal = {"sides": [{"counts": {"table_points": 800, "clean-1000": 1, "clean": 5},
    ...                    "morto": "taken", "went_out": True},
    ...                   {"counts": {"table_points": 50}, "morto": "not_taken"}]}
    >>> r = match_document({"sides": ["Ana", "Bia"], "deals": [deal]})
    >>> r["totals"], r["status"], r["winner"]
    ([2900, -50], 'in-progress', None)
    """
    profile, target, names, deals = _header(doc)
    if deals and before is not None and _continues(before, profile, target, names, len(deals) - 1):
        return _added(profile, target, names, deals[-1], before)
    texts = [_canonical(deal) for deal in deals]
    if None in texts:  # not JSON: read every deal first, as given, and score it unshared
        read = [_read(deal, profile, i, len(names)) for i, deal in enumerate(deals)]
        return score_match(profile, target, names, read)
    key, memo = tuple(names), house_key(profile)
    return _tally(profile, target, names, len(deals),
                  lambda i, befores: json.loads(_scored(memo, texts[i] or "", i,
                                                        tuple(befores), key)))


def deal_added(doc: Any, before: Mapping[str, Any]) -> dict[str, Any]:
    """``match_document``'s answer for a match whose deals are those ``before`` scored,
    then the one deal of ``doc`` (``doc``: the match document holding that deal alone;
    ``before``: ``match_document``'s answer for the same profile, target and sides, which
    the caller kept). Only the new deal is read and scored: the earlier ones need not
    be at hand. ``before`` for another match raises ``ValueError``.

    >>> deal = {"sides": [{"counts": {"table_points": 300}, "morto": "taken"},
    ...                   {"counts": {"table_points": 200}, "morto": "taken"}]}
    >>> one = match_document({"sides": ["Ana", "Bia"], "deals": [deal]})
    >>> deal_added({"sides": ["Ana", "Bia"], "deals": [deal]}, one)["totals"]
    [600, 400]
    """
    profile, target, names, deals = _header(doc)
    if len(deals) != 1 or not _continues(before, profile, target, names,
                                         len(before.get("deals") or [])):
        raise ValueError("deal_added takes one deal and the tally of the same match")
    return _added(profile, target, names, deals[0], before)


def _header(doc: Any) -> tuple[Profile, int, list[str | None], list[Any]]:
    """A match document's profile, target, side names and deals, checked."""
    if not isinstance(doc, Mapping):
        raise InputError("bad-value", field="match", value=type(doc).__name__, expected="object")
    profile = profile_of(doc.get("profile"))
    target = profile.target
    if doc.get("target") is not None:
        target = _int(doc["target"], "target", 1, MAX_TARGET)
    deals = doc.get("deals", [])
    if not isinstance(deals, list):
        raise InputError("bad-value", field="deals", value=type(deals).__name__,
                         expected="list of deals")
    names = doc.get("sides")
    if names is None:
        first = deals[0].get("sides") if deals and isinstance(deals[0], Mapping) else None
        count = len(first) if isinstance(first, list) else profile.min_sides
        names = [None] * count
    if not isinstance(names, list) or not all(n is None or isinstance(n, str) for n in names):
        raise InputError("bad-value", field="sides", value=str(names)[:40],
                         expected="list of side names")
    profile.check_sides(len(names))
    return profile, target, names, deals


def _continues(before: Mapping[str, Any], profile: Profile, target: int,
               names: list[str | None], count: int) -> bool:
    """Whether ``before`` is the tally of ``count`` deals of a match with these rules,
    target and sides (one whose deals could all be read)."""
    return len(before.get("deals") or []) == count and before.get("profile") == profile.id \
        and before.get("target") == target and before.get("sides") == list(names) \
        and not before.get("unreadable")


def _added(profile: Profile, target: int, names: list[str | None], deal: Any,
           before: Mapping[str, Any]) -> dict[str, Any]:
    """The tally ``before`` with ``deal`` scored after its deals."""
    index, text = len(before["deals"]), _canonical(deal)
    if text is None:  # not JSON: read as given and scored unshared
        read = _read(deal, profile, index, len(names))
        return _tally(profile, target, names, index + 1, lambda _i, befores: score_sides(
            profile, read, befores=befores, names=names), before)
    key, memo = tuple(names), house_key(profile)
    return _tally(profile, target, names, index + 1, lambda i, befores: json.loads(
        _scored(memo, text, i, tuple(befores), key)), before)
