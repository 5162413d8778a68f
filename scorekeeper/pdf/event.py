"""The printed papers of a club's evening (docs/contract.md, "Events"): how the next turn
sits (by table, and by name so that a player finds their table), a card for each table
with its QR code, a score slip for each table, and the standings with every turn's
results.

The event document is scored here, in the caller (an unreadable one raises
``InputError`` before any layout); the layout gets plain data only (``event_facts``),
so it can run in the layout worker and be kept by what it shows. The words are the
clubs' own (translations/GLOSSARY.md, "Events").
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Hashable, Mapping, Sequence
from functools import partial
from typing import Any

from flask_babel import gettext
from markupsafe import Markup

from scorekeeper import qrcodes
from scorekeeper.i18n import forced_locale
from scorekeeper.pdf.cache import Job, cached
from scorekeeper.pdf.engine import _write_pdf, check_paper, render_html
from scorekeeper.pdf.eventwords import (
    Names,
    by_name,
    fibur_source,
    movement_name,
    seat_words,
    side_name,
    turn_results,
    withdrawn_words,
)
from scorekeeper.pdf.words import number
from scorekeeper.pdf.worker import standalone_app
from scorekeeper.rules.eventdoc import read_event
from scorekeeper.rules.eventkept import kept_document
from scorekeeper.rules.movements import by_group, last_groups
from scorekeeper.rules.vptables import FIBUR_2026

#: The papers of an event, as the command line names them.
EVENT_PAPERS = ("seating", "cards", "slips", "standings")


def _seating(answer: Mapping[str, Any], plan: Sequence[str],
             turn: int | None) -> dict[str, Any] | None:
    """The turn the seating, the cards and the slips are for: ``turn`` (from 1, one
    entered or the next one), else the next one; None once the plan is played out."""
    turns = answer["turns"]
    if turn is None or turn == len(turns) + 1:
        return answer["next"]  # type: ignore[no-any-return]
    if not 1 <= turn <= len(turns):
        raise ValueError(f"turn {turn}: the event has {len(turns)} turns entered")
    tables = [{k: t[k] for k in ("table", "ns", "ew")} for t in turns[turn - 1]["tables"]]
    return {"turn": turn, "movement": plan[turn - 1], "tables": tables,
            "byes": turns[turn - 1]["byes"]}


def event_facts(doc: Any, turn: int | None = None,
                table_url: Callable[[int], str] | None = None) -> dict[str, Any]:
    """What the papers show of the event document ``doc``, as plain data: the answer
    of ``scorekeeper event``, the entrants' names, the seating of ``turn`` (default: the
    next turn) and each of its tables' link, ``table_url(table)``, for the cards."""
    event = read_event(doc)
    # the standings before the last turn too: a Danese in groups cut them (``last_groups``)
    answer, before = kept_document(doc)
    seating = _seating(answer, [m.name for m in event.plan], turn)
    urls = {t["table"]: table_url(t["table"])
            for t in seating["tables"]} if seating and table_url else {}
    return {"name": event.name, "kind": event.kind, "deals": event.deals_per_turn,
            "fibur": doc.get("vp_table", FIBUR_2026) == FIBUR_2026, "bye_vp": event.bye_vp,
            "names": dict(event.entrants), "turns": answer["turns"],
            "standings": answer["standings"], "seating": seating, "urls": urls,
            "played_out": answer["next"] is None, "groups": last_groups(doc, before),
            "withdrawn": [list(w) for w in event.withdrawn],
            # the evening's state, when its document says it (the app's papers do)
            "provisional": (doc.get("state") or {}).get("standings") == "provisional"}


def render_event_paper(paper_kind: str, doc: Any, lang: str, paper: str = "A4",
                       table_url: Callable[[int], str] | None = None,
                       turn: int | None = None, version: Hashable | None = None) -> bytes:
    """One of ``EVENT_PAPERS`` for the event document ``doc`` (or ``doc()``'s, made only
    when the paper is laid out), kept by what it shows, or by ``version`` when the
    caller names the document's version (its paper is then found again without the
    document made or scored); ``InputError`` for an unreadable document, ``ValueError``
    for a turn it does not have."""
    check_paper(paper)
    if paper_kind not in EVENT_PAPERS:
        raise ValueError(f"unknown paper {paper_kind!r}, expected one of {EVENT_PAPERS}")

    def facts() -> dict[str, Any]:
        return event_facts(doc() if callable(doc) else doc, turn, table_url)

    if version is not None:
        return cached(("event", paper_kind, version, turn, lang, paper),
                      lambda: Job(layout_event_paper, (paper_kind, facts(), lang, paper)))
    shown = facts()
    digest = hashlib.sha256(json.dumps(shown, sort_keys=True).encode()).hexdigest()
    return cached(("event", paper_kind, digest, lang, paper),
                  partial(Job, layout_event_paper, (paper_kind, shown, lang, paper)))


def print_event_paper(paper_kind: str, doc: Any, lang: str, paper: str = "A4",
                      table_url: Callable[[int], str] | None = None,
                      turn: int | None = None) -> bytes:
    """The same paper laid out here and now, for a command without a server
    (``scorekeeper event --print``): an app of its own, no worker, nothing kept."""
    check_paper(paper)
    if paper_kind not in EVENT_PAPERS:
        raise ValueError(f"unknown paper {paper_kind!r}, expected one of {EVENT_PAPERS}")
    facts = event_facts(doc, turn, table_url)
    with standalone_app().app_context():
        return layout_event_paper(paper_kind, facts, lang, paper)


