"""An event document read and checked (docs/contract.md, "Events: a club's tournament
as a document").

Everything the contract calls unreadable is refused here, naming the field, before a
single deal is scored: an unknown ``kind`` or movement, a ``plan`` shorter than
``turns``, a plan entry its own movement's parameters refuse (``movements.read_entry``)
or cut into more Danese groups than its turn's tables, a VP scale that cannot be used,
an unknown or repeated entrant id, an entrant seated twice in a turn, a side of the
wrong shape, a penalty without its side or with negative MP, a movement of the other
kind of event, ``individual-8`` without 8 players, a withdrawal that names no entrant or
no turn of the plan, and a withdrawn entrant seated after it left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.document import MAX_TARGET
from scorekeeper.rules.house import profile_of, same_rules
from scorekeeper.rules.movements import (
    INDIVIDUAL,
    KINDS,
    MAX_ENTRANTS,
    PAIRS,
    Movement,
    check_groups,
    read_entry,
)
from scorekeeper.rules.problems import InputError
from scorekeeper.rules.profiles import Profile
from scorekeeper.rules.scoring import _int, _show, read_deal
from scorekeeper.rules.seatings import INDIVIDUAL_8_PLAYERS
from scorekeeper.rules.sides import SideInput
from scorekeeper.rules.vptables import BYE_VP, FIBUR_2026, TOTAL_VP, VpTable, read_vp_table

__all__ = ["INDIVIDUAL", "INDIVIDUAL_8_PLAYERS", "KINDS", "MAX_ENTRANTS", "PAIRS", "Movement"]

SIDES = ("ns", "ew")
#: Bounds that keep the referee's work small whatever the document (ARCHITECTURE.md 17).
MAX_PLAN, MAX_DEALS_PER_TURN, MAX_TABLE = 200, 12, 1000
#: The longest name of an event, of an entrant (a pair: two names and a dash), and the
#: longest reason of a penalty: the forms' bounds, and every other door's.
MAX_EVENT_NAME, MAX_ENTRANT_NAME, MAX_WHY = 120, 80, 80


@dataclass(frozen=True)
class TableInput:
    """One table of a turn as entered: who sits NS and EW (entrant ids), its deals read
    (none when a side forfeits), the MP taken off each side, and the forfeit."""

    table: int
    ns: tuple[int, ...]
    ew: tuple[int, ...]
    deals: tuple[tuple[SideInput, ...], ...]
    penalties: tuple[int, int]
    forfeit: str | None


@dataclass(frozen=True)
class Event:
    """An event document, read."""

    name: str | None
    profile: Profile
    kind: str
    deals_per_turn: int
    vp_table: VpTable
    bye_vp: int
    entrants: tuple[tuple[int, str | None], ...]
    plan: tuple[Movement, ...]
    turns: tuple[tuple[TableInput, ...], ...]
    #: Each withdrawn entrant and the 1-based turn it leaves from, in the document's order.
    withdrawn: tuple[tuple[int, int], ...] = ()

    @property
    def ids(self) -> list[int]:
        """The entrants' ids, in the document's order."""
        return [entrant_id for entrant_id, _ in self.entrants]

    def gone(self, turn: int) -> set[int]:
        """The entrants withdrawn by the 1-based ``turn`` (it is theirs to leave from)."""
        return {e for e, leaves in self.withdrawn if leaves <= turn}


def _list(value: Any, field: str, expected: str, most: int) -> list[Any]:
    if not isinstance(value, list):
        raise InputError("bad-value", field=field, value=_show(value), expected=expected)
    if len(value) > most:
        raise InputError("bad-value", field=field, value=f"{len(value)} items",
                         expected=f"integer 0..{most}")
    return value


def _text(value: Any, field: str, longest: int) -> str | None:
    if value is not None and not isinstance(value, str):
        raise InputError("bad-value", field=field, value=_show(value), expected="text")
    if value is not None and len(value) > longest:
        raise InputError("bad-value", field=field, value=_show(value),
                         expected=f"text of 0..{longest} characters")
    return value


def _entrants(value: Any) -> tuple[tuple[int, str | None], ...]:
    """``entrants``: objects with a unique whole-number ``id`` and an optional ``name``."""
    if value is None:
        raise InputError("missing-field", field="entrants")
    read: list[tuple[int, str | None]] = []
    seen: set[int] = set()
    for i, entrant in enumerate(_list(value, "entrants", "list of entrants", MAX_ENTRANTS)):
        field = f"entrants[{i}]"
        if not isinstance(entrant, Mapping):
            raise InputError("bad-value", field=field, value=_show(entrant), expected="object")
        if "id" not in entrant:
            raise InputError("missing-field", field=f"{field}.id")
        entrant_id = _int(entrant["id"], f"{field}.id")
        if entrant_id in seen:
            raise InputError("bad-value", field=f"{field}.id", value=str(entrant_id),
                             expected="distinct ids")
        seen.add(entrant_id)
        read.append((entrant_id,
                     _text(entrant.get("name"), f"{field}.name", MAX_ENTRANT_NAME)))
    return tuple(read)


def _side(value: Any, field: str, kind: str, known: set[int], seated: set[int]) -> tuple[int, ...]:
    """One side of a table: an entrant id (pairs) or two (individual), each known and
    seated once in the turn."""
    if value is None:
        raise InputError("missing-field", field=field)
    ids: tuple[int, ...]
    if kind == PAIRS:
        if isinstance(value, list):
            raise InputError("bad-value", field=field, value=_show(value), expected="entrant id")
        ids = (_int(value, field),)
    else:
        if not isinstance(value, list) or len(value) != 2:
            raise InputError("bad-value", field=field, value=_show(value),
                             expected="two player ids")
        ids = tuple(_int(v, f"{field}[{i}]") for i, v in enumerate(value))
    for entrant_id in ids:
        if entrant_id not in known:
            raise InputError("bad-value", field=field, value=str(entrant_id),
                             expected="entrant id")
        if entrant_id in seated:
            raise InputError("bad-value", field=field, value=str(entrant_id),
                             expected="entrant seated once")
        seated.add(entrant_id)
    return ids


def _pair(value: Any, event: dict[str, Any], seated: set[int]) -> tuple[int] | None:
    """A side of a pairs event read as ``_side`` reads it, when it is the id of a known
    pair not yet seated in the turn (seated now); ``None`` for ``_side`` to decide."""
    if event["kind"] != PAIRS or type(value) is not int or value not in event["known"] \
            or value in seated:
        return None
    seated.add(value)
    return (value,)


def _penalties(value: Any, field: str) -> tuple[int, int]:
    """The MP taken off NS and off EW: ``[{"side": "ns"|"ew", "mp": n ≥ 0, "why": …}]``."""
    taken = [0, 0]
    for i, penalty in enumerate(_list(value, field, "list of penalties", MAX_PLAN)):
        where = f"{field}[{i}]"
        if not isinstance(penalty, Mapping):
            raise InputError("bad-value", field=where, value=_show(penalty), expected="object")
        if penalty.get("side") is None:
            raise InputError("missing-field", field=f"{where}.side")
        if penalty["side"] not in SIDES:
            raise InputError("bad-value", field=f"{where}.side", value=_show(penalty["side"]),
                             expected="ns|ew")
        if "mp" not in penalty:
            raise InputError("missing-field", field=f"{where}.mp")
        _text(penalty.get("why"), f"{where}.why", MAX_WHY)
        taken[SIDES.index(penalty["side"])] += _int(penalty["mp"], f"{where}.mp", 0, MAX_TARGET)
    return taken[0], taken[1]


def _deals(value: Any, field: str, profile: Profile) -> tuple[tuple[SideInput, ...], ...]:
    """A table's deals, each a deal as ``score`` reads it, sides NS then EW."""
    read = []
    for i, deal in enumerate(_list(value, field, "list of deals", MAX_DEALS_PER_TURN + 1)):
        sides = _deal(deal, f"{field}[{i}]", profile)
        if len(sides) != 2:
            raise InputError("side-count", field=f"{field}[{i}].sides", count=len(sides),
                             expected="2", profile=profile.id)
        read.append(sides)
    return tuple(read)


