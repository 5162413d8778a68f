"""A club's tournament as a document: each table's match points and victory points, the
standings, and how the next turn sits (docs/contract.md, "Events").

Each deal is scored on its own by the deal scorer (``scoring.judge_sides``, every side's
total before it 0, no target), of which a table keeps each side's total and the deal's
problems; a table's match points (MP) are its deals' totals less
its penalties, its victory points (VP) come from the event's scale (``vptables.py``).
A table with fewer deals than ``deals_per_turn`` is in play and counts for nothing yet.

An event document is answered by ``eventkept`` (``event_document``), which keeps each
table's result.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.rules.eventdoc import (
    INDIVIDUAL,
    Event,
    TableInput,
)
from scorekeeper.rules.movements import seat_next
from scorekeeper.rules.problems import Problem
from scorekeeper.rules.scoring import judge_sides
from scorekeeper.rules.vptables import forfeit_vp, victory_points

#: Each deal on its own: both sides' totals before it are 0.
_BEFORE = (0, 0)
#: A table's sides, NS then EW, by their place in its ``mp`` and ``vp``.
_SIDES = ((0, "ns"), (1, "ew"))


def _side_ids(ids: tuple[int, ...], kind: str) -> int | list[int]:
    """A side as the contract writes it: an entrant id (pairs) or a list of two."""
    return list(ids) if kind == INDIVIDUAL else ids[0]


def _names(named: dict[int, str | None], table: TableInput) -> list[str | None]:
    """The names of a table's sides (an individual side: its players' names joined), for
    the messages of its deals' problems."""
    sides = []
    for ids in (table.ns, table.ew):
        if len(ids) == 1:  # a pair
            sides.append(named.get(ids[0]) or None)
            continue
        parts = [named.get(i) for i in ids]
        sides.append(" & ".join(p for p in parts if p) or None)
    return sides


def score_table(event: Event, table: TableInput, turn: int,
                named: dict[int, str | None] | None = None) -> tuple[dict[str, Any],
                                                                      list[Problem]]:
    """One table of turn ``turn`` (0-based): its MP and VP (``null`` while in play), and
    the problems of its deals, each naming its ``turn``, ``table`` and ``deal``
    (``named``: the entrants' names by id, when the caller has them at hand)."""
    out: dict[str, Any] = {"table": table.table, "ns": _side_ids(table.ns, event.kind),
                           "ew": _side_ids(table.ew, event.kind), "forfeit": table.forfeit}
    if table.forfeit is not None:
        present, absent = forfeit_vp(event.deals_per_turn)
        vp = [absent, present] if table.forfeit == "ns" else [present, absent]
        out.update(mp=[0, 0], vp=vp, complete=True, deals=[], penalties=[0, 0])
        return out, []
    names = _names(dict(event.entrants) if named is None else named, table)
    problems: list[Problem] = []
    totals: list[list[int]] = []
    most, profile = event.deals_per_turn, event.profile
    ns, ew = -table.penalties[0], -table.penalties[1]
    for index, sides in enumerate(table.deals):
        scored, found = judge_sides(profile, sides, _BEFORE, names)
        deal = [side["total"] for side in scored]
        totals.append(deal)
        if index < most:  # the deals past deals_per_turn count for nothing
            ns += deal[0]
            ew += deal[1]
        if found:
            problems.extend(Problem(p.code, p.params, {"turn": turn, "table": table.table,
                                                       "deal": index, **p.context})
                            for p in found)
    if len(table.deals) > most:
        problems.insert(0, Problem("too-many-deals", {"count": len(table.deals), "maximum": most},
                                   {"turn": turn, "table": table.table, "deal": most}))
    complete = len(table.deals) >= most
    out.update(mp=[ns, ew], vp=list(victory_points((ns, ew), event.vp_table)) if complete else None,
               complete=complete, deals=totals, penalties=list(table.penalties))
    return out, problems


def standings(event: Event, turns: Sequence[Sequence[dict[str, Any]]],
              byes: Sequence[Sequence[int]] | None = None) -> list[dict[str, Any]]:
    """VP then MP summed over the complete tables and the byes, best first; entrants
    equal on both share a rank and are listed by id, the next rank skipping (1, 1, 3).
    In an individual event each player gets their side's MP and VP (``byes``: each
    turn's, when the caller has them at hand). A withdrawn entrant keeps its place by
    its points, marked ``"withdrawn": true``."""
    return ranked(event, *points(event, turns, _byes(event) if byes is None else byes))


