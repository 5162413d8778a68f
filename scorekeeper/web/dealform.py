"""The deal form and the contract's deal document, both ways; the referee's verdict on
the form, each problem routed to the field it is about."""

from __future__ import annotations

import re
from typing import Any

from flask import request

from scorekeeper import digits, rules
from scorekeeper.cardtext import ONE_GO, meld_lines, shown
from scorekeeper.entry import CATEGORY_FIELDS, OPENING_MET, EntryMode, SideEntry, deal_document
from scorekeeper.forms import DealForm, choices
from scorekeeper.i18n import format_number
from scorekeeper.messages import INPUT_MESSAGES, PROBLEM_MESSAGES
from scorekeeper.models import Match
from scorekeeper.msgids import N_
from scorekeeper.rules.states import ClosedBy, Morto
from scorekeeper.vocabulary import rule_label, term
from scorekeeper.web import tally
from scorekeeper.web.common import _, input_error_text, locale_code, localize
from scorekeeper.web.dealplace import DealPlace
from scorekeeper.web.scoreboard import (
    deal_count,
    deals_alone,
    match_result,
    match_rules,
    next_result,
)

_FIELD = re.compile(r"^(?:deals\[\d+\]\.)?sides\[(\d+)\]\.(\w+)(?:\[(\d+)\])?")


def _meld_line(item: Any) -> str:
    """A stored meld written back into its field, with suit symbols and the page's letters."""
    if isinstance(item, dict):
        text = shown(item.get("cards", ""))
        return f"{text} {ONE_GO}" if item.get("in_one_go") else text
    return shown(item)


def build_form(match: DealPlace, profile: rules.Profile,
               doc: dict[str, Any] | None = None) -> DealForm:
    """The deal form for this match, from the request or prefilled from a stored deal."""
    n = len(match.sides)
    if doc is not None and request.method == "GET":
        form = DealForm(data=_form_data(doc))
        form.opened = [_opening_split(side)[0] for side in doc.get("sides", [])]
    else:
        form = DealForm()
        form.opened = [ticked(i) for i in range(n)]
    form.opened = (form.opened + [[] for _i in range(n)])[:n]
    form.meld_problems = set()
    while len(form.sides.entries) < n:
        form.sides.append_entry()
    del form.sides.entries[n:]
    form.went_out.label.text = str(term("Who_went_out", profile.tradition))
    form.went_out.choices = choices(
        [("", _("Nobody: the stock ran out"))]
        + [(str(i), side["name"]) for i, side in enumerate(match.sides)]
    )
    form.morto_first.label.text = str(term("Morto_first", profile.tradition))
    form.morto_first.choices = choices(
        [("", _("Not noted"))] + [(str(i), side["name"]) for i, side in enumerate(match.sides)])
    # "taken but never played" exists only where the profile says so (seed 001 §06)
    states = choices((state.value, rule_label(state)) for state in profile.morto_states)
    for entry in form.sides.entries:
        entry.form.morto.choices = states
    return form


def remember_modes(form: DealForm, last: list[dict[str, Any]]) -> None:
    """A new deal is entered the way each side entered the last one (``last``: its sides,
    as entered or as the referee read them): cards or counts."""
    for entry, side in zip(form.sides.entries, last, strict=False):
        entry.form.mode.data = EntryMode.COUNTS.value if side.get("counts") is not None \
            else EntryMode.CARDS.value


def _form_data(doc: dict[str, Any]) -> dict[str, Any]:
    sides = []
    went_out = ""
    closed_by: str = ClosedBy.DISCARD
    for i, side in enumerate(doc.get("sides", [])):
        entry: dict[str, Any] = {"morto": side.get("morto", Morto.TAKEN)}
        if "counts" in side:
            entry["mode"] = EntryMode.COUNTS
            counts = side["counts"] or {}
            entry["table_points"] = counts.get("table_points", 0)
            for category, name in CATEGORY_FIELDS.items():
                entry[name] = counts.get(category) or None
        else:
            entry["mode"] = EntryMode.CARDS
            entry["melds"] = "\n".join(_meld_line(m) for m in side.get("melds", []))
        if "hand" in side:
            entry["hand"] = shown(side["hand"])
        elif "hand_points" in side:
            entry["hand_points"] = side["hand_points"]
        typed = _opening_split(side)[1]
        if typed:
            entry["opening"] = "\n".join(_meld_line(m) for m in typed)
        # no opening saved: by counts, "opened with the minimum or more"; else nobody noted it
        entry["met"] = side.get(OPENING_MET) is True
        entry["unnoted"] = not side.get("opening") and not entry["met"]
        if side.get("went_out"):
            went_out = str(i)
            closed_by = side.get("closed_by", ClosedBy.DISCARD)
        sides.append(entry)
    first = doc.get("morto_first")
    return {"sides": sides, "went_out": went_out, "closed_by": closed_by,
            "morto_first": str(first) if isinstance(first, int) else "",
            "after_time": doc.get("after_time") is True}


