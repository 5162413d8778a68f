"""Sentences for the referee's problem codes and input errors, in the players' language.

The rules core speaks in codes and parameters only; this module turns them into
sentences through any ``gettext`` callable (Flask-Babel's in a request, the
standard library's in the command line, the identity for English). Messages are
formatted after translation, with named fields, so translators can move them.

A profile's words follow its own tradition (``scorekeeper.vocabulary``): where a
sentence names a game term (morto or pozzetto, canastra or burraco, going out or
closing) it has one msgid per tradition, so every language can use the right word
for each. A side's or a player's name is typed by the players (or defaults to "Us",
"Them", "Ana & Beto"): translations write it as a label or after a preposition,
never as the subject of a verb or an adjective that would have to agree with it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Mapping
from typing import Any

from scorekeeper.expected import EXPECTED
from scorekeeper.msgids import N_, NN_, NNP_, NP_, Plural, translate, translate_plural
from scorekeeper.vocabulary import DEFAULT_TRADITION, category_msgid, tradition_of

Gettext = Callable[[str], str]

PROBLEM_MESSAGES: dict[str, str] = {
    "too-few-cards": N_("A meld needs at least %(minimum)s cards; this one has %(count)s."),
    "too-many-cards": N_("A run holds at most %(maximum)s cards; this one has %(count)s."),
    "too-many-wildcards": N_(
        "A meld may hold only one wildcard (a joker or a 2 used as a wildcard); "
        "this one needs %(count)s."),
    "sets-not-allowed": N_(
        "Sets of one rank are not allowed in this game: every meld is a run of one suit."),
    "not-a-meld": N_(
        "These cards are neither a run of one suit in sequence nor a set of one rank."),
    # A rank's letter takes no article that could agree with it (*la* dame, *le* D?).
    "duplicate-rank": N_("%(card)s appears twice in this run."),
    "ace-both-ends": N_("In this game the ace is either low or high in a run, never both."),
    "opening-below-minimum": N_(
        "The opening is worth %(points)s card points; with %(before)s points before the deal "
        "the side must open with at least %(minimum)s."),
    "cannot-go-out": N_("%(side)s cannot go out: %(reason)s."),
    "several-went-out": N_("Only one side can go out in a deal, not %(sides)s."),
    "impossible-card-count": N_(
        "%(card)s is entered %(count)s times, but two decks hold only %(maximum)s: "
        "probably a typo."),
    "off-step-count": N_(
        "No cards add up to %(points)s: every card is worth a multiple of %(step)s."),
    "morto-unused-not-allowed": N_(
        "These rules have no unused morto: its cards count as cards in hand."),
    # House rules may deal a single pile: the count is said with ``maximum``.
    "morto-count": NN_(
        "Only %(maximum)s morto is dealt, but %(count)s sides say they took one.",
        "Only %(maximum)s mortos are dealt, but %(count)s sides say they took one.",
        "maximum"),
    "match-over": N_("The match was already won before this deal."),
    "unknown-player": N_("%(player)s is not a player in this game."),
    "player-out": N_("%(player)s is already out."),
    "game-over": N_("The game is already over."),
    "player-count": N_("Burro is played by %(minimum)s to %(maximum)s players, not %(count)s."),
    "too-many-deals": N_(
        "This table has more deals than a turn holds (%(count)s, not %(maximum)s): the deals "
        "after the last of the turn do not count."),
    "mitchell-repeat": N_(
        "Mitchell turn %(mitchell_turn)s seats the pairs as Mitchell turn %(first_met)s did: "
        "East-West pairs meet North-South pairs they have already met (tables: %(tables)s, "
        "shift: %(shift)s)."),
}

#: The movements' names (docs/contract.md, "Movements: the next turn"), as the clubs say
#: them (translations/GLOSSARY.md, "Events").
MOVEMENTS = {"mitchell": N_("Mitchell"), "danese": N_("Danish"),
             "danese-modified": N_("Modified Danish"), "round-robin": N_("Round robin"),
             "individual-8": N_("Individual for 8")}

#: The Italian tradition's own words where a sentence names a game term
#: (seed 004: pozzetto, burraco, chiudere, pinella; seed 000: "Jokers et Pinella").
PROBLEM_MESSAGES_IT: dict[str, str] = {
    "too-many-wildcards": N_(
        "A meld may hold only one wildcard (a joker or a pinella); this one needs %(count)s."),
    "cannot-go-out": N_("%(side)s cannot close: %(reason)s."),
    "several-went-out": N_("Only one side can close a hand, not %(sides)s."),
    "morto-unused-not-allowed": N_(
        "These rules have no unused pozzetto: its cards count as cards in hand."),
    "morto-count": NN_(
        "Only %(maximum)s pozzetto is dealt, but %(count)s sides say they took one.",
        "Only %(maximum)s pozzetti are dealt, but %(count)s sides say they took one.",
        "maximum"),
    "match-over": N_("The match was already won before this hand."),
}

#: Classic Buraco's own word for the pile where its source has one (seed 000 in
#: French: *puits*); the rest is the Italian tradition's.
# TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
PROBLEM_MESSAGES_CLASSIC: dict[str, str] = {
    "morto-unused-not-allowed": NP_(
        "classic", "These rules have no unused pozzetto: its cards count as cards in hand."),
    "morto-count": NNP_(
        "classic", "Only %(maximum)s pozzetto is dealt, but %(count)s sides say they took one.",
        "Only %(maximum)s pozzetti are dealt, but %(count)s sides say they took one.",
        "maximum"),
}

GOING_OUT_REASONS: dict[str, str] = {
    "morto-not-taken": N_("the side has not taken its morto"),
    "morto-unused": N_("the side's morto was never played"),
    "no-clean-canastra": N_("the side has no clean canastra"),
    "no-canastra": N_("the side has no canastra"),
    "closed-by-meld": N_("the last card must be discarded, not melded"),
}

GOING_OUT_REASONS_IT: dict[str, str] = {
    "morto-not-taken": N_("the side has not taken its pozzetto"),
    "morto-unused": N_("the side's pozzetto was never played"),
    "no-clean-canastra": N_("the side has no clean burraco"),
    "no-canastra": N_("the side has no burraco"),
}

# TRANSLATORS: Classic Buraco's pile; its French source calls it "puits".
GOING_OUT_REASONS_CLASSIC: dict[str, str] = {
    "morto-not-taken": NP_("classic", "the side has not taken its pozzetto"),
    "morto-unused": NP_("classic", "the side's pozzetto was never played"),
}

#: How a message names a side that has no name (the same words as the new-match form).
UNNAMED_SIDE = N_("Side %(number)d")

#: Joins the reasons when a side breaks several going-out conditions at once.
REASON_SEPARATOR = N_("; ")

INPUT_MESSAGES: dict[str, str] = {
    "bad-json": N_("The input is not valid JSON: %(detail)s"),
    "unreadable-file": N_("Cannot read the file: %(detail)s"),
    "unknown-card": N_("Unknown card “%(token)s”"),
    "empty-meld": N_("A meld without any card"),
    "unknown-profile": N_("Unknown rule profile “%(profile)s”"),
    "missing-field": N_("Missing field %(field)s"),
    "bad-value": N_("“%(value)s” is not valid here (expected %(expected)s)"),
    "side-count": N_("Sides given: %(count)s; this game is played by %(expected)s"),
    "unknown-parameter": N_("Unknown parameter"),
    "inconsistent-rules": N_("These rules cannot be played: %(reason)s"),
    "impossible-counts": N_("Together these melds take at least %(cards)s cards; two "
                            "decks and their jokers hold %(maximum)s."),
    "too-large": N_("The file is larger than %(most)s MiB, the most that is read"),
    "too-deep": N_("The document is nested more than %(most)s levels deep"),
    "not-text": N_("“%(field)s” holds a character no page can show (NUL or a lone "
                   "surrogate)"),
}
FIELD_PREFIX = N_("%(field)s: %(message)s")
#: The input errors whose sentence names their field itself (no prefix).
_NAMES_ITS_FIELD = ("missing-field", "not-text")

#: Why house rules cannot be played (``inconsistent-rules``' ``reason``,
#: rules/consistency.py); ``%(category)s`` and ``%(other)s`` are canastra categories.
RULE_CONFLICTS: dict[str, str] = {
    "builtin-id": N_("“%(id)s” is the id of a built-in profile; give these rules an id "
                     "of their own"),
    "missing-category": N_("every meld of 7 cards or more is clean or dirty, and "
                           "%(category)s has no bonus"),
    "bonus-order": N_("a bonus is below that of a lesser meld: %(category)s %(value)s, "
                      "%(other)s %(other_value)s"),
    "long-without-bonus": N_("the long clean melds are on, and %(category)s has no bonus"),
    "bonus-without-long": N_("%(category)s has a bonus, and the long clean melds are off"),
    "semi-clean-on": N_("semi-clean melds are on, and %(category)s has no bonus"),
    "semi-clean-off": N_("%(category)s has a bonus, and semi-clean melds are off"),
    "vulnerable-above-target": N_("sides would become vulnerable at %(threshold)s, which is "
                                  "not below the target (%(target)s)"),
    "opening-above-target": N_("the opening minimum (%(minimum)s) is above the target "
                               "(%(target)s)"),
    "piles-not-fewer": N_("%(piles)s mortos are not fewer than the sides (%(most)s): "
                          "leave the number of mortos empty for one morto per side"),
}
#: The Italian tradition's pile where a conflict names it (house rules carry their
#: profile's tradition, "br" or "it").
RULE_CONFLICTS_IT: dict[str, str] = {
    "piles-not-fewer": N_("%(piles)s pozzetti are not fewer than the sides (%(most)s): "
                          "leave the number of pozzetti empty for one pozzetto per side"),
}


EXPECTED_AT_LEAST = N_("a whole number of at least %(minimum)s")
_AT_LEAST = re.compile(r"^integer >= (-?\d+)$")
EXPECTED_BETWEEN = N_("a whole number from %(minimum)s to %(maximum)s")
_BETWEEN = re.compile(r"^integer (-?\d+)\.\.(-?\d+)$")
EXPECTED_TEXT = N_("text of %(minimum)s to %(maximum)s characters")
_TEXT = re.compile(r"^text of (\d+)\.\.(\d+) characters$")
EXPECTED_SIDES = N_("a list of numbers of sides, from %(minimum)s to %(maximum)s")
_SIDES = re.compile(r"^list of side counts (\d+)\.\.(\d+)$")
#: Expected values read from a pattern: the sentence of each.
_RANGES = ((_BETWEEN, EXPECTED_BETWEEN), (_TEXT, EXPECTED_TEXT), (_SIDES, EXPECTED_SIDES))

_BY_TRADITION = {
    "br": (PROBLEM_MESSAGES, GOING_OUT_REASONS),
    "it": ({**PROBLEM_MESSAGES, **PROBLEM_MESSAGES_IT},
           {**GOING_OUT_REASONS, **GOING_OUT_REASONS_IT}),
    "classic": ({**PROBLEM_MESSAGES, **PROBLEM_MESSAGES_IT, **PROBLEM_MESSAGES_CLASSIC},
                {**GOING_OUT_REASONS, **GOING_OUT_REASONS_IT, **GOING_OUT_REASONS_CLASSIC}),
}


class _Params(dict[str, Any]):
    """Missing parameters format as an empty string instead of failing."""

    def __missing__(self, key: str) -> str:
        return ""


def _translations(gettext: Gettext) -> Any:
    """What says ``gettext``'s plurals: the catalog it is a method of (the command line,
    the phone, the tests), Flask-Babel's inside a request; ``None`` for English."""
    if gettext is str:
        return None
    owner = getattr(gettext, "__self__", None)
    if owner is not None and hasattr(owner, "ngettext"):
        return owner
    if "flask_babel" in sys.modules:
        from flask import has_request_context
        from flask_babel import get_translations

        if has_request_context():
            return get_translations()
    return None


