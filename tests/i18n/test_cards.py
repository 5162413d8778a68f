"""Cards in the players' letters, and numbers through Babel."""

from __future__ import annotations

import pytest

from scorekeeper.i18n import (
    LOCALES,
    card_aliases,
    format_card,
    format_number,
    format_rank,
    normalize_locale,
)
from scorekeeper.rules import Card, InputError, parse_cards
from scorekeeper.rules.cards import SUIT_SYMBOLS, SUITS

EVERY_CARD = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
EVERY_CARD += [Card.joker(), *(Card(2, suit, True) for suit in SUITS)]


def _letters(card: Card, locale: str) -> str:
    """The card typed with the locale's rank letter and suit initial."""
    if card.is_joker:
        return "JK"
    _ranks, suits = card_aliases(locale)
    initial = {canonical: letter for letter, canonical in suits.items()}.get(card.suit, card.suit)
    return f"{format_rank(card.rank, locale)}{initial}{'*' if card.wild else ''}"


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_round_trips_through_the_display(locale):
    ranks, suits = card_aliases(locale)
    shown = [format_card(card, locale) for card in EVERY_CARD]
    assert parse_cards(" ".join(shown), ranks, suits) == EVERY_CARD


@pytest.mark.parametrize("locale", LOCALES)
def test_every_card_round_trips_through_the_locale_letters(locale):
    ranks, suits = card_aliases(locale)
    typed = [_letters(card, locale) for card in EVERY_CARD]
    assert parse_cards(" ".join(typed), ranks, suits) == EVERY_CARD
    assert parse_cards(" ".join(t.lower() for t in typed), ranks, suits) == EVERY_CARD


@pytest.mark.parametrize("locale", LOCALES)
def test_letters_are_unambiguous_within_a_locale(locale):
    ranks, suits = card_aliases(locale)
    # one letter, one rank; one initial, one suit
    assert len(set(ranks.values())) == len(ranks)
    assert len(set(suits.values())) == len(suits)
    assert set(suits.values()) <= set(SUITS)
    # a locale letter never hides another canonical rank (D is dame, never a rank of S H D C)
    for letter, rank in ranks.items():
        canonical = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(letter)
        assert canonical in (None, rank), (locale, letter)
    # every suit can still be typed: each one has exactly one reading in this locale
    readings = {}
    for letter in {*suits, *SUITS}:
        readings[letter] = suits.get(letter, letter if letter in SUITS else None)
    assert set(readings.values()) == set(SUITS)


@pytest.mark.parametrize(("locale", "text", "expected"), [
    # French: R D V, P C K T (pique, cœur, carreau, trèfle); C is cœur, not clubs
    ("fr", "RC DP VK 10T AS", ["KH", "QS", "JD", "10C", "AS"]),
    ("fr", "K♣ QH JD", ["KC", "QH", "JD"]),
    # Portuguese: R D V, E C O P (espadas, copas, ouros, paus)
    ("pt_BR", "RE DC VO 7P", ["KS", "QH", "JD", "7C"]),
    # Italian: R D F, P C Q F (picche, cuori, quadri, fiori): F is fante as a rank,
    # fiori as a suit; Q is the queen as a rank, quadri as a suit
    ("it", "FF QQ RC DP", ["JC", "QD", "KH", "QS"]),
    # French decks print the ace as 1 ("jeu de 54"): 1♥ is the ace, 10 stays ten
    ("fr", "1C 1♠ 10C 1p", ["AH", "AS", "10H", "AS"]),
    # every language's own letters are still read: J Q K everywhere, V D R in Portuguese
    ("pt_BR", "JC QC KC VC DC RC", ["JH", "QH", "KH", "JH", "QH", "KH"]),
    ("it", "JF QF KF", ["JC", "QC", "KC"]),
    # English keeps S H D C
    ("en", "KC QH 2S*", ["KC", "QH", "2S*"]),
])
def test_the_locale_decides(locale, text, expected):
    assert [str(c) for c in parse_cards(text, *card_aliases(locale))] == expected


def test_the_ace_as_1_is_french_only():
    with pytest.raises(InputError):
        parse_cards("1H")
    with pytest.raises(InputError):
        parse_cards("1C", *card_aliases("it"))


def test_unknown_letters_are_still_refused():
    with pytest.raises(InputError):
        parse_cards("3X", *card_aliases("fr"))
    with pytest.raises(InputError):
        parse_cards("VX", *card_aliases("fr"))


@pytest.mark.parametrize(("locale", "card", "shown"), [
    ("fr", "QH", "D♥"), ("fr", "JC", "V♣"), ("fr", "KS", "R♠"), ("fr", "AD", "A♦"),
    ("pt_BR", "JD", "J♦"), ("pt_PT", "KS", "K♠"), ("it", "JD", "J♦"), ("it", "QS", "Q♠"),
    ("fr", "AH", "A♥"),
    ("en", "QH", "Q♥"), ("en", "10S", "10♠"), ("fr", "2H*", "2♥*"), ("it", "JK", "JK"),
])
def test_format_card(locale, card, shown):
    assert format_card(card, locale) == shown
    assert shown[-1] in {*SUIT_SYMBOLS.values(), "*", "K"}


@pytest.mark.parametrize(("locale", "value", "expected"), [
    ("en", -1500, "\u22121,500"),
    ("en", 3000, "3,000"),
    ("fr", -1500, "\u22121\u202f500"),
    ("pt_BR", -1500, "\u22121.500"),
    ("it", 2005, "2.005"),
    ("it", -35, "\u221235"),
    ("pt_PT", -1500, "\u22121\u00a0500"),
    ("pt_PT", -15000, "\u221215\u00a0000"),
])
def test_numbers_through_babel(locale, value, expected):
    assert format_number(value, locale) == expected


def test_signed_scores_and_non_numbers():
    assert format_number(465, "fr", signed=True) == "+465"
    assert format_number(-15, "fr", signed=True) == "\u221215"  # a true minus sign
    assert format_number(0, "fr", signed=True) == "0"
    assert format_number("—", "fr") == "—"
    assert format_number(True, "fr") == "True"


@pytest.mark.parametrize(("code", "expected"), [
    ("pt", "pt_BR"), ("pt-PT", "pt_PT"), ("pt-br", "pt_BR"), ("fr-CA", "fr"), ("it_IT", "it"),
    ("de", "en"), (None, "en"), ("", "en"),
])
def test_normalize_locale(code, expected):
    assert normalize_locale(code) == expected
