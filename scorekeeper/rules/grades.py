"""Grades: how well each player plays, whoever they sit with (docs/contract.md, "Grades").

A result is a table played between two sides: a finished match of a table of friends, a
complete table of a club's turn. Each side's actual share is its VP out of 20, in
percentage points (``SHARE`` a VP). Its expected share is 50 + the mean of its players'
grades − the mean of its opponents' (the English Bridge Union's National Grading
Scheme's way with partners), kept within 0–100. The result moves its players by what it
said beyond that, the residual: each player's own step ``step(n)`` shrinks with the
results ``n`` they already rest on (``1 / (n + PRIOR)``) down to a floor
(``1 / LONGEST``), so that a grade is first a mean of the results and then weights the
recent ones more. The result's step is the mean of its players' steps; each side moves
by it in all (times its number of players), shared among its players in proportion to
their own steps, one side up and the other down by the same amount: zero-sum.

A member is anything hashable and ordered that names a player, all of one kind (the
callers': a name's key). The same update grades pairs: each partnership is then a member of
its own, its side of one. Pure: no clock, no I/O; one history in one order gives the
same grades, and a new result changes its players' grades alone.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.vptables import EVEN_VP, FIBUR, TOTAL_VP, victory_points

#: Every grade starts at an even share, in percentage points.
START = 50.0
#: A VP in percentage points of a result (20 VP are 100 %).
SHARE = 100 / TOTAL_VP
#: A new player's step is 1 / PRIOR: their first result moves them a quarter of its
#: residual, as if they had played PRIOR results at their starting grade.
PRIOR = 4
#: The step never falls below 1 / LONGEST (reached after LONGEST − PRIOR results): from
#: then on a result j results back weighs (1 − 1/LONGEST)^j of the latest one, half as
#: much after about 27 results.
LONGEST = 40
#: A grade resting on fewer results is "evolving", from then on "mature".
MATURE = 30
#: A friends' match of fewer deals says only who won: the winner gets OUTCOME_VP, the
#: loser the rest; a match of more deals than the largest scale is brought to it.
FEWEST_DEALS, OUTCOME_VP = 2, 12
LARGEST_SCALE = max(FIBUR)

#: A member's state: its grade and the number of results it rests on.
Row = list[float]


@dataclass(frozen=True)
class Result:
    """A result between two sides: each side's members (one or two) and its VP (0 to 20,
    summing to 20)."""

    sides: tuple[tuple[Hashable, ...], tuple[Hashable, ...]]
    vp: tuple[int, int]


@dataclass
class Grades:
    """Every member's grade and results so far (``rows``), and every partnership's
    (``pairs``, by its two members in order)."""

    rows: dict[Hashable, Row] = field(default_factory=dict)
    pairs: dict[tuple[Hashable, ...], Row] = field(default_factory=dict)
    #: Each member's one partner so far, or ``SEVERAL``.
    partners: dict[Hashable, object] = field(default_factory=dict)
    results: int = 0


#: The steps by results so far, before the floor (a table: ``update``'s hot path).
_STEPS: dict[float, float] = {n: 1 / (n + PRIOR) for n in range(LONGEST - PRIOR)}
_FLOOR = 1 / LONGEST


def step(results: int) -> float:
    """A player's own step after ``results`` results: 1/4, 1/5, … down to 1/40.

    >>> step(0), step(1), step(35), step(36), step(500)
    (0.25, 0.2, 0.02564102564102564, 0.025, 0.025)
    """
    return _STEPS.get(results, _FLOOR)


def expected_share(own: Sequence[float], others: Sequence[float]) -> float:
    """A side's expected share in percentage points: 50 + the mean of its grades − the
    mean of its opponents', within 0-100.

    >>> expected_share([60.0, 40.0], [50.0, 50.0]), expected_share([90.0], [20.0])
    (50.0, 100.0)
    """
    share = START + sum(own) / len(own) - sum(others) / len(others)
    return 0.0 if share < 0 else 100.0 if share > 100 else share


def expected_vp(grades: Mapping[Hashable, float], side_a: Sequence[Hashable],
                side_b: Sequence[Hashable]) -> tuple[int, int]:
    """Each side's par: the VP it is expected to take against the other, its expected
    share (``expected_share``: a player not in ``grades`` at ``START``) of 20, rounded to
    a whole VP, a half towards an even 10-10, so that the two sum to 20 whichever side is
    first (docs/contract.md, "Par").

    >>> expected_vp({"Ana": 56.25, "Bia": 56.25, "Caio": 43.75, "Duda": 43.75},
    ...             ["Ana", "Bia"], ["Caio", "Duda"])
    (12, 8)
    >>> expected_vp({"Ana": 53.75, "Bia": 53.75}, ["Ana", "Bia"], ["Elio", "Duda"])
    (11, 9)
    >>> expected_vp({}, ["Ana"], ["Bia"]), expected_vp({"Ana": 90.0, "Bia": 20.0}, ["Bia"], ["Ana"])
    ((10, 10), (0, 20))
    """
    share = expected_share([grades.get(m, START) for m in side_a],
                           [grades.get(m, START) for m in side_b])
    beyond = share / SHARE - EVEN_VP  # VP above (or below) an even split
    whole = math.ceil(abs(beyond) - 0.5)  # to the nearest VP, a half towards 10
    first = EVEN_VP + (whole if beyond >= 0 else -whole)
    return first, TOTAL_VP - first


def update(rows: dict[Any, Row], sides: Sequence[Sequence[Hashable]], vp_first: int) -> float:
    """Move the members of ``sides`` (two sides of one or two) by one result whose first
    side took ``vp_first`` VP; a member not yet in ``rows`` starts at ``START``. Returns
    the first side's residual (actual − expected share, percentage points).

    >>> rows = {}
    >>> update(rows, [["Ana", "Bia"], ["Caio", "Duda"]], 15)
    25.0
    >>> rows["Ana"], rows["Caio"]
    ([56.25, 1], [43.75, 1])
    """
    first = [rows.get(m) or rows.setdefault(m, [START, 0]) for m in sides[0]]
    second = [rows.get(m) or rows.setdefault(m, [START, 0]) for m in sides[1]]
    residual = SHARE * vp_first - expected_share([r[0] for r in first],
                                                 [r[0] for r in second])
    steps = [[_STEPS.get(r[1], _FLOOR) for r in side] for side in (first, second)]
    # The result's step (the mean of its players' steps) times the residual, for each
    # of a side's players: (sum / count) * residual * (count / 2) in all.
    moved = (sum(steps[0]) + sum(steps[1])) * residual / 2
    for side, own, sign in ((first, steps[0], moved), (second, steps[1], -moved)):
        share = sign / sum(own)
        for row, k in zip(side, own, strict=True):
            row[0] += share * k
            row[1] += 1
    return residual


#: A member who has sat with more than one partner, or alone (``Grades.partners``).
SEVERAL = object()


def add(grades: Grades, result: Result) -> None:
    """One more result: its players' grades moved, and its partnerships' (a side of two
    is a pair, graded as one member against the other side's pair). Four players and two
    pairs are touched, nothing else."""
    sides, vp = result.sides, result.vp[0]
    update(grades.rows, sides, vp)
    partners = grades.partners
    if len(sides[0]) == 2 == len(sides[1]):
        pairs = []
        for a, b in sides:
            pairs.append([(a, b) if a <= b else (b, a)])  # type: ignore[operator]
            for one, other in ((a, b), (b, a)):
                if partners.setdefault(one, other) != other:
                    partners[one] = SEVERAL
        update(grades.pairs, pairs, vp)
    else:
        for side in sides:
            for member in side:
                partners[member] = SEVERAL
    grades.results += 1


def grade(results: Iterable[Result]) -> Grades:
    """Grades from scratch: every result of a history, in its order.

    >>> g = grade([Result((("Ana", "Bia"), ("Caio", "Duda")), (15, 5))])
    >>> g.rows["Bia"], g.pairs[("Ana", "Bia")], g.results
    ([56.25, 1], [56.25, 1], 1)
    """
    grades = Grades()
    for result in results:
        add(grades, result)
    return grades


def match_vp(totals: Sequence[int], deals: int, winner: int | None) -> tuple[int, int]:
    """A finished friends' match of two sides as a result's VP: by the F.I.Bur. scale for
    its deals (2 to 4), a longer match's difference brought to 4 deals (times 4 / deals,
    rounded down), and a match of one deal by its outcome (the winner 12, the loser 8).

    >>> match_vp([2140, 1390], 6, 0), match_vp([820, 410], 2, 0), match_vp([300, 3050], 1, 1)
    ((12, 8), (15, 5), (8, 12))
    """
    if deals < FEWEST_DEALS:
        if winner is None:
            return EVEN_VP, EVEN_VP
        won, lost = OUTCOME_VP, TOTAL_VP - OUTCOME_VP
        return (won, lost) if winner == 0 else (lost, won)
    if deals in FIBUR:
        return victory_points(totals, FIBUR[deals])
    difference = (totals[0] - totals[1]) * LARGEST_SCALE // deals
    return victory_points([difference, 0], FIBUR[LARGEST_SCALE])


def state(results: int) -> str:
    """``evolving`` below ``MATURE`` results, ``mature`` from then on."""
    return "mature" if results >= MATURE else "evolving"


def grades_document(grades: Grades, names: Mapping[Hashable, str]) -> dict[str, Any]:
    """The grades as the command answers them: the players, best first (then by name),
    and the pairs, each with its grade (two decimals), results and state; a pair whose two
    players never sat with anyone else is ``always_together``."""
    def line(row: Row) -> dict[str, Any]:
        """A grade's line: rounded, its results and its state."""
        return {"grade": round(row[0], 2), "results": int(row[1]), "state": state(int(row[1]))}

    players = sorted(grades.rows.items(), key=lambda kv: (-kv[1][0], names.get(kv[0], "")))
    pairs = sorted(grades.pairs.items(), key=lambda kv: (
        -kv[1][0], [names.get(m, "") for m in kv[0]]))
    return {
        "results": grades.results, "mature_from": MATURE,
        "players": [{"name": names.get(m, str(m)), **line(row)} for m, row in players],
        "pairs": [{"names": [names.get(m, str(m)) for m in pair], **line(row),
                   "always_together": grades.partners.get(pair[0]) == pair[1]
                   and grades.partners.get(pair[1]) == pair[0]}
                  for pair, row in pairs],
    }
