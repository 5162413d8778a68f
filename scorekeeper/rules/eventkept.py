"""A club's tournament answered (docs/contract.md, "Events": ``scorekeeper event``), each
table's result kept by the rules it is played by and the table as given
(``_kept_table``), as a match keeps each deal's score: an evening seen again after a deal
saved reads and scores that one table again, and the standings and the next turn are
worked out from the tables' results; a caller that keeps each table's result itself (the
web's evening, one row a table) asks for one table (``table_result``) and for the
answer from the results it has (``answer_from``).
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from scorekeeper.rules.eventdoc import (
    MAX_ENTRANTS,
    MAX_PLAN,
    PAIRS,
    Event,
    _table,
    left_side,
    read_event,
)
from scorekeeper.rules.events import (
    answer_document,
    points,
    ranked,
    score_event,
    score_table,
    unseated,
)
from scorekeeper.rules.house import from_key
from scorekeeper.rules.house import key as house_key
from scorekeeper.rules.movements import seat_next
from scorekeeper.rules.problems import InputError


def event_document(doc: Any, *, kept: bool = False) -> dict[str, Any]:
    """Score an event document (contract.md, ``scorekeeper event``). ``kept``: each
    table's result is kept (``_kept_table``) and read back when the same table comes
    again, for a caller that scores an evening again after each deal (the web's
    pages); the answer is the same.

    >>> deal = {"sides": [{"counts": {"table_points": 400, "clean": 1}, "morto": "taken",
    ...                    "went_out": True},
    ...                   {"counts": {"table_points": 150}, "morto": "taken"}]}
    >>> r = event_document({"profile": "burraco", "deals_per_turn": 1,
    ...     "vp_table": [[100, 11], [600, 15], [None, 20]],
    ...     "entrants": [{"id": 1}, {"id": 2}], "plan": [{"movement": "mitchell"}] * 2,
    ...     "turns": [{"tables": [{"table": 1, "ns": 1, "ew": 2, "deals": [deal]}]}]})
    >>> r["turns"][0]["tables"][0]["mp"], r["turns"][0]["tables"][0]["vp"]
    ([700, 150], [15, 5])
    >>> [(s["rank"], s["id"], s["vp"]) for s in r["standings"]]
    [(1, 1, 15), (2, 2, 5)]
    >>> r["next"]["tables"], [w["code"] for w in r["next"]["warnings"]]
    ([{'table': 1, 'ns': 1, 'ew': 2}], ['mitchell-repeat'])
    """
    found = _kept_event(doc) if kept else None
    return _answer(*found)[0] if found is not None else score_event(read_event(doc))


def kept_document(doc: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``event_document(doc, kept=True)``, and the standings before the last turn (every
    entrant on 0 when there is one turn or none), worked out from the same tables'
    results: what the web's pages and the evening's papers show (the big screen's
    standings while a turn is in play, the groups a Danese in groups cut)."""
    found = _kept_event(doc)
    if found is not None:
        return _answer(*found)
    answer = score_event(read_event(doc))  # raises InputError when unreadable
    earlier = {**doc, "turns": doc.get("turns", [])[:-1]}
    return answer, score_event(read_event(earlier))["standings"]


def table_result(head: Any, turn: int, table: Any) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """One table of turn ``turn`` (0-based) of the event whose document without its turns
    is ``head``, scored on its own (kept by the table as given, as ``kept_document``
    keeps it): its result as the answer writes it (MP, VP, each deal's totals) and its
    problems. ``InputError`` when the head or the table cannot be read."""
    event = _head(head)
    read = _table(table, "table", _rules_of(_header(event))[1], set())
    seats = (*read.ns, *read.ew)
    named = dict(event.entrants)
    found: tuple[dict[str, Any], list[dict[str, Any]]] = marshal.loads(_kept_table(
        _header(event), turn, tuple(named.get(e) for e in seats),
        _Table(marshal.dumps(table, _MARSHAL), table)))
    return found


def answer_from(head: Any, turns: list[list[dict[str, Any]]],
                problems: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The event's answer (``event_document``'s) from each seated turn's tables' results
    (``table_result``), as a caller that keeps them has them, and the standings before
    the last turn: no deal read, nothing scored again. ``InputError`` when the head
    cannot be read."""
    event = _head(head)
    seated = [{e for table in tables for key in ("ns", "ew")
               for e in (table[key] if isinstance(table[key], list) else [table[key]])}
              for tables in turns]
    return _answer(event, turns, seated, problems)


def _head(head: Any) -> Event:
    """The event of a document without its turns, read."""
    return read_event({**head, "turns": []}) if isinstance(head, Mapping) else read_event(head)


def _header(event: Event) -> bytes:
    """What a table is scored by: the event's rules, kind, deals per turn and VP scale."""
    return marshal.dumps((house_key(event.profile), event.kind, event.deals_per_turn,
                          event.vp_table), _MARSHAL)


#: marshal's version 2 writes a value by its content alone (no references to objects
#: seen before), so that two equal tables, of any document, are the same bytes.
_MARSHAL = 2


class _Known:
    """Every entrant id: a table read on its own is read as if every id were known (the
    ids are checked against the event's entrants by ``_kept_event``)."""

    def __contains__(self, _entrant: object) -> bool:
        return True


class _Table:
    """A table as given, as a key of the kept results: equal to another by its bytes
    alone (``marshal``'s, which say its every value and type: ``true`` is not ``1``);
    while it is scored, it also holds the table itself (``value``, let go after)."""

    __slots__ = ("text", "value", "_hash")

    def __init__(self, text: bytes, value: Any) -> None:
        self.text, self.value, self._hash = text, value, hash(text)

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Table) and self.text == other.text


