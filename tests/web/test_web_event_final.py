"""Provisional, then final (web/evening/final.py; docs/guide.md, "Provisional, then
final"). The evening of ``evening_pages`` cut to one turn of 2 deals: 4 pairs at 2
tables. Table 1 (Rossi – Bianchi NS, Gialli – Bruni EW): the director enters DEAL_A twice
from the paper (the same deal twice in a row, confirmed by no pair). Table 2 (Verdi –
Neri NS, Marroni – Rosa EW): North-South's phone enters DEAL_B and AT_LIMIT (1,080 on the
table: every card of two decks in Italian Burraco), East-West's phone confirms them, then
the director changes deal 1 (DEAL_C), saying why. The clock gave the turn 45 minutes, and
the tables finished an hour after it started: 15 minutes late."""

from __future__ import annotations

import html
import io
import re
from datetime import datetime, timedelta
from typing import Any

import pytest
from evening_pages import DEAL_A, DEAL_B, DEAL_C, PAIRS, new_event, post, seat_turn
from sqlalchemy import select
from support import form_fields, post_deal, table_side
from test_web_events import _import
from web_support import hidden_fields

from scorekeeper import rules
from scorekeeper.db import get_db
from scorekeeper.models import Event, EventChange, utcnow

#: 1,080 on the table (count_limits of Italian Burraco) + a clean burraco 200 + closing
#: 100 | 100 on the table.
AT_LIMIT = [{"mode": "counts", "table_points": 1080, "clean": 1, "morto": "taken"},
            {"mode": "counts", "table_points": 100, "morto": "taken"}]


def _link(client: Any, event: str, table: int) -> str:
    page = client.get(f"{event}/turns/1/tables/{table}").get_data(as_text=True)
    found = re.search(rf'href="http://localhost(/e/t/[^"]+/{table}/[0-9a-f]+)"', page)
    assert found, page[-2000:]
    return found.group(1)


def _look(page: str, kind: str) -> list[str]:
    """The lines of the second look's list of ``kind``, tags dropped, spaces made one."""
    found = re.search(rf'data-look="{kind}">(.*?)</ul>', page, re.S)
    if not found:
        return []
    return [" ".join(re.sub(r"<[^>]+>", " ", li).split())
            for li in re.findall(r"<li>(.*?)</li>", found.group(1), re.S)]


def _edit(client: Any, url: str, deal: list[dict[str, Any]], reason: str) -> Any:
    data = form_fields(client, url)
    for i, side in enumerate(deal):
        data.update({f"sides-{i}-{key}": str(value) for key, value in side.items()})
    data.update(went_out="", closed_by="discard", action="save", reason=reason)
    return client.post(url, data=data)


def _started_an_hour_ago(app: Any) -> None:
    """The turn's clock as if started an hour before now (the tables then finish late)."""
    with app.app_context(), get_db().writing() as db:
        event = db.scalar(select(Event))
        assert event is not None
        minutes = event.clocks["1"][1]
        event.clocks = {"1": [(utcnow() - timedelta(hours=1)).isoformat(), minutes]}


@pytest.fixture
def evening(app: Any, client: Any) -> dict[str, Any]:
    """The evening played to its end, still provisional: the director's page, table 2's
    link and the two phones of table 2."""
    event = new_event(client)
    assert post(client, event, f"{event}/entrants", lines=PAIRS).status_code == 302
    assert post(client, f"{event}/plan", f"{event}/plan", turns="1",
                **{"plan-0-movement": "mitchell"}).status_code == 302
    seat_turn(client, event)
    assert post(client, event, f"{event}/clock", minutes="45").status_code == 302
    _started_an_hour_ago(app)
    for _ in range(2):
        assert post_deal(client, f"{event}/turns/1/tables/1/deals/new", DEAL_A,
                         "0").status_code == 302
    link = _link(client, event, 2)
    ns, ew = app.test_client(), app.test_client()
    table_side(ns, link, "ns")
    for deal, out in ((DEAL_B, "1"), (AT_LIMIT, "0")):
        assert post_deal(ns, f"{link}/ns/deals/new", deal, out).status_code == 302
    table_side(ew, link, "ew")
    assert post(ew, f"{link}/ew", f"{link}/ew/confirm").status_code == 302
    assert _edit(client, f"{event}/turns/1/tables/2/deals/1/edit", DEAL_C,
                 "NS read 275 for 257").status_code == 302
    return {"event": event, "link": link, "ns": ns, "ew": ew}


