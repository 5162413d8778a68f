"""Who sits where in an event's next turn: the movements of docs/contract.md ("Events",
"Movements").

Every movement answers a list of tables ``(NS, EW)`` of entrant ids (two ids a side in
an individual event), numbered from 1, the entrants left without a table (byes) and any
warnings. "The r-th turn" of a movement counts only the plan's turns of that movement,
from 1.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import gcd
from typing import Any

from scorekeeper.rules.eventdoc import Movement
from scorekeeper.rules.problems import Problem

#: One table of a seating: its number, NS, EW (entrant ids) and, with groups, its group.
Seat = dict[str, Any]

#: The published individual schedule for 8 players on 2 tables (players by position):
#: in 7 turns everyone partners every other player once and opposes each twice.
INDIVIDUAL_8: tuple[tuple[tuple[tuple[int, int], tuple[int, int]], ...], ...] = (
    (((1, 2), (3, 4)), ((5, 6), (7, 8))),
    (((2, 4), (6, 7)), ((1, 3), (5, 8))),
    (((1, 4), (6, 8)), ((2, 3), (5, 7))),
    (((2, 5), (4, 8)), ((1, 6), (3, 7))),
    (((1, 5), (2, 6)), ((3, 8), (4, 7))),
    (((1, 8), (2, 7)), ((3, 5), (4, 6))),
    (((1, 7), (4, 5)), ((2, 8), (3, 6))),
)


def mitchell_offset(shift: int, r: int, tables: int) -> int:
    """How many tables the EW entrants have moved on at the r-th Mitchell turn.

    >>> mitchell_offset(1, 1, 5), mitchell_offset(2, 4, 5)
    (0, 1)
    """
    return shift * (r - 1) % tables if tables else 0


def mitchell(ids: Sequence[int], r: int, shift: int) -> tuple[list[Seat], list[int]]:
    """The r-th Mitchell turn: entrant i (1-based) sits NS at table i for i ≤ T (half the
    entrants, rounded up); entrant T + i starts EW at table i and sits at table
    ((i − 1 + k(r − 1)) mod T) + 1. With an odd count the last EW seat is empty: its
    table is not listed and its NS entrant has a bye.

    >>> mitchell([1, 2, 3, 4, 5, 6], 2, 1)[0][0]
    {'table': 1, 'ns': 1, 'ew': 6}
    >>> mitchell([1, 2, 3, 4, 5], 1, 1)
    ([{'table': 1, 'ns': 1, 'ew': 4}, {'table': 2, 'ns': 2, 'ew': 5}], [3])
    """
    count = (len(ids) + 1) // 2
    ns, ew = ids[:count], ids[count:]
    offset = mitchell_offset(shift, r, count)
    tables, byes = [], []
    for table in range(1, count + 1):
        started = (table - 1 - offset) % count  # the EW entrant's first table, 0-based
        if started < len(ew):
            tables.append({"table": table, "ns": ns[table - 1], "ew": ew[started]})
        else:
            byes.append(ns[table - 1])
    return tables, byes


def mitchell_warnings(plan: Sequence[Movement], turn: int, entrants: int) -> list[Problem]:
    """``mitchell-repeat`` when the Mitchell turn at ``plan[turn]`` seats the EW entrants
    where an earlier Mitchell turn of the plan did: they meet NS entrants they have met
    (with one shift k, after T / gcd(k, T) Mitchell turns).

    >>> plan = [Movement("mitchell", 2)] * 4
    >>> [len(mitchell_warnings(plan, t, 8)) for t in range(4)]
    [0, 0, 1, 1]
    """
    tables = (entrants + 1) // 2
    seen: dict[int, int] = {}
    r = 0
    for movement in plan[: turn + 1]:
        if movement.name != "mitchell":
            continue
        r += 1
        seen.setdefault(mitchell_offset(movement.shift, r, tables), r)
    shift = plan[turn].shift
    first = seen[mitchell_offset(shift, r, tables)]
    if first == r:
        return []
    return [Problem("mitchell-repeat", {
        "mitchell_turn": r, "first_met": first, "tables": tables, "shift": shift,
        "period": tables // gcd(shift, tables) if tables else 0})]


def group_sizes(count: int, groups: int) -> list[int]:
    """``count`` entrants cut into ``groups`` groups as equal as possible, larger first.

    >>> group_sizes(10, 3)
    [4, 3, 3]
    """
    size, larger = divmod(count, groups)
    return [size + 1] * larger + [size] * (groups - larger)


def cut(ranked: Sequence[int], groups: int) -> list[list[int]]:
    """The standings cut as a Danese in ``groups`` groups cuts them: each group's
    entrants, best first (``group_sizes``).

    >>> cut([4, 2, 1, 3, 5], 2)
    [[4, 2, 1], [3, 5]]
    """
    out, start = [], 0
    for size in group_sizes(len(ranked), groups):
        out.append(list(ranked[start:start + size]))
        start += size
    return out


def ranked_within(lines: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lines of the standings (best first) ranked among themselves, as the standings
    rank: equal VP and MP share a rank, the next rank skipping (a group's standings).

    >>> [l["rank"] for l in ranked_within([{"rank": 3, "vp": 30, "mp": 900},
    ...     {"rank": 4, "vp": 28, "mp": 800}, {"rank": 4, "vp": 28, "mp": 800}])]
    [1, 2, 2]
    """
    out: list[dict[str, Any]] = []
    for place, line in enumerate(lines, start=1):
        tied = out and (out[-1]["vp"], out[-1]["mp"]) == (line["vp"], line["mp"])
        out.append({**line, "rank": out[-1]["rank"] if tied else place})
    return out


