"""The referee at the table: meld checker, table-time helpers, and the rules side by side.

These pages only answer questions: they are GET forms and change nothing.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, render_template, request
from flask_babel import get_translations

from scorekeeper import rules
from scorekeeper.cardtext import ONE_GO, canonical, canonical_tokens, meld_lines
from scorekeeper.db import reader
from scorekeeper.entry import meld_item
from scorekeeper.forms import BurroRanksForm, CheckForm, PileForm, WildcardForm, choices
from scorekeeper.models import HouseRules
from scorekeeper.rulebook import rules_text
from scorekeeper.vocabulary import tradition_of
from scorekeeper.web.common import (
    _,
    cache,
    input_error_text,
    locale_code,
    localize,
    profile_choices,
)
from scorekeeper.web.house import HOUSE, load_house, remembered_house

bp = Blueprint("referee", __name__)


def _reason(code: str | None) -> str:
    """A sentence for the table-time helpers' reasons."""
    sentences = {
        "pile-free": _("Yes: under these rules the pile may always be taken."),
        "adds-to-meld": _("Yes: the top card goes on one of your melds."),
        "new-meld": _("Yes: the top card starts a new meld with two cards from your hand."),
        "wildcard-needs-new-meld": _(
            "No: a wildcard on top must start a new meld, and your hand cannot make one."
        ),
        "top-card-unusable": _("No: the top card must be used at once and it fits nowhere."),
        "no-wildcard": _("This meld holds no wildcard: there is nothing to replace."),
        "not-a-meld": _("This is not a legal meld to begin with."),
        "no-legal-place": _("The wildcard has no legal place to go, so it stays."),
    }
    return sentences.get(code or "", code or "")


def _house_rules(asked: list[str]) -> dict[str, HouseRules]:
    """The phone's house rules, and those the choices ``asked`` name, by their choice."""
    named = [load_house(reader(), a[len(HOUSE):]) for a in asked if a.startswith(HOUSE)]
    return {HOUSE + h.edit_token: h for h in [*remembered_house(reader()), *named] if h}


def _with_profiles(form: Any) -> tuple[Any, Any, str]:
    """The form with its choice of rules (the built-in profiles, then the phone's house
    rules and those a link names); what the referee is told the chosen rules are (a
    profile's id, or house rules' document); the tradition whose words the page speaks."""
    house = _house_rules([form.profile.data or ""])
    pairs = profile_choices() + [(key, h.name) for key, h in house.items()]
    form.profile.choices = choices(pairs)
    if form.profile.data not in dict(pairs):
        form.profile.data = rules.DEFAULT_PROFILE
    found = house.get(form.profile.data)
    if found is not None:
        return form, found.document, tradition_of(found.base)
    return form, form.profile.data, tradition_of(form.profile.data)


@bp.get("/check")
def check() -> Any:
    """Is this meld legal, what is it worth, and is this an opening?"""
    form, profile, tradition = _with_profiles(CheckForm(request.args))
    result = None
    error = None
    lines = meld_lines(form.melds.data)
    if lines and form.validate():
        try:
            result = localize(
                rules.check_document(
                    [meld_item(line) for line in lines],
                    profile=profile,
                    before=form.before.data,
                    in_one_go=bool(form.in_one_go.data),
                )
            )
        except rules.InputError as err:
            error = input_error_text(err)
            form.melds.errors = [*form.melds.errors, error]
    # A verdict (legal or not) is an answer; only unreadable input is an error.
    status = 422 if error or _errors(form) else 200
    return render_template(
        "check.html", form=form, result=result, one_go=ONE_GO, tradition=tradition,
    ), status


@bp.get("/check/pile")
def pile() -> Any:
    """May I take the discard pile with this top card?"""
    form, profile, tradition = _with_profiles(PileForm(request.args))
    answer = None
    if form.top.data and form.validate():
        try:
            answer = rules.may_take_pile(
                profile,
                canonical(form.top.data),
                [canonical(line) for line in meld_lines(form.melds.data)],
                canonical_tokens(t for t in (form.hand.data or "").replace(",", " ").split() if t),
            )
            answer = {**localize(answer), "sentence": _reason(answer.get("reason"))}
        except rules.InputError as err:
            _field_error(form, err)
    elif not form.top.data:
        answer = _always(profile)
    return render_template(
        "pile.html", form=form, answer=answer, tradition=tradition
    ), 200 if not _errors(form) else 422


