"""The referee's documents read from JSON the one way the API and the phone both use.

``read(kind, body)`` checks the shape of a request document (docs/contract.md) and
answers it with the referee: ``check`` (melds, and the opening with ``before``),
``score`` (one deal), ``match``, ``burro`` and ``event`` (a club's tournament). The
JSON API (``web/api.py``) and the phone's own referee (``scorekeeper.phone``, Pyodide in
a Web Worker) call it alike, so the phone answers as the server does. Flask-free and
Babel-free.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from scorekeeper import rules
from scorekeeper.cardtext import canonical_doc


def need_object(body: Any) -> dict[str, Any]:
    """``body`` when it is a JSON object; an ``InputError`` otherwise."""
    if not isinstance(body, dict):
        raise rules.InputError("bad-value", field="", value=str(body)[:40], expected="object")
    return body


def _check(body: Any) -> dict[str, Any]:
    body = need_object(body)
    melds = body.get("melds")
    before = body.get("before")  # read by the referee (rules.read_total)
    in_one_go = body.get("in_one_go", False)
    if not isinstance(in_one_go, bool):
        raise rules.InputError("bad-value", field="in_one_go", value=str(in_one_go)[:40],
                              expected="true or false")
    if melds is None:
        raise rules.InputError("missing-field", field="melds")
    return dict(rules.check_document(melds, profile=body.get("profile"), before=before,
                                    in_one_go=in_one_go))


#: Each kind of request document, and how the referee answers it.
KINDS: dict[str, Callable[[Any], dict[str, Any]]] = {
    "check": _check,
    "score": lambda body: dict(rules.score_document(need_object(body))),
    "match": lambda body: dict(rules.match_document(need_object(body))),
    "burro": lambda body: dict(rules.burro_document(need_object(body))),
    "event": lambda body: dict(rules.event_document(need_object(body))),
}


def check_entered(kind: str, body: Any) -> None:
    """A deal coming in (the JSON API's ``score`` and ``match``) whose counts of points no
    cards make (``rules.off_step``) is unreadable input naming the field; a stored deal read
    again is never refused for it (docs/contract.md, "Counts no cards make")."""
    if kind not in ("score", "match") or not isinstance(body, dict):
        return
    profile = rules.profile_of(body.get("profile"))
    deals = body.get("deals") if kind == "match" else [body]
    for i, deal in enumerate(deals if isinstance(deals, list) else []):
        if not isinstance(deal, dict):
            continue
        for field, value, step in rules.off_step(deal, profile):
            raise rules.InputError("bad-value", field=field if kind == "score" else
                                   f"deals[{i}].{field}", value=str(value),
                                   expected=f"a multiple of {step} (every card value is)")


def read(kind: str, body: Any, notation: str | None = None) -> dict[str, Any]:
    """The referee's answer to ``body``, a ``kind`` of request document; its cards read
    in the letters of locale ``notation`` when given (``RC`` = R♥ in French). Raises
    ``InputError`` for an unreadable document (``KeyError`` for an unknown kind)."""
    if notation:
        body = canonical_doc(body, notation)
    return KINDS[kind](body)


def status(doc: dict[str, Any]) -> int:
    """The HTTP status of an answer: 200 legal, 422 readable but against a rule."""
    return 200 if doc.get("valid", not doc.get("problems")) else 422
