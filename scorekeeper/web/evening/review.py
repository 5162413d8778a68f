"""What the director looks at again before closing an evening (``evening/final.py``):
the deals the director changed after they were the table's (confirmed, or entered from
the paper), the deals the pairs flagged from their phones (``evening/flags.py``), the
tables late (finished after their turn's time, or never confirmed by a pair: the deals
the director entered, kept or confirmed for them), the deals whose counts are at the most
two decks make (``rules.count_limits``: a slip read wrong), and a table whose two
consecutive deals are the same (the signature of a form filled by mistake). Worked out
from the evening's rows once its last turn is complete, kept by its version."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select

from scorekeeper import rules
from scorekeeper.db import lookup_all, reader
from scorekeeper.eventforms import WINDOW_CHOICES, ReopenForm, WindowForm
from scorekeeper.forms import ConfirmForm
from scorekeeper.models import Event, EventChange, EventFlag
from scorekeeper.web import writes
from scorekeeper.web.common import cache
from scorekeeper.web.evening import final, store
from scorekeeper.web.evening.sheets import CONFIRMED_BY, FOR_THE_TABLE, KEPT, same_deal

#: The history's lines that make a table's deals its own (the last one finishes it).
FINISHING = ("deal", *CONFIRMED_BY.values(), FOR_THE_TABLE, *KEPT.values())
#: Those by which a pair confirmed them.
BY_A_PAIR = tuple(CONFIRMED_BY.values())

#: Each window's name, as the director's form offers it.
_WINDOWS: dict[str, Any] = dict(WINDOW_CHOICES)

_COUNT = "SELECT COUNT(*), COALESCE(MAX(id), 0) FROM event_flags WHERE event_id = ?"


def flags_part(event: Event) -> tuple[int, int]:
    """How many flags the evening has and its last one's id, as a followed page's tag's
    part: a flag raised makes the director's page new."""
    found = lookup_all(_COUNT, event.id, first=True)
    count, last = found[0] if found else (0, 0)
    return int(count or 0), int(last or 0)


def flags(event: Event, names: dict[int, str]) -> list[dict[str, Any]]:
    """The evening's flags, the latest first: who (the pair's name and side), which turn
    (1-based), table and deal, why and when."""
    rows = reader().scalars(select(EventFlag).where(EventFlag.event_id == event.id)
                            .order_by(EventFlag.id.desc()))
    return [{"name": names.get(f.entrant, str(f.entrant)), "side": f.side, "turn": f.turn + 1,
             "table": f.table, "deal": f.deal, "reason": f.reason, "when": f.created}
            for f in rows]


def second_look(event: Event) -> dict[str, list[dict[str, Any]]]:
    """What deserves a second look, by kind (``changed``, ``late``, ``unconfirmed``,
    ``limits``, ``twice``), each line with its turn (1-based), table and deal; kept by
    the evening's link, version and last clock started (a clock started again changes
    no version but which tables were late)."""
    def make() -> dict[str, list[dict[str, Any]]]:
        return _looked(event)

    found: dict[str, list[dict[str, Any]]] = cache("second-look", 16).get_or_make(
        (event.edit_token, event.version, event.clock_started), make)
    return found


def _looked(event: Event) -> dict[str, list[dict[str, Any]]]:
    db = reader()
    history = [(action, int(turn or 0), int(table or 0), deal, reason, when)
               for action, turn, table, deal, reason, when in db.execute(
                   select(EventChange.action, EventChange.turn, EventChange.table,
                          EventChange.deal, EventChange.reason, EventChange.created)
                   .where(EventChange.event_id == event.id, EventChange.turn.is_not(None),
                          EventChange.table.is_not(None))
                   .order_by(EventChange.version))]
    changed = [{"turn": turn + 1, "table": table, "deal": deal, "reason": reason, "when": when}
               for action, turn, table, deal, reason, when in history if action == "edited"]
    finished: dict[tuple[int, int], datetime] = {}
    by_pair: set[tuple[int, int]] = set()
    for action, turn, table, _deal, _reason, when in history:
        if action in FINISHING:
            finished[(turn, table)] = when
        if action in BY_A_PAIR:
            by_pair.add((turn, table))
    late, unconfirmed, limits, twice = [], [], [], []
    limit = rules.count_limits(rules.profile_of(event.head["profile"]))
    for row in store.tables(db, event):
        at = {"turn": row.turn + 1, "table": row.number}
        if row.forfeit:
            continue
        over = _late(event, row.turn, finished.get((row.turn, row.number)))
        if over is not None:
            late.append({**at, "minutes": over})
        if (row.turn, row.number) not in by_pair and row.deals:
            unconfirmed.append(at)
        deals = [d.data for d in row.deals]
        limits += [{**at, "deal": n, "side": side, "field": field, "value": value}
                   for n, deal in enumerate(deals, 1)
                   for side, field, value in at_the_limit(deal, limit)]
        twice += [{**at, "deal": n, "next": n + 1} for n in range(1, len(deals))
                  if same_deal(deals[n - 1], deals[n])]
    return {"changed": changed, "late": late, "unconfirmed": unconfirmed, "limits": limits,
            "twice": twice}


