"""Every page the app links to, in every language: the right ``<html lang>`` and no
English left on it (style.md habit 8; issue 4, "Tests").

The pages are found by following the app's own links from the home page, a match
with one deal, a Burro game and the referee's forms, so new pages are visited
without this file knowing their addresses.
"""

from __future__ import annotations

import html as htmllib
import re
from urllib.parse import urlsplit

import pytest

from scorekeeper.i18n import LOCALES

from .catalogs import read_catalog

#: English source strings that must never be left on a translated page, whether
#: they are wrapped for translation or not.
ENGLISH = (
    "New match", "Matches in progress", "Finished matches", "At the table", "Meld checker",
    "May I take the pile?", "Where does the wildcard go?", "Paper score sheets",
    "The rules side by side", "Start the match", "Enter a deal", "Undo last deal",
    "Save the deal", "Back to the scores", "Delete the match", "Ask the referee",
    "Language", "Share", "Cancel", "Which cards to pull?", "Start the game",
    "Save the round", "Side name", "Cards left in hand", "Who went out?", "Discard pile",
    "Going out", "Card points", "Nothing here", "read-only", "not taken", "Rules",
    "One meld per line.", "our decision where the texts are silent",
)
LINK = re.compile(r'<a\b[^>]*\bhref="([^"#]*)"')
SKIP = re.compile(r"^/(static|lang)/|\.pdf$|/pdf\b|/export|/api/|\.svg$|\.json$")
VIEW_LINK = re.compile(r'(/b?v/[A-Za-z0-9_-]+)')
TAGS = re.compile(r"<(script|style)\b.*?</\1>|<[^>]+>", re.S)


def _text(page: str) -> str:
    """The visible text of a page, plus the attributes a reader sees or hears."""
    seen = " ".join(re.findall(r'(?:title|aria-label|placeholder|alt|value)="([^"]*)"', page))
    body = TAGS.sub("\n", page)
    return htmllib.unescape(f"{body}\n{seen}")


def _crawl(client, start: list[str], limit: int = 60) -> list[str]:
    seen: list[str] = []
    todo = list(start)
    while todo and len(seen) < limit:
        url = todo.pop(0)
        if url in seen:
            continue
        response = client.get(url)
        if response.status_code != 200 or "text/html" not in response.content_type:
            continue
        seen.append(url)
        page = response.get_data(as_text=True)
        hrefs = LINK.findall(page) + VIEW_LINK.findall(page)
        for href in hrefs:
            href = htmllib.unescape(href)
            parts = urlsplit(href)
            if parts.scheme or parts.netloc or not href.startswith("/") or SKIP.search(
                    parts.path):
                continue
            target = parts.path + (f"?{parts.query}" if parts.query else "")
            if target not in seen and target not in todo:
                todo.append(target)
    return seen


@pytest.fixture
def client(player):
    return player.client


@pytest.fixture
def pages(player) -> list[str]:
    client = player.client
    token = player.new_match()
    assert player.save_deal(token).status_code == 302
    italian = player.new_match(profile="burraco")
    start = ["/", f"/m/{token}", f"/m/{italian}", f"/m/{token}/deals/new",
             f"/m/{italian}/deals/new", "/check?melds=3H+4H%0A2S+3S+4S+5S+JK+2H",
             "/check?profile=burraco&melds=3H+JK+5H+2S",
             "/check/pile?profile=burraco&top=7H&melds=4H+5H+6H",
             "/check/wildcard?meld=4H+JK+6H&card=5H", "/burro/ranks?players=5", "/rules",
             "/burro", player.burro_game(), *_evening(client)]
    return _crawl(client, start)



def _evening(client) -> list[str]:
    """An evening with its first turn seated: its director's page, a table's page and
    deal form, the new evening's form (the room's page is linked from the first)."""
    from support import evening

    event = evening(client)
    room = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True))
    assert room
    return [event, f"{event}/turns/1/tables/1", f"{event}/turns/1/tables/1/deals/new",
            "/events/new", f"{room.group(1)}/tv", f"{room.group(1)}/find?who=1",
            "/seasons/new", f"{event}/plan"]


def _translated(locale: str) -> list[str]:
    """Source strings of two words or more whose translation differs from them."""
    out = []
    for message in read_catalog(locale):
        if (isinstance(message.id, str) and message.id and message.string
                and message.string != message.id and "%" not in message.id
                and len(message.id.split()) >= 2 and message.id[:1].isupper()):
            out.append(message.id)
    return out


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_every_page_speaks_the_language(client, pages, locale):
    assert len(pages) >= 8, pages
    sources = set(_translated(locale)) | set(ENGLISH)
    client.get(f"/lang/{locale}")
    leftovers = {}
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        page = response.get_data(as_text=True)
        assert f'<html lang="{locale.replace("_", "-")}">' in page, url
        text = _text(page)
        lines = {line.strip() for line in re.split(r"[\n|·:]", text)}
        found = sorted(s for s in sources if s in lines or (len(s) > 25 and s in text))
        if found:
            leftovers[url] = found
    assert not leftovers, leftovers


def test_english_pages_say_english(client, pages):
    client.get("/lang/en")
    for url in pages[:5]:
        assert '<html lang="en">' in client.get(url).get_data(as_text=True)


@pytest.mark.parametrize(("header", "lang"), [("fr-FR,fr;q=0.9", "fr"), ("pt-BR", "pt-BR"),
                                              ("it-IT,en;q=0.5", "it"), ("de", "en")])
def test_the_browser_language_without_a_choice(client, header, lang):
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert f'<html lang="{lang}">' in page


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_error_page_speaks_the_language(client, locale):
    client.get(f"/lang/{locale}")
    response = client.get("/m/no-such-match")
    assert response.status_code == 404
    page = response.get_data(as_text=True)
    assert f'<html lang="{locale.replace("_", "-")}">' in page
    assert "Nothing here" not in page
    assert "This link leads nowhere" not in page


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_referee_errors_on_the_deal_page_speak_the_language(player, client, locale):
    client.get(f"/lang/{locale}")
    token = player.new_match()
    response = player.save_deal(token, [{"mode": "cards", "melds": "3H 4H 5H", "hand": "ZZ"},
                                      {"mode": "counts", "table_points": 50}])
    page = htmllib.unescape(response.get_data(as_text=True))
    assert response.status_code in (400, 422)
    assert "Unknown card" not in page
    assert "ZZ" in page


@pytest.mark.parametrize("locale", [loc for loc in LOCALES if loc != "en"])
def test_wtforms_messages_speak_the_language(player, client, locale):
    client.get(f"/lang/{locale}")
    token = player.new_match()
    response = player.save_deal(token, [{"mode": "counts", "table_points": "many"},
                                      {"mode": "counts", "table_points": 50}])
    page = response.get_data(as_text=True)
    assert response.status_code in (400, 422)
    assert "Not a valid integer value" not in page
