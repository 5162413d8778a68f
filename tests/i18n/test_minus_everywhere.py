"""No hyphen-minus before a number anywhere a player reads one: every page a family opens
(a match, its deals, its share page, a table with its evenings, players and head to head,
the rules, Burro) and every PDF (the summary, the blank sheets, the evening), in every
language. A negative number is written with the true minus sign (U+2212), as
``i18n.format_number`` writes it (language-turn3 review: "-70" beside "−70")."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from pypdf import PdfReader
from werkzeug.datastructures import MultiDict

from scorekeeper.i18n import LOCALES

from .driver import hidden
from .test_table_words import _shown

#: A hyphen-minus before a digit that is no part of a word, a date or a link.
HYPHEN_NUMBER = re.compile(r"(?<![\w/:.=?&#-])-\d")


def _post(client: Any, url: str, data: Any) -> str:
    response = client.post(url, data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return str(response.headers["Location"])


def _finished_table(player: Any) -> tuple[str, str, list[int]]:
    """A table of four and a match of theirs finished at 400: 450 – −40 after one deal
    (the other side's 40 in hand), so that every ranking shows a negative number."""
    client = player.client
    table = _post(client, "/tables/new", {**player.form("/tables/new"),
                                          "players": "Ana\nBia\nCaio\nDani", "zone": "UTC"})
    table = table.rsplit("/t/", 1)[1]
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    ids = [int(i) for i in re.findall(r'<input[^>]*name="sides-0-seats"[^>]*value="(\d+)"', page)]
    data = MultiDict([*hidden(page).items(), ("profile", "buraco-aberto"), ("target", "400"),
                      *[(f"sides-{i}-seats", str(ids[p])) for i, p in ((0, 0), (0, 1),
                                                                        (1, 2), (1, 3))]])
    edit = _post(client, "/matches/new", data).rsplit("/m/", 1)[1]
    sides = [{"mode": "counts", "table_points": 150, "clean": 1},
             {"mode": "counts", "table_points": 0, "hand_points": 40}]
    url = f"/m/{edit}/deals/new"
    deal = player.form(url)
    for i, side in enumerate(sides):
        for key, value in {"morto": "taken", **side}.items():
            deal[f"sides-{i}-{key}"] = str(value)
    deal.update(went_out="0", closed_by="discard", action="save")
    _post(client, url, deal)
    return table, edit, ids


def _pdf(client: Any, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(response.data)).pages)


@pytest.mark.parametrize("locale", LOCALES)
def test_no_hyphen_minus_before_a_number_on_any_page_or_pdf(player, locale):
    client = player.client
    client.get(f"/lang/{locale}")
    table, edit, ids = _finished_table(player)
    view = re.search(r"/v/([\w-]+)", client.get(f"/m/{edit}/share").get_data(as_text=True))
    assert view is not None
    day = datetime.now(UTC).date().isoformat()
    burro = player.burro_game()
    pages = [f"/m/{edit}", f"/m/{edit}/deals/1", f"/m/{edit}/deals/1/edit", f"/m/{edit}/share",
             f"/v/{view.group(1)}", f"/v/{view.group(1)}/deals/1", f"/t/{table}",
             f"/t/{table}/night/{day}", f"/t/{table}/p/{ids[2]}", f"/t/{table}/stats",
             f"/t/{table}/versus?a={ids[2]}&b={ids[0]}", "/", "/rules", burro,
             "/check?melds=3H+4H+5H", "/check/pile?profile=burraco&top=7H&melds=4H+5H+6H"]
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        text = _shown(response.get_data(as_text=True))
        found = HYPHEN_NUMBER.findall(text)
        assert not found, (url, re.findall(r".{15}(?<![\w/:.=?&#-])-\d.{6}", text))
    assert "\u221240" in _shown(client.get(f"/m/{edit}").get_data(as_text=True))
    for url in (f"/m/{edit}/summary.pdf", f"/t/{table}/night/{day}.pdf", "/sheets/burraco.pdf",
                "/sheets/buraco-aberto.pdf", "/burro/sheet.pdf?player=Ana"):
        text = _pdf(client, url + ("&" if "?" in url else "?") + f"lang={locale}")
        assert not HYPHEN_NUMBER.findall(text), (url, re.findall(r".{15}-\d.{6}", text))
    assert "\u221240" in _pdf(client, f"/m/{edit}/summary.pdf?lang={locale}")
