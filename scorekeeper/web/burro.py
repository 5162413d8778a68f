"""Burro, the children's letters game: players, rounds, letters, who is out, the ranking."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import Blueprint, abort, render_template, request, url_for
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import rules
from scorekeeper.db import reader
from scorekeeper.entry import RoundEnd, burro_round
from scorekeeper.forms import (
    MIXED_NAME,
    BurroRoundForm,
    ConfirmForm,
    NewBurroForm,
    choices,
    is_token,
)
from scorekeeper.models import BurroGame, utcnow
from scorekeeper.names import mixes_scripts, shows, visible_key
from scorekeeper.rules.burro import MAX_PLAYERS, MIN_PLAYERS
from scorekeeper.web import writes
from scorekeeper.web.common import _, input_error_text, joined_name, localize, remember

bp = Blueprint("burro", __name__)


def load_game(*, edit: str | None = None, view: str | None = None) -> BurroGame:
    """The game behind an edit or a read-only link; a link to no game leads nowhere (404)."""
    token = edit if edit is not None else view
    column = BurroGame.edit_token if edit is not None else BurroGame.view_token
    game = reader().scalar(select(BurroGame).where(column == token)) \
        if is_token(token) else None
    if game is None:
        abort(404)
    return game


def standing(game: BurroGame, rounds: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The referee's ``burro`` document, localised."""
    return dict(localize(rules.burro_document(game.burro_input(rounds))))


@bp.route("/burro", methods=["GET", "POST"])
def new_game() -> Any:
    """Start a game of Burro."""
    form = writes.keyed(NewBurroForm())
    if form.validate_on_submit():
        players = [p.strip() for p in (form.players.data or "").splitlines()
                   if shows(p)]
        try:
            rules.burro_document({"players": players, "rounds": []})
            ranks = rules.burro_ranks(len(players))
        except rules.InputError as err:
            form.players.errors = [*form.players.errors, input_error_text(err)]
            ranks = None
        if len({visible_key(p) for p in players}) != len(players):
            form.players.errors = [*form.players.errors, _("Two players have the same name.")]
        if any(mixes_scripts(p) for p in players):
            form.players.errors = [*form.players.errors, str(MIXED_NAME)]
        if ranks is not None and not form.players.errors:
            return _create(form, players)
    return render_template("burro_new.html", form=form), 200 if not form.errors else 422


def _create(form: NewBurroForm, players: list[str]) -> Any:
    return writes.create_from_form(
        form, "new-burro",
        lambda: BurroGame(name=form.name.data or joined_name(players, " · ", 120), players=players,
                          rounds=[]),
        "burro.game", "burros", "burro_new.html")


def _playing(game: BurroGame) -> list[str]:
    """The players still in the game, in the order of the table."""
    out = set(standing(game).get("out", []))
    return [p for p in game.players if p not in out]


def _round_form(game: BurroGame) -> BurroRoundForm:
    form = BurroRoundForm()
    playing = [(p, p) for p in _playing(game)]
    form.loser.choices = choices(playing)
    form.feint_by.choices = choices(playing)
    form.fooled.choices = choices(playing)
    return form


def _fresh_form(game: BurroGame) -> BurroRoundForm:
    """A new round form on the game's current version, with a new key."""
    form = _round_form(game)
    form.version.data = str(game.version)
    form.idem.data = writes.new_key()
    return form


def _game_page(game: BurroGame, form: BurroRoundForm | None, editable: bool, status: int = 200,
               stale: bool = False, notice: Any = None) -> Any:
    result = standing(game)
    playing = _playing(game)
    # seed 002 "Cartes": one rank of four per player still in the game
    count = len(playing)
    ranks = rules.burro_ranks(count) if MIN_PLAYERS <= count <= MAX_PLAYERS else []
    # what a round entered without a network needs: the feint's pages, the game document
    keep = [url_for("burro.feint", token=game.edit_token),
            *(url_for("burro.feint", token=game.edit_token, by=p) for p in playing),
            url_for("offline.burro_document", token=game.edit_token)] if editable else []
    return render_template(
        "burro_game.html", game=game, result=result, form=form, editable=editable,
        ranks=ranks, stale=stale, notice=notice, playing=playing, keep=keep,
        undo=ConfirmForm(formdata=None,
                         data={"version": str(game.version), "idem": writes.new_key()}),
        again=ConfirmForm(formdata=None, data={"idem": writes.new_key()}),
    ), status


def _feint_page(game: BurroGame, form: BurroRoundForm, status: int = 200) -> Any:
    """The feint, one question at a time: who feinted, then who fell for it."""
    return render_template("burro_feint.html", game=game, form=form,
                           playing=_playing(game), feinter=form.feint_by.data), status


@bp.get("/b/<token>")
def game(token: str) -> Any:
    """The letters so far, and who lost the next round: one button per player."""
    found = load_game(edit=token)
    remember(token, "burros")
    return _game_page(found, _fresh_form(found), editable=True)


@bp.get("/bv/<token>")
def view(token: str) -> Any:
    """Read-only Burro standings."""
    found = load_game(view=token)
    return _game_page(found, None, editable=False)


