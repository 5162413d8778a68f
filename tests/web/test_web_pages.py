"""Every page, in every language: it renders, says its language, stays small, uses no other host."""

from __future__ import annotations

import re

import pytest

from scorekeeper.i18n import LOCALES

LIMIT = 30 * 1024  # HTML + CSS + JS of one page (issue 3, point 9)


def _assets(client) -> int:
    size = 0
    for url in ("/static/css/app.css", "/static/js/app.js"):
        response = client.get(url)
        assert response.status_code == 200
        size += len(response.data)
        response.close()  # static files are streamed: close the file
    return size


def _pages(site, client, seed_deal) -> list[str]:
    token = site.new_match()
    for _ in range(24):
        site.save_deal(token, seed_deal)
    view = re.search(r'/v/([^"/]+)"', client.get(f"/m/{token}/share").get_data(as_text=True))
    burro = client.get("/burro")
    assert burro.status_code == 200
    return [
        "/", "/matches/new", f"/m/{token}", f"/m/{token}/deals/new", f"/m/{token}/deals/3/edit",
        f"/m/{token}/undo", f"/m/{token}/delete", f"/m/{token}/share", f"/v/{view.group(1)}",
        "/check?melds=3H+4H+5H%0A2S+3S+4S", "/check/pile?profile=burraco&top=7H&melds=4H+5H+6H",
        "/check/wildcard?meld=4H+JK+6H&card=5H", "/burro/ranks?players=5", "/rules", "/burro",
    ]


def test_every_page_in_every_language(site, client, seed_deal):
    assets = _assets(client)
    for url in _pages(site, client, seed_deal):
        for lang in LOCALES:
            client.get(f"/lang/{lang}")
            response = client.get(url)
            html = response.get_data(as_text=True)
            assert response.status_code == 200, (url, lang)
            assert f'<html lang="{lang.replace("_", "-")}">' in html
            assert len(response.data) + assets <= LIMIT, (url, len(response.data))
            # no request to any other host: every src/href is local
            for ref in re.findall(r'(?:src|href|action)="([^"]*)"', html):
                assert not ref.startswith(("http:", "https:", "//")) or "localhost" in ref, ref
            for lang_code, _name in [("en", "English"), ("it", "Italiano")]:
                assert f'/lang/{lang_code}?next=' in html


def test_scoreboard_of_24_deals_shows_every_deal(site, client, seed_deal):
    token = site.new_match(target=100000)
    for _ in range(24):
        assert site.save_deal(token, seed_deal).status_code == 302
    html = site.board(token)
    assert html.count('class="dh"') == 24
    # 24 × (180 + 200 − 15) = 8760, without going out (no bonus): 365 each
    assert 'id="total-0">8,760<' in html


def test_language_switch_is_remembered_and_safe(client):
    response = client.get("/lang/fr?next=/rules")
    assert response.status_code == 302
    assert response.headers["Location"] == "/rules"
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)
    assert client.get("/lang/fr?next=//evil.example/x").headers["Location"] == "/"
    assert client.get("/lang/fr?next=https://evil.example/").headers["Location"] == "/"
    client.get("/lang/xx")
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)


def test_accept_language_picks_the_page_language(client):
    html = client.get("/", headers={"Accept-Language": "pt-BR,pt;q=0.9"}).get_data(as_text=True)
    assert '<html lang="pt-BR">' in html


@pytest.mark.parametrize(
    "url", ["/nope", "/m/unknown", "/v/unknown", "/m/" + "x" * 300, "/b/unknown", "/bv/x",
            "/m/unknown/share", "/m/unknown/deals/new", "/sheets/unknown.pdf"]
)
def test_unknown_links_get_a_friendly_404(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert "This link leads nowhere" in response.get_data(as_text=True)


def test_wrong_method_is_a_friendly_405(client):
    response = client.post("/rules")
    assert response.status_code == 405
    assert "Nothing was changed" in response.get_data(as_text=True)


def test_too_large_a_form_is_refused(client):
    response = client.post("/matches/new", data={"name": "x" * (600 * 1024)})
    assert response.status_code == 413


def test_security_headers(client):
    response = client.get("/")
    assert response.headers["Referrer-Policy"] == "no-referrer"
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]


def test_home_lists_this_phones_matches_only(site, client, app, seed_deal):
    token = site.new_match(name="Sunday")
    site.save_deal(token, seed_deal, went_out="0")
    html = client.get("/").get_data(as_text=True)
    assert "Sunday" in html
    assert "465" in html
    assert "Matches in progress" in html
    other = app.test_client()
    assert "Sunday" not in other.get("/").get_data(as_text=True)


def test_five_sides_and_24_deals_stay_under_the_page_limit(site, client):
    token = site.new_match(profile="buraco-classico", sides=("Ana", "Bia", "Caio", "Dani", "Eva"),
                           target=100000)
    for k in range(24):
        side = {"mode": "counts", "table_points": 100 + k, "hand_points": 5}
        # rules.md buraco-classico: with 5 players two pozzetti, the others pay −100
        late = {**side, "morto": "not_taken"}
        assert site.save_deal(token, [side] * 2 + [late] * 3).status_code == 302
    assets = _assets(client)
    for url in (f"/m/{token}", f"/m/{token}/deals/new", f"/m/{token}/deals/24/edit"):
        response = client.get(url)
        assert response.status_code == 200
        assert len(response.data) + assets <= LIMIT, (url, len(response.data) + assets)
    html = site.board(token)
    assert "<th>Bia<td>123<td>0<td>0<td>0<td>-5<td>118<td>2,556" in html  # 95 + 96 + … + 118
    assert "<th>Eva<td>123<td>0<td>0<td>-100<td>-5<td>18<td>156" in html  # −5 + −4 + … + 18
