"""Cards on the web pages in the players' letters (issue: cards in the players' language).

French/Portuguese/Italian C is hearts (cœur, copas, cuori), never clubs: the page's
language decides, the page says how it read each card, and the deal is stored in the
canonical notation so that it reads the same in every language afterwards.
Card points: Buraco Aberto, seed 001 §07 (10 J Q K = 10 each, 3–7 = 5).
"""

from __future__ import annotations

import html as htmllib
import re
from typing import Any

import pytest

from .driver import hidden

NNBSP = "\u202f"


def _stored(app: Any, token: str) -> list[dict[str, Any]]:
    """The deals of one match as stored (the database is shared by the i18n tests)."""
    from scorekeeper.db import get_db
    from scorekeeper.models import Deal, Match

    with app.app_context(), get_db().read_sessions() as db:
        match = db.query(Match).filter(Match.edit_token == token).one()
        return [d.data for d in db.query(Deal).filter(Deal.match_id == match.id)
                .order_by(Deal.position)]


def _choose(player: Any, lang: str) -> None:
    assert player.client.get(f"/lang/{lang}").status_code == 302


def _page(response: Any) -> str:
    return htmllib.unescape(response.get_data(as_text=True))


def _textarea(page: str, name: str) -> str:
    pattern = rf'<textarea[^>]*name="{re.escape(name)}"[^>]*>\r?\n?(.*?)</textarea>'
    m = re.search(pattern, page, re.S)
    assert m, name
    return m.group(1)


def _input(page: str, name: str) -> str:
    m = re.search(rf'<input[^>]*name="{re.escape(name)}"[^>]*value="([^"]*)"', page)
    assert m, name
    return m.group(1)


# Each language's letters for the same deal: side 1 melds 10♥ J♥ Q♥ K♥ and keeps K♣;
# side 2 melds 3♣ 4♣ 5♣ and keeps nothing.
DEALS = {
    "fr": ("10C VC DC RC", "RT", "3T 4T 5T"),
    "pt_BR": ("10C VC DC RC", "RP", "3P 4P 5P"),
    "pt_PT": ("10C VC DC RC", "RP", "3P 4P 5P"),
    "it": ("10C FC DC RC", "RF", "3F 4F 5F"),
    "en": ("10H JH QH KH", "KC", "3C 4C 5C"),
}
# Shown back with the letters printed on the country's decks: R D V in France, J Q K in
# Brazil, Portugal and Italy (translations/GLOSSARY.md, "Card notation").
SHOWN = {
    "fr": ("10♥ V♥ D♥ R♥", "R♣"), "pt_BR": ("10♥ J♥ Q♥ K♥", "K♣"),
    "pt_PT": ("10♥ J♥ Q♥ K♥", "K♣"), "it": ("10♥ J♥ Q♥ K♥", "K♣"), "en": ("10♥ J♥ Q♥ K♥", "K♣"),
}


@pytest.mark.parametrize("lang", sorted(DEALS))
def test_a_deal_typed_in_the_players_letters_is_stored_canonically(lang, player, i18n_app):
    _choose(player, lang)
    token = player.new_match()
    melds, hand, other = DEALS[lang]
    sides = [{"melds": melds, "hand": hand}, {"melds": other, "hand_points": 0}]
    response = player.save_deal(token, sides)
    assert response.status_code == 302, _page(response)[-2000:]
    stored = _stored(i18n_app, token)[0]["sides"]
    assert stored[0]["melds"] == ["10H JH QH KH"]
    assert stored[0]["hand"] == ["KC"]
    assert stored[1]["melds"] == ["3C 4C 5C"]
    board = _page(player.client.get(f"/m/{token}"))
    assert re.search(r'id="total-0"[^>]*>30<', board)  # 40 on the table − 10 in hand
    assert re.search(r'id="total-1"[^>]*>15<', board)
    # The deal read back for editing, in the same language: symbols, the locale's letters
    edit = _page(player.client.get(f"/m/{token}/deals/1/edit"))
    assert _textarea(edit, "sides-0-melds") == SHOWN[lang][0]
    assert _input(edit, "sides-0-hand") == SHOWN[lang][1]
    assert _textarea(edit, "sides-1-melds") == "3♣ 4♣ 5♣"


def test_a_deal_typed_in_french_reads_the_same_in_english_and_italian(player, i18n_app):
    _choose(player, "fr")
    token = player.new_match()
    sides = [{"melds": "10C VC DC RC", "hand": "RT"}, {"melds": "3T 4T 5T", "hand_points": 0}]
    assert player.save_deal(token, sides).status_code == 302
    _choose(player, "en")
    edit = _page(player.client.get(f"/m/{token}/deals/1/edit"))
    assert _textarea(edit, "sides-0-melds") == "10♥ J♥ Q♥ K♥"
    assert _textarea(edit, "sides-1-melds") == "3♣ 4♣ 5♣"
    # Saved again from Italian without a change: nothing moves (C would be hearts there).
    _choose(player, "it")
    url = f"/m/{token}/deals/1/edit"
    page = _page(player.client.get(url))
    assert _textarea(page, "sides-1-melds") == "3♣ 4♣ 5♣"
    data = {**hidden(page), "sides-0-mode": "cards", "sides-1-mode": "cards",
            "sides-0-melds": _textarea(page, "sides-0-melds"),
            "sides-0-hand": _input(page, "sides-0-hand"),
            "sides-1-melds": _textarea(page, "sides-1-melds"), "sides-1-hand_points": "0",
            "sides-0-morto": "taken", "sides-1-morto": "taken", "went_out": "",
            "closed_by": "discard", "action": "save"}
    assert player.client.post(url, data=data).status_code == 302
    stored = _stored(i18n_app, token)[0]["sides"]
    assert stored[0]["melds"] == ["10H JH QH KH"]
    assert stored[0]["hand"] == ["KC"]
    assert stored[1]["melds"] == ["3C 4C 5C"]


