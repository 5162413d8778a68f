"""Locale choice, lazy labels in the players' words, cards and numbers per locale.

Flask is imported only inside the functions that need a request, so the command
line and ``scorekeeper.messages`` can use the card notation without loading it.
The words themselves are in translations/GLOSSARY.md.
"""

from __future__ import annotations

from typing import Any

from babel.numbers import format_decimal

LOCALES = ("en", "fr", "pt_BR", "it", "pt_PT")
DEFAULT_LOCALE = "en"

#: A visitor's language that is not offered as such is read as its nearest locale:
#: Portuguese without a region is Brazilian (where Buraco is played most).
LANGUAGE_FALLBACKS = {"pt": "pt_BR"}


def N_(message: str) -> str:
    """Mark a string for extraction; ``lazy_gettext`` translates it when shown."""
    return message


def _lazy(message: str) -> Any:
    from flask_babel import lazy_gettext

    return lazy_gettext(message)


def normalize_locale(code: str | None) -> str:
    """``pt-br`` -> ``pt_BR``; ``pt`` -> ``pt_BR``; unknown codes -> English."""
    if not code:
        return DEFAULT_LOCALE
    text = str(code).replace("-", "_")
    lang, _, region = text.partition("_")
    text = f"{lang.lower()}_{region.upper()}" if region else lang.lower()
    if text in LOCALES:
        return text
    if text in LANGUAGE_FALLBACKS:
        return LANGUAGE_FALLBACKS[text]
    if lang.lower() in LOCALES:
        return lang.lower()
    return LANGUAGE_FALLBACKS.get(lang.lower(), DEFAULT_LOCALE)


def select_locale() -> str:
    """The session's explicit choice, else the best ``Accept-Language`` match, else English."""
    from flask import request, session

    chosen = session.get("lang")
    if chosen in LOCALES:
        return str(chosen)
    return best_locale(request.accept_languages)


def best_locale(accepted: Any) -> str:
    """The first language the browser accepts (highest quality first) that we offer,
    reading a regional variant as its language: ``fr-CA`` -> ``fr``, ``pt-PT`` ->
    ``pt_BR``. Werkzeug's ``best_match`` would prefer an exact ``en`` at q=0.5 to
    the ``it-IT`` the visitor put first."""
    for lang, quality in accepted:
        if quality <= 0 or lang == "*":
            continue
        text = lang.replace("-", "_")
        primary = text.split("_")[0].lower()
        if primary in LOCALES or primary in LANGUAGE_FALLBACKS:
            return normalize_locale(text)
    return DEFAULT_LOCALE


# -- Profile names and the players' words -------------------------------------------

PROFILE_NAMES = {
    "buraco-aberto": N_("Buraco Aberto (Brazilian, open)"),
    "buraco-fechado": N_("Buraco Fechado (Brazilian, closed)"),
    "burraco": N_("Italian Burraco"),
    "buraco-classico": N_("Classic Buraco"),
    "burro": N_("Burro"),
}


def profile_name(profile_id: str) -> Any:
    """The profile's name, translated when shown (a lazy string)."""
    message = PROFILE_NAMES.get(profile_id)
    if message is None:
        return profile_id.replace("-", " ").title()
    return _lazy(message)


#: Canastra categories (``Profile.categories``) in each tradition's words.
CATEGORY_LABELS = {
    "br": {
        "clean": N_("clean canastra"),
        "dirty": N_("dirty canastra"),
        "semi-clean": N_("semi-clean canastra"),
        "clean-500": N_("clean canastra of 500"),
        "clean-1000": N_("clean canastra of 1000"),
    },
    "it": {
        "clean": N_("clean burraco"),
        "dirty": N_("dirty burraco"),
        "semi-clean": N_("semi-clean burraco"),
        "clean-500": N_("clean burraco of 500"),
        "clean-1000": N_("clean burraco of 1000"),
    },
}