def _count_of(value: Any) -> int:
    """The count of a plural: the parameter's number (``1.000`` already written counts
    as many)."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    return 1 if str(value).strip() == "1" else 2


def _format(template: str, params: Mapping[str, Any], gettext: Gettext) -> str:
    try:
        if isinstance(template, Plural):
            said = translate_plural(template, _count_of(params.get(template.counted_by)),
                                    _translations(gettext))
            return said % _Params(params)
        return translate(template, gettext) % _Params(params)
    except (TypeError, ValueError, KeyError):
        return template % _Params(params)


def _current_locale() -> str | None:
    """The page's locale when called inside a Flask request (cards are then written
    with the locale's letters); ``None`` elsewhere (the command line keeps S H D C)."""
    if "flask_babel" not in sys.modules:
        return None
    from flask import has_request_context
    from flask_babel import get_locale

    if not has_request_context():
        return None
    try:
        return str(get_locale() or "") or None
    except (KeyError, RuntimeError):  # an app without Flask-Babel: canonical cards
        return None


def _card_params(params: dict[str, Any], locale: str | None) -> None:
    """Write the ``card`` and ``rank`` parameters in the locale's notation, and numbers
    as the locale writes them (``1.800`` in Italian)."""
    if not locale:
        return
    from scorekeeper.i18n import format_card, format_number, format_rank

    if isinstance(params.get("card"), str):
        params["card"] = format_card(params["card"], locale)
    if isinstance(params.get("rank"), str):
        params["rank"] = format_rank(params["rank"], locale)
    for key, value in params.items():
        if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 1000:
            params[key] = format_number(value, locale)


