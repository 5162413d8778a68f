"""Enter a deal (cards or counts), review the referee's breakdown, save; edit a past deal."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    abort,
    get_template_attribute,
    jsonify,
    redirect,
    render_template,
    request,
    url_for,
)
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import rules
from scorekeeper.db import reader
from scorekeeper.entry import CATEGORY_FIELDS
from scorekeeper.forms import DealForm
from scorekeeper.models import Deal, Match, utcnow
from scorekeeper.vocabulary import count_label, term, tradition_of
from scorekeeper.web.common import _, remember
from scorekeeper.web.dealerrors import field_errors, form_problems
from scorekeeper.web.dealform import (
    apply_readings,
    ask_answers,
    ask_opening,
    build_form,
    check_counts,
    check_morto_first,
    has_errors,
    implied_answers,
    judge,
    remember_modes,
)
from scorekeeper.web.dealplace import DealPlace, TableDeal
from scorekeeper.web.scoreboard import (
    changes_since,
    deal_count,
    deals_alone,
    last_sides,
    load_match,
    match_result,
    match_rules,
    note_written,
    rules_label,
    summary,
    turn,
)
from scorekeeper.web.typedby import after_own, deals_held, match_change, said, typed_by
from scorekeeper.web.writes import (
    DEALS_UNCHANGED,
    Stale,
    answered_before,
    form_key,
    form_version,
    guarded,
    insert_row,
    keyed,
    lock,
    record,
    write_once,
)

bp = Blueprint("deals", __name__)


#: The kinds of canastra a deal rarely holds (13 and 14 cards): their counts wait behind
#: "More kinds…" on the deal form, opened by itself once one holds a value.
RARE = ("clean-500", "clean-1000")


def _profile(match: DealPlace) -> rules.Profile:
    """The match's rules (a match whose profile no longer exists leads nowhere)."""
    try:
        return match_rules(match)
    except rules.InputError:
        abort(404)


def _page(
    match: DealPlace,
    form: DealForm,
    index: int,
    *,
    result: dict[str, Any] | None = None,
    general: list[str] | None = None,
    changes: list[Any] | None = None,
    disputable: bool = False,
    status: int = 200,
    before: dict[str, Any] | None = None,
    count: int | None = None,
    extra: dict[str, Any] | None = None,
) -> Any:
    """The deal form, with the referee's count of what it holds when there is one;
    ``disputable``: the deal breaks a rule but can be counted, so it may be saved marked
    as disputed. ``before``: the state the deal starts from, and ``count``: how many
    deals the match holds, when the caller has them."""
    dealer = None
    if isinstance(match, Match):
        count = deal_count(match) if count is None else count
        before = _before(match, index, count) if before is None else before
        dealer = turn(match, index)
    count, before = count or 0, before or {}  # a table's deal: the caller says them
    profile = _label(match, form)
    shown = dict(
        match=match,
        form=form,
        index=index,
        editing=index < count,
        profile=profile,
        words=tradition_of(profile),
        profile_label=rules_label(match),
        categories=[(c, CATEGORY_FIELDS[c]) for c in reversed(profile.categories) if c not in RARE],
        more=[(c, CATEGORY_FIELDS[c]) for c in reversed(profile.categories) if c in RARE],
        vulnerable=before.get("vulnerable") or [False] * len(match.sides),
        minimum=before.get("opening_minimum") or [0] * len(match.sides),
        totals=before.get("totals") or [0] * len(match.sides),
        breakdown=_breakdown(result, index),
        problems=form_problems(match, form, general or []),
        changes=changes,
        disputable=disputable,
        turn=dealer,
    )
    return render_template("deal.html", **{**shown, **(extra or {})}), status


def first_deal_page(match: Match, key: str, shown_at: str) -> Any:
    """The form of the first deal of ``match``, a match that is not stored (the form a
    phone fills in for a match it set up without a network), with the key ``key``, sent
    to ``shown_at`` (the address the phone shows it at)."""
    form = build_form(match, _profile(match))
    form.version.data = str(match.version)
    form.idem.data = key
    return _page(match, form, 0, before=match_result(match, []), count=0,
                 extra={"form_action": shown_at})


def next_deal_page(match: Match, result: dict[str, Any]) -> Any:
    """The form of the next deal of ``match``, a match that is not stored, after the deals
    that the referee's document ``result`` scores (as ``_enter`` shows a stored one's)."""
    count = len(result["deals"])
    form = _shown(match, build_form(match, _profile(match)),
                  list(result["deals"][-1]["sides"]) if count else None)
    return _page(match, form, count, before=result, count=count)


def _shown(match: Match, form: DealForm, last: list[dict[str, Any]] | None) -> DealForm:
    """``form`` as it is first shown: a new deal's sides entered as the last deal's were
    (``last``, None for an edit or a first deal), keyed to the match's version."""
    if last:
        remember_modes(form, last)
    keyed(form, match.version)
    return form


def table_deal_page(place: TableDeal, form: DealForm, extra: dict[str, Any]) -> Any:
    """The form of a table's deal, judged on its own (both sides start it from 0), with
    ``extra`` for the page (``board``: where Cancel goes; ``number``: the deal's number in
    its turn)."""
    return _page(place, form, 0, before=deals_alone(place, []), count=0, extra=extra)


