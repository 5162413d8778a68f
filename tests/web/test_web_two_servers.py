"""Two server processes on one database (how the app grows past one machine): each has
its own caches, and neither serves the other's stale version past its bound."""

from __future__ import annotations

import json
import re
import time
from typing import Any

from web_support import Site, deal_line

from scorekeeper.web.versions import FRESH_SECONDS


def test_a_write_through_one_server_shows_on_the_other_within_its_bound(site, client, second,
                                                                        seed_deal):
    token = site.new_match()
    phone_b = Site(second.test_client())
    assert 'id="total-0">0<' in phone_b.board(token)  # server B has cached version 1
    site.save_deal(token, seed_deal, went_out="0")  # through server A
    time.sleep(FRESH_SECONDS + 0.1)
    board = phone_b.board(token)
    assert 'id="total-0">465<' in board  # seed 001 §09
    assert board.count('class="deal"') == 1


def test_on_one_sqlite_file_a_write_through_one_server_shows_on_the_other_at_once(
        site, client, second, seed_deal, db_url):
    """Server processes of one SQLite file share its write stamp (db.WriteStamp): the
    other's write shows on the next view, not a second later. On PostgreSQL (servers on
    other machines) it shows within the bound, as above."""
    token = site.new_match()
    phone_b = Site(second.test_client())
    for deals in (1, 2):
        assert f'id="total-0">{465 * (deals - 1)}<' in phone_b.board(token)  # B keeps it
        site.save_deal(token, seed_deal, went_out="0")  # through server A
        if not db_url.startswith("sqlite"):
            time.sleep(FRESH_SECONDS + 0.1)
        board = phone_b.board(token)
        assert f'id="total-0">{465 * deals}<' in board  # seed 001 §09
        assert board.count('class="deal"') == deals


def test_an_edit_built_on_one_server_conflicts_with_a_write_on_the_other(site, client, second,
                                                                          seed_deal):
    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")
    phone_b = Site(second.test_client())
    # phone B opens deal 1 for editing on server B…
    edit = phone_b.deal_data(token, seed_deal, url=f"/m/{token}/deals/1/edit")
    # …phone A undoes it on server A…
    client.post(f"/m/{token}/undo", data=site.hidden(f"/m/{token}/undo"))
    # …and B's save is told what changed: nothing is overwritten
    response = phone_b.client.post(f"/m/{token}/deals/1/edit", data=edit)
    assert response.status_code == 409
    time.sleep(FRESH_SECONDS + 0.1)
    assert phone_b.board(token).count('class="deal"') == 0
    assert site.board(token).count('class="deal"') == 0


def test_pdf_caches_are_keyed_by_version(site, client, second, seed_deal):
    token = site.new_match()
    first = second.test_client().get(f"/m/{token}/summary.pdf")
    assert first.status_code == 200
    site.save_deal(token, seed_deal, went_out="0")
    again = second.test_client().get(f"/m/{token}/summary.pdf")
    assert again.status_code == 200
    assert again.data != first.data  # server B renders the new version, not its cached one


class Alternate:
    """A load balancer in front of two servers: each request goes to the other one."""

    def __init__(self, *apps: Any) -> None:
        self.apps, self.sent = apps, 0

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        app = self.apps[self.sent % len(self.apps)]
        self.sent += 1
        return app(environ, start_response)


def test_the_scorers_next_page_shows_the_save_whichever_server_answers(
        app, second, seed_deal, monkeypatch):
    """Servers on two machines (no write stamp between them, as on PostgreSQL), each
    keeping the board's version: the redirect after Save, answered by the server that
    did not save, shows the deal at once (it once showed the board without it)."""
    from werkzeug.test import Client

    from scorekeeper.db import WriteStamp
    from scorekeeper.web import versions

    monkeypatch.setattr(WriteStamp, "value", lambda _self: 0)  # says nothing, as on PG
    monkeypatch.setattr(versions, "FRESH_SECONDS", 60.0)  # whatever the machine's speed
    phone = Site(Client(Alternate(app, second)))
    token = phone.new_match()
    for deals in (1, 2, 3):
        for _ in range(2):  # each server keeps the board as it is
            assert f'id="total-0">{465 * (deals - 1):,}<' in phone.board(token)
        response = phone.save_deal(token, seed_deal, went_out="0")  # form on one, save on
        assert response.status_code == 302  # the other
        cookie = response.headers["Set-Cookie"]
        assert cookie.startswith("written=")
        assert f".{deals + 1}; " in cookie  # the version it wrote
        assert "Max-Age=10" in cookie
        assert "HttpOnly" in cookie
        assert token not in cookie  # digests of the links, never the links
        for _ in range(2):  # the redirect, on the server that kept the old board; then
            board = phone.board(token)  # the other
            assert f'id="total-0">{465 * deals:,}<' in board  # seed 001 §09
            assert board.count('class="deal"') == deals

    # another phone, which wrote nothing, reads the kept version within its bound
    other = Site(Client(Alternate(second)))
    assert 'id="total-0">1,395<' in other.board(token)


