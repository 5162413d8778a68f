"""What a table's phones entered for a turn, and where the table stands.

Each side of a table may enter the turn's deals on its own phone: its *sheet*
(``models.EventSheet``). The other side confirms them, and only then do they become the
table's deals in the event document (the federation's code: a result handed in is agreed
by both sides, then cannot be changed but by the director). Two sheets that say different
things of one deal are never merged: the table is *disputed*, both versions shown deal by
deal with what differs, until a side takes the other's version or the director chooses.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass, field
from typing import Any

from flask import url_for
from sqlalchemy import select
from sqlalchemy.orm import Session

from scorekeeper import rules
from scorekeeper.db import lookup_all
from scorekeeper.models import Event, EventChange, EventSheet
from scorekeeper.vocabulary import count_label, term
from scorekeeper.web.common import _
from scorekeeper.web.evening import store
from scorekeeper.web.typedby import (
    TypedBy,
    director_change,
    follows_own,
    sheet_change,
)

SIDES = ("ns", "ew")
OTHER = {"ns": "ew", "ew": "ns"}

#: A table's states, as the director's room view lists them.
NOT_STARTED, ENTERING, WAITING, DISPUTED, CONFIRMED = (
    "not-started", "entering", "waiting", "disputed", "confirmed")


def table_sig(event: Event, table: int) -> str:
    """The part of a table's link that only its card carries: a table's phones cannot
    reach another table's page by changing its number (keyed by the event's edit link,
    which never leaves the director)."""
    digest = hmac.new(event.edit_token.encode(), f"table {table}".encode(), hashlib.sha256)
    return digest.hexdigest()[:16]


def sig_ok(event: Event, table: int, sig: str) -> bool:
    """Whether ``sig`` is the table's."""
    return hmac.compare_digest(table_sig(event, table), sig)


def _normal(value: Any) -> Any:
    """A deal document without what says nothing (zeros, empty fields, ``false``), so
    that two phones that typed the same deal agree whatever they left blank."""
    if isinstance(value, dict):
        kept = {k: _normal(v) for k, v in value.items()}
        return {k: v for k, v in kept.items() if v not in (None, "", 0, False, [], {})}
    if isinstance(value, list):
        return [_normal(v) for v in value]
    return value


def same_deal(one: dict[str, Any], other: dict[str, Any]) -> bool:
    """Whether two phones entered the same deal."""
    return bool(_normal(one) == _normal(other))


def differences(one: dict[str, Any], other: dict[str, Any]) -> list[tuple[int | None, str]]:
    """Where two versions of a deal differ: (the side's index or None for the deal as a
    whole, the field), in the deal document's order."""
    a, b = _normal(one), _normal(other)
    found: list[tuple[int | None, str]] = []
    sides_a, sides_b = a.get("sides", []), b.get("sides", [])
    for index in range(max(len(sides_a), len(sides_b))):
        side_a = sides_a[index] if index < len(sides_a) else {}
        side_b = sides_b[index] if index < len(sides_b) else {}
        counts_a, counts_b = side_a.get("counts", {}), side_b.get("counts", {})
        found.extend((index, key) for key in _keys(counts_a, counts_b)
                     if counts_a.get(key) != counts_b.get(key))
        found.extend((index, key) for key in _keys(side_a, side_b)
                     if side_a.get(key) != side_b.get(key) and key != "counts")
    found.extend((None, key) for key in _keys(a, b)
                 if key != "sides" and a.get(key) != b.get(key))
    return found


def _keys(a: dict[str, Any], b: dict[str, Any]) -> list[str]:
    return [*a, *(k for k in b if k not in a)]


@dataclass
class TableState:
    """Where a table of the turn stands: its state, how many deals its phones or the
    director entered, and the deals (numbered from 1) the two sides entered differently."""

    state: str
    entered: int
    differing: list[int] = field(default_factory=list)


