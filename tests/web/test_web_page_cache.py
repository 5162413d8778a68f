"""A scoreboard (or the rules page) kept per version is kept per address too, its query
string included: its language links lead back to the address it was asked at, never to
another's (scorekeeper/web/scoreboard.py, web/referee.py, web/chrome.py)."""

from __future__ import annotations

import re
from html import unescape
from urllib.parse import unquote


def _back(html: str) -> set[str]:
    """Where the page's language links lead back to."""
    links = re.findall(r'href="/lang/[^"?]+\?next=([^"]+)"', html)
    return {unquote(unescape(found)) for found in links}


def test_a_kept_scoreboard_leads_back_to_the_address_it_was_asked_at(site, client):
    token = site.new_match()
    asked = client.get(f"/m/{token}?from=qr").get_data(as_text=True)
    plain = client.get(f"/m/{token}").get_data(as_text=True)
    again = client.get(f"/m/{token}?from=qr").get_data(as_text=True)
    assert _back(asked) == _back(again) == {f"/m/{token}?from=qr"}
    assert _back(plain) == {f"/m/{token}"}


def test_the_kept_rules_page_leads_back_to_the_address_it_was_asked_at(client):
    pages = {query: client.get(f"/rules{query}").get_data(as_text=True)
             for query in ("?profile=burraco&x=1", "?profile=burraco")}
    for query, html in pages.items():
        assert _back(html) == {f"/rules{query}"}