def points(event: Event, turns: Sequence[Sequence[dict[str, Any]]],
           byes: Sequence[Sequence[int]],
           start: tuple[dict[int, int], dict[int, int]] | None = None
           ) -> tuple[dict[int, int], dict[int, int]]:
    """Each entrant's VP and MP over the complete tables of ``turns`` and their ``byes``,
    added to ``start`` (the points of the turns before, left as they are) or to 0."""
    vp = dict(start[0]) if start else dict.fromkeys(event.ids, 0)
    mp = dict(start[1]) if start else dict.fromkeys(event.ids, 0)
    for tables, turn_byes in zip(turns, byes, strict=True):
        for table in tables:
            if not table["complete"]:
                continue
            for side, key in _SIDES:
                won, made = table["vp"][side], table["mp"][side]
                seat = table[key]
                for entrant in seat if isinstance(seat, list) else (seat,):
                    vp[entrant] += won
                    mp[entrant] += made
        for entrant in turn_byes:
            vp[entrant] += event.bye_vp
    return vp, mp


def ranked(event: Event, vp: dict[int, int], mp: dict[int, int]) -> list[dict[str, Any]]:
    """The standings' lines of these points (``standings``)."""
    names = dict(event.entrants)
    gone = dict(event.withdrawn)
    order = sorted(event.ids, key=lambda e: (-vp[e], -mp[e], e))
    out: list[dict[str, Any]] = []
    for place, entrant in enumerate(order, start=1):
        tied = out and (out[-1]["vp"], out[-1]["mp"]) == (vp[entrant], mp[entrant])
        out.append({"rank": out[-1]["rank"] if tied else place, "id": entrant,
                    "name": names[entrant], "vp": vp[entrant], "mp": mp[entrant]})
        if entrant in gone:
            out[-1]["withdrawn"] = True
    return out


def _byes(event: Event) -> list[list[int]]:
    """Each turn's byes: the entrants seated at no table, in ``entrants`` order (not one
    withdrawn by then)."""
    return unseated(event, [{e for table in tables for e in (*table.ns, *table.ew)}
                             for tables in event.turns])


def unseated(event: Event, seated: Sequence[set[int]]) -> list[list[int]]:
    """Each turn's byes, given who sat in it: the others, but those withdrawn by then."""
    ids = event.ids
    if not event.withdrawn:
        return [[e for e in ids if e not in sitting] for sitting in seated]
    return [[e for e in ids if e not in sitting and e not in event.gone(turn)]
            for turn, sitting in enumerate(seated, start=1)]


def _last_opponents(event: Event) -> dict[int, int]:
    """Each pair's opponent in the last turn played (Danese-modified avoids a rematch)."""
    last: dict[int, int] = {}
    for table in event.turns[-1] if event.turns else ():
        if len(table.ns) == 1:
            last[table.ns[0]], last[table.ew[0]] = table.ew[0], table.ns[0]
    return last


def score_event(event: Event) -> dict[str, Any]:
    """Score an event already read (``eventdoc.read_event``)."""
    problems: list[Problem] = []
    turns = []
    named = dict(event.entrants)
    for index, tables in enumerate(event.turns):
        scored = []
        for table in tables:
            out, found = score_table(event, table, index, named)
            scored.append(out)
            problems.extend(found)
        turns.append(scored)
    byes = _byes(event)
    ranked = standings(event, turns, byes)
    following = seat_next(event.ids, event.plan, len(event.turns),
                          [s["id"] for s in ranked], _last_opponents(event),
                          dict(event.withdrawn))
    return answer_document(event, turns, byes, ranked, following, [p.as_dict() for p in problems])


def answer_document(event: Event, turns: Sequence[Sequence[dict[str, Any]]],
                    byes: Sequence[list[int]], ranked: list[dict[str, Any]], following: Any,
                    problems: list[dict[str, Any]]) -> dict[str, Any]:
    """The event's answer (docs/contract.md, "Events"), however its tables were scored."""
    return {
        "name": event.name,
        "profile": event.profile.id,
        "kind": event.kind,
        "deals_per_turn": event.deals_per_turn,
        "valid": not problems,
        "turns": [{"tables": tables, "byes": turn_byes}
                  for tables, turn_byes in zip(turns, byes, strict=True)],
        "standings": ranked,
        "next": following,
        "problems": problems,
    }
