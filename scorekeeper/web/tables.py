"""Tables: the people who play together, reached by a secret link like a match's.

A table holds its players (one row each: renamed, a player keeps their id, and with it
their matches) and the matches started from it. Whoever opens a table's link has it on
their phone's home page, as with a match; its page shows the link's QR code for the
other phones of the table.
"""

from __future__ import annotations

from datetime import UTC, date
from functools import partial
from typing import Any
from zoneinfo import ZoneInfo

from babel.lists import format_list
from flask import Blueprint, abort, render_template, request, url_for
from flask_babel import format_date, ngettext
from sqlalchemy import select
from sqlalchemy.orm import Session, selectinload

from scorekeeper import digits, pdf
from scorekeeper.chart import bars
from scorekeeper.db import reader
from scorekeeper.forms import MIXED_NAME, NewTableForm, is_token
from scorekeeper.gradefiles import MAX_PLAYER_NAME
from scorekeeper.i18n import forced_locale, format_number
from scorekeeper.models import Deal, HouseRules, Match, Table, TablePlayer
from scorekeeper.moments import zone_named
from scorekeeper.names import mixes_scripts, shows, visible_key
from scorekeeper.standings import (
    NO_FIGURES,
    Figures,
    Line,
    Played,
    company,
    results,
    side_figures,
    standings,
    versus,
)
from scorekeeper.web import exports, writes
from scorekeeper.web.common import (
    _,
    cache,
    joined_name,
    locale_code,
    num,
    remember,
    remembered,
    rules_name,
)
from scorekeeper.web.links import public_url, qr_svg
from scorekeeper.web.scoreboard import kept_key, with_results
from scorekeeper.web.tablegrades import player_grade, ranked_grades, table_grades

bp = Blueprint("tables", __name__)

#: How many players a table holds.
MIN_PLAYERS, MAX_PLAYERS = 2, 24


def load_table(db: Session, token: str) -> Table | None:
    """The table a link opens, with its players; None for no table."""
    if not is_token(token):
        return None
    return db.scalar(select(Table).where(Table.edit_token == token)
                     .options(selectinload(Table.players)))


def open_table(token: str) -> Table:
    table = load_table(reader(), token)
    if table is None:
        abort(404)
    return table


def my_tables(db: Session) -> list[tuple[int, str]]:
    """The tables this browser keeps, each as (its place in the browser's list, its name):
    a page lists them without their links (the link is the table's key)."""
    tokens = remembered("tables")
    if not tokens:
        return []
    place = {token: i for i, token in enumerate(tokens)}
    return [(place[t.edit_token], t.name) for t in db.scalars(
        select(Table).where(Table.edit_token.in_(tokens)).order_by(Table.updated.desc()))]


def players_as_entrants(db: Session, chosen: str | None, individual: bool) -> str | None:
    """The players of the table at place ``chosen`` of this browser's list as an evening's
    entrants, one a line: each player (an individual evening), or two to a pair in their
    order (an odd last one alone); None when no table is chosen or there is none there."""
    tokens = remembered("tables")
    place = digits.below(chosen, len(tokens))
    if place is None:
        return None
    found = load_table(db, tokens[place])
    if found is None:
        return None
    names = [p.name for p in found.players]
    if individual:
        return "\n".join(names)
    return "\n".join(" – ".join(names[i:i + 2]) for i in range(0, len(names), 2))


def names_typed(text: str | None) -> list[str]:
    """The names of a text with one per line (lines with nothing visible dropped)."""
    return [line.strip() for line in (text or "").splitlines() if shows(line)]


def name_problems(names: list[str]) -> list[str]:
    """What is wrong with a table's players, in words: their number, their names."""
    problems = []
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        problems.append(_("A table has %(min)d to %(max)d players; you named %(count)d.",
                          min=MIN_PLAYERS, max=MAX_PLAYERS, count=len(names)))
    if any(len(n) > MAX_PLAYER_NAME for n in names):
        problems.append(_("A player's name has at most %(max)d characters.",
                          max=MAX_PLAYER_NAME))
    if len({visible_key(n) for n in names}) != len(names):
        problems.append(_("Two players have the same name."))
    if any(mixes_scripts(n) for n in names):
        problems.append(str(MIXED_NAME))
    return problems


@bp.route("/tables/new", methods=["GET", "POST"])
def new_table() -> Any:
    """Name the table and its players."""
    form = writes.keyed(NewTableForm())
    if form.validate_on_submit():
        names = names_typed(form.players.data)
        form.players.errors = [*form.players.errors, *name_problems(names)]
        if not form.players.errors:
            return _create(form, names)
    return render_template("table_new.html", form=form), 200 if not form.errors else 422


def known_zone(name: Any) -> str:
    """A time zone the server knows by that name (IANA: ``moments.zone_named``), else UTC."""
    return zone_named(name) or "UTC"


