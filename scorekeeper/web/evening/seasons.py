"""A club's season: several of its evenings summed per entrant (``rules.season``), with
"best N of M evenings" and evenings that count double, as clubs run their winter
championships. Made from the evenings this browser runs; its page is read by its link."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, abort, render_template
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper.db import reader
from scorekeeper.eventforms import SeasonForm
from scorekeeper.forms import is_token
from scorekeeper.models import Event, Season, utcnow
from scorekeeper.names import visible_key
from scorekeeper.rules.season import MAX_EVENINGS, season_standings
from scorekeeper.web import writes
from scorekeeper.web.common import _, remember, remembered
from scorekeeper.web.evening.director import entrant_names, head_of, scored
from scorekeeper.web.evening.seasongrades import season_evenings, season_grades
from scorekeeper.web.tablegrades import ranked_grades

bp = Blueprint("seasons", __name__)


def load_season(db: Session, token: str) -> Season:
    """The season with this edit link; 404 when there is none."""
    found = db.scalar(select(Season).where(Season.edit_token == token)) \
        if is_token(token) else None
    if found is None:
        abort(404)
    return found


def _offered(db: Session, season: Season | None = None) -> list[Event]:
    """The evenings a season may sum: those this browser runs, and the season's own."""
    ids = [e["event"] for e in season.evenings] if season else []
    tokens = remembered("events")
    query = select(Event).where(Event.edit_token.in_(tokens) | Event.id.in_(ids))
    return list(db.scalars(query.order_by(Event.day, Event.id).limit(4 * MAX_EVENINGS)))


def _with_choices(form: SeasonForm, offered: list[Event]) -> SeasonForm:
    listed = [(e.edit_token, e.name) for e in offered]
    form.evenings.choices = listed
    form.double.choices = listed
    return form


def _evenings(form: SeasonForm, offered: list[Event]) -> list[dict[str, Any]]:
    """The evenings ticked, in the order of their days, with those counting double."""
    chosen, double = set(form.evenings.data or []), set(form.double.data or [])
    return [{"event": e.id, "double": e.edit_token in double}
            for e in offered if e.edit_token in chosen]


def _checked(form: SeasonForm) -> bool:
    if form.evenings.data and len(form.evenings.data) > MAX_EVENINGS:
        form.evenings.errors = [*form.evenings.errors, _(
            "A season sums at most %(max)d evenings.", max=MAX_EVENINGS)]
    if set(form.double.data or []) - set(form.evenings.data or []):
        form.double.errors = [*form.double.errors, _(
            "Only an evening of the season can count double: tick it above too.")]
    return not form.evenings.errors and not form.double.errors


@bp.route("/seasons/new", methods=["GET", "POST"])
def new_season() -> Any:
    """Name the season and choose its evenings."""
    offered = _offered(reader())
    form = _with_choices(writes.keyed(SeasonForm()), offered)
    if form.validate_on_submit() and _checked(form):
        def reused(notice: Any) -> Any:
            form.name.errors = [*form.name.errors, notice]
            return render_template("season_form.html", form=form, offered=offered, season=None)

        return writes.guarded(form, lambda: writes.create_once(
            writes.form_key(form, "new-season"),
            lambda: Season(name=form.name.data, evenings=_evenings(form, offered),
                           best=form.best.data, qualify=form.qualify.data),
            "seasons.season", "seasons"), reused)
    return render_template("season_form.html", form=form, offered=offered, season=None), \
        422 if form.errors else 200


@bp.route("/s/<token>/edit", methods=["GET", "POST"])
def edit_season(token: str) -> Any:
    """Change the season's name, evenings and count."""
    season = load_season(reader(), token)
    offered = _offered(reader(), season)
    tokens = {e.id: e.edit_token for e in offered}
    form = _with_choices(writes.keyed(SeasonForm(
        name=season.name, best=season.best, qualify=season.qualify,
        evenings=[tokens[e["event"]] for e in season.evenings if e["event"] in tokens],
        double=[tokens[e["event"]] for e in season.evenings
                if e["double"] and e["event"] in tokens]), season.version), offered)
    page = "season_form.html"
    if not (form.validate_on_submit() and _checked(form)):
        return render_template(page, form=form, offered=offered, season=season), \
            422 if form.errors else 200
    key = writes.form_key(form, f"season {token}")

    def run(db: Session) -> str:
        row = writes.lock(db, Season, token, form.version.data, key)
        row.name, row.best = str(form.name.data), form.best.data
        row.qualify = form.qualify.data
        row.evenings = _evenings(form, offered)
        row.version += 1
        row.updated = utcnow()
        return f"/s/{token}"

    def again(notice: Any) -> Any:
        return render_template(page, form=form, offered=offered, season=season,
                               notice=notice), 409

    return writes.guarded(form, lambda: writes.write_once(key, run), again, lambda _e: again(_(
        "The season changed since this page was opened: check it and save it again.")))


@bp.get("/s/<token>")
def season(token: str) -> Any:
    """The season's standings (each entrant's VP and MP over its evenings, its average per
    evening counted, the evenings dropped, whether it qualified) and its grades."""
    found = load_season(reader(), token)
    remember(token, "seasons")
    events = season_evenings(reader(), found)
    double = {e["event"]: e["double"] for e in found.evenings}
    evenings = []
    for event in events:
        names = entrant_names(head_of(event))
        lines = [{"name": names[s["id"]], "vp": s["vp"], "mp": s["mp"]}
                 for s in scored(event)["standings"]]
        evenings.append({"event": event, "double": double[event.id], "standings": lines})
    return render_template("season.html", season=found, evenings=evenings,
                           standings=season_standings(evenings, found.best, visible_key,
                                                      found.qualify),
                           grades=ranked_grades(season_grades(events)))
