"""A club's tournament as a document: each table's match points and victory points, the
standings, and how the next turn sits (docs/contract.md, "Events").

Each deal is scored on its own by the deal scorer (``scoring.score_sides``, every side's
total before it 0, no target), of which a table keeps each side's total and the deal's
problems (``totals.deal_totals``); a table's match points (MP) are its deals' totals less
its penalties, its victory points (VP) come from the event's scale (``vptables.py``).
A table with fewer deals than ``deals_per_turn`` is in play and counts for nothing yet.

Asked to (``kept``), each table's result (its MP, VP, deals' totals and problems) is kept
by the rules it is played by and the table as given (``_kept_table``), as a match keeps
each deal's score: an evening seen again after a deal saved reads and scores that one
table again, and the standings and the next turn are worked out from the tables'
results.
"""

from __future__ import annotations

import marshal
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from scorekeeper.rules.eventdoc import (
    INDIVIDUAL,
    MAX_ENTRANTS,
    MAX_PLAN,
    PAIRS,
    Event,
    TableInput,
    _table,
    left_side,
    read_event,
)
from scorekeeper.rules.house import from_key
from scorekeeper.rules.house import key as house_key
from scorekeeper.rules.movements import seat_next
from scorekeeper.rules.problems import InputError, Problem
from scorekeeper.rules.sides import count_reading
from scorekeeper.rules.totals import deal_totals
from scorekeeper.rules.vptables import forfeit_vp, victory_points

#: Each deal on its own: both sides' totals before it are 0.
_BEFORE = (0, 0)
#: A table's sides, NS then EW, by their place in its ``mp`` and ``vp``.
_SIDES = ((0, "ns"), (1, "ew"))


def _side_ids(ids: tuple[int, ...], kind: str) -> int | list[int]:
    """A side as the contract writes it: an entrant id (pairs) or a list of two."""
    return list(ids) if kind == INDIVIDUAL else ids[0]


def _names(named: dict[int, str | None], table: TableInput) -> list[str | None]:
    """The names of a table's sides (an individual side: its players' names joined), for
    the messages of its deals' problems."""
    sides = []
    for ids in (table.ns, table.ew):
        if len(ids) == 1:  # a pair
            sides.append(named.get(ids[0]) or None)
            continue
        parts = [named.get(i) for i in ids]
        sides.append(" & ".join(p for p in parts if p) or None)
    return sides


def score_table(event: Event, table: TableInput, turn: int,
                named: dict[int, str | None] | None = None) -> tuple[dict[str, Any],
                                                                      list[Problem]]:
    """One table of turn ``turn`` (0-based): its MP and VP (``null`` while in play), and
    the problems of its deals, each naming its ``turn``, ``table`` and ``deal``
    (``named``: the entrants' names by id, when the caller has them at hand)."""
    out: dict[str, Any] = {"table": table.table, "ns": _side_ids(table.ns, event.kind),
                           "ew": _side_ids(table.ew, event.kind), "forfeit": table.forfeit}
    if table.forfeit is not None:
        present, absent = forfeit_vp(event.deals_per_turn)
        vp = [absent, present] if table.forfeit == "ns" else [present, absent]
        out.update(mp=[0, 0], vp=vp, complete=True, deals=[], penalties=[0, 0])
        return out, []
    names = _names(dict(event.entrants) if named is None else named, table)
    problems: list[Problem] = []
    totals: list[list[int]] = []
    most, profile = event.deals_per_turn, event.profile
    ns, ew = -table.penalties[0], -table.penalties[1]
    for index, sides in enumerate(table.deals):
        deal, found = deal_totals(profile, sides, _BEFORE, names)
        totals.append(deal)
        if index < most:  # the deals past deals_per_turn count for nothing
            ns += deal[0]
            ew += deal[1]
        if found:
            problems.extend(Problem(p.code, p.params, {"turn": turn, "table": table.table,
                                                       "deal": index, **p.context})
                            for p in found)
    if len(table.deals) > most:
        problems.insert(0, Problem("too-many-deals", {"count": len(table.deals), "maximum": most},
                                   {"turn": turn, "table": table.table, "deal": most}))
    complete = len(table.deals) >= most
    out.update(mp=[ns, ew], vp=list(victory_points((ns, ew), event.vp_table)) if complete else None,
               complete=complete, deals=totals, penalties=list(table.penalties))
    return out, problems


