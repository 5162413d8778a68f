"""Random deal and event documents, right and wrong, from a seed: sides by counts (the
way clubs enter them) and by cards, with every kind of value a document may carry where
a number, a state or a name is asked for (negative, huge, past what two decks make,
booleans, ``2.0``, text, ``null``, missing), unknown keys, and sides of other shapes.

Standard library only, and nothing of the referee: the same seed gives the same
documents whatever code reads them."""

from __future__ import annotations

import random
from typing import Any

#: Built-in profiles and house rules (a joker of 33, an unused morto allowed, a semi-clean
#: canastra): each changes the bounds or the rules of a side by counts.
PROFILES: list[Any] = [
    "buraco-aberto", "buraco-fechado", "burraco", "buraco-classico",
    {"id": "house-33", "base": "burraco", "params": {"card_points": {"joker": 33}}},
    {"id": "house-unused", "base": "burraco", "params": {"unused_morto": True}},
    {"id": "house-semi", "base": "buraco-aberto",
     "params": {"bonuses": {"semi-clean": 150}, "semi_clean": True}},
]
CATEGORIES = ("clean-1000", "clean-500", "clean", "semi-clean", "dirty")
#: The canastra categories of each profile above, by its id (a side mostly counts these).
CATEGORIES_OF = {"buraco-aberto": ("clean-1000", "clean-500", "clean", "dirty"),
                 "buraco-fechado": ("clean-1000", "clean-500", "clean", "dirty"),
                 "burraco": ("clean", "dirty"), "buraco-classico": ("clean", "semi-clean", "dirty"),
                 "house-33": ("clean", "dirty"), "house-unused": ("clean", "dirty"),
                 "house-semi": ("clean-1000", "clean-500", "clean", "semi-clean", "dirty")}
MELDS = ["3H 4H 5H", "3H 4H 5H 6H 7H 8H 9H", "QS QH QD", "QS QH QD QC QS QH QD",
         "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "5D 6D JK 8D 9D 10D JD",
         "3C 4C", "KH KH KH KH", "2H 3H 4H", "XX"]
HAND = ["KS", "JK", "2C", "AH 5D", "3H 3H 3H", ""]
#: Odd values where a document asks for a whole number.
ODD_NUMBERS: list[Any] = [-5, -1, True, False, 2.0, 2.5, "5", None, [1], {"n": 1},
                          10 ** 30, -(10 ** 30), 10 ** 6, float("nan")]


def number(rng: random.Random, usual: int, most: int, odd: float) -> Any:
    """A whole number, mostly between 0 and ``usual``, sometimes (the odder the more
    often) near or past ``most`` (what two decks make), with probability ``odd`` one of
    ``ODD_NUMBERS``."""
    if rng.random() < odd:
        return rng.choice(ODD_NUMBERS)
    if rng.random() < min(odd * 3, 0.2):
        return most + rng.randrange(-2, 3)
    return rng.randrange(0, usual + 1)


def counts(rng: random.Random, odd: float, categories: tuple[str, ...]) -> Any:
    """A side's ``counts``: table points and canastras of some of ``categories`` (of any
    category, now and then)."""
    if rng.random() < odd / 4:
        return rng.choice([None, [], "180", 5])
    doc: dict[str, Any] = {}
    keys = [k for k in (CATEGORIES if rng.random() < odd else categories)
            if rng.random() < 0.5]
    if rng.random() < odd:
        keys.append(rng.choice(["bogus", "Clean", "table-points", 7]))
    rng.shuffle(keys)
    position = rng.randrange(len(keys) + 1)
    for i, key in enumerate([*keys[:position], "table_points", *keys[position:]]):
        if key == "table_points":
            if rng.random() >= odd / 3:  # else missing
                doc[key] = number(rng, 300, rng.choice([960, 1080, 1124, 1200]), odd)
        else:
            doc[key] = number(rng, 2 if i % 2 else 1, rng.randrange(4, 16), odd)
    return doc


