"""An event's files for the federation and for keeping: its results as CSV, a line per
turn and entrant, and its document as stored (docs/contract.md, "Events"); the one
neutralizer of a spreadsheet's formulas (``spreadsheet_cell``), which every CSV the app
writes passes its texts through.

Plain data in, text out: the web layer and the command line offer them alike.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping, Sequence
from typing import Any

from scorekeeper.names import players_of
from scorekeeper.rules.eventdoc import INDIVIDUAL, MAX_ENTRANT_NAME, read_event
from scorekeeper.rules.events import score_event
from scorekeeper.rules.problems import InputError

#: The CSV's columns, in the federation's order.
RESULT_COLUMNS = ("turn", "table", "entrant_id", "entrant_name", "seat", "opponent", "mp", "vp")
#: What a seat is called in the CSV: the two sides of a table, and sitting a turn out.
SEATS = ("NS", "EW")
BYE = "bye"
#: A cell a spreadsheet would run as a formula starts with one of these.
_FORMULA = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_cell(text: str) -> str:
    """A typed text as a spreadsheet shows it, never as a formula it runs: the one
    neutralizer of every CSV the app writes (an evening's results, a table's deals).

    >>> spreadsheet_cell("=CMD|' /C calc'!A0"), spreadsheet_cell("Rossi – Bianchi")
    ("'=CMD|' /C calc'!A0", 'Rossi – Bianchi')
    """
    return "'" + text if text.startswith(_FORMULA) else text


def _ids(side: int | Sequence[int]) -> list[int]:
    return [side] if isinstance(side, int) else list(side)


def _table_rows(turn: int, table: Mapping[str, Any],
                names: Mapping[int, str]) -> list[list[Any]]:
    """One line per entrant at a table: its side's MP and VP (VP empty while in play)."""
    rows = []
    sides = [_ids(table["ns"]), _ids(table["ew"])]
    for side, seat in enumerate(SEATS):
        opponent = " & ".join(names[i] for i in sides[1 - side])
        vp = table["vp"][side] if table["vp"] is not None else ""
        rows += [[turn, table["table"], entrant, names[entrant], seat, opponent,
                  table["mp"][side], vp] for entrant in sides[side]]
    return rows


def result_rows(doc: Any) -> list[list[Any]]:
    """The lines of :func:`results_csv`, turn by turn, each turn's tables in their order
    and then its byes (``bye_vp`` VP, no MP). Unreadable: ``InputError``.

    >>> deal = {"sides": [{"counts": {"table_points": 400, "clean": 1}, "morto": "taken",
    ...                    "went_out": True}, {"counts": {"table_points": 150},
    ...                                        "morto": "taken"}]}
    >>> result_rows({"profile": "burraco", "deals_per_turn": 1,
    ...     "vp_table": [[100, 11], [600, 15], [None, 20]],
    ...     "entrants": [{"id": 1, "name": "Rossi"}, {"id": 2, "name": "Verdi"},
    ...                  {"id": 3, "name": "Neri"}], "plan": [{"movement": "mitchell"}],
    ...     "turns": [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [deal]}]}]})
    [[1, 1, 1, 'Rossi', 'NS', 'Verdi', 700, 15], [1, 1, 2, 'Verdi', 'EW', 'Rossi', 150, 5], \
[1, '', 3, 'Neri', 'bye', '', 0, 10]]
    """
    event = read_event(doc)
    names = {i: spreadsheet_cell(name if name is not None else str(i))
             for i, name in event.entrants}
    rows: list[list[Any]] = []
    for number, turn in enumerate(score_event(event)["turns"], start=1):
        for table in turn["tables"]:
            rows += _table_rows(number, table, names)
        rows += [[number, "", i, names[i], BYE, "", 0, event.bye_vp] for i in turn["byes"]]
    return rows


def results_csv(doc: Any) -> str:
    """The event's results for the federation, as CSV: a header line (``RESULT_COLUMNS``)
    and a line per turn and entrant (an individual event: per player); a document with a
    state adds its standings' word to each line (``standings``)."""
    return _sheet(RESULT_COLUMNS, result_rows(doc), _standings(doc))


#: The last column of a file of an evening that says its state: ``provisional`` or
#: ``final`` on every line (docs/contract.md, "The evening's state").
STANDINGS_COLUMN = "standings"


def _standings(doc: Any) -> str | None:
    """The standings' word of a document with a state (its ``state.standings``)."""
    state = doc.get("state") if isinstance(doc, Mapping) else None
    word = state.get("standings") if isinstance(state, Mapping) else None
    return word if word in ("provisional", "final") else None


#: The longest member number a file may give (a federation's card: a few letters, digits).
MAX_MEMBER = 20
#: The players' file's columns: a line per player, in the standings' order.
PLAYER_COLUMNS = ("rank", "member", "player", "entrant_id", "entrant_name", "vp", "mp",
                  "withdrawn_from")


