"""A club's season: several evenings summed per entrant, as clubs run their winter
championships (docs/guide.md, "A club's season").

Each evening gives every entrant its victory points (VP) and match points (MP) as its
standings say them (``events.standings``); an evening that counts double gives twice
both. An entrant is the same from one evening to the next by name, compared without
case, spacing or accents (``key``: the caller's, the names module's). With ``best``, only
an entrant's best ``best`` evenings count (the most VP, then the most MP, then the
earliest); the others are dropped: shown, not counted. Each entrant's average is its
counted VP (and MP) per evening counted, an evening counting double counting as two.

Without ``qualify`` the standings are the sums: the VP counted, then the MP, best first
(coming to every evening counts). With ``qualify``, an entrant is ranked only once it has
played that many evenings, by its averages: the VP per evening, then the MP; the others
follow, unranked ("not yet qualified"). Equal on both share a rank, listed by name, the
next rank skipping.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

#: The most evenings a season sums (a winter of weekly evenings, and more).
MAX_EVENINGS = 60


def season_standings(evenings: Sequence[dict[str, Any]], best: int | None,
                     key: Callable[[str], str] = str.casefold,
                     qualify: int | None = None) -> list[dict[str, Any]]:
    """The season's standings from its ``evenings`` (in order, each ``{"standings": [{"name",
    "vp", "mp"}, …], "double": bool}``): the ranked entrants first, then those not yet
    qualified (``rank`` None).

    >>> one = {"standings": [{"name": "Rossi", "vp": 15, "mp": 700},
    ...                      {"name": "Verdi", "vp": 5, "mp": 210}], "double": False}
    >>> two = {"standings": [{"name": "verdi", "vp": 12, "mp": 500},
    ...                      {"name": "Rossi", "vp": 8, "mp": 400}], "double": True}
    >>> [(s["rank"], s["name"], s["vp"], s["mp"], s["evenings"], round(s["average"], 2))
    ...  for s in season_standings([one, two], None)]
    [(1, 'Rossi', 31, 1500, [15, 16], 10.33), (2, 'Verdi', 29, 1210, [5, 24], 9.67)]
    >>> [(s["name"], s["vp"], s["counted"], s["average"])
    ...  for s in season_standings([one, two], 1)]
    [('Verdi', 24, [False, True], 12.0), ('Rossi', 16, [False, True], 8.0)]
    >>> lone = {"standings": [{"name": "Neri", "vp": 18, "mp": 800}], "double": False}
    >>> [(s["rank"], s["name"]) for s in season_standings([one, two, lone], None)]
    [(1, 'Rossi'), (2, 'Verdi'), (3, 'Neri')]
    >>> [(s["rank"], s["name"]) for s in season_standings([one, two, lone], None, qualify=1)]
    [(1, 'Neri'), (2, 'Rossi'), (3, 'Verdi')]
    >>> three = {"standings": [{"name": "Bruni", "vp": 20, "mp": 900}], "double": False}
    >>> [(s["rank"], s["name"], s["played"], s["qualified"]) for s in
    ...  season_standings([one, two, three], None, qualify=2)]
    [(1, 'Rossi', 2, True), (2, 'Verdi', 2, True), (None, 'Bruni', 1, False)]
    """
    entrants: dict[str, dict[str, Any]] = {}
    for index, evening in enumerate(evenings):
        weight = 2 if evening.get("double") else 1
        for line in evening["standings"]:
            name = str(line["name"])
            found = entrants.setdefault(key(name), {"name": name, "scores": {}})
            found["scores"][index] = (weight * line["vp"], weight * line["mp"], weight)
    out = [_line(found["name"], found["scores"], len(evenings), best, qualify)
           for found in entrants.values()]
    by = _averages if qualify is not None else _sums
    out.sort(key=lambda s: (*by(s), key(s["name"])))
    for place, line in enumerate(out, start=1):
        before = out[place - 2] if place > 1 else None
        tied = before is not None and by(before) == by(line)
        line["rank"] = None if not line["qualified"] else \
            before["rank"] if tied and before else place
    return out


def _line(name: str, scores: dict[int, tuple[int, int, int]], evenings: int,
          best: int | None, qualify: int | None) -> dict[str, Any]:
    """An entrant's line: its best evenings counted (the most VP, then MP, then the
    earliest), the others dropped; its sums and averages over those counted."""
    order = sorted(scores, key=lambda i: (-scores[i][0], -scores[i][1], i))
    counted = set(order if best is None else order[:best])
    weight = sum(scores[i][2] for i in counted)
    vp, mp = sum(scores[i][0] for i in counted), sum(scores[i][1] for i in counted)
    return {"name": name, "vp": vp, "mp": mp, "average": vp / weight,
            "average_mp": mp / weight, "played": len(scores),
            "qualified": qualify is None or len(scores) >= qualify,
            "evenings": [scores[i][0] if i in scores else None for i in range(evenings)],
            "counted": [i in counted for i in range(evenings)]}


def _sums(line: dict[str, Any]) -> tuple[int, int]:
    """A line's place without a qualifying number: its VP, then its MP (best first)."""
    return -line["vp"], -line["mp"]


def _averages(line: dict[str, Any]) -> tuple[bool, float, float]:
    """A line's place with one: qualified first, then its VP and MP per evening."""
    return not line["qualified"], -line["average"], -line["average_mp"]
