"""A profile's pages speak its own tradition in every language (translations/GLOSSARY.md):
an Italian Burraco match never says morto or canastra, a Buraco Aberto match does."""

from __future__ import annotations

import re

import pytest

from scorekeeper.i18n import LOCALES

from .test_pages import _text

BRAZILIAN = re.compile(r"(?i)\bmorto\b|\bcanastr")
ITALIAN = re.compile(r"(?i)\bpozzetto\b|\bburrac")


def _match_pages(player, profile: str) -> list[str]:
    token = player.new_match(profile=profile)
    sides = [{"mode": "counts", "table_points": 100, "clean": 1},
             {"mode": "counts", "table_points": 50}]
    assert player.save_deal(token, sides).status_code == 302
    return [f"/m/{token}", f"/m/{token}/deals/new", f"/m/{token}/deals/1/edit"]


@pytest.mark.parametrize("locale", LOCALES)
def test_italian_match_says_pozzetto_and_burraco(player, locale):
    pages = _match_pages(player, "burraco")
    player.client.get(f"/lang/{locale}")
    words = ""
    for url in pages:
        text = _text(player.client.get(url).get_data(as_text=True))
        # the profile's name is the only place "Buraco" may appear; nothing Brazilian
        assert not BRAZILIAN.search(text), (url, BRAZILIAN.findall(text))
        words += text
    assert ITALIAN.search(words)


@pytest.mark.parametrize("locale", LOCALES)
def test_brazilian_match_says_morto_and_canastra(player, locale):
    pages = _match_pages(player, "buraco-aberto")
    player.client.get(f"/lang/{locale}")
    words = " ".join(_text(player.client.get(url).get_data(as_text=True)) for url in pages)
    assert re.search(r"(?i)\bmorto\b", words)
    assert re.search(r"(?i)\bcanastr", words)
    assert not ITALIAN.search(words), ITALIAN.findall(words)


@pytest.mark.parametrize("locale", LOCALES)
def test_meld_checker_uses_the_profile_words(player, locale):
    player.client.get(f"/lang/{locale}")
    page = player.client.get("/check?profile=burraco&melds=3H+JK+5H+2S").get_data(as_text=True)
    assert "pinella" in _text(page)


def test_classic_buraco_says_puits_in_french(player):
    """Seed 000, the French source of Classic Buraco, calls the pile the *puits*."""
    player.client.get("/lang/fr")
    classic = _text(player.client.get("/rules?profile=buraco-classico").get_data(as_text=True))
    assert "Un camp qui n’a pas pris son puits perd 100 points." in classic
    assert "pozzetto" not in classic
    italian = _text(player.client.get("/rules?profile=burraco").get_data(as_text=True))
    # Italian Burraco keeps its source's word
    assert "Un camp qui n’a pas pris son pozzetto perd 100 points." in italian


@pytest.mark.parametrize(("locale", "canastra", "burraco"), [
    ("pt_BR", "limpa", "limpo"), ("pt_PT", "limpa", "limpo"), ("it", "pulita", "pulito"),
])
def test_the_rules_page_agrees_category_words_with_the_meld(player, locale, canastra, burraco):
    """*Bônus das canastras: limpa 200*, *Bônus dos burracos: limpo 200*."""
    player.client.get(f"/lang/{locale}")
    rules = _text(player.client.get("/rules?profile=buraco-aberto&compare=burraco")
                  .get_data(as_text=True))
    assert re.search(rf"\b{canastra}\b", rules)
    assert re.search(rf"\b{burraco}\b", rules)
