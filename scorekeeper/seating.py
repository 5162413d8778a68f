"""Who sits where at the table, who deals each deal and who plays first.

The rules, as docs/rules.md ("Seats, deal and turn") states them for every game:

- partners sit opposite, so that no one sits next to their partner (seed 000 "Aperçu des
  règles", seed 001 §01 "Quatre par partenaires opposés");
- the deal, the play and the deal's rotation go clockwise, the same for every game (seed 001
  §01 "Donne, jeu et rotation horaires selon notre convention uniforme"): the next seat is
  the one on the left, and the deal passes one seat to the left after every deal;
- the player on the dealer's left plays first (seed 001 §03 "Gauche du donneur commence");
  with two players that is the one who did not deal (seed 004 "La donne").

A seat is ``(side, player)``: the side's index and the player's index among the side's
players (0 for a side whose players have no names: the side sits as one seat, called by
its name). A seating lists every seat once, going round the table to the left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scorekeeper import digits

Seat = tuple[int, int]


def seat_names(sides: Sequence[dict[str, Any]]) -> list[list[str]]:
    """Each side's seats, by name: its players, or the side's own name when none is given."""
    return [list(side.get("players") or [side["name"]]) for side in sides]


def default_seating(sides: Sequence[dict[str, Any]]) -> list[Seat]:
    """The seating when the players have not said: each side's first player, then each
    side's second, … (partners apart, the sides taking turns).

    >>> default_seating([{"name": "A", "players": ["Ana", "Bia"]},
    ...                  {"name": "B", "players": ["Caio", "Duda"]}])
    [(0, 0), (1, 0), (0, 1), (1, 1)]
    """
    rows = seat_names(sides)
    return [(s, k) for k in range(max(map(len, rows), default=0)) for s, row in enumerate(rows)
            if k < len(row)]


def next_seats(sides: Sequence[dict[str, Any]], chosen: Sequence[Seat]) -> list[Seat]:
    """The seats that may come next, going to the left after ``chosen`` (which starts with
    the default seating's first seat): the seats not taken yet whose side is neither the
    last seat's nor, for the very last seat, the first's; every seat not taken yet when no
    seat can keep partners apart (sides of different sizes).

    >>> pairs = [{"name": "A", "players": ["Ana", "Bia"]},
    ...          {"name": "B", "players": ["Caio", "Duda"]}]
    >>> next_seats(pairs, [(0, 0)])
    [(1, 0), (1, 1)]
    >>> next_seats(pairs, [(0, 0), (1, 1)])
    [(0, 1)]
    """
    left = [seat for seat in default_seating(sides) if seat not in chosen]
    if not chosen:
        return left[:1]
    last = len(left) == 1
    apart = [seat for seat in left if seat[0] != chosen[-1][0]
             and not (last and seat[0] == chosen[0][0])]
    return apart or left


def fill(sides: Sequence[dict[str, Any]], chosen: Sequence[Seat]) -> list[Seat] | None:
    """``chosen`` followed by every seat that has no other choice; None unless each seat of
    ``chosen`` was one that could come next."""
    order: list[Seat] = []
    for seat in chosen:
        if seat not in next_seats(sides, order):
            return None
        order.append(seat)
    while len(ahead := next_seats(sides, order)) == 1:
        order.append(ahead[0])
    return order


def seating(sides: Sequence[dict[str, Any]], stored: Sequence[Any] | None) -> list[Seat]:
    """The match's seating: the one the players gave (``stored``, as kept in the database:
    pairs of numbers) when it still seats these sides, else the default seating."""
    if stored:
        order: list[Seat] = []
        for seat in stored:
            if not (isinstance(seat, list | tuple) and len(seat) == 2
                    and all(isinstance(n, int) for n in seat)):
                return default_seating(sides)
            order.append((seat[0], seat[1]))
        if is_seating(sides, order):
            return order
    return default_seating(sides)


def is_seating(sides: Sequence[dict[str, Any]], order: Sequence[Seat]) -> bool:
    """Whether ``order`` seats every player once, partners apart wherever they can be."""
    filled = fill(sides, order)
    return filled is not None and len(filled) == len(order) == len(default_seating(sides))


def read_order(sides: Sequence[dict[str, Any]], text: str) -> list[Seat] | None:
    """Seats written as their places in the default seating (``"0,3,2"``, the links'
    and forms' way); None when a place is not one of them.

    >>> read_order([{"name": "A"}, {"name": "B"}], "1,0"), read_order([{"name": "A"}], "4")
    ([(1, 0), (0, 0)], None)
    """
    everyone = default_seating(sides)
    codes = text.split(",") if text else []
    places = [digits.below(c, len(everyone)) for c in codes]
    return [everyone[p] for p in places if p is not None] if None not in places else None


def write_order(sides: Sequence[dict[str, Any]], order: Sequence[Seat]) -> str:
    """``read_order``'s text for ``order``."""
    everyone = default_seating(sides)
    return ",".join(str(everyone.index(seat)) for seat in order)


def names(sides: Sequence[dict[str, Any]], order: Sequence[Seat]) -> list[str]:
    """The seats' names, in the order given."""
    rows = seat_names(sides)
    return [rows[s][k] for s, k in order]


@dataclass(frozen=True)
class Turn:
    """Who deals a deal and who plays first in it: indices into the seating."""

    dealer: int
    first: int


def turn(seats: int, first_dealer: int | None, index: int) -> Turn | None:
    """Who deals deal ``index`` (0-based) and who plays first, round a table of ``seats``
    seats whose first deal was dealt by seat ``first_dealer``; None until the players have
    said who dealt first.

    >>> turn(4, 1, 0), turn(4, 1, 3)
    (Turn(dealer=1, first=2), Turn(dealer=0, first=1))
    >>> turn(2, 0, 1)
    Turn(dealer=1, first=0)
    """
    if first_dealer is None or not 0 <= first_dealer < seats:
        return None
    dealer = (first_dealer + index) % seats
    return Turn(dealer=dealer, first=(dealer + 1) % seats)


def turns(seats: int, first_dealer: int | None, index: int, count: int | None = None) -> list[Turn]:
    """Who deals and who plays first in deal ``index`` and each of the ``count`` deals from
    it (by default one round of the table, ``seats`` deals); [] until the players have
    said who dealt first. A page moved on by deals it has not counted yet (those waiting
    on a phone) picks its turn from these.

    >>> turns(2, 0, 1)
    [Turn(dealer=1, first=0), Turn(dealer=0, first=1)]
    >>> turns(2, 0, 1, count=3)
    [Turn(dealer=1, first=0), Turn(dealer=0, first=1), Turn(dealer=1, first=0)]
    """
    found = (turn(seats, first_dealer, index + n) for n in range(seats if count is None else count))
    return [t for t in found if t is not None]


def moved_dealer(before: Sequence[Seat], after: Sequence[Seat],
                 first_dealer: int | None) -> int | None:
    """The first dealer's place in a new seating ``after``: the same person as in
    ``before`` (None stays None)."""
    if first_dealer is None or not 0 <= first_dealer < len(before):
        return first_dealer
    person = before[first_dealer]
    return list(after).index(person) if person in after else None


def renamed(sides: Sequence[dict[str, Any]], names: dict[int, str]) -> list[dict[str, Any]]:
    """The sides of a table's match after its players were renamed (``names``: each
    player's id and name now). A side keeps its players' ids (``"seats"``); its players'
    names follow them, and so does its own name when it was made of theirs.

    >>> renamed([{"name": "Ana & Caio", "players": ["Ana", "Caio"], "seats": [1, 3]},
    ...          {"name": "Los Tios", "players": ["Bia", "Dani"], "seats": [2, 4]}],
    ...         {1: "Ana", 2: "Bia", 3: "Carlos", 4: "Dani"})[0]
    {'name': 'Ana & Carlos', 'players': ['Ana', 'Carlos'], 'seats': [1, 3]}
    """
    out = []
    for side in sides:
        seats = side.get("seats") or []
        before = side.get("players", [])
        players = [names.get(s, old) for s, old in zip(seats, before, strict=False)]
        name = side["name"]
        if players and name == " & ".join(before):
            name = " & ".join(players)
        out.append({**side, "name": name, "players": players} if seats else dict(side))
    return out
