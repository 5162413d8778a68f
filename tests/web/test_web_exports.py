"""PDF exports from the scoreboard, the home page and the rules page."""

from __future__ import annotations

import io
import re
import time
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


def test_a_blank_sheet_speaks_the_language_chosen_beside_its_link(client):
    """``?lang=`` as for a match's summary; the page's language otherwise."""
    def text(url: str) -> str:
        return "".join(page.extract_text() for page in
                       PdfReader(io.BytesIO(_pdf(client.get(url)))).pages)

    assert "Traguardo" in text("/sheets/burraco.pdf?lang=it")
    assert "Traguardo" not in text("/sheets/burraco.pdf")
    assert "Traguardo" not in text("/sheets/burraco.pdf?lang=xx")


def test_snapshot_for_the_pdf(site, app, seed_deal):
    token = site.new_match(**{"sides-0-players": "Ana, Bia"})
    site.save_deal(token, seed_deal, went_out="0")
    from scorekeeper.db import get_db
    from scorekeeper.models import Match, match_snapshot

    with app.app_context(), get_db().read_sessions() as db:
        snap = match_snapshot(db.query(Match).one())
    assert set(snap) == {"id", "version", "name", "created", "zone", "profile", "rules", "target",
                         "sides", "deals", "corrected", "result"}
    assert snap["corrected"] == {}  # no deal saved again
    assert snap["rules"] is None  # a built-in profile's match
    assert snap["sides"][0] == {"name": "Nós", "players": ["Ana", "Bia"]}
    assert snap["result"]["totals"] == [465, 30]
    assert snap["deals"][0]["sides"][0]["counts"] == {"table_points": 180, "clean": 1}


def test_a_summary_is_named_after_the_match_and_its_day_never_its_number(site, client):
    token = site.new_match(name="Sunday at Ana's")
    response = client.get(f"/m/{token}/summary.pdf")
    disposition = response.headers["Content-Disposition"]
    today = datetime.now(UTC).date().isoformat()
    assert disposition == f'inline; filename="scorekeeper-sunday-at-ana-s-{today}.pdf"'


def test_a_busy_renderer_answers_503_with_retry_after_and_loses_nothing(app, site, client,
                                                                      seed_deal):
    token = site.new_match(name="Busy night")
    site.save_deal(token, seed_deal, went_out="0")
    app.config["PDF_QUEUE"] = 0  # the worker's queue is full: every layout is refused
    started = time.monotonic()
    response = client.get(f"/m/{token}/summary.pdf", headers={"Accept-Language": "fr"})
    assert time.monotonic() - started < 2  # refused at once, not after a wait
    assert response.status_code == 503
    assert int(response.headers["Retry-After"]) >= 1
    assert response.mimetype == "text/html"
    page = response.get_data(as_text=True)
    assert '<html lang="fr"' in page
    assert "Indisponible pour le moment" in page
    board = site.board(token)
    assert 'id="total-0">465<' in board  # seed 001 §09: the saved deal is intact
    app.config["PDF_QUEUE"] = 3
    assert _pdf(client.get(f"/m/{token}/summary.pdf")).startswith(b"%PDF")


def test_typed_burro_names_never_fill_the_pdf_cache(app, client):
    from scorekeeper import pdf

    names = "&".join(f"player=Name{n}{'x' * 300}" for n in range(30))
    data = _pdf(client.get(f"/burro/sheet.pdf?{names}"))
    text = PdfReader(io.BytesIO(data)).pages[0].extract_text()
    assert "Name0" + "x" * (pdf.BURRO_NAME_LENGTH - 5) in text
    assert "x" * (pdf.BURRO_NAME_LENGTH - 4) not in text
    assert "Name29" not in text
    _pdf(client.get("/burro/sheet.pdf?player=Ana&player=Bia"))
    with app.test_request_context():
        assert pdf.cache_info()["entries"] == 0  # sheets with names are never kept
    _pdf(client.get("/burro/sheet.pdf"))
    with app.test_request_context():
        assert pdf.cache_info()["entries"] == 1


def test_the_summary_is_in_the_pages_language(site, client):
    token = site.new_match(name="Sunday")
    board = client.get(f"/m/{token}", headers={"Accept-Language": "it"}).get_data(as_text=True)
    form = board[board.index(f'action="/m/{token}/summary.pdf"'):]
    form = form[:form.index("</form>")]
    # the page's language (a match does not record the one it was made in); the header's
    # switcher is the page's one language choice
    assert '<input type="hidden" name="lang" value="it">' in form
    assert "<select" not in form
    chosen = _pdf(client.get(f"/m/{token}/summary.pdf?lang=fr&paper=A4",
                             headers={"Accept-Language": "it"}))
    assert PdfReader(io.BytesIO(chosen)).trailer["/Root"]["/Lang"] == "fr"
    unknown = _pdf(client.get(f"/m/{token}/summary.pdf?lang=xx",
                              headers={"Accept-Language": "it"}))
    assert PdfReader(io.BytesIO(unknown)).trailer["/Root"]["/Lang"] == "it"
