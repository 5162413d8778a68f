"""How far this machine's CPU clock can be trusted right now.

On a busy shared virtual machine, ``time.process_time`` can also count time the
process spent stalled (a loop of 1 ms has been seen charged 300 ms). The benchmarks
report medians for that reason, and print this check beside their figures: the same
fixed loop timed many times, its median and its worst.
"""

from __future__ import annotations

import statistics
import time


def fixed_loop() -> int:
    total = 0
    for i in range(20_000):
        total += i
    return total


def clock_check(samples: int = 300) -> str:
    """One line: the CPU time of a fixed loop, median, 99th percentile and worst."""
    times = []
    for _ in range(samples):
        start = time.process_time()
        fixed_loop()
        times.append((time.process_time() - start) * 1000)
    times.sort()
    return (f"CPU clock check (a fixed loop timed {samples} times): median "
            f"{statistics.median(times):.2f} ms, p99 {times[int(samples * 0.99) - 1]:.2f} ms, "
            f"worst {times[-1]:.2f} ms")


if __name__ == "__main__":  # `.ci/run` prints it before and after the tests
    print(clock_check())
