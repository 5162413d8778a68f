"""An entrant who leaves a club's evening, withdrawn by its director (docs/contract.md,
"Withdrawal"): from the turn in play while its table there is still playing (that table
then its side's forfeit), else from the next turn of the plan. The referee seats it
nowhere after, gives the entrant it would have met the bye, and keeps it in the
standings, marked. A withdrawal made by mistake is undone until a turn it would have
played is seated (its table's forfeit, when it made one, taken back)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import rules
from scorekeeper.models import Event, EventEntrant, EventTable
from scorekeeper.web.common import input_error_text
from scorekeeper.web.evening import store

#: What the history says of a withdrawal and of one undone (``EventChange.action``).
WITHDRAWN, RETURNED = "withdrawn", "returned"


@dataclass(frozen=True)
class Leaving:
    """An entrant's withdrawal: its id, the turn it leaves from (1-based), and the table
    of that turn its side forfeits by leaving (``side``), or none."""

    entrant: int
    turn: int
    table: int | None = None
    side: str | None = None


class Refused(Exception):
    """Nothing written: why, in a sentence (``None``: the evening moved on since the page
    was shown, and it is shown again as it stands)."""

    def __init__(self, why: str | None = None) -> None:
        super().__init__(why)
        self.why = why


def gone(head: dict[str, Any]) -> dict[int, int]:
    """Each withdrawn entrant's id and the turn it left from (1-based)."""
    return {w["entrant"]: w["from_turn"] for w in head.get("withdrawn") or ()}


def gone_by(head: dict[str, Any], turn: int) -> set[int]:
    """The entrants withdrawn by turn ``turn`` (1-based): seated nowhere in it."""
    return {entrant for entrant, left in gone(head).items() if left <= turn}


def seats_of(answer: dict[str, Any], turn: int) -> dict[int, tuple[dict[str, Any], str]]:
    """Where each entrant sits in turn ``turn`` (1-based) as the referee answered it: its
    table and side; nothing for a turn not seated."""
    if not 1 <= turn <= len(answer["turns"]):
        return {}
    found: dict[int, tuple[dict[str, Any], str]] = {}
    for table in answer["turns"][turn - 1]["tables"]:
        for side in ("ns", "ew"):
            for entrant in table[side] if isinstance(table[side], list) else [table[side]]:
                found[entrant] = (table, side)
    return found


def leaving(head: dict[str, Any], answer: dict[str, Any], entrant: int) -> Leaving | None:
    """How ``entrant`` leaves the evening if withdrawn now: from the turn in play, at its
    table still playing there, else from the next turn; None when it left already, before
    the first turn is seated (the list of entrants is still to change) or when the plan
    has no turn left for it to miss (``head``: with ``seated``)."""
    if entrant not in {e["id"] for e in head["entrants"]}:
        return None
    return _leaving(head, answer, entrant, seats_of(answer, head["seated"]), gone(head))


def _leaving(head: dict[str, Any], answer: dict[str, Any], entrant: int,
             seats: dict[int, tuple[dict[str, Any], str]], left: dict[int, int]
             ) -> Leaving | None:
    """``leaving``, of an entrant of the evening, with where everyone sits in the turn in
    play (``seats_of``) and who left (``gone``) at hand."""
    seated = head["seated"]
    if not seated or "unreadable" in answer or entrant in left:
        return None
    found = seats.get(entrant)
    if found is not None and not found[0]["complete"]:
        return Leaving(entrant, seated, found[0]["table"], found[1])
    return Leaving(entrant, seated + 1) if seated < len(head["plan"]) else None


def still_playing(head: dict[str, Any], answer: dict[str, Any]) -> list[Leaving]:
    """How each entrant still playing would leave, in the entrants' order (the director's
    choice of whom to withdraw)."""
    seats, left = seats_of(answer, head["seated"]), gone(head)
    out = []
    for entrant in head["entrants"]:
        found = _leaving(head, answer, entrant["id"], seats, left)
        if found is not None:
            out.append(found)
    return out


