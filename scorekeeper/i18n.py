"""Locale choice, and cards and numbers written the way each locale writes them.

Flask is imported only inside the functions that need a request, so the command
line and ``scorekeeper.messages`` can use the card notation without loading it.
Babel is imported only to write a number; where it is missing (the phone's own
referee, ``scorekeeper.phone``, carries no Babel), the same digits come from a table of
the five locales' separators, which a test holds equal to Babel's.
The game's words are in ``scorekeeper.vocabulary``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from scorekeeper import digits

LOCALES = ("en", "fr", "pt_BR", "it", "pt_PT")
DEFAULT_LOCALE = "en"

#: A visitor's language that is not offered as such is read as its nearest locale:
#: Portuguese without a region is Brazilian (where Buraco is played most).
LANGUAGE_FALLBACKS = {"pt": "pt_BR"}


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


#: The request's kept translations (``page_translations``): set empty when a request
#: starts and reset when it ends (``start_page``, hooked by the app), so no request sees
#: another's; a plain context variable, since Flask's ``g`` costs a few microseconds a
#: look and a page looks a hundred times.
_KEPT: ContextVar[list[Any] | None] = ContextVar("scorekeeper_page_translations", default=None)
#: The request's page language code, kept the same way (``page_code``).
_CODE: ContextVar[list[str] | None] = ContextVar("scorekeeper_page_code", default=None)


def start_page() -> Callable[[], None]:
    """A request starts: its translations will be looked up on first use. Returns what
    ends it (the app's teardown hook)."""
    token, code = _KEPT.set([]), _CODE.set([])

    def end() -> None:
        with suppress(ValueError):  # a token of another context: nothing of ours to undo
            _KEPT.reset(token)
            _CODE.reset(code)

    return end


def page_code() -> list[str] | None:
    """The request's slot for its page's language code: empty until the code is chosen,
    then the code (``web/common.locale_code`` fills it); None outside a request started
    by ``start_page``."""
    return _CODE.get()


def page_translations() -> Any:
    """The translations of the locale in force, looked up once per request and locale.

    Flask-Babel's ``get_translations`` looks the catalog (and the locale) up again on
    every call, and a page asks for a hundred messages: they are kept for the request
    (``_KEPT``). A locale forced for a while (a PDF's, an API answer's) goes through
    ``forced_locale``, which keeps its own and gives the request's back after it; the
    architecture test holds every other module to it (``tests/i18n/
    test_page_translations.py`` holds the hit and the forced locale). Outside a request,
    Flask-Babel's own answer."""
    from flask_babel import get_translations

    kept = _KEPT.get()
    if kept is None:
        return get_translations()
    if not kept:
        kept.append(get_translations())
    return kept[0]


@contextmanager
def forced_locale(code: str) -> Iterator[None]:
    """Flask-Babel's ``force_locale(code)``, with the page's kept translations set aside
    for the while (``page_translations``)."""
    from flask_babel import force_locale

    token = _KEPT.set([] if _KEPT.get() is not None else None)
    try:
        with force_locale(code):
            yield
    finally:
        _KEPT.reset(token)


def page_gettext(text: str, /, **params: Any) -> str:
    """The message in the page's language (as ``flask_babel.gettext``, through
    ``page_translations``): the pages', the forms' labels and the templates' words."""
    said = str(page_translations().ugettext(text))
    return said % params if params else said


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


# -- Cards -----------------------------------------------------------------------------

# Rank letters and suit initials per language. In a card the LAST character is the
# suit and everything before it the rank, so a letter may mean one thing as a rank
# and another as a suit (Italian F: fante as a rank, fiori as a suit). Where a suit
# initial means another suit in the canonical S H D C notation, the locale wins:
# French/Portuguese/Italian C is hearts (coeur, copas, cuori), never clubs.
#
# Cards are shown with the indices printed on the decks sold in the language's
# country: R D V on French decks (Grimaud, France Cartes), J Q K on Brazilian (Copag),
# Portuguese and Italian (Modiano, Dal Negro) ones, as the rule texts of those
# countries write them (translations/GLOSSARY.md, "Card notation").
_SHOWN = {
    "fr": {13: "R", 12: "D", 11: "V"},  # roi, dame, valet
}
# Letters typed on top of the canonical A J Q K: the language's own initials, shown
# or not, and the ace as 1 where the decks print it so (French "jeu de 54").
_RANKS = {
    "fr": {"R": 13, "D": 12, "V": 11, "1": 1},  # roi, dame, valet; the ace printed 1
    "pt": {"R": 13, "D": 12, "V": 11},  # rei, dama, valete
    "it": {"R": 13, "D": 12, "F": 11},  # re, donna, fante
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
    >>> ranks["R"], ranks["1"], suits["C"], suits["T"]
    (13, 1, 'H', 'C')
    """
    lang = _language(locale)
    return dict(_RANKS.get(lang, {})), dict(_SUITS.get(lang, {}))


def suit_initials(locale: Any) -> dict[str, str]:
    """Suit symbol -> the locale's initial (♠ -> P in French), for the entry help."""
    return {_SYMBOLS[s]: letter for letter, s in _SUITS.get(_language(locale), {}).items()}


def format_rank(rank: Any, locale: Any) -> str:
    """A rank (1–13, or a canonical letter ``Q``) with the letter the locale's decks
    print: ``D`` in French, ``Q`` in English, Portuguese and Italian.

    >>> format_rank("Q", "fr"), format_rank(12, "it"), format_rank(1, "fr")
    ('D', 'Q', 'A')
    """
    if isinstance(rank, str):
        names = {v: k for k, v in _CANONICAL_RANKS.items()}
        number = digits.below(rank, 100)
        rank = names.get(rank.upper(), rank if number is None else number)
    if not isinstance(rank, int):
        return str(rank)
    letters = _SHOWN.get(_language(locale), {})
    return letters.get(rank) or _CANONICAL_RANKS.get(rank) or str(rank)


def format_card(card: Any, locale: Any) -> str:
    """A card (``Card`` or canonical text) with its suit symbol and the locale's rank
    letter: ``QH`` -> ``D♥`` in French, ``Q♥`` in English and Italian; the joker stays
    ``JK``."""
    from scorekeeper.rules.cards import Card
    from scorekeeper.rules.problems import InputError

    if isinstance(card, str):
        try:
            card = Card.parse(card)
        except InputError:
            return str(card)
    if card.is_joker:
        return "JK"
    return f"{format_rank(card.rank, locale)}{_SYMBOLS[card.suit]}{'*' if card.wild else ''}"


def format_cards(cards: Any, locale: Any) -> str:
    """Several cards, space-separated, as ``format_card`` writes them."""
    return " ".join(format_card(c, locale) for c in cards)


# -- Numbers ---------------------------------------------------------------------------

def format_number(value: Any, locale: Any, *, signed: bool = False,
                  places: int | None = None) -> str:
    """A score through Babel (``−1 500`` in French, ``−1.500`` in Italian), negative
    numbers with a true minus sign (U+2212), as every page and PDF shows them; ``signed``
    writes a score's sign as a change: ``+465``, ``−15``; ``places``, that many decimals
    always (a grade's ``61.0``). Anything that is not a number is shown as it is.

    >>> format_number(-1500, "it"), format_number(465, "fr", signed=True)
    ('\u22121.500', '+465')
    >>> format_number(61, "fr", places=1), format_number(1234.56, "en", places=1)
    ('61,0', '1,234.6')
    """
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return str(value)
    if places is not None:  # rounded first: the digits shown are the digits kept
        return _fixed(round(float(value), places), str(locale) if locale else "", places)
    return _formatted(value, str(locale) if locale else "", signed)


@lru_cache(maxsize=4096)
def _fixed(value: float, locale: str, places: int) -> str:
    """``value`` with ``places`` decimals, grouped as ``_decimal`` groups it."""
    group, mark = SEPARATORS.get(normalize_locale(locale or None),
                                 SEPARATORS[DEFAULT_LOCALE])
    text = f"{value:,.{places}f}".replace(",", "\0").replace(".", mark).replace("\0", group)
    return text.replace("-", MINUS)


@lru_cache(maxsize=8192)
def _formatted(value: int | float, locale: str, signed: bool) -> str:
    """Scores come back again and again (totals, the target, each deal's columns)."""
    text = _decimal(value, normalize_locale(locale or None)).replace("-", MINUS)
    return f"+{text}" if signed and value > 0 else text


#: The minus sign of every negative number shown (French typography's, and one sign on a
#: page: the totals beside the deals' changes).
MINUS = "\u2212"

#: What separates thousands, and the decimal mark, in each locale (as Babel writes them).
SEPARATORS = {"en": (",", "."), "fr": ("\u202f", ","), "pt_BR": (".", ","),
              "pt_PT": ("\u00a0", ","), "it": (".", ",")}


def _decimal(value: int | float, locale: str) -> str:
    """``value`` as Babel's ``format_decimal`` writes it. A whole number (every score) is
    grouped by the separators of the locales we offer, as Babel groups it
    (tests/i18n/test_numbers.py) in a hundredth of Babel's time: a page of 24 deals
    writes a hundred numbers. Without Babel (the phone), every number is written so."""
    if isinstance(value, int) and locale in SEPARATORS:
        return _grouped(value, locale)
    try:
        from babel.numbers import format_decimal
    except ImportError:
        return _grouped(value, locale)
    return format_decimal(value, locale=locale)


def _grouped(value: int | float, locale: str) -> str:
    """``value`` with the separators of ``locale`` (at most three decimals, as Babel)."""
    group, mark = SEPARATORS.get(locale, SEPARATORS[DEFAULT_LOCALE])
    text = f"{value:,.3f}".rstrip("0").rstrip(".") if isinstance(value, float) \
        else f"{value:,}"
    return text.replace(",", "\0").replace(".", mark).replace("\0", group)
