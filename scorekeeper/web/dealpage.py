"""One deal's page (what a tap on its line of the scoreboard opens): its breakdown, and
for a corrected deal the figures it had before the correction (its document as it stood,
kept with the history line of the edit)."""

from __future__ import annotations

from typing import Any

from flask import abort, render_template, url_for
from sqlalchemy import select

from scorekeeper.db import reader
from scorekeeper.models import Change, Match
from scorekeeper.web.scoreboard import board, load_match, match_result, rules_label, turn


def deal_page(token: str, number: int, *, editable: bool) -> str:
    """One deal's breakdown (what a tap on its line opens)."""
    match = load_match(reader(), edit=token) if editable else load_match(reader(), view=token)
    if match is None or not 1 <= number <= len(match.deals):
        abort(404)
    b = board(match)
    endpoint = "matches.deal" if editable else "share.deal"
    back = "matches.scoreboard" if editable else "share.view"
    row = b["rows"][number - 1]
    return render_template(
        "deal_view.html", b=b, r=row, editable=editable,
        earlier=before_correction(match, number - 1) if row["corrected"] else None,
        profile_label=rules_label(match), turn=turn(match, number - 1, b["seats"]),
        back=url_for(back, token=token, _anchor=f"deal-{number}"),
        neighbour=lambda n: url_for(endpoint, token=token, number=n))


def before_correction(match: Match, index: int) -> dict[str, Any] | None:
    """Deal ``index``'s figures as they stood before its last correction (its document
    kept with the edit), the other deals as they are; None when none was kept."""
    last = reader().scalars(
        select(Change).where(Change.match_id == match.id, Change.position == index,
                             Change.action.in_(("added", "edited")))
        .order_by(Change.version.desc()).limit(1)).first()
    if last is None or last.action != "edited" or last.before is None:
        return None
    docs = [deal.data for deal in match.deals]
    docs[index] = last.before
    return board(match, match_result(match, docs))["rows"][index]  # type: ignore[no-any-return]
