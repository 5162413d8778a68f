"""What the event's papers call things, in the language being rendered: entrants by
name (or by their number when unnamed), the seats, the movements, the source of the
VP scale, the list by name and each turn's results. Call inside ``forced_locale(lang)``.

A name players typed is always a label (after a colon, in a cell), never the subject
of a sentence (translations/GLOSSARY.md).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Any

from flask_babel import gettext

from scorekeeper.collation import sort_key
from scorekeeper.messages import MOVEMENTS
from scorekeeper.msgids import NP_, translate
from scorekeeper.pdf.words import number
from scorekeeper.rules.eventdoc import INDIVIDUAL

#: A side of a table (an entrant's id, or two players' ids) as the papers name it.
Names = Callable[[int | Sequence[int]], str]
#: The federation's code the "fibur-2026" scale comes from (docs/sources.md): its name.
FIBUR_CODE = "F.I.Bur. Codice di Gara 01/2026"


def entrant_name(names: Mapping[int, str | None], kind: str, entrant: int) -> str:
    """An entrant's name, or "Pair 3" / "Player 3" when the document gives none."""
    name = names.get(entrant)
    if name:
        return name
    if kind == INDIVIDUAL:
        return str(gettext("Player %(id)s", id=str(entrant)))
    return str(gettext("Pair %(id)s", id=str(entrant)))


def side_name(names: Mapping[int, str | None], kind: str, side: int | Sequence[int]) -> str:
    """A side of a table: its entrant's name, or its two players' names."""
    ids = [side] if isinstance(side, int) else list(side)
    return " & ".join(entrant_name(names, kind, i) for i in ids)


def seat_words() -> dict[str, str]:
    """The seats, short (a column) and long (a card), and sitting a turn out."""
    return {"ns": gettext("NS"), "ew": gettext("EW"), "ns_long": gettext("North-South"),
            "ew_long": gettext("East-West"), "bye": gettext("Bye")}


#: What marks an entrant who left the evening (docs/contract.md, "Withdrawal"), a pair's
#: word and a player's (the pages' own, ``web/evening/rows.py``).
WITHDRAWN = {"pairs": NP_("pair", "withdrawn"), "individual": NP_("player", "withdrawn")}


def withdrawn_words(kind: str) -> dict[str, str]:
    """The mark after a withdrawn entrant's name (``mark``), and the label before the list
    of those withdrawn (``label``, its colon included)."""
    return {"mark": translate(WITHDRAWN.get(kind, WITHDRAWN["pairs"]), gettext),
            "label": gettext("Withdrawn players:") if kind == INDIVIDUAL
            else gettext("Withdrawn pairs:")}


def movement_name(movement: str) -> str:
    known = MOVEMENTS.get(movement)
    return gettext(known) if known else movement


def fibur_source() -> str:
    """Where the VP scale comes from, when it is the federation's."""
    return str(gettext("Source of the victory-point scale: %(code)s.", code=FIBUR_CODE))


def by_name(seating: Mapping[str, Any], names: Mapping[int, str | None], kind: str,
            lang: str, gone: Collection[int] = ()) -> list[dict[str, str]]:
    """Every entrant of the seating, alphabetically as ``lang`` orders names
    (``collation``): its table and seat (or the bye), and each one withdrawn by its turn
    seated nowhere (``gone``), marked."""
    words = seat_words()
    rows = []
    for table in seating["tables"]:
        for key in ("ns", "ew"):
            ids = [table[key]] if isinstance(table[key], int) else table[key]
            rows += [(entrant_name(names, kind, i), i, number(table["table"], lang), words[key])
                     for i in ids]
    rows += [(entrant_name(names, kind, i), i, "", words["bye"]) for i in seating["byes"]]
    seated = {row[1] for row in rows}
    mark = withdrawn_words(kind)["mark"]
    rows += [(entrant_name(names, kind, i), i, "", mark) for i in gone if i not in seated]
    order = sort_key(lang)
    rows.sort(key=lambda row: (order(row[0]), row[1]))
    return [{"name": name, "table": table, "seat": seat} for name, _, table, seat in rows]


def _note(table: Mapping[str, Any], lang: str) -> str:
    """What else a result says: a forfeit, the penalties, a table still in play."""
    words = seat_words()
    if table["forfeit"]:
        return str(gettext("Forfeit: %(side)s", side=words[table["forfeit"]]))
    notes = [gettext("Penalty %(seat)s: %(mp)s", seat=words[key], mp=number(-mp, lang))
             for key, mp in zip(("ns", "ew"), table["penalties"], strict=True) if mp]
    if not table["complete"]:
        notes.append(gettext("In play"))
    return " · ".join(notes)


def turn_results(turns: Sequence[Mapping[str, Any]], names: Names, bye_vp: int,
                 lang: str, gone: Mapping[int, int] | None = None) -> list[dict[str, Any]]:
    """Each turn's tables (both sides' MP and VP, and a note), its byes and the entrants
    who withdrew from it (``gone``: each withdrawn entrant's turn, 1-based)."""
    left = gone or {}
    out = []
    for index, turn in enumerate(turns, start=1):
        tables = []
        for t in turn["tables"]:
            vp = t["vp"] or [None, None]
            tables.append({"table": number(t["table"], lang), "ns": names(t["ns"]),
                           "ew": names(t["ew"]), "mp": [number(m, lang) for m in t["mp"]],
                           "vp": [number(v, lang) for v in vp], "note": _note(t, lang)})
        out.append({"number": number(index, lang), "tables": tables,
                    "byes": [names(i) for i in turn["byes"]], "bye_vp": number(bye_vp, lang),
                    "gone": [names(i) for i, turn_left in left.items() if turn_left == index]})
    return out
