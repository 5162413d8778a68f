"""The blank sheet's column headings never overlap, in every language and profile: the
PDF is read back and the text box of each heading line is compared with every other."""

from __future__ import annotations

import io
from typing import Any

import pytest
from pypdf import PdfReader

# pypdf's layout-mode text extraction gives each text run's start and end (its own
# widths table); no public call returns them.
from pypdf._text_extraction import _layout_mode
from pypdf.generic import ContentStream

from scorekeeper import pdf
from scorekeeper.i18n import LOCALES
from scorekeeper.rules import PROFILES

#: Points two runs may share (rounding of the glyph advances, a trailing space).
TOLERANCE = 2.0


def _runs(data: bytes) -> list[dict[str, Any]]:
    """Every text run of the first page in drawing order: its text, start and end x,
    baseline y and height, in points."""
    page = PdfReader(io.BytesIO(data)).pages[0]
    contents = page.get("/Contents").get_object()  # type: ignore[union-attr]
    ops = iter(ContentStream(contents, page.pdf, "bytes").operations)
    return [dict(group) for group in _layout_mode.text_show_operations(
        ops, page._layout_mode_fonts())]


def _heading_runs(runs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The runs of the table's heading: after the title and the date line, before the
    first row's number."""
    meta = runs[1]["ty"]
    start = next(i for i, run in enumerate(runs) if run["ty"] > meta + 1)
    end = next(i for i, run in enumerate(runs) if run["text"].strip() == "1")
    return runs[start:end]


def _overlap(a: dict[str, Any], b: dict[str, Any]) -> bool:
    same_line = abs(a["ty"] - b["ty"]) < min(a["font_height"], b["font_height"])
    left, right = max(a["tx"], b["tx"]), min(a["displaced_tx"], b["displaced_tx"])
    return same_line and right - left > TOLERANCE


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
@pytest.mark.parametrize("lang", LOCALES)
def test_blank_sheet_headings_never_overlap(ctx: Any, lang: str, profile_id: str) -> None:
    headings = _heading_runs(_runs(pdf.render_blank_sheet(profile_id, lang)))
    assert len(headings) >= 8
    clashes = [(a["text"], b["text"]) for i, a in enumerate(headings)
               for b in headings[i + 1:] if _overlap(a, b)]
    assert clashes == []
