"""Match snapshots for the PDF tests, shaped like the web app's (contract.md)."""

from __future__ import annotations

from typing import Any


def handmade_snapshot(deals: int = 3, names: tuple[str, str] = ("Nós", "Eles"),
                      match_id: int = 7, version: int = 1) -> dict[str, Any]:
    """A Buraco Aberto match in the shape of match_document's output, written by hand
    (each deal: one side goes out with a clean canastra, the other pays its morto)."""
    scored = []
    after: list[list[int]] = []
    totals = [0, 0]
    entered = []
    for i in range(deals):
        winner = i % 2
        sides = []
        for s in range(2):
            if s == winner:
                side = {"name": names[s], "table_points": 180 + 5 * i, "bonus_points": 200,
                        "going_out_bonus": 100, "morto_penalty": 0, "hand_points": -15,
                        "melds": [{"cards": ["3H", "4H", "5H", "6H", "7H", "8H", "9H"],
                                   "valid": True, "kind": "run", "category": "clean",
                                   "points": 45, "bonus": 200, "problems": []}],
                        "problems": []}
            else:
                side = {"name": names[s], "table_points": 60 + 10 * i, "bonus_points": 0,
                        "going_out_bonus": 0, "morto_penalty": -100, "hand_points": -35,
                        "melds": [], "problems": []}
            side["total"] = (side["table_points"] + side["bonus_points"]
                             + side["going_out_bonus"] + side["morto_penalty"]
                             + side["hand_points"])
            sides.append(side)
        scored.append({"profile": "buraco-aberto", "valid": True, "problems": [],
                       "sides": sides})
        totals = [totals[s] + sides[s]["total"] for s in range(2)]
        after.append(list(totals))
        entered.append({"sides": [{"name": names[s], "morto": "taken"} for s in range(2)]})
    return {
        "id": match_id, "version": version, "name": "Friday club <night>",
        "created": "2026-11-27T20:30:00", "profile": "buraco-aberto", "target": 3000,
        "sides": [{"name": names[0], "players": ["Ana", "Bia"]},
                  {"name": names[1], "players": ["Caio", "Dora"]}],
        "deals": entered,
        "result": {"totals": totals, "after_each_deal": after, "status": "in-progress",
                   "winner": None, "problems": [], "target": 3000, "deals": scored},
    }


def played_deals(count: int = 24) -> list[dict[str, Any]]:
    """``count`` Buraco Aberto deals (as entered) in which nobody reaches 3000 before
    the last one; the last deal gives "Nós" a clean 1000 canastra and the match.

    Mixes the two ways of entering a side: melds (the referee counts them, here
    seed 001 §09's 3♥…9♥ run, 245) and counts (quick entry).
    """
    deals = []
    for i in range(count - 1):
        out = i % 2
        melder = {"melds": ["3H 4H 5H 6H 7H 8H 9H"], "hand_points": 5 * (i % 3),
                  "morto": "taken", "went_out": True, "closed_by": "discard"}
        counter = {"counts": {"table_points": 40 + 5 * (i % 4), "dirty": int(i % 4 == 1)},
                   "hand_points": 60, "morto": "not_taken"}
        sides = [melder, counter] if out == 0 else [counter, melder]
        deals.append({"sides": [dict(side, name=name) for side, name in
                                zip(sides, ("Nós", "Eles"), strict=True)]})
    deals.append({"sides": [
        {"name": "Nós", "counts": {"table_points": 150, "clean-1000": 1}, "morto": "taken",
         "went_out": True},
        {"name": "Eles", "counts": {"table_points": 60}, "hand_points": 25, "morto": "taken"},
    ]})
    return deals


def played_snapshot(count: int = 24, names: tuple[str, str] = ("Nós", "Eles"),
                    players: tuple[list[str], list[str]] = (["Ana", "Bia"], ["Caio", "Dora"]),
                    match_id: int = 11, version: int = 3) -> dict[str, Any]:
    """The snapshot the web app passes for a played match, scored by the real core."""
    from scorekeeper.rules import match_document

    deals = played_deals(count)
    for deal in deals:
        for side, name in zip(deal["sides"], names, strict=True):
            side["name"] = name
    result = match_document({"profile": "buraco-aberto", "sides": list(names),
                             "deals": deals})
    return {
        "id": match_id, "version": version, "name": "Clube do Buraco — final",
        "created": "2026-11-27T20:30:00+01:00", "profile": "buraco-aberto",
        "target": result["target"],
        "sides": [{"name": n, "players": p} for n, p in zip(names, players, strict=True)],
        "deals": deals, "result": result,
    }
