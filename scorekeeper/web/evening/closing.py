"""The director's side of provisional, then final (``evening/final.py``): the correction
window chosen (before the evening or while it plays), the evening closed once every turn
of its plan is complete (its results final from then on), and a final evening reopened
with a reason; each a line of the evening's history. A change asked of a final evening,
from any of the director's forms, is answered here: nothing saved, the director's page
saying why (409)."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, request
from sqlalchemy.orm import Session

from scorekeeper.db import reader
from scorekeeper.eventforms import ReopenForm, WindowForm
from scorekeeper.forms import ConfirmForm
from scorekeeper.models import Event, utcnow
from scorekeeper.moments import zone_named
from scorekeeper.web.common import _
from scorekeeper.web.evening import final
from scorekeeper.web.evening.director import bump, director_page, load_event, write_event

bp = Blueprint("event_closing", __name__)


class NotNow(Exception):
    """What the director asked does not fit the evening's state now: the sentence why."""


def final_said() -> str:
    """What the director is told of a change asked of a final evening."""
    return _("The results of this evening are final: nothing was changed. Reopen the "
             "evening first, saying why (it is kept in its history).")


@bp.app_errorhandler(final.Final)
def refused_final(_error: final.Final) -> Any:
    """A change asked of a final evening: its page as it stands, saying why."""
    token = (request.view_args or {}).get("token")
    return director_page(load_event(reader(), edit=str(token)), notice=final_said(),
                         status=409)


@bp.errorhandler(NotNow)
def not_now(error: NotNow) -> Any:
    token = (request.view_args or {}).get("token")
    return director_page(load_event(reader(), edit=str(token)), notice=str(error), status=409)


@bp.post("/e/<token>/window")
def window(token: str) -> Any:
    """The correction window the club chose: until closed, N minutes after the last
    turn, or noon the next day in the evening's time zone."""
    form = WindowForm()
    if not form.validate() or (form.window.data == final.MINUTES and not form.minutes.data):
        if form.window.data == final.MINUTES and not form.errors:
            form.minutes.errors = [_("How many minutes after the last turn?")]
        return director_page(load_event(reader(), edit=token), window_form=form, status=422)

    def change(db: Session, row: Event) -> None:
        final.refuse_if_final(row)
        row.window = form.window.data
        row.window_minutes = form.minutes.data if form.window.data == final.MINUTES else None
        row.zone = zone_named(form.zone.data) or row.zone
        said = f"{row.window} {row.window_minutes}" if row.window_minutes else row.window
        bump(db, row, final.WINDOW, reason=said)

    return write_event(token, form, change, _again(token, "window_form", form))


def _again(token: str, name: str, form: Any) -> Any:
    """The director's page of a form not saved (``again(notice, typed)`` of
    ``write_event``): the evening as it stands, the form as typed when ``typed``."""
    def again(notice: Any, typed: bool) -> Any:
        return director_page(load_event(reader(), edit=token), notice=notice, status=409,
                             **({name: form} if typed else {}))

    return again


@bp.post("/e/<token>/close")
def close(token: str) -> Any:
    """The evening closed: its results final, once every turn of its plan is complete."""
    def change(db: Session, row: Event) -> None:
        if final.standing(row).final:
            raise NotNow(_("The results of this evening are final already."))
        if row.finished is None:
            raise NotNow(_("The evening closes once every turn of its plan is complete."))
        row.closed = utcnow()
        bump(db, row, final.CLOSED)

    return write_event(token, ConfirmForm(), change)


@bp.post("/e/<token>/reopen")
def reopen(token: str) -> Any:
    """A final evening reopened, with the reason kept in its history: provisional again,
    until the director closes it again."""
    form = ReopenForm()
    if not form.validate():
        return director_page(load_event(reader(), edit=token), reopen_form=form, status=422)

    def change(db: Session, row: Event) -> None:
        if not final.standing(row).final:
            raise NotNow(_("The results of this evening are still provisional."))
        row.closed = None
        row.window, row.window_minutes = final.UNTIL_CLOSED, None
        bump(db, row, final.REOPENED, reason=str(form.reason.data))

    return write_event(token, form, change, _again(token, "reopen_form", form))
