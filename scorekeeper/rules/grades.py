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

A member is anything hashable that names a player (the callers': a name's key, a
table's player id). The same update grades pairs: each partnership is then a member of
its own, its side of one. Pure: no clock, no I/O; one history in one order gives the
same grades, and a new result changes its players' grades alone.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.rules.vptables import FIBUR, TOTAL_VP, victory_points

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
    #: Everyone each member has sat with.
    partners: dict[Hashable, set[Hashable]] = field(default_factory=dict)
    results: int = 0


def step(results: int) -> float:
    """A player's own step after ``results`` results: 1/4, 1/5, … down to 1/40.

    >>> step(0), step(1), step(36), step(500)
    (0.25, 0.2, 0.025, 0.025)
    """
    return 1 / min(results + PRIOR, LONGEST)


def expected_share(own: Sequence[float], others: Sequence[float]) -> float:
    """A side's expected share in percentage points: 50 + the mean of its grades − the
    mean of its opponents', within 0-100.

    >>> expected_share([60.0, 40.0], [50.0, 50.0]), expected_share([90.0], [20.0])
    (50.0, 100.0)
    """
    share = START + sum(own) / len(own) - sum(others) / len(others)
    return 0.0 if share < 0 else 100.0 if share > 100 else share


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
    first = [rows[m] if m in rows else rows.setdefault(m, [START, 0]) for m in sides[0]]
    second = [rows[m] if m in rows else rows.setdefault(m, [START, 0]) for m in sides[1]]
    steps_first = [1 / min(r[1] + PRIOR, LONGEST) for r in first]
    steps_second = [1 / min(r[1] + PRIOR, LONGEST) for r in second]
    residual = SHARE * vp_first - expected_share([r[0] for r in first],
                                                 [r[0] for r in second])
    # The result's step (the mean of its players' steps) times the residual, for each
    # of a side's players: (sum / count) * residual * (count / 2) in all.
    moved = (sum(steps_first) + sum(steps_second)) * residual / 2
    for rows_of, steps, sign in ((first, steps_first, 1), (second, steps_second, -1)):
        whole = sum(steps)
        for row, own in zip(rows_of, steps, strict=True):
            row[0] += sign * moved * own / whole
            row[1] += 1
    return residual


def add(grades: Grades, result: Result) -> None:
    """One more result: its players' grades moved, and its partnerships' (a side of two
    is a pair, graded as one member against the other side's pair). Four players and two
    pairs are touched, nothing else."""
    update(grades.rows, result.sides, result.vp[0])
    if all(len(side) == 2 for side in result.sides):
        pairs = [tuple(sorted(side, key=repr)) for side in result.sides]
        update(grades.pairs, [[pairs[0]], [pairs[1]]], result.vp[0])
    for side in result.sides:
        for member in side:
            grades.partners.setdefault(member, set()).update(m for m in side if m != member)
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
            return TOTAL_VP // 2, TOTAL_VP // 2
        won, lost = OUTCOME_VP, TOTAL_VP - OUTCOME_VP
        return (won, lost) if winner == 0 else (lost, won)
    if deals in FIBUR:
        return victory_points(totals, FIBUR[deals])
    difference = (totals[0] - totals[1]) * LARGEST_SCALE // deals
    return victory_points([difference, 0] if difference >= 0 else [0, -difference],
                          FIBUR[LARGEST_SCALE])


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
                   "always_together": all(grades.partners.get(m) == set(pair) - {m}
                                          for m in pair)}
                  for pair, row in pairs],
    }