def test_the_second_look_lists_what_deserves_it_with_its_numbers(evening, client):
    page = client.get(evening["event"]).get_data(as_text=True)
    assert "these standings are provisional until the evening is closed" in page
    assert _look(page, "twice") == ["Turn 1 · table 1 · deal 1 : deals 1 and 2 are the same"]
    assert _look(page, "changed")[0].startswith(
        "Turn 1 · table 2 · deal 1 : NS read 275 for 257 ")
    assert len(_look(page, "changed")) == 1
    most = rules.count_limits(rules.profile_of("burraco")).table_points
    assert most == 1080
    assert _look(page, "limits") == [
        "Turn 1 · table 2 · deal 2 : North-South · Points of the cards on the table 1,080 , "
        "the most two decks make"]
    # table 1's deals are the director's; both tables finished 15 minutes after the 45
    assert _look(page, "unconfirmed") == ["Turn 1 · table 1 : its deals are the director’s"]
    assert _look(page, "late") == [
        "Turn 1 · table 1 : finished 15 min after the turn’s time",
        "Turn 1 · table 2 : finished 15 min after the turn’s time"]
    assert 'action="' + evening["event"] + '/close"' in page


def test_a_flag_from_a_phone_shows_on_the_directors_page_and_is_validated(evening, client):
    link, ns = evening["link"], evening["ns"]
    side = f"{link}/ns"
    before = client.get(evening["event"])
    page = ns.get(side).get_data(as_text=True)
    assert "We think a deal is wrong" in page
    reason = re.search(r"<textarea[^>]*>", page)
    assert reason
    assert 'maxlength="200"' in reason.group(0)
    assert "A few words for the director: at most 200 characters." in page
    # validated like every other input: a reason, at most 200 characters, a turn and a
    # deal the evening has
    for fields, said in (({"reason": "  "}, "Say in a few words what is wrong"),
                         ({"reason": "x" * 201}, "200"),
                         ({"deal": "3"}, "Not a valid choice"),
                         ({"of_turn": "2"}, "Not a valid choice")):
        data = {"of_turn": "1", "deal": "2", "reason": "We had 1,060", **fields}
        response = post(ns, side, f"{side}/flag", **data)
        assert response.status_code == 422, fields
        assert said in response.get_data(as_text=True), fields
    response = post(ns, side, f"{side}/flag", of_turn="1", deal="2",
                    reason="We had 1,060 on the table, not 1,080")
    assert response.status_code == 302
    assert "Sent to the director" in ns.get(side).get_data(as_text=True)
    # the director's page: a new page for the same version (it follows the flag)
    etag = before.headers["ETag"]
    after = client.get(evening["event"], headers={"If-None-Match": etag})
    assert after.status_code == 200
    page = after.get_data(as_text=True)
    flagged = re.search(r'<ul class="list flags">(.*?)</ul>', page, re.S)
    assert flagged
    line = " ".join(re.sub(r"<[^>]+>", " ", flagged.group(1)).split())
    assert line.startswith("Verdi – Neri · North-South: Turn 1 · table 2 · deal 2 "
                           "We had 1,060 on the table, not 1,080 ")


def test_the_window_ends_and_the_evening_is_final_by_itself(evening, client, monkeypatch):
    from scorekeeper.web.evening import final

    event, link, ns = evening["event"], evening["link"], evening["ns"]
    assert post(client, event, f"{event}/window", window="minutes", minutes="")\
        .status_code == 422
    assert post(client, event, f"{event}/window", window="minutes", minutes="30")\
        .status_code == 302
    state = client.get(f"{event}/event.json").get_json()["state"]
    assert state["standings"] == "provisional"
    assert state["window"] == "minutes"
    assert state["minutes"] == 30
    finished = datetime.fromisoformat(state["finished"].rstrip("Z"))
    monkeypatch.setattr(final, "utcnow", lambda: finished + timedelta(minutes=29))
    assert "Provisional results until" in client.get(event).get_data(as_text=True)
    side = f"{link}/ns"
    kept = hidden_fields(ns.get(side).get_data(as_text=True))  # its page open since
    monkeypatch.setattr(final, "utcnow", lambda: finished + timedelta(minutes=31))
    page = client.get(event).get_data(as_text=True)
    assert 'data-standing="final"' in page
    assert client.get(f"{event}/event.json").get_json()["state"]["closed"] == \
        f"{finished + timedelta(minutes=30):%Y-%m-%dT%H:%M:%SZ}"
    assert "We think a deal is wrong" not in ns.get(side).get_data(as_text=True)
    response = ns.post(f"{side}/flag", data={**kept, "of_turn": "1", "deal": "2",
                                             "reason": "late"})
    assert response.status_code == 409
    assert "The results of this evening are final" in response.get_data(as_text=True)