def test_the_other_server_reads_the_tally_the_save_kept_and_scores_no_deal(
        site, client, second, seed_deal, monkeypatch):
    """A save keeps the referee's tally with the new version (web/tally.py): the other
    server shows that version without scoring a deal; a tally of another referee is not
    read, and the deals are scored again."""
    from scorekeeper import rules
    from scorekeeper.web import tally

    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")  # through server A
    site.save_deal(token, seed_deal, went_out="0")
    scored = []
    real = rules.match_document
    monkeypatch.setattr(rules, "match_document",
                        lambda *a, **k: scored.append(1) or real(*a, **k))
    phone_b = Site(second.test_client())
    assert 'id="total-0">930<' in phone_b.board(token)  # seed 001 §09, twice
    assert scored == []
    monkeypatch.setattr(tally, "referee", lambda: "another referee")
    third = Site(second.test_client())
    second.extensions["scorekeeper.caches"].clear()
    assert 'id="total-0">930<' in third.board(token)
    assert scored == [1]


def test_a_deal_saved_on_the_other_server_is_scored_after_the_tally_it_read(
        site, client, second, seed_deal, monkeypatch):
    """Server B never saw the match: it scores the new deal after the tally server A
    kept (without the deals' melds, as pages show them), keeps the new tally, and a past
    deal's own page on B shows its breakdown (the match scored for it)."""
    from scorekeeper import rules

    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")  # through server A
    phone_b = Site(second.test_client())
    scored = []
    real = rules.match_document
    monkeypatch.setattr(rules, "match_document",
                        lambda *a, **k: scored.append(1) or real(*a, **k))
    assert phone_b.save_deal(token, seed_deal, went_out="0").status_code == 302
    assert scored == []  # only the new deal, after the tally
    assert 'id="total-0">930<' in phone_b.board(token)  # seed 001 §09, twice
    assert 'id="total-0">930<' in site.board(token)  # and on server A, from the tally
    monkeypatch.undo()
    first = phone_b.client.get(f"/m/{token}/deals/1")
    assert first.status_code == 200
    assert '<td class="num">180</td>' in first.get_data(as_text=True)  # its table points


def test_a_scoreboard_a_new_deal_s_form_and_the_list_of_matches_read_no_deal(
        app, site, client, second, seed_deal, monkeypatch):
    """The tally is kept as two lines (web/tally.py): its summary, then the deals. Server
    B, which never saw the match, shows its scoreboard, the next deal's form and the list
    of matches from the summary alone: no deal read, none scored, and the deal lines the
    same as server A's, a disputed deal marked. A tally in one line, as it was once kept,
    is not taken: the deals are scored again, and the pages say the same."""
    from sqlalchemy import text

    from scorekeeper import rules
    from scorekeeper.db import get_db, reader
    from scorekeeper.web import scoreboard, tally

    token = site.new_match()
    site.save_deal(token, seed_deal, went_out="0")  # through server A
    site.save_deal(token, seed_deal, went_out="0")
    # going out without the clean canastra, kept as played (seed 001 §06, values §07)
    broken = site.deal_data(token, [{"melds": "3H 4H 5H", "hand_points": 0},
                                    {"melds": "3C 4C 5C", "hand_points": 20}], went_out="0")
    assert client.post(f"/m/{token}/deals/new", data={**broken, "disputed": "1"}).status_code \
        == 302
    with app.test_request_context(f"/m/{token}"):
        app.preprocess_request()
        match = scoreboard.load_match(reader(), edit=token)
        # the scoreboard made from the referee's whole document, every deal in it
        reference = scoreboard.board_html(match, scoreboard.match_result(match), token,
                                          editable=True)
    read, scored = [], []
    real_stored, real_document = tally.stored, rules.match_document
    monkeypatch.setattr(tally, "stored", lambda *a: read.append(1) or real_stored(*a))
    monkeypatch.setattr(rules, "match_document",
                        lambda *a, **k: scored.append(1) or real_document(*a, **k))
    phone_b = second.test_client()

    def pages() -> tuple[str, str, str]:
        shown = [phone_b.get(path) for path in (f"/m/{token}", f"/m/{token}/deals/new", "/")]
        assert [page.status_code for page in shown] == [200, 200, 200]
        board, form, home = (page.get_data(as_text=True) for page in shown)
        # the page the referee's whole document makes, to the byte (but for the form keys
        # of its buttons)
        assert _unkeyed(board) == _unkeyed(reference)
        assert deal_line(board, 2)[0] == ("930", "+465")  # seed 001 §09, twice
        assert deal_line(board, 3) == [("945", "+15"), ("55", "−5")]
        assert board.count('<em class="disputed" aria-hidden="true">!</em>') == 1
        assert '<small class="num">945</small>' in form
        assert "<title>Deal 4 · " in form
        assert token in home
        assert "Matches in progress" in home
        return board, form, home

    pages()
    assert (read, scored) == ([], [])
    with second.app_context():
        engine = get_db(second).engine
        with engine.begin() as db:
            (kept,) = db.exec_driver_sql("SELECT tally FROM matches").one()
            head, deals = kept.split("\n")
            whole = {**json.loads(head), "deals": json.loads(deals)}
            assert len(whole.pop("lines")) == 3
            assert len(whole["deals"]) == 3
            assert whole.pop("last_sides") == whole["deals"][-1]["sides"]
            db.execute(text("UPDATE matches SET tally = :kept"), {"kept": json.dumps(whole)})
    second.extensions["scorekeeper.caches"].clear()
    pages()
    assert scored == [1]  # the deals of a one-line tally scored again, once


def _unkeyed(html: str) -> str:
    """A page without its forms' one-time keys."""
    return re.sub(r'name="(csrf_token|idem)"[^>]*>', "", html)