def last_groups(doc: Mapping[str, Any], before: Sequence[Mapping[str, Any]]
                ) -> list[list[int]] | None:
    """The entrants of each group the event document ``doc``'s last seated turn plays in,
    when its movement is a Danese in more than one group: ``before``, the standings before
    that turn, cut as the turn was cut (``cut``); None otherwise.

    >>> plan = [{"movement": "mitchell"}, {"movement": "danese", "groups": 2}]
    >>> before = [{"id": 4}, {"id": 2}, {"id": 1}, {"id": 3}]
    >>> last_groups({"plan": plan, "turns": [{}, {}]}, before)
    [[4, 2], [1, 3]]
    >>> last_groups({"plan": plan, "turns": [{}]}, before) is None
    True
    """
    turns = doc.get("turns") or []
    plan = doc.get("plan") or []
    movement = plan[len(turns) - 1] if 0 < len(turns) <= len(plan) else {}
    groups = movement.get("groups") or 1
    if not str(movement.get("movement")).startswith("danese") or groups < 2:
        return None
    return cut([line["id"] for line in before], groups)


def by_group(standings: Sequence[dict[str, Any]], groups: Sequence[Sequence[int]]
             ) -> list[list[dict[str, Any]]]:
    """The lines of ``standings`` cut into ``groups`` (each group's entrants), each group
    in the standings' order and ranked among itself (``ranked_within``).

    >>> lines = [{"id": 1, "rank": 1, "vp": 30, "mp": 900},
    ...          {"id": 3, "rank": 2, "vp": 25, "mp": 800},
    ...          {"id": 2, "rank": 3, "vp": 20, "mp": 700}]
    >>> [[(l["id"], l["rank"]) for l in g] for g in by_group(lines, [[2, 1], [3]])]
    [[(1, 1), (2, 2)], [(3, 1)]]
    """
    lines = {line["id"]: line for line in standings}
    order = {line["id"]: i for i, line in enumerate(standings)}
    return [ranked_within(sorted((lines[e] for e in members if e in lines),
                                 key=lambda line: order[line["id"]]))
            for members in groups]


def _pair_down(ranked: Sequence[int]) -> list[tuple[int, int]]:
    """Danese: the 1st meets the 2nd, the 3rd the 4th…; ``ranked`` has an even count."""
    return [(ranked[i], ranked[i + 1]) for i in range(0, len(ranked) - 1, 2)]


def _pair_avoiding(ranked: Sequence[int], last: Mapping[int, int]) -> list[tuple[int, int]]:
    """Danese-modified: going down, an entrant whose next one down was its last opponent
    meets the one after it; a rematch left at the bottom swaps the last table's lower
    entrant with the lower entrant of the table above."""
    waiting = list(ranked)
    pairs: list[tuple[int, int]] = []
    while waiting:
        top = waiting.pop(0)
        pick = 1 if len(waiting) > 1 and last.get(top) == waiting[0] else 0
        pairs.append((top, waiting.pop(pick)))
    if len(pairs) > 1 and last.get(pairs[-1][0]) == pairs[-1][1]:
        (a, b), (c, d) = pairs[-2], pairs[-1]
        pairs[-2:] = [(a, d), (c, b)]
    return pairs


