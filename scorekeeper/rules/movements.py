"""The movements of an event as data (docs/contract.md, "Events", "Movements"): a
registry by stable id, as the profiles are (``profiles.py``), which everything else asks.

Each movement is one record (``MovementRule``): its id, the kind of event it seats
(pairs or players), its parameters and their checks (Mitchell's ``shift``, the Danese
ones' ``groups``, at most the turn's tables), whether it pairs the standings (a
withdrawn entrant left out, the last in the standings given the bye) or seats the
entrants by their place (a withdrawn entrant's seat left empty, the entrant facing it
given the bye), whether it avoids the last turn's opponents, how many entrants it
needs, its seating hook (``seatings.py``) and its warnings. "The r-th turn" of a
movement counts only the plan's turns of that movement, from 1.

Adding a movement: its hook in ``seatings.py``, its record in ``MOVEMENTS``; its name in
the players' words (``messages.MOVEMENTS``) when the pages are to say more than its id.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from scorekeeper.rules.problems import InputError, Problem
from scorekeeper.rules.scoring import _int, _show
from scorekeeper.rules.seatings import (
    INDIVIDUAL_8_PLAYERS,
    Place,
    Seat,
    cut,
    danese,
    individual_8,
    mitchell,
    mitchell_repeat,
    round_robin,
)

PAIRS, INDIVIDUAL = "pairs", "individual"
KINDS = (PAIRS, INDIVIDUAL)
#: The most entrants an event has (ARCHITECTURE.md 17: the referee's work stays small),
#: and so the largest value a movement's parameter can mean.
MAX_ENTRANTS = 1000


@dataclass(frozen=True)
class Param:
    """A parameter of a movement, as a plan entry gives it: its key, the value it takes
    when absent, the least it may be, whether ``null`` means absent, whether it is at
    most the turn's tables (a Danese's groups), and a value the plan leaves unwritten
    (one group is no group)."""

    key: str
    default: int | None
    least: int
    nullable: bool = False
    per_table: bool = False
    unwritten: int | None = None

    def read(self, entry: Mapping[str, Any], field: str) -> int | None:
        """The parameter's value in a plan entry, checked (unreadable: ``InputError``
        naming ``field``)."""
        value = entry.get(self.key)
        if self.key not in entry or (value is None and self.nullable):
            return self.default
        return _int(value, field, self.least, MAX_ENTRANTS)


@dataclass(frozen=True)
class Movement:
    """One turn of the plan, read: its movement's id and its parameters' values."""

    name: str
    values: tuple[tuple[str, int | None], ...] = ()

    def get(self, key: str) -> int | None:
        """The value of the parameter ``key`` (None when the movement has none).

        >>> Movement("mitchell", (("shift", 2),)).get("shift")
        2
        """
        for name, value in self.values:
            if name == key:
                return value
        return None


class Turn(NamedTuple):
    """What a seating hook is handed: the entrants by their place in ``entrants`` (for a
    movement by place, None for an empty seat: a withdrawn one), the standings' order
    (for a movement by standings, without the withdrawn), the r-th turn of this movement,
    its plan entry, and each entrant's last opponent when a rematch is to be avoided
    (else None)."""

    places: Sequence[Place]
    ranked: Sequence[int]
    r: int
    entry: Movement
    last: Mapping[int, int] | None


SeatHook = Callable[[Turn], tuple[list[Seat], list[int]]]
#: A movement's warnings for ``plan[turn]`` with this many entrants.
WarnHook = Callable[[Sequence[Movement], int, int], list[Problem]]


@dataclass(frozen=True)
class MovementRule:
    """A movement: its stable id, the kind of event it seats, its seating hook, its
    parameters, whether it pairs the standings (else the entrants' places), whether it
    avoids the last turn's opponents (but in the plan's last turn), the entrants it needs
    exactly (None: any count) and its warnings."""

    id: str
    kind: str
    seat: SeatHook
    params: tuple[Param, ...] = ()
    by_standings: bool = False
    avoids_rematch: bool = False
    players: int | None = None
    warns: WarnHook | None = None

    @property
    def in_groups(self) -> bool:
        """Whether it may cut the standings into groups (a parameter bound by tables)."""
        return any(p.per_table for p in self.params)


def _mitchell(turn: Turn) -> tuple[list[Seat], list[int]]:
    return mitchell(turn.places, turn.r, turn.entry.get("shift") or 1)


def _mitchell_warnings(plan: Sequence[Movement], turn: int, entrants: int) -> list[Problem]:
    """``mitchell-repeat`` when ``plan[turn]`` seats the EW entrants where an earlier
    Mitchell turn did (``seatings.mitchell_repeat``)."""
    name = plan[turn].name
    shifts = [m.get("shift") or 1 for m in plan[: turn + 1] if m.name == name]
    found = mitchell_repeat(shifts, entrants)
    return [Problem("mitchell-repeat", found)] if found else []


def _danese(turn: Turn) -> tuple[list[Seat], list[int]]:
    return danese(turn.ranked, turn.entry.get("groups"), turn.last)


def _round_robin(turn: Turn) -> tuple[list[Seat], list[int]]:
    return round_robin(turn.places, turn.r)


def _individual_8(turn: Turn) -> tuple[list[Seat], list[int]]:
    return individual_8(turn.places, turn.r)


#: Mitchell's shift: how many tables the EW entrants move on each Mitchell turn.
SHIFT = Param("shift", 1, 1)
#: The Danese ones' groups: the standings cut into this many (none or one: not cut).
GROUPS = Param("groups", None, 1, nullable=True, per_table=True, unwritten=1)

#: Every movement, by its stable id (docs/contract.md, "Movements").
MOVEMENTS: dict[str, MovementRule] = {m.id: m for m in (
    MovementRule("mitchell", PAIRS, _mitchell, (SHIFT,), warns=_mitchell_warnings),
    MovementRule("danese", PAIRS, _danese, (GROUPS,), by_standings=True),
    MovementRule("danese-modified", PAIRS, _danese, (GROUPS,), by_standings=True,
                 avoids_rematch=True),
    MovementRule("round-robin", PAIRS, _round_robin),
    MovementRule("individual-8", INDIVIDUAL, _individual_8, players=INDIVIDUAL_8_PLAYERS),
)}


def get_movement(name: Any, field: str = "movement") -> MovementRule:
    """A movement by its stable id; an unknown one is unreadable, naming ``field``.

    >>> get_movement("danese-modified").avoids_rematch
    True
    """
    found = MOVEMENTS.get(name) if isinstance(name, str) else None
    if found is None:
        raise InputError("bad-value", field=field, value=_show(name),
                         expected="|".join(MOVEMENTS))
    return found


def movements_for(kind: str) -> tuple[str, ...]:
    """The ids of the movements of an event of ``kind``, in the registry's order.

    >>> movements_for(INDIVIDUAL)
    ('individual-8',)
    """
    return tuple(m.id for m in MOVEMENTS.values() if m.kind == kind)


def needed_entrants(kind: str) -> int | None:
    """How many entrants every movement of ``kind`` needs (an individual evening: 8);
    None when a movement of it takes any count.

    >>> needed_entrants(INDIVIDUAL), needed_entrants(PAIRS)
    (8, None)
    """
    counts = {m.players for m in MOVEMENTS.values() if m.kind == kind}
    return counts.pop() if len(counts) == 1 else None


def read_entry(value: Any, field: str, kind: str, entrants: int) -> Movement:
    """One turn of ``plan`` read by its movement's own parameters (another's ignored); a
    movement of the other kind of event, or one without the entrants it needs, is
    refused naming ``plan`` (docs/contract.md)."""
    if not isinstance(value, Mapping):
        raise InputError("bad-value", field=field, value=_show(value), expected="object")
    if value.get("movement") is None:
        raise InputError("missing-field", field=f"{field}.movement")
    rule = get_movement(value["movement"], f"{field}.movement")
    if rule.kind != kind:
        raise InputError("bad-value", field="plan", value=f"{field}: {rule.id}",
                         expected=f"{kind} movement")
    if rule.players is not None and entrants != rule.players:
        raise InputError("bad-value", field="plan", value=f"{field}: {entrants} players",
                         expected=f"{rule.id} players")
    return Movement(rule.id, tuple((p.key, p.read(value, f"{field}.{p.key}"))
                                   for p in rule.params))


def too_many_groups(groups: int | None, playing: int) -> bool:
    """Whether a Danese in ``groups`` groups has more groups than its turn's tables
    (``playing`` entrants, two a table; one group is always the whole standings, and a
    turn nobody plays yet is not judged).

    >>> too_many_groups(3, 5), too_many_groups(2, 5), too_many_groups(2, 0)
    (True, False, False)
    """
    return playing > 0 and (groups or 1) > max(1, playing // 2)


def check_groups(plan: Sequence[Movement], playing: Callable[[int], int]) -> None:
    """Every turn of ``plan`` cut into no more groups than its tables (``playing(t)``:
    the entrants playing the 1-based turn t); else unreadable, naming the entry's
    parameter."""
    for index, entry in enumerate(plan):
        for param in MOVEMENTS[entry.name].params:
            value = entry.get(param.key)
            count = playing(index + 1) if param.per_table and value else 0
            if too_many_groups(value, count):
                raise InputError("bad-value", field=f"plan[{index}].{param.key}",
                                 value=str(value), expected=f"integer <= {max(1, count // 2)}")


def unfilled(entry: Mapping[str, Any], entrants: int) -> bool:
    """Whether a plan entry, as the document writes it, cuts ``entrants`` into more
    groups than they fill tables (a group of one only sits out): what the forms say
    before the referee would refuse the plan."""
    rule = MOVEMENTS.get(entry.get("movement"))  # type: ignore[arg-type]
    return rule is not None and any(
        p.per_table and too_many_groups(whole_or_none(entry.get(p.key)), entrants)
        for p in rule.params)


def whole_or_none(value: Any) -> int | None:
    """An int as given, anything else None (a form's empty field)."""
    return value if type(value) is int else None


def plan_entry(name: str, **values: int | None) -> dict[str, Any]:
    """One turn of the plan as the document writes it: its movement and its parameters
    (a parameter not given at its default; groups only when more than one).

    >>> plan_entry("mitchell"), plan_entry("danese", groups=1)
    ({'movement': 'mitchell', 'shift': 1}, {'movement': 'danese'})
    >>> plan_entry("danese-modified", groups=3)
    {'movement': 'danese-modified', 'groups': 3}
    """
    entry: dict[str, Any] = {"movement": name}
    for param in get_movement(name).params:
        value = values.get(param.key)
        value = param.default if value is None else value
        if value is not None and value != param.unwritten:
            entry[param.key] = value
    return entry


def seat_next(ids: Sequence[int], plan: Sequence[Movement], played: int,
              ranked: Sequence[int], last: Mapping[int, int],
              withdrawn: Mapping[int, int] | None = None) -> dict[str, Any] | None:
    """``next`` of an event: how the turn after the ``played`` ones sits, by
    ``plan[played]``'s movement; None when the plan is played out. ``ranked``: the
    entrants in the standings' order; ``last``: each entrant's opponent in the last turn
    played; ``withdrawn``: the 1-based turn each withdrawn entrant leaves from.

    >>> plan = [Movement("mitchell", (("shift", 1),))] * 2
    >>> seat_next([1, 2, 3, 4], plan, 1, [4, 3, 2, 1], {}, {2: 2})["tables"]
    [{'table': 1, 'ns': 1, 'ew': 4}]
    """
    if played >= len(plan):
        return None
    entry = plan[played]
    rule = MOVEMENTS[entry.name]
    gone = {e for e, turn in withdrawn.items() if turn <= played + 1} if withdrawn else None
    final = played == len(plan) - 1  # the plan's last turn may bring a rematch
    # withdrawn: left out of the standings a movement pairs, else an empty seat
    turn = Turn([None if e in gone else e for e in ids] if gone and not rule.by_standings
                else ids,
                [e for e in ranked if e not in gone] if gone and rule.by_standings else ranked,
                sum(1 for m in plan[: played + 1] if m.name == entry.name), entry,
                last if rule.avoids_rematch and not final else None)
    tables, byes = rule.seat(turn)
    warnings = rule.warns(plan, played, len(ids)) if rule.warns else []
    order = {entrant: i for i, entrant in enumerate(ids)}
    return {"turn": played + 1, "movement": entry.name, "tables": tables,
            "byes": sorted(byes, key=order.__getitem__),
            "warnings": [w.as_dict() for w in warnings]}


def ranked_within(lines: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Lines of the standings (best first) ranked among themselves, as the standings
    rank: equal VP and MP share a rank, the next rank skipping (a group's standings).

    >>> [l["rank"] for l in ranked_within([{"rank": 3, "vp": 30, "mp": 900},
    ...     {"rank": 4, "vp": 28, "mp": 800}, {"rank": 4, "vp": 28, "mp": 800}])]
    [1, 2, 2]
    """
    out: list[dict[str, Any]] = []
    for place, line in enumerate(lines, start=1):
        tied = out and (out[-1]["vp"], out[-1]["mp"]) == (line["vp"], line["mp"])
        out.append({**line, "rank": out[-1]["rank"] if tied else place})
    return out


def last_groups(doc: Mapping[str, Any], before: Sequence[Mapping[str, Any]]
                ) -> list[list[int]] | None:
    """The entrants of each group the event document ``doc``'s last seated turn plays in,
    when its movement plays in more than one group: ``before``, the standings before
    that turn, cut as the turn was cut (``seatings.cut``, the entrants withdrawn by then
    left out); None otherwise.

    >>> plan = [{"movement": "mitchell"}, {"movement": "danese", "groups": 2}]
    >>> before = [{"id": 4}, {"id": 2}, {"id": 1}, {"id": 3}]
    >>> last_groups({"plan": plan, "turns": [{}, {}]}, before)
    [[4, 2], [1, 3]]
    >>> last_groups({"plan": plan, "turns": [{}]}, before) is None
    True
    """
    turns = doc.get("turns") or []
    plan = doc.get("plan") or []
    entry = plan[len(turns) - 1] if 0 < len(turns) <= len(plan) else {}
    rule = MOVEMENTS.get(entry.get("movement"))  # type: ignore[arg-type]
    groups = max((entry.get(p.key) or 1 for p in rule.params if p.per_table),
                 default=1) if rule else 1
    if groups < 2:
        return None
    gone = {w["entrant"] for w in doc.get("withdrawn") or () if w["from_turn"] <= len(turns)}
    return cut([line["id"] for line in before if line["id"] not in gone], groups)


def by_group(standings: Sequence[dict[str, Any]], groups: Sequence[Sequence[int]]
             ) -> list[list[dict[str, Any]]]:
    """The lines of ``standings`` cut into ``groups`` (each group's entrants), each group
    in the standings' order and ranked among itself (``ranked_within``).

    >>> lines = [{"id": 1, "rank": 1, "vp": 30, "mp": 900},
    ...          {"id": 3, "rank": 2, "vp": 25, "mp": 800},
    ...          {"id": 2, "rank": 3, "vp": 20, "mp": 700}]
    >>> [[(l["id"], l["rank"]) for l in g] for g in by_group(lines, [[2, 1], [3]])]
    [[(1, 1), (2, 2)], [(3, 1)]]
    """
    lines = {line["id"]: line for line in standings}
    order = {line["id"]: i for i, line in enumerate(standings)}
    return [ranked_within(sorted((lines[e] for e in members if e in lines),
                                 key=lambda line: order[line["id"]]))
            for members in groups]