def problem_message(problem: Mapping[str, Any], gettext: Gettext = str, *,
                    tradition: str = DEFAULT_TRADITION, locale: str | None = None) -> str:
    """The sentence for one problem dict ``{"code", "params"}``, in the words of
    ``tradition`` ("br" or "it")."""
    messages, reasons = _BY_TRADITION.get(tradition, _BY_TRADITION[DEFAULT_TRADITION])
    code = problem.get("code", "")
    params = dict(problem.get("params") or {})
    if code == "cannot-go-out":
        if not params.get("side"):
            # An unnamed side is called by its number, as on the new-match form.
            params["side"] = _format(UNNAMED_SIDE, {"number": params.get("side_number", 1)},
                                     gettext)
        codes = params.get("reasons")
        if not isinstance(codes, list) or not codes:
            codes = [params.get("reason", "")]
        params["reason"] = gettext(REASON_SEPARATOR).join(
            translate(reasons[c], gettext) if c in reasons else str(c) for c in codes)
    if code == "several-went-out" and isinstance(params.get("sides"), list):
        params["sides"] = ", ".join(str(s) for s in params["sides"])
    _card_params(params, locale)
    template = messages.get(code)
    if template is None:
        return str(code)
    return _format(template, params, gettext)


def localize(doc: Any, gettext: Gettext = str, *, tradition: str | None = None,
             locale: str | None = None) -> Any:
    """A copy of ``doc`` with a ``message`` on every problem, wherever it is.

    The tradition comes from ``tradition``, else from the document's ``profile``
    (the referee's documents name it), else the default; ``locale`` writes cards
    with that locale's letters (inside a Flask request: the page's locale).
    """
    if locale is None:
        locale = _current_locale()
    return _localize(doc, gettext, tradition, locale)


