"""One side of a deal as the players entered it (``SideInput``), and the short road for
the side clubs enter most: by counts (contract.md, ``score``: ``counts``).

An evening of a club's tournament is hundreds of deals entered as counts: table points,
canastras, the hand left. ``read_counted`` reads such a side in a few steps, with every
bound of the general reading (``scoring.read_side``, ``limits.py``) worked out once per
profile (``CountReading``). It takes only what the general reading reads the same way:
a side by ``counts`` with no ``melds``, no ``hand``, no ``before`` and no ``opening``
(keys the contract does not know are ignored by both), each of ``counts``,
``hand_points``, ``morto``, ``went_out``, ``closed_by`` and ``name`` of the plain type
the contract asks for (no ``true`` for a number, no ``2.0``) and within what two decks
can make. Anything else, right or wrong, is left to the general reading, which reads it
or refuses it naming its field: so a document gives the same side, or the same error,
by either road (tests/rules/test_event_speed_paths.py holds them together).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from scorekeeper.rules.cards import Card
from scorekeeper.rules.limits import CANASTRA_CARDS, count_limits
from scorekeeper.rules.profiles import Profile
from scorekeeper.rules.states import ClosedBy, Morto

#: The contract's morto states; ``not-taken`` is read as ``not_taken``.
MORTO_STATES = {**{m.value: m for m in Morto}, "not-taken": Morto.NOT_TAKEN}
CLOSED_BY = {c.value: c for c in ClosedBy}
_new, _set = object.__new__, object.__setattr__


@dataclass(frozen=True)
class MeldInput:
    cards: tuple[Card, ...]
    in_one_go: bool = False


@dataclass(frozen=True)
class SideInput:
    """One side of a deal, as the players entered it."""

    name: str | None
    melds: tuple[MeldInput, ...] | None
    counts: Mapping[str, int] | None  # "table_points" and canastras per category
    hand: tuple[Card, ...] | None
    hand_points: int | None
    morto: Morto
    went_out: bool
    closed_by: ClosedBy
    before: int | None
    opening: tuple[MeldInput, ...] | None


@dataclass(frozen=True)
class CountReading:
    """What reading a deal by counts asks of the profile, worked out once for a deal or
    a whole event: the numbers of sides the game is played by (``sides``), the most
    table points and hand points, the most canastras of each of the profile's categories
    (``most``), and the cards every canastra together may take (``limits.count_limits``)."""

    sides: tuple[int, ...]
    table_points: int
    hand_points: int
    most: dict[str, int]
    cards: int


def count_reading(profile: Profile) -> CountReading:
    """The bounds of a side's counts under ``profile``, as ``read_counted`` reads them.

    >>> from scorekeeper.rules.profiles import get_profile
    >>> count_reading(get_profile("burraco"))  # doctest: +NORMALIZE_WHITESPACE
    CountReading(sides=(2,), table_points=1080, hand_points=1080,
                 most={'clean': 14, 'dirty': 12}, cards=108)
    """
    limits = count_limits(profile)
    return CountReading(profile.sides_played, limits.table_points, limits.hand_points,
                        {c: limits.categories.get(c, 0) for c in profile.categories},
                        limits.cards)


def read_counted_deal(doc: Any, reading: CountReading) -> tuple[SideInput, ...] | None:
    """A deal every side of which is by counts, its sides read as ``scoring.read_deal``
    reads them under the profile ``reading`` was worked out for, or ``None`` where the
    general reading must decide (a side this road does not take, anything wrong)."""
    if type(doc) is not dict:
        return None
    sides = doc.get("sides")
    if type(sides) is not list or len(sides) not in reading.sides:
        return None
    read = []
    for side in sides:
        counted = read_counted(side, reading)
        if counted is None:
            return None
        read.append(counted)
    return tuple(read)


def read_counted(doc: Any, reading: CountReading) -> SideInput | None:
    """A side by counts read as ``scoring.read_side`` reads it, or ``None`` where the
    general reading must decide (anything this road does not take, or anything wrong):
    ``counts`` as ``scoring.read_counts`` reads it (``table_points`` first, then the
    canastras in the document's order), table points and each category's canastras
    within their bounds, and the canastras' cards within the two decks'."""
    if type(doc) is not dict or "melds" in doc or "hand" in doc or \
            doc.get("before") is not None or doc.get("opening") is not None:
        return None
    given = doc.get("counts")
    if type(given) is not dict:
        return None
    table_points = given.get("table_points")
    if type(table_points) is not int or not 0 <= table_points <= reading.table_points:
        return None
    counts = {"table_points": table_points}
    if len(given) > 1:
        cards, most = 0, reading.most
        for key, n in given.items():
            if key == "table_points":
                continue
            if key not in most or type(n) is not int or not 0 <= n <= most[key]:
                return None
            counts[key] = n
            cards += n * CANASTRA_CARDS[key]
        if cards > reading.cards:
            return None
    hand_points = doc.get("hand_points")
    if (hand_points is not None or "hand_points" in doc) and (
            type(hand_points) is not int or not 0 <= hand_points <= reading.hand_points):
        return None
    given = doc.get("morto")
    morto = MORTO_STATES.get(given) if type(given) is str else None
    went_out = doc.get("went_out", False)
    closed_by: ClosedBy | None = ClosedBy.DISCARD
    if "closed_by" in doc:
        given = doc["closed_by"]
        closed_by = CLOSED_BY.get(given) if type(given) is str else None
    name = doc.get("name")
    if morto is None or type(went_out) is not bool or closed_by is None or \
            (name is not None and type(name) is not str):
        return None
    # SideInput(name, None, counts, None, hand_points, morto, went_out, closed_by, None,
    # None), made as a frozen dataclass's __init__ would but in one step, not ten
    side = _new(SideInput)
    _set(side, "__dict__", {"name": name, "melds": None, "counts": counts, "hand": None,
                            "hand_points": hand_points, "morto": morto, "went_out": went_out,
                            "closed_by": closed_by, "before": None, "opening": None})
    return side
