"""Edit link, read-only link, QR code, self-refresh: a read-only link never changes anything."""

from __future__ import annotations

import re
from datetime import timedelta

from web_support import breakdown


def _view_token(client, token: str) -> str:
    html = client.get(f"/m/{token}/share").get_data(as_text=True)
    return re.search(r'/v/([^"/]+)"', html).group(1)


def test_share_page_has_an_svg_qr_code_of_the_read_only_link(site, client):
    token = site.new_match()
    html = client.get(f"/m/{token}/share").get_data(as_text=True)
    view = _view_token(client, token)
    assert "<svg" in html
    assert "segno" in html
    assert f"http://localhost/v/{view}" in html
    assert view != token
    assert len(view) >= 20
    assert len(token) >= 20


def test_share_uses_the_lan_address_when_the_server_knows_it(site, client, app):
    app.config["PUBLIC_URL"] = "http://192.168.1.20:5000/"
    token = site.new_match()
    assert "http://192.168.1.20:5000/v/" in client.get(f"/m/{token}/share").get_data(as_text=True)


def test_read_only_view_shows_the_scores_and_no_way_to_change_them(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    view = _view_token(client, token)
    html = client.get(f"/v/{view}").get_data(as_text=True)
    assert 'id="total-0">465<' in html
    assert token not in html
    assert "/m/" not in html
    # the only form asks for the summary PDF in a language: nothing posts
    assert re.findall(r"<form[^>]*>", html) == [
        f'<form class="actions" method="get" action="/v/{view}/summary.pdf">']
    assert f'data-poll="/v/{view}/version.json"' in html
    # a tap on the deal opens its breakdown, read-only too
    assert f'href="/v/{view}/deals/1"' in html
    deal = client.get(f"/v/{view}/deals/1").get_data(as_text=True)
    assert breakdown(deal) == {"table": ["180", "60"], "bonus": ["200", "0"],
                               "out": ["100", "0"], "hand": ["\u221215", "\u221230"],
                               "deal": ["+465", "+30"], "total": ["465", "30"]}
    assert "Going out: <b>Nós</b>" in deal
    assert token not in deal
    assert "/m/" not in deal
    assert client.get(f"/v/{view}/deals/2").status_code == 404
    assert client.get(f"/v/{view}/deals/0").status_code == 404


def test_read_only_token_cannot_reach_any_edit_route(site, client, seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    view = _view_token(client, token)
    data = site.hidden(f"/m/{token}/undo")
    for url in (f"/m/{view}", f"/m/{view}/deals/new", f"/m/{view}/undo", f"/m/{view}/delete",
                f"/m/{view}/deals/1/edit", f"/m/{view}/share"):
        assert client.get(url).status_code == 404, url
        assert client.post(url, data=data).status_code in (404, 405), url
    for url in (f"/v/{view}", f"/v/{view}/version.json"):
        assert client.post(url, data=data).status_code == 405
    assert 'id="total-0">465<' in site.board(token)


def test_version_endpoint_moves_when_a_deal_is_added(site, client, seed_deal):
    token = site.new_match()
    view = _view_token(client, token)
    first = client.get(f"/v/{view}/version.json").get_json()["version"]
    site.save_deal(token, seed_deal, went_out="0")
    second = client.get(f"/v/{view}/version.json")
    assert second.get_json()["version"] == first + 1
    assert second.headers["Cache-Control"] == "no-store"
    assert client.get("/v/unknown/version.json").status_code == 404


def test_delete_asks_first_then_removes_everything(site, client, seed_deal):
    token = site.new_match(name="Doomed")
    site.save_deal(token, seed_deal, went_out="0")
    view = _view_token(client, token)
    page = client.get(f"/m/{token}/delete").get_data(as_text=True)
    assert "Delete this match?" in page
    assert "Doomed" in page
    data = site.hidden(f"/m/{token}/delete")
    response = client.post(f"/m/{token}/delete", data=data)
    assert response.status_code == 302
    assert response.headers["Location"] == "/"
    assert client.get(f"/m/{token}").status_code == 404
    assert client.get(f"/v/{view}").status_code == 404
    # sent again: nothing more to delete, still no error
    assert client.post(f"/m/{token}/delete", data=data).status_code == 302


def test_delete_without_csrf_deletes_nothing(site, client):
    token = site.new_match()
    data = site.hidden(f"/m/{token}/delete")
    data.pop("csrf_token")
    assert client.post(f"/m/{token}/delete", data=data).status_code == 400
    assert client.get(f"/m/{token}").status_code == 200


def test_scoreboard_offers_the_qr_code_of_the_read_only_link(site, client):
    token = site.new_match()
    html = site.board(token)
    view = _view_token(client, token)
    assert f'<img src="/v/{view}/qr.svg"' in html  # an image the browser keeps
    assert f'href="http://localhost/v/{view}"' in html
    image = client.get(f"/v/{view}/qr.svg")
    assert image.status_code == 200
    assert image.mimetype == "image/svg+xml"
    assert image.get_data(as_text=True).startswith("<svg")
    other_host = client.get(f"/m/{token}", base_url="http://192.168.1.5:5000")
    assert "http://192.168.1.5:5000/v/" in other_host.get_data(as_text=True)
    elsewhere = client.get(f"/v/{view}/qr.svg", base_url="http://192.168.1.5:5000")
    assert elsewhere.get_data() != image.get_data()  # the link of the host asked
    assert client.get("/v/nope/qr.svg").status_code == 404


def test_a_slow_reader_never_brings_back_an_older_version(app):
    from scorekeeper.db import get_db
    from scorekeeper.web.versions import current_version, store

    with app.test_request_context():
        stamp = get_db().stamp.value()
        store("view", "tok", 5, stamp)
        store("view", "tok", 4, stamp)  # a read that started before the write committed
        assert current_version("view", "tok") == 5
        assert current_version("view", "x" * 65) is None


FORWARDED = {"X-Forwarded-Proto": "https", "X-Forwarded-Host": "scores.example.org",
             "X-Forwarded-For": "203.0.113.7"}


def test_behind_a_trusted_https_proxy_links_are_https_and_the_cookie_secure(site, client, app):
    from scorekeeper.app import trust_proxies

    trust_proxies(app, 1)
    token = site.new_match()
    response = client.get(f"/m/{token}/share", headers=FORWARDED)
    html = response.get_data(as_text=True)
    assert "https://scores.example.org/v/" in html
    assert "http://localhost/v/" not in html
    cookie = client.get("/lang/fr?next=/", headers=FORWARDED).headers.get("Set-Cookie", "")
    assert "session=" in cookie
    assert "Secure" in cookie


def test_forwarded_headers_are_ignored_unless_a_proxy_is_configured(site, client):
    token = site.new_match()
    response = client.get(f"/m/{token}/share", headers=FORWARDED)
    html = response.get_data(as_text=True)
    assert "http://localhost/v/" in html
    assert "scores.example.org" not in html
    cookie = client.get("/lang/fr?next=/", headers=FORWARDED).headers.get("Set-Cookie", "")
    assert "session=" in cookie
    assert "Secure" not in cookie


def _stored(app, token: str):
    from sqlalchemy import select

    from scorekeeper.db import get_db
    from scorekeeper.models import Match

    with app.app_context(), get_db().read_sessions() as db:
        return db.execute(select(Match.updated, Match.scorer_seen, Match.status)
                          .where(Match.edit_token == token)).one()


def _age(app, token: str, minutes: int) -> None:
    """The match's last change and its scorer's last word, ``minutes`` earlier."""
    from sqlalchemy import update

    from scorekeeper.db import get_db
    from scorekeeper.models import Match

    updated, seen, _status = _stored(app, token)
    ago = timedelta(minutes=minutes)
    with app.app_context(), get_db().writing() as db:
        db.execute(update(Match).where(Match.edit_token == token)
                   .values(updated=updated - ago, scorer_seen=seen and seen - ago))


def test_read_only_page_says_when_the_match_changed_and_when_it_waits_for_the_scorer(
        site, client, app, seed_deal, monkeypatch):
    from scorekeeper.web import share

    monkeypatch.setattr(share, "_PRESENCE_SECONDS", 0.0)  # each poll reads the database
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    view = _view_token(client, token)
    updated, seen, _status = _stored(app, token)
    assert seen is None
    stamp = updated.strftime("%Y-%m-%dT%H:%M:%SZ")

    # the page: the last change as a moment the phone writes in its own time
    html = client.get(f"/v/{view}").get_data(as_text=True)
    assert f'Last change: <time class="num" datetime="{stamp}" data-clock>' in html
    assert f"{updated:%Y-%m-%d %H:%M} UTC</time>" in html
    assert "data-waiting hidden>Waiting for the scorer's phone.<br>" in html
    assert "data-offline hidden>No connection: these scores may be behind.</p>" in html
    assert "data-here" not in html

    # just changed: not waiting; the scorer was last heard from when the deal was saved
    poll = client.get(f"/v/{view}/version.json").get_json()
    assert poll == {"version": 2, "updated": stamp, "heard": stamp, "waiting": False}

    # ten minutes without a word from the scorer's phone: waiting
    _age(app, token, 10)
    poll = client.get(f"/v/{view}/version.json").get_json()
    older = _stored(app, token).updated
    assert older < updated
    assert poll["waiting"] is True
    assert poll["heard"] == poll["updated"] == older.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert poll["version"] == 2

    # the scorer's open page says it is there: no longer waiting, nothing else changed
    answer = client.post(f"/m/{token}/here")
    assert answer.status_code == 204
    assert answer.headers["Cache-Control"] == "no-store"
    _updated, seen, _status = _stored(app, token)
    assert seen > older + timedelta(minutes=9)
    poll = client.get(f"/v/{view}/version.json").get_json()
    assert poll["waiting"] is False
    assert poll["heard"] == seen.strftime("%Y-%m-%dT%H:%M:%SZ")
    assert poll["version"] == 2
    assert poll["updated"] == older.strftime("%Y-%m-%dT%H:%M:%SZ")

    # a phone says so at most once every 30 seconds: the next word writes nothing
    _age(app, token, 10)
    quiet_since = _stored(app, token).scorer_seen
    assert client.post(f"/m/{token}/here").status_code == 204
    assert _stored(app, token).scorer_seen == quiet_since
    assert client.get(f"/v/{view}/version.json").get_json()["waiting"] is True


def test_only_the_scorer_says_it_is_there_and_a_finished_match_waits_for_no_one(
        site, client, app, seed_deal, monkeypatch):
    from scorekeeper.web import share

    monkeypatch.setattr(share, "_PRESENCE_SECONDS", 0.0)
    token = site.new_match(target=400)
    view = _view_token(client, token)
    # the scorer's pages carry the word, every minute while shown
    for page in (f"/m/{token}", f"/m/{token}/deals/new"):
        html = client.get(page).get_data(as_text=True)
        assert f'data-here="/m/{token}/here" data-heartbeat="60000"' in html, page
        assert "data-waiting" not in html, page
    # nobody else can say it
    assert client.post(f"/m/{view}/here").status_code == 404
    assert client.post("/m/unknown/here").status_code == 404
    assert client.post(f"/m/{'x' * 65}/here").status_code == 404
    assert client.get(f"/m/{token}/here").status_code == 405
    assert _stored(app, token).scorer_seen is None
    # a match won waits for no one, however long the scorer is quiet
    site.save_deal(token, seed_deal, went_out="0")
    assert _stored(app, token).status == "won"
    _age(app, token, 60)
    assert client.get(f"/v/{view}/version.json").get_json()["waiting"] is False
