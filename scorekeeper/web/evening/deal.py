"""A table's deal on the one-screen deal form, the director's and the table's phones'
alike: where it goes (``dealplace.TableDeal``: the evening's rules, the table's two sides,
the version its form is built from, whose drafts it keeps), its form shown, and its form
sent answered by the deal form's one pipeline (``deals.answer_deal``) with its caller's
save. Each deal of a table is judged on its own, both sides from 0, as an evening scores
it (docs/contract.md, "Events")."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import abort, request

from scorekeeper import rules
from scorekeeper.forms import DealForm
from scorekeeper.models import Event
from scorekeeper.web import writes
from scorekeeper.web.common import _
from scorekeeper.web.dealform import build_form
from scorekeeper.web.dealplace import TableDeal
from scorekeeper.web.deals import answer_deal, table_deal_page
from scorekeeper.web.evening.clock import clock_of
from scorekeeper.web.evening.director import entrant_names, head_of
from scorekeeper.web.evening.rows import seat_name
from scorekeeper.web.scoreboard import deals_alone


def seat_names(event: Event, side: int | list[int]) -> str:
    """Who sits on a side of a table: a pair's name, or an individual side's two players."""
    return seat_name(side, entrant_names(head_of(event)))


def place(event: Event, entered: dict[str, Any], version: int, drafts: str,
          turn: int) -> TableDeal:
    """Where a deal of the table ``entered`` (as the document writes it) in ``turn``
    (1-based) goes: the evening's rules (house rules kept as a match keeps them), its
    sides by name, the version the form is built from, whose drafts it keeps
    (``drafts``), and whether that turn's time is up."""
    clock = clock_of(event)
    late = bool(clock and clock["over"] and clock["turn"] == turn)
    chosen = event.head["profile"]
    house = None
    if isinstance(chosen, dict):  # house rules: their document, and their base profile
        played = rules.profile_of(chosen)
        chosen, house = played.base or played.id, {"document": event.head["profile"],
                                                   "version": event.version, "token": None}
    return TableDeal(name=event.name, profile=chosen, rules=house, version=version,
                     sides=[{"name": seat_names(event, entered[seat])} for seat in ("ns", "ew")],
                     edit_token=drafts, late=late)


def enter(where: TableDeal, deals: list[dict[str, Any]], number: int | None,
          extra: dict[str, Any], save: Callable[[DealForm, Any], Any]) -> Any:
    """The form of the table's deal ``number`` (None: its next one, after ``deals``),
    shown or answered (``save(form, doc)`` once the deal is judged and Save was tapped);
    ``extra``: what the page shows besides (``board``, ``table_heading``…)."""
    if number is not None and not 1 <= number <= len(deals):
        abort(404)
    form = build_form(where, rules.profile_of(where.rules_document()),
                      deals[number - 1] if number is not None else None)
    shown = {"number": number or len(deals) + 1, "after_time": True, **extra}
    if request.method == "GET":
        if number is None:  # a new deal: played after time when the turn's time is up
            form.after_time.data = where.late
        writes.keyed(form, where.version)
        return table_deal_page(where, form, shown)
    return answer_deal(where, form, 0, 0, deals_alone(where, []),
                       lambda doc, _full: save(form, doc), shown)


def again(where: TableDeal, form: DealForm, extra: dict[str, Any], notice: Any) -> Any:
    """The form sent again with what was typed and why it was not saved (409), built from
    where its deal goes now."""
    form.version.data = str(where.version)
    return table_deal_page(where, form, {**extra, "after_time": True,
                                         "stale_notice": notice})[0], 409


def heading(table: int, turn: int) -> str:
    """What a table's deal form says under its title."""
    return _("Table %(table)d · Turn %(turn)d", table=table, turn=turn)