def test_closing_makes_the_results_final_and_refuses_every_change(evening, client, app):
    event, link, ns, ew = evening["event"], evening["link"], evening["ns"], evening["ew"]
    assert "provisional" in client.get(f"{event}/results.csv").get_data(as_text=True)
    room = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True))
    assert room
    tv = client.get(f"{room.group(1)}/tv").get_data(as_text=True)  # every turn played
    assert 'data-standing="provisional"' in tv
    # the pages as they were open before the evening was closed
    opened = hidden_fields(client.get(f"{event}/turns/1/tables/1").get_data(as_text=True))
    kept = {side: hidden_fields(phone.get(f"{link}/{side}").get_data(as_text=True))
            for side, phone in (("ns", ns), ("ew", ew))}
    assert post(client, event, f"{event}/close").status_code == 302
    page = client.get(event).get_data(as_text=True)
    assert "Every turn is played: these are the final standings." in page
    assert 'data-standing="final"' in page
    assert "Before closing" not in page
    assert 'data-standing="final"' in client.get(room.group(1)).get_data(as_text=True)
    tv = client.get(f"{room.group(1)}/tv").get_data(as_text=True)  # the big screen too
    assert 'data-standing="final"' in tv
    assert 'data-standing="provisional"' not in tv
    results = client.get(f"{event}/results.csv").get_data(as_text=True).splitlines()
    assert results[0].endswith(",standings")
    assert all(line.endswith(",final") for line in results[1:])
    players = client.get(f"{event}/players.csv").get_data(as_text=True).splitlines()
    assert players[0] == "rank,member,player,entrant_id,entrant_name,vp,mp,withdrawn_from," \
                         "standings"
    assert client.get(f"{event}/event.json").get_json()["state"]["standings"] == "final"
    # no phone flags, enters, confirms or changes anything: said, never a 500
    said = "The results of this evening are final"
    for phone, side, url, fields in (
            (ns, "ns", "flag", {"of_turn": "1", "deal": "1", "reason": "wrong"}),
            (ew, "ew", "confirm", {}), (ns, "ns", "code", {"code": "34"})):
        response = phone.post(f"{link}/{side}/{url}", data={**kept[side], **fields})
        assert response.status_code == 409, url
        assert said in response.get_data(as_text=True), url
    assert ns.get(f"{link}/ns/deals/1/edit").status_code == 303
    # the director neither, until the evening is reopened with a reason
    table = f"{event}/turns/1/tables/1"
    shown = client.get(table).get_data(as_text=True)
    assert "The results of this evening are final: reopen the evening" in shown
    assert f'action="{table}/penalty"' not in shown
    assert f'href="{table}/deals/1/edit"' not in shown
    response = _edit(client, f"{table}/deals/1/edit", DEAL_B, "a slip read again")
    assert response.status_code == 409
    assert "Reopen the evening first" in response.get_data(as_text=True)
    response = client.post(f"{table}/penalty", data={**opened, "side": "ns", "mp": "100",
                                                    "why": "late"})
    assert response.status_code == 409
    assert "The results of this evening are final" in response.get_data(as_text=True)
    assert post(client, event, f"{event}/reopen", reason="").status_code == 422
    assert post(client, event, f"{event}/reopen",
                reason="Table 1's slip: deal 2 was another deal").status_code == 302
    assert _edit(client, f"{table}/deals/2/edit", DEAL_B, "the slip").status_code == 302
    assert post(client, event, f"{event}/close").status_code == 302
    with app.app_context(), get_db().read_sessions() as db:
        history = db.execute(select(EventChange.action, EventChange.reason)
                             .where(EventChange.action.in_(("closed", "reopened", "window")))
                             .order_by(EventChange.version)).all()
    lines = re.search(r'data-history="final">(.*?)</ol>', client.get(event).get_data(
        as_text=True), re.S)
    assert lines
    assert [html.unescape(" ".join(re.sub(r"<time[^>]*>[^<]*</time>|<[^>]+>", " ", li).split()))
            for li in re.findall(r"<li>(.*?)</li>", lines.group(1), re.S)] == [
        "· Evening closed: the results final",
        "· Evening reopened: Table 1's slip: deal 2 was another deal",
        "· Evening closed: the results final"]
    assert [tuple(h) for h in history] == [
        ("closed", None), ("reopened", "Table 1's slip: deal 2 was another deal"),
        ("closed", None)]


