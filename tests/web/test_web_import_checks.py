"""A table file read back goes through the forms' own checks (web/tableread.py): what a
form refuses, the import refuses in words naming the field; what it accepts, every page
can show. Then a fuzz: structural mutations of a real export, never a 500 on import or on
any page of what was accepted."""

from __future__ import annotations

import copy
import io
import json
import random
import re
from typing import Any

import pytest
from sqlalchemy import select
from web_support import hidden_fields, with_value
from werkzeug.datastructures import MultiDict

from scorekeeper.db import get_db
from scorekeeper.models import Match, Table

#: Seed 001 §09 by counts: 465 – 30.
COUNTS = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15},
          {"mode": "counts", "table_points": 60, "hand_points": 30}]
#: Card by card (seed 001 §03, §04, §09): 355 – −10.
CARDS = [{"mode": "cards", "melds": "5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"},
         {"mode": "cards", "melds": "3♠ 4♠ 5♠", "hand_points": 25}]


def _start(client: Any, table: str, seats: list[list[str]], target: str) -> str:
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    ids = {name: value for value, name in
           re.findall(r'value="(\d+)"[^>]*> ([A-Z][a-z]+)</label>', page)}
    data = [*hidden_fields(page).items(), ("profile", "buraco-aberto"), ("target", target)]
    data += [(f"sides-{i}-seats", ids[name]) for i, names in enumerate(seats) for name in names]
    response = client.post("/matches/new", data=MultiDict(data))
    assert response.status_code == 302
    return str(response.headers["Location"]).rsplit("/m/", 1)[1]


@pytest.fixture
def export(site: Any, client: Any) -> dict[str, Any]:
    """A real export: a table of four, a won match by counts, a match by cards with who
    sits where and who dealt first."""
    data = {**hidden_fields(client.get("/tables/new").get_data(as_text=True)),
            "players": "Ana\nBia\nCaio\nDani", "name": "Sexta", "zone": "Europe/Rome"}
    table = client.post("/tables/new", data=data).headers["Location"].rsplit("/t/", 1)[1]
    won = _start(client, table, [["Ana", "Bia"], ["Caio", "Dani"]], "400")
    assert site.save_deal(won, COUNTS, went_out="0").status_code == 302
    cards = _start(client, table, [["Ana", "Caio"], ["Bia", "Dani"]], "3000")
    assert site.save_deal(cards, CARDS, went_out="0").status_code == 302
    page = client.get(f"/m/{cards}/seating?order=0,3").get_data(as_text=True)
    assert client.post(f"/m/{cards}/seating",
                       data={**hidden_fields(page), "order": "0,3,2,1"}).status_code == 302
    page = client.get(f"/m/{cards}/dealer").get_data(as_text=True)
    assert client.post(f"/m/{cards}/dealer",
                       data={**hidden_fields(page), "seat": "2"}).status_code == 302
    doc = json.loads(client.get(f"/t/{table}/export.json").data)
    assert [m["totals"] for m in doc["matches"]] == [[465, 30], [355, -10]]
    return dict(doc)


def _import(client: Any, doc: Any, form: dict[str, str] | None = None) -> Any:
    form = form or hidden_fields(client.get("/tables/import").get_data(as_text=True))
    # lone surrogates written as \\ud800, as JSON allows
    body = doc if isinstance(doc, bytes) else json.dumps(doc).encode()
    return client.post("/tables/import", data={**form, "file": (io.BytesIO(body), "t.json")},
                       content_type="multipart/form-data")


#: A hostile file, and what the page says of it.
REFUSED = [
    (("players", 0, "name"), "An\udc00a", "“players[0].name” holds a character no page can show"),
    (("matches", 0, "sides", 1, "name"), "Th\x00em",
     "“matches[0].sides[1].name” holds a character no page can show"),
    (("matches", 1, "deals", 0, "sides", 0, "melds", 0), "5H 6H 7H\x00",
     "“matches[1].deals[0].sides[0].melds[0]” holds a character no page can show"),
    (("matches", 1, "rules"), {"document": {"name": "Casa\ud83d"}, "version": 1},
     "“matches[1].rules.document.name” holds a character no page can show"),
    (("matches", 0, "sides", 0, "seats"), [[1]], "“sides[0].seats” is not what a table"),
    (("matches", 1, "first_dealer"), 1e30, "“first_dealer” is not what a table"),
    (("matches", 1, "first_dealer"), 4, "“first_dealer” is not what a table"),
    (("matches", 1, "seating"), [[1]], "“seating” is not what a table"),
    (("zone",), 5, "The file: “zone” is not what a table"),
    (("zone",), "Mars/Olympus", "The file: “zone” names no time zone this server knows."),
    (("matches", 0, "created"), "0001-01-01T00:00:00", "“created” is not a date between"),
    (("matches", 0, "profile"), ["buraco-aberto"], "“profile” is not what a table"),
    (("matches", 0, "target"), True, "“target” is not what a table"),
    (("players", 1, "name"), "\u200b\u200d", "“players[1].name” shows no visible character."),
    (("players", 1, "name"), "ana", "Players: Two players have the same name."),
]


