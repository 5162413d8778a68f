"""A club's backup restores: a table export of about 5 MB, far over the 512 KiB any form
may send, reads back whole through the import (web/tablefiles.body_limit), with the same
standings; every other address keeps the small limit."""

from __future__ import annotations

import io
import json
import re
from typing import Any

from sqlalchemy import func, select
from web_support import hidden_fields
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import encode_multipart

from scorekeeper import rules
from scorekeeper.db import get_db
from scorekeeper.models import Deal, Match

#: Seed 001 §09 by counts: 180 on the table, a clean canastra, going out, 15 in hand = 465;
#: the other side 60 on the table, 30 in hand = 30.
WON = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15},
       {"mode": "counts", "table_points": 60, "hand_points": 30}]
#: Card by card (seed 001 §03, §04, §09): a clean canastra and going out, 355; 3♠ 4♠ 5♠
#: with 25 in hand, −10.
CARDS = [{"mode": "cards", "melds": "5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"},
         {"mode": "cards", "melds": "3♠ 4♠ 5♠", "hand_points": 25}]


def _table(client: Any) -> str:
    data = {**hidden_fields(client.get("/tables/new").get_data(as_text=True)),
            "players": "Ana\nBia\nCaio\nDani", "name": "Clube", "zone": "Europe/Lisbon"}
    return str(client.post("/tables/new", data=data).headers["Location"]).rsplit("/t/", 1)[1]


def _start(client: Any, table: str, seats: list[list[str]], target: str) -> str:
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    ids = dict((name, value) for value, name in
               re.findall(r'value="(\d+)"[^>]*> ([A-Z][a-z]+)</label>', page))
    data = [*hidden_fields(page).items(), ("profile", "buraco-aberto"), ("target", target)]
    data += [(f"sides-{i}-seats", ids[name]) for i, names in enumerate(seats) for name in names]
    response = client.post("/matches/new", data=MultiDict(data))
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return str(response.headers["Location"]).rsplit("/m/", 1)[1]


def _import(client: Any, body: bytes) -> Any:
    form = hidden_fields(client.get("/tables/import").get_data(as_text=True))
    # encoded here: the test client would spool a large body to a file it never closes
    boundary, sent = encode_multipart(MultiDict(
        {**form, "file": FileStorage(io.BytesIO(body), "t.json", content_type="application/json")}))
    return client.post("/tables/import", data=sent,
                       content_type=f"multipart/form-data; boundary={boundary}")


def _backup(site: Any, client: Any) -> dict[str, Any]:
    """A club's evening as its table exports it, grown to about 5 MB: the won match and
    the long card-by-card match the app saved, played again and again."""
    table = _table(client)
    won = _start(client, table, [["Ana", "Bia"], ["Caio", "Dani"]], "400")
    assert site.save_deal(won, WON, went_out="0").status_code == 302
    long = _start(client, table, [["Ana", "Caio"], ["Bia", "Dani"]], "100000")
    assert site.save_deal(long, CARDS, went_out="0").status_code == 302
    assert site.save_deal(long, CARDS[::-1], went_out="1").status_code == 302
    doc = json.loads(client.get(f"/t/{table}/export.json").data)
    first, second = doc["matches"]
    assert (first["totals"], second["totals"]) == ([465, 30], [345, 345])
    # Caio & Dani win one in three of the won matches (their seats swapped)
    swapped = [{**side, "seats": other["seats"], "players": other["players"]}
               for side, other in zip(first["sides"], first["sides"][::-1], strict=True)]
    matches = [{**first, "name": f"Partida {n}", "sides": swapped if n % 3 == 0
                else first["sides"]} for n in range(1, 301)]
    deals = second["deals"] * 150  # 300 deals, each side going out in turn
    totals = rules.match_document({"profile": "buraco-aberto", "target": 100000,
                                   "sides": ["a", "b"], "deals": deals})["totals"]
    matches += [{**second, "name": f"Longa {n}", "deals": deals, "totals": totals}
                for n in range(1, 41)]
    return {**doc, "matches": matches}


def _standings(client: Any, table: str) -> list[tuple[str, ...]]:
    page = client.get(f"/t/{table}").get_data(as_text=True)
    night = re.search(rf'href="(/t/{table}/night/[0-9-]+)"', page)
    assert night is not None
    html = client.get(night.group(1)).get_data(as_text=True)
    rows = re.findall(r"<tr><td>(\d+)</td><th scope=\"row\">([^<]+)</th><td>([^<]+)</td>\s*"
                      r"<td>([^<]+)</td><td>([^<]+)</td></tr>", html)
    return [tuple(row) for row in rows]


def _plain(body: bytes) -> dict[str, Any]:
    """An export with each seat by its player's name (player ids are each server's own)."""
    doc = json.loads(body)
    names = {p["id"]: p["name"] for p in doc.pop("players")}
    for match in doc["matches"]:
        for side in match["sides"]:
            side["seats"] = [names[s] for s in side["seats"]]
    return dict(doc)


def test_a_backup_of_five_megabytes_reads_back_with_the_same_standings(site, client, app):
    body = json.dumps(_backup(site, client), ensure_ascii=False, indent=1).encode()
    assert len(body) > 4 * 1024 * 1024
    restored = _import(client, body)
    assert restored.status_code == 302, restored.get_data(as_text=True)[-1500:]
    copy = restored.headers["Location"].rsplit("/t/", 1)[1]
    # the table this server made of it is exported whole, and reads back whole again
    exported = client.get(f"/t/{copy}/export.json").data
    # the same 12,303 deals, laid out a deal per line: lighter than the file above (whose
    # every value has a line of its own, as exports were written before)
    assert 3 * 1024 * 1024 < len(exported) < 0.7 * len(body)
    assert exported.count(b"\n") > 12_303
    again = _import(client, exported)
    assert again.status_code == 302, again.get_data(as_text=True)[-1500:]
    twice = again.headers["Location"].rsplit("/t/", 1)[1]
    standings = _standings(client, copy)
    # 300 won matches: Ana & Bia won 200 (465 – 30), Caio & Dani 100 (200 × 465 + 100 × 30
    # points for Ana); the 40 long ones are still in progress
    assert standings[:2] == [("1", "Ana", "200", "300", "96,000"),
                             ("1", "Bia", "200", "300", "96,000")]
    assert _standings(client, twice) == standings
    assert _plain(client.get(f"/t/{twice}/export.json").data) == _plain(exported)
    with app.app_context(), get_db().read_sessions() as db:
        assert db.scalar(select(func.count()).select_from(Match)) == 2 + 2 * 340
        assert db.scalar(select(func.count()).select_from(Deal)) == 3 + 2 * (300 + 40 * 300)


def test_every_other_address_keeps_the_small_limit(site, client):
    token = site.new_match()
    data = {**hidden_fields(client.get(f"/m/{token}/deals/new").get_data(as_text=True)),
            "sides-0-melds": "x" * (600 * 1024)}
    assert client.post(f"/m/{token}/deals/new", data=data).status_code == 413
    # the import itself refuses a file over its own limit
    assert _import(client, b" " * (9 * 1024 * 1024)).status_code == 413
