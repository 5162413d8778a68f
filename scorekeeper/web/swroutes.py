"""The addresses the service worker tells apart, written once: the rules of Flask's URL map
as patterns for the worker's code (JavaScript regular expressions, each of the rule's
arguments a named group), sent in its configuration by ``/sw.js`` (``routes``)."""

from __future__ import annotations

import re
from typing import Any

#: Each kind of address the worker's code knows (``static/js/sw/``), by the endpoint whose
#: rule it is: a match's scoreboard, its next deal's form, a deal's fix, its document; a
#: Burro game's round and document; an evening table's deal on a side's phone, new or fixed.
ROUTES = {
    "board": "matches.scoreboard",
    "new_deal": "deals.new_deal",
    "edit_deal": "deals.edit_deal",
    "match_doc": "offline.match_document",
    "burro_round": "burro.add_round",
    "burro_doc": "offline.burro_document",
    "table_deal": "event_phones.new_deal",
    "table_fix": "event_phones.edit_deal",
}
#: A rule's argument as Werkzeug writes it in a rule: ``<name>``, ``<int:name>``.
_ARGUMENT = re.compile(r"<(?:(?P<converter>\w+)(?P<args>\(.*?\))?:)?(?P<name>\w+)>")
#: What a regular expression reads as more than the character itself, in both languages.
_SPECIAL = re.compile(r"[.^$*+?()\[\]{}|\\]")


def patterns(url_map: Any) -> dict[str, str]:
    """Each kind of address of ``ROUTES`` as the pattern of its rule, whole path."""
    rules = {rule.endpoint: rule for rule in url_map.iter_rules()}
    return {kind: pattern(rules[endpoint].rule, url_map) for kind, endpoint in ROUTES.items()}


def pattern(rule: str, url_map: Any) -> str:
    """A rule (``/m/<token>/deals/<int:number>/edit``) as a JavaScript regular expression
    of the whole path: each argument a named group of its converter's own pattern.

    >>> from werkzeug.routing import Map
    >>> pattern("/m/<token>/deals/<int:number>/edit", Map())
    '^/m/(?<token>[^/]{1,})/deals/(?<number>\\\\d+)/edit$'
    """
    out, at = ["^"], 0
    for found in _ARGUMENT.finditer(rule):
        if found["args"]:
            raise ValueError(f"a converter with arguments: {rule}")
        converter = url_map.converters[found["converter"] or "default"](url_map)
        out += [_SPECIAL.sub(r"\\\g<0>", rule[at:found.start()]),
                f"(?<{found['name']}>{converter.regex})"]
        at = found.end()
    return "".join([*out, _SPECIAL.sub(r"\\\g<0>", rule[at:]), "$"])