def test_the_review_says_how_it_read_each_card(player):
    _choose(player, "fr")
    token = player.new_match()
    url = f"/m/{token}/deals/new"
    data = {**player.form(url), "sides-0-mode": "cards", "sides-0-melds": "10C VC DC RC",
            "sides-0-hand": "rt", "sides-1-mode": "cards", "sides-1-melds": "3♣ 4♣ 5♣",
            "sides-1-hand_points": "0", "sides-0-morto": "taken", "sides-1-morto": "taken",
            "went_out": "", "closed_by": "discard", "action": "review"}
    page = _page(player.client.post(url, data=data))
    assert f"Lu comme{NNBSP}: 10♥ V♥ D♥ R♥" in page
    assert f"Lu comme{NNBSP}: R♣" in page
    # symbols need no explanation
    assert 'id="sides-1-melds-read"' not in page
    # the referee's breakdown shows the French letters too
    assert re.search(r'<span class="c r">V♥</span><span class="c r">D♥</span>', page)
    # the entry hint: the French rank letters, suit initials, and which letters still work
    assert "A 2…10 V D R (l’as aussi en 1) avec ♠ P, ♥ C, ♦ K, ♣ T" in page
    assert "Les lettres S H D sont aussi acceptées." in page


def test_an_unknown_card_is_named_as_typed_in_the_players_language(player, i18n_app):
    _choose(player, "it")
    token = player.new_match()
    url = f"/m/{token}/deals/new"
    data = {**player.form(url), "sides-0-mode": "cards", "sides-0-melds": "10C VC DC RC",
            "sides-1-mode": "cards", "sides-1-melds": "3F 4F 5F", "sides-0-hand_points": "0",
            "sides-1-hand_points": "0", "sides-0-morto": "taken", "sides-1-morto": "taken",
            "went_out": "", "closed_by": "discard", "action": "save"}
    response = player.client.post(url, data=data)
    assert response.status_code == 422
    page = _page(response)
    # V is no Italian rank (fante is F): the card is named exactly as typed
    assert "Gioco 1: Carta sconosciuta «VC»" in page
    assert _stored(i18n_app, token) == []


@pytest.mark.parametrize(("lang", "melds", "shown"), [
    ("fr", "DC RC AC", "D♥ R♥ A♥"),
    ("pt_BR", "DC RC AC", "Q♥ K♥ A♥"),
    ("it", "DQ RQ AQ", "Q♦ K♦ A♦"),
    ("it", "QQ KQ AQ", "Q♦ K♦ A♦"),
    ("fr", "DC RC 1C", "D♥ R♥ A♥"),
    ("en", "QC KC AC", "Q♣ K♣ A♣"),
])
def test_the_meld_checker_reads_and_shows_the_locale_letters(player, lang, melds, shown):
    _choose(player, lang)
    page = _page(player.client.get("/check", query_string={"melds": melds}))
    cards = re.findall(r'<span class="c(?: r)?">([^<]+)</span>', page)
    assert " ".join(cards[:3]) == shown
    assert ' class="ok"' in page  # Q K A of one suit: a legal run


def test_the_table_helpers_read_the_locale_letters(player):
    _choose(player, "pt_BR")
    # copas (C) is hearts: 7♥ on top goes on 4♥ 5♥ 6♥
    page = _page(player.client.get("/check/pile", query_string={
        "profile": "burraco", "top": "7C", "melds": "4C 5C 6C", "hand": ""}))
    assert 'id="answer"' in page
    assert "banner win" in page
    assert "4♥ 5♥ 6♥ 7♥" in " ".join(re.findall(r'<span class="c r">([^<]+)</span>', page))
    _choose(player, "it")
    # fiori (F) is clubs, fante (F) is the jack: 9♣ 10♣ J♣ with the joker for the 10
    page = _page(player.client.get("/check/wildcard", query_string={
        "profile": "burraco", "meld": "9F JK FF", "card": "10F"}))
    assert "banner win" in page
    assert "9♣ 10♣ J♣" in " ".join(re.findall(r'<span class="c">([^<]+)</span>', page))


def test_burro_ranks_in_the_locale_letters(player):
    _choose(player, "fr")
    page = _page(player.client.get("/burro/ranks", query_string={"players": "5"}))
    assert ": A R D V 10" in page


def test_the_api_reads_the_locale_letters_only_when_asked(i18n_app):
    client = i18n_app.test_client()
    body = {"profile": "buraco-aberto", "melds": ["10C VC DC RC"]}
    fr = client.post("/api/v1/check?lang=fr&notation=fr", json=body)
    assert fr.status_code == 200
    assert fr.get_json()["melds"][0]["cards"] == ["10H", "JH", "QH", "KH"]
    # without a notation the contract's letters apply: V is no rank there
    plain = client.post("/api/v1/check?lang=fr", json=body)
    assert plain.status_code == 400
    assert plain.get_json()["error"]["code"] == "unknown-card"
    assert "VC" in plain.get_json()["error"]["message"]
    deal = {"profile": "buraco-aberto", "sides": [
        {"melds": ["3P 4P 5P"], "hand": ["RC"], "morto": "taken"},
        {"melds": [{"cards": "AE 2E 3E"}], "hand_points": 0, "morto": "taken"}]}
    scored = client.post("/api/v1/score?notation=pt_BR", json=deal).get_json()
    assert scored["sides"][0]["melds"][0]["cards"] == ["3C", "4C", "5C"]
    assert scored["sides"][0]["hand_points"] == -10  # R♥
    assert scored["sides"][1]["melds"][0]["cards"][0] == "AS"