def _create(form: NewTableForm, names: list[str]) -> Any:
    return writes.create_from_form(
        form, "new-table",
        lambda: Table(name=form.name.data or joined_name(names, " · ", 80),
                      zone=known_zone(form.zone.data),
                      players=[TablePlayer(name=n, position=i) for i, n in enumerate(names)]),
        "tables.table", "tables", "table_new.html")


def scored_matches(found: Table, *, deals: bool = False,
                   whole: bool = True) -> list[tuple[Match, dict[str, Any]]]:
    """The table's matches in the order they were played, each with the referee's
    document (``scoreboard.with_results``; ``whole=False``: without its deals); ``deals``:
    their deals read too (the export)."""
    query = select(Match).where(Match.table_id == found.id).order_by(Match.created, Match.id)
    db = reader()
    return with_results(db, list(db.scalars(
        query.options(selectinload(Match.deals)) if deals else query)), whole=whole)


def _evening_of(found: Table) -> Any:
    """The date of the evening a match was played, in the table's time zone."""
    zone = ZoneInfo(known_zone(found.zone))
    return lambda match: match.created.replace(tzinfo=UTC).astimezone(zone).date()


@bp.get("/t/<token>")
def table(token: str) -> Any:
    """The table: its players, its matches, a new match among them, its evenings, its
    players and pairs by grade, its link for the other phones."""
    found = open_table(token)
    remember(token, "tables")
    played = scored_matches(found, whole=False)
    matches = sorted((m for m, _result in played), key=lambda m: m.updated, reverse=True)
    link = public_url(url_for("tables.table", token=token))
    evenings = sorted(set(map(_evening_of(found), matches)), reverse=True)
    return render_template(
        "table.html", table=found, link=link, qr=qr_svg(link), evenings=evenings[:12],
        in_progress=[m for m in matches if m.status != "won"],
        finished=[m for m in matches if m.status == "won"], house=table_house_rules(found),
        grades=ranked_grades(table_grades(found, played).document))


def table_house_rules(found: Table) -> list[HouseRules]:
    """The house rules made from the table, the last changed first."""
    return list(reader().scalars(select(HouseRules).where(HouseRules.table_id == found.id)
                                 .order_by(HouseRules.updated.desc())))


class _Evening:
    """One evening of a table: its matches and their standings."""

    def __init__(self, found: Table, day: str) -> None:
        try:
            self.day = date.fromisoformat(day)
        except ValueError:
            abort(404)
        evening = _evening_of(found)
        self.matches = [(m, r) for m, r in scored_matches(found) if evening(m) == self.day]
        self.players, self.pairs = standings(_played(self.matches))
        self.waiting = sum(1 for m, _r in self.matches if m.status != "won")


@bp.get("/t/<token>/night/<day>")
def night(token: str, day: str) -> Any:
    """One evening of the table: its matches summed per player and per pair, ranked by
    matches won, then by points."""
    found = open_table(token)
    evening = _Evening(found, day)
    return render_template(
        "table_night.html", table=found, day=evening.day, players=evening.players,
        pairs=evening.pairs, names=_namer(found), matches=[m for m, _r in evening.matches],
        waiting=evening.waiting)


@bp.get("/t/<token>/night/<day>.pdf")
def night_sheet(token: str, day: str) -> Any:
    """The evening as a PDF to print, in the page's language (or ``?lang=``)."""
    found = open_table(token)
    evening = _Evening(found, day)
    lang = exports.language()
    names = _namer(found)
    with forced_locale(lang):
        heading = _("Evening of %(date)s", date=format_date(evening.day, "full"))
        waiting = ngettext("%(num)d match still in progress is not counted.",
                           "%(num)d matches still in progress are not counted.",
                           evening.waiting) if evening.waiting else ""

        def lines(ranked: list[Line]) -> list[tuple[str, str, str, str, str]]:
            return [(str(x.rank), names(x.who), format_number(x.won, lang),
                     format_number(x.played, lang), format_number(x.points, lang))
                    for x in ranked]

        played = [(m.name, rules_name(m),
                   "\u00a0–\u00a0".join(format_number(t, lang) for t in m.totals))
                  for m, _r in evening.matches]
        data = pdf.render_night_sheet(heading, found.name, lines(evening.players),
                                      lines(evening.pairs), played, waiting, lang,
                                      exports.paper())
    return exports.send_pdf(data, f"scorekeeper-evening-{evening.day.isoformat()}.pdf")


def _finished(matches: list[tuple[Match, dict[str, Any]]]) -> list[tuple[Match, dict[str, Any]]]:
    """The finished ones of ``matches``, in the order they were played."""
    return [(m, r) for m, r in matches if m.status == "won" and isinstance(r.get("winner"), int)]


def _played(matches: list[tuple[Match, dict[str, Any]]]) -> list[Played]:
    """The finished ones of ``matches``, in the order they were played, as the standings
    read them: who sat on each side, each side's total, the side that won."""
    return [Played(sides=[side.get("seats", []) for side in m.sides], totals=m.totals,
                   winner=int(r["winner"])) for m, r in _finished(matches)]


