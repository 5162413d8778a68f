"""A sample match shown once by a server process before it serves (``app.warm_up``).

A process's first scoreboard and deal form of a match with deals would otherwise run a
good part of their code for the first time while a phone waits: the deal lines, the
chart, the share link, the form's fields as the last deal left them, each language's
numbers. The sample is a match that is not stored, of 24 deals entered card by card;
its scoreboard and its next deal's form are made in every language and dropped. Nothing
is written, and nothing is kept for a page: the deal lines are kept by the sample's own
link, which no match has (``SAMPLE_LINK``).
"""

from __future__ import annotations

from typing import Any

from flask import Flask

from scorekeeper.i18n import LOCALES
from scorekeeper.models import Match
from scorekeeper.rules import DEFAULT_PROFILE
from scorekeeper.rules.document import MAX_TARGET

#: The sample's links: shorter than any match's (``forms.LINK_TOKEN``, 22 letters at
#: least), so that nothing kept for the sample is ever found by a real match's page.
SAMPLE_LINK = "sample"
DEALS = 24
#: the default game's: every card and meld of the deals below is legal in it
PROFILE = DEFAULT_PROFILE

#: Two deals the sides take turns with: a clean canastra and a dirty one, a wildcard, a
#: hand left over, the morto taken and not.
_DEALS: list[dict[str, Any]] = [
    {"profile": PROFILE, "sides": [
        {"name": "A", "melds": ["6S 7S 8S 9S 10S JS QS", "5H 6H 7H", "2D 6C 7C 8C"],
         "morto": "taken", "went_out": True, "closed_by": "discard"},
        {"name": "B", "melds": ["5D 6D 2S", "QH KH AH"], "hand": ["KD", "5C", "10C"],
         "morto": "taken", "went_out": False}]},
    {"profile": PROFILE, "sides": [
        {"name": "A", "melds": ["3C 4C 5C"], "hand": ["9D", "JH"], "morto": "not_taken",
         "went_out": False},
        {"name": "B", "melds": ["4D 5D 6D 7D 8D 9D 10D", "8H 9H 2C JH", "3S 4S 5S"],
         "morto": "taken", "went_out": True, "closed_by": "discard"}]},
]


def sample_match() -> Match:
    """The sample match (not stored): two sides of two players, the highest target (which
    no side reaches)."""
    return Match.unstored(name="Sample", profile=PROFILE, target=MAX_TARGET,
                          version=DEALS + 1, token=SAMPLE_LINK,
                          sides=[{"name": "A", "players": ["Ana", "Bia"]},
                                 {"name": "B", "players": ["Caio", "Duda"]}])


def sample_deals() -> list[dict[str, Any]]:
    """The sample's deals, as the deal form stores them."""
    return [_DEALS[k % 2] for k in range(DEALS)]


def show_sample(app: Flask) -> dict[str, tuple[str, str]]:
    """The sample's scoreboard and next deal form, made once in every language (returned
    by language)."""
    from scorekeeper.web.deals import next_deal_page
    from scorekeeper.web.scoreboard import board_html, match_result

    match = sample_match()
    result = match_result(match, sample_deals())  # scored once: the same in every language
    made = {}
    for locale in LOCALES:
        headers = {"Accept-Language": locale.replace("_", "-")}
        with app.test_request_context("/", headers=headers):
            app.preprocess_request()
            board = board_html(match, result, SAMPLE_LINK, editable=True)
            form, _status = next_deal_page(match, result)
            made[locale] = (board, form)
    return made
