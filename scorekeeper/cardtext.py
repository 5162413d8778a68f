"""Cards typed in the players' own letters, and shown back the same way.

A French table writes ``10C VC DC RC`` for 10♥ V♥ D♥ R♥ (C is *cœur*), an Italian one
``10C FC DC RC``; the referee speaks the canonical ``S H D C``. Every text field that
holds cards is read with the page's language (``i18n.card_aliases``) and stored in the
canonical notation, so a deal typed in French reads the same in Portuguese later.
Cards written back into a field use the suit symbols, which no language can misread.
Where a letter means another suit in the canonical notation (C), the page's language
decides, and the page shows how it read each card (``read_as``).

Flask-free, so that the phone's own referee (``scorekeeper.phone``) reads cards the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache
from typing import Any

from scorekeeper.i18n import DEFAULT_LOCALE, card_aliases, format_card, format_rank, suit_initials
from scorekeeper.rules.cards import RED_SUITS, RUN_ORDER, SUIT_SYMBOLS, Card, split_tokens
from scorekeeper.rules.problems import InputError

#: A meld line ending with "!" was laid down in one go (Fechado's 500/1000 canastas).
ONE_GO = "!"

#: What separates cards typed in a field.
SPLIT = re.compile(r"[\s,;]+")


def meld_lines(text: str | None) -> list[str]:
    """The melds of a text field, one per line, blank lines and a lone ``!`` left out."""
    return [" ".join(SPLIT.split(line.strip())) for line in (text or "").splitlines()
            if line.strip() and line.strip() != ONE_GO]


@lru_cache(maxsize=16)
def _aliases(locale: str) -> tuple[dict[str, int], dict[str, str]]:
    return card_aliases(locale)


#: Where the letters of a call that names no locale come from: the web app hands in the
#: page's (``use_page_locale``); the phone's own referee, with no Flask, always names one.
_PAGE_LOCALE: list[Callable[[], str]] = []


def use_page_locale(current: Callable[[], str]) -> None:
    """Read cards in the letters of ``current()`` when a call names no locale."""
    _PAGE_LOCALE[:] = [current]


def _locale(locale: str | None) -> str:
    """``locale``, else the page's (inside a request)."""
    return locale or (_PAGE_LOCALE[0]() if _PAGE_LOCALE else DEFAULT_LOCALE)


def read_card(token: str, locale: str | None = None) -> Card:
    """One card as the page's language reads it (raises ``InputError`` naming it)."""
    ranks, suits = _aliases(_locale(locale))
    return Card.parse(token, ranks, suits)


def canonical_tokens(tokens: Iterable[str], locale: str | None = None) -> list[str]:
    """Each card in the canonical notation; a token that is no card stays as typed,
    so the referee's message names exactly what the player wrote."""
    code = _locale(locale)
    return [_canonical_token(token, code) for token in tokens]


@lru_cache(maxsize=4096)
def _canonical_token(token: str, locale: str) -> str:
    """One typed card in the canonical notation (a deal holds some sixty of them, most
    typed before), or the token as typed when it is no card."""
    try:
        return str(read_card(token, locale))
    except InputError:
        return token


def canonical(text: str, locale: str | None = None) -> str:
    """One meld (or a hand) typed in the page's letters, in the canonical notation;
    a trailing ``!`` (laid down in one go) is kept."""
    tokens = split_tokens(text)
    one_go = bool(tokens) and tokens[-1].endswith(ONE_GO)
    if one_go:
        last = tokens.pop()[: -len(ONE_GO)]
        if last:
            tokens.append(last)
    line = " ".join(canonical_tokens(tokens, locale))
    return f"{line} {ONE_GO}".strip() if one_go else line


def shown_card(card: str | Card, locale: str | None = None) -> str:
    """A canonical card (``QH``) in the page's notation with its symbol (``D♥``)."""
    return format_card(card, _locale(locale))


def shown(text: str | Iterable[str], locale: str | None = None) -> str:
    """Canonical cards written back for a text field or a page: ``QH KH`` -> ``D♥ R♥``
    in French. Anything unreadable is shown as stored."""
    tokens = split_tokens(text) if isinstance(text, str) else [str(t) for t in text]
    loc = _locale(locale)
    return " ".join(t if t == ONE_GO else format_card(t, loc) for t in tokens)


def read_as(text: str | None, locale: str | None = None) -> list[str]:
    """How the page reads each line of a field: ``["10♥ V♥ D♥ R♥"]`` for ``10C VC DC RC``
    in French. Empty when the field already says exactly that (nothing to explain)."""
    loc = _locale(locale)
    lines = [line for line in (text or "").splitlines() if line.strip()]
    out = []
    differs = False
    for line in lines:
        reading = shown(canonical(line, loc), loc)
        differs = differs or reading.upper() != " ".join(split_tokens(line)).upper()
        out.append(reading)
    return out if differs else []


def canonical_doc(doc: Any, locale: str) -> Any:
    """A deal, match or event document (the API's) with every meld, hand and opening read
    in ``locale``'s letters and written canonically; anything else is left untouched."""
    if isinstance(doc, list):
        return [canonical_doc(item, locale) for item in doc]
    if not isinstance(doc, dict):
        return doc
    out = dict(doc)
    for key in ("turns", "tables", "deals", "sides"):
        if isinstance(doc.get(key), list):
            out[key] = [canonical_doc(item, locale) for item in doc[key]]
    for key in ("melds", "opening"):
        if isinstance(doc.get(key), list):
            out[key] = [canonical_meld(m, locale) for m in doc[key]]
    if isinstance(doc.get("hand"), (str, list)):
        out["hand"] = canonical_meld(doc["hand"], locale)
    return out


def canonical_meld(meld: Any, locale: str) -> Any:
    """One meld as the contract writes it (text, list of cards, or ``{"cards": …}``)."""
    if isinstance(meld, str):
        return " ".join(canonical_tokens(split_tokens(meld), locale))
    if isinstance(meld, list):
        return [canonical_meld(c, locale) if isinstance(c, str) else c for c in meld]
    if isinstance(meld, dict) and isinstance(meld.get("cards"), (str, list)):
        return {**meld, "cards": canonical_meld(meld["cards"], locale)}
    return meld


def notation(locale: str | None = None) -> dict[str, Any]:
    """The page's card letters, for the entry hint and the card picker: rank letters
    for A J Q K, each suit symbol with its initial, and the canonical suit letters that
    still mean their own suit in this language (``also``: S H D in French, where C is
    hearts)."""
    loc = _locale(locale)
    own = suit_initials(loc)
    initials = own or {sym: s for s, sym in SUIT_SYMBOLS.items()}
    return {
        "ranks": {r: format_rank(r, loc) for r in ("A", "J", "Q", "K")},
        "suits": [(sym, initials.get(sym, "")) for sym in SUIT_SYMBOLS.values()],
        "also": [s for s in SUIT_SYMBOLS if own and s not in own.values()],
    }


def deck() -> dict[str, Any]:
    """The cards the card picker offers, as the referee knows them: the ranks in run
    order (the ace at both ends), each suit's letter and symbol, the red suits.

    >>> deck()["order"][-2:], deck()["red"]
    (['K', 'A'], ['H', 'D'])
    """
    return {"order": list(RUN_ORDER), "suits": [[s, sym] for s, sym in SUIT_SYMBOLS.items()],
            "red": list(RED_SUITS)}
