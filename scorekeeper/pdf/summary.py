"""The match summary: who played, every deal's points, the result and a chart of
the running totals, from a match snapshot (the web app's ``match_snapshot``)."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from datetime import date, datetime
from functools import partial
from typing import Any

from flask_babel import format_date, gettext

from scorekeeper.chart import chart
from scorekeeper.i18n import forced_locale
from scorekeeper.moments import in_zone, on_paper, zone_named
from scorekeeper.pdf.cache import Job, cached
from scorekeeper.pdf.engine import _write_pdf, check_paper, render_html
from scorekeeper.pdf.sheets import reminder
from scorekeeper.pdf.words import category_label, number, profile_terms
from scorekeeper.rules import profile_of

Num = Callable[[Any], str]

#: The chart's height (SVG units, 640 wide: 31 mm on A4), flatter than the scoreboard's,
#: so that a usual match's 12 deals stay on the summary's one page.
CHART_HEIGHT = 108


def render_match_summary(snapshot: Mapping[str, Any], lang: str, paper: str = "A4") -> bytes:
    """The match summary as a PDF, served from the cache for a known (id, version)."""
    known = snapshot.get("id") is not None and snapshot.get("version") is not None
    return render_saved_summary((snapshot.get("id"), snapshot.get("version")) if known else None,
                                lambda: snapshot, lang, paper)


def render_saved_summary(kept: Hashable | None, snapshot: Callable[[], Mapping[str, Any]],
                         lang: str, paper: str = "A4") -> bytes:
    """The summary of the match kept as ``kept`` (what identifies it and its version, for
    ever; None: not kept); ``snapshot()`` is taken only when that PDF is not kept already
    and the worker has room to lay it out, so a refused download costs next to nothing."""
    check_paper(paper)
    return cached(None if kept is None else ("match", kept, lang, paper),
                  lambda: Job(layout_match_summary, (dict(snapshot()), lang, paper)))


def layout_match_summary(snapshot: Mapping[str, Any], lang: str, paper: str) -> bytes:
    """Lay out the match summary (the worker's job; inside an app context)."""
    with forced_locale(lang):
        context = _match_context(snapshot, lang)
        title = gettext("%(match)s: match summary", match=context["name"])
        context["footer"] = " · ".join(
            part for part in (context["name"], context["date"], context["terms"]["name"])
            if part)
        html = render_html("pdf/match_summary.html", lang, title, **context)
    return _write_pdf(html, paper, kind="summary")


def _match_context(snapshot: Mapping[str, Any], lang: str) -> dict[str, Any]:
    num = partial(number, lang=lang)
    result = snapshot["result"]
    profile_id = snapshot["profile"]
    house = (snapshot.get("rules") or {}).get("document")
    profile = profile_of(house or profile_id)
    sides = snapshot["sides"]
    names = [str(side["name"]) for side in sides]
    after = result.get("after_each_deal") or []
    bonuses = profile.bonuses
    deals = [_deal(deal_number, scored, names, after, bonuses, num)
             for deal_number, scored in enumerate(result.get("deals") or [], start=1)]
    # the moments in the match's time zone (the phone's that started it), named once at
    # the top; a match without one keeps them in UTC
    zone = zone_named(snapshot.get("zone"))
    # a corrected deal keeps a trace: when it was saved again
    corrected = snapshot.get("corrected") or {}
    for deal in deals:
        when = _parse_moment(corrected.get(deal["number"]) or corrected.get(str(deal["number"])))
        deal["corrected"] = on_paper(when, zone, lang) if isinstance(when, datetime) else None
    status = result.get("status")
    winner = result.get("winner")
    target = result.get("target", snapshot.get("target"))
    totals = result.get("totals") or (after[-1] if after else [0] * len(names))
    created = _parse_moment(snapshot.get("created"))
    day = in_zone(created, zone).date() if isinstance(created, datetime) else created
    shown = [{"name": names[i], "players": _players(names[i], side),
              "total": num(totals[i]) if i < len(totals) else "",
              "winner": status == "won" and winner == i}
             for i, side in enumerate(sides)]
    return {
        "match": snapshot,
        "name": str(snapshot.get("name") or ""),
        "date": format_date(day, "long") if day else "",
        # when it started, with the zone's name: the one place the paper says it
        "started": on_paper(created, zone, lang, named=True)
        if zone and isinstance(created, datetime) else None,
        "terms": profile_terms(profile_id, house=profile.name if house else None),
        # house rules: their numbers under the deals, as on their blank sheet
        "reminder": reminder(profile, lang) if house else None,
        "target": num(target),
        "sides": shown,
        # a column of players only where some side has more than its name
        "any_players": any(side["players"] for side in shown),
        "deals": deals,
        "any_invalid": any(not deal["valid"] for deal in deals),
        "any_corrected": [deal for deal in deals if deal["corrected"]],
        "status": status,
        "winner": names[winner] if status == "won" and isinstance(winner, int) else None,
        "chart": chart(names, after, target if isinstance(target, int) else None, num,
                       height=CHART_HEIGHT),
    }


def _players(name: str, side: Mapping[str, Any]) -> list[str]:
    """The players of a side, when they say more than its name: a side of one player
    named after them (1 against 1) is named once, not "Ana · Ana"."""
    players = [str(p) for p in side.get("players") or []]
    if [" ".join(p.split()).casefold() for p in players] == [" ".join(name.split()).casefold()]:
        return []
    return players


def _deal(deal_number: int, scored: Mapping[str, Any], names: list[str],
          after: list[list[int]], bonuses: Mapping[str, int], num: Num) -> dict[str, Any]:
    """One deal of the table: a row per side; striped every other deal, in red when
    the deal breaks a rule."""
    running = after[deal_number - 1] if deal_number - 1 < len(after) else []
    rows = [_row(side, names[index] if index < len(names) else side.get("name", ""),
                 running[index] if index < len(running) else None, bonuses, num)
            for index, side in enumerate(scored["sides"])]
    valid = bool(scored.get("valid", True) and not scored.get("problems"))
    classes = " ".join(name for name, on in (
        ("alt", deal_number % 2 == 0), ("invalid", not valid)) if on)
    return {"number": deal_number, "rows": rows, "valid": valid, "classes": classes}


def _row(side: Mapping[str, Any], name: str, running: int | None,
         bonuses: Mapping[str, int], num: Num) -> dict[str, Any]:
    """One side's points in a deal; a zero going-out, pile or hand is an empty cell."""
    lines = _bonus_lines(side, bonuses, num)
    bonus_text = ", ".join(lines)
    if len(lines) > 1:
        bonus_text += f" = {num(side.get('bonus_points'))}"
    return {
        "name": name,
        "table": num(side.get("table_points")),
        # one text run per cell: "2 × clean 200, dirty 100 = 500"
        "bonuses": bonus_text,
        "bonus_points": num(side.get("bonus_points")),
        "going_out": num(side.get("going_out_bonus")) if side.get("going_out_bonus") else "",
        "went_out": bool(side.get("going_out_bonus")),
        "morto": num(side.get("morto_penalty")) if side.get("morto_penalty") else "",
        "hand": num(side.get("hand_points")) if side.get("hand_points") else "",
        "total": num(side.get("total")),
        "running": num(running) if running is not None else "",
    }


def _bonus_lines(scored: Mapping[str, Any], bonuses: Mapping[str, int], num: Num) -> list[str]:
    """Each bonus of a side in a deal, with its category: ``2 × clean 200``."""
    counted: dict[str, int] = {}
    categories = scored.get("canastras")
    if categories is None:  # a score document without the summary: read the melds
        categories = [meld["category"] for meld in scored.get("melds") or []
                      if isinstance(meld, Mapping) and meld.get("valid")
                      and meld.get("category")]
    for category in categories:
        counted[category] = counted.get(category, 0) + 1
    lines = []
    for category, count in counted.items():
        points = bonuses.get(category)
        label = category_label(category)
        shown = f"{label} {num(points)}" if points is not None else label
        lines.append(gettext("%(count)s × %(bonus)s", count=num(count), bonus=shown)
                     if count > 1 else shown)
    return lines


def _parse_moment(moment: Any) -> date | None:
    """A moment of the snapshot (ISO text; naive: UTC, as stored), or its day."""
    if isinstance(moment, datetime | date):
        return moment
    if isinstance(moment, str) and moment:
        try:
            return datetime.fromisoformat(moment.replace("Z", "+00:00"))
        except ValueError:
            return None
    return None
