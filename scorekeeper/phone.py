"""The phone's own referee: what the Web Worker (``static/js/referee.js``) asks Pyodide.

``answer(request)`` takes ``{"kind", "body", "lang", "notation"}`` as JSON text and
answers ``{"status", "doc"}`` as JSON text, as ``POST /api/v1/<kind>?lang=&notation=``
answers: the same document reading (``documents.read``), the same referee, the same
sentences from the same compiled catalogs. The offline pack (``tools/offline_pack.py``)
carries this module, ``scorekeeper.rules`` and the few Flask-free modules it needs; no
Flask and no Babel are in it.
"""

from __future__ import annotations

import gettext as stdlib_gettext
import json
from functools import lru_cache
from typing import Any

from scorekeeper import documents, messages, resource_dir
from scorekeeper.i18n import normalize_locale
from scorekeeper.rules import InputError

#: The modules the offline pack carries (with ``scorekeeper/rules/``), by file.
PACKED = ("__init__.py", "phone.py", "documents.py", "cardtext.py", "messages.py",
          "msgids.py", "vocabulary.py", "i18n.py")

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


def respond(kind: str, body: Any, lang: str | None = None,
            notation: str | None = None) -> dict[str, Any]:
    """The answer to one request document, as the JSON API gives it."""
    locale = normalize_locale(lang)
    gettext = _gettext(locale)
    try:
        doc = documents.read(kind, body, normalize_locale(notation) if notation else None)
    except RecursionError:
        return _error("bad-json", gettext(NESTED))
    except InputError as err:
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
