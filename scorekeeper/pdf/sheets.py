"""Blank sheets to keep score on paper: one per profile (its columns, empty rows and
a reminder of its rules), and the Burro sheet (a row of letters per player)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import partial
from typing import Any

from flask_babel import gettext

from scorekeeper import vocabulary
from scorekeeper.i18n import forced_locale, format_rank
from scorekeeper.pdf.cache import Job, cached
from scorekeeper.pdf.engine import _write_pdf, check_paper, render_html
from scorekeeper.pdf.words import category_label, number, profile_terms
from scorekeeper.rules import Profile, burro_ranks, export_profile, get_profile, profile_of
from scorekeeper.rules.burro import MAX_PLAYERS, MIN_PLAYERS, WORD
from scorekeeper.rules.house import key as house_key

#: Rows of a blank sheet: at least one, at most this many.
MAX_ROWS = 60
#: Characters of a player's name on the Burro sheet, at most (as a side's name).
NAME_LENGTH = 40


def render_blank_sheet(profile_id: str, lang: str, paper: str = "A4", rows: int = 20,
                       house: Mapping[str, Any] | None = None) -> bytes:
    """A blank scoresheet for one profile (or for the house rules ``house``, a profile
    document based on it): its columns, N rows, and a rules reminder."""
    check_paper(paper)
    # unknown rules are refused here, not in the worker
    profile = profile_of(dict(house)) if house else get_profile(profile_id)
    rows = max(1, min(int(rows), MAX_ROWS))
    return cached(("blank", house_key(profile), lang, paper, rows),
                  partial(Job, layout_blank_sheet,
                          (profile_id, lang, paper, rows, dict(house) if house else None)))


def layout_blank_sheet(profile_id: str, lang: str, paper: str, rows: int,
                       house: dict[str, Any] | None = None) -> bytes:
    """Lay out a blank scoresheet (the worker's job; inside an app context)."""
    profile = profile_of(house) if house else get_profile(profile_id)
    with forced_locale(lang):
        terms = profile_terms(profile_id, house=profile.name if house else None)
        html = render_html(
            "pdf/blank_sheet.html", lang,
            gettext("%(profile)s: blank scoresheet", profile=terms["name"]),
            # a set of columns for each side of the game's smallest table
            terms=terms, rows=rows, sides=profile.min_sides, **reminder(profile, lang))
    return _write_pdf(html, paper, landscape=True, kind="sheets")


def reminder(profile: Profile, lang: str) -> dict[str, Any]:
    """The profile's numbers on the sheet, read from its document (``export_profile``):
    its categories (a column each) and the reminder of its target, card values, going
    out, pile and opening rules."""
    params = export_profile(profile)["params"]
    vulnerable, vulnerability = params["vulnerability"], None
    if vulnerable is not None and vulnerable["opening_minimum"]:
        vulnerability = {"total": number(vulnerable["from"], lang),
                         "minimum": number(vulnerable["opening_minimum"], lang)}
    return {
        "categories": [{"key": name, "label": category_label(name, profile.base or profile.id),
                        "points": number(points, lang)}
                       for name, points in params["bonuses"].items()],
        "card_values": _card_values(params["card_points"], lang),
        "target": number(params["target"], lang),
        "going_out": number(params["going_out"]["bonus"], lang),
        "pile_penalty": number(-abs(params["morto_penalty"]), lang),
        "vulnerability": vulnerability,
    }


def _card_values(card_points: Mapping[str, Any], lang: str) -> list[dict[str, str]]:
    """The profile's card values for the reminder, in the order of the card table; a
    value equal to the one of its ``same_as`` is not repeated."""
    shown = []
    for key, _data, label, _said, same_as in vocabulary.CARD_VALUES:
        points = card_points[key]
        if same_as is not None and card_points[same_as] == points:
            continue
        shown.append({"cards": gettext(label), "points": number(points, lang)})
    return shown


def burro_names(players: Iterable[str] | None) -> list[str]:
    """The names a Burro sheet prints: spaces collapsed, empty ones dropped, each at
    most ``NAME_LENGTH`` characters, at most the game's largest table."""
    names = (" ".join(str(p).split())[:NAME_LENGTH].strip() for p in players or ())
    return [name for name in names if name][:MAX_PLAYERS]


def render_burro_sheet(lang: str, paper: str = "A4", players: list[str] | None = None) -> bytes:
    """A Burro sheet: one row per player, one box per letter of B U R R O. Only the
    sheet without names is kept (one per language and paper): typed names would let
    anyone fill the cache."""
    check_paper(paper)
    names = burro_names(players)
    return cached(None if names else ("burro", lang, paper),
                  partial(Job, layout_burro_sheet, (lang, paper, names)))


def layout_burro_sheet(lang: str, paper: str, names: list[str]) -> bytes:
    """Lay out a Burro sheet (the worker's job; inside an app context)."""
    # Too few names for a game: the table keeps room for the largest one.
    rows = names + [""] * (MAX_PLAYERS - len(names)) if len(names) < MIN_PLAYERS else names
    with forced_locale(lang):
        html = render_html(
            "pdf/burro_sheet.html", lang, gettext("Burro: scoresheet"),
            players=rows, letters=list(WORD),
            ranks=[{"players": number(n, lang),
                    "ranks": " ".join(format_rank(r, lang) for r in burro_ranks(n))}
                   for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)],
        )
    return _write_pdf(html, paper, kind="sheets")