@bp.get("/b/<token>/feint")
def feint(token: str) -> Any:
    """A round that ended in a feint: who feinted (``by`` once chosen), then who fell for it."""
    found = load_game(edit=token)
    form = _fresh_form(found)
    by = request.args.get("by", "")
    form.feint_by.data = by if by in _playing(found) else None
    return _feint_page(found, form)


def _entry(form: BurroRoundForm) -> dict[str, Any] | None:
    """The round the form says, or None with the form's errors said next to the field."""
    if form.kind.data == RoundEnd.FEINT:
        if not form.feint_by.data:
            form.feint_by.errors = [_("Say who feinted.")]
            return None
        fooled = list(form.fooled.data or [])
        if form.feint_by.data in fooled:
            form.fooled.errors = [_("%(player)s feinted, so cannot also have fallen for it: "
                                    "tick only the players who were fooled.",
                                    player=form.feint_by.data)]
            return None
        return burro_round(form.kind.data, None, form.feint_by.data, fooled)
    if not form.loser.data:
        form.loser.errors = [_("Say who lost.")]
        return None
    return burro_round(form.kind.data, form.loser.data, None, [])


@bp.post("/b/<token>/round")
def add_round(token: str) -> Any:
    """Record how a round ended."""
    found = load_game(edit=token)
    form = _round_form(found)
    is_feint = form.kind.data == RoundEnd.FEINT
    if not form.validate_on_submit():
        return _game_page(found, form, editable=True, status=400)
    entry = _entry(form)
    problems: list[Any] = []
    if entry is not None:
        try:
            problems = standing(found, [*found.rounds, entry]).get("problems", [])
        except rules.InputError as err:
            form.fooled.errors = [input_error_text(err)]
            entry = None
    if problems:
        form.kind.errors = [p.get("message", p["code"]) for p in problems]
    if entry is None or problems:
        if is_feint:
            return _feint_page(found, form, status=422)
        return _game_page(found, form, editable=True, status=422)
    return _write(token, form, lambda g: [*g.rounds, entry])


@bp.post("/b/<token>/undo")
def undo_round(token: str) -> Any:
    """Take the last round back."""
    found = load_game(edit=token)
    form = ConfirmForm()
    if not form.validate_on_submit():
        return _game_page(found, _round_form(found), editable=True, status=400)
    return _write(token, form, lambda g: list(g.rounds[:-1]))


def _write(token: str, form: BurroRoundForm | ConfirmForm,
           change: Callable[[BurroGame], list[dict[str, Any]]]) -> Any:
    """Change the rounds of the game, once per form and only on the form's version."""
    key = writes.form_key(form, f"burro {token}")

    def run(db: Session) -> str:
        locked = writes.lock(db, BurroGame, token, form.version.data, key)
        locked.rounds = change(locked)
        locked.version += 1
        locked.updated = utcnow()
        locked.finished = bool(rules.burro_document(locked.burro_input()).get("finished"))
        return url_for("burro.game", token=token)

    return writes.guarded(form, lambda: writes.write_once(key, run),
                          lambda notice: _fresh_page(token, notice),
                          lambda _stale: _fresh_page(token, None))


def _fresh_page(token: str, notice: Any) -> Any:
    """The game as it now stands, with a new round form (what was chosen kept): after
    another phone's change (``stale``), or for a form sent again with other content
    (``notice`` says so)."""
    fresh = load_game(edit=token)
    return _game_page(fresh, _fresh_form(fresh), editable=True, status=409,
                      stale=notice is None, notice=notice)


@bp.post("/b/<token>/again")
def play_again(token: str) -> Any:
    """A new game with the same players (and name), in one tap."""
    found = load_game(edit=token)
    form = ConfirmForm()
    if not form.validate_on_submit():
        return _game_page(found, _fresh_form(found), editable=True, status=400)
    return writes.guarded(form, lambda: writes.create_once(
        writes.form_key(form, f"again {token}"),
        lambda: BurroGame(name=found.name, players=list(found.players), rounds=[]),
        "burro.game", "burros"), lambda notice: _fresh_page(token, notice))


def _delete_page(game: BurroGame, status: int = 200, stale: bool = False) -> Any:
    form = ConfirmForm(formdata=None,
                       data={"version": str(game.version), "idem": writes.new_key()})
    return render_template("burro_delete.html", game=game, form=form, stale=stale), status


@bp.get("/b/<token>/delete")
def delete_confirm(token: str) -> Any:
    """Ask before deleting the whole game."""
    return _delete_page(load_game(edit=token))


@bp.post("/b/<token>/delete")
def delete(token: str) -> Any:
    """Delete the game, once per confirmation and only on the version it was asked about."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return _delete_page(load_game(edit=token), status=400)
    key = writes.form_key(form, f"burro {token}")

    def run(db: Session) -> str:
        db.delete(writes.lock(db, BurroGame, token, form.version.data, key))
        return url_for("matches.home")

    # a round saved meanwhile: ask again about the game as it is
    return writes.guarded(form, lambda: writes.write_once(key, run), writes.spent_page,
                          lambda _stale: _delete_page(load_game(edit=token), 409, stale=True))