def ticked(side: int) -> list[int]:
    """The meld lines of ``side`` ticked as laid down together to open (0-based)."""
    values = request.form.getlist(f"sides-{side}-opened")
    return sorted({n for n in (digits.below(v, 1000) for v in values) if n is not None})


def _opening_split(side: dict[str, Any]) -> tuple[list[int], list[Any]]:
    """A stored opening as the form shows it: each opening meld that is one of the side's
    melds is a ticked line; the others (a meld that grew since) are typed."""
    melds = list(side.get("melds", []))
    ticks: list[int] = []
    typed: list[Any] = []
    for item in side.get("opening") or []:
        j = next((k for k, m in enumerate(melds) if m == item and k not in ticks), None)
        if j is None:
            typed.append(item)
        else:
            ticks.append(j)
    return sorted(ticks), typed


def implied_answers(form: DealForm, profile: rules.Profile) -> dict[str, str]:
    """What the deal already says of an unanswered morto: a side that went out took it
    where going out needs it (seed 001 §06, seed 003, seed 004). Written into the form;
    returns each field so answered (its name) and the answer, for the page to tick."""
    out = digits.below(form.went_out.data or "", len(form.sides.entries))
    if not profile.going_out_needs_morto or out is None:
        return {}
    morto = form.sides.entries[out].form.morto
    if morto.data is not None:
        return {}
    morto.data = Morto.TAKEN.value
    return {str(morto.name): morto.data}


def ask_answers(form: DealForm, profile: rules.Profile) -> bool:
    """Who went out and each side's morto are worth 100 points each way (seed 001 §07):
    the form never answers them for the scorer, and Save asks, at each field, for every
    one left unanswered. True when all are answered."""
    answered = True
    if form.went_out.data is None:
        form.went_out.errors = [*form.went_out.errors,
                                str(term("Ask_went_out", profile.tradition))]
        answered = False
    for entry in form.sides.entries:
        morto = entry.form.morto
        if morto.data is None:
            morto.errors = [*morto.errors, str(term("Ask_morto", profile.tradition))]
            answered = False
    return answered


def ask_opening(form: DealForm, before: dict[str, Any]) -> bool:
    """A vulnerable side that laid something down says how it opened (meld lines ticked,
    melds typed: by cards or by counts alike; by counts, that it opened with the minimum
    or more) or that nobody noted it: the minimum is never skipped silently (seed 001
    §05). Asks at the opening field; True when every such side has answered."""
    vulnerable = before.get("vulnerable") or []
    minimum = before.get("opening_minimum") or []
    answered = True
    for i, entry in enumerate(form.sides.entries):
        f = entry.form
        counts = f.mode.data == EntryMode.COUNTS
        if i >= len(vulnerable) or not vulnerable[i] or f.unnoted.data or (counts and f.met.data):
            continue
        laid = (f.table_points.data or 0) > 0 if counts else bool(meld_lines(f.melds.data))
        if laid and not form.opened[i] and not meld_lines(f.opening.data):
            f.opening.errors = [*f.opening.errors, _(
                OPENING_ASKED_COUNTS if counts else OPENING_ASKED,
                minimum=format_number(minimum[i], locale_code()))]
            answered = False
    return answered


#: The question put to a vulnerable side that gave no opening (by counts, its one tap first).
OPENING_ASKED = N_("Which melds were laid down together to open (%(minimum)s or more)? "
                   "Tick or type them, or tick “Nobody noted the opening”.")
OPENING_ASKED_COUNTS = N_("Did this side open with %(minimum)s or more? Tick the box, type the "
                          "melds laid down together, or tick “Nobody noted the opening”.")


