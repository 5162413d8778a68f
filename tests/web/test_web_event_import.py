"""An evening's file read back as every file that comes in is read (scorekeeper.incoming:
its size, its text, how deep it nests), then by the referee and the forms' checks: what
they refuse is said naming the field, and nothing is stored; what they let through is
shown, printed and exported: every page and paper of the evening it makes answers, its
names cleaned as a form cleans them. And an evening's own export reads back, up to the
largest evening the forms make."""

from __future__ import annotations

import copy
import csv
import html
import io
import json
import random
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from evening_pages import DEAL_A, DEAL_B, first_turn, post, table_rows
from pypdf import PdfReader
from sqlalchemy import func, select
from support import post_deal
from test_web_events import _import
from web_support import with_value

from scorekeeper import eventfiles
from scorekeeper.db import get_db
from scorekeeper.incoming import EVENING_BYTES
from scorekeeper.models import Event
from scorekeeper.web.evening import store


def _play(client: Any) -> dict[str, Any]:
    """An evening's document as its page downloads it: four pairs, turn 1 seated, table
    1's two deals entered and a pair there late (150 MP), table 2 forfeited by East-West."""
    event = first_turn(client)
    table = f"{event}/turns/1/tables/1"
    for deal in (DEAL_A, DEAL_B):
        assert post_deal(client, f"{table}/deals/new", deal, "0").status_code == 302
    assert post(client, table, f"{table}/penalty", side="ns", mp="150",
                why="late").status_code == 302
    other = f"{event}/turns/1/tables/2"
    assert post(client, other, f"{other}/forfeit", side="ew").status_code == 302
    return dict(client.get(f"{event}/event.json").get_json())


@pytest.fixture(scope="module")
def played_once(template_db: Path, server_db: str | None,
                tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any] | None]:
    """``_play``'s document, played once for the file on an app of its own (a copy of the
    migrated SQLite file): a document is data, and each test imports its own copy of it
    into its own fresh database. None on PostgreSQL, where each test plays it again on its
    own database (so that storing it is tried there as before)."""
    if server_db:
        yield None
        return
    from support import made_app

    folder = tmp_path_factory.mktemp("played")
    shutil.copyfile(template_db, folder / "scorekeeper.sqlite3")
    app = made_app(f"sqlite:///{folder / 'scorekeeper.sqlite3'}", folder / "instance")
    try:
        yield _play(app.test_client())
    finally:
        get_db(app).engine.dispose()


@pytest.fixture
def played(played_once: dict[str, Any] | None, client: Any) -> dict[str, Any]:
    """The played evening's document, a copy of its own for each test (on PostgreSQL
    played again on the test's database)."""
    if played_once is None:
        return _play(client)
    return copy.deepcopy(played_once)


def _events(app: Any) -> int:
    with app.app_context(), get_db().read_sessions() as db:
        return int(db.scalar(select(func.count()).select_from(Event)) or 0)


#: A hostile change of the file, and what the page says of it.
REFUSED = [
    (("entrants", 0, "name"), "Ro\ud800ssi",
     "“entrants[0].name” holds a character no page can show (NUL or a lone surrogate)"),
    (("name",), "Vener\udfffdì", "“name” holds a character no page can show"),
    (("profile",), {"id": "circolo", "base": "burraco", "name": "Casa\ud83d",
                    "params": {"target": 1500}}, "“profile.name” holds a character"),
    (("turns", 0, "tables", 0, "penalties", 0, "why"), "la\x00te",
     "“turns[0].tables[0].penalties[0].why” holds a character no page can show"),
    (("turns", 0, "tables", 0, "deals", 0, "sides", 0, "name"), "\ud800",
     "“turns[0].tables[0].deals[0].sides[0].name” holds a character"),
    (("plan", 0, "x"), json.loads("[" * 40 + "]" * 40),
     "The document is nested more than 32 levels deep"),
    (("name",), "V" * 121, "name: “VVVV"),
    (("entrants", 1, "name"), "ROSSI  –  BIANCHI", "Two entrants have the same name."),
    (("entrants", 1, "name"), "Róssi – Biànchi", "Two entrants have the same name."),
    (("entrants", 2, "name"), "\u200b\u3164", "A name needs at least one visible character."),
]


@pytest.mark.parametrize(("path", "value", "said"), REFUSED)
def test_a_hostile_evening_is_refused_naming_the_field(played, client, app, path, value, said):
    before = _events(app)
    response = _import(client, with_value(played, path, value))
    page = html.unescape(response.get_data(as_text=True))
    assert response.status_code == 422, page[-1500:]
    assert said in page
    assert _events(app) == before


@pytest.mark.parametrize(("raw", "said"), [
    (b'{"name": "V", "entrants": ' + b"[" * 5000 + b"]" * 5000 + b"}",
     "The document is nested more than 32 levels deep"),
    (b'{"name": "V", "bye_vp": NaN}', "This file is not an evening exported by Scorekeeper."),
    (b'{"name": "V", "bye_vp": 1e999}', "This file is not an evening exported by Scorekeeper."),
    (b'{"name": "V", "bye_vp": ' + b"9" * 5000 + b"}",
     "This file is not an evening exported by Scorekeeper."),
    ('{"name": "Venerdì"}'.encode("latin-1"),
     "This file is not an evening exported by Scorekeeper."),
])
def test_a_file_no_reader_can_read_is_refused_in_words(client, app, raw, said):
    response = _import(client, raw)
    assert response.status_code == 422
    assert said in html.unescape(response.get_data(as_text=True))
    assert _events(app) == 0