#: Where each entrant sits in one turn as its rows say: its table, its side and the
#: table's forfeit.
Seats = dict[int, tuple[int, str, str | None]]


def turn_seats(db: Session, event: Event, turn: int) -> Seats:
    """Where each entrant sits in turn ``turn`` (1-based), read from its tables' rows
    (whether or not the referee can read the evening as it stands)."""
    found: Seats = {}
    for number, ns, ew, forfeit in db.execute(
            select(EventTable.number, EventTable.ns, EventTable.ew, EventTable.forfeit)
            .where(EventTable.event_id == event.id, EventTable.turn == turn - 1)):
        for side, ids in (("ns", ns), ("ew", ew)):
            for entrant in ids if isinstance(ids, list) else [ids]:
                found[entrant] = (number, side, forfeit)
    return found


def coming_back(head: dict[str, Any], seats: Seats, entrant: int) -> Leaving | None:
    """The withdrawal of ``entrant`` that may still be undone (``seats``: ``turn_seats``
    of the turn in play): from a turn not seated yet, or from the turn in play, where it
    sits at a table (whose forfeit, when its side's, is taken back with it); None when a
    turn has been seated without it."""
    left, seated = gone(head).get(entrant), head["seated"]
    if left is None or left < seated:
        return None
    if left > seated:
        return Leaving(entrant, left)
    if entrant not in seats:
        return None
    table, side, forfeit = seats[entrant]
    return Leaving(entrant, left, table, side) if forfeit == side else Leaving(entrant, left)


def _now(db: Session, row: Event) -> tuple[dict[str, Any], dict[str, Any]]:
    """The evening's head (with how many turns are ``seated``) and the referee's answer,
    as the locked row holds them."""
    head = store.head_document(db, row)
    try:
        answer, _before = store.answer(db, row, head)
    except rules.InputError as error:
        raise Refused(input_error_text(error)) from None
    return {**head, "seated": row.seated}, answer


def _write(db: Session, row: Event, leaves: Leaving, withdrawn: bool) -> list[EventTable]:
    """The entrant's row and its table's forfeit as ``leaves`` says (``withdrawn``, or
    back), checked as the referee reads the whole evening; the tables changed (the
    caller's ``bump`` scores them again and keeps the change in the history)."""
    entrant = db.scalar(select(EventEntrant).where(EventEntrant.event_id == row.id,
                                                   EventEntrant.number == leaves.entrant))
    if entrant is None:  # pragma: no cover - an entrant of the head just read
        raise Refused()
    entrant.withdrawn_from = leaves.turn if withdrawn else None
    changed: list[EventTable] = []
    if leaves.table is not None:
        table = store.table_row(db, row, leaves.turn - 1, leaves.table)
        if table is None:  # pragma: no cover - a table of the answer just made
            raise Refused()
        table.forfeit = leaves.side if withdrawn else None
        changed.append(table)
    db.flush()
    try:
        rules.read_event(store.event_input(db, row))
    except rules.InputError as error:
        raise Refused(input_error_text(error)) from None
    return changed


def withdraw(db: Session, row: Event, entrant: int,
             turn: int | None) -> tuple[Leaving, list[EventTable]]:
    """Withdraw ``entrant`` from the locked evening, from ``turn`` (the one its page said:
    another now is ``Refused``): how it left, and the tables changed."""
    head, answer = _now(db, row)
    leaves = leaving(head, answer, entrant)
    if leaves is None or leaves.turn != turn:
        raise Refused()
    return leaves, _write(db, row, leaves, True)


def bring_back(db: Session, row: Event, entrant: int,
               turn: int | None) -> tuple[Leaving, list[EventTable]]:
    """Undo ``entrant``'s withdrawal from ``turn`` (the one its page said), even when the
    evening cannot be read as it stands (its table's forfeit taken off since: undone, it
    reads again)."""
    head = {**store.head_document(db, row), "seated": row.seated}
    back = coming_back(head, turn_seats(db, row, row.seated), entrant)
    if back is None or back.turn != turn:
        raise Refused()
    return back, _write(db, row, back, False)
