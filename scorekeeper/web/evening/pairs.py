"""Whose a table's phone is: the pair (in an individual evening, the player) that chose
it on the table's page, by name. The table card's QR code opens the table's page, which
asks "Which pair are you?"; the pair's choice is its own link (``pair_link``, signed with
the event's edit link as a table's is, so that no pair makes another's), which binds the
phone to it (the browser's session, signed by the server) and opens its table's side in
the turn in play. From then on the phone follows that pair: once the director seats the
next turn, its page opens the pair's new table and side ("Gialli – Bruni: table 2,
East-West now"); it never acts for whoever sits where the pair sat. Each form a side's
page sends says its pair (``pair``), and the server refuses it for a table and side the
pair does not hold in the turn in play, saying where the pair sits now.

The pair a phone chose first in an evening is the phone's own; a pair it was given since
(the phone handed across the table, "Hand this phone across", or another pair chosen
after "Change pair") holds it only *handed*: there it confirms nothing without the
pair's own code, and enters nothing until the pair gave its code on it (``standing``,
``evening/codes.py``).
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass
from typing import Any

from flask import request, session, url_for
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import digits
from scorekeeper.models import Event, EventTable
from scorekeeper.web.common import _
from scorekeeper.web.evening.director import entrant_names, head_of
from scorekeeper.web.evening.sheets import table_sig

#: The session's key: "<view link>:<entrant>" for each evening this browser chose for.
SESSION = "pairs"
#: The session's key of each evening's first choice, the phone's own pair (as ``SESSION``).
OWN = "own pairs"
#: The session's key of the pair each evening's phone was handed to and that gave its
#: code on it since (as ``SESSION``): forgotten once the phone changes pair.
PROVED = "proved pairs"
#: What the phone is to the pair a page or a form names (``standing``): its own; handed
#: to it, its code given since or not; another pair's; nobody's (no choice kept: a
#: session the phone forgot, whose outbox sends what waited on it).
MINE, PROVED_HERE, HANDED, ANOTHERS, NOBODYS = "own", "proved", "handed", "other", "none"
#: The evenings a browser keeps its choice for (the last ones it chose in).
KEPT = 8
#: An entrant's id, as a link or a form writes it.
MOST = 2**31


@dataclass(frozen=True)
class Seat:
    """Where an entrant sits in a turn: the table's number and its side."""

    table: int
    side: str


def ids(side: Any) -> list[int]:
    """The entrants of a table's side: a pair, or an individual evening's two players."""
    return side if isinstance(side, list) else [side]


def pair_sig(event: Event, entrant: int) -> str:
    """The part of a pair's link only its table's page gives (keyed by the event's edit
    link, as a table's link is)."""
    digest = hmac.new(event.edit_token.encode(), f"entrant {entrant}".encode(),
                      hashlib.sha256)
    return digest.hexdigest()[:16]


def pair_sig_ok(event: Event, entrant: int, sig: str) -> bool:
    return hmac.compare_digest(pair_sig(event, entrant), sig)


def pair_link(event: Event, entrant: int) -> str:
    """The pair's own link: the phone that opens it follows the pair."""
    return url_for("event_phones.pair_home", token=event.view_token, entrant=entrant,
                   sig=pair_sig(event, entrant))


def seat_link(event: Event, seat: Seat) -> str:
    """A side's page of a table."""
    return url_for("event_phones.side_page", token=event.view_token, table=seat.table,
                   sig=table_sig(event, seat.table), side=seat.side)


def read_id(text: object) -> int | None:
    """An entrant's id as a form or a session writes it (a whole number, maybe below 0,
    as an imported evening may number them), else None."""
    if not isinstance(text, str):
        return None
    found = digits.below(text[1:] if text.startswith("-") else text, MOST)
    return None if found is None else (-found if text.startswith("-") else found)


def _kept(key: str, event: Event) -> int | None:
    """The entrant the session keeps under ``key`` for the evening, if any."""
    mark = f"{event.view_token}:"
    for kept in session.get(key, []):
        if isinstance(kept, str) and kept.startswith(mark):
            return read_id(kept[len(mark):])
    return None


def _keep(key: str, event: Event, entrant: int | None) -> None:
    """The session keeps ``entrant`` under ``key`` for the evening (None: nobody), in
    place of any other, for the last ``KEPT`` evenings."""
    mark = f"{event.view_token}:"
    held = session.get(key, [])
    if (f"{mark}{entrant}" if entrant is not None else None) in held:
        return
    kept = [k for k in held if isinstance(k, str) and not k.startswith(mark)]
    if entrant is None and len(kept) == len(held):
        return
    session[key] = ([*kept, f"{mark}{entrant}"] if entrant is not None else kept)[-KEPT:]