def side(rng: random.Random, odd: float, by_cards: float,
         categories: tuple[str, ...] = ("clean", "dirty")) -> Any:
    """One side of a deal: by counts, or by cards with ``by_cards``; with probability
    ``odd`` per field a value or a key no side should have."""
    if rng.random() < odd / 6:
        return rng.choice([None, "side", [], 3])
    doc: dict[str, Any] = {}
    if rng.random() < by_cards:
        if rng.random() > odd / 4:
            doc["melds"] = rng.sample(MELDS, rng.randrange(0, 4))
        if rng.random() < 0.5:
            doc["hand"] = rng.choice(HAND)
    else:
        doc["counts"] = counts(rng, odd, categories)
    if rng.random() < (0.5 if "hand" not in doc else odd):
        doc["hand_points"] = number(rng, 30, rng.choice([960, 1080, 1124]), odd)
    if rng.random() > odd / 3:
        doc["morto"] = rng.choice(["taken", "taken", "not_taken", "unused", "not-taken"]
                                  if rng.random() > odd else ["TAKEN", 1, None, "lost"])
    if rng.random() < 0.5:
        doc["went_out"] = rng.random() < 0.6 if rng.random() > odd else rng.choice([1, "yes"])
    if rng.random() < 0.2:
        doc["closed_by"] = rng.choice(["discard", "meld"] if rng.random() > odd
                                      else ["Meld", None, 0])
    if rng.random() < 0.2:
        doc["name"] = rng.choice(["Noi", "Loro", ""] if rng.random() > odd else [5, None])
    for key, values in (("before", [0, 1500, 2000, -5, None, 10 ** 7, "x"]),
                        ("opening", [["3H 4H 5H"], None, []]),
                        ("notes", ["fine", 1])):
        if rng.random() < odd / 2:
            doc[key] = rng.choice(values)
    if rng.random() < odd / 6:
        doc["melds"] = rng.sample(MELDS, 1)  # with counts: one or the other
    return _shuffled(rng, doc)


def deal(rng: random.Random, odd: float = 0.1, by_cards: float = 0.2,
         profile: Any = None) -> dict[str, Any]:
    """A deal document: mostly two sides, sometimes another count or shape (``profile``:
    the deal's, written in it; ``None``: none written)."""
    categories = CATEGORIES_OF[_id(profile)]
    sides: Any = [side(rng, odd, by_cards, categories) for _ in range(2)]
    if rng.random() < odd / 2 or (_id(profile) == "buraco-classico" and rng.random() < 0.3):
        sides = rng.choice([[side(rng, odd, by_cards, categories)], sides * 2,
                            sides + sides[:1], sides * 2 + sides[:1], None, "sides"])
    doc: dict[str, Any] = {"sides": sides}
    if profile is not None:
        doc["profile"] = profile
    if rng.random() < odd / 6:
        del doc["sides"]
    return doc


def event(rng: random.Random, odd: float = 0.05, by_cards: float = 0.1) -> dict[str, Any]:
    """An event of pairs seated in Mitchell turns, each table's deals drawn by ``deal``
    (a table with too many or too few deals, a penalty, a forfeit, a seat or a table
    number no event has, now and then)."""
    pairs = rng.randrange(2, 13, 2)
    deals_per_turn = rng.randrange(2, 5)
    profile = rng.choice(PROFILES[:6])
    turns = []
    for turn in range(rng.randrange(1, 4)):
        tables = []
        for t in range(pairs // 2):
            ns, ew = 2 * t + 1, 2 + (2 * t + 2 * turn) % pairs
            count = deals_per_turn + (rng.choice([-1, 1]) if rng.random() < odd else 0)
            table: dict[str, Any] = {"table": t + 1, "ns": ns, "ew": ew,
                                     "deals": [_unnamed(rng, deal(rng, odd, by_cards, profile))
                                               for _ in range(count)]}
            if rng.random() < odd:
                table["penalties"] = rng.choice([[{"side": "ew", "mp": rng.randrange(0, 100)}],
                                                 [], None, [{"side": "ns"}]])
            if rng.random() < odd / 2:
                table["forfeit"] = "ns"
            if rng.random() < odd * 3:  # a seat or a table number no event has
                key = rng.choice(["ns", "ew", "table"])
                table[key] = rng.choice([0, 1, pairs + 1, True, 2.0, "1", [1], None, 10 ** 4])
            tables.append(table)
        turns.append({"tables": tables})
    return {"name": "random", "profile": profile,
            "deals_per_turn": deals_per_turn, "vp_table": "fibur-2026",
            "entrants": [{"id": i, "name": f"Pair {i}" if i % 3 else None}
                         for i in range(1, pairs + 1)],
            "plan": [{"movement": "mitchell"}] * len(turns), "turns": turns}


def _unnamed(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    """A deal of an event: it names the event's profile now and then."""
    if rng.random() < 0.9:
        doc.pop("profile", None)
    return doc


def _id(profile: Any) -> str:
    """A profile's id, whether named or given as a document (none: the default)."""
    if profile is None:
        return "buraco-aberto"
    return profile if isinstance(profile, str) else profile["id"]


def _shuffled(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any]:
    items = list(doc.items())
    rng.shuffle(items)
    return dict(items)
