"""A table's players: renamed (each keeps their id, and with it their matches, whose
sides and names follow the new names) and new ones added."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, redirect, render_template, url_for
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import seating
from scorekeeper.forms import TablePlayersForm
from scorekeeper.models import Match, Table, TablePlayer, utcnow
from scorekeeper.web import writes
from scorekeeper.web.common import _, joined_name
from scorekeeper.web.scoreboard import note_written
from scorekeeper.web.tables import name_problems, names_typed, open_table

bp = Blueprint("players", __name__)


def _players_form(found: Table) -> TablePlayersForm:
    form = TablePlayersForm(formdata=None, data={
        "version": str(found.version), "idem": writes.new_key(),
        "players": [{"id": str(p.id), "name": p.name} for p in found.players]})
    return form


@bp.get("/t/<token>/players")
def players(token: str) -> Any:
    """Rename the table's players, add some: a renamed player keeps their matches."""
    found = open_table(token)
    return render_template("table_players.html", table=found, form=_players_form(found))


@bp.post("/t/<token>/players")
def save_players(token: str) -> Any:
    found = open_table(token)
    form = TablePlayersForm()

    def reused(notice: Any) -> Any:
        form.version.data = str(found.version)
        form.form_errors.append(notice)
        return render_template("table_players.html", table=found, form=form)

    return writes.guarded(form, lambda: _save_players(token, found, form), reused,
                          lambda _stale: _players_changed(token, form))


def _save_players(token: str, found: Table, form: TablePlayersForm) -> Any:
    """Rename and add the players the form says, once per form."""
    key = writes.form_key(form, f"players {token}")
    done = writes.done_before(key)  # sent again: its new players are there already
    if done:
        return redirect(done)
    if not form.validate():
        return render_template("table_players.html", table=found, form=form), 422
    ids = {str(p.id) for p in found.players}
    renamed = {entry.form.id.data: (entry.form.name.data or "").strip()
               for entry in form.players.entries if entry.form.id.data in ids}
    added = names_typed(form.new.data)
    kept = [renamed.get(str(p.id)) or p.name for p in found.players]
    problems = name_problems(kept + added)
    if problems:
        form.new.errors = [*form.new.errors, *problems]
        return render_template("table_players.html", table=found, form=form), 422

    renamed_matches: list[Match] = []

    def run(db: Session) -> str:
        locked = writes.lock(db, Table, token, form.version.data, key)
        named_after = locked.name == joined_name([p.name for p in locked.players], " · ", 80)
        for player in locked.players:
            player.name = renamed.get(str(player.id)) or player.name
        renamed_matches.extend(_follow_names(db, locked))
        start = len(locked.players)
        locked.players.extend(TablePlayer(name=n, position=start + i) for i, n in enumerate(added))
        if named_after:  # a table named after its players is named after them still
            locked.name = joined_name([p.name for p in locked.players], " · ", 80)
        locked.version += 1
        locked.updated = utcnow()
        return url_for("tables.table", token=token)

    # every server's pages see each renamed match's new version at once
    def told() -> None:
        for match in renamed_matches:
            note_written(match)

    return writes.write_once(key, run, after=told)


def _follow_names(db: Session, locked: Table) -> list[Match]:
    """The table's matches name their players as they are called now (and a side, or a
    match, named after its players follows them): a new version of each match changed,
    which a deal being entered on it takes as harmless."""
    names = {p.id: p.name for p in locked.players}
    query = select(Match).where(Match.table_id == locked.id).with_for_update()
    changed = []
    for match in db.scalars(query):
        sides = seating.renamed(match.sides, names)
        if sides == match.sides:
            continue
        if match.name == joined_name([s["name"] for s in match.sides], " × ", 120):
            match.name = joined_name([s["name"] for s in sides], " × ", 120)
        match.sides = sides
        writes.record(db, match, "renamed", 0, {"status": match.status, "totals": match.totals})
        changed.append(match)
    return changed


def _players_changed(token: str, form: TablePlayersForm) -> Any:
    """The players as another phone left them, with the new names that were typed."""
    fresh = open_table(token)
    again = _players_form(fresh)
    again.new.data = form.new.data
    again.form_errors.append(_("The players changed on another phone: nothing of yours "
                               "was saved. Here they are now."))
    return render_template("table_players.html", table=fresh, form=again), 409