def player_rows(doc: Any) -> list[list[Any]]:
    """The lines of :func:`players_csv`: each player of each entrant, in the standings'
    order, with their member number (empty when registration gave none), their entrant's
    rank, VP and MP, and the turn it withdrew from (empty when it played to the end).
    An entrant's players are those registration kept, else its name's parts
    (``names.players_of``). Unreadable: ``InputError``.

    >>> player_rows({"profile": "burraco", "deals_per_turn": 1,
    ...     "vp_table": [[100, 11], [600, 15], [None, 20]],
    ...     "entrants": [{"id": 1, "name": "Rossi – Bianchi", "players": [
    ...                       {"name": "Rossi", "member": "1234"}, {"name": "Bianchi"}]},
    ...                  {"id": 2, "name": "Verdi – Neri"}], "plan": [{"movement": "mitchell"}],
    ...     "turns": []})
    [[1, '1234', 'Rossi', 1, 'Rossi – Bianchi', 0, 0, ''], \
[1, '', 'Bianchi', 1, 'Rossi – Bianchi', 0, 0, ''], [1, '', 'Verdi', 2, 'Verdi – Neri', 0, 0, ''], \
[1, '', 'Neri', 2, 'Verdi – Neri', 0, 0, '']]
    """
    event = read_event(doc)
    kept = entrant_players(doc["entrants"], event.kind == INDIVIDUAL)
    gone = dict(event.withdrawn)
    rows: list[list[Any]] = []
    for line in score_event(event)["standings"]:
        name = line["name"] if line["name"] is not None else str(line["id"])
        players = kept[line["id"]]
        rows += [[line["rank"], spreadsheet_cell(p.get("member") or ""),
                  spreadsheet_cell(p["name"]), line["id"], spreadsheet_cell(name),
                  line["vp"], line["mp"], gone.get(line["id"], "")] for p in players]
    return rows


def entrant_players(entrants: Sequence[Mapping[str, Any]],
                    individual: bool) -> dict[int, list[dict[str, Any]]]:
    """Each entrant's players (``entrants``: an event document's, read): those
    registration kept (a ``name``, perhaps a ``member``), else its name's parts
    (``names.players_of``; an unnamed entrant is its id). Unreadable ``players``:
    ``InputError``."""
    out = {}
    for i, entrant in enumerate(entrants):
        kept = _players(entrant.get("players"), f"entrants[{i}].players", 1 if individual else 2)
        said = entrant.get("name") or str(entrant["id"])
        out[entrant["id"]] = kept or [{"name": p} for p in players_of(said, individual)]
    return out


def _players(value: Any, field: str, most: int) -> list[dict[str, Any]] | None:
    """An entrant's ``players``, when it has any: a list of at most ``most`` objects with
    a ``name`` (text of 1 to 80 characters) and an optional ``member`` (text of at most
    20 characters)."""
    if value is None:
        return None
    if not isinstance(value, list) or not 0 < len(value) <= most or not all(
            isinstance(p, Mapping) and isinstance(p.get("name"), str)
            and 0 < len(p["name"]) <= MAX_ENTRANT_NAME
            and (p.get("member") is None or isinstance(p["member"], str)
                 and len(p["member"]) <= MAX_MEMBER) for p in value):
        raise InputError("bad-value", field=field, value=str(value)[:40],
                         expected=f"1..{most} players: a name and perhaps a member number")
    return value


def players_csv(doc: Any) -> str:
    """Each player's result for the federation, as CSV: a header line (``PLAYER_COLUMNS``)
    and a line per player (``player_rows``); with the standings' word, as ``results_csv``."""
    return _sheet(PLAYER_COLUMNS, player_rows(doc), _standings(doc))


def _sheet(columns: Sequence[str], rows: list[list[Any]], standings: str | None = None) -> str:
    out = io.StringIO()
    sheet = csv.writer(out, lineterminator="\n")
    if standings is None:
        sheet.writerow(columns)
        sheet.writerows(rows)
    else:
        sheet.writerow([*columns, STANDINGS_COLUMN])
        sheet.writerows([*row, standings] for row in rows)
    return out.getvalue()


def event_file(doc: Any) -> str:
    """The event's document as stored, to download and keep (or score again later with
    ``scorekeeper event``, or read back as a new evening): the contract's event document,
    as compact JSON (no indent, no space after a separator: less than half an indented
    file's size, so that the largest evening reads back within ``incoming.EVENING_BYTES``). It
    is read first, so only a readable document is offered; ``InputError`` otherwise."""
    read_event(doc)
    return json.dumps(doc, ensure_ascii=False, separators=(",", ":")) + "\n"
