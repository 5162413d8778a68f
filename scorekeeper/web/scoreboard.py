"""From stored deals to what a scoreboard shows: every number comes from the referee."""

from __future__ import annotations

from typing import Any

from flask import abort, current_app, render_template, request, url_for
from sqlalchemy import bindparam, select
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, selectinload

from scorekeeper import rules, seating
from scorekeeper.chart import chart
from scorekeeper.db import reader
from scorekeeper.forms import is_token
from scorekeeper.models import Change, Match
from scorekeeper.vocabulary import profile_name, tradition_of
from scorekeeper.web import tally, versions
from scorekeeper.web.common import _, cache, locale_code, localize, num
from scorekeeper.web.dealplace import DealPlace
from scorekeeper.web.dealrows import deal_rows
from scorekeeper.web.links import public_url


def note_written(match: Match, result: dict[str, Any] | None = None) -> None:
    """After a committed write: page views see the new version at once. ``result``: the
    referee's match document for the deals the write left, when the writer has it (a
    deal save scored the match with the new deal to judge it: the scoreboard of the new
    version reads that instead of scoring the match again)."""
    versions.store_written(match.edit_token, match.view_token, match.version)
    if result is not None and "unreadable" not in result:
        # as pages read it: scored after a tally as shown, its earlier deals have no melds
        cache("match-shown").put(kept_key(match), result)


#: The match and its deals by edit or view token: built once (SQLAlchemy keeps a built
#: statement's cache key, so a page view skips building and keying the query).
_LOAD = {kind: select(Match).where(column == bindparam("token")).options(selectinload(Match.deals))
         for kind, column in (("edit", Match.edit_token), ("view", Match.view_token))}
_LOAD_ALONE = {kind: select(Match).where(column == bindparam("token"))
               for kind, column in (("edit", Match.edit_token), ("view", Match.view_token))}


def load_match(db: Session, *, edit: str | None = None, view: str | None = None,
               deals: bool = True) -> Match | None:
    """The match (and its deals) that an edit or a view token opens; None for no match.
    ``deals=False``: its deals are read only if they are asked for (a scoreboard whose
    referee's document is kept needs none of them)."""
    kind, token = ("edit", edit) if edit is not None else ("view", view)
    if not is_token(token):
        return None
    return db.scalar(_LOAD[kind] if deals else _LOAD_ALONE[kind], {"token": token})


def prime() -> None:
    """Build once what the first scoreboard of a server process would otherwise build
    while a phone waits: each match query compiled (SQLAlchemy keeps it by statement),
    the referee's digest read (``tally.referee``), the tally's own reads prepared (on a
    match id that none has). No match is read; a database without its tables yet
    (``scorekeeper serve`` migrates first) is left to the first page."""
    tally.referee()
    db = reader()
    try:
        for kind in ("edit", "view"):
            for deals in (True, False):
                db.scalar(_LOAD[kind] if deals else _LOAD_ALONE[kind], {"token": ""})
        # the version's tally and its corrected deals, read straight through the driver
        tally.stored(0, 1)
        tally.corrected(0)
    except SQLAlchemyError:
        db.rollback()


def with_results(db: Session, matches: list[Match], *,
                 whole: bool = True) -> list[tuple[Match, dict[str, Any]]]:
    """Each match with the referee's document (``whole=False``: its ``summary``, without
    the deals), its status and totals set from it (never a column's), for display only:
    the matches leave the session (nothing is written back). A match's deals are read
    only when its score is not kept yet."""
    scored = [(m, (shown_result if whole else summary)(m)) for m in matches]
    for m, result in scored:
        m.status, m.totals = str(result.get("status")), list(result.get("totals", []))
    db.expunge_all()
    return scored


