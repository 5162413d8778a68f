"""An evening's pages, papers and files say what they said before its evening was stored
as rows: each, made through the pages for the same evening, has the digest the code gave
before (``evening_outputs.json``), once the links, form keys and QR codes are set aside.

Run with ``SCOREKEEPER_WRITE_OUTPUTS=1`` and ``-n 0`` to write the digests again (only for
a change meant to be seen).

The evening of ``evening_pages``: Italian Burraco, 5 turns of 2 deals, 4 pairs at 2
tables; turn 1 played (a deal fixed, a penalty with its reason, table 2 confirmed on its
phones), turn 2 seated with one deal in."""

from __future__ import annotations

import hashlib
import io
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, post, seat_turn
from pypdf import PdfReader
from support import form_fields, post_deal, table_side

FIXTURE = Path(__file__).with_name("evening_outputs.json")
#: What changes from one evening to the next: its links (tokens and table signatures),
#: form tokens and keys, QR codes, the moments its changes were made, the tags of the
#: parts a page follows.
_VOLATILE = [
    (re.compile(r'(name="(?:csrf_token|idem|phone)"[^>]*? value=")[^"]*(")'), r"\1…\2"),
    (re.compile(r'<svg [^>]*class="segno".*?</svg>', re.S), "<svg/>"),
    (re.compile(r"(?<=/)[0-9a-f]{16}(?=[/\"&<])"), "…"),  # a table's signature in a path
    (re.compile(r"/e/(?:v/)?[A-Za-z0-9_-]{20,}"), "/e/…"),
    (re.compile(r"([?&;](?:v|pack)=)[0-9a-f]{12}"), r"\1…"),  # the static files', the pack's
    (re.compile(r"<time [^>]*>[^<]*</time>"), "<time/>"),  # when a change was made
    # a followed part's tag names the static files' digest with what the part shows
    (re.compile(r'(data-follow-tag=")[0-9a-f]+(")'), r"\1…\2"),
]


def _plain(text: str, tokens: list[str]) -> str:
    for token in tokens:
        text = text.replace(token, "…")
    for pattern, instead in _VOLATILE:
        text = pattern.sub(instead, text)
    return text


def _pdf_text(data: bytes, tokens: list[str]) -> str:
    """A paper's words, page by page, without the spaces and line breaks between them (a
    link's random letters break its line elsewhere) nor its tables' signatures."""
    pages = []
    for page in PdfReader(io.BytesIO(data)).pages:
        text = _plain(re.sub(r"\s+", "", page.extract_text()), tokens)
        pages.append(re.sub(r"[0-9a-f]{16}", "…", text))
    return "\n".join(pages)


def _played(client: Any, phones: tuple[Any, Any]) -> tuple[str, str]:
    """The evening, played as the module says: its director's page and table 2's link,
    whose two pairs each chose a phone of their own (``phones``: North-South's, then
    East-West's)."""
    event = first_turn(client)
    table_1, table_2 = (f"{event}/turns/1/tables/{n}" for n in (1, 2))
    for deal, out in ((DEAL_A, "0"), (DEAL_C, "")):
        assert post_deal(client, f"{table_1}/deals/new", deal, out).status_code == 302
    assert post_deal(client, f"{table_1}/deals/2/edit", DEAL_B, "1").status_code == 302
    assert post(client, table_1, f"{table_1}/penalty", side="ew", mp="100",
                why="late").status_code == 302
    page = client.get(table_2).get_data(as_text=True)
    link = re.search(r'href="http://localhost(/e/t/[^"]+/2/[0-9a-f]+)"', page).group(1)
    ns, ew = phones
    table_side(ns, link, "ns")
    table_side(ew, link, "ew")
    for deal, out in ((DEAL_C, ""), (DEAL_A, "0")):
        assert post_deal(ns, f"{link}/ns/deals/new", deal, out).status_code == 302
    confirm = ew.post(f"{link}/ew/confirm", data=form_fields(ew, f"{link}/ew"))
    assert confirm.status_code == 302
    seat_turn(client, event)
    assert post_deal(client, f"{event}/turns/2/tables/1/deals/new", DEAL_A, "0") \
        .status_code == 302
    return event, link


def _outputs(client: Any, app: Any) -> dict[str, str]:
    phones = (app.test_client(), app.test_client())
    event, link = _played(client, phones)
    view = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True)).group(1)
    tokens = [event.rsplit("/", 1)[1], view.rsplit("/", 1)[1]]
    pages = {"director": event, "table": f"{event}/turns/1/tables/1",
             "table-2": f"{event}/turns/2/tables/1", "plan": f"{event}/plan",
             "room": view, "tv": f"{view}/tv", "find": f"{view}/find?name=Rossi",
             "phone-ns": f"{link}/ns", "phone-ew": f"{link}/ew"}
    out: dict[str, str] = {}
    for name, url in pages.items():
        # a pair's phone follows the pair: to its table of the turn in play
        asks = {"phone-ns": phones[0], "phone-ew": phones[1]}.get(name, client)
        response = asks.get(url, follow_redirects=asks is not client)
        assert response.status_code == 200, url
        out[name] = _plain(response.get_data(as_text=True), tokens)
    out["results.csv"] = client.get(f"{event}/results.csv").get_data(as_text=True)
    document = json.loads(client.get(f"{event}/event.json").data)
    out["event.json"] = json.dumps(document, sort_keys=True, ensure_ascii=False)
    for paper in ("standings", "seating", "slips", "cards"):
        response = client.get(f"{event}/{paper}.pdf")
        assert response.status_code == 200, paper
        out[f"{paper}.pdf"] = _pdf_text(response.data, tokens)
    return out


@pytest.mark.any_database
def test_every_page_paper_and_file_of_an_evening_says_what_it_said(client, app):
    outputs = _outputs(client, app)
    digests = {name: hashlib.sha256(text.encode()).hexdigest()
               for name, text in sorted(outputs.items())}
    if os.environ.get("SCOREKEEPER_WRITE_OUTPUTS"):
        FIXTURE.write_text(json.dumps({"digests": digests, "texts": outputs}, indent=1,
                                      ensure_ascii=False, sort_keys=True) + "\n")
    kept = json.loads(FIXTURE.read_text())
    for name, digest in digests.items():
        if digest != kept["digests"].get(name):
            before, now = kept["texts"].get(name, "").splitlines(), outputs[name].splitlines()
            first = next((i for i, (a, b) in enumerate(zip(before, now, strict=False)) if a != b),
                         min(len(before), len(now)))
            pytest.fail(f"{name} differs from line {first + 1}: "
                        f"{before[first:first + 3]!r} → {now[first:first + 3]!r}")
    assert set(digests) == set(kept["digests"])
