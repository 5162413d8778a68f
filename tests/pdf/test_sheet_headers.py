"""The blank sheet's column headings never overlap and never break a word without a
hyphen, in every language and profile: the PDF is read back and the text box of each
heading line is compared with every other, and with the line under it."""

from __future__ import annotations

import io
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po
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


def _runs(data: bytes, number: int = 0) -> list[dict[str, Any]]:
    """Every text run of a page (the first unless ``number`` says) in drawing order: its
    text, start and end x, baseline y and height, in points."""
    page = PdfReader(io.BytesIO(data)).pages[number]
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


@cache
def _headings(profile_id: str, lang: str) -> tuple[dict[str, Any], ...]:
    """The heading runs of the blank sheet of ``profile_id`` in ``lang``: laid out and read
    back once for both tests of this file (each test empties the app's PDF cache)."""
    return tuple(_heading_runs(_runs(pdf.render_blank_sheet(profile_id, lang))))


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
@pytest.mark.parametrize("lang", LOCALES)
def test_blank_sheet_headings_never_overlap(ctx: Any, lang: str, profile_id: str) -> None:
    headings = _headings(profile_id, lang)
    assert len(headings) >= 8
    clashes = [(a["text"], b["text"]) for i, a in enumerate(headings)
               for b in headings[i + 1:] if _overlap(a, b)]
    assert clashes == []


@cache
def _words(lang: str) -> frozenset[str]:
    """Every word the language's catalog says (English: its message ids)."""
    path = Path(__file__).parents[2] / "translations" / lang / "LC_MESSAGES" / "messages.po"
    if not path.exists():
        path = Path(__file__).parents[2] / "translations" / "messages.pot"
    with path.open("rb") as f:
        catalog = read_po(f)
    said = " ".join(str(m.string or m.id) for m in catalog if m.id)
    return frozenset(w.lower() for w in re.findall(r"\w+", said))


def _broken_words(headings: list[dict[str, Any]], lang: str) -> list[str]:
    """Words cut across two lines of one heading without a hyphen: a line that ends in a
    letter over a line of the same column that starts with one, which make one of the
    language's words together."""
    broken = []
    for a in headings:
        end = re.search(r"(\w+)$", a["text"])
        if end is None:
            continue
        for b in headings:
            below = 0 < b["ty"] - a["ty"] < 2 * a["font_height"]
            same_column = abs((a["tx"] + a["displaced_tx"]) - (b["tx"] + b["displaced_tx"])) < 20
            start = re.match(r"(\w+)", b["text"])
            if below and same_column and start and \
                    (end.group(1) + start.group(1)).lower() in _words(lang):
                broken.append(f"{end.group(1)}|{start.group(1)}")
    return broken


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
@pytest.mark.parametrize("lang", LOCALES)
def test_blank_sheet_headings_never_break_a_word_without_a_hyphen(ctx: Any, lang: str,
                                                                  profile_id: str) -> None:
    """"Smazzata" was drawn "Smaz / zata" in its narrow column (Italian), "Donne" as
    "Donn / e" (French); a hyphenated break ("Progres‐ / sivo") is how print breaks."""
    assert _broken_words(list(_headings(profile_id, lang)), lang) == []


def test_the_evening_sheet_puts_each_number_under_its_own_header(ctx: Any) -> None:
    """The evening's ranking: "805" ends where "Points" ends, "2" where "Won" and
    "Played" end (right-aligned both, never under the next column's header)."""
    players = [("1", "Ana", "2", "3", "805"), ("2", "Bia Ferreira da Silva", "1", "3", "440"),
               ("3", "Caio", "0", "3", "30")]
    runs = _runs(pdf.render_night_sheet("Evening of 4 December", "Sexta", players, [], [],
                                        "", "en"))
    header = {r["text"].strip(): r for r in runs if r["text"].strip() in
              ("Who", "Won", "Played", "Points")}
    assert set(header) == {"Who", "Won", "Played", "Points"}
    line = [r for r in runs if abs(r["ty"] - next(
        x["ty"] for x in runs if x["text"].strip() == "Ana")) < 1]
    cells = {r["text"].strip(): r for r in line}
    assert abs(cells["805"]["displaced_tx"] - header["Points"]["displaced_tx"]) < TOLERANCE
    assert abs(cells["3"]["displaced_tx"] - header["Played"]["displaced_tx"]) < TOLERANCE
    assert abs(cells["2"]["displaced_tx"] - header["Won"]["displaced_tx"]) < TOLERANCE
    assert abs(cells["Ana"]["tx"] - header["Who"]["tx"]) < TOLERANCE
