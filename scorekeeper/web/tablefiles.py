"""Never lose a game: a table exported whole (JSON: its players and every match, each deal
as it was entered; CSV: a line per deal and side, for a spreadsheet), a JSON export read
back as a new table on any server (every match scored again, and refused unless its
totals are the file's), and a table deleted after a confirmation (its matches stay, each
on its own links).

The JSON document::

    {"scorekeeper": "table", "version": 1, "name": ..., "zone": ...,
     "players": [{"id": 1, "name": "Ana"}, ...],
     "house_rules": [{"name", "document": <a profile document>, "version"}, ...],
     "matches": [{"name", "profile", "rules", "target", "created", "zone", "first_dealer",
                  "seating", "sides": [{"name", "players": [names], "seats": [player ids]}],
                  "deals": [<the contract's deal document, as entered>], "totals": [...]}]}

Player ids are the file's own: a match's seats name the file's players.
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from flask import Blueprint, Response, redirect, render_template, request, url_for
from sqlalchemy import insert, update
from sqlalchemy.orm import Session

from scorekeeper import seating
from scorekeeper.eventfiles import spreadsheet_cell
from scorekeeper.forms import ConfirmForm, NewTableForm
from scorekeeper.incoming import EVENING_BYTES, TABLE_BYTES
from scorekeeper.models import Deal, HouseRules, Match, Table, TablePlayer, utcnow
from scorekeeper.moments import in_zone
from scorekeeper.web import exports, tableread, writes
from scorekeeper.web.common import _, joined_name, rules_name, uploaded
from scorekeeper.web.tableread import Unreadable, read_document
from scorekeeper.web.tables import known_zone, open_table, scored_matches, table_house_rules
from scorekeeper.web.tally import columns

bp = Blueprint("table_files", __name__)

def export_document(found: Table) -> dict[str, Any]:
    """The table as the JSON export holds it."""
    matches = [m for m, _r in scored_matches(found, deals=True)]
    return {
        "scorekeeper": tableread.FORMAT, "version": tableread.VERSION, "name": found.name,
        "zone": found.zone,
        "players": [{"id": p.id, "name": p.name} for p in found.players],
        "house_rules": [{"name": h.name, "document": h.document, "version": h.version}
                        for h in table_house_rules(found)],
        "matches": [{
            "name": m.name, "profile": m.profile, "target": m.target,
            "created": m.created.isoformat(), "zone": m.zone,
            "first_dealer": m.first_dealer, "seating": m.seating, "rules": m.rules,
            "sides": m.sides,
            "deals": m.deal_docs(), "totals": list(m.totals)} for m in matches],
    }


#: JSON on one line, the words as they are (``json.dumps``'s encoder, made once).
_ONE_LINE = json.JSONEncoder(ensure_ascii=False).encode


def laid_out(value: Any, depth: int, margin: str = "") -> str:
    """``value`` as JSON: its lists and objects down to ``depth`` levels one item per line,
    indented by one space a level, each deeper one on a line of its own (in a table's
    export, a deal). The json module writes those lines in C; its ``indent`` would write
    the whole file in Python, about ten times slower (two seconds for a club's backup of
    5 MB on a slow host).

    >>> print(laid_out({"name": "Ana", "deals": [{"sides": [1, 2]}, []], "n": {}}, depth=2))
    {
     "name": "Ana",
     "deals": [
      {"sides": [1, 2]},
      []
     ],
     "n": {}
    }
    """
    if depth <= 0 or not isinstance(value, (dict, list)) or not value:
        return _ONE_LINE(value)
    inner = margin + " "
    if isinstance(value, dict):
        items = [f"{inner}{_ONE_LINE(str(k))}: "
                 f"{laid_out(v, depth - 1, inner)}" for k, v in value.items()]
        return "{\n" + ",\n".join(items) + f"\n{margin}}}"
    items = [inner + laid_out(v, depth - 1, inner) for v in value]
    return "[\n" + ",\n".join(items) + f"\n{margin}]"


def _download(body: str, mimetype: str, name: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _named(found: Table, extension: str) -> str:
    """The file's name: the table's and the day's in the table's time zone."""
    day = datetime.now(ZoneInfo(known_zone(found.zone))).date()
    return exports.file_name(found.name, day, extension, "table")


@bp.get("/t/<token>/export.json")
def export_json(token: str) -> Any:
    """Every match of the table, each deal as entered, and its players: to keep, or to
    read back on any server."""
    found = open_table(token)
    body = laid_out(export_document(found), depth=4)
    return _download(body, "application/json", _named(found, "json"))


@bp.get("/t/<token>/export.csv")
def export_csv(token: str) -> Any:
    """A line per deal and side: what each side scored in it, and its total after it (its
    texts never run as a spreadsheet's formulas: ``spreadsheet_cell``)."""
    found = open_table(token)
    out = io.StringIO()
    sheet = csv.writer(out)
    sheet.writerow([_("Date"), _("Match"), _("Rules"), _("Deal"), _("Side"), _("Players"),
                    _("Points"), _("Total")])
    for match, result in scored_matches(found):
        after = result.get("after_each_deal") or []
        day = in_zone(match.created, found.zone).date().isoformat()  # as its evening is dated
        for k, deal in enumerate(result.get("deals") or []):
            for i, side in enumerate(deal.get("sides", [])):
                texts = [match.name, rules_name(match), match.sides[i]["name"],
                         ", ".join(match.sides[i].get("players", []))]
                name, rules, side_name, players = map(spreadsheet_cell, texts)
                sheet.writerow([day, name, rules, k + 1, side_name,
                                players, side.get("total", 0),
                                after[k][i] if k < len(after) else ""])
    return _download(out.getvalue(), "text/csv", _named(found, "csv"))


def body_limit() -> None:
    """A club's backup is larger than any form: the import reads up to ``TABLE_BYTES`` (and
    its form's fields), an evening's ``EVENING_BYTES`` (``scorekeeper.incoming``), every
    other address the app's ``MAX_CONTENT_LENGTH``. Run before
    anything reads the body (the CSRF check parses the form under the limit it sees)."""
    largest = {"table_files.import_table": TABLE_BYTES,
               "event_read.import_event": EVENING_BYTES}.get(request.endpoint or "")
    if largest is not None:
        request.max_content_length = largest + 64 * 1024


@bp.route("/tables/import", methods=["GET", "POST"])
def import_table() -> Any:
    """A table exported from any server, read back as a new table of this one."""
    form = writes.keyed(NewTableForm())
    if not form.is_submitted():
        return render_template("table_import.html", form=form)
    raw, problem = uploaded(form, TABLE_BYTES,
                            _("Choose the file of a table exported by Scorekeeper."),
                            _("This file is too large for a table."))
    if raw is not None:
        try:
            doc, read = read_document(raw)
        except Unreadable as err:
            problem = str(err)
        else:
            # the key is the form's and the file's: another file sent with a form restored
            # by Back is another table, the same file sent twice is one
            digest = hashlib.sha256(raw).hexdigest()[:16]
            return writes.guarded(
                form, lambda: _create(writes.form_key(form, f"import-table {digest}"), doc, read),
                lambda notice: render_template("table_import.html", form=form, problem=notice))
    form.idem.data = writes.new_key()
    return render_template("table_import.html", form=form, problem=problem), 422


def _create(key: str, table: dict[str, Any],
            read: list[tuple[dict[str, Any], dict[str, Any]]]) -> Any:
    """The table of a file read back (``tableread.read_document``), once per ``key``."""
    def make(db: Session) -> str:
        names = [p["name"] for p in table["players"]]
        made = Table(name=table["name"] or joined_name(names, " · ", 80), zone=table["zone"],
                     players=[TablePlayer(name=n, position=i) for i, n in enumerate(names)])
        db.add(made)
        db.flush()
        new_id = {p["id"]: row.id for p, row in zip(table["players"], made.players, strict=True)}
        for house in table["house_rules"]:
            db.add(HouseRules(name=house["name"], base=house["document"]["base"],
                              document=house["document"], version=house["version"],
                              table_id=made.id))
        matches: list[tuple[Match, list[dict[str, Any]]]] = []
        for match, result in read:
            sides = [{**side, "seats": [new_id[s] for s in side["seats"]]} if "seats" in side
                     else side for side in match["sides"]]
            order = seating.seating(sides, match["seating"])
            row = Match(
                name=match["name"], profile=match["profile"], target=match["target"],
                sides=sides, table_id=made.id, created=match["created"], updated=utcnow(),
                status=str(result.get("status", "in-progress")),
                totals=list(result.get("totals", [])), first_dealer=match["first_dealer"],
                rules=match["rules"], version=1, zone=match["zone"],
                # the referee's tally kept, as a save keeps it: no page of this server
                # scores the table's matches again
                **columns(1, result),
                seating=None if order == seating.default_seating(sides)
                else [list(seat) for seat in order])
            db.add(row)
            matches.append((row, match["deals"]))
        db.flush()
        # a club's backup holds thousands of deals: written in batches of one statement
        # (SQLAlchemy's bulk INSERT), not one object each, so that the write lock every
        # phone's Save waits for is held briefly
        deals = [{"match_id": row.id, "position": k, "data": d}
                 for row, kept in matches for k, d in enumerate(kept)]
        if deals:
            db.execute(insert(Deal), deals)
        return url_for("tables.table", token=made.edit_token)

    return writes.write_once(key, make)


@bp.get("/t/<token>/delete")
def delete_confirm(token: str) -> Any:
    """Ask before deleting the table."""
    found = open_table(token)
    form = ConfirmForm(formdata=None, data={"version": str(found.version),
                                            "idem": writes.new_key()})
    return render_template("table_delete.html", table=found, form=form,
                           count=len(scored_matches(found, whole=False)))


@bp.post("/t/<token>/delete")
def delete(token: str) -> Any:
    """Delete the table and its players; its matches stay, each on its own links (the
    same confirmation sent again goes where the first went, the table gone)."""
    form = ConfirmForm()
    if not form.validate_on_submit():
        return delete_confirm(token)
    key = writes.form_key(form, f"delete table {token}")

    def run(db: Session) -> str:
        locked = writes.lock(db, Table, token, form.version.data, key)
        db.execute(update(Match).where(Match.table_id == locked.id).values(table_id=None))
        db.delete(locked)
        return url_for("matches.home")

    return writes.guarded(form, lambda: writes.write_once(key, run), writes.spent_page,
                          lambda _stale: redirect(url_for("tables.table", token=token)))
