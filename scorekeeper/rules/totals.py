"""Each side's total of one deal and the deal's problems, without the breakdown: all that
a table of a club's tournament keeps of a deal (``events.score_table``: the MP are the
deals' totals added up).

A deal whose sides are all given as counts (no melds, no cards in hand, no opening) is
added up here in a few steps, by the very rules of ``scoring.score_sides``: the table
points, each canastra's bonus (the profile's), the going-out bonus where the side may
go out (``scoring._going_out_bonus``), the morto penalty (``scoring._morto_penalty``),
the hand. Any other deal is scored by ``score_sides`` itself. Either way the totals and
the problems are those of ``score_sides`` (tests/rules/test_event_speed_paths.py holds
them together over thousands of deals).
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.rules.problems import Problem
from scorekeeper.rules.profiles import Profile
from scorekeeper.rules.scoring import _deal_problems, _going_out_bonus, _morto_penalty, score_sides
from scorekeeper.rules.sides import SideInput
from scorekeeper.rules.states import Morto

#: A side that took its morto (unused or not): ``score_sides``' ``took_morto``.
_TOOK = (Morto.TAKEN, Morto.UNUSED)
_TAKEN = Morto.TAKEN


def deal_totals(profile: Profile, sides: Sequence[SideInput],
                befores: Sequence[int | None] | None = None,
                names: Sequence[str | None] | None = None) -> tuple[list[int], list[Problem]]:
    """Each side's ``total`` and the deal's ``problems`` as ``score_sides`` gives them
    for the same arguments (each problem as a ``Problem``, where it was found in its
    ``context``).

    >>> from scorekeeper.rules import get_profile, read_deal
    >>> profile, sides = read_deal({"sides": [
    ...     {"counts": {"table_points": 400, "clean": 1}, "morto": "taken", "went_out": True},
    ...     {"counts": {"table_points": 150}, "hand_points": 30, "morto": "not_taken"}]},
    ...     get_profile("burraco"))
    >>> deal_totals(profile, sides)
    ([700, 20], [])
    """
    took = closers = 0
    for side in sides:
        if side.melds is not None or side.hand is not None or side.opening is not None:
            return _scored_totals(profile, sides, befores, names)
        if side.morto in _TOOK:
            took += 1
    totals: list[int] = []
    problems: list[Problem] = []
    categories, bonuses = profile.categories, profile.bonuses
    for index, side in enumerate(sides):
        counts = side.counts
        assert counts is not None  # as in score_sides: a side gives melds or counts
        total = counts["table_points"] - (side.hand_points or 0)
        for category in categories:
            total += bonuses.get(category, 0) * counts.get(category, 0)
        if side.morto != _TAKEN:  # a morto taken costs nothing (_morto_penalty)
            total += _morto_penalty(profile, side, index, took > 0, problems)
        if side.went_out:
            closers += 1
            name = side.name or (names[index] if names is not None else None)
            canastras: list[str] = []
            for category in categories:  # each canastra once, best category first
                canastras += [category] * counts.get(category, 0)
            total += _going_out_bonus(profile, side, index, name, canastras, problems)
        totals.append(total)
    if closers > 1 or (profile.morto_piles is not None and took > profile.morto_piles):
        named = [s.name or (names[i] if names is not None else None) for i, s in enumerate(sides)]
        problems.extend(_deal_problems(profile, sides, named))
    return totals, problems


def _scored_totals(profile: Profile, sides: Sequence[SideInput],
                   befores: Sequence[int | None] | None,
                   names: Sequence[str | None] | None) -> tuple[list[int], list[Problem]]:
    """``deal_totals`` of a deal with melds, cards in hand or an opening: ``score_sides``'."""
    scored = score_sides(profile, sides, befores, names)
    return [s["total"] for s in scored["sides"]], [
        Problem(p["code"], p["params"], {k: v for k, v in p.items() if k not in ("code", "params")})
        for p in scored["problems"]]
