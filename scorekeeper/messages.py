"""Sentences for the referee's problem codes and input errors, in the players' language.

The rules core speaks in codes and parameters only; this module turns them into
sentences through any ``gettext`` callable (Flask-Babel's in a request, the
standard library's in the command line, the identity for English). Messages are
formatted after translation, with named fields, so translators can move them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Gettext = Callable[[str], str]


def N_(message: str) -> str:
    """Mark a string for extraction; it is translated later, when shown."""
    return message


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
    "duplicate-rank": N_("The %(rank)s appears twice in this run."),
    "ace-both-ends": N_("In this game the ace is either low or high in a run, never both."),
    "opening-below-minimum": N_(
        "The opening is worth %(points)s card points; with %(before)s points before the deal "
        "the side must open with at least %(minimum)s."),
    "cannot-go-out": N_("%(side)s cannot go out: %(reason)s."),
    "several-went-out": N_("Only one side can go out in a deal, not %(sides)s."),
    "impossible-card-count": N_(
        "%(card)s is entered %(count)s times, but two decks hold only %(maximum)s: "
        "probably a typo."),
    "morto-unused-not-allowed": N_(
        "An unused morto exists only in Buraco Aberto: here its cards count as cards in hand."),
    "match-over": N_("The match was already won before this deal."),
    "unknown-player": N_("%(player)s is not a player in this game."),
    "player-out": N_("%(player)s is already out."),
    "game-over": N_("The game is already over."),
    "player-count": N_("Burro is played by %(minimum)s to %(maximum)s players, not %(count)s."),
}

GOING_OUT_REASONS: dict[str, str] = {
    "morto-not-taken": N_("the side has not taken its morto"),
    "morto-unused": N_("the side's morto was never played"),
    "no-clean-canastra": N_("the side has no clean canastra"),
    "no-canastra": N_("the side has no canastra"),
    "closed-by-meld": N_("the last card must be discarded, not melded"),
}

INPUT_MESSAGES: dict[str, str] = {
    "bad-json": N_("The input is not valid JSON: %(detail)s"),
    "unknown-card": N_("Unknown card “%(token)s”"),
    "empty-meld": N_("A meld without any card"),
    "unknown-profile": N_("Unknown rule profile “%(profile)s”"),
    "missing-field": N_("Missing field %(field)s"),
    "bad-value": N_("“%(value)s” is not valid here (expected %(expected)s)"),
    "side-count": N_("%(count)s sides given, but this game is played by %(expected)s"),
}
FIELD_PREFIX = N_("%(field)s: %(message)s")


class _Params(dict[str, Any]):
    """Missing parameters format as an empty string instead of failing."""

    def __missing__(self, key: str) -> str:
        return ""


def _format(template: str, params: Mapping[str, Any], gettext: Gettext) -> str:
    try:
        return gettext(template) % _Params(params)
    except (TypeError, ValueError, KeyError):
        return template % _Params(params)


def problem_message(problem: Mapping[str, Any], gettext: Gettext = str) -> str:
    """The sentence for one problem dict ``{"code", "params"}``."""
    code = problem.get("code", "")
    params = dict(problem.get("params") or {})
    if code == "cannot-go-out":
        params["reason"] = gettext(GOING_OUT_REASONS.get(params.get("reason", ""), "")) \
            if params.get("reason") in GOING_OUT_REASONS else params.get("reason", "")
    if code == "several-went-out" and isinstance(params.get("sides"), list):
        params["sides"] = ", ".join(str(s) for s in params["sides"])
    template = PROBLEM_MESSAGES.get(code)
    if template is None:
        return str(code)
    return _format(template, params, gettext)


def localize(doc: Any, gettext: Gettext = str) -> Any:
    """A copy of ``doc`` with a ``message`` on every problem, wherever it is."""
    if isinstance(doc, dict):
        out = {k: localize(v, gettext) for k, v in doc.items()}
        if k_is_problem(out):
            out["message"] = problem_message(out, gettext)
        return out
    if isinstance(doc, list):
        return [localize(v, gettext) for v in doc]
    return doc


def k_is_problem(item: Mapping[str, Any]) -> bool:
    return "code" in item and "params" in item and item.get("code") in PROBLEM_MESSAGES


def input_error_message(err: Any, gettext: Gettext = str) -> str:
    """The sentence for an ``InputError`` (code and params), naming its field."""
    params = dict(getattr(err, "params", {}) or {})
    template = INPUT_MESSAGES.get(getattr(err, "code", ""), "%(code)s")
    params.setdefault("code", getattr(err, "code", ""))
    message = _format(template, params, gettext)
    if params.get("field") and getattr(err, "code", "") != "missing-field":
        message = _format(FIELD_PREFIX, {"field": params["field"], "message": message}, gettext)
    return message
