"""An evening's JSON document (the contract's event document, as the director's page
downloads it) read back as a new evening: read as every file that comes in is read
(``scorekeeper.incoming``: its size, its text, how deep it nests), by the referee, then
every name cleaned and checked as the forms check theirs, so that anything stored can be
shown, printed and exported."""

from __future__ import annotations

import hashlib
from datetime import date
from typing import Any

from flask import Blueprint, render_template

from scorekeeper import rules
from scorekeeper.forms import NewTableForm, clean_text, name_problem
from scorekeeper.incoming import EVENING_BYTES, read_json
from scorekeeper.rules.eventdoc import (
    INDIVIDUAL,
    MAX_ENTRANT_NAME,
    MAX_EVENT_NAME,
    MAX_WHY,
    PAIRS,
)
from scorekeeper.rules.vptables import BYE_VP, FIBUR_2026
from scorekeeper.web import writes
from scorekeeper.web.common import _, input_error_text, uploaded
from scorekeeper.web.evening import final, store
from scorekeeper.web.evening.entrants import MEMBER, entrant_problems

bp = Blueprint("event_read", __name__)

#: The longest name of house rules (its column's size).
HOUSE_NAME = 80


class Unreadable(Exception):
    """What is wrong with the file, in the page's words."""


def _text(value: Any, longest: int, field: str) -> str:
    said = clean_text(value) if isinstance(value, str) else ""
    if not said or len(said) > longest or name_problem(said) is not None:
        raise Unreadable(_("This file's %(field)s cannot be shown: %(problem)s", field=field,
                           problem=str(name_problem(said) or _("at most %(max)d characters",
                                                              max=longest))))
    return str(said)


def _entrants(doc: dict[str, Any]) -> list[dict[str, Any]]:
    most = 1 if doc.get("kind") == INDIVIDUAL else 2
    entrants = [{"id": e["id"], "name": _text(e.get("name") or str(e["id"]), MAX_ENTRANT_NAME,
                                              _("entrant")),
                 **({"players": _players(e["players"], most)} if e.get("players") else {})}
                for e in doc["entrants"]]
    problems = entrant_problems([e["name"] for e in entrants], [], doc.get("kind", PAIRS))
    if problems and entrants:
        raise Unreadable(problems[0])
    return entrants


def _players(players: Any, most: int) -> list[dict[str, str]]:
    """An entrant's players and their member numbers, as registration keeps them."""
    if not isinstance(players, list) or len(players) > most or not all(
            isinstance(p, dict) and (p.get("member") is None or (
                isinstance(p["member"], str) and MEMBER.fullmatch(p["member"])))
            for p in players):
        raise Unreadable(_("This file's %(field)s cannot be shown: %(problem)s",
                           field=_("member number"), problem=_("a player's name and number")))
    return [{"name": _text(p.get("name"), MAX_ENTRANT_NAME, _("player")),
             **({"member": p["member"]} if p.get("member") else {})} for p in players]


def _table(table: dict[str, Any]) -> dict[str, Any]:
    """A table as the pages keep it: its deals (none when a side forfeits), penalties
    with a shown reason, its forfeit."""
    penalties = [{"side": p["side"], "mp": p["mp"],
                  **({"why": _text(p["why"], MAX_WHY, _("penalty"))} if p.get("why") else {})}
                 for p in table.get("penalties") or []]
    return {"table": table["table"], "ns": table["ns"], "ew": table["ew"],
            "deals": [_deal(d) for d in table.get("deals") or [] if d is not None],
            "penalties": penalties, "forfeit": table.get("forfeit")}


def _deal(deal: dict[str, Any]) -> dict[str, Any]:
    """A deal as entered, its sides' names (the entrants' as the deal was saved) cleaned
    as the entrants' are."""
    return {**deal, "sides": [
        {**side, "name": clean_text(side["name"])} if isinstance(side.get("name"), str)
        else side for side in deal["sides"]]}


def read_document(raw: bytes) -> tuple[str, date, dict[str, Any]]:
    """The evening of a file: its name, its day and its document as the pages keep it;
    ``Unreadable`` with the reason."""
    try:
        doc = read_json(raw, EVENING_BYTES)
        rules.read_event(doc)
    except rules.InputError as error:
        raise Unreadable(_("This file is not an evening exported by Scorekeeper.")
                         if error.code == "bad-json" else input_error_text(error)) from None
    profile = doc.get("profile", rules.DEFAULT_PROFILE)
    if not isinstance(profile, str):  # house rules: their name is on every page
        profile = {**profile, "name": _text(profile.get("name") or str(profile.get("id")),
                                            HOUSE_NAME, _("house rules' name"))}
    name = _text(doc.get("name") or "", MAX_EVENT_NAME, _("name"))
    try:
        day = date.fromisoformat(str(doc.get("day")))
    except ValueError:
        day = date.today()
    kept = {"profile": profile, "kind": doc.get("kind", PAIRS),
            "deals_per_turn": doc["deals_per_turn"], "vp_table": doc.get("vp_table", FIBUR_2026),
            # what the referee takes as absent is kept as the referee reads it
            "bye_vp": doc.get("bye_vp", BYE_VP), "entrants": _entrants(doc),
            "plan": doc.get("plan", []),
            "turns": [{"tables": [_table(t) for t in turn.get("tables", [])]}
                      for turn in doc.get("turns") or []]}
    if "state" in doc:  # provisional or final: an evening closed stays closed
        if final.from_document(doc["state"]) is None:
            raise Unreadable(_("This file's %(field)s cannot be shown: %(problem)s",
                               field="state", problem=_("provisional or final, and its window")))
        kept["state"] = doc["state"]
    if doc.get("withdrawn"):  # who left the evening, and from which turn
        kept["withdrawn"] = [{"entrant": w["entrant"], "from_turn": w["from_turn"]}
                             for w in doc["withdrawn"]]
    rules.read_event(kept)  # what is kept reads as what was sent
    return name, day, kept


@bp.route("/events/import", methods=["GET", "POST"])
def import_event() -> Any:
    """An evening's file, from this server or another, read back as a new evening."""
    form = writes.keyed(NewTableForm())
    if not form.is_submitted():
        return render_template("event_import.html", form=form)
    raw, problem = uploaded(form, EVENING_BYTES,
                            _("Choose the file of an evening exported by Scorekeeper."),
                            _("This file is too large for an evening."))
    if raw is not None:
        try:
            name, day, document = read_document(raw)
        except Unreadable as error:
            problem = str(error)
        else:
            # the key is the form's and the file's: another file is another evening
            key = writes.form_key(form, f"import-event {hashlib.sha256(raw).hexdigest()[:16]}")
            return writes.guarded(form, lambda: writes.create_once(
                key, lambda: store.build(name, day, document), "events.event",
                "events"),
                lambda notice: render_template("event_import.html", form=form, problem=notice))
    form.idem.data = writes.new_key()
    return render_template("event_import.html", form=form, problem=problem), 422

