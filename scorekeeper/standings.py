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
from typing import Any

from scorekeeper.rules.profiles import ALL_CATEGORIES as CATEGORIES


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


@dataclass(frozen=True)
class Record:
    """How one player or pair (``a``) fared against another (``b``) in the matches where
    they sat on opposite sides: won, lost (another side won: three-handed), the points
    of ``a``'s side less ``b``'s, and each result in the order played ("won", "lost")."""

    won: int
    lost: int
    points: int
    trend: tuple[str, ...]
    margins: tuple[int, ...] = ()  # each match's points difference, in the same order
    which: tuple[int, ...] = ()  # each match's place among the matches read, in that order

    @property
    def played(self) -> int:
        return len(self.trend)


def versus(matches: Iterable[Played], a: Sequence[int], b: Sequence[int]) -> Record:
    """``a``'s record against ``b`` over ``matches`` (in the order played): the matches
    where all of ``a`` sat on one side and all of ``b`` on another."""
    won = lost = points = 0
    trend: list[str] = []
    margins: list[int] = []
    which: list[int] = []
    for place, match in enumerate(matches):
        mine = _side_of(match, a)
        theirs = _side_of(match, b)
        if mine is None or theirs is None or mine == theirs:
            continue
        which.append(place)
        margins.append(_total(match, mine) - _total(match, theirs))
        points += margins[-1]
        result = "won" if match.winner == mine else "lost"
        won, lost = won + (result == "won"), lost + (result == "lost")
        trend.append(result)
    return Record(won=won, lost=lost, points=points, trend=tuple(trend), margins=tuple(margins),
                  which=tuple(which))


def results(matches: Iterable[Played], who: Sequence[int]) -> list[tuple[int, bool]]:
    """``who``'s side's total in each match they played, in order, and whether it won."""
    found = []
    for match in matches:
        side = _side_of(match, who)
        if side is not None:
            found.append((_total(match, side), match.winner == side))
    return found


@dataclass(frozen=True)
class Company:
    """A player's best partners (the most matches won together) and toughest opponents
    (the most matches lost against): ids, several when they share the count (a tie is
    said as a tie), none when no match counted, with the count that decided it."""

    partners: tuple[int, ...]
    won_together: int
    opponents: tuple[int, ...]
    lost_against: int


def company(matches: Iterable[Played], player: int) -> Company:
    """Who ``player`` wins with most, and loses against most.

    >>> won = Played(sides=[[1, 2], [3, 4]], totals=[3005, 1200], winner=0)
    >>> lost = Played(sides=[[1, 3], [2, 4]], totals=[800, 3010], winner=1)
    >>> company([won, lost], 1)
    Company(partners=(2,), won_together=1, opponents=(2, 4), lost_against=1)
    """
    together: dict[int, int] = {}
    against: dict[int, int] = {}
    for match in matches:
        mine = _side_of(match, [player])
        if mine is None:
            continue
        for i, seats in enumerate(match.sides):
            for other in seats:
                if other == player:
                    continue
                if i == mine:
                    together[other] = together.get(other, 0) + (match.winner == mine)
                else:
                    against[other] = against.get(other, 0) + (match.winner == i)
    partners, won = _most(together)
    opponents, lost = _most(against)
    return Company(partners=partners, won_together=won, opponents=opponents,
                   lost_against=lost)


def _most(counts: dict[int, int]) -> tuple[tuple[int, ...], int]:
    """The ids that share the highest count, by id, and that count (none below 1)."""
    top = max(counts.values(), default=0)
    return (tuple(sorted(i for i, n in counts.items() if n == top)) if top else ()), top


def _side_of(match: Played, who: Sequence[int]) -> int | None:
    """The side on which every one of ``who`` sat, if they sat together."""
    for i, seats in enumerate(match.sides):
        if who and all(w in seats for w in who):
            return i
    return None


def _total(match: Played, side: int) -> int:
    return match.totals[side] if side < len(match.totals) else 0


