"""What is wrong on a deal form, as its page and its live count show it: every problem
for the list next to Save (each with the field it is at), and each field's own errors."""

from __future__ import annotations

from typing import Any

from scorekeeper.forms import DealForm
from scorekeeper.web.common import _
from scorekeeper.web.dealplace import DealPlace


def form_problems(match: DealPlace, form: DealForm,
                  general: list[Any]) -> list[tuple[str | None, Any]]:
    """Every problem of the form, for the list next to Save: the field it is at (its id,
    or None for the deal as a whole) and what it says, with the side's name."""
    items: list[tuple[str | None, Any]] = [(None, message) for message in general]
    for side, field in _fields_in_error(form):
        for error in field.errors:
            text = error if side is None else _("%(field)s: %(message)s",
                                                field=match.sides[side]["name"], message=error)
            items.append((_anchor(field), text))
    return items


def field_errors(form: DealForm) -> dict[str, list[str]]:
    """Each field's errors by its id; a meld's own problems are in the live verdicts under
    its box (app.js), not again here."""
    found: dict[str, list[str]] = {}
    for _side, field in _fields_in_error(form):
        said = [str(e) for e in field.errors if e not in form.meld_problems]
        if said:
            found[str(field.id)] = said
    return found


def _fields_in_error(form: DealForm) -> list[tuple[int | None, Any]]:
    """Every field of the form with errors, with its side (None: the deal as a whole)."""
    fields: list[tuple[int | None, Any]] = [
        (i, field) for i, entry in enumerate(form.sides.entries) for field in entry.form]
    fields += [(None, form.went_out), (None, form.closed_by), (None, form.morto_first)]
    return [(side, field) for side, field in fields if field.errors]


def _anchor(field: Any) -> str:
    """The id a link to ``field`` goes to (a choice's first option)."""
    return f"{field.id}-0" if field.type.endswith("RadioField") else str(field.id)