def _deal(deal: Any, field: str, profile: Profile) -> tuple[SideInput, ...]:
    """A deal of a table read by ``scoring.read_deal``; it may name the event's profile,
    by its id or as the same document."""
    given = deal.get("profile") if type(deal) is dict or isinstance(deal, Mapping) else None
    if given is not None and given != profile.id and \
            not same_rules(profile_of(given, f"{field}.profile"), profile):
        raise InputError("bad-value", field=f"{field}.profile", value=_show(given),
                         expected=profile.id)
    return read_deal(deal, profile, field)[1]


def _table(value: Any, field: str, event: dict[str, Any], seated: set[int]) -> TableInput:
    if type(value) is not dict and not isinstance(value, Mapping):
        raise InputError("bad-value", field=field, value=_show(value), expected="object")
    if "table" not in value:
        raise InputError("missing-field", field=f"{field}.table")
    number = value["table"]
    if type(number) is not int or not 1 <= number <= MAX_TABLE:
        number = _int(number, f"{field}.table", 1, MAX_TABLE)
    ns = _pair(value.get("ns"), event, seated) or \
        _side(value.get("ns"), f"{field}.ns", event["kind"], event["known"], seated)
    ew = _pair(value.get("ew"), event, seated) or \
        _side(value.get("ew"), f"{field}.ew", event["kind"], event["known"], seated)
    forfeit = value.get("forfeit")
    if forfeit is not None and forfeit not in SIDES:
        raise InputError("bad-value", field=f"{field}.forfeit", value=_show(forfeit),
                         expected="ns|ew|null")
    given = value.get("deals")
    deals = _deals([] if given is None and forfeit else value.get("deals", []),
                   f"{field}.deals", event["profile"])
    given = value.get("penalties")
    # none, or none listed; anything else is read (a list, never an object or a number)
    penalties = (0, 0) if given is None or given == [] else \
        _penalties(given, f"{field}.penalties")
    if forfeit is not None:  # read as any table's (null deals too), then ignored
        return TableInput(number, ns, ew, (), (0, 0), forfeit)
    return TableInput(number, ns, ew, deals, penalties, None)


