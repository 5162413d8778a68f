"""One finished deal -> each side's breakdown (docs/rules.md, contract.md ``score``).

total = table points + canastra bonuses + going-out bonus + morto penalty + hand
(the last two are ≤ 0).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from scorekeeper.rules.cards import Card, parse_cards
from scorekeeper.rules.document import MAX_TARGET, whole
from scorekeeper.rules.house import profile_of
from scorekeeper.rules.limits import (
    CountLimits,
    card_count_problems,
    check_canastras,
    check_count,
    count_limits,
)
from scorekeeper.rules.melds import check_meld
from scorekeeper.rules.problems import InputError, Problem
from scorekeeper.rules.profiles import ALL_CATEGORIES, Profile
from scorekeeper.rules.sides import CLOSED_BY, MORTO_STATES, MeldInput, SideInput
from scorekeeper.rules.states import ClosedBy, Morto
from scorekeeper.rules.verdicts import Verdict

# --- reading a deal document ------------------------------------------------------------

def _int(value: Any, field: str, minimum: int | None = None,
         maximum: int | None = None) -> int:
    if type(value) is int and (minimum is None or value >= minimum) and (
            maximum is None or value <= maximum):
        return value  # a plain int within bounds, as nearly every count is
    number = whole(value)
    if number is None:
        raise InputError("bad-value", field=field, value=_show(value), expected="integer")
    if minimum is not None and number < minimum:
        raise InputError("bad-value", field=field, value=_show(value),
                         expected=f"integer >= {minimum}")
    if maximum is not None and number > maximum:
        raise InputError("bad-value", field=field, value=_show(value),
                         expected=f"integer <= {maximum}")
    return number


def read_total(value: Any, field: str) -> int:
    """A side's running total before a deal (``before``): at most ``MAX_TARGET`` either
    way, the check page's range (a side at the target has ended its match)."""
    return _int(value, field, -MAX_TARGET, MAX_TARGET)


