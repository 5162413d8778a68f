"""Home, new match, scoreboard, undo the last deal, delete a match."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from babel.lists import format_list
from flask import (
    Blueprint,
    abort,
    render_template,
    request,
    url_for,
)
from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from scorekeeper import newmatch, rules
from scorekeeper.db import reader
from scorekeeper.forms import LINK_TOKEN, ConfirmForm, NewMatchForm, choices
from scorekeeper.models import BurroGame, Deal, Event, Match, Season, Table
from scorekeeper.moments import zone_named
from scorekeeper.names import shows, visible_key
from scorekeeper.web import versions
from scorekeeper.web.common import (
    _,
    locale_code,
    num,
    profile_choices,
    remember,
    remembered,
)
from scorekeeper.web.dealpage import deal_page
from scorekeeper.web.house import HOUSE, load_house, remembered_house
from scorekeeper.web.scoreboard import (
    board,
    board_page,
    changes_since,
    load_match,
    match_result,
    note_written,
    with_results,
)
from scorekeeper.web.tables import load_table
from scorekeeper.web.writes import (
    LinksTaken,
    create_once,
    form_key,
    guarded,
    keyed,
    lock,
    new_key,
    record,
    spent_page,
    write_once,
)

bp = Blueprint("matches", __name__)


@bp.get("/")
def home() -> str:
    """Start a match, find the ones this phone keeps, reach the referee's pages."""
    db = reader()
    tokens = remembered("matches")
    found = (list(db.scalars(select(Match).where(Match.edit_token.in_(tokens))
                             .order_by(Match.updated.desc()))) if tokens else [])
    matches = [m for m, _result in with_results(db, found, whole=False)]
    burro_tokens = remembered("burros")
    games = (
        list(
            db.scalars(
                select(BurroGame).where(BurroGame.edit_token.in_(burro_tokens))
                .order_by(BurroGame.id.desc())
            )
        )
        if burro_tokens
        else []
    )
    table_tokens = remembered("tables")
    tables = (
        list(db.scalars(select(Table).where(Table.edit_token.in_(table_tokens))
                        .order_by(Table.updated.desc()).options(selectinload(Table.players))))
        if table_tokens
        else []
    )
    return render_template(
        "home.html",
        tables=tables,
        house=remembered_house(db),
        in_progress=[m for m in matches if m.status != "won"],
        finished=[m for m in matches if m.status == "won"],
        games=games,
        events=_remembered_events(db),
        seasons=list(db.scalars(select(Season).where(Season.edit_token.in_(
            remembered("seasons"))).order_by(Season.id.desc()))),
        profiles=profile_choices(),
    )


def _remembered_events(db: Session) -> list[Event]:
    """The club evenings this browser runs, the latest day first."""
    tokens = remembered("events")
    return list(db.scalars(select(Event).where(Event.edit_token.in_(tokens))
                           .order_by(Event.day.desc(), Event.id.desc()))) if tokens else []


def _new_match_form() -> tuple[NewMatchForm, Table | None]:
    """The new match form; from a table (its link in ``?table=``, then in the form), the
    table, whose players the sides are chosen from."""
    form = NewMatchForm()
    token = form.table.data if form.is_submitted() else request.args.get("table")
    earlier = None if form.is_submitted() else load_match(reader(), edit=request.args.get("again"))
    table = load_table(reader(), token) if token else None
    if token and table is None:
        abort(404)
    if table is None and earlier is not None and earlier.table_id is not None:
        table = reader().get(Table, earlier.table_id)  # play again among the same players
    asked = load_house(reader(), request.args.get("house"))
    house = remembered_house(reader(), table)
    if asked is not None and asked not in house:
        house.insert(0, asked)
    form.profile.choices = choices(
        [(pid, f"{name} · {num(rules.get_profile(pid).target)}")
         for pid, name in profile_choices()]
        + [(HOUSE + h.edit_token, f"{h.name} · {num(rules.profile_of(h.document).target)}")
           for h in house])
    for entry in form.sides.entries:
        entry.form.seats.choices = [(p.id, p.name) for p in table.players] if table else []
    if not form.is_submitted():
        form.table.data = table.edit_token if table else ""
        form.profile.data = HOUSE + asked.edit_token if asked else rules.DEFAULT_PROFILE
        keyed(form)
        if earlier is not None:
            _again(form, earlier)
    return form, table


def _chosen_rules(form: NewMatchForm) -> tuple[rules.Profile, dict[str, Any] | None]:
    """The rules the form chose: a built-in profile, or house rules (then the copy the
    match keeps: their document, version and link)."""
    chosen = form.profile.data or ""
    if not chosen.startswith(HOUSE):
        return rules.get_profile(chosen), None
    found = load_house(reader(), chosen[len(HOUSE):])
    if found is None:
        abort(404)
    return rules.profile_of(found.document), {
        "document": found.document, "version": found.version, "token": found.edit_token}