def apply_readings(form: DealForm) -> set[int]:
    """The players said which reading they mean: write that meld as the referee arranged
    it. Returns the sides whose melds were rewritten."""
    rewritten = set()
    for i, entry in enumerate(form.sides.entries):
        lines = meld_lines(entry.form.melds.data)
        changed = False
        for j in range(len(lines)):
            chosen = request.form.get(f"reading-{i}-{j}", "")
            cards = request.form.get(f"reading-{i}-{j}-{chosen}", "")
            if chosen and chosen != "0" and cards and len(cards) < 200:
                one_go = lines[j].endswith(ONE_GO)
                lines[j] = cards + (f" {ONE_GO}" if one_go else "")
                changed = True
        if changed:
            entry.form.melds.data = "\n".join(lines)
            rewritten.add(i)
    return rewritten


def form_to_doc(form: DealForm, match: DealPlace) -> dict[str, Any]:
    """The contract's deal document, exactly as the players entered it."""
    sides = [SideEntry(
        mode=f.mode.data, table_points=f.table_points.data,
        counts={category: getattr(f, name).data for category, name in CATEGORY_FIELDS.items()},
        melds=f.melds.data or "", hand=f.hand.data or "", hand_points=f.hand_points.data,
        morto=f.morto.data or "", opened=form.opened[i], opening=f.opening.data or "",
        met=bool(f.met.data),
    ) for i, f in enumerate(entry.form for entry in form.sides.entries)]
    return deal_document(match.rules_id(), [side["name"] for side in match.sides], sides,
                         form.went_out.data, form.closed_by.data,
                         morto_first=form.morto_first.data,
                         after_time=bool(form.after_time.data))


def check_morto_first(form: DealForm, profile: rules.Profile) -> bool:
    """Refuse, at its field, a side said to have taken the morto first that did not take
    it; True when there is nothing to refuse."""
    chosen = digits.below(form.morto_first.data or "", len(form.sides.entries))
    if chosen is None or form.sides.entries[chosen].form.morto.data != Morto.NOT_TAKEN:
        return True
    form.morto_first.errors = [*form.morto_first.errors,
                               str(term("Not_taken_first", profile.tradition))]
    return False


def check_counts(form: DealForm, profile: rules.Profile) -> bool:
    """Refuse, at their fields, counts that two decks and their jokers cannot make
    (``rules.count_limits``, the bounds the referee reads every count with); True when
    every count can exist."""
    limits = rules.count_limits(profile)
    fits = True

    def refuse(field: Any, message: str, **numbers: int) -> None:
        nonlocal fits
        field.errors = [*field.errors, _(message, **{
            k: format_number(v, locale_code()) for k, v in numbers.items()})]
        fits = False

    step = rules.count_step(profile)
    for entry in form.sides.entries:
        f = entry.form
        if (f.hand_points.data or 0) > limits.hand_points:
            refuse(f.hand_points, TOO_MANY, limit=limits.hand_points)
        elif (f.hand_points.data or 0) % step:
            refuse(f.hand_points, OFF_STEP, points=f.hand_points.data or 0, step=step)
        if f.mode.data != EntryMode.COUNTS:
            continue
        if (f.table_points.data or 0) > limits.table_points:
            refuse(f.table_points, TOO_MANY, limit=limits.table_points)
        elif (f.table_points.data or 0) % step:
            refuse(f.table_points, OFF_STEP, points=f.table_points.data or 0, step=step)
        counted = {c: getattr(f, name) for c, name in CATEGORY_FIELDS.items()
                   if c in limits.categories}
        over = [(field, limits.categories[c]) for c, field in counted.items()
                if (field.data or 0) > limits.categories[c]]
        for field, limit in over:
            refuse(field, TOO_MANY, limit=limit)
        cards = rules.canastra_cards({c: field.data or 0 for c, field in counted.items()})
        if not over and cards > limits.cards:
            for field in (field for field in counted.values() if field.data):
                refuse(field, INPUT_MESSAGES["impossible-counts"], cards=cards,
                       maximum=limits.cards)
    return fits


#: A count above what the cards can make (the limit is a number in the page's language).
TOO_MANY = N_("Two decks and their jokers cannot make more than %(limit)s.")
#: Points no cards add up to: every card value of the rules is a multiple of ``step``.
OFF_STEP = PROBLEM_MESSAGES["off-step-count"]


def _field_of(form: DealForm, path: str) -> Any:
    """The form field an input error names (``sides[1].melds[2]`` -> side 2's melds)."""
    m = _FIELD.match(path or "")
    if not m or int(m.group(1)) >= len(form.sides.entries):
        return None
    sub = form.sides.entries[int(m.group(1))].form
    name = {"melds": "melds", "hand": "hand", "hand_points": "hand_points", "morto": "morto",
            "opening": "opening", "counts": "table_points", "went_out": None,
            "closed_by": None}.get(m.group(2))
    if m.group(2) in ("went_out", "closed_by"):
        return form.went_out
    return getattr(sub, name) if name else None


