"""Who typed a deal form, and what changed since it was opened, said in the page's words.

The deal form's script writes, when Save is tapped, the phone that saves it and that
phone's save number in the form's ``phone`` field (``static/js/deal.js``: an id the phone
keeps in its own storage, and one more for every save), and the outbox sends the field
as it was typed. A deal that waited on a phone, its form built before the same phone's
earlier deals were stored, is still the next deal of the match or the side's sheet: it is
taken after them, and numbered after them. Any other change since its form refuses it,
and the refusal names what changed, on the page and in ``X-Scorekeeper-Changed`` (for
the outbox, which shows it beside the deal it kept).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from flask import request
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from scorekeeper.models import Change, Deal, Match
from scorekeeper.web.common import _

_TYPED = re.compile(r"([A-Za-z0-9_-]{8,32})\.([0-9]{1,9})")

#: The header that says what changed since a refused form was opened, in the page's words.
CHANGED = "X-Scorekeeper-Changed"


@dataclass(frozen=True)
class TypedBy:
    """A phone (its id) and its save number: the higher, the later it was typed there."""

    phone: str
    seq: int


def typed_by(value: Any = None) -> TypedBy | None:
    """The phone and save number a form says (``value``, else the request's ``phone``
    field); None for a form sent without the script, or one that says nothing readable."""
    said = request.form.get("phone", "") if value is None else value
    found = _TYPED.fullmatch(str(said or ""))
    return TypedBy(found[1], int(found[2])) if found else None


def follows_own(changes: Iterable[Sequence[Any]], by: TypedBy | None,
                harmless: Iterable[str] = ()) -> bool:
    """Whether every change in ``changes`` (``(action, phone, seq)``) is one of
    ``harmless`` or a deal ``by``'s phone added before this form's save: the form is then
    still a form of the next deal."""
    allowed = frozenset(harmless)
    for action, phone, seq in changes:
        if action in allowed:
            continue
        if by is None or action != "added" or phone != by.phone or seq is None \
                or seq >= by.seq:
            return False
    return True


def after_own(by: TypedBy | None, harmless: Iterable[str]) -> Any:
    """Which changes of a match since a new deal's form leave it the next deal (for
    ``writes.lock``): ``harmless`` ones, and the deals the same phone saved before it."""
    def check(db: Session, row: Match, since: int) -> bool:
        changes = db.execute(select(Change.action, Change.phone, Change.phone_seq).where(
            Change.match_id == row.id, Change.version > since)).all()
        return len(changes) == row.version - since and follows_own(changes, by, harmless)

    return check


def deals_held(db: Session, match: Match) -> int:
    """How many deals the match holds, as the write transaction sees them."""
    return int(db.scalar(select(func.count()).select_from(Deal).where(
        Deal.match_id == match.id)) or 0)


def match_change(action: str, position: int) -> str:
    """One change of a match's history in a sentence (``templates/_changes.html``)."""
    number = position + 1
    if action == "added":
        return _("Deal %(number)d was added", number=number)
    if action == "dealer":
        return _("The first dealer was chosen")
    if action == "seating":
        return _("Who sits where was changed")
    if action == "renamed":
        return _("Players of the table were renamed")
    if action == "edited":
        return _("Deal %(number)d was edited", number=number)
    return _("Deal %(number)d was removed", number=number)


def sheet_change(action: str, number: int | None) -> str:
    """A change of a side's sheet made on a phone, in a sentence."""
    if number is None:
        return _("Your side's deals were changed.")
    if action == "added":
        return match_change("added", number - 1)
    if action == "taken":
        return _("Deal %(number)d was replaced by the other side's version.", number=number)
    return match_change("edited", number - 1)


def director_change(action: str, number: int | None) -> str:
    """A change the director made to a table, in a sentence."""
    if action == "deal" and number is not None:
        return _("The director entered deal %(number)d of this table.", number=number)
    if action == "edited" and number is not None:
        return _("The director fixed deal %(number)d of this table.", number=number)
    if action == "forfeit":
        return _("The director gave this table a forfeit.")
    return _("The director entered this table's deals.")


def turn_moved(typed: int | None, turn: int) -> str:
    """Why a form of another turn is refused."""
    if typed is None:
        return _("This page does not say its turn: turn %(turn)d is in play. Open the "
                 "table's page again.", turn=turn)
    return _("This was typed for turn %(typed)d; turn %(turn)d is in play.", typed=typed,
             turn=turn)


def said(answer: Any, sentences: Sequence[str]) -> Any:
    """``answer`` (a response, or ``(body, status)``) with what changed in its header."""
    if not sentences:
        return answer
    body, status = answer if isinstance(answer, tuple) else (answer, 200)
    return body, status, {CHANGED: quote(" ".join(sentences), safe="")}
