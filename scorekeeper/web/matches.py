"""Home, new match, scoreboard, undo the last deal, delete a match."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import (
    Blueprint,
    abort,
    current_app,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import selectinload

from scorekeeper.db import reader, writer
from scorekeeper.forms import ConfirmForm, NewMatchForm, choices
from scorekeeper.models import BurroGame, Deal, Match
from scorekeeper.web.common import cache, locale_code, profile_choices, profile_name, rules
from scorekeeper.web.scoreboard import (
    board,
    changes_since,
    current_version,
    load_match,
    match_result,
    note_deleted,
    note_written,
    remember,
)
from scorekeeper.web.writes import (
    Stale,
    check_version,
    clean_key,
    lock_match,
    new_key,
    record,
    remember_key,
    replayed,
)

bp = Blueprint("matches", __name__)


@bp.get("/")
def home() -> str:
    """Start a match, find the ones this phone keeps, reach the referee's pages."""
    db = reader()
    ids = [i for i in session.get("matches", []) if isinstance(i, int)]
    matches = (
        list(
            db.scalars(
                select(Match)
                .where(Match.id.in_(ids))
                .order_by(Match.updated.desc())
                .options(selectinload(Match.deals))
            )
        )
        if ids
        else []
    )
    # Totals and status from the referee (cached per match version), never from a column.
    for m in matches:
        result = match_result(m)
        m.status, m.totals = str(result.get("status")), list(result.get("totals", []))
    db.expunge_all()  # those were for display: nothing here is ever written back
    burro_ids = [i for i in session.get("burros", []) if isinstance(i, int)]
    games = (
        list(
            db.scalars(
                select(BurroGame).where(BurroGame.id.in_(burro_ids)).order_by(BurroGame.id.desc())
            )
        )
        if burro_ids
        else []
    )
    return render_template(
        "home.html",
        in_progress=[m for m in matches if m.status != "won"],
        finished=[m for m in matches if m.status == "won"],
        games=games,
        profiles=profile_choices(),
        profile_name=profile_name,
    )


def _new_match_form() -> NewMatchForm:
    core = rules()
    form = NewMatchForm()
    form.profile.choices = choices(
        (pid, f"{name} · {core.get_profile(pid).target}") for pid, name in profile_choices()
    )
    if not form.is_submitted():
        form.profile.data = "buraco-aberto"
        form.idem.data = new_key()
    return form


@bp.route("/matches/new", methods=["GET", "POST"])
def new_match() -> Any:
    """Choose the rules, the sides and the target."""
    core = rules()
    form = _new_match_form()
    if form.validate_on_submit():
        profile = core.get_profile(form.profile.data)
        sides = []
        defaults = [_("Us"), _("Them")]  # the two sides every match has, named if left empty
        for i, entry in enumerate(form.sides.entries):
            name = entry.form.name.data or ""
            players = [p.strip() for p in (entry.form.players.data or "").split(",") if p.strip()]
            if not name and not players:
                if i >= len(defaults):
                    continue
                name = defaults[i]
            sides.append({"name": name or " & ".join(players), "players": players})
        names = [s["name"] for s in sides]
        if profile.min_sides == profile.max_sides != len(sides):
            form.sides.errors.append(_(
                "These rules are played by %(sides)d sides; you named %(count)d.",
                sides=profile.min_sides, count=len(sides)))
        elif not profile.min_sides <= len(sides) <= profile.max_sides:
            form.sides.errors.append(
                _(
                    "These rules are played by %(min)d to %(max)d sides; you named %(count)d.",
                    min=profile.min_sides,
                    max=profile.max_sides,
                    count=len(sides),
                )
            )
        elif not profile.allows_sides(len(sides)):
            # rules.md buraco-classico: four players play as two partnerships of two.
            form.sides.errors.append(_(
                "With four players these rules are played by two partnerships of two: "
                "name two sides, with two players each."))
        elif len(set(names)) != len(names):
            form.sides.errors.append(_("Two sides have the same name."))
        else:
            key = clean_key(form.idem.data)
            with writer() as db:
                done = replayed(db, key)
                if done:
                    return redirect(done)
                match = Match(
                    name=form.name.data or " × ".join(names),
                    profile=profile.id,
                    target=form.target.data or profile.target,
                    sides=sides,
                    status="in-progress",
                    totals=[0] * len(sides),
                )
                db.add(match)
                db.flush()
                url = url_for("matches.scoreboard", token=match.edit_token)
                remember_key(db, key, url)
            remember(match)
            return redirect(url)
    return render_template("new_match.html", form=form)