def _before(match: Match, index: int, count: int) -> dict[str, Any]:
    """The state deal ``index`` of the ``count`` the match holds starts from (kept for a
    new deal)."""
    if index == count:
        return summary(match)
    return match_result(match, match.deal_docs()[:index])


def _label(match: DealPlace, form: DealForm) -> rules.Profile:
    """The match's rules; the form's labels in the words of its game, as its meld lines
    say them ("Clean burracos" in an Italian game, "Buracos purs" in French Classic
    Buraco; its own name for the morto)."""
    profile = _profile(match)
    words = tradition_of(profile)
    for entry in form.sides.entries:
        for category, name in CATEGORY_FIELDS.items():
            getattr(entry.form, name).label.text = str(count_label(category, words))
        entry.form.morto.label.text = str(term("morto", words)).capitalize()
    return profile


def _breakdown(result: dict[str, Any] | None, index: int) -> dict[str, Any] | None:
    """Deal ``index`` as the referee counted it: each side, and the totals after it."""
    if result is None or index >= len(result.get("deals", [])):
        return None
    after = result.get("after_each_deal", [])
    return {"sides": result["deals"][index]["sides"],
            "running": after[index] if index < len(after) else []}


def _preview(match: DealPlace, form: DealForm, index: int, result: dict[str, Any] | None,
             general: list[Any], rewritten: set[int], disputable: bool,
             before: dict[str, Any], implied: dict[str, str] | None = None) -> Any:
    """The deal form's fields as they stand, counted by the referee, for the page to show
    as they change: the review, the list next to Save, each field's errors, and the meld
    boxes rewritten as the reading the players chose."""
    profile = _label(match, form)
    breakdown = _breakdown(result, index)
    problems = form_problems(match, form, general)
    totals = before.get("totals") or [0] * len(match.sides)
    review = get_template_attribute("_deal_review.html", "review")
    bar = get_template_attribute("_deal_review.html", "bar")
    return jsonify({
        "review": str(review(breakdown, profile)) if breakdown else "",
        "bar": str(bar(breakdown, match.sides, totals, problems, disputable)),
        "errors": field_errors(form),
        "melds": {str(i): form.sides.entries[i].form.melds.data or "" for i in rewritten},
        "answers": implied or {},
        "ok": not problems,
    })


@bp.route("/m/<token>/deals/new", methods=["GET", "POST"])
def new_deal(token: str) -> Any:
    """Enter the next deal."""
    return _enter(token, None)


@bp.route("/m/<token>/deals/<int:number>/edit", methods=["GET", "POST"])
def edit_deal(token: str, number: int) -> Any:
    """Fix a past deal: every total after it is recomputed."""
    return _enter(token, number)


def _enter(token: str, number: int | None) -> Any:
    # the stored deals are read only when needed: a new deal is judged after the kept
    # tally of the stored ones
    match = load_match(reader(), edit=token, deals=False)
    if match is None:
        abort(404)
    remember(token)
    count = deal_count(match)
    if number is None:
        index = count
        stored = None
    else:
        if not 1 <= number <= count:
            return _gone(match, number)
        index = number - 1
        stored = match.deals[index].data
    if request.method == "GET" and stored is None and _over(match):
        # a finished match takes no new deal: its scoreboard says who won (a form sent all
        # the same, say from the phone's outbox, is still answered with the reason: 422)
        return redirect(url_for("matches.scoreboard", token=token), 303)
    form = build_form(match, _profile(match), stored)
    if request.method == "GET":
        _shown(match, form, last_sides(match) if stored is None and count else None)
        return _page(match, form, index, count=count)
    if (replay := answered_before(form_key(form, f"match {token}"))) is not None:
        return replay  # the same form sent again once it was saved: judged once
    return answer_deal(match, form, index, count, _before(match, index, count),
                       lambda doc, full: _save(token, form, index, index < count, doc, full))


def answer_deal(match: DealPlace, form: DealForm, index: int, count: int, before: dict[str, Any],
                save: Callable[[Any, dict[str, Any]], Any],
                extra: dict[str, Any] | None = None) -> Any:
    """A deal form sent: the referee's preview (``action=preview``, as JSON), the form
    again with what is wrong or still to answer, or ``save(doc, full)`` of the deal the
    players entered and the referee's match document with it. ``extra``: what the page
    shows besides a match's deal form (an event table's, ``web/evening/tables.py``)."""
    action = request.form.get("action")
    if not form.validate():
        if action == "preview":
            return _preview(match, form, index, None, _expired(form), set(), False, before)
        return _page(match, form, index, status=400 if _csrf_failed(form) else 422,
                     before=before, count=count, extra=extra)
    # counts the cards can make, the opening of a vulnerable side said, and a first morto
    # taken by a side that took one (all asked)
    profile = _profile(match)
    answered = all([check_counts(form, profile), ask_opening(form, before),
                    check_morto_first(form, profile)])
    # who went out and the mortos: what the deal implies is answered, the rest asked by
    # Save (and Check), not while the form is typed; once asked, until answered (a
    # preview of a form Save sent back says ``asked``)
    implied = implied_answers(form, profile)
    if action != "preview" or request.form.get("asked") == "1":
        answered = ask_answers(form, profile) and answered
    rewritten = apply_readings(form)
    doc, result, general, full = judge(form, match, index)
    # a deal that breaks a rule but can be counted may be saved on purpose, marked disputed
    disputable = answered and result is not None and has_errors(form, general)
    if action == "preview":
        return _preview(match, form, index, result, general, rewritten, disputable, before,
                        implied)
    if full is None or result is None or not answered or (disputable and not _disputed(action)):
        return _page(match, form, index, result=result, general=general,
                     disputable=disputable, status=422, before=before, count=count, extra=extra)
    if action != "save":
        return _page(match, form, index, result=result, before=before, count=count,
                     extra=extra)
    return save(doc, full)