def _always(profile: Any) -> dict[str, Any] | None:
    """The referee's answer when the rules answer without the cards (seed 001 §03: the
    whole pile, at any turn), said before the page asks for any card; None else."""
    try:
        answer = rules.may_take_pile(profile, None)
    except rules.InputError:  # the answer needs the top card
        return None
    return {**localize(answer), "sentence": _reason(answer.get("reason"))}


@bp.get("/check/wildcard")
def wildcard() -> Any:
    """Where does the wildcard go if I add the natural card?"""
    form, profile, tradition = _with_profiles(WildcardForm(request.args))
    answer = None
    if form.meld.data and form.card.data and form.validate():
        try:
            answer = localize(rules.replace_wildcard(profile,
                                                    canonical(form.meld.data),
                                                    canonical(form.card.data)))
            answer["sentence"] = _reason(answer.get("reason")) if answer.get("reason") else ""
        except rules.InputError as err:
            _field_error(form, err)
    return render_template(
        "wildcard.html", form=form, answer=answer, tradition=tradition
    ), (
        200 if not _errors(form) else 422
    )


@bp.get("/burro/ranks")
def burro_ranks() -> Any:
    """Which ranks to pull from the deck for Burro."""
    form = BurroRanksForm(request.args)
    ranks = None
    if "players" in request.args and form.validate() and form.players.data is not None:
        ranks = rules.burro_ranks(form.players.data)
    return render_template("burro_ranks.html", form=form, ranks=ranks), (
        200 if not _errors(form) else 422
    )


def _field_error(form: Any, err: Any) -> None:
    name = str(err.params.get("field", "")).split("[")[0].split(".")[0]
    field = getattr(form, name, None) if name else None
    if field is None or not hasattr(field, "errors"):
        field = next(f for f in form if f.name != "profile")
    field.errors = [*field.errors, input_error_text(err)]


def _errors(form: Any) -> bool:
    return any(f.errors for f in form)


def _rules_said(profile: dict[str, Any]) -> dict[str, Any]:
    """Each rule of a profile in sentences, in the page's language and the profile's words
    (``None`` for a rule the page shows as data: a value the sentences do not know)."""
    values = {r["rule"]: r["value"] for r in profile["rules"]}
    return rules_text(values, tradition_of(profile["id"]), get_translations(), locale_code())


@bp.get("/rules")
def rules_page() -> Any:
    """One rule set at a time, from the referee's own data, each rule said in sentences with
    its source as a footnote; what differs from a second rule set (``?compare=``) marked,
    with that set's sentences."""
    doc = rules.profiles_document()
    profiles = {p["id"]: p for p in doc["profiles"]}
    # the phone's house rules, and those a link names: each said in its base's words
    house = _house_rules(request.args.getlist("profile") + request.args.getlist("compare"))
    choices = profile_choices() + [(key, h.name) for key, h in house.items()]
    shown = request.args.get("profile", "")
    shown = shown if shown in profiles or shown in house else \
        str(doc.get("default") or next(iter(profiles)))
    other = request.args.get("compare", "")
    other = other if (other in profiles or other in house) and other != shown else ""

    def render() -> str:
        for key, found in house.items():
            profiles[key] = {**rules.describe_profile(rules.profile_of(found.document)),
                             "id": found.base}
        mine = profiles[shown]["rules"]
        said = _rules_said(profiles[shown])
        theirs = {r["rule"]: r for r in profiles[other]["rules"]} if other else {}
        they_said = _rules_said(profiles[other]) if other else {}
        notes: list[str] = []  # each source once, numbered in the order the page cites it
        items = []
        for rule in mine:
            if rule["source"] not in notes:
                notes.append(rule["source"])
            their = theirs.get(rule["rule"])
            items.append({"rule": rule, "note": notes.index(rule["source"]) + 1,
                          "text": said.get(rule["rule"]),
                          "other": their, "other_text": they_said.get(rule["rule"]),
                          "differs": bool(other) and (their is None
                                                      or their["value"] != rule["value"])})
        missing = [{"rule": r, "text": they_said.get(key)} for key, r in theirs.items()
                   if all(i["rule"]["rule"] != key for i in items)]
        return render_template(
            "rules.html", shown=shown, other=other, items=items, missing=missing, notes=notes,
            choices=choices, sheets=profile_choices())

    versions = tuple(sorted((h.id, h.version) for h in house.values()))
    # the query string as asked: the language links lead back to it (web/chrome.py)
    key = ("rules", locale_code(), shown, other, versions, request.query_string)
    return cache("pages").get_or_make(key, render)
