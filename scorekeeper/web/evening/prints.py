"""An evening's papers and files: the next turn's seating, its table cards (each with
the QR code of its table's page), score slips, the standings with every turn's results
(PDF, ``scorekeeper.pdf``), the results as CSV for the federation, and the event
document itself (``scorekeeper.eventfiles``). The seating and the standings are also
the room's, by the view link."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, Response, abort, request

from scorekeeper import pdf, rules
from scorekeeper.db import reader
from scorekeeper.eventfiles import event_file, players_csv, results_csv
from scorekeeper.models import Event
from scorekeeper.web.evening import final, store
from scorekeeper.web.evening.director import load_event, scored
from scorekeeper.web.evening.sheets import table_link
from scorekeeper.web.exports import file_name, language, paper, send_pdf

bp = Blueprint("event_prints", __name__)
T = TypeVar("T")

#: The papers a view link may print too (the others are the director's).
ROOM_PAPERS = ("seating", "standings")


def _paper(found: Event, kind: str) -> Response:
    if kind not in pdf.EVENT_PAPERS or "unreadable" in scored(found):
        abort(404)

    # the turn in play (its seating, cards and slips), else the first one to seat
    turn = found.seated or None

    def table_url(table: int) -> str:
        # the table card's QR code: the table's own page, where its phones enter and
        # confirm the turn's deals (a card lies on the table for anyone to scan: never
        # the director's link)
        return table_link(found, table, _external=True)

    # laid out once per version of the evening (and language, paper size, and the address
    # its cards' QR codes lead to): the document is made from its rows only then
    standing = final.standing(found).word
    data = _readable(lambda: pdf.render_event_paper(
        kind, lambda: {**store.event_input(reader(), found), "state": {"standings": standing}},
        language(), paper(), table_url=table_url, turn=turn,
        version=(found.edit_token, found.version, request.host_url, standing)))
    return send_pdf(data, file_name(f"{found.name} {kind}", found.day, "pdf", "event"))


def _readable(make: Callable[[], T]) -> T:
    """``make()``, which reads the whole evening as the referee reads a document; 404 when
    it cannot (the pages' kept results may still show it: a table's forfeit taken off
    after its pair withdrew from that turn, until the pair is brought back)."""
    try:
        return make()
    except rules.InputError:
        abort(404)


@bp.get("/e/<token>/<kind>.pdf")
def director_paper(token: str, kind: str) -> Any:
    """The seating, table cards, score slips or standings."""
    return _paper(load_event(reader(), edit=token), kind)


@bp.get("/e/v/<token>/<kind>.pdf")
def room_paper(token: str, kind: str) -> Any:
    """The seating or the standings, for anyone in the room."""
    if kind not in ROOM_PAPERS:
        abort(404)
    return _paper(load_event(reader(), view=token), kind)


@bp.get("/e/<token>/results.csv")
def results(token: str) -> Any:
    """Every entrant's seat, opponent, MP and VP, turn by turn."""
    return _sheet(token, results_csv, "")


@bp.get("/e/<token>/players.csv")
def players(token: str) -> Any:
    """Each player's member number, name, pair, rank, VP and MP: the federation's file."""
    return _sheet(token, players_csv, " players")


def _sheet(token: str, make: Callable[[Any], str], suffix: str) -> Any:
    """A CSV of the evening, named by it (and ``suffix``: a second file of the same
    evening is another file)."""
    found = load_event(reader(), edit=token)
    if "unreadable" in scored(found):
        abort(404)
    doc = {**store.event_input(reader(), found), "state": final.as_document(found)}
    response = Response(_readable(lambda: make(doc)), mimetype="text/csv")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{file_name(found.name + suffix, found.day, "csv", "event")}"')
    return response


@bp.get("/e/<token>/event.json")
def document(token: str) -> Any:
    """The event document as entered, with its state: provisional or final
    (docs/contract.md, "Events")."""
    found = load_event(reader(), edit=token)
    named = {**store.event_input(reader(), found), "day": found.day.isoformat(),
             "state": final.as_document(found)}
    response = Response(_readable(lambda: event_file(named)),
                        mimetype="application/json")
    response.headers["Content-Disposition"] = (
        f'attachment; filename="{file_name(found.name, found.day, "json", "event")}"')
    return response
