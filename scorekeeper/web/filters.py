"""What templates may call: numbers, cards and the game's words in the page's language."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask_babel import lazy_gettext

from scorekeeper import messages, sources, vocabulary
from scorekeeper.cardtext import (
    deck,
    meld_lines,
    notation,
    read_as,
    shown,
    shown_card,
    use_page_locale,
)
from scorekeeper.i18n import DEFAULT_LOCALE, LOCALES, format_number, format_rank, page_gettext
from scorekeeper.moments import time_tag
from scorekeeper.msgids import N_
from scorekeeper.rules.burro import MAX_PLAYERS, MIN_PLAYERS
from scorekeeper.web.chrome import chrome, per_language
from scorekeeper.web.common import locale_code, num, red, rules_name
from scorekeeper.web.evening.rows import seat_name, withdrawn_mark
from scorekeeper.web.keptside import kept_side
from scorekeeper.web.offline import (
    pack_bytes,
    referee_url,
    shell_number,
    shell_urls,
    static_digest,
    title_word,
)
from scorekeeper.web.typedby import match_change

#: The language switcher's labels: each language in its own words.
LANGUAGE_NAMES = {
    "en": "English",
    "fr": "Français",
    "pt_BR": "Português (Brasil)",
    "pt_PT": "Português (Portugal)",
    "it": "Italiano",
}


def signed(value: Any) -> str:
    """A change of score: ``+465``, ``−15``."""
    return format_number(value, locale_code(), signed=True)


def label(key: Any, tradition: str | None = None) -> str:
    """The word for a rule key or value (``vocabulary.rule_label``)."""
    return str(vocabulary.rule_label(key, tradition))


def category(value: Any, tradition: str | None = vocabulary.DEFAULT_TRADITION) -> str:
    """A canastra category in the tradition's words ("clean canastra", "clean burraco")."""
    return str(vocabulary.category_label(str(value), tradition)) if value else ""


def term(key: str, tradition: str | None = vocabulary.DEFAULT_TRADITION) -> str:
    """A game word in the tradition's words (morto / pozzetto…)."""
    return str(vocabulary.term(key, tradition))


def colon() -> str:
    """The separator between a label and its value, as the language writes it (French
    puts a narrow no-break space before the colon)."""
    return page_gettext(": ")


def source(text: Any) -> str:
    """Where a rule comes from, in the page's language (``source 001 §04``)."""
    return sources.source(text, page_gettext)


def movement(name: str) -> str:
    """A movement's name as the clubs say it."""
    known = messages.MOVEMENTS.get(name)
    return page_gettext(known) if known else name


#: What an evening's history says of a change to one table (``EventChange.action``).
TABLE_CHANGES = {"deal": N_("A deal entered"), "edited": N_("A deal corrected"),
                 "penalty": N_("A penalty"), "forfeit": N_("The forfeit changed"),
                 "confirmed-ns": N_("Deals confirmed by North-South"),
                 "confirmed-ew": N_("Deals confirmed by East-West"),
                 "confirmed-director": N_("Deals confirmed by the director for the table"),
                 "kept-ns": N_("The director kept North-South’s deals"),
                 "kept-ew": N_("The director kept East-West’s deals"),
                 "withdrawn": N_("Withdrawn from the evening: the table is a forfeit"),
                 "returned": N_("Back in the evening: the forfeit is taken back")}


def table_change(action: str) -> str:
    """A line of a table's history, in words."""
    known = TABLE_CHANGES.get(action)
    return page_gettext(known) if known else action


def event_warning(problem: Any) -> str:
    """A warning about the next turn (a Mitchell that would seat pairs as before), in words."""
    return messages.problem_message(problem, page_gettext)


def init_app(app: Flask) -> None:
    """Register the filters, tests and globals of every template; cards typed without a
    locale named are read in the page's letters."""
    use_page_locale(locale_code)
    app.jinja_env.filters.update(
        num=num, signed=signed, card=shown_card, cards=shown, read_as=read_as, label=label,
        category=category, rank=lambda r: format_rank(r, locale_code()), source=source,
        meld_lines=meld_lines, seat_name=seat_name, movement=movement,
        event_warning=event_warning, table_change=table_change, title_word=title_word,
        shell_number=shell_number, match_change=lambda c: match_change(c.action, c.position),
        clock=time_tag,
    )
    app.jinja_env.tests["red"] = red
    app.jinja_env.globals.update(
        LANGUAGES=[(code, LANGUAGE_NAMES.get(code, code)) for code in LOCALES],
        asset_version=static_digest(),
        referee_url=referee_url,
        pack_bytes=pack_bytes,
        offline_shells=lambda: shell_urls(locale_code() or DEFAULT_LOCALE),
        term=term,
        tradition_of=vocabulary.tradition_of,
        morto_label=vocabulary.morto_label,
        count_label=vocabulary.count_label,
        notation=notation,
        deck=deck,
        colon=colon,
        profile_name=lambda pid: str(vocabulary.profile_name(pid)),
        rules_name=rules_name,
        SOURCES=[(number, title, lazy_gettext(what))
                 for number, title, what in sources.SOURCES],
        current_locale=lambda: locale_code() or DEFAULT_LOCALE,
        BURRO_PLAYERS=(MIN_PLAYERS, MAX_PLAYERS),
        chrome=chrome,
        per_language=per_language,
        withdrawn_mark=withdrawn_mark,
        kept_side=kept_side,
    )