@bp.get("/m/<token>")
def scoreboard(token: str) -> Any:
    """The running totals, every deal, the winner."""
    row = current_version("edit", token)
    if row is None:
        abort(404)
    match_id, version = row
    known = session.get("matches", [])
    if match_id not in known:
        session["matches"] = [*known, match_id][-40:]
    return _board_page(match_id, version, token, editable=True)


def _board_page(match_id: int, version: int, token: str, *, editable: bool) -> Any:
    """The rendered scoreboard, cached per match version and language."""

    def render() -> str:
        match = load_match(reader(), edit=token) if editable else load_match(reader(), view=token)
        if match is None:  # deleted between the two queries
            abort(404)
        share = None
        if editable:
            from scorekeeper.web.share import public_url, qr_svg

            link = public_url(url_for("share.view", token=match.view_token))
            share = {"link": link, "qr": qr_svg(link)}
        return render_template(
            "scoreboard.html",
            b=board(match),
            editable=editable,
            profile_label=profile_name(match.profile),
            share=share,
        )

    # the host is part of the key: the QR code holds an absolute link
    key = (match_id, version, locale_code(), editable, request.host)
    if current_app.config.get("PAGE_CACHE", True):
        return cache("pages").get_or_make(key, render)
    return render()


def _confirm(token: str, template: str) -> Any:
    match = load_match(reader(), edit=token)
    if match is None:
        abort(404)
    form = ConfirmForm()
    if not form.is_submitted():
        form.version.data = str(match.version)
        form.idem.data = new_key()
    return render_template(template, match=match, form=form, b=board(match))


@bp.get("/m/<token>/undo")
def undo_confirm(token: str) -> Any:
    """Ask before taking the last deal back."""
    return _confirm(token, "undo.html")


@bp.post("/m/<token>/undo")
def undo(token: str) -> Any:
    """Take the last deal back."""

    def take_back(db: Any, match: Match) -> None:
        deals = list(db.scalars(select(Deal).where(Deal.match_id == match.id)
                                .order_by(Deal.position)))
        if deals:
            last = deals[-1]
            db.delete(last)
            record(db, match, "removed", last.position, [d.data for d in deals[:-1]])

    return _confirmed_write(token, "undo.html", take_back, note_written,
                            url_for("matches.scoreboard", token=token))


@bp.get("/m/<token>/delete")
def delete_confirm(token: str) -> Any:
    """Ask before deleting the whole match."""
    return _confirm(token, "delete.html")


@bp.post("/m/<token>/delete")
def delete(token: str) -> Any:
    """Delete the match and its deals."""
    return _confirmed_write(token, "delete.html", lambda db, match: db.delete(match),
                            note_deleted, url_for("matches.home"))


def _confirmed_write(token: str, template: str, change: Callable[[Any, Match], None],
                     after: Callable[[Match], None], url: str) -> Any:
    """A confirmed change of a whole match (undo, delete): once per form (idempotency
    key), only on the version the form was built from, then back to ``url``."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return _confirm(token, template), 400
    key = clean_key(form.idem.data)
    try:
        with writer() as db:
            done = replayed(db, key)
            if done:
                return redirect(done)
            match = lock_match(db, token)
            if match is None:
                abort(404)
            check_version(match, form.version.data)
            change(db, match)
            remember_key(db, key, url)
        after(match)
    except Stale as stale:
        return conflict(token, stale.version)
    except IntegrityError:
        return redirect(url)
    return redirect(url)


def conflict(token: str, version: int) -> Any:
    """'This match changed': what changed since the form was built; nothing was saved."""
    db = reader()
    match = load_match(db, edit=token)
    if match is None:
        abort(404)
    changes = changes_since(db, match, version)
    return render_template("conflict.html", match=match, changes=changes), 409
