"""One form sent twice at once (a double tap, the outbox and the page crossing, a retry
after a dropped answer) is saved once and answered "saved" both times, on SQLite and on
PostgreSQL (``make test-postgres`` runs this file there too): the second sending waits
for the first's lock, then finds its key used and goes where the first one went
(``writes.lock``, ``writes.lock_row``), never "your deals changed" or a refusal that would
invite the phone to enter the deal again."""

from __future__ import annotations

import re
import threading
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, first_turn, table_rows
from support import form_fields, scaled, table_side

ROUNDS = 50


def _twice_at_once(app: Any, client: Any, url: str, data: dict[str, str]) -> list[Any]:
    """``data`` posted to ``url`` by two requests at the same instant, with the browser's
    session (its form token is that session's)."""
    cookie = client.get_cookie("session")
    answers: list[Any] = []
    start = threading.Barrier(2)

    def send() -> None:
        phone = app.test_client()
        if cookie is not None:
            phone.set_cookie("session", cookie.value)
        start.wait()
        answers.append(phone.post(url, data=data))

    threads = [threading.Thread(target=send) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=scaled(120))
    assert len(answers) == 2
    return answers


def _saved_twice(answers: list[Any]) -> str:
    """Both answers say saved (a redirect to the same page); that page."""
    statuses = [a.status_code for a in answers]
    assert statuses == [302, 302], [a.get_data(as_text=True)[-400:] for a in answers]
    places = {a.headers["Location"] for a in answers}
    assert len(places) == 1, places
    return places.pop()


def _deal(client: Any, url: str, sides: list[dict[str, Any]], went_out: str) -> dict[str, str]:
    data = form_fields(client, url)
    for i, side in enumerate(sides):
        data.update({f"sides-{i}-{key}": str(value) for key, value in side.items()})
    data.update(went_out=went_out, closed_by="discard", action="save")
    return data


#: A deal where the stock ran out: 20 – 10 (table points alone; both mortos taken)
SMALL = [{"mode": "counts", "table_points": 20}, {"mode": "counts", "table_points": 10}]


def test_a_new_deal_sent_twice_at_once_is_saved_once(app, client, site):
    """Fifty deals of 20 – 10: no side becomes vulnerable (1,500 in Buraco Aberto), and
    each deal is judged once, by the request that saves it."""
    token = site.new_match()
    for deals in range(1, ROUNDS + 1):
        data = site.deal_data(token, SMALL, went_out="")
        place = _saved_twice(_twice_at_once(app, client, f"/m/{token}/deals/new", data))
        assert place.endswith(f"#deal-{deals}")
        board = site.board(token)
        assert board.count('class="deal"') == deals
        assert f'id="total-0">{20 * deals:,}<' in board


def _table_link(client: Any, event: str, table: int = 1) -> str:
    page = client.get(f"{event}/turns/1/tables/{table}").get_data(as_text=True)
    found = re.search(rf'href="http://localhost(/e/t/[^"]+/{table}/[0-9a-f]+)"', page)
    assert found, page
    return found.group(1)


def test_a_table_phones_deal_sent_twice_at_once_is_saved_once(app, client):
    event = first_turn(client)
    link = _table_link(client, event)
    url = f"{table_side(client, link, 'ns')}/deals/new"
    _saved_twice(_twice_at_once(app, client, url, _deal(client, url, DEAL_A, "0")))
    for turn in range(ROUNDS):
        # the same deal fixed again and again, each time from a form of its own
        deal, out = (DEAL_B, "1") if turn % 2 else (DEAL_C, "")
        fix = f"{link}/ns/deals/1/edit"
        _saved_twice(_twice_at_once(app, client, fix, _deal(client, fix, deal, out)))
        rows = table_rows(client.get(f"{link}/ns").get_data(as_text=True), "Our deals")
        assert [row[:3] for row in rows] == [["1", "275", "550"] if turn % 2 else
                                             ["1", "100", "100"]]


def test_a_confirmation_sent_twice_at_once_is_taken_once(app, client):
    for _round in range(ROUNDS):
        event = first_turn(client)
        link = _table_link(client, event)
        table_side(client, link, "ns")
        for deal, out in ((DEAL_A, "0"), (DEAL_B, "1")):
            url = f"{link}/ns/deals/new"
            assert client.post(url, data=_deal(client, url, deal, out)).status_code == 302
        # the phone handed across: East-West confirms with its code (chosen now)
        confirm = {**form_fields(client, table_side(client, link, "ew")), "code": "12"}
        _saved_twice(_twice_at_once(app, client, f"{link}/ew/confirm", confirm))
        rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
        assert rows[0][3:5] == ["875–660", "13–7"]
        history = client.get(f"{event}/turns/1/tables/1").get_data(as_text=True)
        assert history.count("Deals confirmed by East-West") == 1
