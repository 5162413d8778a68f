"""The match summary PDF, parsed back: names, every deal's totals, the result."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from pdf_support import LANGS, number, pdf_text, read_pdf
from snapshots import handmade_snapshot, played_snapshot

from scorekeeper import pdf
from scorekeeper.app import create_app

MM = 72 / 25.4


@pytest.fixture(scope="module")
def played() -> dict[str, Any]:
    return played_snapshot(24)


def assert_deals_in_order(text: str, snapshot: dict[str, Any], lang: str) -> None:
    """Each side's deal total followed by its running total, deal after deal."""
    position = 0
    result = snapshot["result"]
    for deal, running in zip(result["deals"], result["after_each_deal"], strict=True):
        for side, total in zip(deal["sides"], running, strict=True):
            cells = f"{number(side['total'], lang)} {number(total, lang)}"
            found = text.find(cells, position)
            assert found >= 0, f"{cells!r} not found after position {position}"
            position = found + len(cells)


@pytest.mark.parametrize("lang", LANGS)
def test_summary_holds_names_deals_and_result(ctx: Any, played: dict[str, Any],
                                              lang: str) -> None:
    data = pdf.render_match_summary(played, lang, "A4")
    text = pdf_text(data)
    for name in ("Clube do Buraco — final", "Nós", "Eles", "Ana", "Bia", "Caio", "Dora"):
        assert name in text
    assert_deals_in_order(text, played, lang)
    assert played["result"]["status"] == "won"
    assert number(3000, lang) in text  # the target
    # English until the catalogs exist: the winner line names the side and its total.
    if lang == "en":
        assert "Winner: Nós" in text
        for word in ("Buraco Aberto", "Canastras", "Morto"):
            assert word in text
    final = played["result"]["totals"]
    assert f"Nós {number(final[0], lang)} · Eles {number(final[1], lang)}" in text


@pytest.mark.parametrize("lang", LANGS)
def test_metadata_language_and_title(ctx: Any, played: dict[str, Any], lang: str) -> None:
    reader = read_pdf(pdf.render_match_summary(played, lang))
    root = reader.trailer["/Root"]
    assert root["/Lang"] == lang.replace("_", "-")
    assert "Clube do Buraco — final" in reader.metadata.title
    assert bool(root["/MarkInfo"]["/Marked"])  # tagged (PDF/UA-1)
    assert "/StructTreeRoot" in root
    assert b"pdfuaid" in root["/Metadata"].get_object().get_data()


def test_bonus_categories_going_out_and_pile(ctx: Any, played: dict[str, Any]) -> None:
    text = pdf_text(pdf.render_match_summary(played, "en"))
    assert "clean 200" in text  # the 3♥…9♥ run of seed 001 §09
    assert "dirty 100" in text  # quick entry with one dirty canastra
    assert "clean A–A 1,000" in text  # the last deal's 14-card canastra
    for word in ("Going out", "Morto", "Hand", "Deal total", "Running total"):
        assert word in text
    first = played["result"]["deals"][0]["sides"]  # Nós went out, Eles paid the morto
    assert first[0]["hand_points"] == 0  # an empty cell
    assert f"Nós 45 clean 200 100 {first[0]['total']} {first[0]['total']}" in text
    assert f"Eles 40 \u2212100 \u221260 {number(first[1]['total'], 'en')} " \
        f"{number(first[1]['total'], 'en')}" in text


def test_extra_deal_and_in_progress(ctx: Any) -> None:
    snapshot = handmade_snapshot(3)
    assert "Match in progress." in pdf_text(pdf.render_match_summary(snapshot, "en"))
    snapshot = handmade_snapshot(3, version=2)
    snapshot["result"]["status"] = "extra-deal"
    assert "an extra deal is needed" in pdf_text(pdf.render_match_summary(snapshot, "en"))


def test_french_numbers_use_the_narrow_no_break_space(ctx: Any, played: dict[str, Any]) -> None:
    reader = read_pdf(pdf.render_match_summary(played, "fr"))
    raw = "".join(page.extract_text() for page in reader.pages)
    assert "3\u202f000" in raw  # the bundled font has U+202F: no missing glyph


@pytest.mark.parametrize(("paper", "size_mm"), [("A4", (210, 297)), ("Letter", (215.9, 279.4))])
def test_paper_size(ctx: Any, played: dict[str, Any], paper: str,
                    size_mm: tuple[float, float]) -> None:
    reader = read_pdf(pdf.render_match_summary(played, "en", paper))
    box = reader.pages[0].mediabox
    assert float(box.width) == pytest.approx(size_mm[0] * MM, abs=0.5)
    assert float(box.height) == pytest.approx(size_mm[1] * MM, abs=0.5)
    text = pdf_text(pdf.render_match_summary(played, "en", paper))
    assert f"Page 1 of {len(reader.pages)}" in text


