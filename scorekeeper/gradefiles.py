"""The results grades are made of, read from the files Scorekeeper exports
(docs/contract.md, "Grades"): a table's JSON export (each finished match of two sides)
and an evening's document (each complete table of its turns that is no forfeit), files
of a season one after another.

Players are their names across files, compared as a season compares entrants
(``names.visible_key``) and shown as first written: in a table's file a seat is the
table's player of that id, at a club an entrant's players (``eventfiles.entrant_players``).
Unreadable: ``InputError`` naming the field, read as ``scorekeeper event`` reads an
evening and as the referee scores a match.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from scorekeeper.eventfiles import entrant_players
from scorekeeper.names import shows, visible_key
from scorekeeper.rules import InputError, match_document
from scorekeeper.rules.eventdoc import INDIVIDUAL, read_event
from scorekeeper.rules.events import score_event
from scorekeeper.rules.grades import Grades, Result, add, grades_document, match_vp

#: A table's JSON export says so, in this version (``web/tableread`` reads it back).
TABLE_FORMAT, TABLE_VERSION = "table", 1
#: The most matches a table's file may hold, and deals a match (its import's too).
MAX_MATCHES, MAX_DEALS = 2000, 300
#: The longest name of a table's player (its players form's).
MAX_PLAYER_NAME = 40
#: What is left out, and why (``not_graded``).
LEFT_OUT = ("forfeits", "unfinished", "not_two_sides", "no_players")


@dataclass
class Reading:
    """The grades so far, the names their members are shown by, and what was left out."""

    grades: Grades = field(default_factory=Grades)
    names: dict[Hashable, str] = field(default_factory=dict)
    left_out: dict[str, int] = field(default_factory=lambda: dict.fromkeys(LEFT_OUT, 0))
    #: Each member's grade after each of their results, in order, when a dict is given
    #: (a player's page draws it); None: not kept.
    trail: dict[Hashable, list[float]] | None = None

    def member(self, name: str) -> Hashable:
        """A player by name: the same key for the same name, shown as first written."""
        key = visible_key(name)
        self.names.setdefault(key, name)
        return key

    def document(self) -> dict[str, Any]:
        """The command's answer (docs/contract.md, "Grades")."""
        return {**grades_document(self.grades, self.names), "not_graded": dict(self.left_out)}


def read_into(doc: Any, reading: Reading) -> None:
    """Grade the results of one file's document, in their order."""
    if not isinstance(doc, Mapping):
        raise _bad("scorekeeper", type(doc).__name__, "table or evening")
    said = doc.get("scorekeeper")
    if said == TABLE_FORMAT:
        _table(doc, reading)
    elif "entrants" in doc and "scorekeeper" not in doc:
        _evening(doc, reading)
    else:  # what it says it is, else its first keys
        raise _bad("scorekeeper", said if said is not None
                   else "{" + ", ".join(map(str, list(doc)[:3])) + "}", "table or evening")


def _evening(doc: Mapping[str, Any], reading: Reading) -> None:
    """An evening's document, read and scored as ``scorekeeper event`` does."""
    grade_evening(doc, score_event(read_event(doc)), reading)


def grade_evening(head: Mapping[str, Any], answer: Mapping[str, Any], reading: Reading) -> None:
    """Each complete table of an evening that is no forfeit, graded: ``head`` its document
    (or the document without its turns, read), ``answer`` the referee's answer for it."""
    sides_of = table_sides(head, reading)
    for turn in answer["turns"]:
        for table in turn["tables"]:
            if table["forfeit"] is not None:
                reading.left_out["forfeits"] += 1
            elif table["vp"] is None:
                reading.left_out["unfinished"] += 1
            else:
                _graded(reading, sides_of(table), (table["vp"][0], table["vp"][1]))


def table_sides(head: Mapping[str, Any], reading: Reading
                ) -> Callable[[Mapping[str, Any]], list[tuple[Hashable, ...]]]:
    """The players of each side of an evening's table (North-South's, East-West's), as
    ``reading``'s members: an entrant's players, in an individual evening its one player."""
    individual = head.get("kind") == INDIVIDUAL
    players = {entrant: tuple(reading.member(p["name"]) for p in found)
               for entrant, found in entrant_players(head["entrants"], individual).items()}

    def sides(table: Mapping[str, Any]) -> list[tuple[Hashable, ...]]:
        return [tuple(players[i][0] for i in table[s]) if individual
                else players[table[s]] for s in ("ns", "ew")]

    return sides


def graded_sides(sides: list[tuple[Hashable, ...]]) -> bool:
    """Whether a result between ``sides`` is graded: each side names a player, and no
    player twice."""
    seated = [m for side in sides for m in side]
    return all(sides) and len(set(seated)) == len(seated)


def _graded(reading: Reading, sides: list[tuple[Hashable, ...]], vp: tuple[int, int]) -> None:
    """A result graded, unless a side names no player or one player twice (two Rossis of
    one evening, known by their pairs' names alone): ``no_players``."""
    if not graded_sides(sides):
        reading.left_out["no_players"] += 1
        return
    add(reading.grades, Result((sides[0], sides[1]), vp))
    if reading.trail is not None:
        rows = reading.grades.rows
        for member in (m for side in sides for m in side):
            reading.trail.setdefault(member, []).append(rows[member][0])


