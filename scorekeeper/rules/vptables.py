"""Victory points: a table's match-point difference turned into a 20-point share
(docs/contract.md, "Events").

The F.I.Bur. Codice di Gara (January 2026 edition) prints one scale per number of deals
in a turn (2, 3 or 4): the side ahead gets the VP of the first bracket whose upper edge is
at least the difference, the other side 20 minus that. The scales are data here, one row
``(upper edge, VP of the side ahead)`` per bracket, the last edge ``None`` ("over …").
A club may bring its own scale in the same shape; it is checked as it is read.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from scorekeeper.rules.problems import InputError

#: One bracket: its upper edge (``None``: no edge) and the VP of the side ahead.
Bracket = tuple[int | None, int]
VpTable = tuple[Bracket, ...]

#: The id of the federation's scales in an event document (``vp_table``).
FIBUR_2026 = "fibur-2026"
#: The VP both sides share, and what the two sides' VP always add up to.
EVEN_VP, TOTAL_VP = 10, 20
#: The VP of an entrant seated at no table in a turn (a bye) when the event document
#: does not say (``bye_vp``): an even share.
BYE_VP = EVEN_VP
#: Points move in steps of 5 (every card value is a multiple of 5), so a difference is
#: rounded down to the step before its bracket is looked up: 43 with 2 deals is 10-10.
STEP = 5
#: The most brackets a club's own table may have (one per VP from 10 to 20, and a spare).
MAX_BRACKETS = 32


def _scale(*edges: int) -> VpTable:
    """The brackets of one F.I.Bur. scale: its ten printed upper edges, VP 10 to 19, and
    "over the last" for 20."""
    return tuple(zip((*edges, None), range(EVEN_VP, TOTAL_VP + 1), strict=True))


#: F.I.Bur. Codice di Gara (January 2026), the VP scales by deals per turn.
FIBUR: dict[int, VpTable] = {
    2: _scale(40, 120, 200, 300, 400, 500, 620, 740, 870, 1000),
    3: _scale(50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500),
    4: _scale(100, 300, 500, 700, 900, 1100, 1300, 1500, 1700, 2000),
}

#: A forfeit's VP (present side, forfeiting side): 14-6, or 12-8 with 4 deals a turn.
FORFEIT_VP, FORFEIT_VP_FOUR_DEALS = (14, 6), (12, 8)


def forfeit_vp(deals_per_turn: int) -> tuple[int, int]:
    """The VP of the side present and of the side that forfeits.

    >>> forfeit_vp(3), forfeit_vp(4)
    ((14, 6), (12, 8))
    """
    return FORFEIT_VP_FOUR_DEALS if deals_per_turn == 4 else FORFEIT_VP


def victory_points(mp: Sequence[int], table: VpTable) -> tuple[int, int]:
    """Both sides' VP for their match points ``mp`` (NS, EW).

    >>> victory_points([1740, 1215], FIBUR[3])
    (15, 5)
    >>> victory_points([0, 43], FIBUR[2]), victory_points([0, 45], FIBUR[2])
    ((10, 10), (9, 11))
    """
    ns, ew = mp
    if ns == ew:
        return EVEN_VP, EVEN_VP
    difference = abs(ns - ew)
    rounded = difference - difference % STEP
    ahead = next(vp for edge, vp in table if edge is None or rounded <= edge)
    return (ahead, TOTAL_VP - ahead) if ns > ew else (TOTAL_VP - ahead, ahead)


def read_vp_table(value: Any, deals_per_turn: int, field: str = "vp_table") -> VpTable:
    """The scale an event document names: ``"fibur-2026"`` (for 2, 3 or 4 deals a turn)
    or the club's own list of ``[upper edge, VP]`` rows, checked.

    >>> read_vp_table([[100, 12], [None, 16]], 5)
    ((100, 12), (None, 16))
    """
    if value == FIBUR_2026:
        if deals_per_turn not in FIBUR:
            raise InputError("bad-value", field=field,
                             value=f"{FIBUR_2026} with deals_per_turn {deals_per_turn}",
                             expected="fibur-2026 deals")
        return FIBUR[deals_per_turn]
    if not isinstance(value, list) or not value or len(value) > MAX_BRACKETS:
        raise InputError("bad-value", field=field, value=_show(value), expected="vp table")
    rows = tuple(_bracket(row, f"{field}[{i}]") for i, row in enumerate(value))
    for i, (edge, vp) in enumerate(rows):
        last = i == len(rows) - 1
        previous = rows[i - 1] if i else None
        if (edge is None) != last or (previous is not None and (
                vp < previous[1] or (edge is not None and previous[0] is not None
                                     and edge <= previous[0]))):
            raise InputError("bad-value", field=f"{field}[{i}]", value=_show(value[i]),
                             expected="vp table")
    return rows


def _bracket(row: Any, field: str) -> Bracket:
    """One row of a club's scale: an edge (a whole number ≥ 0, or null) and VP 10-20."""
    if not isinstance(row, list) or len(row) != 2:
        raise InputError("bad-value", field=field, value=_show(row), expected="vp table")
    edge, vp = row
    if edge is not None and (isinstance(edge, bool) or not isinstance(edge, int) or edge < 0):
        raise InputError("bad-value", field=field, value=_show(row), expected="vp table")
    if isinstance(vp, bool) or not isinstance(vp, int) or not EVEN_VP <= vp <= TOTAL_VP:
        raise InputError("bad-value", field=field, value=_show(row), expected="vp table")
    return edge, vp


def _show(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