def _turn(value: Any, field: str, event: dict[str, Any]) -> tuple[TableInput, ...]:
    if not isinstance(value, Mapping):
        raise InputError("bad-value", field=field, value=_show(value), expected="object")
    tables = _list(value.get("tables", []), f"{field}.tables", "list of tables", MAX_ENTRANTS)
    seated: set[int] = set()
    read = tuple(_table(t, f"{field}.tables[{i}]", event, seated) for i, t in enumerate(tables))
    numbers: set[int] = set()
    for i, table in enumerate(read):
        if table.table in numbers:
            raise InputError("bad-value", field=f"{field}.tables[{i}].table",
                             value=str(table.table), expected="table number once")
        numbers.add(table.table)
    return read


def _withdrawn(value: Any, known: set[int], plan: int) -> tuple[tuple[int, int], ...]:
    """``withdrawn``: each entrant that leaves the evening (an entrant of the event, listed
    once) and the 1-based turn of the plan it leaves from (1 to the plan's length)."""
    read: list[tuple[int, int]] = []
    for i, item in enumerate([] if value is None else
                             _list(value, "withdrawn", "list", MAX_ENTRANTS)):
        field = f"withdrawn[{i}]"
        if not isinstance(item, Mapping):
            raise InputError("bad-value", field=field, value=_show(item), expected="object")
        for key in ("entrant", "from_turn"):
            if key not in item:
                raise InputError("missing-field", field=f"{field}.{key}")
        entrant = _int(item["entrant"], f"{field}.entrant")
        if entrant not in known:
            raise InputError("bad-value", field=f"{field}.entrant", value=str(entrant),
                             expected="entrant id")
        if any(entrant == e for e, _ in read):
            raise InputError("bad-value", field=f"{field}.entrant", value=str(entrant),
                             expected="distinct ids")
        read.append((entrant, _int(item["from_turn"], f"{field}.from_turn", 1, plan)))
    return tuple(read)


