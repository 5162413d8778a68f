"""Back, change, send again: every form with an idempotency key refuses a changed form sent
on a spent key (409, "what you entered now was not saved", what was typed kept, a new key),
and nothing stored changes (web/writes.guarded).

The app's POST routes are read from its URL map: a new one fails this file until it is
in ``CASES`` (how to fill its form once, then changed on the same key) or in ``NO_KEY``
(why it has no key).
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from sqlalchemy import select
from sqlalchemy.orm import selectinload
from support import hand_across, table_side
from web_support import SEED_001_DEAL, Site, hidden_fields

from scorekeeper import rules
from scorekeeper.db import get_db
from scorekeeper.models import (
    Base,
    BurroGame,
    Deal,
    Event,
    EventChange,
    EventEntrant,
    EventFlag,
    EventSheet,
    HouseRules,
    Match,
    Season,
    Table,
)

#: What the page says when a changed form comes on a spent key (``writes.already_used``).
NOT_SAVED = "What you entered now was not saved"

#: POST routes without an idempotency key, and why.
NO_KEY = {
    "/m/<token>/here": "the scorer's phone saying it is there: it only moves a moment forward",
    "/api/v1/check": "JSON API: judges a document, stores nothing",
    "/api/v1/score": "JSON API: judges a document, stores nothing",
    "/api/v1/match": "JSON API: judges a document, stores nothing",
    "/api/v1/burro": "JSON API: judges a document, stores nothing",
    "/api/v1/event": "JSON API: judges a document, stores nothing",
    "/device/remember": "puts links the server has back in this browser's session: the same "
                        "links sent twice change nothing",
}

Forms = tuple[str, dict[str, Any], dict[str, Any]]


@dataclass(frozen=True)
class Case:
    """A route's first submission and its changed one (same key), what the first stored
    (``stored(app)`` read after it is ``expected``), and what the refusal shows of what
    was typed (``typed``; ``form``: whether it shows a form to send again)."""

    forms: Callable[[Site, Any], Forms]
    stored: Callable[[Any], Any]
    expected: Any
    typed: str | None = None
    form: bool = True


def _rows(app: Any, model: Any) -> list[Any]:
    with app.app_context(), get_db().read_sessions() as db:
        query = select(model).order_by(model.id)
        if model is Table:
            query = query.options(selectinload(Table.players))
        return list(db.scalars(query))


def _evenings(app: Any) -> list[dict[str, Any]]:
    """Every evening's document, as its rows say it."""
    from scorekeeper.web.evening import store

    with app.app_context(), get_db().read_sessions() as db:
        return [store.document(db, e) for e in db.scalars(select(Event).order_by(Event.id))]


def _everything(app: Any) -> list[str]:
    """Every stored row but the spent keys, as text."""
    with app.app_context(), get_db().read_sessions() as db:
        return sorted(repr(tuple(row)) for table in Base.metadata.sorted_tables
                      if table.name != "submissions" for row in db.execute(table.select()))


def _page(site: Site, url: str) -> str:
    response = site.client.get(url)
    assert response.status_code == 200, url
    return str(response.get_data(as_text=True))


def _form_at(html: str, action: str) -> dict[str, str]:
    return hidden_fields(html.split(f'action="{action}"')[1].split("</form>")[0])


def _match(site: Site, deals: int = 0, **sides: Any) -> str:
    token = site.new_match(**sides)
    for _n in range(deals):
        assert site.save_deal(token, [dict(s) for s in SEED_001_DEAL]).status_code == 302
    return token


def _new_match(site: Site, app: Any) -> Forms:
    first = {**site.hidden("/matches/new"), "profile": "buraco-aberto", "name": "Friday",
             "sides-0-name": "Nós", "sides-1-name": "Eles"}
    return "/matches/new", first, {**first, "name": "Saturday"}