def match_result(match: Match, deals: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The referee's whole ``match`` document for the stored deals (kept by version), or
    for the deals given."""
    if deals is None:
        return cache("match").get_or_make(  # type: ignore[no-any-return]
            kept_key(match), lambda: _compute(match.match_input()))
    return _compute(match.match_input(deals))


def deals_alone(place: DealPlace, deals: list[dict[str, Any]]) -> dict[str, Any]:
    """The referee's document for ``deals`` and no others (a table's deal, on its own)."""
    return _compute(place.match_input(deals))


def kept_key(match: Match) -> tuple[str, int]:
    """What a match's kept pages, counts and PDFs are found by: its edit link, never reused,
    and its version (not its id: SQLite gives a deleted last match's id to the next one)."""
    return match.edit_token, match.version


def kept_result(match: Match) -> dict[str, Any] | None:
    """The referee's document for the stored deals when it is kept, whole or as pages show
    it (``tally.shown``: the deals' melds may be left out), and every stored deal could
    be read; else None. No deal is read: it is kept in this process, else it is the
    version's tally in the database."""
    key = kept_key(match)
    kept: dict[str, Any] | None = cache("match").get(key) or cache("match-shown").get(key)
    if kept is None:
        kept = tally.stored(match.id, match.version)
        if kept is not None:
            cache("match-shown").put(key, kept)
    return None if kept is None or "unreadable" in kept else kept


def shown_result(match: Match) -> dict[str, Any]:
    """The referee's document for the stored deals as pages read it (the deals' melds
    may be left out): kept (``kept_result``), else the whole document, scored and kept."""
    return kept_result(match) or match_result(match)


def summary(match: Match) -> dict[str, Any]:
    """The referee's document for the stored deals without its deals, with each deal's
    line and the last deal's sides instead (``tally.summary``): all that a scoreboard, a
    new deal's form and a list of matches read. Kept by version; made from the kept
    document, else read from the version's tally without its deals, else from the
    document scored."""
    key = kept_key(match)
    made = cache("match-summary").get(key)
    if made is None:
        kept = cache("match").get(key) or cache("match-shown").get(key)
        made = (tally.summary(kept) if kept is not None
                else tally.stored_summary(match.id, match.version)) \
            or tally.summary(shown_result(match))
        cache("match-summary").put(key, made)
    return made


def deal_count(match: Match) -> int:
    """How many deals the match holds (read from the referee's document when it could
    read them all)."""
    made = summary(match)
    return len(match.deals) if "unreadable" in made else len(made["lines"])


def last_sides(match: Match) -> list[dict[str, Any]]:
    """The sides of the match's last deal as entered or as the referee read them (each
    has ``counts`` when the side gave counts); [] before the first deal."""
    made = summary(match)
    if "unreadable" not in made:
        return list(made["last_sides"])
    return list(match.deals[-1].data.get("sides", [])) if match.deals else []


def next_result(match: Match, doc: dict[str, Any]) -> dict[str, Any]:
    """The referee's ``match`` document for the stored deals and ``doc`` after them: from
    the kept document of the stored ones when there is one (only ``doc`` is scored and no
    stored deal is read), else from the stored deals."""
    kept = kept_result(match)  # kept by link and version: the same sides, rules and target
    if kept is not None:
        return _compute(match.match_input([doc]), kept)
    return match_result(match, [*match.deal_docs(), doc])


def _compute(doc: dict[str, Any], before: dict[str, Any] | None = None) -> dict[str, Any]:
    """The referee's answer for ``doc`` (with ``before``: for its one deal added to that
    tally); a match it cannot read is answered as a match without deals, and says why."""
    try:
        return dict(rules.match_document(doc) if before is None else rules.deal_added(doc, before))
    except rules.InputError as err:
        n = len(doc["sides"])
        return {
            "totals": [0] * n,
            "after_each_deal": [],
            "status": "in-progress",
            "winner": None,
            "problems": [],
            "deals": [],
            "vulnerable": [False] * n,
            "opening_minimum": [0] * n,
            "unreadable": err,
        }


def board(match: Match, result: dict[str, Any] | None = None) -> dict[str, Any]:
    """Everything the scoreboard template needs: the referee's numbers as they are, and a
    sentence in the page's language for each problem (only problems need words).
    ``result``: the referee's document or its ``summary`` (the deals' lines alone), for a
    match that is not stored (else read)."""
    result = match_result(match) if result is None else result
    tradition = tradition_of(match.profile)
    target = match.target
    totals = result.get("totals") or []
    vulnerable = result.get("vulnerable") or []
    minimum = result.get("opening_minimum") or []
    sides = []
    for i, side in enumerate(match.sides):
        total = totals[i] if i < len(totals) else 0
        sides.append({
            "name": side["name"],
            "players": side.get("players", []),
            "total": total,
            "to_go": target - total,
            "vulnerable": bool(vulnerable[i]) if i < len(vulnerable) else False,
            "minimum": minimum[i] if i < len(minimum) else 0,
        })
    rows = _rows(match, result, tradition)
    winner = result.get("winner")
    around = seated(match)
    return {
        "match": match,
        "sides": sides,
        "seats": around,
        "next": turn(match, len(rows), around),
        "alone": plays_alone(match),
        "rows": rows,
        "status": result.get("status", "in-progress"),
        "winner": match.sides[winner]["name"] if isinstance(winner, int) else None,
        "unreadable": "unreadable" in result,
        "profile": match.profile,
        "tradition": tradition,
    }


def _rows(match: Match, result: dict[str, Any], tradition: str) -> list[dict[str, Any]]:
    """Each deal's line: its number, what each side made, the running totals after it,
    whether a problem makes it disputed, when it was corrected; from the referee's whole
    document, also who went out, whether counts were given and the problems in words.
    From a ``summary`` (no deals in it), the lines alone."""
    after = result.get("after_each_deal") or []
    corrected = {d.position: d.corrected for d in match.deals if d.corrected is not None} \
        if _loaded(match) else tally.corrected(match.id)
    if "deals" not in result:
        return [{"number": k + 1, "sides": [{"total": total} for total in made],
                 "running": after[k] if k < len(after) else [], "disputed": disputed,
                 "corrected": corrected.get(k)}
                for k, (made, disputed) in enumerate(result["lines"])]
    rows = []
    scored_deals = result.get("deals") or []
    # each deal as the referee read it (who went out, counts or cards); the stored deals
    # are read only when the referee could not read them
    entered = [scored.get("sides", []) for scored in scored_deals] if "unreadable" not in \
        result else [deal.data.get("sides", []) for deal in match.deals]
    for k, as_entered in enumerate(entered):
        scored = scored_deals[k] if k < len(scored_deals) else {"sides": []}
        problems = tally.deal_problems(result, k)
        rows.append({
            "number": k + 1,
            "sides": scored.get("sides", []),
            "running": after[k] if k < len(after) else [],
            "went_out": next((i for i, s in enumerate(as_entered) if s.get("went_out")), None),
            "problems": localize(problems, tradition) if problems else [],
            "disputed": bool(problems),
            "counted": any(s.get("counts") is not None for s in as_entered),
            "corrected": corrected.get(k),  # when it was saved again, or None
        })
    return rows


def _loaded(match: Match) -> bool:
    """Whether the match's deals are at hand (read with it, or not stored)."""
    return match.id is None or "deals" in match.__dict__


def seated(match: Match) -> list[str]:
    """Who sits at the table, by name, going round to the left (``seating.py``)."""
    return seating.names(match.sides, seating.seating(match.sides, match.seating))


#: How many deals' turns a page holds from its own deal on (``turn``'s ``next``): a phone
#: counting the deals waiting on it shows the turn of as many, and none after them.
TURNS_AHEAD = 16


def turn(match: Match, index: int, around: list[str] | None = None) -> dict[str, Any] | None:
    """Who deals deal ``index`` (0-based) and who plays first in it, by name, and the
    same for the ``TURNS_AHEAD`` deals from it (``next``: ``[dealer, first]`` pairs, the
    first of them this deal's; ``seating.turns``), for a page that counts deals waiting
    on the phone; ``around``: ``seated``'s names, when the caller has them. None until the
    players have said who dealt first."""
    around = seated(match) if around is None else around
    found = seating.turns(len(around), match.first_dealer, index, TURNS_AHEAD)
    if not found:
        return None
    return {"dealer": around[found[0].dealer], "first": around[found[0].first],
            "next": [[around[t.dealer], around[t.first]] for t in found]}


def plays_alone(match: Match) -> bool:
    """Whether every player plays for themselves with fewer morto piles than sides (classic
    Buraco with 3 or 5 players: the two piles go to the first two to empty their hands)."""
    piles = match_rules(match).morto_piles
    return piles is not None and len(match.sides) > piles


def rules_label(match: Match | DealPlace) -> str:
    """The rules a match is played by, as its pages name them: the profile's name, or the
    house rules' name and the version the match was started with, then the profile's."""
    base = str(profile_name(match.profile))
    if not match.rules:
        return base
    return _("%(house)s, version %(version)s (%(profile)s)",
             house=match.rules["document"].get("name") or match.rules["document"]["id"],
             version=num(match.rules.get("version", 1)), profile=base)


def match_rules(match: Match | DealPlace) -> rules.Profile:
    """The rules the match is played by: its house rules, or its built-in profile."""
    return rules.profile_of(match.rules_document())


def changes_since(db: Session, match: Match, version: int) -> list[Change]:
    return list(
        db.scalars(
            select(Change)
            .where(Change.match_id == match.id, Change.version > version)
            .order_by(Change.version)
        )
    )


def running_chart(b: dict[str, Any]) -> dict[str, Any] | None:
    """The running totals drawn after each deal, once a match has two deals or more."""
    if len(b["rows"]) < 2:
        return None
    return chart([side["name"] for side in b["sides"]], [row["running"] for row in b["rows"]],
                 b["match"].target, num)


def board_html(match: Match, result: dict[str, Any], token: str, *, editable: bool) -> str:
    """The scoreboard of ``match`` as the referee's document ``result`` scores it, by its
    edit link or read-only link ``token``."""
    share = None
    if editable:
        link = public_url(url_for("share.view", token=match.view_token))
        share = {"link": link, "qr": url_for("share.qr_code", token=match.view_token)}
    b = board(match, result)
    return render_template(
        "scoreboard.html",
        b=b,
        rows_html=deal_rows(b, token, editable=editable),
        editable=editable,
        profile_label=rules_label(match),
        share=share,
        chart=running_chart(b),
    )


def board_page(version: int, token: str, *, editable: bool) -> str:
    """The rendered scoreboard, cached per link (edit or read-only), version and language."""

    def render() -> str:
        match = load_match(reader(), edit=token, deals=False) if editable else \
            load_match(reader(), view=token, deals=False)
        if match is None:  # deleted between the two queries
            abort(404)
        # the lines alone: the deals' breakdowns are on their own pages
        made = summary(match)
        return board_html(match, made if "unreadable" not in made else shown_result(match),
                          token, editable=editable)

    # the host is part of the key: the QR code holds an absolute link; the query string
    # too: the language links lead back to the address the page was asked at (web/chrome.py)
    key = (token, version, locale_code(), editable, request.host, request.query_string)
    if current_app.config.get("PAGE_CACHE", True):
        return str(cache("pages").get_or_make(key, render))
    return render()