def _over(match: Match) -> bool:
    """Whether the match is decided (its winner known)."""
    return summary(match).get("status") == "won"


def _disputed(action: str | None) -> bool:
    """The players chose to save a deal that breaks a rule: Save with "save anyway,
    marked disputed" ticked (the rule's problems stay on the deal for all to see)."""
    return action == "save" and request.form.get("disputed") == "1"


def _gone(match: Match, number: int) -> Any:
    """No deal ``number``: a form built when it existed (another phone has undone it since)
    is told what changed; any other link leads nowhere."""
    submitted = form_version(request.form.get("version")) if request.method == "POST" else None
    if submitted is None or submitted >= match.version:
        abort(404)
    changes = changes_since(reader(), match, submitted)
    return render_template("conflict.html", match=match, changes=changes, form=None), 409


def _save(token: str, form: DealForm, index: int, editing: bool, doc: Any,
          result: dict[str, Any]) -> Any:
    """Store the deal (``editing``: in place of a stored one; ``result``: the referee's
    match document with it, which the scoreboard of the new version starts from)."""
    url = url_for("matches.scoreboard", token=token) + f"#deal-{index + 1}"
    key = form_key(form, f"match {token}")
    saved: list[Match] = []

    by = typed_by()

    def save(db: Session) -> str:
        locked = lock(db, Match, token, form.version.data, key,
                      harmless=DEALS_UNCHANGED if editing else after_own(by, DEALS_UNCHANGED))
        # Same deals: the stored deals are exactly those ``result`` was computed from (a
        # new deal that follows this phone's own deals stored since its form: they were
        # stored before this request read the match, or it is refused as stale).
        if not editing and form_version(form.version.data) != locked.version \
                and deals_held(db, locked) != index:
            raise Stale(locked.id, form_version(form.version.data) or 0)
        if editing:
            stored = db.scalar(
                select(Deal).where(Deal.match_id == locked.id, Deal.position == index))
            if stored is None:  # pragma: no cover - excluded by the version check
                abort(404)
            before = stored.data
            stored.data = doc
            stored.updated = utcnow()
        else:
            before = None
            insert_row(db, Deal, match_id=locked.id, position=index, data=doc)
        record(db, locked, "edited" if editing else "added", index, result, before, by)
        saved.append(locked)
        return url

    return guarded(form,
                   lambda: write_once(key, save, after=lambda: note_written(saved[0], result)),
                   lambda notice: _reused(token, form, notice),
                   lambda stale: _stale(token, form, index, editing, stale.version))


def _reused(token: str, form: DealForm, notice: Any) -> Any:
    """A form restored by Back and typed again: nothing is saved, nothing is lost. The
    page keeps what was typed, says where the form's first save went, and offers to
    save this as a new deal."""
    fresh = load_match(reader(), edit=token)
    if fresh is None:
        abort(404)
    form.version.data = str(fresh.version)
    index = len(fresh.deals)
    _doc, result, general, _full = judge(form, fresh, index)
    return _page(fresh, form, index, result=result, general=[notice, *general], status=409)


def _stale(token: str, form: DealForm, index: int, editing: bool, version: int) -> Any:
    """The match changed since the form was built: show what changed, keep what was typed."""
    fresh = load_match(reader(), edit=token)
    if fresh is None:
        abort(404)
    changes = changes_since(reader(), fresh, version)
    if index > len(fresh.deals) or (editing and index >= len(fresh.deals)):
        return said((render_template("conflict.html", match=fresh, changes=changes, form=None),
                     409), [match_change(c.action, c.position) for c in changes])
    form.version.data = str(fresh.version)
    _doc, result, general, _full = judge(form, fresh, index)
    return said(_page(fresh, form, index, result=result, general=general, changes=changes,
                      status=409), [match_change(c.action, c.position) for c in changes])


def _expired(form: Any) -> list[Any]:
    """What a preview says of a form whose CSRF token has run out."""
    return [_("This form has expired: send it again.")] if _csrf_failed(form) else []


def _csrf_failed(form: Any) -> bool:
    token = getattr(form, "csrf_token", None)
    return bool(token is not None and token.errors)