def _new_deal(site: Site, app: Any) -> Forms:
    token = _match(site)
    first = site.deal_data(token, [dict(s) for s in SEED_001_DEAL])
    return f"/m/{token}/deals/new", first, {**first, "sides-0-table_points": "275"}


def _edit_deal(site: Site, app: Any) -> Forms:
    token = _match(site, deals=1)
    url = f"/m/{token}/deals/1/edit"
    first = site.deal_data(token, [dict(s, table_points=200) for s in SEED_001_DEAL], url=url)
    return url, first, {**first, "sides-0-table_points": "275"}


def _undo(site: Site, app: Any) -> Forms:
    token = _match(site, deals=2)
    first = hidden_fields(_page(site, f"/m/{token}/undo"))
    # a confirmation has nothing to type: its form sent changed is one built on another version
    return f"/m/{token}/undo", first, {**first, "version": str(int(first["version"]) - 1)}


def _delete(site: Site, app: Any) -> Forms:
    token = _match(site, deals=1)
    first = hidden_fields(_page(site, f"/m/{token}/delete"))
    return f"/m/{token}/delete", first, {**first, "version": str(int(first["version"]) - 1)}


def _dealer(site: Site, app: Any) -> Forms:
    token = _match(site)
    first = {**hidden_fields(_page(site, f"/m/{token}/dealer")), "seat": "0"}
    return f"/m/{token}/dealer", first, {**first, "seat": "1"}


def _seated(site: Site, token: str, pick: int) -> dict[str, str]:
    """The seating form once every seat is chosen, taking the ``pick``-th player offered."""
    url = f"/m/{token}/seating"
    while True:
        html = _page(site, url)
        offered = re.findall(r'<a class="button" href="([^"]*seating\?order=[^"]*)"', html)
        if 'name="order"' in html:
            return hidden_fields(html)
        url = offered[pick % len(offered)].replace("&amp;", "&")


def _seating(site: Site, app: Any) -> Forms:
    token = site.new_match(**{"sides-0-players": "Ana, Bia", "sides-1-players": "Caio, Dani"})
    first, other = _seated(site, token, 0), _seated(site, token, -1)
    assert first["order"] != other["order"]
    return f"/m/{token}/seating", first, {**first, "order": other["order"]}


def _burro(site: Site, players: str = "Ana\nBia\nCaio") -> str:
    data = {**site.hidden("/burro"), "players": players}
    response = site.client.post("/burro", data=data)
    assert response.status_code == 302
    return str(response.headers["Location"]).rsplit("/b/", 1)[1]


def _new_burro(site: Site, app: Any) -> Forms:
    first = {**site.hidden("/burro"), "players": "Ana\nBia\nCaio"}
    return "/burro", first, {**first, "players": "Ana\nBia\nDani"}


def _round(site: Site, token: str, loser: str) -> dict[str, str]:
    html = _page(site, f"/b/{token}")
    return {**_form_at(html, f"/b/{token}/round"), "kind": "loser", "loser": loser}


def _burro_round(site: Site, app: Any) -> Forms:
    token = _burro(site)
    first = _round(site, token, "Ana")
    return f"/b/{token}/round", first, {**first, "loser": "Bia"}


def _burro_undo(site: Site, app: Any) -> Forms:
    token = _burro(site)
    for loser in ("Ana", "Bia"):
        assert site.client.post(f"/b/{token}/round", data=_round(site, token, loser)).status_code \
            == 302
    first = _form_at(_page(site, f"/b/{token}"), f"/b/{token}/undo")
    return f"/b/{token}/undo", first, {**first, "version": str(int(first["version"]) - 1)}


def _burro_again(site: Site, app: Any) -> Forms:
    token = _burro(site)
    # the button shows once the game is over; its form is a token and a key
    first = {"csrf_token": site.hidden(f"/b/{token}")["csrf_token"], "idem": "play-again-key"}
    return f"/b/{token}/again", first, {**first, "version": "7"}