def _again(form: NewMatchForm, match: Match) -> None:
    """Fill the form as ``match`` was set up (play again: the same rules, target and
    sides)."""
    token = (match.rules or {}).get("token")
    offered = {str(getattr(choice, "value", "")) for choice in form.profile.choices or []}
    form.profile.data = HOUSE + token if token and HOUSE + token in offered else match.profile
    form.target.data = match.target
    for entry, side in zip(form.sides.entries, match.sides, strict=False):
        entry.form.name.data = side.get("name", "")
        entry.form.players.data = ", ".join(side.get("players", []))
        entry.form.seats.data = list(side.get("seats", []))


def _named_sides(form: NewMatchForm, table: Table | None) -> list[dict[str, Any]]:
    """The sides as the form names them; the first two, left empty, are "Us" and "Them".
    From a table, each side's players are the table's players ticked for it (their names
    as they are now, and their ids: ``"seats"``)."""
    sides: list[dict[str, Any]] = []
    defaults = [_(name) for name in newmatch.DEFAULT_SIDES]
    names = {p.id: p.name for p in table.players} if table else {}
    for i, entry in enumerate(form.sides.entries):
        name = entry.form.name.data or ""
        seats = [s for s in entry.form.seats.data or [] if s in names]
        players = [names[s] for s in seats] if table else [
            p.strip() for p in (entry.form.players.data or "").split(",") if shows(p)]
        named = newmatch.side_name(i, name, players, defaults)
        if named is None:
            continue
        side: dict[str, Any] = {"name": named, "players": players}
        if table:
            side["seats"] = seats
        sides.append(side)
    return sides


def side_problem(profile: rules.Profile, sides: list[dict[str, Any]]) -> str | None:
    """What keeps these sides from a match by ``profile``, in the page's words: their
    number, two sides of one name, a player on two sides (the form and a table file read
    back alike)."""
    problem = _side_count_error(profile, len(sides))
    if problem is None and len({visible_key(s["name"]) for s in sides}) != len(sides):
        problem = _("Two sides have the same name.")
    seated = [s for side in sides for s in side.get("seats", [])]
    if problem is None and len(set(seated)) != len(seated):
        problem = _("A player can sit on one side only.")
    return problem


def _side_count_error(profile: rules.Profile, count: int) -> str | None:
    """Why these rules cannot be played by ``count`` sides, in the page's words."""
    try:
        profile.check_sides(count)
    except rules.InputError:
        if profile.side_counts:
            allowed = format_list([str(n) for n in profile.side_counts], style="or",
                                  locale=locale_code())
            return _("These rules are played by %(sides)s sides; you named %(count)d.",
                     sides=allowed, count=count)
        if profile.min_sides == profile.max_sides:
            return _("These rules are played by %(sides)d sides; you named %(count)d.",
                     sides=profile.min_sides, count=count)
        return _("These rules are played by %(min)d to %(max)d sides; you named %(count)d.",
                 min=profile.min_sides, max=profile.max_sides, count=count)
    return None


@bp.route("/matches/new", methods=["GET", "POST"])
def new_match() -> Any:
    """Choose the rules, the sides and the target."""
    form, table = _new_match_form()
    if not form.validate_on_submit():
        return render_template("new_match.html", form=form, table=table)
    profile, house = _chosen_rules(form)
    sides = _named_sides(form, table)
    names = [s["name"] for s in sides]
    problem = side_problem(profile, sides)
    if problem is not None:
        form.sides.errors = [*form.sides.errors, problem]
        return render_template("new_match.html", form=form, table=table)
    links = _chosen_links(form)
    if links is None:
        return _links_refused(form, table)
    def reused(notice: Any) -> Any:
        form.form_errors.append(notice)
        return render_template("new_match.html", form=form, table=table)

    try:
        return guarded(form, lambda: create_once(
            form_key(form, "new-match"),
            lambda: Match(name=newmatch.match_name(form.name.data or "", names),
                          profile=profile.base or profile.id, rules=house,
                          target=form.target.data or profile.target, sides=sides,
                          status="in-progress", totals=[0] * len(sides),
                          table_id=table.id if table else None,
                          zone=zone_named(form.zone.data), **links),
            "matches.scoreboard", "matches", _links_clash if links else None), reused)
    except LinksTaken:
        return _links_refused(form, table)


