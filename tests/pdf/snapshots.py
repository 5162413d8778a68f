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