def test_a_refusal_is_said_in_the_pages_language(played, client):
    client.get("/lang/it")
    response = _import(client, with_value(played, ("entrants", 0, "name"), "Ro\ud800ssi"))
    assert response.status_code == 422
    assert ("«entrants[0].name» contiene un carattere che nessuna pagina può mostrare"
            in html.unescape(response.get_data(as_text=True)))
    response = _import(client, b"[" * 5000 + b"]" * 5000)
    assert "Il documento è annidato su più di 32 livelli" in response.get_data(as_text=True)


#: Names no form keeps as they are, and the names the evening shows for them.
HOSTILE_NAMES = {
    "\x1b[31mRossi\x07 – Bianchi": "[31mRossi – Bianchi",
    "Ve\u202erdi – Neri\u200f": "Verdi – Neri",
    "=CMD|' /C calc'!A0": "=CMD|' /C calc'!A0",
    " Marroni – Rosa\u2028": "Marroni – Rosa",
}


def _pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF-")
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_what_the_reader_lets_through_is_shown_printed_and_exported(played, client, app):
    """Every name of the file cleaned as a form cleans it, then every page and paper of
    the evening: the director's page, the room's, its big screen and where-do-I-sit, the
    table's page, each PDF the evening offers, results.csv and event.json."""
    doc = copy.deepcopy(played)
    for entrant, name in zip(doc["entrants"], HOSTILE_NAMES, strict=True):
        entrant["name"] = name
    doc["name"] = "Vener\u202edì\x1b al circolo"
    doc["turns"][0]["tables"][0]["penalties"][0]["why"] = "la\x07te\u2066"
    doc["turns"][0]["tables"][0]["deals"][0]["sides"][1]["name"] = "Gia\x1blli\u202e"
    raw = b"\xef\xbb\xbf" + json.dumps(doc).encode()  # a byte order mark, as Notepad writes
    response = _import(client, raw)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    event = response.headers["Location"]
    names = list(HOSTILE_NAMES.values())
    with app.app_context(), get_db().read_sessions() as db:
        stored = db.scalars(select(Event).where(Event.edit_token == event.rsplit("/", 1)[1])).one()
        assert stored.name == "Venerdì al circolo"
        kept = store.document(db, stored)
        assert [e["name"] for e in kept["entrants"]] == names
        assert kept["turns"][0]["tables"][0]["penalties"][0]["why"] == "late"
        view = f"/e/v/{stored.view_token}"
    director = client.get(event).get_data(as_text=True)
    assert sorted(row[1] for row in table_rows(director, "Standings")) == sorted(names)
    # each page, and the name it shows (the evening's on the plan's page)
    pages = {event: names[0], f"{event}/turns/1/tables/1": names[0], view: names[1],
             f"{event}/turns/1/tables/1/deals/1/edit": names[0],
             f"{event}/plan": "Venerdì al circolo", f"{view}/tv": names[2],
             f"{view}/find?who=4": names[3]}
    for url, shown in pages.items():
        response = client.get(url)
        text = response.get_data(as_text=True)
        assert response.status_code == 200, url
        assert shown in html.unescape(text), url
        # no control character (a textarea's own first line break aside) nor bidi control
        assert not re.search("[\x00-\x08\x0b\x0c\x0e-\x1f\u202a-\u202e\u2066-\u2069]",
                             text), url
    for url in [*(f"{event}/{kind}.pdf" for kind in ("seating", "cards", "slips", "standings")),
                *(f"{view}/{kind}.pdf" for kind in ("seating", "standings"))]:
        response = client.get(url)
        assert response.status_code == 200, url
        assert "Verdi – Neri" in _pdf_text(response.data), url
    rows = list(csv.reader(io.StringIO(client.get(f"{event}/results.csv").get_data(
        as_text=True))))
    assert sorted({row[3] for row in rows[1:]}) == sorted(
        ["[31mRossi – Bianchi", "Verdi – Neri", "'=CMD|' /C calc'!A0", "Marroni – Rosa"])
    exported = client.get(f"{event}/event.json")
    assert json.loads(exported.data)["entrants"] == kept["entrants"]
    assert json.loads(exported.data)["name"] == "Venerdì al circolo"
    assert [s["name"] for s in json.loads(exported.data)["turns"][0]["tables"][0]["deals"][0][
        "sides"]] == ["Rossi – Bianchi", "Gialli"]