@pytest.mark.parametrize(("path", "value", "said"), REFUSED)
def test_a_hostile_file_is_refused_naming_the_field(export, client, app, path, value, said):
    answer = _import(client, with_value(export, path, value))
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422, html[-1500:]
    assert said in html.replace("&#34;", '"')
    with app.app_context(), get_db().read_sessions() as db:
        assert len(db.scalars(select(Table)).all()) == 1


def test_sides_the_match_form_refuses_are_refused(export, client):
    same = with_value(export, ("matches", 0, "sides", 1, "name"), "ANA & BIA")
    same["matches"][0]["sides"][0]["name"] = "Ana & Bia"
    assert "Two sides have the same name." in _import(client, same).get_data(as_text=True)
    both = with_value(export, ("matches", 0, "sides", 1, "seats"),
                [export["matches"][0]["sides"][0]["seats"][0],
                 export["matches"][0]["sides"][1]["seats"][1]])
    answer = _import(client, both)
    assert answer.status_code == 422
    assert "A player can sit on one side only." in answer.get_data(as_text=True)


def test_names_are_cleaned_as_the_forms_clean_them(export, client, app):
    """Bidirectional controls go, as a form drops them; the match is shown as its name."""
    doc = with_value(export, ("players", 2, "name"), "Ca\u202eio")
    doc["matches"][0]["name"] = "  Sexta\u2066 à noite "
    answer = _import(client, doc)
    assert answer.status_code == 302
    copy_token = answer.headers["Location"].rsplit("/t/", 1)[1]
    again = json.loads(client.get(f"/t/{copy_token}/export.json").data)
    assert [p["name"] for p in again["players"]] == ["Ana", "Bia", "Caio", "Dani"]
    assert again["matches"][0]["name"] == "Sexta à noite"
    assert client.get(f"/t/{copy_token}").status_code == 200


def test_a_refusal_is_said_in_the_pages_language(export, client):
    client.get("/lang/fr")
    answer = _import(client, with_value(export, ("matches", 0, "created"), "0001-01-01T00:00:00"))
    html = answer.get_data(as_text=True)
    assert answer.status_code == 422
    assert "Partie 1 (Ana &amp; Bia × Caio &amp; Dani)" in html
    assert "n’est pas une date entre le 1 janv. 2000 et le" in html


def test_the_table_file_is_read_as_every_file_that_comes_in(export, client, app):
    """The reader the evening's import and the command share (scorekeeper.incoming): a byte
    order mark read past, a file nested past its bound or holding ``NaN`` refused in
    words, nothing stored."""
    deep = with_value(export, ("matches", 0, "deals", 0, "x"), json.loads("[" * 40 + "]" * 40))
    for body, said in [
            (json.dumps(deep).encode(), "The file: The document is nested more than 32 levels"),
            (b"[" * 5000 + b"]" * 5000, "The file: The document is nested more than 32 levels"),
            (json.dumps(export).encode().replace(b'"target": 400', b'"target": NaN'),
             "This file is not a table exported by Scorekeeper.")]:
        answer = _import(client, body)
        assert answer.status_code == 422
        assert said in answer.get_data(as_text=True)
    with app.app_context(), get_db().read_sessions() as db:
        assert len(db.scalars(select(Table)).all()) == 1
    answer = _import(client, b"\xef\xbb\xbf" + json.dumps(export).encode())
    assert answer.status_code == 302
    with app.app_context(), get_db().read_sessions() as db:
        assert len(db.scalars(select(Table)).all()) == 2


# --- the fuzz ------------------------------------------------------------------------

#: What a mutation may put in a place of the file.
HOSTILE: list[Any] = [None, True, False, 0, -1, 7, 2**63, 1e30, -0.5, "", " ", "\x00", "\ud800",
                      "A\u202eB", "\u3164", "0001-01-01T00:00:00", "9999-12-31T23:59:59",
                      "2024-02-30", "Ana", "buraco-aberto", "x" * 300, [], [[1]], [1, 1], {},
                      {"document": {}}, [None], "Europe/Rome"]


