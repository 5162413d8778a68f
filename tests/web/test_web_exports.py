"""PDF exports from the scoreboard, the home page and the rules page."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime

from pypdf import PdfReader


def _pdf(response) -> bytes:
    assert response.status_code == 200, response.data[:300]
    assert response.mimetype == "application/pdf"
    return bytes(response.data)


def test_match_summary_from_edit_and_read_only_links(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    assert _pdf(client.get(f"/m/{token}/summary.pdf")).startswith(b"%PDF")
    letter = PdfReader(io.BytesIO(_pdf(client.get(f"/m/{token}/summary.pdf?paper=Letter"))))
    box = letter.pages[0].mediabox
    assert {round(float(box.width)), round(float(box.height))} == {612, 792}  # US Letter
    html = client.get(f"/m/{token}/share").get_data(as_text=True)
    view = re.search(r'/v/([^"/]+)"', html).group(1)
    assert _pdf(client.get(f"/v/{view}/summary.pdf")).startswith(b"%PDF")
    assert client.get("/v/unknown/summary.pdf").status_code == 404


def test_blank_sheets_and_burro_sheet(client):
    assert _pdf(client.get("/sheets/burraco.pdf")).startswith(b"%PDF")
    assert _pdf(client.get("/burro/sheet.pdf?player=Ana&player=Bia")).startswith(b"%PDF")
    assert client.get("/sheets/poker.pdf").status_code == 404


def test_snapshot_for_the_pdf(site, app, seed_deal):
    token = site.new_match(**{"sides-0-players": "Ana, Bia"})
    site.save_deal(token, seed_deal, went_out="0")
    from scorekeeper.db import get_db
    from scorekeeper.models import Match, match_snapshot

    with app.app_context(), get_db().read_sessions() as db:
        snap = match_snapshot(db.query(Match).one())
    assert set(snap) == {"id", "version", "name", "created", "profile", "target", "sides",
                         "deals", "result"}
    assert snap["sides"][0] == {"name": "Nós", "players": ["Ana", "Bia"]}
    assert snap["result"]["totals"] == [465, 30]
    assert snap["deals"][0]["sides"][0]["counts"] == {"table_points": 180, "clean": 1}


def test_a_summary_is_named_after_the_match_and_its_day_never_its_number(site, client):
    token = site.new_match(name="Sunday at Ana's")
    response = client.get(f"/m/{token}/summary.pdf")
    disposition = response.headers["Content-Disposition"]
    today = datetime.now(UTC).date().isoformat()
    assert disposition == f'inline; filename="scorekeeper-sunday-at-ana-s-{today}.pdf"'