def table_state(entered: dict[str, Any], sheets: dict[str, list[dict[str, Any]]],
                deals_per_turn: int) -> TableState:
    """A table's state from its deals in the event document (``entered``: the document's
    table) and its sides' sheets."""
    official = entered.get("deals") or []
    if entered.get("forfeit") or len(official) >= deals_per_turn:
        return TableState(CONFIRMED, len(official))
    ns, ew = sheets.get("ns", []), sheets.get("ew", [])
    differing = [i + 1 for i in range(min(len(ns), len(ew))) if not same_deal(ns[i], ew[i])]
    most = max(len(ns), len(ew), len(official))
    if differing:
        return TableState(DISPUTED, most, differing)
    if most >= deals_per_turn:
        return TableState(WAITING, most)
    return TableState(ENTERING if most else NOT_STARTED, most)


def sheets_of(db: Session, event: Event, turn: int, table: int) -> dict[str, EventSheet]:
    """The sheets of one table of a turn (1-based), by side (its own rows: not the
    turn's hundred others)."""
    return {sheet.side: sheet for sheet in db.scalars(select(EventSheet).where(
        EventSheet.event_id == event.id, EventSheet.turn == turn - 1,
        EventSheet.table == table))}


def turn_states(db: Session, event: Event, turn: int, answer: dict[str, Any] | None = None,
                head: dict[str, Any] | None = None) -> dict[int, TableState]:
    """Every table of a turn (1-based) and its state (``answer``, ``head``: the referee's
    answer for the event and the document without its turns, when the caller has them:
    a table's scored result says its deals' number and its forfeit as the document
    does)."""
    if answer is not None and head is not None and turn <= len(answer["turns"]):
        seated, per_turn = head["seated"], head["deals_per_turn"]
        tables = answer["turns"][turn - 1]["tables"] if turn >= 1 else []
    else:
        seated, per_turn = event.seated, event.head["deals_per_turn"]
        tables = [store.as_table(t) for t in store.tables(db, event, turn - 1)] \
            if 1 <= turn <= seated else []
    if not 1 <= turn <= seated:
        return {}
    sheets = sheet_deals(event.id, turn)
    return {t["table"]: table_state(t, sheets.get(t["table"], {}), per_turn) for t in tables}


_SHEETS = 'SELECT "table", side, deals FROM event_sheets WHERE event_id = ? AND turn = ?'


def sheet_deals(event_id: int, turn: int) -> dict[int, dict[str, list[dict[str, Any]]]]:
    """The deals of each sheet of a turn (1-based), by table then side: read straight
    through the driver (a page of the room asks on every refresh)."""
    found: dict[int, dict[str, list[dict[str, Any]]]] = {}
    for table, side, deals in lookup_all(_SHEETS, event_id, turn - 1):
        found.setdefault(int(table), {})[str(side)] = \
            json.loads(deals) if isinstance(deals, (str, bytes)) else deals
    return found


def sheet_for(db: Session, event: Event, turn: int, table: int, side: str) -> EventSheet:
    """A side's sheet of a table and turn (1-based), made empty when it has none yet (the
    event's row locked by the caller: no other request makes it at the same time)."""
    found = db.scalar(select(EventSheet).where(
        EventSheet.event_id == event.id, EventSheet.turn == turn - 1,
        EventSheet.table == table, EventSheet.side == side))
    if found is None:
        found = EventSheet(event_id=event.id, turn=turn - 1, table=table, side=side,
                           deals=[], version=1)
        db.add(found)
    return found


def drafts_of(event: Event, table: int, turn: int, side: str) -> str:
    """Whose deal drafts a side's deal form keeps on the phone (``static/js/deal.js``):
    the table's side in one turn, never another turn's or table's."""
    return f"t/{event.view_token}/{table}/{turn}/{side}"