def _burro_delete(site: Site, app: Any) -> Forms:
    token = _burro(site)
    first = hidden_fields(_page(site, f"/b/{token}/delete"))
    return f"/b/{token}/delete", first, {**first, "version": str(int(first["version"]) + 5)}


def _table(site: Site, players: str = "Ana\nBia\nCaio\nDani") -> str:
    data = {**site.hidden("/tables/new"), "players": players, "zone": "Europe/Rome"}
    response = site.client.post("/tables/new", data=data)
    assert response.status_code == 302
    return str(response.headers["Location"]).rsplit("/t/", 1)[1]


def _new_table(site: Site, app: Any) -> Forms:
    first = {**site.hidden("/tables/new"), "players": "Ana\nBia\nCaio\nDani"}
    return "/tables/new", first, {**first, "players": "Ana\nBia\nCaio\nDani\nEva"}


def _players(site: Site, app: Any) -> Forms:
    token = _table(site)
    html = _page(site, f"/t/{token}/players")
    first = {**hidden_fields(html), "new": "Eva"}
    first.update(re.findall(r'name="(players-\d+-name)"[^>]*value="([^"]*)"', html))
    return f"/t/{token}/players", first, {**first, "new": "Fabi"}


def _import(site: Site, app: Any) -> Forms:
    token = _table(site)
    file = site.client.get(f"/t/{token}/export.json").data
    first = {**site.hidden("/tables/import"), "file": file}
    # another file is another table (the key is the form's and the file's): the same file
    # with the form changed is the form sent again changed
    return "/tables/import", first, {**first, "zone": "Asia/Tokyo"}


def _table_delete(site: Site, app: Any) -> Forms:
    token = _table(site)
    first = hidden_fields(_page(site, f"/t/{token}/delete"))
    return f"/t/{token}/delete", first, {**first, "version": str(int(first["version"]) + 5)}


def _house_fields(site: Site, url: str) -> dict[str, str]:
    page = _page(site, url)
    fields = dict(re.findall(r'<input [^>]*?name="([^"]+)"[^>]*? value="([^"]*)"', page))
    fields.update(hidden_fields(page))
    fields.pop("semi_clean", None)  # a box, unticked
    return {**fields, "action": "save"}


def _new_house(site: Site, app: Any) -> Forms:
    url = "/rules/house/new?base=buraco-aberto"
    first = {**_house_fields(site, url), "name": "Casa da vó", "joker": "30"}
    return url, first, {**first, "joker": "20"}


def _edit_house(site: Site, app: Any) -> Forms:
    url, made, _changed = _new_house(site, app)
    token = site.client.post(url, data=made).headers["Location"].rsplit("/h/", 1)[1]
    first = {**_house_fields(site, f"/h/{token}/edit"), "joker": "40"}
    return f"/h/{token}/edit", first, {**first, "joker": "20"}


def _joker(app: Any) -> list[Any]:
    """The joker's points in each stored set of house rules (Buraco Aberto's is 20)."""
    return [rules.export_profile(rules.profile_of(h.document))["params"]["card_points"]["joker"]
            for h in _rows(app, HouseRules)]


def _table_points(app: Any) -> list[Any]:
    return [d.data["sides"][0]["counts"]["table_points"] for d in _rows(app, Deal)]


def _new_event(site: Site, app: Any) -> Forms:
    first = {**site.hidden("/events/new"), "name": "Venerdì", "day": "2026-12-04",
             "profile": "burraco", "kind": "pairs", "format": "5x2", "movement": "mitchell",
             "bye_vp": "10"}
    return "/events/new", first, {**first, "name": "Sabato"}


def _event(site: Site, pairs: str = "", seated: bool = False) -> str:
    url, first, _changed = _new_event(site, None)
    event = str(site.client.post(url, data=first).headers["Location"])
    if pairs:
        data = {**_form_at(_page(site, event), f"{event}/entrants"), "lines": pairs}
        assert site.client.post(f"{event}/entrants", data=data).status_code == 302
    if seated:
        data = _form_at(_page(site, event), f"{event}/turns")
        assert site.client.post(f"{event}/turns", data=data).status_code == 302
    return event


