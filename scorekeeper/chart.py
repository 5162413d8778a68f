"""The running-totals chart of a match: its geometry, drawn by a template as an inline
SVG (one path for the grid, one polyline per side): the match summary PDF's and the
scoreboard's."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

#: Size of the chart (SVG user units) and its margins around the plot.
WIDTH, HEIGHT = 640, 200
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 10, 26

# Line styles of the running-totals chart, one per side (up to 5 sides in
# classic Buraco): colour and dash differ, so a black-and-white print still reads.
# The legend draws each style with box-drawing characters of the bundled font (plain
# text, much cheaper to lay out than a box per key).
SERIES_STYLES = (
    ("#1f5fa8", "", "\u2501\u2501"),
    ("#c0392b", "6 3", "\u254d\u254d"),
    ("#2e7d32", "2 2", "\u2505\u2505"),
    ("#7b3fa0", "8 3 2 3", "\u2509\u2509"),
    ("#8d6e00", "1 3", "\u2504\u2504"),
)
TARGET_KEY = "\u2509\u2509"


def _nice_step(span: float, ticks: int = 4) -> int:
    """A round step (1, 2 or 5 times a power of ten) giving about ``ticks`` ticks."""
    raw = max(span, 1) / ticks
    magnitude = 10 ** (len(str(int(raw))) - 1)
    for factor in (1, 2, 5, 10):
        if magnitude * factor >= raw:
            return int(magnitude * factor)
    return int(magnitude * 10)


def chart(names: list[str], after_each_deal: list[list[float]], target: int | None,
          num: Callable[[Any], str], height: int = HEIGHT, *,
          start: float | None = 0, first: int = 0) -> dict[str, Any]:
    """Geometry of the running-totals chart; ``num`` writes the axis labels; ``height``:
    a flatter chart (the summary PDF's, which keeps its page for the deals). ``start``:
    where every line starts before the first row (the totals' 0), or None for no such
    point: the first row is the start, and the value axis spans the values alone (a
    player's grade after each result, the first row the grade before them); ``first``:
    the number the first point is labelled with (the rows after earlier ones).

    >>> c = chart(["Ana"], [[50.0], [56.25], [58.25]], None, str, start=None, first=4)
    >>> [t["label"] for t in c["yticks"]], [t["label"] for t in c["xticks"]]
    (['50', '55', '60'], ['4', '5', '6'])
    """
    series = [([] if start is None else [start]) + [row[i] for row in after_each_deal]
              for i in range(len(names))]
    values = [v for s in series for v in s] + ([target] if target else [])
    low, high = (min(values), max(values)) if start is None else \
        (min(values + [0]), max(values + [1]))
    step = _nice_step(high - low)
    low = (low // step) * step
    high = -((-high) // step) * step
    deals = max(len(series[0]) - 1 if series else 0, 1)

    def x(i: int) -> float:
        return round(LEFT + (WIDTH - LEFT - RIGHT) * i / deals, 1)

    def y(v: float) -> float:
        return round(TOP + (height - TOP - BOTTOM) * (high - v) / (high - low or 1), 1)

    # SVG text is laid out letter by letter: a handful of labels on each axis.
    label_every = max(1, -(-deals // 4))
    ticks = range(int(low), int(high) + 1, step)
    return {
        "width": WIDTH, "height": height, "left": LEFT, "right": WIDTH - RIGHT,
        "top": TOP, "bottom": height - BOTTOM,
        # every grid line in one path
        "grid": "".join(f"M{LEFT} {y(v)}H{WIDTH - RIGHT}" for v in ticks),
        "yticks": [{"y": y(v), "label": num(v)} for v in ticks],
        "xticks": [{"x": x(i), "label": num(first + i)}
                   for i in range(0, deals + 1, label_every)],
        # the zero line, where the axis has one
        "zero": y(0) if low <= 0 <= high else None,
        "target": {"y": y(target), "label": num(target), "key": TARGET_KEY}
        if target else None,
        "lines": [_line(names[i], i, " ".join(f"{x(j)},{y(v)}" for j, v in enumerate(s)))
                  for i, s in enumerate(series)],
    }


def _line(name: str, index: int, points: str) -> dict[str, str]:
    """One side's polyline, in the style of its place (styles repeat after five)."""
    color, dash, key = SERIES_STYLES[index % len(SERIES_STYLES)]
    return {"name": name, "color": color, "dash": dash, "key": key, "points": points}


#: Size of a bar chart (SVG user units) and the room under it for its labels, whose
#: letters are ``BARS_LABEL`` units high (app.css ``.bars``): never over a bar.
BARS_WIDTH, BARS_HEIGHT, BARS_BOTTOM, BARS_LABEL = 640, 132, 34, 24


def bars(values: list[int], good: list[bool], num: Callable[[Any], str]) -> dict[str, Any]:
    """Geometry of a bar chart of results in the order played: one bar per value, up
    from the zero line for a gain, down for a loss; ``good`` marks the won ones (drawn
    apart, so that a result reads without colour too); ``num`` writes the extremes."""
    high, low = max([*values, 0]), min([*values, 0])
    span = (high - low) or 1
    plot = BARS_HEIGHT - BARS_BOTTOM
    zero = round(plot * high / span, 1)
    slot = BARS_WIDTH / max(len(values), 1)
    width = round(max(min(slot * 0.7, 48), 2), 1)
    shapes = []
    for i, (value, won) in enumerate(zip(values, good, strict=True)):
        size = round(plot * abs(value) / span, 1)
        shapes.append({"x": round(i * slot + (slot - width) / 2, 1), "width": width,
                       "y": round(zero - size, 1) if value >= 0 else zero, "height": max(size, 1),
                       "won": won, "value": num(value)})
    return {"width": BARS_WIDTH, "height": BARS_HEIGHT, "zero": zero, "bars": shapes,
            "high": num(high), "low": num(low), "bottom": BARS_HEIGHT - 4}