#: What the history says (``EventChange.action``) when a pair confirmed its table's deals,
#: when the director confirmed them for the table, and when the director kept one side's.
CONFIRMED_BY = {"ns": "confirmed-ns", "ew": "confirmed-ew"}
FOR_THE_TABLE = "confirmed-director"
KEPT = {"ns": "kept-ns", "ew": "kept-ew"}
#: The director's changes of a table that a phone's deal form, opened before, no longer
#: matches.
DIRECTED = ("deal", "edited", "forfeit", *KEPT.values(), FOR_THE_TABLE)


def directed_since(db: Session, event: Event, table: int, seen: int | None) -> list[str]:
    """What the director changed at ``table`` in the turn in play since the event's
    version ``seen`` (the one a phone's form was opened at), in sentences."""
    if seen is None:
        return []
    turn = event.seated - 1
    found = db.execute(select(EventChange.action, EventChange.deal).where(
        EventChange.event_id == event.id, EventChange.version > seen,
        EventChange.turn == turn, EventChange.table == table,
        EventChange.action.in_(DIRECTED)).order_by(EventChange.version)).all()
    return list(dict.fromkeys(director_change(action, deal) for action, deal in found))


def sheet_since(sheet: EventSheet, version: int | None, by: TypedBy | None) -> list[str]:
    """What changed on a side's sheet since ``version`` (the one a form was opened at), in
    sentences; nothing when it is that version, or when every change since is a deal
    ``by``'s phone added before (``by``: a new deal's form)."""
    if version == sheet.version:
        return []
    writers = sheet.writers or []
    if version is None or not 1 <= version < sheet.version \
            or len(writers) != sheet.version - 1:
        return [sheet_change("edited", None)]
    since = writers[version - 1:]
    if by is not None and follows_own([(a, p, s) for p, s, a, _n in since], by):
        return []
    return list(dict.fromkeys(sheet_change(action, number) for _p, _s, action, number in since))


def table_link(event: Event, table: int, **kwargs: Any) -> str:
    """The link of a table's page that its card's QR code carries."""
    return url_for("event_phones.table_home", token=event.view_token, table=table,
                   sig=table_sig(event, table), **kwargs)


def scored_sheet(event: Event, entered: dict[str, Any], deals: list[Any]) -> dict[str, Any]:
    """The referee's answer for a table's turn as a sheet says it: each deal's totals, the
    MP and the VP once every deal is in (the table's penalties counted)."""
    head = event.head  # one table of one turn: without the evening's withdrawals (its rows')
    seats = [entered[side] for side in SIDES]
    ids = [i for seat in seats for i in (seat if isinstance(seat, list) else [seat])]
    doc = {**{k: v for k, v in head.items() if k != "plan"}, "name": event.name,
           "entrants": [{"id": i} for i in ids], "plan": [head["plan"][event.seated - 1]],
           "turns": [{"tables": [{**entered, "deals": deals, "forfeit": None}]}]}
    try:
        return dict(rules.event_document(doc)["turns"][0]["tables"][0])
    except rules.InputError:  # a deal the referee cannot read: counted as nothing
        return {"deals": [], "complete": False}


def what_differs(event: Event, one: dict[str, Any], other: dict[str, Any]) -> list[str]:
    """Where two versions of a deal differ, in words: "North-South · Clean burracos"."""
    profile = rules.profile_of(event.head["profile"])
    words = {"table_points": _("Points of the cards on the table"), "melds": _("Melds"),
             "hand": _("Cards left in hand"), "hand_points": _("Cards left in hand"),
             "morto": str(term("morto", profile.id)).capitalize(),
             "went_out": str(term("Who_went_out", profile.tradition)), "closed_by": _("How?"),
             "opening": _("Opening"), "morto_first": str(term("Morto_first", profile.tradition))}
    said: list[str] = []
    sides = (_("North-South"), _("East-West"))
    for index, key in differences(one, other):
        label = words.get(key) or str(count_label(key, profile.tradition))
        line = label if index is None else " · ".join((sides[index], label))
        if line not in said:
            said.append(line)
    return said
