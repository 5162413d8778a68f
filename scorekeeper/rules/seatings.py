"""How each movement seats a turn (docs/contract.md, "Events", "Movements"): the hooks
the registry of movements (``movements.py``) names, one a movement.

Every hook answers a list of tables ``(NS, EW)`` of entrant ids (two ids a side in an
individual event), numbered from 1, and the entrants left without a table (byes). The
movements that seat entrants by their place in ``entrants`` (Mitchell, round robin,
individual) are handed those places with ``None`` for an empty seat (an entrant
withdrawn, docs/contract.md "Withdrawal"): the entrant facing it has a bye, as the
movement's own empty seat gives one. The Danese ones pair the standings, withdrawn
entrants left out.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from math import gcd
from typing import Any

#: One table of a seating: its number, NS, EW (entrant ids) and, with groups, its group.
Seat = dict[str, Any]
#: An entrant's place: its id, or ``None`` for an empty seat.
Place = int | None

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
#: The players ``individual-8`` seats.
INDIVIDUAL_8_PLAYERS = 8


def mitchell_offset(shift: int, r: int, tables: int) -> int:
    """How many tables the EW entrants have moved on at the r-th Mitchell turn.

    >>> mitchell_offset(1, 1, 5), mitchell_offset(2, 4, 5)
    (0, 1)
    """
    return shift * (r - 1) % tables if tables else 0


def mitchell(places: Sequence[Place], r: int, shift: int) -> tuple[list[Seat], list[int]]:
    """The r-th Mitchell turn: entrant i (1-based) sits NS at table i for i ≤ T (half the
    entrants, rounded up); entrant T + i starts EW at table i and sits at table
    ((i − 1 + k(r − 1)) mod T) + 1. A table with an empty seat (the last EW one of an
    odd count, a withdrawn entrant's) is not listed, the other tables keep their
    numbers, and the entrant at it has a bye.

    >>> mitchell([1, 2, 3, 4, 5, 6], 2, 1)[0][0]
    {'table': 1, 'ns': 1, 'ew': 6}
    >>> mitchell([1, 2, 3, 4, 5], 1, 1)
    ([{'table': 1, 'ns': 1, 'ew': 4}, {'table': 2, 'ns': 2, 'ew': 5}], [3])
    >>> mitchell([1, None, 3, 4, 5, 6], 1, 1)
    ([{'table': 1, 'ns': 1, 'ew': 4}, {'table': 3, 'ns': 3, 'ew': 6}], [5])
    """
    count = (len(places) + 1) // 2
    ns, ew = places[:count], places[count:]
    offset = mitchell_offset(shift, r, count)
    tables: list[Seat] = []
    byes: list[int] = []
    for table, north in enumerate(ns, start=1):
        started = (table - 1 - offset) % count  # the EW entrant's first table, 0-based
        south = ew[started] if started < len(ew) else None
        if north is None or south is None:
            byes += [e for e in (north, south) if e is not None]
        else:
            tables.append({"table": table, "ns": north, "ew": south})
    return tables, byes


def mitchell_repeat(shifts: Sequence[int], entrants: int) -> dict[str, int] | None:
    """The ``mitchell-repeat`` warning's parameters when the last of the Mitchell turns
    whose shifts are ``shifts`` (every Mitchell turn of the plan up to it, in order)
    seats the EW entrants where an earlier one did: they meet NS entrants they have met
    (with one shift k, after T / gcd(k, T) Mitchell turns). None otherwise, and always
    with no EW entrant to meet anyone (fewer than two entrants).

    >>> [mitchell_repeat([2] * r, 8) is not None for r in range(1, 5)]
    [False, False, True, True]
    >>> mitchell_repeat([1, 1], 0) is None
    True
    """
    tables = (entrants + 1) // 2
    if entrants < 2:
        return None
    seen: dict[int, int] = {}
    for r, shift in enumerate(shifts, start=1):
        seen.setdefault(mitchell_offset(shift, r, tables), r)
    r, shift = len(shifts), shifts[-1]
    first = seen[mitchell_offset(shift, r, tables)]
    if first == r:
        return None
    return {"mitchell_turn": r, "first_met": first, "tables": tables, "shift": shift,
            "period": tables // gcd(shift, tables)}


def group_sizes(count: int, groups: int) -> list[int]:
    """How many of ``count`` entrants each of ``groups`` groups of a Danese holds: the
    turn's tables cut into groups as equal as possible, the larger first, two entrants a
    table; an odd count's last entrant (the bye) with the last group.

    >>> group_sizes(10, 2), group_sizes(11, 3), group_sizes(9, 2)
    ([6, 4], [4, 4, 3], [4, 5])
    """
    size, larger = divmod(count // 2, groups)
    sizes = [2 * (size + 1)] * larger + [2 * size] * (groups - larger)
    sizes[-1] += count % 2
    return sizes


def cut(ranked: Sequence[int], groups: int) -> list[list[int]]:
    """The standings cut as a Danese in ``groups`` groups cuts them: each group's
    entrants, best first (``group_sizes``).

    >>> cut([4, 2, 1, 3, 5], 2)
    [[4, 2], [1, 3, 5]]
    """
    out, start = [], 0
    for size in group_sizes(len(ranked), groups):
        out.append(list(ranked[start:start + size]))
        start += size
    return out


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
    previous turn): an odd count gives the last in the standings the bye, then the
    standings are paired down, group after group (cut in whole tables), the better
    ranked NS.

    >>> danese([4, 2, 1, 3, 5], None, None)
    ([{'table': 1, 'ns': 4, 'ew': 2}, {'table': 2, 'ns': 1, 'ew': 3}], [5])
    >>> danese([4, 2, 1, 3], None, {4: 2, 2: 4, 1: 3, 3: 1})[0]
    [{'table': 1, 'ns': 4, 'ew': 1}, {'table': 2, 'ns': 2, 'ew': 3}]
    """
    rank = {entrant: i for i, entrant in enumerate(ranked)}
    seated = len(ranked) - len(ranked) % 2
    tables: list[Seat] = []
    start = 0
    for group, size in enumerate(group_sizes(len(ranked), groups or 1), start=1):
        members = ranked[start:min(start + size, seated)]  # the last group less the bye
        start += size
        pairs = _pair_down(members) if last is None else _pair_avoiding(members, last)
        for a, b in pairs:
            ns, ew = (a, b) if rank[a] < rank[b] else (b, a)
            seat: Seat = {"table": len(tables) + 1, "ns": ns, "ew": ew}
            if groups is not None:
                seat["group"] = group
            tables.append(seat)
    return tables, list(ranked[seated:])


def round_robin(places: Sequence[Place], r: int) -> tuple[list[Seat], list[int]]:
    """The r-th round-robin turn by the circle method: the first entrant stays, the others
    turn one place a turn; an odd count adds an empty seat. Everyone meets everyone once
    in N − 1 turns (N even) or N turns (N odd), then the cycle starts again. The entrant
    who stays sits North-South in odd turns, East-West in even ones; an entrant facing
    an empty seat (the odd count's, a withdrawn entrant's) has a bye, and the tables
    played are numbered from 1.

    >>> round_robin([1, 2, 3, 4], 1)
    ([{'table': 1, 'ns': 1, 'ew': 4}, {'table': 2, 'ns': 2, 'ew': 3}], [])
    >>> round_robin([1, 2, 3, 4], 4)[0][0]
    {'table': 1, 'ns': 4, 'ew': 1}
    """
    seats: list[Place] = [*places, None] if len(places) % 2 else list(places)
    if len(seats) < 2:
        return [], [e for e in places if e is not None]
    others = seats[1:]
    step = (r - 1) % len(others)
    circle = [seats[0], *others[len(others) - step:], *others[:len(others) - step]]
    tables: list[Seat] = []
    byes: list[int] = []
    for i in range(len(circle) // 2):
        a, b = circle[i], circle[len(circle) - 1 - i]
        if i == 0 and r % 2 == 0:  # the entrant who stays changes direction each turn
            a, b = b, a
        if a is None or b is None:
            byes += [e for e in (a, b) if e is not None]
            continue
        tables.append({"table": len(tables) + 1, "ns": a, "ew": b})
    return tables, byes


def individual_8(places: Sequence[Place], r: int) -> tuple[list[Seat], list[int]]:
    """The r-th turn of the published schedule for 8 players (repeating after 7). A table
    with an empty seat (a withdrawn player's) is not played: its other players have a
    bye, and the other table keeps its number.

    >>> individual_8(list(range(11, 19)), 8)[0][1]
    {'table': 2, 'ns': [15, 16], 'ew': [17, 18]}
    >>> individual_8([1, 2, None, 4, 5, 6, 7, 8], 1)
    ([{'table': 2, 'ns': [5, 6], 'ew': [7, 8]}], [1, 2, 4])
    """
    turn = INDIVIDUAL_8[(r - 1) % len(INDIVIDUAL_8)]
    tables: list[Seat] = []
    byes: list[int] = []
    for number, (ns, ew) in enumerate(turn, start=1):
        players = [places[p - 1] for p in (*ns, *ew)]
        if None in players:
            byes += [p for p in players if p is not None]
            continue
        tables.append({"table": number, "ns": players[:2], "ew": players[2:]})
    return tables, byes