#: Labels of the deal form's count fields (how many canastras of each category).
COUNT_LABELS = {
    "br": {
        "clean": N_("Clean canastras"),
        "dirty": N_("Dirty canastras"),
        "semi-clean": N_("Semi-clean canastras"),
        "clean-500": N_("Clean canastras of 13 cards (500)"),
        "clean-1000": N_("Clean canastras of 14 cards (1000)"),
    },
    "it": {
        "clean": N_("Clean burracos"),
        "dirty": N_("Dirty burracos"),
        "semi-clean": N_("Semi-clean burracos"),
        "clean-500": N_("Clean burracos of 13 cards (500)"),
        "clean-1000": N_("Clean burracos of 14 cards (1000)"),
    },
}

#: States of a side's morto / pozzetto (``scoring.MORTO_*``).
MORTO_LABELS = {
    "br": {
        "taken": N_("morto taken"),
        "not_taken": N_("morto not taken"),
        "unused": N_("morto taken but never played"),
    },
    "it": {
        "taken": N_("pozzetto taken"),
        "not_taken": N_("pozzetto not taken"),
        "unused": N_("pozzetto taken but never played"),
    },
}

#: Single game words, for headings and table columns.
TERMS = {
    "br": {
        "canastra": N_("canastra"),
        "canastras": N_("canastras"),
        "morto": N_("morto"),
        "going_out": N_("going out"),
        "go_out": N_("go out"),
        "wildcard": N_("wildcard"),
    },
    "it": {
        "canastra": N_("burraco"),
        "canastras": N_("burracos"),
        "morto": N_("pozzetto"),
        "going_out": N_("closing"),
        "go_out": N_("close"),
        "wildcard": N_("pinella or joker"),
    },
}


#: Where the rules page's labels (``scorekeeper.web.labels``, Brazilian words) name a
#: game term, the Italian tradition's own words for the same key.
TRADITION_LABELS = {
    "it": {
        "bonuses": N_("Burraco bonuses"),
        "long_canastras": N_("Long clean burracos"),
        "going_out": N_("Closing"),
        "morto_penalty": N_("Pozzetto not taken"),
        "nobody_took_nobody_pays": N_("Nobody took a pozzetto: nobody pays"),
        "unused_morto": N_("Pozzetto taken but never played counts −100"),
        "needs_morto": N_("needs the pozzetto taken"),
        "canastra": N_("a burraco"),
        "clean-canastra": N_("a clean burraco"),
    },
}


def tradition_label(key: str, tradition: str | None) -> Any:
    """The Italian tradition's label for a rules key, or ``None`` where the
    Brazilian words of ``web.labels`` apply (every key in a "br" profile)."""
    message = TRADITION_LABELS.get(tradition or "", {}).get(key)
    return None if message is None else _lazy(message)


def _tradition(tradition: str | None) -> str:
    return tradition if tradition in CATEGORY_LABELS else "br"


def category_label(category: str, tradition: str | None = "br") -> Any:
    """``clean`` -> "clean canastra" (br) or "clean burraco" (it), lazily translated."""
    message = CATEGORY_LABELS[_tradition(tradition)].get(category)
    return category if message is None else _lazy(message)


def count_label(category: str, tradition: str | None = "br") -> Any:
    """The deal form's label for the number of canastras (br) / burracos (it) of a
    category: ``clean`` -> "Clean burracos" in an Italian profile."""
    message = COUNT_LABELS[_tradition(tradition)].get(category)
    return category if message is None else _lazy(message)


def morto_label(state: str, tradition: str | None = "br") -> Any:
    """``not_taken`` -> "morto not taken" (br) or "pozzetto not taken" (it)."""
    message = MORTO_LABELS[_tradition(tradition)].get(state)
    return state if message is None else _lazy(message)


def term(key: str, tradition: str | None = "br") -> Any:
    """One game word in the tradition's vocabulary (``canastra``, ``morto``…)."""
    message = TERMS[_tradition(tradition)].get(key)
    return key if message is None else _lazy(message)