def _localize(doc: Any, gettext: Gettext, tradition: str | None, locale: str | None) -> Any:
    if isinstance(doc, dict):
        if tradition is None and isinstance(doc.get("profile"), str):
            tradition = tradition_of(doc["profile"])
        out = {k: _localize(v, gettext, tradition, locale) for k, v in doc.items()}
        if k_is_problem(out):
            out["message"] = problem_message(out, gettext, tradition=tradition or
                                             DEFAULT_TRADITION, locale=locale)
        return out
    if isinstance(doc, list):
        return [_localize(v, gettext, tradition, locale) for v in doc]
    return doc


def k_is_problem(item: Mapping[str, Any]) -> bool:
    return "code" in item and "params" in item and item.get("code") in PROBLEM_MESSAGES


def input_error_message(err: Any, gettext: Gettext = str) -> str:
    """The sentence for an ``InputError`` (code and params), naming its field."""
    params = dict(getattr(err, "params", {}) or {})
    template = INPUT_MESSAGES.get(getattr(err, "code", ""), "%(code)s")
    params.setdefault("code", getattr(err, "code", ""))
    expected = params.get("expected")
    if isinstance(expected, str):
        at_least = _AT_LEAST.match(expected)
        ranged = [(m, said) for pattern, said in _RANGES if (m := pattern.match(expected))]
        if expected in EXPECTED:
            params["expected"] = gettext(EXPECTED[expected])
        elif at_least:
            params["expected"] = _format(EXPECTED_AT_LEAST, {"minimum": at_least.group(1)},
                                         gettext)
        elif ranged:
            found, said = ranged[0]
            params["expected"] = _format(said, {"minimum": found.group(1),
                                                "maximum": found.group(2)}, gettext)
    if getattr(err, "code", "") == "inconsistent-rules":
        params["reason"] = _conflict(params, gettext)
    message = _format(template, params, gettext)
    if params.get("field") and getattr(err, "code", "") not in _NAMES_ITS_FIELD:
        message = _format(FIELD_PREFIX, {"field": params["field"], "message": message}, gettext)
    return message


