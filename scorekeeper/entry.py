"""A deal as the deal form enters it, turned into the contract's deal document; a Burro
round as the round form enters it.

One home for both places a deal form is read: the server (``web/dealform.py``, from the
validated WTForms form) and the phone (``scorekeeper.phone``, from the fields a deal saved
without a network kept in its outbox, ``templates/sw.js``). Flask-free, so that the
offline pack carries it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from scorekeeper import digits
from scorekeeper.cardtext import ONE_GO, SPLIT, canonical, canonical_tokens, meld_lines
from scorekeeper.rules.states import ClosedBy, Morto

EntryMode = StrEnum("EntryMode", {"CARDS": "cards", "COUNTS": "counts"})
#: How a Burro round ended, as the round form says it.
RoundEnd = StrEnum("RoundEnd", {"LOSER": "loser", "FEINT": "feint"})

#: The contract's canastra categories and the deal form's fields that count them.
CATEGORY_FIELDS = {
    "clean": "clean",
    "dirty": "dirty",
    "semi-clean": "semi_clean",
    "clean-500": "clean_500",
    "clean-1000": "clean_1000",
}


@dataclass
class SideEntry:
    """What the deal form holds for one side (the numbers already read as integers)."""

    mode: str = EntryMode.CARDS.value
    table_points: int | None = None
    counts: dict[str, int] = field(default_factory=dict)  # by contract category
    melds: str = ""
    hand: str = ""
    hand_points: int | None = None
    morto: str = ""
    opened: list[int] = field(default_factory=list)  # meld lines ticked as the opening
    opening: str = ""  # opening melds typed (one that grew since)
    met: bool = False  # by counts: opened with the minimum or more, said by the scorer


def meld_item(line: str, locale: str | None = None) -> Any:
    """One meld line typed in the page's letters, as the contract's meld."""
    line = canonical(line, locale)
    if line.endswith(ONE_GO):
        return {"cards": line[: -len(ONE_GO)].strip(), "in_one_go": True}
    return line


def deal_document(profile: Any, names: Sequence[Any], sides: Sequence[SideEntry],
                  went_out: str | None, closed_by: str | None,
                  locale: str | None = None, morto_first: str | None = None,
                  after_time: bool = False) -> dict[str, Any]:
    """The contract's deal document, exactly as the players entered it (``went_out``: the
    index of the side that went out, as text; empty when the stock ran out). ``morto_first``
    (the index of the side that took its morto first, as text, when the players noted it)
    rides along as the document's ``morto_first``, which the referee does not read: the
    table's statistics do (``standings.py``). ``after_time``: an evening's deal played
    after the turn's time was up (going out scores no closing bonus)."""
    doc_sides = []
    for i, entry in enumerate(sides):
        side: dict[str, Any] = {"name": names[i] if i < len(names) else None}
        if entry.mode == EntryMode.COUNTS:
            counts: dict[str, int] = {"table_points": entry.table_points or 0}
            counts.update({category: value for category, value in entry.counts.items() if value})
            side["counts"] = counts
        else:
            side["melds"] = [meld_item(line, locale) for line in meld_lines(entry.melds)]
        hand = canonical_tokens((t for t in SPLIT.split(entry.hand or "") if t), locale)
        if hand:
            side["hand"] = hand
        elif entry.hand_points is not None:
            side["hand_points"] = entry.hand_points
        side["morto"] = entry.morto or Morto.TAKEN.value
        side["went_out"] = went_out == str(i)
        if side["went_out"]:
            side["closed_by"] = closed_by or ClosedBy.DISCARD.value
        melds = side.get("melds", [])
        opening = [melds[j] for j in entry.opened if j < len(melds)]
        opening += [meld_item(line, locale) for line in meld_lines(entry.opening)]
        if opening:
            side["opening"] = opening
        elif entry.met and entry.mode == EntryMode.COUNTS:
            side[OPENING_MET] = True
        doc_sides.append(side)
    # house rules (a profile document): the deal names them by their id
    named = profile.get("id") if isinstance(profile, dict) else profile
    doc: dict[str, Any] = {"profile": str(named or ""), "sides": doc_sides}
    first = digits.below(morto_first, len(doc_sides))
    if first is not None:
        doc["morto_first"] = first
    if after_time:
        doc["after_time"] = True
    return doc


#: A side's field of the deal document, which the referee never reads (contract.md): by
#: counts, its scorer said it opened with the minimum or more.
OPENING_MET = "opening_met"

#: The deal form's box of a deal played after the turn's time was up, as a browser sends it.
AFTER_TIME = "after_time"


def after_time(pairs: Iterable[Sequence[str]]) -> bool:
    """Whether the deal form's fields (name, value pairs) tick ``AFTER_TIME``."""
    return any(len(pair) == 2 and str(pair[0]) == AFTER_TIME and str(pair[1]) in ("y", "on")
               for pair in pairs)


def _number(text: str | None) -> int | None:
    try:
        return int(str(text).strip())
    except (TypeError, ValueError):
        return None


def read_fields(pairs: Iterable[Sequence[str]], n: int
                ) -> tuple[list[SideEntry], str | None, str | None]:
    """The deal form's fields as a browser sends them (name, value pairs), read the way
    the form reads them: each side's entry, who went out and how."""
    sides = [SideEntry() for _i in range(n)]
    went_out: str | None = None
    closed_by: str | None = None
    for pair in pairs:
        if len(pair) != 2:
            continue
        name, value = str(pair[0]), str(pair[1])
        if name == "went_out":
            went_out = value
            continue
        if name == "closed_by":
            closed_by = value
            continue
        parts = name.split("-", 2)
        side = digits.below(parts[1], n) if len(parts) == 3 and parts[0] == "sides" else None
        if side is not None:
            _read_side(sides[side], parts[2], value)
    return sides, went_out, closed_by


#: The deal form's count fields, and the contract's category each counts.
_CATEGORY_OF = {field_name: category for category, field_name in CATEGORY_FIELDS.items()}


def _read_side(side: SideEntry, name: str, value: str) -> None:
    if name == "mode":
        side.mode = value
    elif name in ("table_points", "hand_points"):
        setattr(side, name, _number(value))
    elif name in _CATEGORY_OF:
        count = _number(value)
        if count:
            side.counts[_CATEGORY_OF[name]] = count
    elif name in ("melds", "hand", "morto", "opening"):
        setattr(side, name, value.strip() if name != "melds" else value)
    elif name == "opened" and digits.below(value, 1000) is not None:
        side.opened = sorted({*side.opened, int(value)})
    elif name == "met":
        side.met = value in ("y", "on")


def burro_round(kind: str | None, loser: str | None, feint_by: str | None,
                fooled: Iterable[str]) -> dict[str, Any]:
    """The contract's Burro round for what the round form says: who lost, or who feinted
    and who fell for it."""
    if kind == RoundEnd.FEINT:
        return {"feint_by": feint_by or "", "fooled": list(fooled)}
    return {"loser": loser or ""}


def read_round(pairs: Iterable[Sequence[str]]) -> dict[str, Any]:
    """A Burro round from the round form's fields (``[name, value]`` pairs, as a round
    saved without a network is kept in the phone's outbox)."""
    fields: dict[str, list[str]] = {}
    for pair in pairs:
        if len(pair) == 2:
            fields.setdefault(str(pair[0]), []).append(str(pair[1]))
    first = {name: values[0] for name, values in fields.items()}
    return burro_round(first.get("kind"), first.get("loser"), first.get("feint_by"),
                       fields.get("fooled", []))