def _entrants(site: Site, app: Any) -> Forms:
    event = _event(site)
    first = {**_form_at(_page(site, event), f"{event}/entrants"), "lines": "Rossi\nVerdi"}
    return f"{event}/entrants", first, {**first, "lines": "Rossi\nGialli"}


def _seat(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni")
    first = _form_at(_page(site, event), f"{event}/turns")
    return f"{event}/turns", first, {**first, "version": str(int(first["version"]) - 1)}


def _draw(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni")
    first = _form_at(_page(site, event), f"{event}/draw")
    return f"{event}/draw", first, {**first, "version": str(int(first["version"]) - 1)}


def _event_import(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    file = site.client.get(f"{event}/event.json").data
    first = {**site.hidden("/events/import"), "file": file}
    # the same file with the form changed is the form sent again changed
    return "/events/import", first, {**first, "extra": "changed"}


def _table_deal(site: Site, url: str, table_points: int) -> dict[str, str]:
    data = hidden_fields(_page(site, url))
    sides = [{"mode": "counts", "table_points": table_points, "clean": 1, "morto": "taken"},
             {"mode": "counts", "table_points": 150, "morto": "taken"}]
    data.update({f"sides-{i}-{k}": str(v) for i, s in enumerate(sides) for k, v in s.items()})
    return {**data, "went_out": "0", "closed_by": "discard", "action": "save"}


def _event_deal(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    url = f"{event}/turns/1/tables/1/deals/new"
    first = _table_deal(site, url, 300)
    return url, first, {**first, "sides-0-table_points": "275"}


def _event_fix(site: Site, app: Any) -> Forms:
    url, first, _changed = _event_deal(site, app)
    assert site.client.post(url, data=first).status_code == 302
    url = url.replace("/deals/new", "/deals/1/edit")
    first = _table_deal(site, url, 200)
    return url, first, {**first, "sides-0-table_points": "275"}


def _plan(site: Site, app: Any) -> Forms:
    event = _event(site)
    first = {**_form_at(_page(site, f"{event}/plan"), f"{event}/plan"), "turns": "6",
             **{f"plan-{i}-movement": "mitchell" for i in range(5)}}
    return f"{event}/plan", first, {**first, "turns": "7"}


def _penalty(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    table = f"{event}/turns/1/tables/1"
    first = {**_form_at(_page(site, table), f"{table}/penalty"), "side": "ns", "mp": "100"}
    return f"{table}/penalty", first, {**first, "mp": "150"}


def _forfeit(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    table = f"{event}/turns/1/tables/1"
    first = {**_form_at(_page(site, table), f"{table}/forfeit"), "side": "ew"}
    return f"{table}/forfeit", first, {**first, "side": "ns"}


def _withdraw(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    page = _page(site, f"{event}/withdraw?who=2")
    first = {**_form_at(page, f"{event}/withdraw"), "why": "unwell"}
    return f"{event}/withdraw", first, {**first, "why": "gone home"}


def _bring_back(site: Site, app: Any) -> Forms:
    url, first, _changed = _withdraw(site, app)
    assert site.client.post(url, data=first).status_code == 302
    event = url.rsplit("/", 1)[0]
    page = _page(site, f"{event}/withdraw?who=2")
    first = {**_form_at(page, f"{event}/return"), "why": "back"}
    return f"{event}/return", first, {**first, "why": "by mistake"}


def _withdrawn(app: Any) -> list[Any]:
    return [e.get("withdrawn") for e in _evenings(app)]


def _first_table(app: Any, field: str) -> list[Any]:
    return [e["turns"][0]["tables"][0][field] for e in _evenings(app)]


def _event_table_points(app: Any) -> list[Any]:
    return [d["sides"][0]["counts"]["table_points"] for e in _evenings(app)
            for turn in e["turns"] for t in turn["tables"] for d in t["deals"]]


def _finished(site: Site) -> str:
    """An evening of one turn whose two tables' deals the director entered: every turn
    played, its results provisional."""
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni")
    data = {**_form_at(_page(site, f"{event}/plan"), f"{event}/plan"), "turns": "1",
            "plan-0-movement": "mitchell"}
    assert site.client.post(f"{event}/plan", data=data).status_code == 302
    data = _form_at(_page(site, event), f"{event}/turns")
    assert site.client.post(f"{event}/turns", data=data).status_code == 302
    for table in (1, 2):
        url = f"{event}/turns/1/tables/{table}/deals/new"
        for n in range(2):
            assert site.client.post(url, data=_table_deal(site, url, 300 + 5 * n)).status_code \
                == 302
    return event


def _window(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    first = {**_form_at(_page(site, event), f"{event}/window"), "window": "minutes",
             "minutes": "30"}
    return f"{event}/window", first, {**first, "minutes": "45"}


def _close(site: Site, app: Any) -> Forms:
    event = _finished(site)
    first = _form_at(_page(site, event), f"{event}/close")
    return f"{event}/close", first, {**first, "version": str(int(first["version"]) - 1)}


def _reopen(site: Site, app: Any) -> Forms:
    url, first, _changed = _close(site, app)
    assert site.client.post(url, data=first).status_code == 302
    event = url.rsplit("/", 1)[0]
    first = {**_form_at(_page(site, event), f"{event}/reopen"), "reason": "a slip"}
    return f"{event}/reopen", first, {**first, "reason": "another slip"}


def _flag(site: Site, app: Any) -> Forms:
    event = _finished(site)
    found = re.search(r'href="http://localhost(/e/t/[^"]+)"',
                      _page(site, f"{event}/turns/1/tables/1"))
    assert found
    side = table_side(site.client, found.group(1), "ns")
    first = {**_form_at(_page(site, side), f"{side}/flag"), "of_turn": "1", "deal": "2",
             "reason": "wrong"}
    return f"{side}/flag", first, {**first, "reason": "very wrong"}


def _phone(site: Site, ns_deals: int = 0) -> str:
    """Table 1's own page (its card's QR code), with ``ns_deals`` deals entered by NS."""
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    found = re.search(r'href="http://localhost(/e/t/[^"]+)"',
                      _page(site, f"{event}/turns/1/tables/1"))
    assert found
    link = found.group(1)
    table_side(site.client, link, "ns")  # North-South's phone
    for n in range(ns_deals):
        url = f"{link}/ns/deals/new"
        assert site.client.post(url, data=_table_deal(site, url, 300 + n * 5)).status_code == 302
    return link


def _phone_deal(site: Site, app: Any) -> Forms:
    url = f"{_phone(site)}/ns/deals/new"
    first = _table_deal(site, url, 300)
    return url, first, {**first, "sides-0-table_points": "275"}


def _phone_fix(site: Site, app: Any) -> Forms:
    url = f"{_phone(site, 1)}/ns/deals/1/edit"
    first = _table_deal(site, url, 200)
    return url, first, {**first, "sides-0-table_points": "275"}


def _phone_confirm(site: Site, app: Any) -> Forms:
    link = _phone(site, 2)
    # the phone handed across: East-West confirms on it with its code (chosen now)
    first = {**_form_at(_page(site, table_side(site.client, link, "ew")), f"{link}/ew/confirm"),
             "code": "12"}
    return f"{link}/ew/confirm", first, {**first, "version": str(int(first["version"]) - 1)}


def _phone_code(site: Site, app: Any) -> Forms:
    link = _phone(site)
    first = {**_form_at(_page(site, f"{link}/ns"), f"{link}/ns/code"), "code": "12"}
    return f"{link}/ns/code", first, {**first, "code": "34"}


def _codes(app: Any) -> list[Any]:
    return [e.code for e in _rows(app, EventEntrant) if e.code]


def _confirm_for_table(site: Site, app: Any) -> Forms:
    link = _phone(site, 2)
    table = next(f"/e/{e.edit_token}/turns/1/tables/1" for e in _rows(app, Event)
                 if e.view_token in link)
    first = {**_form_at(_page(site, table), f"{table}/confirm"), "reason": "EW's phone died"}
    return f"{table}/confirm", first, {**first, "reason": "EW left"}


def _phone_take(site: Site, app: Any) -> Forms:
    link = _phone(site, 2)
    url = f"{hand_across(site.client, link, 'ew')}/deals/new"
    assert site.client.post(url, data=_table_deal(site, url, 400)).status_code == 302
    first = _form_at(_page(site, f"{link}/ew"), f"{link}/ew/take/1")
    return f"{link}/ew/take/1", first, {**first, "version": str(int(first["version"]) - 1)}


def _keep(site: Site, app: Any) -> Forms:
    link = _phone(site, 2)
    # the director's page of the same table
    table = next(f"/e/{e.edit_token}/turns/1/tables/1" for e in _rows(app, Event)
                 if e.view_token in link)
    first = {**_form_at(_page(site, table), f"{table}/keep/ns"), "reason": "EW left"}
    return f"{table}/keep/ns", first, {**first, "reason": "EW gone"}


def _clock(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    first = {**_form_at(_page(site, event), f"{event}/clock"), "minutes": "45"}
    return f"{event}/clock", first, {**first, "minutes": "30"}


def _new_season(site: Site, app: Any) -> Forms:
    event = _event(site, "Rossi\nVerdi\nGialli\nBruni", seated=True)
    first = {**site.hidden("/seasons/new"), "name": "Inverno",
             "evenings": event.rsplit("/", 1)[1]}
    return "/seasons/new", first, {**first, "name": "Estate"}


def _edit_season(site: Site, app: Any) -> Forms:
    url, first, _changed = _new_season(site, app)
    season = str(site.client.post(url, data=first).headers["Location"])
    first = {**hidden_fields(_page(site, f"{season}/edit")), "name": "Inverno 2026",
             "evenings": first["evenings"]}
    return f"{season}/edit", first, {**first, "name": "Estate"}


def _sheet_points(app: Any) -> list[Any]:
    return [[d["sides"][0]["counts"]["table_points"] for d in s.deals]
            for s in _rows(app, EventSheet)]


CASES: dict[str, Case] = {
    "/events/new": Case(_new_event, lambda app: [e.name for e in _rows(app, Event)],
                        ["Venerdì"], typed='value="Sabato"'),
    "/e/<token>/entrants": Case(_entrants, lambda app: [[n["name"] for n in e[
        "entrants"]] for e in _evenings(app)], [["Rossi", "Verdi"]], typed="Gialli"),
    "/events/import": Case(_event_import, lambda app: len(_rows(app, Event)), 2),
    "/e/<token>/draw": Case(_draw, lambda app: [sorted(n["name"] for n in e[
        "entrants"]) for e in _evenings(app)], [["Bruni", "Gialli", "Rossi", "Verdi"]],
        form=False),
    "/e/<token>/plan": Case(_plan, lambda app: [len(e["plan"]) for e in _evenings(
        app)], [6], typed='value="7"'),
    "/e/<token>/turns": Case(_seat, lambda app: [len(e["turns"])
                                                 for e in _evenings(app)], [1], form=False),
    "/e/<token>/turns/<int:turn>/tables/<int:table>/penalty": Case(
        _penalty, lambda app: _first_table(app, "penalties"), [[{"side": "ns", "mp": 100}]],
        typed='value="150"'),
    "/e/<token>/turns/<int:turn>/tables/<int:table>/forfeit": Case(
        _forfeit, lambda app: _first_table(app, "forfeit"), ["ew"]),
    "/e/<token>/turns/<int:turn>/tables/<int:table>/deals/new": Case(
        _event_deal, _event_table_points, [300], typed='value="275"'),
    "/e/<token>/turns/<int:turn>/tables/<int:table>/deals/<int:number>/edit": Case(
        _event_fix, _event_table_points, [200], typed='value="275"'),
    "/e/t/<token>/<int:table>/<sig>/<side>/deals/new": Case(
        _phone_deal, _sheet_points, [[300]], typed='value="275"'),
    "/e/t/<token>/<int:table>/<sig>/<side>/deals/<int:number>/edit": Case(
        _phone_fix, _sheet_points, [[200]], typed='value="275"'),
    "/e/t/<token>/<int:table>/<sig>/<side>/confirm": Case(
        _phone_confirm, _event_table_points, [300, 305], form=False),
    "/e/t/<token>/<int:table>/<sig>/<side>/take/<int:number>": Case(
        _phone_take, _sheet_points, [[300, 305], [300]], form=False),
    "/e/t/<token>/<int:table>/<sig>/<side>/code": Case(_phone_code, _codes, ["12"], form=False),
    "/e/<token>/turns/<int:turn>/tables/<int:table>/confirm": Case(
        _confirm_for_table, _event_table_points, [300, 305]),
    "/e/<token>/turns/<int:turn>/tables/<int:table>/keep/<side>": Case(
        _keep, _event_table_points, [300, 305]),
    "/e/<token>/withdraw": Case(_withdraw, _withdrawn, [[{"entrant": 2, "from_turn": 1}]],
                                typed="gone home"),
    "/e/<token>/return": Case(_bring_back, _withdrawn, [None], typed="by mistake"),
    "/e/<token>/window": Case(_window, lambda app: [e.window_minutes for e in _rows(app, Event)],
                              [30], typed='value="45"'),
    "/e/<token>/close": Case(_close, lambda app: [e.closed is not None for e in _rows(
        app, Event)], [True], form=False),
    "/e/<token>/reopen": Case(_reopen, lambda app: [c.reason for c in _rows(app, EventChange)
                                                    if c.action == "reopened"], ["a slip"]),
    "/e/t/<token>/<int:table>/<sig>/<side>/flag": Case(
        _flag, lambda app: [f.reason for f in _rows(app, EventFlag)], ["wrong"]),
    "/e/<token>/clock": Case(_clock, lambda app: [e.clock_minutes for e in _rows(app, Event)],
                             [45], typed='value="30"'),
    "/seasons/new": Case(_new_season, lambda app: [x.name for x in _rows(app, Season)],
                         ["Inverno"], typed='value="Estate"'),
    "/s/<token>/edit": Case(_edit_season, lambda app: [x.name for x in _rows(app, Season)],
                            ["Inverno 2026"], typed='value="Estate"'),
    "/matches/new": Case(_new_match, lambda app: [m.name for m in _rows(app, Match)],
                         ["Friday"], typed='value="Saturday"'),
    "/m/<token>/deals/new": Case(_new_deal, _table_points, [180], typed='value="275"'),
    "/m/<token>/deals/<int:number>/edit": Case(_edit_deal, _table_points, [200],
                                               typed='value="275"'),
    "/m/<token>/undo": Case(_undo, lambda app: len(_rows(app, Deal)), 1),
    "/m/<token>/delete": Case(_delete, lambda app: len(_rows(app, Match)), 0, form=False),
    "/m/<token>/dealer": Case(_dealer, lambda app: [m.first_dealer for m in _rows(app, Match)],
                              [0]),
    "/m/<token>/seating": Case(_seating, lambda app: len(_rows(app, Match)[0].seating or []), 4),
    "/burro": Case(_new_burro, lambda app: [g.players for g in _rows(app, BurroGame)],
                   [["Ana", "Bia", "Caio"]], typed="Dani"),
    "/b/<token>/round": Case(_burro_round, lambda app: [g.rounds for g in _rows(app, BurroGame)],
                             [[{"loser": "Ana"}]]),
    "/b/<token>/undo": Case(_burro_undo, lambda app: [g.rounds for g in _rows(app, BurroGame)],
                            [[{"loser": "Ana"}]]),
    "/b/<token>/again": Case(_burro_again, lambda app: len(_rows(app, BurroGame)), 2),
    "/b/<token>/delete": Case(_burro_delete, lambda app: len(_rows(app, BurroGame)), 0,
                              form=False),
    "/tables/new": Case(_new_table, lambda app: [[p.name for p in t.players]
                                                 for t in _rows(app, Table)],
                        [["Ana", "Bia", "Caio", "Dani"]], typed="Eva"),
    "/t/<token>/players": Case(_players, lambda app: [[p.name for p in t.players]
                                                      for t in _rows(app, Table)],
                               [["Ana", "Bia", "Caio", "Dani", "Eva"]], typed="Fabi"),
    "/tables/import": Case(_import, lambda app: len(_rows(app, Table)), 2),
    "/t/<token>/delete": Case(_table_delete, lambda app: len(_rows(app, Table)), 0, form=False),
    "/rules/house/new": Case(_new_house, _joker, [30], typed='value="20"'),
    "/h/<token>/edit": Case(_edit_house, _joker, [40], typed='value="20"'),
}


def test_every_post_route_is_covered(app):
    posts = {rule.rule for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())}
    assert posts - set(CASES) - set(NO_KEY) == set(), "a POST route nobody checks"
    assert set(CASES) & set(NO_KEY) == set()
    assert set(CASES) | set(NO_KEY) == posts


def _post(client: Any, url: str, data: dict[str, Any]) -> Any:
    if "file" in data:
        name = "scorekeeper-evening.json" if "events" in url else "scorekeeper-table.json"
        sent = {**data, "file": (io.BytesIO(data["file"]), name)}
        return client.post(url, data=sent, content_type="multipart/form-data")
    return client.post(url, data=data)


@pytest.mark.parametrize("route", sorted(CASES))
def test_a_changed_form_on_a_spent_key_is_refused_and_nothing_changes(route, site, client, app):
    case = CASES[route]
    url, first, changed = case.forms(site, app)
    assert first["idem"] == changed["idem"]
    assert first != changed
    done = _post(client, url, first)
    assert done.status_code == 302, done.get_data(as_text=True)[-1500:]
    assert case.stored(app) == case.expected
    before = _everything(app)

    refused = _post(client, url, changed)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409, html[-1500:]
    assert NOT_SAVED in html
    assert "This form was already used once" in html
    assert case.stored(app) == case.expected
    assert _everything(app) == before
    if case.typed is not None:
        assert case.typed in html
    if case.form:
        keys = re.findall(r'name="idem" type="hidden" value="([^"]*)"', html)
        assert keys
        assert first["idem"] not in keys
    # the same form sent again unchanged is a replay: it goes where the first one went
    again = _post(client, url, first)
    assert again.status_code == 302
    assert again.headers["Location"] == done.headers["Location"]
    assert _everything(app) == before


def test_the_joker_corrected_after_back_is_kept_when_sent_again(site, client, app):
    """The family that corrects its joker from 30 to 20: told nothing was saved, the
    form shown again with 20 and a new key saves 20 as rules of their own."""
    url, first, changed = _new_house(site, app)
    assert client.post(url, data=first).status_code == 302
    refused = client.post(url, data=changed)
    assert refused.status_code == 409
    again = {**changed, **hidden_fields(refused.get_data(as_text=True))}
    assert again["idem"] != first["idem"]
    assert client.post(url, data=again).status_code == 302
    assert sorted(_joker(app)) == [20, 30]
