"""Each deal one side of a table entered, as the other side checks it against its own slip
before it confirms: each side's figures side by side, as entered and as the referee
counts them (the points of the cards on the table, the canastras — burracos — of each
kind, their bonus, going out, the morto's — pozzetto's — penalty, the cards left in hand,
the deal's total), and who went out. Each deal is scored on its own, both sides from 0,
as an evening scores it (``rules.score_document``: the same road as every deal)."""

from __future__ import annotations

from typing import Any

from scorekeeper import rules
from scorekeeper.models import Event
from scorekeeper.vocabulary import count_label, term
from scorekeeper.web.common import _

#: A side's figures after the canastras, in the order the breakdown shows them: (the
#: referee's key, the tradition's game word for it, else None: the page's own word).
FIGURES = (("bonus_points", None), ("going_out_bonus", "going_out"),
           ("morto_penalty", "morto"), ("hand_points", None))


def breakdowns(event: Event, deals: list[dict[str, Any]]) -> list[dict[str, Any] | None]:
    """Each of ``deals`` (a side's sheet) scored on its own: its lines, each a label and
    the two sides' figures (``lines``: the canastras of each kind either side made among
    them, by count), the two totals (``totals``), the side that went out (``went_out``:
    0, 1 or None) and the game's word for it (``closer``); None for a deal the referee
    cannot read."""
    chosen = event.head["profile"]
    profile = rules.profile_of(chosen)
    words = {"bonus_points": _("bonus"), "hand_points": _("hand"),
             "closer": str(term("Going_out", profile.tradition))}
    words.update({key: str(term(word, profile.tradition)) for key, word in FIGURES if word})
    return [_breakdown(deal, chosen, profile, words) for deal in deals]


def _breakdown(deal: dict[str, Any], chosen: Any, profile: rules.Profile,
               words: dict[str, str]) -> dict[str, Any] | None:
    try:
        sides = rules.score_document({**deal, "profile": chosen})["sides"]
    except rules.InputError:
        return None
    kinds = [c for c in profile.categories if any(s["canastra_counts"].get(c) for s in sides)]
    lines = [_line(_("table"), [s["table_points"] for s in sides])]
    lines.extend(_line(str(count_label(c, profile.tradition)),
                       [s["canastra_counts"].get(c, 0) for s in sides], count=True)
                 for c in kinds)
    lines.extend(_line(words[key], [s[key] for s in sides]) for key, _word in FIGURES)
    went_out = next((i for i, s in enumerate(sides) if s["went_out"]), None)
    return {"lines": lines, "totals": [s["total"] for s in sides], "went_out": went_out,
            "closer": words["closer"]}


def _line(label: str, figures: list[int], count: bool = False) -> dict[str, Any]:
    """A line of the breakdown: its label, the two sides' figures, and whether they count
    canastras (shown as counts, never signed)."""
    return {"label": label, "figures": figures, "count": count}
