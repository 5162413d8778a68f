"""Grades benchmark: a club's season of 40 evenings graded from scratch, and one new
result added to it, through ``scorekeeper.rules.grades`` (docs/contract.md, "Grades").

Run by hand: ``.venv/bin/python bench/grades.py`` (about 20 seconds).

The season: 40 evenings, each of 50 tables a turn and 11 turns (the 50-table evening of
bench/event.py), 22,000 results. 300 club members; each evening 200 of them come, drawn
from a fixed seed, and sit as 100 pairs: half the pairs are the club's steady pairs
(always together, when both come), the rest partners drawn that evening, so that the
grades meet rotating partners and pairs that always play together. Each table's VP
(0 to 20, the other side the rest) is drawn too. The results are built before the clock
starts: what is timed is the grading, not the reading of the evenings' files (scoring
an evening from its document is bench/event.py's).

What is timed (CPU time of this process, ``time.process_time``; each figure the median
of the runs with the middle half of the samples beside it, as bench/event.py does):

* **from scratch** — ``grades.grade`` over the season's 22,000 results in order: every
  player's and every partnership's grade from nothing.
* **one new result** — ``grades.add`` of one more result (four players and their two
  pairs) to the season's grades: timed over a batch of ``BATCH`` different new results,
  the figure per result.

Each is compared with a floor timed in the same run: the least a grading does, a
plain-Python pass over the same results adding each side's VP to each of its players'
sums (a dict per player), all of them for the season and one result's for the new one.

Targets: from scratch ≤ 200 ms CPU; one new result ≤ 1 ms (issue 49); printed beside
the figures with their multiples of the floor.
"""

from __future__ import annotations

import random
import statistics
import sys
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

from cpuclock import clock_check  # noqa: E402
from event import cpu, met, spread  # noqa: E402

from scorekeeper.rules.grades import Result, add, grade  # noqa: E402

EVENINGS, TABLES, TURNS, MEMBERS, SEED = 40, 50, 11, 300, 2026
RUNS, BATCH, NEW_RUNS = 15, 200, 40
SCRATCH_TARGET_MS, NEW_TARGET_MS = 200.0, 1.0


def evening(rng: random.Random, members: list[str]) -> list[tuple[str, ...]]:
    """The evening's 100 pairs: the steady pairs whose both players came, then the others
    paired at random."""
    came = set(rng.sample(members, 2 * 2 * TABLES))
    pairs = [(members[i], members[i + 1]) for i in range(0, MEMBERS // 2, 2)
             if members[i] in came and members[i + 1] in came]
    alone = sorted(came - {m for pair in pairs for m in pair})
    rng.shuffle(alone)
    pairs += [(alone[i], alone[i + 1]) for i in range(0, len(alone), 2)]
    return pairs[: 2 * TABLES]


def season(rng: random.Random) -> list[Result]:
    """The season's results, evening after evening, turn after turn."""
    members = [f"member {i}" for i in range(MEMBERS)]
    results = []
    for _ in range(EVENINGS):
        pairs = evening(rng, members)
        for _turn in range(TURNS):
            rng.shuffle(pairs)
            for t in range(len(pairs) // 2):
                vp = rng.randrange(21)
                results.append(Result((pairs[2 * t], pairs[2 * t + 1]), (vp, 20 - vp)))
    return results


def floor(results: list[Result]) -> int:
    """The least a grading does: each side's VP added to each of its players' sums."""
    sums: dict[Any, int] = {}
    for result in results:
        for side, vp in zip(result.sides, result.vp, strict=True):
            for member in side:
                sums[member] = sums.get(member, 0) + vp
    return len(sums)


def main() -> int:
    rng = random.Random(SEED)
    results = season(rng)
    extra = season(random.Random(SEED + 1))[: BATCH * NEW_RUNS]
    clock = clock_check()
    scratch, scratch_floor = [], []
    for _ in range(RUNS):
        scratch.append(cpu(lambda: grade(results)))
        scratch_floor.append(cpu(lambda: floor(results)))
    graded = grade(results)
    new, new_floor = [], []
    for run in range(NEW_RUNS):
        batch = extra[run * BATCH:(run + 1) * BATCH]

        def add_all(batch: list[Result] = batch) -> None:
            for result in batch:
                add(graded, result)

        new.append(cpu(add_all) / BATCH)
        new_floor.append(cpu(lambda batch=batch: [floor([r]) for r in batch]) / BATCH)
    whole, whole_floor = statistics.median(scratch), statistics.median(scratch_floor)
    one, one_floor = statistics.median(new), statistics.median(new_floor)
    players = len(graded.rows)
    print(f"grades benchmark: CPU time of this process, medians of {RUNS} runs (from scratch) "
          f"and {NEW_RUNS} batches of {BATCH} new results")
    print(clock)
    print(f"{EVENINGS} evenings x {TABLES} tables x {TURNS} turns = {len(results):,} results, "
          f"{players} players, {len(graded.pairs):,} partnerships:")
    print(f"  from scratch: {spread(scratch, '.1f')} ms   {whole / whole_floor:.1f}x floor   "
          f"target <= {SCRATCH_TARGET_MS:g} ms: {met(whole <= SCRATCH_TARGET_MS)}")
    print(f"  floor (each side's VP added to its players' sums): "
          f"{spread(scratch_floor, '.1f')} ms")
    print(f"  one new result: {spread([x * 1000 for x in new], '.1f')} µs   "
          f"{one / one_floor:.1f}x floor   target <= {NEW_TARGET_MS:g} ms: "
          f"{met(one <= NEW_TARGET_MS)}")
    print(f"  floor (one result's VP added to its players' sums): "
          f"{spread([x * 1000 for x in new_floor], '.2f')} µs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
