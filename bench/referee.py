"""Referee benchmark: meld checks per second and the time to score a 24-deal match.

Run by hand: ``.venv/bin/python bench/referee.py``. Targets on a 2-core machine:
≥ 100,000 meld checks per second on one core, and a 24-deal match in ≤ 5 ms.

Two meld figures are printed: *cold* runs the arrangement search for every meld
(the cache is bypassed), *warm* goes through the referee's meld cache as the app
does when a scoreboard is recomputed from stored deals.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from scorekeeper.rules import match_document, parse_cards  # noqa: E402
from scorekeeper.rules.cards import _parse_canonical, _parse_text  # noqa: E402
from scorekeeper.rules.melds import _judge, _judge_cached, check_meld  # noqa: E402
from scorekeeper.rules.profiles import PROFILES  # noqa: E402

CORPUS_TEXT = [
    # (profile, meld): typical melds of 3 to 14 cards, with and without wildcards
    ("buraco-aberto", "3H 4H 5H"),
    ("buraco-aberto", "9S 10S JS QS"),
    ("buraco-aberto", "5D JK 7D"),
    ("buraco-aberto", "3H 4H 5H 6H 7H 8H 9H"),
    ("buraco-aberto", "2C 3C 4C 5C 6C 7C 8C"),
    ("buraco-aberto", "8C 9C 10C JC 2S QC KC AC"),
    ("buraco-aberto", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
    ("buraco-aberto", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"),
    ("buraco-aberto", "KH AH 2H"),
    ("buraco-aberto", "7H 7S 7D"),
    ("buraco-fechado", "JS 2H KS"),
    ("buraco-fechado", "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"),
    ("buraco-fechado", "4D 5D 6D 7D JK 9D 10D"),
    ("burraco", "7S 7H 7D"),
    ("burraco", "QS QS JK"),
    ("burraco", "9H 10H 2S QH"),
    ("burraco", "AD 2D 3D 4D 5D 6D 7D"),
    ("burraco", "3C 4C 5C 6C 7C 8C 9C 10C JC QC"),
    ("buraco-classico", "3H 4H 5H 6H 7H 8H 9H JK"),
    ("buraco-classico", "AH 2H 3H"),
    ("buraco-classico", "5S 6S 2D 8S 9S 10S JS QS KS"),
    ("buraco-classico", "KS KH KD KC 2S"),
]
CORPUS = [(PROFILES[p], tuple(parse_cards(m))) for p, m in CORPUS_TEXT]


def bench_melds(cold: bool, seconds: float = 1.5) -> float:
    """Meld checks per second over the corpus, on one core: the CPU time of this
    process (``process_time``), so other work on the machine does not count."""
    count = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for profile, cards in CORPUS:
            if cold:
                _judge(cards, profile, False)
            else:
                check_meld(cards, profile)
        count += len(CORPUS)
    return count / (time.process_time() - start)


def sample_match() -> dict[str, object]:
    """A 24-deal Buraco Aberto match entered card by card (the heaviest input)."""
    melds_a = ["3H 4H 5H 6H 7H 8H 9H", "9S 10S JS QS KS", "5D JK 7D 8D", "AC 2C 3C"]
    melds_b = ["2C 3C 4C 5C 6C 7C 8C", "8D 9D 10D 2S QD KD AD", "4S 5S 6S"]
    deals = []
    for i in range(24):
        deals.append({"sides": [
            {"melds": melds_a, "hand": ["KS", "3D"], "morto": "taken",
             "went_out": i % 2 == 0},
            {"melds": melds_b, "hand_points": 25 + i, "morto": "taken",
             "went_out": i % 2 == 1},
        ]})
    return {"profile": "buraco-aberto", "target": 100000, "sides": ["Nós", "Eles"],
            "deals": deals}


def bench_match(runs: int = 200) -> tuple[float, float]:
    doc = json.loads(json.dumps(sample_match()))
    cold, warm = [], []
    for _ in range(runs):
        _judge_cached.cache_clear()
        _parse_text.cache_clear()
        _parse_canonical.cache_clear()
        t = time.perf_counter()
        match_document(doc)
        cold.append(time.perf_counter() - t)
        t = time.perf_counter()
        match_document(doc)
        warm.append(time.perf_counter() - t)
    return statistics.median(cold) * 1000, statistics.median(warm) * 1000


def main() -> None:
    cold = bench_melds(cold=True)
    warm = bench_melds(cold=False)
    match_cold, match_warm = bench_match()
    print(f"meld checks per second, one core, cold (no cache): {cold:,.0f}  (target >= 100,000)")
    print(f"meld checks per second, one core, warm (cache):    {warm:,.0f}")
    print(f"24-deal match scored from scratch, median: {match_cold:.2f} ms cold, "
          f"{match_warm:.2f} ms warm  (target <= 5 ms)")


if __name__ == "__main__":
    main()