def bound(event: Event) -> int | None:
    """The entrant this phone chose for the evening, if any."""
    return _kept(SESSION, event)


def bind(event: Event, entrant: int) -> None:
    """This phone is ``entrant``'s for the evening (in place of any other it chose); the
    first it chooses is its own."""
    if bound(event) != entrant:
        _keep(PROVED, event, None)
    _keep(SESSION, event, entrant)
    if _kept(OWN, event) is None:
        _keep(OWN, event, entrant)


def prove(event: Event, entrant: int) -> None:
    """The pair this phone was handed to gave its code on it: it acts for the pair."""
    _keep(PROVED, event, entrant)


def standing(event: Event, entrant: int | None) -> str:
    """What this phone is to ``entrant`` (``MINE``, ``PROVED_HERE``, ``HANDED``,
    ``ANOTHERS``, ``NOBODYS``)."""
    now = bound(event)
    if now is None:
        return NOBODYS
    if entrant is None or now != entrant:
        return ANOTHERS
    if _kept(OWN, event) == entrant:
        return MINE
    return PROVED_HERE if _kept(PROVED, event) == entrant else HANDED


def acts(event: Event, entrant: int | None) -> bool:
    """Whether this phone acts for ``entrant``: its own phone, or one handed to it once
    its code was given on it."""
    return standing(event, entrant) in (MINE, PROVED_HERE)


def posted() -> int | None:
    """The pair a form says it was sent for (its ``pair`` field)."""
    return read_id(request.form.get("pair", ""))


def seat_in(db: Session, event: Event, turn: int, entrant: int) -> Seat | None:
    """Where ``entrant`` sits in turn ``turn`` (0-based), None when it has no table."""
    if turn < 0:
        return None
    rows = db.execute(select(EventTable.number, EventTable.ns, EventTable.ew).where(
        EventTable.event_id == event.id, EventTable.turn == turn)).all()
    for number, ns, ew in rows:
        for side, held in (("ns", ns), ("ew", ew)):
            if entrant in ids(held):
                return Seat(int(number), side)
    return None


def seat_now(db: Session, event: Event, entrant: int) -> Seat | None:
    """Where ``entrant`` sits in the turn in play."""
    return seat_in(db, event, event.seated - 1, entrant) if event.seated else None


def holds(entered: dict[str, Any], side: str, entrant: int | None) -> bool:
    """Whether ``entrant`` sits on ``side`` of the table ``entered``."""
    return entrant is not None and entrant in ids(entered[side])


def name_of(event: Event, entrant: int) -> str:
    return entrant_names(head_of(event)).get(entrant, str(entrant))


def known(event: Event, entrant: int) -> bool:
    return entrant in entrant_names(head_of(event))


def where_now(name: str, seat: Seat | None) -> str:
    """Where a pair sits in the turn in play, after its name and a colon (no verb to
    agree with a name the players typed)."""
    if seat is None:
        return _("%(name)s: no table this turn.", name=name)
    if seat.side == "ns":
        return _("%(name)s: table %(table)d, North-South now.", name=name, table=seat.table)
    return _("%(name)s: table %(table)d, East-West now.", name=name, table=seat.table)


def elsewhere(db: Session, event: Event, table: int, side: str,
              entrant: int | None) -> list[str]:
    """Where ``entrant`` sits now, in a sentence, when it is not ``side`` of ``table`` in
    the turn in play; nothing when it is (or names no entrant)."""
    if entrant is None or not known(event, entrant):
        return []
    seat = seat_now(db, event, entrant)
    if seat == Seat(table, side):
        return []
    return [where_now(name_of(event, entrant), seat)]


def moved(db: Session, event: Event, entrant: int, seat: Seat) -> dict[str, Any]:
    """What the pair's side page says of the turn before: where the pair sits now once it
    sat elsewhere then (a turn it sat out included: ``said``), and the outbox of the side
    it left (``left``: the deals this phone saved there without a network, refused once
    sent, which the page still shows to throw away; ``static/js/waiting.js``)."""
    if event.seated < 2:
        return {"said": None, "left": []}
    before = seat_in(db, event, event.seated - 2, entrant)
    return {"said": None if before == seat else where_now(name_of(event, entrant), seat),
            "left": [] if before is None or before == seat else [
                f"{event.view_token}/{before.table}/{table_sig(event, before.table)}/"
                f"{before.side}"]}


def choices(event: Event, entered: dict[str, Any]) -> list[dict[str, Any]]:
    """Who may choose a table's phone, by name: its two pairs (or four players), each
    with its side and its link."""
    names = entrant_names(head_of(event))
    return [{"id": entrant, "name": names.get(entrant, str(entrant)), "side": side,
             "link": pair_link(event, entrant)}
            for side in ("ns", "ew") for entrant in ids(entered[side])]