@lru_cache(maxsize=16)
def _rules_of(header: bytes) -> tuple[Event, dict[str, Any]]:
    """The event's rules, kind, deals per turn and VP scale (``header``, as ``marshal``
    bytes) as a table is scored by them: an event without entrants or turns, and how a
    table of it is read."""
    profile_key, kind, deals_per_turn, vp_table = marshal.loads(header)
    profile = from_key(profile_key)
    return (Event(None, profile, kind, deals_per_turn, vp_table, 0, (), (), ()),
            {"kind": kind, "known": _Known(), "profile": profile})


@lru_cache(maxsize=4096)
def _kept_table(header: bytes, turn: int, names: tuple[str | None, ...], table: _Table) -> bytes:
    """One table of turn ``turn`` read and scored by ``score_table``, kept: ``header`` the
    event's rules, kind, deals per turn and VP scale (``_rules_of``), ``names`` its seats'
    names (NS then EW), ``table`` the table as given. The answer, as ``marshal`` bytes:
    the table's result and its problems as the contract writes them (every caller reads
    its own copy). An unreadable table raises ``InputError``."""
    event, reading = _rules_of(header)
    read = _table(table.value, "table", reading, set())
    seats = (*read.ns, *read.ew)
    out, problems = score_table(event, read, turn, dict(zip(seats, names, strict=True)))
    return marshal.dumps((out, [p.as_dict() for p in problems]), _MARSHAL)


def _seats(table: Any, kind: str) -> tuple[int, ...] | None:
    """The entrant ids of a table as given, NS then EW, when each side is of the plain
    shape of ``kind`` (an int; a list of two ints); ``None`` otherwise."""
    if type(table) is not dict:
        return None
    ns, ew = table.get("ns"), table.get("ew")
    if kind == PAIRS:
        return (ns, ew) if type(ns) is int and type(ew) is int else None
    if type(ns) is not list or type(ew) is not list or len(ns) != 2 or len(ew) != 2:
        return None
    seats = (*ns, *ew)
    return seats if all(type(e) is int for e in seats) else None


def _kept_event(doc: Any) -> tuple[Event, list[list[dict[str, Any]]], list[set[int]],
                                   list[dict[str, Any]]] | None:
    """The event's head read, each turn's tables' results read from their kept ones
    (``_kept_table``), who sat in each turn and the problems (``_answer`` makes
    ``score_event``'s answer of them); ``None`` where the document is not of the plain
    shapes this road takes or cannot be read (``read_event`` then says what is wrong,
    naming the first field, as it always did)."""
    turns = doc.get("turns", []) if isinstance(doc, Mapping) else None
    if type(turns) is not list or len(turns) > MAX_PLAN:
        return None
    try:
        event = read_event({**doc, "turns": []})
    except InputError:
        return None
    if len(event.plan) < len(turns):
        return None
    header = _header(event)
    named = dict(event.entrants)
    scored: list[list[dict[str, Any]]] = []
    seated: list[set[int]] = []
    problems: list[dict[str, Any]] = []
    for index, turn in enumerate(turns):
        found = _kept_turn(header, index, turn, (event.kind, dict(event.withdrawn)), named,
                           problems)
        if found is None:
            return None
        scored.append(found[0])
        seated.append(found[1])
    return event, scored, seated, problems


def _kept_turn(header: bytes, index: int, turn: Any, seating: tuple[str, dict[int, int]],
               named: dict[int, str | None], problems: list[dict[str, Any]]
               ) -> tuple[list[dict[str, Any]], set[int]] | None:
    """A turn's tables, each from its kept result, and the entrants seated in it (its
    tables' problems added to ``problems``); ``None`` when the turn is not plain or a
    table of it cannot be read, an entrant is unknown, seated twice or after it left
    (``seating``: the event's kind and the turn each withdrawn entrant leaves from), a
    table's number given twice."""
    kind, leaves = seating
    tables = turn.get("tables", []) if type(turn) is dict else None
    if type(tables) is not list or len(tables) > MAX_ENTRANTS:
        return None
    seated: set[int] = set()
    numbers: set[int] = set()
    outs = []
    for table in tables:
        seats = _seats(table, kind)
        if seats is None or any(e not in named or e in seated for e in seats) \
                or len(set(seats)) != len(seats):
            return None
        seated.update(seats)
        if leaves and left_side(leaves, index + 1, (seats[:len(seats) // 2],
                                                    seats[len(seats) // 2:]),
                                table.get("forfeit")) is not None:
            return None
        try:
            key = _Table(marshal.dumps(table, _MARSHAL), table)
        except ValueError:  # not JSON's values
            return None
        try:
            out, found = marshal.loads(_kept_table(header, index,
                                                   tuple(named[e] for e in seats), key))
        except InputError:  # unreadable: read_event says where
            return None
        finally:
            key.value = None
        if out["table"] in numbers:
            return None
        numbers.add(out["table"])
        outs.append(out)
        problems.extend(found)
    return outs, seated


def _answer(event: Event, turns: list[list[dict[str, Any]]], seated: list[set[int]],
            problems: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """``score_event``'s answer from the tables' results and who sat in each turn, and
    the standings before the last turn."""
    ids = event.ids
    byes = unseated(event, seated)
    earlier = points(event, turns[:-1], byes[:-1])  # the turns before the last, summed once
    before = ranked(event, *earlier)
    now = ranked(event, *points(event, turns[-1:], byes[-1:], earlier))
    last: dict[int, int] = {}
    for table in turns[-1] if turns and event.kind == PAIRS else ():
        last[table["ns"]], last[table["ew"]] = table["ew"], table["ns"]
    following = seat_next(ids, event.plan, len(turns), [s["id"] for s in now], last,
                          dict(event.withdrawn))
    return answer_document(event, turns, byes, now, following, problems), before
