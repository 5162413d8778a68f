"""A profile written out: the one document every door shows (docs/contract.md, "House
rules" and ``scorekeeper profiles``).

``export`` writes every number and switch the referee uses, once; ``describe`` is that
document with what the rules page needs beside it (the canastra categories, the seed
clause of each rule, the longest run), laid out as ``scorekeeper profiles`` publishes it.
The bounds of each param (the target's range, a card's largest value…) live here too, so
that a form, a table's import and the phone read them from one home.
"""

from __future__ import annotations

from typing import Any

from scorekeeper.rules.profiles import ALL_CATEGORIES, PROFILES, Profile

#: The largest number a house rule may give (a bonus, a penalty, a card's value).
MAX_POINTS = 10_000
#: The targets a match may be played to (the new-match form's range).
MIN_TARGET, MAX_TARGET = 100, 100_000
#: Wildcards in one meld: one, in every game of the family.
WILDCARDS_PER_MELD = 1
#: The numbers of sides a deal of two decks can be played by.
MIN_SIDES, MAX_SIDES = 2, 5

#: The card values, by their name in the document, and the ``CardPoints`` field: the one
#: list of them (their words are ``vocabulary.CARD_VALUES``, in this order).
CARD_KEYS = {"joker": "joker", "wild_two": "wild_two", "natural_two": "natural_two",
             "ace": "ace_high", "ace_low": "ace_low", "eight_to_king": "high",
             "three_to_seven": "low", "two_in_hand": "hand_two", "ace_in_hand": "hand_ace"}
#: The going-out conditions: a clean canastra, or any canastra.
NEEDS = ("clean-canastra", "canastra")


def export(profile: Profile) -> dict[str, Any]:
    """The profile as a document: every param the referee uses.

    >>> doc = export(PROFILES["burraco"])
    >>> doc["base"], doc["params"]["card_points"]["joker"], doc["params"]["target"]
    ('burraco', 30, 2005)
    """
    p = profile.points
    params: dict[str, Any] = {
        "tradition": profile.tradition,
        "sides": list(profile.sides_played),
        "morto_piles": profile.morto_piles,
        "sets_allowed": profile.sets_allowed,
        "ace_both_ends": profile.ace_both_ends,
        "wildcards_per_meld": WILDCARDS_PER_MELD,
        "card_points": {key: getattr(p, name) for key, name in CARD_KEYS.items()},
        "bonuses": {c: profile.bonuses[c] for c in ALL_CATEGORIES if c in profile.bonuses},
        "long_canastras": str(profile.long_canastras),
        "semi_clean": profile.semi_clean,
        "going_out": {"bonus": profile.going_out_bonus,
                      "needs": NEEDS[0] if profile.going_out_needs_clean else NEEDS[1],
                      "by_meld": profile.going_out_by_meld,
                      "needs_morto": profile.going_out_needs_morto},
        "morto_penalty": profile.morto_penalty,
        "nobody_took_nobody_pays": profile.nobody_took_nobody_pays,
        "unused_morto": profile.unused_morto,
        "vulnerability": (None if profile.vulnerable_at is None else
                          {"from": profile.vulnerable_at,
                           "opening_minimum": profile.opening_minimum}),
        "target": profile.target,
        "discard_pile": str(profile.pile_rule),
    }
    base = profile.base or (profile.id if PROFILES.get(profile.id) is profile else None)
    return {"id": profile.id, **({"base": base} if base else {}),
            "name": profile.name or profile.id, "params": params}


def whole(value: Any) -> int | None:
    """``value`` as a whole number, or None: an int (never a boolean), or a float without a
    fraction (``3005.0`` is 3005, as JSON writers may put it), in a deal and a profile alike.

    >>> whole(3005), whole(3005.0), whole(3005.5), whole(True), whole("3005")
    (3005, 3005, None, None, None)
    """
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        return None
    return value


def contiguous(sides: list[int] | tuple[int, ...]) -> bool:
    """Whether side counts (sorted) run without a gap: ``[2, 3, 4]``, not ``[2, 3, 5]``."""
    return len(sides) == sides[-1] - sides[0] + 1


def describe(profile: Profile) -> dict[str, Any]:
    """The profile's document as the rules page and ``scorekeeper profiles`` show it: its
    params (``export``), the canastra categories, the longest run, and under ``rules`` each
    rule with the seed clause it comes from.

    >>> doc = describe(PROFILES["buraco-classico"])
    >>> doc["sides"], doc["morto_penalty"], doc["card_points"]["ace_low"]
    ({'min': 2, 'max': 5, 'only': [2, 3, 5]}, {'penalty': 100, 'piles': 2}, 5)
    """
    params = export(profile)["params"]
    sides, piles = params["sides"], params["morto_piles"]
    values: dict[str, Any] = {
        "sides": {"min": sides[0], "max": sides[-1],
                  **({} if contiguous(sides) else {"only": sides})},
        "sets_allowed": params["sets_allowed"],
        "ace": "both-ends" if params["ace_both_ends"] else "low-or-high",
        "max_run": profile.max_run,
        "wildcards_per_meld": params["wildcards_per_meld"],
        "card_points": params["card_points"],
        # as the profile lists them (the published order of ``scorekeeper profiles``)
        "bonuses": {c: params["bonuses"][c] for c in profile.bonuses},
        "long_canastras": params["long_canastras"],
        "going_out": params["going_out"],
        "morto_penalty": (params["morto_penalty"] if piles is None
                          else {"penalty": params["morto_penalty"], "piles": piles}),
        **{key: params[key] for key in ("nobody_took_nobody_pays", "unused_morto",
                                        "vulnerability", "target", "discard_pile")},
    }
    rules = [{"rule": key, "value": value, "source": profile.sources.get(key)}
             for key, value in values.items()]
    return {"id": profile.id, "tradition": params["tradition"],
            "categories": list(profile.categories), **values, "rules": rules}
