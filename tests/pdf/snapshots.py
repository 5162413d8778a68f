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


def usual_snapshot(profile_id: str, count: int = 12, *, house: bool = False,
                   corrected: int = 0, version: int = 1,
                   zone: str | None = "Europe/Rome") -> dict[str, Any]:
    """A match of ``count`` deals in ``profile_id`` as a family plays it, scored by the
    real core: each side melds a canastra or two each deal, of one or two kinds (a bonus
    cell such as "2 × clean 200, dirty 100 = 500" every fourth deal; semi-clean instead
    of dirty where the game has it), one side goes out and the other pays its hand and,
    now and then, its pile; ``house``: under house rules (their reminder printed under
    the deals); ``corrected``: that many deals corrected (a note each); ``zone``: the
    time zone of the phone that started it (the top of the summary says its name)."""
    from scorekeeper.rules import PROFILES, match_document
    from scorekeeper.rules.document import export

    profile = PROFILES[profile_id]
    second = "semi-clean" if "semi-clean" in profile.bonuses else "dirty"
    names = ("Nós", "Eles")
    deals = []
    for i in range(count):
        out = i % 2
        sides = []
        for s in range(2):
            counts = {"table_points": 40 + 15 * ((i + s) % 5),
                      "clean": 2 if i % 4 == s else 1, second: int((i + s) % 2 == 0)}
            side: dict[str, Any] = {"name": names[s], "counts": counts,
                                    "hand_points": 0 if s == out else 45 + 5 * (i % 3),
                                    "morto": "taken" if s == out or i % 5 else "not_taken"}
            if s == out:
                side["went_out"] = True
            sides.append(side)
        deals.append({"sides": sides})
    rules: Any = profile_id
    kept = None
    if house:
        rules = dict(export(profile), id="casa", name="Regras da casa", base=profile_id)
        kept = {"document": rules, "version": 1}
    result = match_document({"profile": rules, "sides": list(names), "deals": deals})
    return {
        "id": 900 + count, "version": version, "name": "Família Souza — sexta",
        "created": "2026-11-27T20:30:00", "zone": zone, "profile": profile_id, "rules": kept,
        "target": result["target"],
        "sides": [{"name": "Nós", "players": ["Ana", "Bia"]},
                  {"name": "Eles", "players": ["Caio", "Dora"]}],
        "deals": deals, "result": result,
        "corrected": {n: f"2026-11-27T2{n % 4}:1{n % 6}:00" for n in range(1, corrected + 1)},
    }