@dataclass(frozen=True)
class Figures:
    """What a set of sides' deals says, each figure with what it rests on: ``deals`` for
    what every deal gives (cards or counts), ``by_cards`` for what only deals entered
    card by card give (their melds)."""

    deals: int
    by_cards: int
    canastras: dict[str, int]  # by category, over ``deals``
    went_out: int
    lost_without_morto: int  # deals scored below another side with the morto not taken
    # deals where the side took its morto before every other side, over ``morto_known``:
    # the deals where someone took one and it is known who was first (the players noted
    # it, or only one side took one)
    morto_first: int
    morto_known: int
    biggest: int | None
    points: int  # the deals' totals added up
    melds: int  # melds laid down, over ``by_cards``

    def __add__(self, other: Figures) -> Figures:
        """The figures of both sets of deals together."""
        biggest = [b for b in (self.biggest, other.biggest) if b is not None]
        return Figures(deals=self.deals + other.deals, by_cards=self.by_cards + other.by_cards,
                       canastras={c: self.canastras.get(c, 0) + other.canastras.get(c, 0)
                                  for c in CATEGORIES},
                       went_out=self.went_out + other.went_out,
                       lost_without_morto=self.lost_without_morto + other.lost_without_morto,
                       morto_first=self.morto_first + other.morto_first,
                       morto_known=self.morto_known + other.morto_known,
                       biggest=max(biggest) if biggest else None,
                       points=self.points + other.points, melds=self.melds + other.melds)


NO_FIGURES = Figures(deals=0, by_cards=0, canastras=dict.fromkeys(CATEGORIES, 0), went_out=0,
                     lost_without_morto=0, morto_first=0, morto_known=0, biggest=None,
                     points=0, melds=0)

#: A side's morto states that mean it took its morto.
_TOOK = ("taken", "unused")


def first_morto(sides: list[dict[str, Any]], noted: int | None) -> int | None:
    """Which side took its morto first in a deal (``sides``: the deal's sides as the
    referee scored them), when that is known: the side the players noted (``noted``, the
    deal document's ``morto_first``) if it took one, else the only side that took one;
    None when nobody took one or several did and nobody noted who was first.

    >>> first_morto([{"morto": "taken"}, {"morto": "not_taken"}], None)
    0
    >>> first_morto([{"morto": "taken"}, {"morto": "unused"}], 1)
    1
    >>> first_morto([{"morto": "taken"}, {"morto": "taken"}], None) is None
    True
    """
    took = [j for j, side in enumerate(sides) if side.get("morto") in _TOOK]
    if noted in took:
        return noted
    return took[0] if len(took) == 1 else None


def side_figures(result: dict[str, Any], noted: dict[int, int] | None = None) -> list[Figures]:
    """Each side's figures over the deals of one match (the referee's match document;
    ``noted``: the side the players noted as first to take its morto, by deal index): the
    pieces a player's or a pair's figures add up, kept per match version."""
    per_side: list[list[tuple[dict[str, Any], int, bool | None]]] = []
    for k, deal in enumerate(result.get("deals") or []):
        sides = deal.get("sides") or []
        totals = [_int(side.get("total")) for side in sides]
        first = first_morto(sides, (noted or {}).get(k))
        while len(per_side) < len(sides):
            per_side.append([])
        for j, scored in enumerate(sides):
            others = max((t for i, t in enumerate(totals) if i != j), default=0)
            per_side[j].append((scored, others, None if first is None else first == j))
    return [_figures(deals) for deals in per_side]


def _figures(sides: Iterable[tuple[dict[str, Any], int, bool | None]]) -> Figures:
    """The figures of these sides' deals: each side's deal as the referee scored it (its
    ``sides`` item of a deal of the match document), with the best total of the other
    sides in that deal and whether it took its morto first (None: not known)."""
    deals = by_cards = went_out = lost = points = melds = first = known = 0
    canastras = dict.fromkeys(CATEGORIES, 0)
    biggest: int | None = None
    for scored, others_best, was_first in sides:
        first += bool(was_first)
        known += was_first is not None
        total = _int(scored.get("total"))
        deals += 1
        points += total
        biggest = total if biggest is None else max(biggest, total)
        for category in scored.get("canastras") or []:
            if category in canastras:
                canastras[category] += 1
        went_out += bool(scored.get("went_out"))
        lost += scored.get("morto") == "not_taken" and total < others_best
        if scored.get("counts") is None:
            by_cards += 1
            melds += len(scored.get("melds") or [])
    return Figures(deals=deals, by_cards=by_cards, canastras=canastras, went_out=went_out,
                   lost_without_morto=lost, morto_first=first, morto_known=known,
                   biggest=biggest, points=points, melds=melds)


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0
