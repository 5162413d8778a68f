"""House rules: a profile written out and read back as a document (docs/contract.md,
"House rules").

A profile document is ``{"id": …, "base": ID, "name": …, "params": {…}}``. ``params`` holds
every number and switch the referee uses (``PARAMS``); a document whose ``base`` is a
built-in profile gives only the params it changes, the rest comes from the base. Reading
a built-in profile's own export gives that very profile.

A document that cannot be read, names an unknown parameter or gives a value out of its
range is unreadable input naming the parameter (``bad-value``, ``unknown-parameter``);
rules that no deal can be played by are refused with the reason (``inconsistent-rules``,
``consistency.py``). The document itself is written out by ``document.py``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any

from scorekeeper.rules.consistency import check_consistency
from scorekeeper.rules.document import (
    CARD_KEYS,
    MAX_POINTS,
    MAX_SIDES,
    MAX_TARGET,
    MIN_SIDES,
    MIN_TARGET,
    NEEDS,
    WILDCARDS_PER_MELD,
    contiguous,
    describe,
    export,
    whole,
)
from scorekeeper.rules.problems import InputError
from scorekeeper.rules.profiles import (
    ALL_CATEGORIES,
    PROFILES,
    CardPoints,
    Profile,
    get_profile,
)
from scorekeeper.rules.states import LongCanastras, PileRule

#: Where a rule the house rules change comes from (``Profile.sources``).
HOUSE_SOURCE = "house rules"
#: Document keys, and the params of which a document may give part (merged with the base).
DOC_KEYS = ("id", "base", "name", "params")
_PARTS = ("card_points", "going_out", "vulnerability", "bonuses")


def read(doc: Any, field: str = "") -> Profile:
    """The profile a document describes (``field``: where the document sits, for the
    errors' names); a built-in profile for its own export.

    >>> read({"id": "ours", "base": "burraco", "params": {"target": 3005}}).target
    3005
    >>> read(export(PROFILES["buraco-aberto"])) is PROFILES["buraco-aberto"]
    True
    """
    at = _Path(field)
    if not isinstance(doc, Mapping):
        raise InputError("bad-value", field=field or "profile", value=_show(doc),
                         expected="object")
    for key in doc:
        if key not in DOC_KEYS:
            raise InputError("unknown-parameter", field=at(str(key)))
    profile_id = _text(doc.get("id"), at("id"), 60)
    name = None if doc.get("name") is None else _text(doc["name"], at("name"), 80)
    base = _base(doc.get("base"), at("base"))
    given = doc.get("params", {})
    if not isinstance(given, Mapping):
        raise InputError("bad-value", field=at("params"), value=_show(given), expected="object")
    params = _merged(export(base)["params"] if base else {}, given, _Path(at("params")))
    profile = _build(params, _Path(at("params")), base, profile_id, name)
    builtin = PROFILES.get(profile_id)
    if builtin is not None:
        if export(builtin)["params"] != export(profile)["params"]:
            raise InputError("inconsistent-rules", field=at("id"), reason="builtin-id",
                             id=profile_id)
        return builtin
    check_consistency(profile, at("params"))
    return profile


def profile_of(value: Any, field: str = "profile") -> Profile:
    """The profile a document names in ``field``: a built-in profile's id (none: the
    default), a profile document in its place, or a profile already read.

    >>> profile_of({"id": "ours", "base": "burraco", "params": {"target": 3005}}).id
    'ours'
    >>> profile_of(None).id
    'buraco-aberto'
    """
    if isinstance(value, Profile):
        return value
    if isinstance(value, Mapping):
        try:
            text = json.dumps(value, sort_keys=True, separators=(",", ":"))
        except (TypeError, ValueError):
            return read(value, field)
        return _read_text(text, field)
    return get_profile(value)


@lru_cache(maxsize=64)
def _read_text(text: str, field: str) -> Profile:
    return read(json.loads(text), field)


def key(profile: Profile) -> str:
    """A text that names the profile for memos: a built-in profile's id, else its whole
    document (two documents with the same rules share their memos)."""
    if PROFILES.get(profile.id) is profile:
        return profile.id
    return json.dumps(export(profile), sort_keys=True, separators=(",", ":"))


def same_rules(one: Profile, other: Profile) -> bool:
    """Whether two profiles play by the same rules: every parameter the referee uses, not
    their ids or names (a house-rules document without a name is named by its id once
    written out).

    >>> same_rules(profile_of({"id": "a", "base": "burraco"}),
    ...            profile_of({"id": "b", "base": "burraco", "name": "Nonna"}))
    True
    """
    return one is other or export(one)["params"] == export(other)["params"]


@lru_cache(maxsize=64)
def from_key(text: str) -> Profile:
    """The profile ``key`` named."""
    return PROFILES[text] if text in PROFILES else read(json.loads(text))


class _Path:
    """A document path, growing: ``_Path("params")("target")`` is ``params.target``."""

    def __init__(self, prefix: str) -> None:
        self.prefix = prefix

    def __call__(self, name: str) -> str:
        return f"{self.prefix}.{name}" if self.prefix else name


def _show(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)[:40] if value is not None else "null"


def _text(value: Any, field: str, longest: int) -> str:
    if not isinstance(value, str) or not value.strip() or len(value) > longest \
            or not value.isprintable():
        if value is None:
            raise InputError("missing-field", field=field)
        raise InputError("bad-value", field=field, value=_show(value),
                         expected=f"text of 1..{longest} characters")
    return value.strip()


def _base(value: Any, field: str) -> Profile | None:
    if value is None:
        return None
    if not isinstance(value, str) or value not in PROFILES:
        raise InputError("unknown-profile", field=field, profile=str(value)[:40])
    return PROFILES[value]


def _merged(base: dict[str, Any], given: Mapping[str, Any], at: _Path) -> dict[str, Any]:
    """The base's params with the document's over them; a param of which part may be
    given (``_PARTS``) takes the given part over the base's (in ``bonuses``, ``null``
    takes a category away)."""
    merged = dict(base)
    for name, value in given.items():
        if name not in PARAMS:
            raise InputError("unknown-parameter", field=at(str(name)))
        if name in _PARTS and isinstance(value, Mapping) and isinstance(base.get(name), dict):
            part = {**base[name], **value}
            merged[name] = {k: v for k, v in part.items() if v is not None} \
                if name == "bonuses" else part
        else:
            merged[name] = value
    return merged


# --- reading each param ---------------------------------------------------------------


def _int(lowest: int, highest: int) -> Callable[[Any, str], int]:
    def read_int(value: Any, field: str) -> int:
        """A whole number in range (never a boolean; ``5.0`` is 5, as in a deal)."""
        number = whole(value)
        if number is None or not lowest <= number <= highest:
            raise InputError("bad-value", field=field, value=_show(value),
                             expected=f"integer {lowest}..{highest}")
        return number
    return read_int


def _exactly(number: int, value: Any, field: str) -> int:
    """``number`` and nothing else (a param the referee knows one value of)."""
    if isinstance(value, bool) or value != number:
        raise InputError("bad-value", field=field, value=_show(value), expected=str(number))
    return number


def _flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise InputError("bad-value", field=field, value=_show(value), expected="true or false")
    return value


def _choice(*choices: str) -> Callable[[Any, str], str]:
    def read_choice(value: Any, field: str) -> str:
        """One of the choices."""
        if value not in choices:
            raise InputError("bad-value", field=field, value=_show(value),
                             expected="|".join(choices))
        return str(value)
    return read_choice


def _sides(value: Any, field: str) -> tuple[int, ...]:
    count = _int(MIN_SIDES, MAX_SIDES)
    if not isinstance(value, list) or not value:
        raise InputError("bad-value", field=field, value=_show(value),
                         expected=f"list of side counts {MIN_SIDES}..{MAX_SIDES}")
    counts = sorted({count(v, f"{field}[{i}]") for i, v in enumerate(value)})
    return tuple(counts)


def _piles(value: Any, field: str) -> int | None:
    return None if value is None else _int(1, MAX_SIDES - 1)(value, field)


def _object(value: Any, field: str, keys: Mapping[str, Any]) -> dict[str, Any]:
    """An object of exactly ``keys`` (name -> reader), each read."""
    if not isinstance(value, Mapping):
        raise InputError("bad-value", field=field, value=_show(value), expected="object")
    for name in value:
        if name not in keys:
            raise InputError("unknown-parameter", field=f"{field}.{name}")
    for name in keys:
        if name not in value:
            raise InputError("missing-field", field=f"{field}.{name}")
    return {name: reader(value[name], f"{field}.{name}") for name, reader in keys.items()}


def _card_points(value: Any, field: str) -> CardPoints:
    read = _object(value, field, dict.fromkeys(CARD_KEYS, _int(0, MAX_POINTS)))
    return CardPoints(**{CARD_KEYS[k]: v for k, v in read.items()})


def _bonuses(value: Any, field: str) -> dict[str, int]:
    if not isinstance(value, Mapping) or not value:
        raise InputError("bad-value", field=field, value=_show(value),
                         expected="object of canastra bonuses")
    for name in value:
        if name not in ALL_CATEGORIES:
            raise InputError("unknown-parameter", field=f"{field}.{name}")
    points = _int(0, MAX_POINTS)
    return {c: points(value[c], f"{field}.{c}") for c in ALL_CATEGORIES if c in value}


def _going_out(value: Any, field: str) -> dict[str, Any]:
    return _object(value, field, {"bonus": _int(0, MAX_POINTS), "needs": _choice(*NEEDS),
                                  "by_meld": _flag, "needs_morto": _flag})


def _vulnerability(value: Any, field: str) -> dict[str, int] | None:
    if value is None:
        return None
    return _object(value, field, {"from": _int(1, MAX_TARGET),
                                  "opening_minimum": _int(0, MAX_POINTS)})


#: Every param of a profile document, and how it is read.
PARAMS: dict[str, Callable[[Any, str], Any]] = {
    "tradition": _choice("br", "it"),
    "sides": _sides,
    "morto_piles": _piles,
    "sets_allowed": _flag,
    "ace_both_ends": _flag,
    # every game of the family allows one joker or wild 2 per meld (docs/rules.md), and
    # the referee knows no other limit: a document may say so, and only so
    "wildcards_per_meld": lambda value, field: _exactly(WILDCARDS_PER_MELD, value, field),
    "card_points": _card_points,
    "bonuses": _bonuses,
    "long_canastras": _choice(*(str(v) for v in LongCanastras)),
    "semi_clean": _flag,
    "going_out": _going_out,
    "morto_penalty": _int(0, MAX_POINTS),
    "nobody_took_nobody_pays": _flag,
    "unused_morto": _flag,
    "vulnerability": _vulnerability,
    "target": _int(MIN_TARGET, MAX_TARGET),
    "discard_pile": _choice(*(str(v) for v in PileRule)),
}


def _build(params: Mapping[str, Any], at: _Path, base: Profile | None, profile_id: str,
           name: str | None) -> Profile:
    """The profile of the merged params, each read (every one must be there)."""
    read: dict[str, Any] = {}
    for param, reader in PARAMS.items():
        if param not in params:
            raise InputError("missing-field", field=at(param))
        read[param] = reader(params[param], at(param))
    sides, out, vulnerable = read["sides"], read["going_out"], read["vulnerability"]
    values: dict[str, Any] = dict(
        id=profile_id, tradition=read["tradition"], min_sides=sides[0], max_sides=sides[-1],
        side_counts=() if contiguous(sides) else sides,
        morto_piles=read["morto_piles"], sets_allowed=read["sets_allowed"],
        ace_both_ends=read["ace_both_ends"], points=read["card_points"],
        bonuses=read["bonuses"], long_canastras=LongCanastras(read["long_canastras"]),
        semi_clean=read["semi_clean"], going_out_bonus=out["bonus"],
        going_out_needs_clean=out["needs"] == NEEDS[0], going_out_by_meld=out["by_meld"],
        going_out_needs_morto=out["needs_morto"], morto_penalty=read["morto_penalty"],
        nobody_took_nobody_pays=read["nobody_took_nobody_pays"],
        unused_morto=read["unused_morto"],
        vulnerable_at=None if vulnerable is None else vulnerable["from"],
        opening_minimum=0 if vulnerable is None else vulnerable["opening_minimum"],
        target=read["target"], pile_rule=PileRule(read["discard_pile"]),
        base=base.id if base else None, name=name)
    if base is None:
        return Profile(**values)
    built = replace(base, **values)
    kept = describe(base)
    mine = describe(built)
    return replace(built, sources={k: v if kept.get(k) == mine.get(k) else HOUSE_SOURCE
                                   for k, v in base.sources.items()})