def _chosen_links(form: NewMatchForm) -> dict[str, str] | None:
    """The links the phone chose for the match (none: the server makes them); None when
    they cannot be links: not both, not a token's shape, or the same link twice."""
    edit, view = form.edit_token.data or "", form.view_token.data or ""
    if not edit and not view:
        return {}
    if edit == view or not all(re.fullmatch(LINK_TOKEN, t) for t in (edit, view)):
        return None
    return {"edit_token": edit, "view_token": view}


def _links_clash(db: Session, match: Match) -> bool:
    """Whether a link a phone chose for ``match`` opens another match already."""
    tokens = (match.edit_token, match.view_token)
    return db.scalar(select(Match.id).where(Match.edit_token.in_(tokens)
                                            | Match.view_token.in_(tokens))) is not None


def _links_refused(form: NewMatchForm, table: Table | None) -> Any:
    """A match set up on a phone whose links cannot be its links: started afresh here,
    with the links the server makes, once the players send the form again."""
    form.edit_token.data = form.view_token.data = ""
    form.idem.data = new_key()
    form.form_errors.append(_("This match was set up on a phone without a network, and its "
                              "links cannot be used: send the form again to start it with "
                              "new links."))
    return render_template("new_match.html", form=form, table=table), 409


@bp.get("/m/<token>")
def scoreboard(token: str) -> Any:
    """The running totals, every deal, the winner."""
    version = versions.current_version("edit", token)
    if version is None:
        abort(404)
    remember(token)
    return board_page(version, token, editable=True)


@bp.get("/m/<token>/deals/<int:number>")
def deal(token: str, number: int) -> Any:
    """One deal's breakdown, with the way to edit it."""
    return deal_page(token, number, editable=True)


def confirm_page(token: str, template: str, form: ConfirmForm | None = None,
                 notice: Any = None) -> Any:
    """The page that asks before a change of the whole match (``notice``: why the form
    sent is shown again, its ``form`` with a new key); a match deleted since answers
    the notice alone."""
    match = load_match(reader(), edit=token)
    if match is None:
        if notice is not None:
            return spent_page(notice)
        abort(404)
    form = keyed(form or ConfirmForm(), match.version)
    if notice is not None:
        form.version.data = str(match.version)
        form.form_errors.append(notice)
    return render_template(template, match=match, form=form, b=board(match))


@bp.get("/m/<token>/undo")
def undo_confirm(token: str) -> Any:
    """Ask before taking the last deal back."""
    return confirm_page(token, "undo.html")


@bp.post("/m/<token>/undo")
def undo(token: str) -> Any:
    """Take the last deal back."""

    def take_back(db: Session, match: Match) -> None:
        deals = list(db.scalars(select(Deal).where(Deal.match_id == match.id)
                                .order_by(Deal.position)))
        if deals:
            last = deals[-1]
            db.delete(last)
            kept = [d.data for d in deals[:-1]]
            record(db, match, "removed", last.position, match_result(match, kept))

    return confirmed_write(token, "undo.html", take_back, note_written,
                           url_for("matches.scoreboard", token=token))


@bp.get("/m/<token>/delete")
def delete_confirm(token: str) -> Any:
    """Ask before deleting the whole match."""
    return confirm_page(token, "delete.html")


@bp.post("/m/<token>/delete")
def delete(token: str) -> Any:
    """Delete the match and its deals."""
    return confirmed_write(token, "delete.html", lambda db, match: db.delete(match),
                           versions.forget, url_for("matches.home"))


def confirmed_write(token: str, template: str, change: Callable[[Session, Match], None],
                     after: Callable[[Match], None], url: str,
                     again: Callable[[Any], Any] | None = None) -> Any:
    """A confirmed change of a whole match (undo, delete): once per form (idempotency
    key), only on the version the form was built from, then back to ``url``. A form that
    cannot be read is shown again (``again(None)``, else ``template``'s page), as is a
    form sent again changed (``again(notice)``)."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return again(None) if again else (confirm_page(token, template), 400)
    changed: list[Match] = []
    key = form_key(form, f"match {token}")

    def run(db: Session) -> str:
        match = lock(db, Match, token, form.version.data, key)
        change(db, match)
        changed.append(match)
        return url

    return guarded(form, lambda: write_once(key, run, after=lambda: after(changed[0])),
                   again or (lambda notice: confirm_page(token, template, form, notice)),
                   lambda stale: conflict(token, stale.version))


def conflict(token: str, version: int) -> Any:
    """'This match changed': what changed since the form was built; nothing was saved."""
    db = reader()
    match = load_match(db, edit=token)
    if match is None:
        abort(404)
    changes = changes_since(db, match, version)
    return render_template("conflict.html", match=match, changes=changes), 409