def _meld_label(index: int, meld: dict[str, Any]) -> str:
    cards = shown(meld.get("arranged") or meld.get("cards", []))
    return _("Meld %(number)d (%(cards)s)", number=index + 1, cards=cards)


#: What ``judge`` found: the deal document, the localised match result (None when the
#: referee cannot read the deal), the form-level errors, and the referee's own match
#: document for the deals as they would stand (what the scoreboard shows once it is saved).
Judged = tuple[dict[str, Any], dict[str, Any] | None, list[str], dict[str, Any] | None]


def judge(form: DealForm, match: DealPlace, index: int) -> Judged:
    """Score the entered deal in its place (in the match; a table's on its own); route each
    problem to its field."""
    general: list[str] = []
    form.meld_problems.clear()
    doc = form_to_doc(form, match)
    # counts past what two decks make are refused at their fields (check_counts); the
    # rest of the deal is judged with them held to those limits
    judged = rules.held_counts(doc, match_rules(match))
    try:
        if not isinstance(match, Match):  # a table's deal: on its own
            full = deals_alone(match, [judged])
        elif index == deal_count(match):  # a new deal: scored after the stored ones' tally
            full = next_result(match, judged)
        else:
            deals = match.deal_docs()
            full = match_result(match, deals[:index] + [judged] + deals[index + 1 :])
    except rules.InputError as err:  # pragma: no cover - match_result already catches it
        general.append(input_error_text(err))
        return doc, None, general, None
    result = _localize_deal(full, index)
    if "unreadable" in result:
        unreadable: rules.InputError = result["unreadable"]
        field = _field_of(form, str(unreadable.params.get("field", "")))
        message = input_error_text(unreadable)
        if field is not None:
            field.errors = [*field.errors, message]
        else:
            general.append(message)
        return doc, None, general, None
    scored = result["deals"][index]
    for i, side in enumerate(scored.get("sides", [])):
        sub = form.sides.entries[i].form
        for j, meld in enumerate(side.get("melds", [])):
            for problem in meld.get("problems", []):
                message = f"{_meld_label(j, meld)}: {problem['message']}"
                sub.melds.errors = [*sub.melds.errors, message]
                form.meld_problems.add(message)
        for problem in side.get("problems", []):
            if "meld" not in problem:  # a meld's own problems are listed with it above
                _route(form, {**problem, "side": i}, general)
    for problem in tally.deal_problems(result, index):
        if "meld" in problem and "side" in problem:
            continue  # already shown on the meld itself
        _route(form, problem, general)
    return doc, result, general, full


def _localize_deal(full: dict[str, Any], index: int) -> dict[str, Any]:
    """The match document with sentences added to deal ``index`` and the match problems only
    (localising every past deal on every keystroke-sized request would be wasted work)."""
    deals = list(full.get("deals", []))
    if index < len(deals):
        deals[index] = localize(deals[index])
    return {**full, "deals": deals, "problems": localize(full.get("problems", []))}


def _route(form: DealForm, problem: dict[str, Any], general: list[str]) -> None:
    code = problem.get("code")
    side = problem.get("side")
    message = str(problem.get("message", code))
    target: Any = None
    if code in ("cannot-go-out", "several-went-out"):
        target = form.went_out
    elif isinstance(side, int) and 0 <= side < len(form.sides.entries):
        sub = form.sides.entries[side].form
        if code == "opening-below-minimum" or "opening" in problem:
            target = sub.opening if sub.opening.data or form.opened[side] else sub.melds
            if "opening" in problem:  # a meld of the opening breaks a rule
                number = int(problem["opening"]) + 1
                message = _("%(field)s: %(message)s", field=_("Meld %(number)d", number=number),
                            message=message)
        elif code == "morto-unused-not-allowed":
            target = sub.morto
        else:
            target = sub.melds if sub.mode.data == EntryMode.CARDS else sub.table_points
    if target is None:
        if message not in general:
            general.append(message)
    elif message not in target.errors:
        target.errors = [*target.errors, message]


def has_errors(form: DealForm, general: list[str]) -> bool:
    return bool(general or form.went_out.errors or form.closed_by.errors
                or form.morto_first.errors
                or any(field.errors for entry in form.sides.entries for field in entry.form))