def _places(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place of a document: each key of a mapping, each item of a list."""
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _places(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _places(inner, (*path, i))
    return found


def _mutate(doc: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The document with one place changed: a hostile value, gone, doubled, or another
    place's value."""
    places = _places(doc)
    path = rng.choice(places)
    changed = copy.deepcopy(doc)
    parent = changed
    for step in path[:-1]:
        parent = parent[step]
    how = rng.randrange(4)
    if how == 0:
        parent[path[-1]] = rng.choice(HOSTILE)
    elif how == 1:
        del parent[path[-1]]
    elif how == 2 and isinstance(parent, list):
        parent.insert(path[-1], copy.deepcopy(parent[path[-1]]))
    else:
        other = changed
        for step in rng.choice(places):
            other = other[step] if isinstance(other, dict | list) else other
        parent[path[-1]] = copy.deepcopy(other)
    return changed


def _pages(app: Any, token: str) -> list[str]:
    """Every page of an imported table: the table's, its exports and evenings, and each
    match's scoreboard (scorer's and read-only), deals and deal forms."""
    with app.app_context(), get_db().read_sessions() as db:
        table = db.scalar(select(Table).where(Table.edit_token == token))
        matches = list(db.scalars(select(Match).where(Match.table_id == table.id)))
        links = [(m.edit_token, m.view_token, len(m.deals)) for m in matches]
    pages = [f"/t/{token}", f"/t/{token}/export.json", f"/t/{token}/export.csv",
             f"/t/{token}/players", f"/t/{token}/stats", "/"]
    for edit, view, deals in links:
        pages += [f"/m/{edit}", f"/v/{view}", f"/m/{edit}/deals/new", f"/m/{edit}/dealer",
                  f"/m/{edit}/seating", f"/m/{edit}/match.json"]
        pages += [f"/m/{edit}/deals/{n}" for n in range(1, deals + 1)]
        pages += [f"/m/{edit}/deals/{n}/edit" for n in range(1, deals + 1)]
    return pages


def test_no_mutation_of_a_real_export_breaks_the_import_or_a_page(export, client, app):
    rng = random.Random(20251202)
    form = hidden_fields(client.get("/tables/import").get_data(as_text=True))
    seen: dict[int, int] = {}
    for _n in range(300):
        doc = _mutate(export, rng)
        answer = _import(client, doc, form)
        seen[answer.status_code] = seen.get(answer.status_code, 0) + 1
        assert answer.status_code in (302, 422), (answer.status_code, doc)
        if answer.status_code != 302:
            continue
        token = answer.headers["Location"].rsplit("/t/", 1)[1]
        for page in _pages(app, token):
            shown = client.get(page)
            assert shown.status_code < 500, (page, doc)
        evenings = re.findall(rf'href="(/t/{token}/night/[^"]+)"',
                              client.get(f"/t/{token}").get_data(as_text=True))
        pages = evenings[:1]
        if seen[302] <= 3:  # the PDFs of the first tables accepted (each takes a renderer)
            pages += [f"{evenings[0]}.pdf"] if evenings else []
            pages += [page.replace("/deals/new", "/summary.pdf")
                      for page in _pages(app, token) if page.endswith("/deals/new")]
        for page in pages:
            assert client.get(page).status_code < 500, (page, doc)
    # both kinds were met: files read back, and files refused
    assert seen.get(302, 0) > 20
    assert seen.get(422, 0) > 100


def test_a_name_made_of_the_players_names_fits_its_column(site, client, app, export):
    """Left empty, a table's, match's or game's name is its players' or sides' names,
    cut to the size its column keeps (PostgreSQL refuses a longer one)."""
    long = [f"{letter * 39}{n}" for n in range(3) for letter in "ABCDEFGH"]
    data = {**site.hidden("/tables/new"), "players": "\n".join(long[:24])}
    assert client.post("/tables/new", data=data).status_code == 302
    doc = with_value(export, ("name",), "")
    doc["players"] = [{**p, "name": long[i]} for i, p in enumerate(doc["players"])]
    for match in doc["matches"]:
        for side in match["sides"]:
            side["players"] = [long[s - doc["players"][0]["id"]] for s in side["seats"]]
    assert _import(client, doc).status_code == 302
    sides = {f"sides-{i}-players": ", ".join(long[3 * i:3 * i + 3])[:120] for i in (0, 1)}
    site.new_match(sides=("", ""), **sides)
    data = {**site.hidden("/burro"), "players": "\n".join(long[:8])}
    assert client.post("/burro", data=data).status_code == 302
    with app.app_context(), get_db().read_sessions() as db:
        tables = [t.name for t in db.scalars(select(Table).order_by(Table.id))][1:]
        assert tables == [" · ".join(long[:24])[:80], " · ".join(long[:4])[:80]]
        assert [len(n) for n in tables] == [80, 80]
        names = [m.name for m in db.scalars(select(Match).order_by(Match.id))]
        assert len(names[-1]) == 120
        assert names[-1].startswith(f"{long[0]} & {long[1]} & ")
        from scorekeeper.models import BurroGame

        game = db.scalar(select(BurroGame))
        assert len(game.name) == 120