def _bool(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InputError("bad-value", field=field, value=_show(value), expected="true or false")
    return value


def _show(value: Any) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 40 else text[:37] + "..."


def read_cards(value: Any, field: str) -> tuple[Card, ...]:
    """A list of cards or a string of cards, naming the field on error."""
    if not isinstance(value, (str, list)):
        raise InputError("bad-value", field=field, value=_show(value), expected="cards")
    try:
        return tuple(parse_cards(value))
    except InputError as err:
        raise err.at(field) from None


def read_meld(value: Any, field: str) -> MeldInput:
    """One meld of a document: text, a list of cards, or ``{"cards": …, "in_one_go": …}``."""
    if isinstance(value, Mapping):
        if "cards" not in value:
            raise InputError("missing-field", field=f"{field}.cards")
        in_one_go = _bool(value.get("in_one_go", False), f"{field}.in_one_go")
        cards = read_cards(value["cards"], f"{field}.cards")
    else:
        in_one_go = False
        cards = read_cards(value, field)
    if not cards:
        raise InputError("empty-meld", field=field)
    return MeldInput(cards, in_one_go)


def read_melds(value: Any, field: str) -> tuple[MeldInput, ...]:
    """A list of melds (``field`` names it in an error)."""
    if not isinstance(value, list):
        raise InputError("bad-value", field=field, value=_show(value), expected="list of melds")
    return tuple(read_meld(m, f"{field}[{i}]") for i, m in enumerate(value))


def read_counts(value: Any, field: str, profile: Profile,
                limits: CountLimits | None = None) -> dict[str, int]:
    """A side's counts: ``table_points`` and how many canastras of each of the profile's
    categories (absent: 0), each within what two decks can make (``limits``)."""
    if type(value) is not dict and not isinstance(value, Mapping):
        raise InputError("bad-value", field=field, value=_show(value), expected="object")
    if "table_points" not in value:
        raise InputError("missing-field", field=f"{field}.table_points")
    limits = limits or count_limits(profile)
    where = f"{field}.table_points"
    counts = {"table_points": check_count(_int(value["table_points"], where, 0),
                                          limits.table_points, where)}
    for key, n in value.items():
        if key == "table_points":
            continue
        if key not in ALL_CATEGORIES:
            raise InputError("bad-value", field=f"{field}.{key}", value=str(key),
                             expected="|".join(("table_points",) + ALL_CATEGORIES))
        number = _int(n, f"{field}.{key}", 0)
        if number and key not in profile.categories:
            # e.g. a semi-clean canastra in a profile that has none
            raise InputError("bad-value", field=f"{field}.{key}", value=str(number),
                             expected=f"0 ({key} is not a category of {profile.id})")
        counts[key] = number
    check_canastras(counts, limits, field)
    return counts


def read_side(doc: Any, field: str, profile: Profile,
              limits: CountLimits | None = None) -> SideInput:
    """One side of a deal document (contract.md, ``score``; ``limits``: the profile's)."""
    if type(doc) is not dict and not isinstance(doc, Mapping):
        raise InputError("bad-value", field=field, value=_show(doc), expected="object")
    name = doc.get("name")
    if name is not None and not isinstance(name, str):
        raise InputError("bad-value", field=f"{field}.name", value=_show(name), expected="text")
    if "melds" in doc and "counts" in doc:
        raise InputError("bad-value", field=f"{field}.counts", value="melds and counts",
                         expected="melds or counts, not both")
    melds = counts = None
    if "counts" in doc:
        counts = read_counts(doc["counts"], f"{field}.counts", profile, limits)
    else:
        melds = read_melds(doc.get("melds", []), f"{field}.melds")
    if "hand" in doc and "hand_points" in doc:
        raise InputError("bad-value", field=f"{field}.hand_points", value="hand and hand_points",
                         expected="hand or hand_points, not both")
    hand = hand_points = None
    if "hand" in doc:
        hand = read_cards(doc["hand"], f"{field}.hand")
    elif "hand_points" in doc:
        where = f"{field}.hand_points"
        hand_points = check_count(_int(doc["hand_points"], where, 0),
                                  (limits or count_limits(profile)).hand_points, where)
    if "morto" not in doc:
        raise InputError("missing-field", field=f"{field}.morto")
    morto = MORTO_STATES.get(doc["morto"]) if isinstance(doc["morto"], str) else None
    if morto is None:
        raise InputError("bad-value", field=f"{field}.morto", value=_show(doc["morto"]),
                         expected="taken|not_taken|unused")
    went_out = doc.get("went_out", False)
    went_out = went_out is not False and _bool(went_out, f"{field}.went_out")
    closed_by = doc.get("closed_by", ClosedBy.DISCARD)
    if not isinstance(closed_by, str) or closed_by not in CLOSED_BY:
        raise InputError("bad-value", field=f"{field}.closed_by", value=_show(closed_by),
                         expected="|".join(ClosedBy))
    before = doc.get("before")
    if before is not None:
        before = read_total(before, f"{field}.before")
    opening = None
    if doc.get("opening") is not None:
        opening = read_melds(doc["opening"], f"{field}.opening")
    return SideInput(name, melds, counts, hand, hand_points, morto, went_out, CLOSED_BY[closed_by],
                     before, opening)


def read_deal(doc: Any, profile: Profile | None = None,
              field: str = "") -> tuple[Profile, tuple[SideInput, ...]]:
    """Read a deal document; the profile comes from the document unless given."""
    prefix = f"{field}." if field else ""
    if type(doc) is not dict and not isinstance(doc, Mapping):
        raise InputError("bad-value", field=field or "deal", value=_show(doc), expected="object")
    if profile is None:
        profile = profile_of(doc.get("profile"), f"{prefix}profile")
    sides, where = doc.get("sides"), f"{prefix}sides"
    if sides is None:
        raise InputError("missing-field", field=where)
    if not isinstance(sides, list):
        raise InputError("bad-value", field=where, value=_show(sides), expected="list")
    profile.check_sides(len(sides), where)
    limits = count_limits(profile)  # once for the deal's sides
    read = tuple(read_side(s, f"{where}[{i}]", profile, limits) for i, s in enumerate(sides))
    after_time = doc.get("after_time", False)
    if after_time is not False and _bool(after_time, f"{prefix}after_time"):
        read = tuple(replace(side, after_time=True) for side in read)
    return profile, read


# --- scoring ----------------------------------------------------------------------------------

def judge_melds(melds: Sequence[MeldInput], profile: Profile) -> list[Verdict]:
    """The referee's verdict on each meld."""
    return [check_meld(m.cards, profile, m.in_one_go) for m in melds]


def opening_check(opening: Sequence[MeldInput], profile: Profile,
                  before: int | None) -> dict[str, Any]:
    """Seed 001 §05: melds laid down together, card points only (bonuses excluded)."""
    return _opening(judge_melds(opening, profile), profile, before)


def _opening(verdicts: Sequence[Verdict], profile: Profile, before: int | None) -> dict[str, Any]:
    points = sum(v.points for v in verdicts if v.valid)
    minimum = profile.opening_minimum_for(before)
    return {"points": points, "minimum": minimum,
            "valid": points >= minimum and all(v.valid for v in verdicts)}


def score_sides(profile: Profile, sides: Sequence[SideInput],
                befores: Sequence[int | None] | None = None,
                names: Sequence[str | None] | None = None) -> dict[str, Any]:
    """Score one deal. ``befores`` (the running totals) replace the sides' own ``before``;
    ``names`` (the match's) name the sides that the deal leaves unnamed."""
    scored, problems = judge_sides(profile, sides, befores, names)
    return {
        "profile": profile.id,
        "valid": not problems,
        "problems": [p.as_dict() for p in problems],
        "sides": scored,
    }


def judge_sides(profile: Profile, sides: Sequence[SideInput],
                befores: Sequence[int | None] | None = None,
                names: Sequence[str | None] | None = None) -> tuple[list[dict[str, Any]],
                                                                    list[Problem]]:
    """``score_sides``' sides and its problems, each a ``Problem`` (where it was found in
    its ``context``): all that an evening's table keeps of a deal is each side's total and
    these problems (``events.score_table``)."""
    named = [s.name or (names[i] if names is not None else None) for i, s in enumerate(sides)]
    deal_problems: list[Problem] = []
    took_morto = any(s.morto in (Morto.TAKEN, Morto.UNUSED) for s in sides)
    out_sides: list[dict[str, Any]] = []
    physical: list[Sequence[Card]] = []
    step = count_limits(profile).step  # once for the deal's sides
    for index, side in enumerate(sides):
        before = befores[index] if befores is not None else side.before
        problems: list[Problem] = []
        scored = _score_side(profile, side, index, named[index], before, took_morto, problems,
                             step)
        if side.melds is not None:
            physical.extend(m.cards for m in side.melds)
        if side.hand is not None:
            physical.append(side.hand)
        deal_problems.extend(problems)
        scored["problems"] = [p.as_dict() for p in problems]
        out_sides.append(scored)
    deal_problems.extend(_deal_problems(profile, sides, named))
    deal_problems.extend(card_count_problems(physical) if physical else [])  # counts: no card
    return out_sides, deal_problems


def _score_side(profile: Profile, side: SideInput, index: int, name: str | None,
                before: int | None, took_morto: bool, problems: list[Problem],
                step: int) -> dict[str, Any]:
    """One side's breakdown (contract.md, ``score``); its problems go to ``problems``."""
    meld_docs: list[dict[str, Any]] = []
    if side.melds is not None:
        verdicts = judge_melds(side.melds, profile)
        for m_index, v in enumerate(verdicts):
            meld_docs.append(v.as_dict())
            problems.extend(p.within(side=index, meld=m_index) for p in v.problems)
        table_points = sum(v.points for v in verdicts)
        canastras = [v.category for v in verdicts if v.valid and v.category]
        bonus_points = sum(v.bonus for v in verdicts)
    else:
        assert side.counts is not None
        table_points = side.counts["table_points"]
        # the counts are bounded by what two decks make (limits.py): at most 15 canastras
        canastras = [c for c in profile.categories for _ in range(side.counts.get(c, 0))]
        bonus_points = sum(profile.bonus(c) * side.counts.get(c, 0) for c in profile.categories)
    if side.hand is not None:
        hand = -sum(profile.points.in_hand(c) for c in side.hand)
    else:
        hand = -(side.hand_points or 0)
    problems.extend(_off_step(side, index, step))
    morto_penalty = _morto_penalty(profile, side, index, took_morto, problems)
    going_out = _going_out_bonus(profile, side, index, name, canastras, problems)
    opening = _opening_of(profile, side, index, before, problems)
    return {
        "name": name,
        "table_points": table_points,
        "bonus_points": bonus_points,
        "going_out_bonus": going_out,
        "morto_penalty": morto_penalty,
        "hand_points": hand,
        "total": table_points + bonus_points + going_out + morto_penalty + hand,
        "canastras": canastras,
        "canastra_counts": {c: canastras.count(c) for c in profile.categories},
        "melds": meld_docs,
        "counts": dict(side.counts) if side.counts is not None else None,
        "morto": side.morto.value,
        "went_out": side.went_out,
        "before": before,
        "opening": opening,
        **({"after_time": True} if side.after_time else {}),
    }


def _morto_penalty(profile: Profile, side: SideInput, index: int, took_morto: bool,
                   problems: list[Problem]) -> int:
    """Morto / pozzetto (seed 001 §06-§07, seed 003 "Score", seed 004 "Le pozzetto")."""
    if side.morto == Morto.NOT_TAKEN:
        if took_morto or not profile.nobody_took_nobody_pays:
            return -profile.morto_penalty
    elif side.morto == Morto.UNUSED:
        if profile.unused_morto:
            return -profile.morto_penalty
        problems.append(Problem("morto-unused-not-allowed",
                                {"profile": profile.id}).within(side=index))
    return 0


def _off_step(side: SideInput, index: int, step: int) -> list[Problem]:
    """``off-step-count`` for each count of points no cards add up to (not a multiple of
    ``step``: docs/contract.md, "Counts no cards make"): scored as entered, said impossible."""
    counted = (("counts.table_points", side.counts["table_points"] if side.counts else 0),
               ("hand_points", side.hand_points or 0))
    return [Problem("off-step-count", {"field": field, "points": points, "step": step}
                    ).within(side=index) for field, points in counted if points % step]


def _going_out_bonus(profile: Profile, side: SideInput, index: int, name: str | None,
                     canastras: list[str], problems: list[Problem]) -> int:
    """The going-out bonus, or ``cannot-go-out`` with every condition the side missed."""
    if not side.went_out:
        return 0
    reasons = []
    if profile.going_out_needs_morto and side.morto != Morto.TAKEN:
        reasons.append("morto-unused" if side.morto == Morto.UNUSED else "morto-not-taken")
    if not profile.can_go_out_with(canastras):
        reasons.append("no-clean-canastra" if profile.going_out_needs_clean else "no-canastra")
    if side.closed_by == ClosedBy.MELD and not profile.going_out_by_meld:
        reasons.append("closed-by-meld")
    if not reasons:
        # a deal played after the turn's time was up: going out ends it, no bonus (the
        # evening's rule, docs/rules.md "Time-out")
        return 0 if side.after_time else profile.going_out_bonus
    problems.append(Problem("cannot-go-out", {
        "side": name or "", "side_number": index + 1,
        "reason": reasons[0],
        "reasons": reasons}).within(side=index))
    return 0


def _opening_of(profile: Profile, side: SideInput, index: int, before: int | None,
                problems: list[Problem]) -> dict[str, Any] | None:
    """The side's opening judged against the minimum its running total asks for."""
    if side.opening is None or before is None:
        return None
    # contract.md (check): an invalid meld in the opening makes it invalid, and
    # (score) a deal with any invalid meld is invalid.
    opening_verdicts = judge_melds(side.opening, profile)
    for o_index, v in enumerate(opening_verdicts):
        problems.extend(p.within(side=index, opening=o_index) for p in v.problems)
    opening = _opening(opening_verdicts, profile, before)
    if opening["points"] < opening["minimum"]:
        problems.append(Problem("opening-below-minimum", {
            "points": opening["points"], "minimum": opening["minimum"],
            "before": before}).within(side=index))
    return opening


def _deal_problems(profile: Profile, sides: Sequence[SideInput],
                   named: list[str | None]) -> list[Problem]:
    """What is wrong with the deal as a whole: too many mortos taken, several closers."""
    problems = []
    took = [i for i, s in enumerate(sides) if s.morto in (Morto.TAKEN, Morto.UNUSED)]
    if profile.morto_piles is not None and len(took) > profile.morto_piles:
        # rules.md buraco-classico: with 3 or 5 players only two piles are dealt.
        problems.append(Problem("morto-count", {
            "count": len(took), "maximum": profile.morto_piles,
            "sides": [named[i] or str(i + 1) for i in took]}))
    closers = [i for i, s in enumerate(sides) if s.went_out]
    if len(closers) > 1:
        problems.append(Problem("several-went-out", {
            "sides": [named[i] or str(i + 1) for i in closers]}))
    return problems


def score_document(doc: Any) -> dict[str, Any]:
    """Score a deal document (contract.md, ``scorekeeper score``).

    >>> deal = {"sides": [
    ...   {"counts": {"table_points": 180, "clean": 1}, "hand_points": 15,
    ...    "morto": "taken", "went_out": True},
    ...   {"melds": ["3H 4H 5H"], "morto": "not_taken"}]}
    >>> [s["total"] for s in score_document(deal)["sides"]]
    [465, -85]
    """
    profile, sides = read_deal(doc)
    return score_sides(profile, sides)