# -- Cards -----------------------------------------------------------------------------

# Rank letters and suit initials per language. In a card the LAST character is the
# suit and everything before it the rank, so a letter may mean one thing as a rank
# and another as a suit (Italian F: fante as a rank, fiori as a suit). Where a suit
# initial means another suit in the canonical S H D C notation, the locale wins:
# French/Portuguese/Italian C is hearts (coeur, copas, cuori), never clubs.
_RANKS = {
    "fr": {"R": 13, "D": 12, "V": 11, "A": 1},  # roi, dame, valet, as
    "pt": {"R": 13, "D": 12, "V": 11, "A": 1},  # rei, dama, valete, ás
    "it": {"R": 13, "D": 12, "F": 11, "A": 1},  # re, donna, fante, asso
}
_SUITS = {
    "fr": {"P": "S", "C": "H", "K": "D", "T": "C"},  # pique, coeur, carreau, trèfle
    "pt": {"E": "S", "C": "H", "O": "D", "P": "C"},  # espadas, copas, ouros, paus
    "it": {"P": "S", "C": "H", "Q": "D", "F": "C"},  # picche, cuori, quadri, fiori
}
_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
_CANONICAL_RANKS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def _language(locale: Any) -> str:
    return normalize_locale(str(locale) if locale else None).split("_")[0]


def card_aliases(locale: Any) -> tuple[dict[str, int], dict[str, str]]:
    """The locale's rank letters and suit initials, for ``rules.parse_cards``.

    >>> ranks, suits = card_aliases("fr")
    >>> ranks["R"], suits["C"], suits["T"]
    (13, 'H', 'C')
    """
    lang = _language(locale)
    return dict(_RANKS.get(lang, {})), dict(_SUITS.get(lang, {}))


def suit_initials(locale: Any) -> dict[str, str]:
    """Suit symbol -> the locale's initial (♠ -> P in French), for the entry help."""
    return {_SYMBOLS[s]: letter for letter, s in _SUITS.get(_language(locale), {}).items()}


def format_rank(rank: Any, locale: Any) -> str:
    """A rank (1–13, or a canonical letter ``Q``) with the locale's letter (``D``)."""
    if isinstance(rank, str):
        names = {v: k for k, v in _CANONICAL_RANKS.items()}
        rank = names.get(rank.upper(), int(rank) if rank.isdigit() else rank)
    if not isinstance(rank, int):
        return str(rank)
    letters = {n: letter for letter, n in _RANKS.get(_language(locale), {}).items()}
    return letters.get(rank) or _CANONICAL_RANKS.get(rank) or str(rank)


def format_card(card: Any, locale: Any) -> str:
    """A card (``Card`` or canonical text) with its suit symbol and the locale's rank
    letter: ``QH`` -> ``D♥`` in French, ``Q♥`` in English; the joker stays ``JK``."""
    from scorekeeper.rules.cards import Card
    from scorekeeper.rules.problems import InputError

    if isinstance(card, str):
        try:
            card = Card.parse(card)
        except InputError:
            return card
    if card.is_joker:
        return "JK"
    return f"{format_rank(card.rank, locale)}{_SYMBOLS[card.suit]}{'*' if card.wild else ''}"


def format_cards(cards: Any, locale: Any) -> str:
    """Several cards, space-separated, as ``format_card`` writes them."""
    return " ".join(format_card(c, locale) for c in cards)


# -- Numbers ---------------------------------------------------------------------------

def format_number(value: Any, locale: Any, *, signed: bool = False) -> str:
    """A score through Babel (``-1 500`` in French, ``-1.500`` in Italian); ``signed``
    adds ``+`` to positive numbers. Anything that is not a number is shown as it is."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    text = format_decimal(value, locale=normalize_locale(str(locale) if locale else None))
    return f"+{text}" if signed and value > 0 else text
