"""The match summary's pages, read back: a usual match (12 deals, a correction or two,
house rules' reminder) on one A4 page in every language and game; its deals table's
headers broken only between words, never with a hyphen ("Smaz-zata"); a longer match
going on over pages with the header repeated on each, no deal cut across two."""

from __future__ import annotations

import re
import subprocess
from typing import Any

import pytest
from flask_babel import gettext
from pdf_support import read_pdf
from snapshots import usual_snapshot
from test_sheet_headers import _overlap, _runs

from scorekeeper import pdf
from scorekeeper.i18n import LOCALES, forced_locale
from scorekeeper.pdf.words import profile_terms
from scorekeeper.rules import PROFILES

#: A deal's number in its column: "7", "7 ✎" (corrected), "7 †" (breaks a rule).
DEAL = re.compile(r"\d+( [†✎])*")
HYPHENS = ("-", "\u2010", "\u00ad")
#: The right edge of the deals' first column, in points (pdf.css ``th.c-deal``).
DEAL_COLUMN = 16 * 72 / 25.4


def _pdftotext_pages(data: bytes) -> int:
    """The pages poppler's pdftotext finds (a form feed after each)."""
    text = subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, check=True,
                          capture_output=True).stdout.decode()
    return text.count("\f")


def _labels(profile_id: str, lang: str) -> tuple[str, list[str]]:
    """The deals' heading (upper case, as printed) and each header cell's words."""
    with forced_locale(lang):
        terms = profile_terms(profile_id)
        labels = [gettext("Deal"), gettext("Side"), gettext("Table"), terms["meld"],
                  terms["out"], terms["pile"], gettext("Hand"), gettext("Deal total"),
                  gettext("Running total")]
        return gettext("Deals").upper(), labels


def _table(data: bytes, page: int, heading: str) -> tuple[list[dict[str, Any]],
                                                           list[dict[str, Any]]]:
    """The deals table's header runs and its rows' runs on a page (on the first, those
    under the deals' heading)."""
    runs = _runs(data, page)
    if page == 0:
        start = next(i for i, run in enumerate(runs) if run["text"].strip() == heading)
        runs = runs[start + 1:]
    first = min(run["ty"] for run in runs if DEAL.fullmatch(run["text"].strip()))
    # a row's runs sit on its baseline, give or take a smaller font's (the melds' cell)
    header = [run for run in runs if run["ty"] < first - run["font_height"]]
    rows = [run for run in runs if run["ty"] >= first - run["font_height"]]
    # what follows the table (its notes, the reminder, the footer) starts at the margin,
    # where no cell's text does (each is padded)
    end = next((i for i, run in enumerate(rows) if run["tx"] < 1), len(rows))
    return header, rows[:end]


def _numbers(rows: list[dict[str, Any]]) -> list[int]:
    """The deals' numbers in their column, top to bottom."""
    return [int(run["text"].split()[0]) for run in sorted(rows, key=lambda run: run["ty"])
            if DEAL.fullmatch(run["text"].strip()) and run["displaced_tx"] < DEAL_COLUMN]


@pytest.mark.parametrize("house", [False, True], ids=["rules", "house-rules"])
@pytest.mark.parametrize("profile_id", sorted(PROFILES))
@pytest.mark.parametrize("lang", LOCALES)
def test_a_usual_match_is_one_page(ctx: Any, lang: str, profile_id: str, house: bool) -> None:
    """12 deals, two of them corrected, every deal's bonus cell one or two kinds of
    canastra; under house rules their reminder too: one A4 page (a 7-deal match put two
    deals on a second page before)."""
    snapshot = usual_snapshot(profile_id, 12, house=house, corrected=2)
    data = pdf.render_match_summary(snapshot, lang, "A4")
    assert len(read_pdf(data).pages) == 1
    assert _pdftotext_pages(data) == 1
    # every deal on it, the last one's running totals last
    heading, _ = _labels(profile_id, lang)
    _, rows = _table(data, 0, heading)
    assert _numbers(rows) == list(range(1, 13))


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
@pytest.mark.parametrize("lang", LOCALES)
def test_no_header_is_broken_by_a_hyphen(ctx: Any, lang: str, profile_id: str) -> None:
    """Each header line is whole words of its header ("Totale della / smazzata"), never
    a word's piece with a hyphen ("Smaz-" over "zata", Italian, before); no word runs
    into the next column's."""
    heading, labels = _labels(profile_id, lang)
    data = pdf.render_match_summary(usual_snapshot(profile_id, 12), lang, "A4")
    header, _ = _table(data, 0, heading)
    lines = [run["text"].strip() for run in header]
    assert not [line for line in lines if line.endswith(HYPHENS)]
    words = {word for label in labels for word in label.split()}
    assert {word for line in lines for word in line.split()} == words
    assert [(a["text"], b["text"]) for i, a in enumerate(header) for b in header[i + 1:]
            if _overlap(a, b)] == []


@pytest.mark.parametrize("lang", ["en", "it"])
def test_a_long_match_goes_on_with_its_header_on_each_page(ctx: Any, lang: str) -> None:
    """48 deals: three pages, each with the deals' header at its top; the deals in order,
    each once, both sides of a deal on the same page."""
    heading, labels = _labels("burraco", lang)
    data = pdf.render_match_summary(usual_snapshot("burraco", 48, corrected=1), lang, "A4")
    pages = len(read_pdf(data).pages)
    assert pages == _pdftotext_pages(data) == 3
    words = {word for label in labels for word in label.split()}
    seen: list[int] = []
    for page in range(pages):
        header, rows = _table(data, page, heading)
        assert {word for run in header for word in run["text"].split()} == words, page
        seen += _numbers(rows)
        sides = [run["text"].strip() for run in rows if run["text"].strip() in ("Nós", "Eles")]
        assert sides, page
        assert sides == ["Nós", "Eles"] * (len(sides) // 2), page
    assert seen == list(range(1, 49))
