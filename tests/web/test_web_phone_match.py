"""A match set up on a phone without a network keeps the links the phone chose for it
(templates/sw.js makes them, as ``models.new_token`` does: 22 URL-safe characters), so
that the pages the phone showed meanwhile are its pages once the server has it."""

from __future__ import annotations

import html
import json
import re

import pytest
from sqlalchemy import func, select

from scorekeeper.db import get_db
from scorekeeper.models import Match

EDIT = "Ph0neMadeEditLink_abc1"
VIEW = "Ph0neMadeViewLink-xyz9"


def _count(app) -> int:
    with app.app_context(), get_db().read_sessions() as db:
        return int(db.scalar(select(func.count(Match.id))))


def _form(site, **fields) -> dict[str, str]:
    data = site.hidden("/matches/new")
    data.update({"profile": "burraco", "sides-0-name": "Noi", "sides-1-name": "Voi",
                 "target": "1500"})
    data.update(fields)
    return data


def test_a_match_keeps_the_links_its_phone_chose(site, client, app):
    # the phone's pages asked for it before the server had it (its scoreboard says every
    # minute that it is there): nothing of that answer lingers once it is created
    assert client.post(f"/m/{EDIT}/here").status_code == 404
    assert client.get(f"/m/{EDIT}").status_code == 404
    data = _form(site, edit_token=EDIT, view_token=VIEW)
    first = client.post("/matches/new", data=data)
    assert first.status_code == 302
    assert first.headers["Location"] == f"/m/{EDIT}"
    board = client.get(f"/m/{EDIT}").get_data(as_text=True)
    assert "<h1>Noi × Voi</h1>" in board
    assert f"/v/{VIEW}" in board
    view = client.get(f"/v/{VIEW}").get_data(as_text=True)
    assert "target 1,500" in view
    assert "read-only" in view
    # the phone sends it again (its answer was lost): the same match, not a second one
    again = client.post("/matches/new", data=data)
    assert again.status_code == 302
    assert again.headers["Location"] == f"/m/{EDIT}"
    assert _count(app) == 1
    # the page links there and to its home page, as for a match the server named
    assert EDIT in client.get("/").get_data(as_text=True)


def test_links_that_cannot_be_links_are_refused_and_nothing_is_made(site, client, app):
    message = ("This match was set up on a phone without a network, and its links cannot "
               "be used: send the form again to start it with new links.")
    for links in ({"edit_token": EDIT}, {"view_token": VIEW},
                  {"edit_token": EDIT, "view_token": EDIT},
                  {"edit_token": "short", "view_token": VIEW},
                  {"edit_token": EDIT, "view_token": "Ph0ne/MadeViewLink-xyz9"},
                  {"edit_token": EDIT, "view_token": "x" * 65}):
        answer = client.post("/matches/new", data=_form(site, **links))
        html = answer.get_data(as_text=True)
        assert answer.status_code == 409, links
        assert message in html, links
        # the form comes back as typed, without the links, ready to start the match
        fields = dict(re.findall(r'name="([^"]+)"[^>]*value="([^"]*)"', html))
        assert fields["sides-0-name"] == "Noi"
        assert fields["target"] == "1500"
        assert 'name="edit_token" type="hidden" value=""' in html, links
        assert 'name="view_token" type="hidden" value=""' in html, links
    assert _count(app) == 0


def test_links_another_match_holds_are_refused_and_it_is_left_alone(site, client, app):
    other = site.new_match()
    other_view = re.search(r'/v/([^"/]+)"', client.get(f"/m/{other}/share")
                           .get_data(as_text=True)).group(1)
    for links in ({"edit_token": other, "view_token": VIEW},
                  {"edit_token": EDIT, "view_token": other_view},
                  {"edit_token": other_view, "view_token": VIEW},
                  {"edit_token": EDIT, "view_token": other}):
        answer = client.post("/matches/new", data=_form(site, **links))
        assert answer.status_code == 409, links
        assert "its links cannot be used" in answer.get_data(as_text=True)
    assert _count(app) == 1
    assert "<h1>Nós × Eles</h1>" in client.get(f"/m/{other}").get_data(as_text=True)
    # sent again as the page gives it back: a match with links the server makes
    html = client.post("/matches/new", data=_form(site, edit_token=other, view_token=VIEW)) \
        .get_data(as_text=True)
    data = dict(re.findall(r'name="([^"]+)"[^>]*value="([^"]*)"', html))
    assert '<option selected value="burraco">' in html
    made = client.post("/matches/new", data={**data, "profile": "burraco"})
    assert made.status_code == 302
    token = made.headers["Location"].rsplit("/m/", 1)[1]
    assert token not in (other, other_view, EDIT, VIEW)
    assert len(token) == 22
    assert _count(app) == 2


