"""A match keeps the time zone of the phone that started it (the new match form's hidden
``zone``, filled by app.js from the browser's ``Intl``), checked against the zones this
server's Python knows: its pages without a script and its summary PDF write its moments
in that zone, the page's ``<time>`` saying the zone's letters, the paper its name once at
the top. A match without one (older, or a browser that did not say) keeps its moments in
UTC, as before."""

from __future__ import annotations

import io
import json
import re
from datetime import datetime, timedelta
from typing import Any

import pytest
from pypdf import PdfReader
from test_web_backup import _import, _start, _table

from scorekeeper.db import get_db
from scorekeeper.models import Match

#: A deal entered at 19:00 UTC on a Friday of November, corrected at 20:30 UTC.
ENTERED, CORRECTED = datetime(2026, 11, 27, 19, 0), datetime(2026, 11, 27, 20, 30)


def _zone(app: Any, token: str) -> str | None:
    with app.app_context(), get_db().read_sessions() as db:
        return db.query(Match).filter_by(edit_token=token).one().zone  # type: ignore[no-any-return]


def _played(site: Any, app: Any, seed_deal: Any, zone: str, started: datetime = ENTERED) -> str:
    """A match started by a phone in ``zone`` at ``started`` (UTC), its deal entered then
    and corrected at ``CORRECTED``."""
    token = site.new_match(zone=zone)
    assert site.save_deal(token, seed_deal, went_out="0").status_code == 302
    with app.app_context(), get_db().writing() as db:
        match = db.query(Match).filter_by(edit_token=token).one()
        match.created, match.updated = started, CORRECTED
        match.deals[0].created, match.deals[0].updated = ENTERED, CORRECTED
        match.version += 1  # what the pages' caches go by
    return token


@pytest.mark.parametrize(("sent", "kept"), [
    ("Europe/Rome", "Europe/Rome"),
    ("America/Sao_Paulo", "America/Sao_Paulo"),
    ("UTC", "UTC"),
    ("", None),  # no script: the browser said nothing
    ("Mars/Olympus_Mons", None),
    ("../../../etc/passwd", None),
    ("localtime", None),  # a file of the zone database, the server's own zone: no place
    ("europe/rome", None),
    ("Europe/" + "Rome" * 2000, None),
])
def test_a_match_keeps_the_zone_of_the_phone_that_started_it(site, app, sent, kept):
    """Anything but a zone this server knows starts the match all the same, without one
    (its moments in UTC): the field is the browser's, never typed by a player."""
    token = site.new_match(zone=sent)
    assert _zone(app, token) == kept


def test_pages_write_a_corrected_deal_in_the_tables_time(site, client, app, seed_deal):
    token = _played(site, app, seed_deal, "Europe/Rome")
    rome = ('<time class="num" datetime="2026-11-27T21:30:00+01:00" data-clock '
            'data-zone="Europe/Rome">2026-11-27 21:30 CET</time>')
    board = site.board(token)
    line = board[board.index('id="deal-1"'):].split("</a>")[0]
    assert f'<em class="corrected">✎ corrected: {rome}</em>' in line
    page = client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    assert f'<p class="corrected">✎ Corrected: {rome}</p>' in page
    # the read-only page: the match's last change in the table's time too
    view = re.search(r'/v/([^"/]+)"', client.get(f"/m/{token}/share").get_data(as_text=True))
    shared = client.get(f"/v/{view[1]}").get_data(as_text=True)  # type: ignore[index]
    assert f"Last change: {rome}" in shared
    assert "UTC" not in board + page + shared


@pytest.mark.parametrize(("zone", "moment", "shown"), [
    ("America/Sao_Paulo", datetime(2026, 11, 27, 20, 30),
     'datetime="2026-11-27T17:30:00-03:00" data-clock data-zone="America/Sao_Paulo">'
     "2026-11-27 17:30 UTC−3</time>"),  # no letters in the zone database: its offset
    ("Europe/Lisbon", datetime(2026, 7, 3, 20, 30),  # summer time
     'datetime="2026-07-03T21:30:00+01:00" data-clock data-zone="Europe/Lisbon">'
     "2026-07-03 21:30 WEST</time>"),
    ("Asia/Kolkata", datetime(2026, 11, 27, 20, 30),  # the next day there
     'datetime="2026-11-28T02:00:00+05:30" data-clock data-zone="Asia/Kolkata">'
     "2026-11-28 02:00 IST</time>"),
])
def test_each_zone_said_by_its_letters_or_its_offset(site, app, seed_deal, zone, moment, shown):
    token = _played(site, app, seed_deal, zone)
    with app.app_context(), get_db().writing() as db:
        match = db.query(Match).filter_by(edit_token=token).one()
        match.deals[0].created, match.deals[0].updated = moment - timedelta(hours=1), moment
        match.version += 1
    assert shown in site.board(token)