def standings(event: Event, turns: Sequence[Sequence[dict[str, Any]]],
              byes: Sequence[Sequence[int]] | None = None) -> list[dict[str, Any]]:
    """VP then MP summed over the complete tables and the byes, best first; entrants
    equal on both share a rank and are listed by id, the next rank skipping (1, 1, 3).
    In an individual event each player gets their side's MP and VP (``byes``: each
    turn's, when the caller has them at hand). A withdrawn entrant keeps its place by
    its points, marked ``"withdrawn": true``."""
    vp = dict.fromkeys(event.ids, 0)
    mp = dict.fromkeys(event.ids, 0)
    for tables, turn_byes in zip(turns, _byes(event) if byes is None else byes, strict=True):
        for table in tables:
            if not table["complete"]:
                continue
            for side, key in _SIDES:
                seat = table[key]
                for entrant in seat if isinstance(seat, list) else (seat,):
                    vp[entrant] += table["vp"][side]
                    mp[entrant] += table["mp"][side]
        for entrant in turn_byes:
            vp[entrant] += event.bye_vp
    names = dict(event.entrants)
    gone = dict(event.withdrawn)
    ranked = sorted(event.ids, key=lambda e: (-vp[e], -mp[e], e))
    out: list[dict[str, Any]] = []
    for place, entrant in enumerate(ranked, start=1):
        tied = out and (out[-1]["vp"], out[-1]["mp"]) == (vp[entrant], mp[entrant])
        out.append({"rank": out[-1]["rank"] if tied else place, "id": entrant,
                    "name": names[entrant], "vp": vp[entrant], "mp": mp[entrant]})
        if entrant in gone:
            out[-1]["withdrawn"] = True
    return out


def _byes(event: Event) -> list[list[int]]:
    """Each turn's byes: the entrants seated at no table, in ``entrants`` order (not one
    withdrawn by then)."""
    return _unseated(event, [{e for table in tables for e in (*table.ns, *table.ew)}
                             for tables in event.turns])


def _unseated(event: Event, seated: Sequence[set[int]]) -> list[list[int]]:
    """Each turn's byes, given who sat in it: the others, but those withdrawn by then."""
    ids = event.ids
    if not event.withdrawn:
        return [[e for e in ids if e not in sitting] for sitting in seated]
    return [[e for e in ids if e not in sitting and e not in event.gone(turn)]
            for turn, sitting in enumerate(seated, start=1)]


def _last_opponents(event: Event) -> dict[int, int]:
    """Each pair's opponent in the last turn played (Danese-modified avoids a rematch)."""
    last: dict[int, int] = {}
    for table in event.turns[-1] if event.turns else ():
        if len(table.ns) == 1:
            last[table.ns[0]], last[table.ew[0]] = table.ew[0], table.ns[0]
    return last


def score_event(event: Event) -> dict[str, Any]:
    """Score an event already read (``eventdoc.read_event``)."""
    problems: list[Problem] = []
    turns = []
    named = dict(event.entrants)
    for index, tables in enumerate(event.turns):
        scored = []
        for table in tables:
            out, found = score_table(event, table, index, named)
            scored.append(out)
            problems.extend(found)
        turns.append(scored)
    byes = _byes(event)
    ranked = standings(event, turns, byes)
    following = seat_next(event.ids, event.plan, len(event.turns),
                          [s["id"] for s in ranked], _last_opponents(event),
                          dict(event.withdrawn))
    return _output(event, turns, byes, ranked, following, [p.as_dict() for p in problems])


def _output(event: Event, turns: Sequence[Sequence[dict[str, Any]]], byes: Sequence[list[int]],
            ranked: list[dict[str, Any]], following: Any,
            problems: list[dict[str, Any]]) -> dict[str, Any]:
    """The event's answer (docs/contract.md, "Events"), however its tables were scored."""
    return {
        "name": event.name,
        "profile": event.profile.id,
        "kind": event.kind,
        "deals_per_turn": event.deals_per_turn,
        "valid": not problems,
        "turns": [{"tables": tables, "byes": turn_byes}
                  for tables, turn_byes in zip(turns, byes, strict=True)],
        "standings": ranked,
        "next": following,
        "problems": problems,
    }


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
            {"kind": kind, "known": _Known(), "profile": profile,
             "reading": count_reading(profile)})


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
    header = marshal.dumps((house_key(event.profile), event.kind, event.deals_per_turn,
                            event.vp_table), _MARSHAL)
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
    byes = _unseated(event, seated)
    ranked = standings(event, turns, byes)
    before = standings(event, turns[:-1], byes[:-1])
    last: dict[int, int] = {}
    for table in turns[-1] if turns and event.kind == PAIRS else ():
        last[table["ns"]], last[table["ew"]] = table["ew"], table["ns"]
    following = seat_next(ids, event.plan, len(turns), [s["id"] for s in ranked], last,
                          dict(event.withdrawn))
    return _output(event, turns, byes, ranked, following, problems), before