def test_an_evening_exported_is_compact_and_reads_back(client):
    """The export is JSON on one line, no space after a separator, and the same evening
    once read back."""
    event = first_turn(client)
    assert post_deal(client, f"{event}/turns/1/tables/1/deals/new", DEAL_A, "0").status_code \
        == 302
    body = client.get(f"{event}/event.json").get_data(as_text=True)
    assert body == json.dumps(json.loads(body), ensure_ascii=False, separators=(",", ":")) + "\n"
    assert '"name":"Venerdì al circolo"' in body
    assert _import(client, body.encode("utf-16")).status_code == 302  # saved as "Unicode"
    response = _import(client, body.encode())
    assert response.status_code == 302
    copied = client.get(response.headers["Location"]).get_data(as_text=True)
    assert table_rows(copied, "Turn 1") == table_rows(client.get(event).get_data(
        as_text=True), "Turn 1")


#: Every card of two decks but ten, laid down by the two sides of a deal.
_RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]


def largest_evening() -> dict[str, Any]:
    """The largest evening the forms make at a club's scale: 200 pairs (100 tables) over
    30 turns (the plan's form's most) of 4 deals (the new evening's form's most), every
    deal entered card by card (98 cards laid down or left in hand), every name at its
    longest (an evening's 120 characters, an entrant's 80, a penalty's reason 80)."""
    def name(i: int) -> str:
        return f"Coppia {i:03d} – {'x' * 80}"[:80]

    def side(table: int, i: int) -> dict[str, Any]:
        suits = ("H", "S") if i == 0 else ("D", "C")
        return {"name": name(2 * table + i + 1), "morto": "taken", "went_out": i == 0,
                "melds": [" ".join(r + s for r in _RANKS) for s in suits for _ in range(2)],
                "hand": [] if i == 0 else ["2C", "JK"],
                **({"closed_by": "discard"} if i == 0 else {})}

    tables = [{"table": t + 1, "ns": 2 * t + 1, "ew": 2 * t + 2,
               "deals": [{"profile": "burraco", "sides": [side(t, 0), side(t, 1)]}] * 4,
               "penalties": [{"side": "ns", "mp": 100, "why": "r" * 80}], "forfeit": None}
              for t in range(100)]
    return {"profile": "burraco", "kind": "pairs", "deals_per_turn": 4,
            "vp_table": "fibur-2026", "bye_vp": 10,
            "entrants": [{"id": i, "name": name(i)} for i in range(1, 201)],
            "plan": [{"movement": "mitchell", "shift": 1}] * 30,
            "turns": [{"tables": tables}] * 30, "name": "n" * 120, "day": "2026-12-04"}


def test_the_largest_evening_the_forms_make_fits_the_import_with_room_to_spare():
    """Its export (about 8.5 MB) within ``EVENING_BYTES`` (12 MiB), with a quarter of it
    or more to spare; indented as the export was before, it would not (more than 16 MB)."""
    doc = largest_evening()
    size = len(eventfiles.event_file(doc).encode())
    assert 8_000_000 < size < EVENING_BYTES * 3 // 4
    assert len(json.dumps(doc, ensure_ascii=False, indent=2).encode()) > EVENING_BYTES


def test_an_evening_of_more_than_4_mib_reads_back(client, app):
    """A 200-pair evening's first 15 turns by cards (about 4.3 MB): past the bound the
    import had before, read back whole."""
    doc = largest_evening()
    doc["turns"] = doc["turns"][:15]
    raw = eventfiles.event_file(doc).encode()
    assert len(raw) > 4 * 1024 * 1024
    response = _import(client, raw)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    with app.app_context(), get_db().read_sessions() as db:
        stored = db.scalars(select(Event)).one()
        kept = store.document(db, stored)
        assert len(kept["turns"]) == 15
        assert kept["entrants"][199]["name"] == doc["entrants"][199]["name"]


def test_no_mutation_of_a_real_evening_breaks_the_import_or_a_page(played, client, app):
    """The table import's fuzz (test_web_import_checks) on an evening: each place of a
    real export changed in turn to a hostile value, removed, doubled or swapped; the
    import answers 302 or 422, and every page and file of what it took answers."""
    from test_web_import_checks import _mutate

    rng = random.Random(20261204)
    seen: dict[int, int] = {}
    for _n in range(200):
        doc = _mutate(played, rng)
        answer = _import(client, doc)
        seen[answer.status_code] = seen.get(answer.status_code, 0) + 1
        assert answer.status_code in (302, 422), (answer.status_code, doc)
        if answer.status_code != 302:
            continue
        event = answer.headers["Location"]
        with app.app_context(), get_db().read_sessions() as db:
            view = "/e/v/" + db.scalars(select(Event.view_token).where(
                Event.edit_token == event.rsplit("/", 1)[1])).one()
        pages = [event, f"{event}/plan", f"{event}/results.csv", f"{event}/event.json",
                 f"{event}/turns/1/tables/1", view, f"{view}/tv", f"{view}/find?who=1"]
        if seen[302] <= 2:  # the papers of the first evenings taken (each takes a renderer)
            pages += [f"{event}/{kind}.pdf" for kind in ("seating", "cards", "slips",
                                                          "standings")]
        for page in pages:
            assert client.get(page).status_code in (200, 404), (page, doc)
    assert seen.get(302, 0) > 20
    assert seen.get(422, 0) > 50