def _late(event: Event, turn: int, finished: datetime | None) -> int | None:
    """How many minutes after its turn's time a table finished (``turn`` 0-based), at
    least one; None when on time, or its turn had no clock."""
    clock = (event.clocks or {}).get(str(turn + 1))
    if finished is None or not clock:
        return None
    try:
        ends = datetime.fromisoformat(clock[0]) + timedelta(minutes=int(clock[1]))
    except (TypeError, ValueError, IndexError):
        return None
    over = (finished - ends).total_seconds()
    return max(1, int(over // 60)) if over > 0 else None


def at_the_limit(deal: dict[str, Any], limit: rules.CountLimits
                 ) -> Iterator[tuple[str, str, int]]:
    """Each count of a deal by counts at the most two decks make (``limit``): its side
    ("ns", "ew"), its field and its value."""
    most = {"table_points": limit.table_points, **limit.categories}
    for side, entered in zip(("ns", "ew"), deal.get("sides") or [], strict=False):
        counts = entered.get("counts") if isinstance(entered, dict) else None
        if isinstance(counts, dict):
            yield from ((side, key, value) for key, value in counts.items()
                        if key in most and isinstance(value, int) and value >= most[key] > 0)
        hand = entered.get("hand_points") if isinstance(entered, dict) else None
        if isinstance(hand, int) and hand >= limit.hand_points > 0:
            yield side, "hand_points", hand


def closing(event: Event, names: dict[int, str], window_form: WindowForm | None = None,
            reopen_form: ReopenForm | None = None) -> dict[str, Any]:
    """What the director's page shows of the standings' state: the standing, its forms
    (the window while provisional, closing once every turn is complete, reopening once
    final; ``window_form``, ``reopen_form``: one sent back with what is wrong), the
    flags, and (every turn complete, the results still provisional) the second look."""
    now = final.standing(event)
    window = None if now.final else writes.keyed(window_form or WindowForm(
        formdata=None, window=now.window, minutes=now.minutes, zone=event.zone or ""),
        event.version)
    return {"standing": now, "flags": flags(event, names) if event.seated else [],
            "window": window, "zone": event.zone,
            "close": writes.keyed(ConfirmForm(formdata=None), event.version)
            if event.finished and not now.final else None,
            "reopen": writes.keyed(reopen_form or ReopenForm(formdata=None), event.version)
            if now.final else None,
            "look": second_look(event) if event.finished and not now.final else None,
            "history": history(event)}


def history(event: Event) -> list[dict[str, Any]]:
    """The evening's lines of provisional, then final, in order: each window chosen (its
    kind as the director's form names it, and minutes), each closing, each reopening
    with its reason, and when."""
    rows = reader().execute(select(EventChange.action, EventChange.reason, EventChange.created)
                            .where(EventChange.event_id == event.id,
                                   EventChange.action.in_(final.OWN_CHECKS))
                            .order_by(EventChange.version)).all()
    out = []
    for action, reason, when in rows:
        kind, _space, minutes = (reason or "").partition(" ")
        out.append({"action": action, "when": when,
                    "reason": reason if action == final.REOPENED else None,
                    "window": _WINDOWS.get(kind, kind) if action == final.WINDOW else None,
                    "minutes": int(minutes) if minutes.isdigit() else None})
    return out