def _namer(found: Table) -> Any:
    """Who a line is about, in words: a player's name, or a pair's ("Ana & Bia")."""
    names = {p.id: p.name for p in found.players}
    return lambda who: " & ".join(names.get(i, "?") for i in who)


def _lister(found: Table) -> Any:
    """Players named one after the other, as the page's language lists them."""
    names = _namer(found)
    return lambda ids: format_list([names([i]) for i in ids], locale=locale_code())


def _chosen(found: Table, key: str) -> list[int]:
    """The table's players a query names under ``key`` (at most two: a player or a pair)."""
    ids = {p.id for p in found.players}
    chosen = []
    for value in request.args.getlist(key):
        player = digits.below(value, 10**18)
        if player in ids and player not in chosen:
            chosen.append(player)
    return chosen[:2]


@bp.get("/t/<token>/versus")
def versus_page(token: str) -> Any:
    """Two players or two pairs of the table: their record against each other."""
    found = open_table(token)
    a, b = _chosen(found, "a"), _chosen(found, "b")
    problem = None
    record = None
    games: list[tuple[Match, int, str]] = []
    if a and b:
        if set(a) & set(b):
            problem = _("Choose different players on each side.")
        else:
            finished = _finished(scored_matches(found))
            record = versus(_played(finished), a, b)
            games = [(finished[i][0], margin, result) for i, margin, result
                     in zip(record.which, record.margins, record.trend, strict=True)]
    elif a or b:
        problem = _("Choose one or two players on each side.")
    drawn = bars(list(record.margins), [t == "won" for t in record.trend], num) \
        if record is not None and record.played else None
    return render_template("table_versus.html", table=found, a=a, b=b, record=record,
                           problem=problem, names=_namer(found), drawn=drawn, games=games,
                           day=_evening_of(found))


@bp.get("/t/<token>/p/<int:player>")
def player_page(token: str, player: int) -> Any:
    """One player of the table: their record, grade and its trend, best partner, toughest
    opponent, matches."""
    found = open_table(token)
    person = next((p for p in found.players if p.id == player), None)
    if person is None:
        abort(404)
    every = scored_matches(found)
    matches = [(m, r) for m, r in every
               if any(player in side.get("seats", []) for side in m.sides)]
    played = _played(matches)
    line = next((x for x in standings(played)[0] if x.who == (player,)), None)
    over_time = results(played, [player])
    drawn = bars([points for points, _won in over_time], [won for _points, won in over_time],
                 num) if over_time else None
    return render_template("table_player.html", table=found, person=person, line=line,
                           drawn=drawn,
                           company=company(played, player), names=_namer(found),
                           listed=_lister(found),
                           matches=[m for m, _r in reversed(matches)],
                           figures=_figures(matches, (player,)),
                           grade=player_grade(table_grades(found, every), player, person.name))


def _figures(matches: list[tuple[Match, dict[str, Any]]],
             who: tuple[int, ...] | None) -> dict[str, Figures]:
    """The figures of every deal (finished matches or not) of the sides where all of
    ``who`` sat (every side for None), by rule set; each match's pieces kept per version."""
    kept = cache("side-figures", 4096)
    missed = [m.id for m, _r in matches if kept.get(kept_key(m)) is None]
    noted = _noted_first(missed) if missed else {}
    found: dict[str, Figures] = {}
    for match, result in matches:
        pieces = kept.get_or_make(kept_key(match),
                                  partial(side_figures, result, noted.get(match.id)))
        for j, piece in enumerate(pieces):
            seats = match.sides[j].get("seats", []) if j < len(match.sides) else []
            if piece.deals and (who is None or all(w in seats for w in who)):
                found[match.profile] = found.get(match.profile, NO_FIGURES) + piece
    return found


def _noted_first(ids: list[int]) -> dict[int, dict[int, int]]:
    """The side the players noted as first to take its morto, by match and deal (the deal
    documents' ``morto_first``), read in one query for these matches."""
    first = Deal.data["morto_first"].as_integer()
    found: dict[int, dict[int, int]] = {}
    for match_id, position, side in reader().execute(
            select(Deal.match_id, Deal.position, first)
            .where(Deal.match_id.in_(ids), first.is_not(None))):
        found.setdefault(match_id, {})[position] = side
    return found


@bp.get("/t/<token>/stats")
def stats_page(token: str) -> Any:
    """What the table's deals say, by rule set: for the whole table, and for each pair
    that played together; each figure with the deals it rests on."""
    found = open_table(token)
    matches = scored_matches(found)
    pairs = sorted({tuple(sorted(side.get("seats", []))) for m, _r in matches for side in m.sides
                    if len(side.get("seats", [])) == 2})
    by_rules: dict[str, dict[tuple[int, ...], Figures]] = {
        rules: {(): f} for rules, f in _figures(matches, None).items()}
    for pair in pairs:
        for rules, f in _figures(matches, pair).items():
            by_rules[rules][pair] = f
    return render_template("table_stats.html", table=found, by_rules=by_rules,
                           names=_namer(found))