def left_side(leaves: Mapping[int, int], turn: int, sides: tuple[tuple[int, ...], ...],
              forfeit: Any) -> str | None:
    """The side (``ns``, ``ew``) of a table of the 1-based ``turn`` at which an entrant
    sits after it left (``leaves``: the turn each withdrawn entrant leaves from; in that
    turn it may sit only at the table in play when it left, as its side's forfeit); None
    when there is none.

    >>> left_side({7: 3}, 3, ((7,), (2,)), "ns"), left_side({7: 3}, 3, ((7,), (2,)), None)
    (None, 'ns')
    """
    for side, ids in zip(SIDES, sides, strict=True):
        for entrant in ids:
            leaving = leaves.get(entrant)
            if leaving is not None and (turn > leaving or (turn == leaving and forfeit != side)):
                return side
    return None


def _seated_after(turns: tuple[tuple[TableInput, ...], ...],
                  withdrawn: tuple[tuple[int, int], ...]) -> None:
    """No withdrawn entrant seated after it left (``left_side``); else unreadable, naming
    the side."""
    leaves = dict(withdrawn)
    for index, tables in enumerate(turns if leaves else ()):
        for i, table in enumerate(tables):
            side = left_side(leaves, index + 1, (table.ns, table.ew), table.forfeit)
            if side is not None:
                ids = table.ns if side == "ns" else table.ew
                raise InputError("bad-value", field=f"turns[{index}].tables[{i}].{side}",
                                 value=" ".join(map(str, ids)), expected="entrant not withdrawn")


def read_event(doc: Any) -> Event:
    """Read an event document, or raise ``InputError`` naming the first field that
    cannot be read.

    >>> event = read_event({"profile": "burraco", "deals_per_turn": 2,
    ...                     "vp_table": "fibur-2026", "entrants": [{"id": 7}, {"id": 9}],
    ...                     "plan": [{"movement": "mitchell"}]})
    >>> event.kind, event.ids, event.plan[0].get("shift"), event.vp_table[0]
    ('pairs', [7, 9], 1, (40, 10))
    """
    if not isinstance(doc, Mapping):
        raise InputError("bad-value", field="event", value=_show(doc), expected="object")
    name = _text(doc.get("name"), "name", MAX_EVENT_NAME)
    profile = profile_of(doc.get("profile"))
    kind = doc.get("kind", PAIRS)
    if kind not in KINDS:
        raise InputError("bad-value", field="kind", value=_show(kind), expected="pairs|individual")
    if "deals_per_turn" not in doc:
        raise InputError("missing-field", field="deals_per_turn")
    deals_per_turn = _int(doc["deals_per_turn"], "deals_per_turn", 1, MAX_DEALS_PER_TURN)
    vp_table = read_vp_table(doc.get("vp_table", FIBUR_2026), deals_per_turn)
    bye_vp = _int(doc.get("bye_vp", BYE_VP), "bye_vp", 0, TOTAL_VP)
    entrants = _entrants(doc.get("entrants"))
    plan = tuple(read_entry(m, f"plan[{i}]", kind, len(entrants)) for i, m in
                 enumerate(_list(doc.get("plan", []), "plan", "list of movements", MAX_PLAN)))
    known = {i for i, _ in entrants}
    withdrawn = _withdrawn(doc.get("withdrawn"), known, len(plan))
    check_groups(plan, lambda turn: len(entrants) - sum(1 for _, t in withdrawn if t <= turn))
    turns = _list(doc.get("turns", []), "turns", "list of turns", MAX_PLAN)
    if len(plan) < len(turns):
        raise InputError("bad-value", field="plan", value=f"{len(plan)} < {len(turns)} turns",
                         expected="plan as long as turns")
    event = {"kind": kind, "known": known, "profile": profile}
    read = tuple(_turn(t, f"turns[{i}]", event) for i, t in enumerate(turns))
    _seated_after(read, withdrawn)
    return Event(name, profile, kind, deals_per_turn, vp_table, bye_vp, entrants, plan,
                 read, withdrawn)
