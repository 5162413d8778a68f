"""Event documents for the tests of docs/contract.md, "Events": deals of known totals,
pairs and players, and an event played turn after turn by its own ``next``."""

from __future__ import annotations

import copy
from typing import Any

from scorekeeper.rules import event_document


def deal(ns: int, ew: int) -> dict[str, Any]:
    """A Burraco deal whose totals are ``ns`` and ``ew``: table points only, both
    pozzetti taken, nobody closing (multiples of 5 up to what two decks hold)."""
    return {"sides": [{"counts": {"table_points": ns}, "morto": "taken"},
                      {"counts": {"table_points": ew}, "morto": "taken"}]}


def entrants(count: int, first: int = 1) -> list[dict[str, Any]]:
    return [{"id": i, "name": f"Pair {i}"} for i in range(first, first + count)]


def event(count: int, plan: list[dict[str, Any]], deals_per_turn: int = 2,
          **more: Any) -> dict[str, Any]:
    doc: dict[str, Any] = {"name": "Venerdì al circolo", "profile": "burraco", "kind": "pairs",
                           "deals_per_turn": deals_per_turn, "vp_table": "fibur-2026",
                           "entrants": entrants(count), "plan": [dict(m) for m in plan],
                           "turns": []}
    doc.update(copy.deepcopy(more))
    return doc


def table(number: int, ns: Any, ew: Any, *totals: tuple[int, int], **more: Any) -> dict[str, Any]:
    return {"table": number, "ns": ns, "ew": ew, "deals": [deal(a, b) for a, b in totals],
            **more}


def play(doc: dict[str, Any], score: Any = None) -> list[dict[str, Any]]:
    """Play ``doc``'s plan out: each turn sits as the previous answer's ``next`` says;
    ``score(turn, seat)`` gives each table's deals (none by default: tables in play).
    The answers' ``next``, one per turn."""
    doc = copy.deepcopy(doc)
    seen = []
    while True:
        following = event_document(doc)["next"]
        if following is None:
            return seen
        seen.append(following)
        doc["turns"].append({"tables": [
            {"table": t["table"], "ns": t["ns"], "ew": t["ew"],
             "deals": score(len(doc["turns"]), t) if score else []}
            for t in following["tables"]]})