def test_a_closed_evening_imported_stays_closed(evening, client):
    event = evening["event"]
    assert post(client, event, f"{event}/close").status_code == 302
    body = client.get(f"{event}/event.json").get_data()
    response = _import(client, body)
    assert response.status_code == 302
    copied = response.headers["Location"]
    assert 'data-standing="final"' in client.get(copied).get_data(as_text=True)
    assert client.get(f"{copied}/event.json").get_json()["state"]["standings"] == "final"
    bad = body.replace(b'"standings":"final"', b'"standings":"done"')
    response = _import(client, bad)
    assert response.status_code == 422
    assert "provisional or final" in response.get_data(as_text=True)


def test_the_command_reads_a_final_evenings_file_as_it_scores_any(evening, client, tmp_path):
    """``scorekeeper event`` scores the exported file as it scores a document without a
    state (the referee does not read it), and its players' file says the state it was
    given."""
    from scorekeeper.cli import main

    event = evening["event"]
    assert post(client, event, f"{event}/close").status_code == 302
    source = tmp_path / "evening.json"
    source.write_bytes(client.get(f"{event}/event.json").get_data())
    sheet = tmp_path / "players.csv"
    assert main(["event", "--players", str(source), "-o", str(sheet)]) == 0
    assert sheet.read_text(encoding="utf-8") == \
        client.get(f"{event}/players.csv").get_data(as_text=True)
    assert main(["event", str(source), "-o", str(tmp_path / "answer.json")]) == 0


def _pdf_text(data: bytes) -> str:
    from pypdf import PdfReader

    return " ".join(page.extract_text() for page in PdfReader(io.BytesIO(data)).pages)


def test_noon_the_next_day_is_in_the_evenings_zone(evening, client):
    """The evening of 2026-12-04 in Rome: its window ends at noon on the 5th, 11:00 UTC
    (CET); long past when the test runs, so the evening is final at once, from then."""
    event = evening["event"]
    assert "PROVISIONAL STANDINGS" in _pdf_text(client.get(f"{event}/standings.pdf").data)
    assert post(client, event, f"{event}/window", window="noon", zone="Europe/Rome")\
        .status_code == 302
    state = client.get(f"{event}/event.json").get_json()["state"]
    assert state["standings"] == "final"
    assert state["window"] == "noon"
    assert state["zone"] == "Europe/Rome"
    assert state["closed"] == "2026-12-05T11:00:00Z"
    page = client.get(event).get_data(as_text=True)
    assert re.search(r'data-standing="final">Final results since <time [^>]*>'
                     r"2026-12-05 12:00 CET</time>", page), page[:3000]
    assert "FINAL STANDINGS" in _pdf_text(client.get(f"{event}/standings.pdf").data)
    # a window chosen again is a change of a final evening: refused, said
    response = post(client, event, f"{event}/window", window="closed")
    assert response.status_code == 409
    assert "Reopen the evening first" in response.get_data(as_text=True)
    response = post(client, event, f"{event}/reopen", reason="the window was a mistake")
    assert response.status_code == 302
    response = post(client, event, f"{event}/window", window="noon", zone="Mars/Olympus")
    assert response.status_code == 302  # no zone the server knows: the evening's kept
    assert client.get(f"{event}/event.json").get_json()["state"]["zone"] == "Europe/Rome"


def test_the_clock_started_again_after_the_turn_changes_who_was_late(evening, client):
    """A clock started again (now, 45 minutes) makes the evening's turn end 45 minutes
    from now: the tables that finished before it are no longer late, though starting a
    clock changes no deal nor the evening's version."""
    event = evening["event"]
    assert len(_look(client.get(event).get_data(as_text=True), "late")) == 2
    assert post(client, event, f"{event}/clock", minutes="45").status_code == 302
    page = client.get(event).get_data(as_text=True)
    assert _look(page, "late") == []
    assert _look(page, "twice") == ["Turn 1 · table 1 · deal 1 : deals 1 and 2 are the same"]


def test_a_flags_reason_fits_its_column_whatever_the_form_lets_through():
    """The form's bound on a flag's reason and the column that keeps it are one figure: a
    reason the form takes is never cut, nor refused by the database."""
    from scorekeeper.eventforms import MAX_FLAG
    from scorekeeper.models import EventFlag

    assert EventFlag.__table__.c.reason.type.length == MAX_FLAG == 200
