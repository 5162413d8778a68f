"""A table's standings over a set of its matches (an evening's, say): each player and each
pair, ranked by matches won, then by points, as clubs rank their nights.

Only finished matches count (a match in progress has no winner yet). A player scores the
points of their side: each side's final total, once for each of its players. A pair is
two players who sat on one side; a side of one player (three- or five-handed classic
Buraco) counts for that player only. Players are their ids on the table, so that a player
renamed keeps their line. Pure Python: the referee's match documents give the totals and
the winner.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Played:
    """A finished match as the standings read it: who sat on each side (their ids), each
    side's final total, and the side that won."""

    sides: Sequence[Sequence[int]]
    totals: Sequence[int]
    winner: int


@dataclass(frozen=True)
class Line:
    """One player's (one id) or one pair's (two ids) line."""

    who: tuple[int, ...]
    rank: int
    played: int
    won: int
    points: int


def standings(matches: Iterable[Played]) -> tuple[list[Line], list[Line]]:
    """The players' lines and the pairs' lines, each ranked: more matches won first, then
    more points; equal on both, the same rank (1, 1, 3)."""
    players: dict[tuple[int, ...], list[int]] = {}
    pairs: dict[tuple[int, ...], list[int]] = {}
    for match in matches:
        for i, seats in enumerate(match.sides):
            won = int(i == match.winner)
            points = match.totals[i] if i < len(match.totals) else 0
            keys = [(seat,) for seat in seats]
            for key, into in [(k, players) for k in keys] + (
                    [(tuple(sorted(seats)), pairs)] if len(seats) == 2 else []):
                line = into.setdefault(key, [0, 0, 0])
                line[0] += 1
                line[1] += won
                line[2] += points
    return _ranked(players), _ranked(pairs)


def _ranked(found: dict[tuple[int, ...], list[int]]) -> list[Line]:
    order = sorted(found.items(), key=lambda item: (-item[1][1], -item[1][2], item[0]))
    lines: list[Line] = []
    for position, (who, (played, won, points)) in enumerate(order, start=1):
        tied = lines and (lines[-1].won, lines[-1].points) == (won, points)
        rank = lines[-1].rank if tied else position
        lines.append(Line(who=who, rank=rank, played=played, won=won, points=points))
    return lines
