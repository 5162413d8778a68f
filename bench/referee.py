"""Referee benchmark: a 24-deal match scored, and melds judged from text, each timed
cold and cached, through the referee's public entry points.

Run by hand: ``.venv/bin/python bench/referee.py`` (10 to 20 seconds).

What is timed (CPU time of this process, ``time.process_time``, so other work on the
shared machine counts less; each figure is the median over 60 runs of the match, or
over chunks of 100 melds, with the middle half of the samples beside it: on a busy
virtual machine the CPU clock also counts some time the process waited, so the
extremes say little):

* **match, cold** — ``scorekeeper.rules.match_document`` (what ``scorekeeper match``
  runs) on a match of 24 *different* realistic deals (bench/deals.py: legal runs of
  every suit and of 3 to 14 cards, a third with a wildcard, hands left over; drawn
  from a fixed seed), right after every cache of the referee is emptied
  (``scorekeeper.rules.clear_caches``: the melds read and judged, the deals scored,
  the profiles read): every deal is scored, every meld read from its text and its
  arrangement searched (but for the few that come up twice in the match; the run
  prints how many are different).
* **match, cached** — the same match scored again at once: the caches now hold every
  meld of it (as when a server recomputes a scoreboard it has already shown).
* **melds from text, cold** — ``scorekeeper.rules.check_document`` (what
  ``scorekeeper check`` and the meld checker page run), one meld per call, over
  3,000 different melds written as text ("3H 4H 5H 6H 7H"), every cache emptied
  before each pass: melds judged per second (the 53 card names are cached
  again within the first melds of a pass, as in any running process).
* **melds from text, cached** — the same 3,000 melds again: every one is in the
  caches (3,000 is below the size of the meld-text cache, 4,096 texts).

Each is compared against a floor measured in the same run, since absolute timings
drift on a shared 2-core machine: ``json.loads`` of the same match document plus a
plain-Python run check of each of its melds (split the text, look each card up in a
dict, one suit, ranks consecutive but for one wildcard, add the points) for the match;
the plain-Python run check alone for the melds.

Targets (one core): a 24-deal match scored in ≤ 5 ms; ≥ 100,000 meld checks per
second. Each is printed next to the cold and the cached figure, met or not.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
sys.path[:0] = [str(BENCH.parent), str(BENCH)]

import deals as generated  # noqa: E402
from cpuclock import clock_check  # noqa: E402

from scorekeeper.rules import check_document, clear_caches, match_document  # noqa: E402

MATCH_RUNS = 60
MELD_COUNT = 3000
MELD_PASSES = 7
CHUNK = 100
MATCH_TARGET_MS = 5.0
MELD_TARGET_PER_S = 100_000


def cpu(function: Callable[[], Any]) -> float:
    """CPU seconds of one call."""
    start = time.process_time()
    function()
    return time.process_time() - start


# --- the floor: the same input, read and checked by plain Python --------------------

_FLOOR_CARDS: dict[str, tuple[int, str]] = {"JK": (0, "")}
_FLOOR_CARDS.update({f"{n}{s}": (r, s) for r, n in generated.RANK_NAMES.items()
                     for s in generated.SUITS})
_FLOOR_POINTS = {0: 20, 1: 15, 2: 10} | {r: 5 for r in range(3, 8)} | {r: 10 for r in range(8, 14)}


def floor_check(meld: str) -> tuple[bool, int]:
    """A run of one suit, with at most one wildcard filling a gap: the least a referee
    must do for one meld (no arrangement search, no readings, no documents)."""
    cards = [_FLOOR_CARDS[t] for t in meld.split()]
    suits = [s for r, s in cards if r > 2 or r == 1]
    suit = suits[0] if suits else ""
    naturals = sorted(r for r, s in cards if r > 2 or r == 1 or (r == 2 and s == suit))
    if naturals and naturals[0] == 1 and naturals[-1] >= 12:
        naturals = naturals[1:] + [14]  # the ace above the king
    wild = len(cards) - len(naturals)
    gaps = sum(b - a - 1 for a, b in zip(naturals, naturals[1:], strict=False))
    legal = all(s == suit for s in suits) and wild <= 1 and gaps <= wild
    return legal, sum(_FLOOR_POINTS[r] for r, _s in cards)


def floor_match(text: str) -> int:
    doc = json.loads(text)
    total = 0
    for deal in doc["deals"]:
        for side in deal["sides"]:
            for meld in side["melds"]:
                total += floor_check(meld)[1]
    return total


# --- the figures ---------------------------------------------------------------------

def bench_match() -> dict[str, list[float]]:
    """CPU ms of each run: cold (caches cleared), cached (the same match again), floor."""
    text = json.dumps(generated.match(24))
    doc = json.loads(text)
    out: dict[str, list[float]] = {"cold": [], "cached": [], "floor": []}
    for _ in range(MATCH_RUNS):
        clear_caches()
        out["cold"].append(cpu(lambda: match_document(doc)) * 1000)
        out["cached"].append(cpu(lambda: match_document(doc)) * 1000)
        out["floor"].append(cpu(lambda: floor_match(text)) * 1000)
    return out


def bench_melds(melds: list[str]) -> dict[str, list[float]]:
    """Melds per second of each chunk of ``CHUNK`` melds: cold (caches cleared before
    each pass, so every meld of the pass is new to the referee), cached (the same pass
    again), floor."""

    def judge(chunk: list[str]) -> None:
        for meld in chunk:
            check_document([meld], "buraco-aberto")

    def floor(chunk: list[str]) -> None:
        for meld in chunk:
            floor_check(meld)

    chunks = [melds[i:i + CHUNK] for i in range(0, len(melds), CHUNK)]
    out: dict[str, list[float]] = {"cold": [], "cached": [], "floor": []}
    for _ in range(MELD_PASSES):
        clear_caches()
        out["cold"].extend(len(c) / cpu(partial(judge, c)) for c in chunks)
        out["cached"].extend(len(c) / cpu(partial(judge, c)) for c in chunks)
        out["floor"].extend(len(c) / cpu(partial(floor, c)) for c in chunks)
    return out


def spread(values: list[float], fmt: str) -> str:
    """The median, and the middle half of the samples (a busy machine's CPU clock can
    count time the process waited, so the extremes say little)."""
    q1, median, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return f"{format(median, fmt)} (middle half {format(q1, fmt)}–{format(q3, fmt)})"


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


def main() -> int:
    match_doc = generated.match(24)
    melds = generated.melds(MELD_COUNT)
    generated.check_generated(match_doc, melds)  # legal input only; the caches are cleared below
    n_melds = sum(len(s["melds"]) for d in match_doc["deals"] for s in d["sides"])
    n_distinct = len({m for d in match_doc["deals"] for s in d["sides"] for m in s["melds"]})

    clock = clock_check()
    match = bench_match()
    rates = bench_melds(melds)

    cold, cached, floor = (statistics.median(match[k]) for k in ("cold", "cached", "floor"))
    emptied = ", ".join(name.removeprefix("scorekeeper.rules.") for name in clear_caches())
    print(f"referee benchmark: CPU time of this process, medians of {MATCH_RUNS} match runs "
          f"and of {MELD_PASSES} passes x {len(melds) // CHUNK} chunks of {CHUNK} melds; "
          f"caches cleared = every cache of the referee (rules.clear_caches: {emptied})")
    print(clock)
    print(f"24-deal match, match_document, 24 different deals ({n_melds} melds, "
          f"{n_distinct} different), card by card:")
    print(f"  COLD   (caches cleared first): {spread(match['cold'], '.2f')} ms   "
          f"{cold / floor:.1f}x floor   target <= {MATCH_TARGET_MS:g} ms: "
          f"{met(cold <= MATCH_TARGET_MS)}")
    print(f"  CACHED (same match again):     {spread(match['cached'], '.2f')} ms   "
          f"{cached / floor:.1f}x floor   target <= {MATCH_TARGET_MS:g} ms: "
          f"{met(cached <= MATCH_TARGET_MS)}")
    print(f"  floor  (json.loads of the document + plain-Python run check of each meld): "
          f"{spread(match['floor'], '.2f')} ms")

    rc, rh, rf = (statistics.median(rates[k]) for k in ("cold", "cached", "floor"))
    print(f"melds judged from text, check_document, one meld per call, {len(melds):,} "
          f"different melds (3 to 14 cards, a third with a wildcard):")
    print(f"  COLD   (caches cleared before each pass): {spread(rates['cold'], ',.0f')} /s   "
          f"{rf / rc:.1f}x the floor's time   target >= {MELD_TARGET_PER_S:,}/s: "
          f"{met(rc >= MELD_TARGET_PER_S)}")
    print(f"  CACHED (same melds again):                {spread(rates['cached'], ',.0f')} /s   "
          f"{rf / rh:.1f}x the floor's time   target >= {MELD_TARGET_PER_S:,}/s: "
          f"{met(rh >= MELD_TARGET_PER_S)}")
    print(f"  floor  (plain-Python run check of the same texts): "
          f"{spread(rates['floor'], ',.0f')} /s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