def test_the_pages_a_phone_keeps_to_set_a_match_up_offline(site, client):
    from scorekeeper.web.offline import SHELL

    # the new match page lists them, in its language: each rule set with each number of
    # sides it is played by
    page = client.get("/lang/it?next=/matches/new", follow_redirects=True).get_data(as_text=True)
    listed = json.loads(html.unescape(re.search(r'data-keep="([^"]+)"', page).group(1)))
    assert listed[0] == "/offline/setup/it.json"
    assert sorted(listed[1:]) == sorted(
        f"/offline/{kind}/it/{rules}/{n}" for kind in ("board", "deal")
        for rules, n in (("buraco-aberto", 2), ("buraco-fechado", 2), ("burraco", 2),
                         ("buraco-classico", 2), ("buraco-classico", 3),
                         ("buraco-classico", 5)))
    # the form is read by the phone's referee before it is sent offline (js/shell.js)
    assert "<form method=\"post\" novalidate data-phone-setup>" in page
    setup = client.get("/offline/setup/it.json")
    assert setup.headers["Cache-Control"] == "no-store"
    def pages(rules, *counts):
        return {str(n): {kind: f"/offline/{kind}/it/{rules}/{n}" for kind in ("board", "deal")}
                for n in counts}

    # where the pages are; the words are the phone's referee's to read from the form
    assert setup.get_json() == {
        "lang": "it",
        "rules": {"buraco-aberto": {"pages": pages("buraco-aberto", 2)},
                  "buraco-fechado": {"pages": pages("buraco-fechado", 2)},
                  "burraco": {"pages": pages("burraco", 2)},
                  "buraco-classico": {"pages": pages("buraco-classico", 2, 3, 5)}}}

    # the scoreboard: empty elements where the match's words go (the page fills them in,
    # as text), slots in the attributes that hold its link, nothing that needs the server
    board = client.get("/offline/board/it/buraco-classico/3")
    text = board.get_data(as_text=True)
    assert board.headers["Cache-Control"] == "no-store"
    assert "<title>{name} · Scorekeeper</title>" in text
    assert '<h1><span data-shell="name"></span></h1>' in text
    assert ('Buraco classico · traguardo <span data-shell="target">2.005</span>') in text
    for n in range(3):
        assert f'<h2 class="name"><span data-shell="side-{n}"></span></h2>' in text
        assert f'<small class="name"><span data-shell="players-{n}"></span></small>' in text
    assert text.count('<small>ne mancano <span data-shell="target">2.005</span></small>') == 3
    assert 'data-shell="side-3"' not in text
    assert f'href="/m/{SHELL["edit"]}/deals/new"' in text
    assert f'data-token="{SHELL["edit"]}"' in text
    assert "Questa partita per ora è solo su questo telefono" in text
    for gone in ("/share", "/delete", "/dealer", "summary.pdf", "__view_link__"):
        assert gone not in text, gone
    # the first deal's form: the same, and its own form key's slot
    deal = client.get("/offline/deal/it/burraco/2").get_data(as_text=True)
    # sent to the address the phone shows it at
    assert f'action="/m/{SHELL["edit"]}/deals/new#review"' in deal
    assert f'data-board="/m/{SHELL["edit"]}"' in deal
    assert f'name="idem" type="hidden" value="{SHELL["key"]}"' in deal
    assert 'name="version" type="hidden" value="1"' in deal
    assert '<span data-shell="side-0"></span>' in deal
    assert '<span data-shell="side-1"></span>' in deal
    assert "<title>Smazzata 1 · {name}</title>" in deal
    # a stored match's pages carry none of it
    stored = client.get(f"/m/{site.new_match()}").get_data(as_text=True)
    assert "data-shell" not in stored

    # rules, sides or languages that do not exist lead nowhere
    for url in ("/offline/board/it/buraco-classico/4", "/offline/deal/it/burraco/3",
                "/offline/board/it/canasta/2", "/offline/deal/xx/burraco/2",
                "/offline/setup/xx.json", "/offline/board/it/burraco/0"):
        assert client.get(url).status_code == 404, url