def test_unknown_paper_is_refused(ctx: Any, played: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="paper"):
        pdf.render_match_summary(played, "en", "A5")


def test_cache_returns_the_same_bytes_without_rendering(ctx: Any,
                                                        played: dict[str, Any]) -> None:
    first = pdf.render_match_summary(played, "fr", "A4")
    renders = pdf.cache_info()["renders"]
    hits = pdf.cache_info()["hits"]
    again = pdf.render_match_summary(played, "fr", "A4")
    assert again is first
    assert pdf.cache_info()["renders"] == renders
    assert pdf.cache_info()["hits"] == hits + 1
    assert pdf.cache_info()["entries"] == 1
    # Another language, paper or version is another document.
    assert pdf.render_match_summary(played, "it", "A4") is not first
    assert pdf.cache_info()["renders"] == renders + 1
    assert pdf.render_match_summary(played, "fr", "Letter") is not first
    assert pdf.cache_info()["renders"] == renders + 2
    newer = dict(played, version=played["version"] + 1)
    assert pdf.render_match_summary(newer, "fr", "A4") is not first
    assert pdf.cache_info()["renders"] == renders + 3
    assert pdf.cache_info()["entries"] == 4


def test_a_match_without_version_is_never_kept(ctx: Any) -> None:
    snapshot = handmade_snapshot(1)
    snapshot["version"] = None
    renders = pdf.cache_info()["renders"]
    first = pdf.render_match_summary(snapshot, "en")
    assert pdf.render_match_summary(snapshot, "en") is not first
    assert pdf.cache_info()["renders"] == renders + 2
    assert pdf.cache_info()["entries"] == 0


def test_cache_is_bounded() -> None:
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "PDF_CACHE_ENTRIES": 2,
                      "PDF_RENDERER": "thread"})
    with app.test_request_context():
        for version in range(4):
            pdf.render_match_summary(handmade_snapshot(1, version=version), "en")
        assert pdf.cache_info()["entries"] == 2
        renders = pdf.cache_info()["renders"]
        # The newest two are kept, the oldest were dropped.
        pdf.render_match_summary(handmade_snapshot(1, version=3), "en")
        assert pdf.cache_info()["renders"] == renders
        pdf.render_match_summary(handmade_snapshot(1, version=0), "en")
        assert pdf.cache_info()["renders"] == renders + 1


def test_a_deal_that_breaks_a_rule_is_marked(ctx: Any, played: dict[str, Any]) -> None:
    snapshot = copy.deepcopy(played)
    snapshot["version"] += 100
    snapshot["result"]["deals"][2]["valid"] = False
    text = pdf_text(pdf.render_match_summary(snapshot, "en"))
    assert "3 †" in text
    assert "This deal breaks a rule; its totals are shown for information." in text
    assert_deals_in_order(text, snapshot, "en")
    assert "†" not in pdf_text(pdf.render_match_summary(played, "en"))


def test_chart_legend_names_every_side_and_the_target(ctx: Any, played: dict[str, Any]) -> None:
    text = pdf_text(pdf.render_match_summary(played, "en"))
    legend = text[text.index("RUNNING TOTALS"):text.index("DEALS")]
    for word in ("Nós", "Eles", "Target", "horizontal axis: deals"):
        assert word in legend


def test_a_one_against_one_match_names_each_player_once(ctx: Any) -> None:
    snapshot = handmade_snapshot(2, names=("Ana", "Bia"), version=77)
    snapshot["sides"] = [{"name": "Ana", "players": ["Ana"]},
                         {"name": "Bia", "players": [" bia "]}]
    text = pdf_text(pdf.render_match_summary(snapshot, "en"))
    assert "Ana Ana" not in text
    assert "Bia bia" not in text
    assert "Players" not in text  # no side has more than its name: no column for them
    unnamed = dict(snapshot, version=78, sides=[{"name": "Ana", "players": []},
                                                {"name": "Bia", "players": []}])
    assert pdf_text(pdf.render_match_summary(unnamed, "en")) == text
    # a side of two still lists them
    pairs = dict(snapshot, version=79, sides=[{"name": "Ana", "players": ["Ana", "Caio"]},
                                              {"name": "Bia", "players": []}])
    assert "Ana, Caio" in pdf_text(pdf.render_match_summary(pairs, "en"))
