"""Blank scoresheets per profile and the Burro sheet."""

from __future__ import annotations

from typing import Any

import pytest
from pdf_support import LANGS, number, pdf_text, read_pdf

from scorekeeper import pdf
from scorekeeper.i18n import format_rank
from scorekeeper.rules import burro_ranks, profiles_document

PROFILES = {p["id"]: p for p in profiles_document()["profiles"]}


@pytest.mark.parametrize("profile_id", sorted(PROFILES))
def test_blank_sheet_columns_fit_the_profile(ctx: Any, profile_id: str) -> None:
    profile = PROFILES[profile_id]
    # a narrow column header may wrap after the hyphen of "semi-clean", or be hyphenated
    # ("Run‐ning")
    text = pdf_text(pdf.render_blank_sheet(profile_id, "en", rows=12)).replace(
        "- ", "-").replace("\u2010 ", "")
    labels = {"clean": "clean", "dirty": "dirty", "semi-clean": "semi-clean",
              "clean-500": "clean A–K", "clean-1000": "clean A–A"}
    for category, points in profile["bonuses"].items():
        assert f"{labels[category]} ({number(points, 'en')})" in text
    assert ("semi-clean" in text) == ("semi-clean" in profile["categories"])
    assert ("clean A–K" in text) == ("clean-500" in profile["categories"])
    for word in ("Table", "Hand", "Deal total", "Running total"):
        assert word in text
    # the tradition's own words: going out and morto, closing and pozzetto
    assert ("Going out" in text) == (profile["tradition"] == "br")
    assert ("Closing" in text) == (profile["tradition"] == "it")
    assert ("Pozzetto" in text) == (profile["tradition"] == "it")
    assert ("Morto" in text) == (profile["tradition"] == "br")
    # the reminder: target and card values from the profile
    assert f"Target: {number(profile['target'], 'en')}" in text
    assert f"Joker: {profile['card_points']['joker']}" in text
    assert " 12 " in text  # rows
    assert " 13 " not in text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("paper", pdf.PAPERS)
def test_blank_sheet_in_every_language_and_paper(ctx: Any, lang: str, paper: str) -> None:
    data = pdf.render_blank_sheet("burraco", lang, paper)
    reader = read_pdf(data)
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # landscape
    assert len(reader.pages) == 1
    assert reader.trailer["/Root"]["/Lang"] == lang.replace("_", "-")
    assert number(2005, lang) in pdf_text(data)


def test_blank_sheet_is_cached(ctx: Any) -> None:
    first = pdf.render_blank_sheet("buraco-fechado", "pt_BR")
    assert pdf.render_blank_sheet("buraco-fechado", "pt_BR") is first


def test_unknown_profile_is_refused(ctx: Any) -> None:
    with pytest.raises(ValueError, match="profile"):
        pdf.render_blank_sheet("canasta-americana", "en")


@pytest.mark.parametrize("lang", LANGS)
def test_burro_sheet(ctx: Any, lang: str) -> None:
    data = pdf.render_burro_sheet(lang, "Letter", ["Ana", "Bia", "Caio", "Dóra"])
    text = pdf_text(data)
    assert "B U R R O" in text
    for name in ("Ana", "Bia", "Caio", "Dóra"):
        assert name in text
    # the ranks to pull, with the letters the language's decks print (French R D V)
    assert burro_ranks(4) == ["A", "K", "Q", "J"]
    assert " ".join(format_rank(rank, lang) for rank in burro_ranks(4)) in text
    if lang == "fr":
        assert "A R D V" in text
    assert read_pdf(data).trailer["/Root"]["/Lang"] == lang.replace("_", "-")


def test_burro_sheet_without_names_has_empty_rows(ctx: Any) -> None:
    text = pdf_text(pdf.render_burro_sheet("en"))
    assert text.count("B U R R O") == 1 + 12  # the header, then 12 empty rows