def test_a_match_without_a_zone_keeps_its_moments_in_utc(site, client, app, seed_deal):
    token = _played(site, app, seed_deal, "")
    utc = ('<time class="num" datetime="2026-11-27T20:30:00Z" data-clock>'
           "2026-11-27 20:30 UTC</time>")
    assert f'<em class="corrected">✎ corrected: {utc}</em>' in site.board(token)
    assert utc in client.get(f"/m/{token}/deals/1").get_data(as_text=True)
    text = _pdf_text(client, token, "en")
    assert "Deal 1 was corrected on 2026-11-27 20:30 UTC." in text
    assert "November 27, 2026 · Buraco Aberto" in text  # the day alone, as before


def _pdf_text(client: Any, token: str, lang: str) -> str:
    client.get(f"/lang/{lang}")
    pdf = PdfReader(io.BytesIO(client.get(f"/m/{token}/summary.pdf").data))
    return " ".join(" ".join(page.extract_text() for page in pdf.pages).split())


@pytest.mark.parametrize(("lang", "started", "corrected"), [
    ("en", "November 27, 2026, 8:00 PM (Central European Standard Time) · Buraco Aberto",
     "Deal 1 was corrected on Nov 27, 2026, 9:30 PM."),
    ("fr", "27 novembre 2026, 20:00 (heure normale d’Europe centrale) · Buraco Aberto",
     "La donne 1 a été corrigée le 27 nov. 2026, 21:30."),
    ("it", "27 novembre 2026 20:00 (Ora standard dell’Europa centrale) · Buraco Aberto",
     "La smazzata 1 è stata corretta il 27 nov 2026, 21:30."),
])
def test_the_summary_writes_its_moments_in_the_tables_time(site, client, app, seed_deal, lang,
                                                           started, corrected):
    """The zone named once, where the match started; the correction in that zone's time
    (it was "2026-11-27 20:30 UTC")."""
    token = _played(site, app, seed_deal, "Europe/Rome")
    text = _pdf_text(client, token, lang)
    assert started in text
    assert corrected in text
    assert "UTC" not in text
    assert "Europe/Rome" not in text


def test_the_summary_dates_the_match_by_the_tables_day(site, client, app, seed_deal):
    """Started at 1:00 UTC on the 28th: the 27th at 22:00 in São Paulo."""
    token = _played(site, app, seed_deal, "America/Sao_Paulo", datetime(2026, 11, 28, 1, 0))
    text = _pdf_text(client, token, "pt_BR")
    assert "27 de novembro de 2026 22:00 (Horário Padrão de Brasília)" in text
    assert "28 de novembro" not in text
    # the footer of each page: the match's name and its day there
    assert "Nós × Eles · 27 de novembro de 2026 · Buraco Aberto" in text


def test_a_tables_file_keeps_each_matchs_zone(site, client, app):
    table = _table(client)
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    assert 'name="zone" type="hidden" value=""' in page  # app.js fills it in
    token = _start(client, table, [["Ana", "Bia"], ["Caio", "Dani"]], "400")
    with app.app_context(), get_db().writing() as db:
        db.query(Match).filter_by(edit_token=token).one().zone = "America/Sao_Paulo"
    doc = json.loads(client.get(f"/t/{table}/export.json").data)
    assert doc["matches"][0]["zone"] == "America/Sao_Paulo"
    restored = _import(client, json.dumps(doc).encode())
    assert restored.status_code == 302, restored.get_data(as_text=True)[-1500:]
    with app.app_context(), get_db().read_sessions() as db:
        zones = sorted(str(m.zone) for m in db.query(Match))
    assert zones == ["America/Sao_Paulo", "America/Sao_Paulo"]
    # a zone this server does not know is refused, said in the page's language
    doc["matches"][0]["zone"] = "Mars/Olympus_Mons"
    client.get("/lang/fr")
    refused = _import(client, json.dumps(doc).encode())
    assert refused.status_code == 422
    said = re.sub(r"[\u00a0\u202f]", " ", refused.get_data(as_text=True))
    assert ("Partie 1 (Ana &amp; Bia × Caio &amp; Dani) : « zone » ne nomme aucun fuseau "
            "horaire connu de ce serveur.") in said