def layout_event_paper(paper_kind: str, facts: Mapping[str, Any], lang: str,
                       paper: str) -> bytes:
    """Lay one paper out (the worker's job; inside an app context)."""
    with forced_locale(lang):
        names: Names = partial(side_name, facts["names"], facts["kind"])
        template, title, context = _LAYOUTS[paper_kind](facts, names, lang)
        heading = facts["name"] or gettext("Event")
        html = render_html(f"pdf/event_{template}.html", lang, f"{heading}: {title}",
                           heading=heading, subtitle=title, seats=seat_words(),
                           footer=" · ".join((heading, title)), **context)
    return _write_pdf(html, paper, kind="event")


def _seating_paper(facts: Mapping[str, Any], names: Names,
                   lang: str) -> tuple[str, str, dict[str, Any]]:
    seating = facts["seating"]
    title = gettext("Seating of turn %(turn)s", turn=number(seating["turn"], lang)) \
        if seating else gettext("Seating")
    if seating is None:
        return "seating", title, {"seating": None}
    tables = [{"table": number(t["table"], lang), "ns": names(t["ns"]), "ew": names(t["ew"]),
               "group": number(t.get("group"), lang)} for t in seating["tables"]]
    # the entrants withdrawn by the turn: seated nowhere (or at their table's forfeit)
    gone = [e for e, left in facts.get("withdrawn", ()) if left <= seating["turn"]]
    return "seating", title, {
        "seating": seating, "movement": movement_name(seating["movement"]), "tables": tables,
        "any_group": any(t["group"] for t in tables),
        "byes": [names(i) for i in seating["byes"]], "gone": [names(i) for i in gone],
        "withdrawn": withdrawn_words(facts["kind"]),
        "by_name": by_name(seating, facts["names"], facts["kind"], lang, gone)}


def _table_papers(facts: Mapping[str, Any], names: Names, lang: str) -> list[dict[str, Any]]:
    """Each table of the seating's turn: its number, sides, group and link's QR code."""
    out = []
    for table in (facts["seating"] or {}).get("tables", []):
        url = facts["urls"].get(table["table"])
        qr = Markup(qrcodes.svg_inline(url, sized=False, title=url)) if url else None
        out.append({"table": number(table["table"], lang), "ns": names(table["ns"]),
                    "ew": names(table["ew"]), "group": number(table.get("group"), lang),
                    "url": url, "qr": qr})
    return out


def _cards_paper(facts: Mapping[str, Any], names: Names,
                 lang: str) -> tuple[str, str, dict[str, Any]]:
    seating = facts["seating"]
    title = gettext("Table cards of turn %(turn)s", turn=number(seating["turn"], lang)) \
        if seating else gettext("Table cards")
    return "cards", title, {"seating": seating, "tables": _table_papers(facts, names, lang),
                            "turn": number(seating["turn"], lang) if seating else ""}


def _slips_paper(facts: Mapping[str, Any], names: Names,
                 lang: str) -> tuple[str, str, dict[str, Any]]:
    seating = facts["seating"]
    title = gettext("Score slips of turn %(turn)s", turn=number(seating["turn"], lang)) \
        if seating else gettext("Score slips")
    return "slips", title, {
        "seating": seating, "tables": _table_papers(facts, names, lang),
        "turn": number(seating["turn"], lang) if seating else "",
        "deals": [number(n, lang) for n in range(1, facts["deals"] + 1)]}


def _standings_paper(facts: Mapping[str, Any], names: Names,
                     lang: str) -> tuple[str, str, dict[str, Any]]:
    turns = facts["turns"]
    in_play = any(not t["complete"] for turn in turns for t in turn["tables"])
    if facts["played_out"] and not in_play and facts.get("provisional"):
        when = gettext("Provisional standings")
    elif facts["played_out"] and not in_play:
        when = gettext("Final standings")
    elif in_play:  # the turn's finished tables count, those still playing not yet
        when = gettext("Standings during turn %(turn)s", turn=number(len(turns), lang))
    else:
        when = gettext("Standings after turn %(turn)s", turn=number(len(turns), lang))
    groups = facts.get("groups")
    parts = by_group(facts["standings"], groups) if groups else [facts["standings"]]
    # a Danese in groups: each group's standings, ranked among itself, under its number
    words = withdrawn_words(facts["kind"])
    tables = [{"caption": gettext("Standings · Group %(group)d", group=i) if groups else None,
               "rows": [{"rank": number(s["rank"], lang), "name": names(s["id"]),
                         "vp": number(s["vp"], lang), "mp": number(s["mp"], lang),
                         "withdrawn": words["mark"] if s.get("withdrawn") else ""}
                        for s in part]}
              for i, part in enumerate(parts, start=1)]
    return "standings", gettext("Standings and results"), {
        "when": when, "in_play": in_play, "tables": tables, "withdrawn": words,
        "source": fibur_source() if facts["fibur"] else gettext(
            "Victory points: the club's own scale."),
        "turns": turn_results(turns, names, facts["bye_vp"], lang,
                              dict(facts.get("withdrawn", ())))}


_LAYOUTS: dict[str, Callable[[Mapping[str, Any], Names, str],
                             tuple[str, str, dict[str, Any]]]] = {
    "seating": _seating_paper, "cards": _cards_paper, "slips": _slips_paper,
    "standings": _standings_paper}
