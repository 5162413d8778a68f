"""The papers of an evening with a pair withdrawn (docs/contract.md, "Withdrawal"): the
standings mark it in the page's language, the turn it left from names it, and the next
turn's seating lists it by name as withdrawn, with no table and no bye.

The evening of ``test_event_prints`` after two turns, where Esposito – Romano (pair 3)
leave at table 3 of turn 2: that table is their side's forfeit (6 VP to them, 14 to Bruno
– Gallo, no MP) instead of its deals (690 – 1200, 5 – 15). From AFTER_TWO, counted by
hand: pair 3 19 − 5 + 6 = 20 VP and 690 − 690 = 0 MP; pair 6 25 − 15 + 14 = 24 VP and
2150 − 1200 = 950 MP; the others as they were, in the same order. Turn 3, a Danese of the
seven pairs left: 2 v 8, 1 v 6, 7 v 4, and the last of them, pair 5, sits out.
"""

from __future__ import annotations

from typing import Any

import pytest
from pdf_support import pdf_text
from test_event_prints import NAMES, _row, evening

from scorekeeper import pdf
from scorekeeper.rules import event_document

#: The standings after two turns: rank, pair, VP, MP.
STANDINGS = [(1, 2, 30, 3050), (2, 8, 27, 2750), (3, 1, 26, 2600), (4, 6, 24, 950),
             (5, 3, 20, 0), (6, 7, 16, 1000), (7, 4, 12, 1550), (8, 5, 5, 1400)]


def withdrawn() -> dict[str, Any]:
    doc = evening(2)
    doc["turns"][1]["tables"][2]["forfeit"] = "ns"
    doc["withdrawn"] = [{"entrant": 3, "from_turn": 2}]
    return doc


def test_the_referee_counts_it_as_counted_by_hand() -> None:
    answer = event_document(withdrawn())
    assert [(s["rank"], s["id"], s["vp"], s["mp"]) for s in answer["standings"]] == STANDINGS
    assert [s["id"] for s in answer["standings"] if s.get("withdrawn")] == [3]
    assert [(t["table"], t["ns"], t["ew"]) for t in answer["next"]["tables"]] == [
        (1, 2, 8), (2, 1, 6), (3, 7, 4)]
    assert answer["next"]["byes"] == [5]


@pytest.mark.parametrize(("lang", "heading", "mark", "listed"), [
    ("en", "STANDINGS AFTER TURN 2", "(withdrawn)", "Withdrawn pairs:"),
    ("it", "CLASSIFICA DOPO IL TURNO 2", "(ritirata)", "Coppie ritirate:"),
    ("fr", "CLASSEMENT APRÈS LE TOUR 2", "(abandon)", "Paires qui ont abandonné :"),
    ("pt_PT", "CLASSIFICAÇÃO APÓS O TURNO 2", "(desistiu)", "Pares que desistiram:"),
])
def test_the_standings_mark_the_pair_withdrawn(ctx: Any, lang: str, heading: str, mark: str,
                                              listed: str) -> None:
    text = pdf_text(pdf.render_event_paper("standings", withdrawn(), lang))
    assert heading in text
    standings = text[text.index(heading):]
    for rank, pair, vp, mp in STANDINGS:
        name = f"{NAMES[pair]} {mark}" if pair == 3 else NAMES[pair]
        assert _row(lang, rank, name, vp, mp) in standings, (lang, pair)
    assert text.count(mark) == 1
    # turn 2 names it under its tables, turn 1 does not
    assert f"{listed} {NAMES[3]}" in text
    assert text.index(f"{listed} {NAMES[3]}") > text.rindex(NAMES[7])
    assert text.count(listed) == 1


def test_the_next_turn_s_seating_lists_it_by_name_as_withdrawn(ctx: Any) -> None:
    text = pdf_text(pdf.render_event_paper("seating", withdrawn(), "it"))
    assert "Riposo: Ávila – Greco" in text
    assert f"Coppie ritirate: {NAMES[3]}" in text
    # by name: no table, no bye, the mark where the seat goes
    assert f"{NAMES[3]} ritirata" in text
    assert f"{NAMES[3]} Riposo" not in text