def _bad(where: str, value: Any, expected: str) -> InputError:
    return InputError("bad-value", field=where, value=str(value)[:40], expected=expected)


def _table(doc: Mapping[str, Any], reading: Reading) -> None:
    """Each finished match of two sides of the table's file, scored by the referee."""
    if doc.get("version") != TABLE_VERSION:
        raise _bad("version", doc.get("version"), "table or evening")
    players, matches = doc.get("players"), doc.get("matches")
    if not isinstance(players, list):
        raise _bad("players", players, "list")
    if not isinstance(matches, list) or len(matches) > MAX_MATCHES:
        raise _bad("matches", f"{len(matches)} items" if isinstance(matches, list)
                   else matches, f"integer 0..{MAX_MATCHES}")
    # each match read and scored as its turn comes (a file's first wrong field named)
    grade_table(players, (_scored(match, f"matches[{i}]") for i, match in enumerate(matches)),
                reading)


def grade_table(players: list[Any], matches: Iterable[tuple[Any, Mapping[str, Any]]],
                reading: Reading) -> dict[int, Hashable]:
    """A table's matches graded in the order given, each as its sides and the referee's
    document for it (whole, or without its deals): the one road from a table's matches to
    results, its file's (``scorekeeper grades``) and its pages' (``web/tablegrades``).
    ``players`` as its file lists them (``players[i]``: an ``id`` and a ``name``); returns
    the member each player's id is graded as."""
    ids: dict[int, Hashable] = {}
    for i, player in enumerate(players):
        if not isinstance(player, Mapping) or type(player.get("id")) is not int:
            raise _bad(f"players[{i}].id", player, "integer")
        name = player.get("name")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_PLAYER_NAME or not shows(name):
            raise _bad(f"players[{i}].name", name, "player name")
        ids[player["id"]] = reading.member(name)
    for i, (sides, scored) in enumerate(matches):
        _grade_match(sides, scored, f"matches[{i}]", ids, reading)
    return ids


def _scored(match: Any, where: str) -> tuple[list[Mapping[str, Any]], dict[str, Any]]:
    """One match of a table's file, read: its sides, and the referee's document for it."""
    if not isinstance(match, Mapping):
        raise _bad(where, match, "object")
    deals, sides = match.get("deals"), match.get("sides")
    if not isinstance(deals, list) or len(deals) > MAX_DEALS:
        raise _bad(f"{where}.deals", f"{len(deals)} items" if isinstance(deals, list)
                   else deals, f"integer 0..{MAX_DEALS}")
    if not isinstance(sides, list) or not all(isinstance(s, Mapping) for s in sides):
        raise _bad(f"{where}.sides", sides, "list")
    house = match.get("rules")
    if house is not None and not (isinstance(house, Mapping) and isinstance(
            house.get("document"), Mapping)):
        raise _bad(f"{where}.rules", house, "object")
    profile = house["document"] if house is not None else match.get("profile")
    try:
        return sides, match_document({"profile": profile, "target": match.get("target"),
                                      "sides": [s.get("name") for s in sides], "deals": deals})
    except InputError as err:
        inner = err.params.get("field")
        raise InputError(err.code, **{**err.params, "field": f"{where}.{inner}"
                                      if inner else where}) from None


def _grade_match(sides: Any, scored: Mapping[str, Any], where: str,
                 ids: Mapping[int, Hashable], reading: Reading) -> None:
    """One match of a table, scored: graded when finished between two sides (as VP by its
    deals, one a line of ``after_each_deal``), else counted as left out."""
    if scored.get("status") != "won" or not isinstance(scored.get("winner"), int):
        reading.left_out["unfinished"] += 1
        return
    if len(sides) != 2:
        reading.left_out["not_two_sides"] += 1
        return
    members = [_side(side, f"{where}.sides[{k}]", ids, reading) for k, side in enumerate(sides)]
    deals = len(scored["after_each_deal"])
    _graded(reading, members, match_vp(scored["totals"], deals, scored["winner"]))


def _side(side: Mapping[str, Any], where: str, ids: Mapping[int, Hashable],
          reading: Reading) -> tuple[Hashable, ...]:
    """A side's players: the table's players in its seats, else the names it lists; at
    most two, each once."""
    seats = side.get("seats")
    if seats is not None:
        if not isinstance(seats, list) or not all(type(s) is int and s in ids for s in seats):
            raise _bad(f"{where}.seats", seats, "table player id")
        found = [ids[s] for s in seats]
    else:
        named = side.get("players", [])
        if not isinstance(named, list) or not all(
                isinstance(n, str) and 0 < len(n) <= MAX_PLAYER_NAME and shows(n)
                for n in named):
            raise _bad(f"{where}.players", named, "list of player names")
        found = [reading.member(n) for n in named]
    if len(found) > 2 or len(set(found)) != len(found):
        raise _bad(f"{where}.{'seats' if seats is not None else 'players'}", found,
                   "list of player names")
    return tuple(found)
