"""A club's season: several evenings summed per entrant, as clubs run their winter
championships (docs/guide.md, "A club's season").

Each evening gives every entrant its victory points (VP) and match points (MP) as its
standings say them (``events.standings``); an evening that counts double gives twice
both. An entrant is the same from one evening to the next by name, compared without
case, spacing or accents (``key``: the caller's, the names module's). With ``best``, only
an entrant's best ``best`` evenings count (the most VP, then the most MP, then the
earliest); the others are shown, not counted. The standings: counted VP, then counted
MP, best first; equal on both share a rank, listed by name, the next rank skipping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

#: The most evenings a season sums (a winter of weekly evenings, and more).
MAX_EVENINGS = 60


def season_standings(evenings: Sequence[dict[str, Any]], best: int | None,
                     key: Callable[[str], str] = str.casefold) -> list[dict[str, Any]]:
    """The season's standings from its ``evenings`` (in order, each ``{"standings": [{"name",
    "vp", "mp"}, …], "double": bool}``).

    >>> one = {"standings": [{"name": "Rossi", "vp": 15, "mp": 700},
    ...                      {"name": "Verdi", "vp": 5, "mp": 210}], "double": False}
    >>> two = {"standings": [{"name": "verdi", "vp": 12, "mp": 500},
    ...                      {"name": "Rossi", "vp": 8, "mp": 400}], "double": True}
    >>> [(s["rank"], s["name"], s["vp"], s["mp"], s["evenings"]) for s in
    ...  season_standings([one, two], None)]
    [(1, 'Rossi', 31, 1500, [15, 16]), (2, 'Verdi', 29, 1210, [5, 24])]
    >>> [(s["name"], s["vp"], s["counted"]) for s in season_standings([one, two], 1)]
    [('Verdi', 24, [False, True]), ('Rossi', 16, [False, True])]
    """
    entrants: dict[str, dict[str, Any]] = {}
    for index, evening in enumerate(evenings):
        weight = 2 if evening.get("double") else 1
        for line in evening["standings"]:
            name = str(line["name"])
            found = entrants.setdefault(key(name), {"name": name, "scores": {}})
            found["scores"][index] = (weight * line["vp"], weight * line["mp"])
    out: list[dict[str, Any]] = []
    for found in entrants.values():
        scores: dict[int, tuple[int, int]] = found["scores"]
        order = sorted(scores, key=lambda i: (-scores[i][0], -scores[i][1], i))
        counted = set(order if best is None else order[:best])
        out.append({"name": found["name"],
                    "vp": sum(scores[i][0] for i in counted),
                    "mp": sum(scores[i][1] for i in counted),
                    "played": len(scores),
                    "evenings": [scores[i][0] if i in scores else None
                                 for i in range(len(evenings))],
                    "counted": [i in counted for i in range(len(evenings))]})
    out.sort(key=lambda s: (-s["vp"], -s["mp"], key(s["name"])))
    for place, line in enumerate(out, start=1):
        before = out[place - 2] if place > 1 else None
        tied = before is not None and (before["vp"], before["mp"]) == (line["vp"], line["mp"])
        line["rank"] = before["rank"] if tied and before else place
    return out