def test_the_same_links_sent_at_once_with_two_keys_are_links_taken(site, client, app,
                                                                    monkeypatch):
    """Two phones (or a phone and its outbox) send the same chosen links at the same
    instant with two keys: on PostgreSQL both write transactions pass the clash check, and
    the second insert breaks the links' unique index. Here the clash check inside the
    write sees nothing, as there; the answer is the one for links taken, not a 500."""
    from scorekeeper.web import matches

    real = matches._links_clash
    calls: list[int] = []

    def late(db, match):  # the other transaction commits just after this check
        calls.append(1)
        return False if len(calls) == 1 else real(db, match)

    first = client.post("/matches/new", data=_form(site, edit_token=EDIT, view_token=VIEW))
    assert first.status_code == 302
    monkeypatch.setattr(matches, "_links_clash", late)
    second = client.post("/matches/new", data=_form(site, edit_token=EDIT, view_token=VIEW,
                                                    **{"sides-0-name": "Ana"}))
    assert second.status_code == 409
    assert "its links cannot be used" in second.get_data(as_text=True)
    assert len(calls) == 2
    assert _count(app) == 1
    assert "<h1>Noi × Voi</h1>" in client.get(f"/m/{EDIT}").get_data(as_text=True)


def _stored_match(app, token: str) -> Match:
    with app.app_context(), get_db().read_sessions() as db:
        return db.scalars(select(Match).filter_by(edit_token=token)).one()


@pytest.mark.parametrize("lang", ["en", "pt_BR", "it"])
def test_the_phone_reads_a_new_match_form_as_the_server_does(site, client, app, lang):
    """What a phone without a network shows of a match it set up (scorekeeper.phone, kind
    new-match) is what the server makes of the same form once it is sent: the names of
    sides left empty or named after their players, the match's name, the target."""
    from scorekeeper import phone

    client.get(f"/lang/{lang}")
    forms = [
        {"profile": "buraco-aberto", "sides-0-name": "", "sides-0-players": "Ana, Rui ,\u200b",
         "sides-1-name": " ", "target": "12000"},
        {"profile": "buraco-classico", "sides-0-name": "<Avós> & \"Netos\"", "sides-1-name": "",
         "sides-2-name": "Tios", "sides-3-name": "", "name": ""},
        {"profile": "burraco", "sides-0-name": "Noi", "sides-1-name": "Voi", "name": "Finale"},
    ]
    for fields in forms:
        data = {**site.hidden("/matches/new"), **fields}
        made = client.post("/matches/new", data=data)
        assert made.status_code == 302, made.get_data(as_text=True)[-800:]
        match = _stored_match(app, made.headers["Location"].rsplit("/m/", 1)[1])
        answer = phone.respond("new-match", {"fields": [[k, v] for k, v in data.items()]}, lang)
        assert answer["status"] == 200
        read = answer["doc"]
        assert (read["name"], read["profile"], read["target"]) == (
            match.name, match.profile, match.target)
        assert read["sides"] == match.sides
        assert read["shown"]["players"] == [", ".join(s["players"]) for s in match.sides]


def test_the_phone_words_of_a_new_match_are_in_the_pages_language():
    from scorekeeper import phone

    fields = [["profile", "buraco-aberto"], ["sides-0-name", ""], ["sides-1-name", ""],
              ["target", "12000"]]
    said = phone.respond("new-match", {"fields": fields}, "pt_BR")["doc"]
    assert said["name"] == "Nós × Eles"
    assert said["shown"]["target"] == "12.000"
    assert phone.respond("new-match", {"fields": fields}, "fr")["doc"]["shown"]["target"] \
        == "12\u202f000"
    # a table's sides: the players ticked, by the names sent beside their ids
    table = [["profile", "burraco"], ["sides-0-name", ""], ["sides-0-seats", "4"],
             ["sides-0-seats", "7"], ["sides-1-name", "Netos"], ["sides-1-seats", "9"],
             ["player-4", "Vovó Maria"], ["player-7", "Tio Joaquim"], ["player-9", "Rui"]]
    assert phone.respond("new-match", {"fields": table}, "en")["doc"]["sides"] == [
        {"name": "Vovó Maria & Tio Joaquim", "players": ["Vovó Maria", "Tio Joaquim"]},
        {"name": "Netos", "players": ["Rui"]}]
    # what the phone cannot show: no match is set up (the offline page says so)
    for bad in ([["profile", "burraco"], ["target", "2500.5"]], [["profile", "canasta"]],
                "not a list"):
        assert phone.respond("new-match", {"fields": bad}, "en")["status"] == 400