def _conflict(params: dict[str, Any], gettext: Gettext) -> str:
    """Why house rules cannot be played, in words (the categories in their tradition's)."""
    said = dict(params)
    for name in ("category", "other"):
        if isinstance(said.get(name), str):
            said[name] = translate(category_msgid(said[name], said.get("tradition")), gettext)
    italian = params.get("tradition") in ("it", "classic")
    conflicts = {**RULE_CONFLICTS, **(RULE_CONFLICTS_IT if italian else {})}
    reason = conflicts.get(str(params.get("reason")), "%(reason)s")
    return _format(reason, said, gettext)


#: The pages' card fields by their document path, in words (the path otherwise).
_FIELD_PATH = re.compile(r"^(?:deals\[\d+\]\.)?(?:sides\[\d+\]\.)?(\w+)(?:\[(\d+)\])?$")
MELD_NUMBER = N_("Meld %(number)d")
FIELD_WORDS = {"hand": N_("Cards left in hand"), "top": N_("Top card of the discard pile"),
               "meld": N_("The meld with its wildcard"),
               "card": N_("The natural card you add")}


def field_words(path: str, gettext: Gettext = str) -> str | None:
    """A document path of the pages' card fields in words (``Meld 2``, not
    ``sides[0].melds[1]``); ``None`` for any other path (shown as it is)."""
    m = _FIELD_PATH.match(path)
    if not m:
        return None
    name, index = m.group(1), m.group(2)
    if name in ("melds", "opening") and index is not None:
        return _format(MELD_NUMBER, {"number": int(index) + 1}, gettext)
    return gettext(FIELD_WORDS[name]) if name in FIELD_WORDS else None


def input_error_text(err: Any, gettext: Gettext = str) -> str:
    """``input_error_message`` with the field said in the pages' words where it is one
    of their card fields."""
    words = field_words(str(getattr(err, "params", {}).get("field") or ""), gettext)
    if words is not None:
        err = type(err)(err.code, **{**err.params, "field": words})
    return input_error_message(err, gettext)