def danese(ranked: Sequence[int], groups: int | None, last: Mapping[int, int] | None
           ) -> tuple[list[Seat], list[int]]:
    """Danese (``last`` None) or Danese-modified (``last``: each entrant's opponent in the
    previous turn): the standings paired down, group after group, the better ranked NS;
    an odd group gives its last the bye.

    >>> danese([4, 2, 1, 3, 5], None, None)
    ([{'table': 1, 'ns': 4, 'ew': 2}, {'table': 2, 'ns': 1, 'ew': 3}], [5])
    >>> danese([4, 2, 1, 3], None, {4: 2, 2: 4, 1: 3, 3: 1})[0]
    [{'table': 1, 'ns': 4, 'ew': 1}, {'table': 2, 'ns': 2, 'ew': 3}]
    """
    rank = {entrant: i for i, entrant in enumerate(ranked)}
    tables: list[Seat] = []
    byes: list[int] = []
    start = 0
    for group, size in enumerate(group_sizes(len(ranked), groups or 1), start=1):
        members = list(ranked[start:start + size])
        start += size
        if len(members) % 2:
            byes.append(members.pop())
        pairs = _pair_down(members) if last is None else _pair_avoiding(members, last)
        for a, b in pairs:
            ns, ew = (a, b) if rank[a] < rank[b] else (b, a)
            seat: Seat = {"table": len(tables) + 1, "ns": ns, "ew": ew}
            if groups is not None:
                seat["group"] = group
            tables.append(seat)
    return tables, byes


def round_robin(ids: Sequence[int], r: int) -> tuple[list[Seat], list[int]]:
    """The r-th round-robin turn by the circle method: the first entrant stays, the others
    turn one place a turn; an odd count adds an empty seat (a bye). Everyone meets everyone
    once in N − 1 turns (N even) or N turns (N odd), then the cycle starts again.

    >>> round_robin([1, 2, 3, 4], 1)
    ([{'table': 1, 'ns': 1, 'ew': 4}, {'table': 2, 'ns': 2, 'ew': 3}], [])
    """
    seats: list[int | None] = [*ids, None] if len(ids) % 2 else list(ids)
    if len(seats) < 2:
        return [], list(ids)
    others = seats[1:]
    step = (r - 1) % len(others)
    circle = [seats[0], *others[len(others) - step:], *others[:len(others) - step]]
    tables: list[Seat] = []
    byes: list[int] = []
    for i in range(len(circle) // 2):
        a, b = circle[i], circle[len(circle) - 1 - i]
        if i == 0 and step % 2:  # the entrant who stays changes direction each turn
            a, b = b, a
        if a is None or b is None:
            present = a if b is None else b
            if present is not None:
                byes.append(present)
            continue
        tables.append({"table": len(tables) + 1, "ns": a, "ew": b})
    return tables, byes


def individual_8(ids: Sequence[int], r: int) -> tuple[list[Seat], list[int]]:
    """The r-th turn of the published schedule for 8 players (repeating after 7).

    >>> individual_8(list(range(11, 19)), 8)[0][1]
    {'table': 2, 'ns': [15, 16], 'ew': [17, 18]}
    """
    turn = INDIVIDUAL_8[(r - 1) % len(INDIVIDUAL_8)]
    return [{"table": t, "ns": [ids[ns[0] - 1], ids[ns[1] - 1]],
             "ew": [ids[ew[0] - 1], ids[ew[1] - 1]]}
            for t, (ns, ew) in enumerate(turn, start=1)], []


def seat_next(ids: Sequence[int], plan: Sequence[Movement], played: int,
              ranked: Sequence[int], last: Mapping[int, int]) -> dict[str, Any] | None:
    """``next`` of an event: how the turn after the ``played`` ones sits, by
    ``plan[played]``; None when the plan is played out. ``ranked``: the entrants in the
    standings' order; ``last``: each entrant's opponent in the last turn played."""
    if played >= len(plan):
        return None
    movement = plan[played]
    r = sum(1 for m in plan[: played + 1] if m.name == movement.name)
    warnings: list[Problem] = []
    if movement.name == "mitchell":
        tables, byes = mitchell(ids, r, movement.shift)
        warnings = mitchell_warnings(plan, played, len(ids))
    elif movement.name == "danese":
        tables, byes = danese(ranked, movement.groups, None)
    elif movement.name == "danese-modified":
        final = played == len(plan) - 1  # the plan's last turn may bring a rematch
        tables, byes = danese(ranked, movement.groups, None if final else last)
    elif movement.name == "round-robin":
        tables, byes = round_robin(ids, r)
    else:
        tables, byes = individual_8(ids, r)
    order = {entrant: i for i, entrant in enumerate(ids)}
    return {"turn": played + 1, "movement": movement.name, "tables": tables,
            "byes": sorted(byes, key=order.__getitem__),
            "warnings": [w.as_dict() for w in warnings]}
