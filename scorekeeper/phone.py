"""The phone's own referee: what the Web Worker (``static/js/referee.js``) asks Pyodide.

``answer(request)`` takes ``{"kind", "body", "lang", "notation"}`` as JSON text and
answers ``{"status", "doc"}`` as JSON text, as ``POST /api/v1/<kind>?lang=&notation=``
answers: the same document reading (``documents.read``), the same referee, the same
sentences from the same compiled catalogs. One kind is the phone's own, ``pending``: a
match (``GET /m/<token>/match.json``) with the deals saved on the phone while the server
could not be reached, as the deal form's fields (``entry.read_fields``), scored as the
server will score them once they are sent; ``burro-pending`` the same for a Burro game
(``GET /b/<token>/game.json``) and its rounds (``entry.read_round``); ``new-match`` a new
match form sent without a network, read as the server reads it (``newmatch.read_form``),
with the words its kept pages show (``new_match``). The offline pack
(``tools/offline_pack.py``) carries this module, ``scorekeeper.rules`` and the few
Flask-free modules it needs; no Flask and no Babel are in it.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import json
import re
from functools import lru_cache
from typing import Any

from scorekeeper import documents, entry, messages, newmatch, resource_dir
from scorekeeper.i18n import format_number, normalize_locale
from scorekeeper.msgids import N_
from scorekeeper.rules import InputError

#: The modules the offline pack carries (with ``scorekeeper/rules/``), by file.
PACKED = ("__init__.py", "phone.py", "documents.py", "cardtext.py", "entry.py", "messages.py",
          "expected.py", "msgids.py", "vocabulary.py", "i18n.py", "newmatch.py", "names.py",
          "digits.py")

#: A waiting deal's count fields, in the deal form's own words (its labels' msgids).
COUNT_WORDS = {"table_points": N_("Points of the cards on the table"),
               "clean": N_("Clean canastras"), "dirty": N_("Dirty canastras"),
               "semi-clean": N_("Semi-clean canastras"),
               "clean-500": N_("Clean canastras of 13 cards (500)"),
               "clean-1000": N_("Clean canastras of 14 cards (1000)")}
_WAITING_FIELD = re.compile(r"^deals\[\d+\]\.sides\[(\d+)\]\.(?:counts\.)?(.+)$")

#: English sentences for what no referee code names (the API's own words).
UNREADABLE = "The document cannot be read."
NESTED = "The document is nested too deeply."


@lru_cache(maxsize=8)
def _gettext(locale: str) -> messages.Gettext:
    if locale == "en":
        return str
    catalog = stdlib_gettext.translation("messages", localedir=str(resource_dir("translations")),
                                         languages=[locale], fallback=True)
    return catalog.gettext


def _error(code: str, message: str, field: Any = None) -> dict[str, Any]:
    return {"status": 400, "doc": {"error": {"code": code, "message": message, "field": field}}}


def pending(body: Any, notation: str | None = None) -> dict[str, Any]:
    """The referee's ``match`` document for a match and the deals waiting on the phone:
    ``{"match": <the match document>, "pending": [<the deal form's fields>, ...]}``, each
    deal as ``[name, value]`` pairs, its cards in the letters of ``notation``; a past deal
    fixed on the phone as ``{"deal": <its number>, "fields": [...]}``, in its place."""
    body = documents.need_object(body)
    match = dict(documents.need_object(body.get("match")))
    names = match.get("sides")
    if not isinstance(names, list):
        raise InputError("bad-value", field="sides", value=str(names)[:40],
                         expected="list of side names")
    waiting = body.get("pending")
    if not isinstance(waiting, list):
        raise InputError("bad-value", field="pending", value=str(waiting)[:40], expected="list")
    deals = list(match.get("deals") or [])
    for item in waiting:
        # a past deal fixed on the phone: {"deal": its number, "fields": [...]}
        fix = item.get("deal") if isinstance(item, dict) else None
        fields = item.get("fields") if isinstance(item, dict) else item
        sides, went_out, closed_by = entry.read_fields(fields if isinstance(fields, list) else [],
                                                       len(names))
        doc = entry.deal_document(match.get("profile", ""), names, sides, went_out,
                                  closed_by, notation or "en",
                                  after_time=entry.after_time(fields if isinstance(fields, list)
                                                              else []))
        if fix is None:
            deals.append(doc)
        elif isinstance(fix, int) and not isinstance(fix, bool) and 1 <= fix <= len(deals):
            deals[fix - 1] = doc
        else:
            raise InputError("bad-value", field="pending.deal", value=str(fix)[:40],
                             expected=f"a deal's number, from 1 to {len(deals)}")
    match["deals"] = deals
    return documents.read("match", match)


def burro_pending(body: Any) -> dict[str, Any]:
    """The referee's ``burro`` document for a game and the rounds waiting on the phone:
    ``{"game": <the game document>, "pending": [<the round form's fields>, ...]}``."""
    body = documents.need_object(body)
    game = dict(documents.need_object(body.get("game")))
    waiting = body.get("pending")
    if not isinstance(waiting, list):
        raise InputError("bad-value", field="pending", value=str(waiting)[:40], expected="list")
    rounds = list(game.get("rounds") or [])
    rounds += [entry.read_round(fields if isinstance(fields, list) else []) for fields in waiting]
    game["rounds"] = rounds
    return documents.read("burro", game)


def _in_form_words(err: InputError, body: Any, gettext: messages.Gettext) -> InputError:
    """A waiting deal's unreadable field said as the deal form says it, with its side's
    name as a label ("Eles · Points of the cards on the table"), never as a path."""
    m = _WAITING_FIELD.match(str(err.params.get("field") or ""))
    names = ((body or {}).get("match") or {}).get("sides") if isinstance(body, dict) else None
    if not m or not isinstance(names, list) or int(m.group(1)) >= len(names):
        return err
    words = gettext(COUNT_WORDS[m.group(2)]) if m.group(2) in COUNT_WORDS else \
        messages.field_words(m.group(2), gettext)
    if words is None:
        return err
    return InputError(err.code, **{**err.params, "field": f"{names[int(m.group(1))]} · {words}"})


def shown(doc: dict[str, Any], locale: str) -> dict[str, Any]:
    """The numbers a scoreboard shows of a ``match`` document, as ``locale`` writes them:
    the totals, the running totals after each deal, each deal's score per side."""
    return {
        "totals": [format_number(t, locale) for t in doc.get("totals", [])],
        "running": [[format_number(t, locale) for t in row]
                    for row in doc.get("after_each_deal", [])],
        "deals": [[format_number(side.get("total", 0), locale, signed=True)
                   for side in deal.get("sides", [])] for deal in doc.get("deals", [])],
    }


def new_match(body: Any, locale: str, gettext: messages.Gettext) -> dict[str, Any]:
    """A new match form's fields (``{"fields": [[name, value], ...]}``) read as the server
    reads them, with what its pages show, in ``locale``'s words and digits (``shown``: the
    target, each side's players)."""
    fields = documents.need_object(body).get("fields")
    if not isinstance(fields, list):
        raise InputError("bad-value", field="fields", value=str(fields)[:40], expected="list")
    doc = newmatch.read_form(fields, gettext)
    doc["shown"] = {"target": format_number(doc["target"], locale),
                    "players": [", ".join(side["players"]) for side in doc["sides"]]}
    return doc


def respond(kind: str, body: Any, lang: str | None = None,
            notation: str | None = None) -> dict[str, Any]:
    """The answer to one request document, as the JSON API gives it."""
    locale = normalize_locale(lang)
    gettext = _gettext(locale)
    try:
        if kind == "pending":
            doc = pending(body, normalize_locale(notation) if notation else None)
            doc["shown"] = shown(doc, locale)
        elif kind == "burro-pending":
            doc = burro_pending(body)
        elif kind == "new-match":
            return {"status": 200, "doc": new_match(body, locale, gettext)}
        else:
            doc = documents.read(kind, body, normalize_locale(notation) if notation else None)
    except RecursionError:
        return _error("bad-json", gettext(NESTED))
    except InputError as err:
        if kind == "pending":
            err = _in_form_words(err, body, gettext)
        return _error(err.code, messages.input_error_text(err, gettext), err.params.get("field"))
    except (TypeError, ValueError, KeyError, AttributeError):
        return _error("bad-value", gettext(UNREADABLE))
    doc = messages.localize(doc, gettext, locale=locale)
    return {"status": documents.status(doc), "doc": doc}


def answer(request: str) -> str:
    """``respond`` from and to JSON text (what crosses from JavaScript to Python)."""
    asked = json.loads(request)
    return json.dumps(respond(asked.get("kind", ""), asked.get("body"), asked.get("lang"),
                              asked.get("notation")), ensure_ascii=False)
