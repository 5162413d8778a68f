"""An evening's lines as its pages show them: each table of the turn in play (who sits
North-South and East-West, its MP and VP or where it stands) and each line of the
standings, in the page's language. Written here rather than by the templates' macros
(``templates/_event.html`` calls them): a 50-table turn and 100 standings lines took the
director's page most of its time as macros, a number and a name at a time."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import url_for
from markupsafe import Markup, escape

from scorekeeper.i18n import format_number, page_gettext, page_translations
from scorekeeper.msgids import N_, NP_, translate
from scorekeeper.web.common import locale_code


def seat_name(side: Any, names: Any) -> str:
    """An evening's side: a pair's name (its entrant's id), or two players' names."""
    ids = side if isinstance(side, list) else [side]
    return " & ".join(str(names.get(i, i)) for i in ids)


def _seat(side: Any, safe: dict[int, Markup]) -> str:
    """``seat_name`` as HTML, of the names escaped once (``_escaped``)."""
    if isinstance(side, list):
        return " &amp; ".join(safe[i] if i in safe else str(i) for i in side)
    return safe[side] if side in safe else str(side)


def _escaped(names: dict[int, str]) -> dict[int, Markup]:
    """The names as HTML, once per set of names (a page draws them in several lists)."""
    return _escaped_once(tuple(names.items()))


@lru_cache(maxsize=64)
def _escaped_once(names: tuple[tuple[int, str], ...]) -> dict[int, Markup]:
    return {i: escape(str(name)) for i, name in names}


def _n(value: Any, code: str) -> str:
    """A number as ``num`` writes it, as HTML (a whole number's digits and separators
    need no escaping)."""
    text = format_number(value, code)
    return text if type(value) is int else str(escape(text))


def _say(text: str, /, **params: Any) -> Markup:
    """A message as a template's ``_`` says it: the translation as markup, its
    parameters escaped into it."""
    return Markup(page_translations().ugettext(text)) % params


#: What marks an entrant who left the evening (docs/contract.md, "Withdrawal"), a pair's
#: word and a player's (another gender in some languages: *ritirata*, *ritirato*).
WITHDRAWN = {"pairs": NP_("pair", "withdrawn"), "individual": NP_("player", "withdrawn")}


def withdrawn_mark(kind: str) -> Markup:
    """The mark after a withdrawn entrant's name, in the page's language."""
    said = escape(translate(WITHDRAWN.get(kind, WITHDRAWN["pairs"]), page_gettext))
    return Markup(f' <span class="muted withdrawn">({said})</span>')


def standing_rows(lines: list[dict[str, Any]], names: dict[int, str],
                  kind: str = "pairs") -> Markup:
    """The lines of the standings: rank, who (marked when it withdrew), VP, MP."""
    code, safe = locale_code(), _escaped(names)
    mark = withdrawn_mark(kind) if any("withdrawn" in line for line in lines) else ""
    return Markup("".join(f'<tr><td>{_n(line["rank"], code)}</td>'
                          f'<th scope="row">{_seat(line["id"], safe)}'
                          f'{mark if line.get("withdrawn") else ""}</th>'
                          f'<td>{_n(line["vp"], code)}</td>\n'
                          f'      <td>{_n(line["mp"], code)}</td></tr>' for line in lines))


def table_rows(current: dict[str, Any], names: dict[int, str], deals_per_turn: int,
               token: str | None, states: dict[int, Any], late: bool) -> Markup:
    """The lines of the tables of the turn in play: each table's number (a link to its
    page on the director's, ``token``), its sides, and its MP and VP once complete, else
    where it stands (``states``: its phones'; ``late``: the turn's time is up)."""
    code, safe = locale_code(), _escaped(names)
    base = None
    if token:  # every table's link is its number after the same path (built once)
        first = url_for("event_tables.table_page", token=token, turn=current["number"], table=0)
        base = str(escape(first[:-1])) if first.endswith("/0") else None
    rows = []
    for t in current["tables"]:
        number = _n(t["table"], code)
        if token:
            url = base + str(t["table"]) if base is not None else str(escape(url_for(
                "event_tables.table_page", token=token, turn=current["number"],
                table=t["table"])))
            number = f'<a href="{url}">{number}</a>'
        rows.append(
            f'<tr id="table-{escape(t["table"])}">\n      <th scope="row">{number}</th>\n'
            f'      <td>{_seat(t["ns"], safe)}</td><td>{_seat(t["ew"], safe)}</td>\n'
            f'{_result(t, states.get(t["table"]), deals_per_turn, late, code)}    </tr>')
    return Markup("".join(rows))


def _vp(vp: list[int], code: str) -> str:
    return f"{_n(vp[0], code)}–{_n(vp[1], code)}"


def _result(t: dict[str, Any], state: Any, deals_per_turn: int, late: bool, code: str) -> str:
    """A table's last cells: a forfeit, its MP and VP, or where it stands."""
    if t["forfeit"]:
        forfeit = _say(N_("Forfeit"))
        return f'<td colspan="2">{forfeit}{escape(page_gettext(": "))}{_vp(t["vp"], code)}</td>'
    if t["complete"]:
        return f'<td>{_vp(t["mp"], code)}</td><td>{_vp(t["vp"], code)}</td>'
    if state and state.state == "disputed":
        said = _say(N_("Disputed"))
    elif state and state.state == "waiting":
        said = _say(N_("Waiting for confirmation"))
    elif state and state.entered or t["deals"]:
        said = _say(N_("Deals: %(entered)s of %(all)s"),
                    entered=format_number(state.entered if state else len(t["deals"]), code),
                    all=format_number(deals_per_turn, code))
    else:
        said = _say(N_("Not started"))
    if late:
        late_word = _say(N_("Late"))
        said += Markup(f' · <b class="late">{late_word}</b>')
    return f'<td colspan="2" class="muted state">{said}</td>'
