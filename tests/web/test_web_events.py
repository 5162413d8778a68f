"""A club's evening run from the director's pages (docs/contract.md, "Events"): made,
its pairs registered from pasted spreadsheet lines, each turn seated by the plan's
movement, its tables' deals entered by counts on the one-screen deal form, the match
points, victory points and standings worked out by hand below."""

from __future__ import annotations

import html
import io
import json
import re
from typing import Any

from evening_pages import (
    DEAL_A,
    DEAL_B,
    DEAL_C,
    PAIRS,
    first_turn,
    first_turn_played,
    new_event,
    post,
    seat_turn,
    table_rows,
)
from support import post_deal
from web_support import hidden_fields
from werkzeug.datastructures import FileStorage, MultiDict
from werkzeug.test import encode_multipart


def test_pasted_lines_become_pairs_and_the_first_turn_sits_by_mitchell(client):
    event = new_event(client)
    response = post(client, event, f"{event}/entrants", lines=PAIRS)
    assert response.status_code == 302
    html = client.get(event).get_data(as_text=True)
    assert re.findall(r"<li>([^<]+)</li>", re.search(r'<ol class="entrants">(.*?)</ol>', html,
                                                  re.S).group(1)) == \
        ["Rossi – Bianchi", "Verdi – Neri", "Gialli – Bruni", "Marroni – Rosa"]
    assert "Turn 1 · Mitchell" in html
    seat_turn(client, event)
    html = client.get(event).get_data(as_text=True)
    # Mitchell on 4 pairs: T = 2 tables; the first two sit North-South and stay there
    assert table_rows(html, "Turn 1") == [
        ["1", "Rossi – Bianchi", "Gialli – Bruni", "Not started"],
        ["2", "Verdi – Neri", "Marroni – Rosa", "Not started"]]


def test_the_deals_make_match_points_victory_points_and_standings(client):
    event = first_turn(client)
    table_1, table_2 = f"{event}/turns/1/tables/1", f"{event}/turns/1/tables/2"
    for url, deal, out in ((table_1, DEAL_A, "0"), (table_1, DEAL_A, "0"),
                           (table_2, DEAL_B, "1"), (table_2, DEAL_C, "")):
        response = post_deal(client, f"{url}/deals/new", deal, out)
        assert response.status_code == 302, response.get_data(as_text=True)
        assert response.headers["Location"] == url
    page = client.get(table_1).get_data(as_text=True)
    # 600 + 600 = 1200 against 110 + 110 = 220: 980 apart, 875–1000 with 2 deals is 19–1
    assert "Match points: 1,200 – 220. Victory points: 19 – 1." in page
    html = client.get(event).get_data(as_text=True)
    # table 2: 275 + 100 = 375 against 550 + 100 = 650: 275 apart, 205–300 is 13–7
    assert table_rows(html, "Turn 1") == [
        ["1", "Rossi – Bianchi", "Gialli – Bruni", "1,200–220", "19–1"],
        ["2", "Verdi – Neri", "Marroni – Rosa", "375–650", "7–13"]]
    assert table_rows(html, "Standings") == [
        ["1", "Rossi – Bianchi", "19", "1,200"], ["2", "Marroni – Rosa", "13", "650"],
        ["3", "Verdi – Neri", "7", "375"], ["4", "Gialli – Bruni", "1", "220"]]
    # the second Mitchell turn moves East-West one table on: 3 to table 2, 4 to table 1
    seat_turn(client, event)
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 2") == [
        ["1", "Rossi – Bianchi", "Marroni – Rosa", "Not started"],
        ["2", "Verdi – Neri", "Gialli – Bruni", "Not started"]]


def test_a_fixed_deal_changes_the_result_and_a_complete_table_takes_no_more(client):
    event = first_turn(client)
    table = f"{event}/turns/1/tables/1"
    for _ in range(2):
        assert post_deal(client, f"{table}/deals/new", DEAL_A, "0").status_code == 302
    assert client.get(f"{table}/deals/new").status_code == 303
    response = post_deal(client, f"{table}/deals/2/edit", DEAL_C, "")
    assert response.status_code == 302
    # 600 + 100 = 700 against 110 + 100 = 210: 490 apart, 405–500 is 15–5
    assert "Match points: 700 – 210. Victory points: 15 – 5." in \
        client.get(table).get_data(as_text=True)


def test_a_form_opened_before_another_tables_deal_still_saves(client):
    """The director keeps two tables' forms open: a deal saved at one leaves the other's
    form a form of the same deals (its version is older, nothing of its table changed)."""
    event = first_turn(client)
    one, two = f"{event}/turns/1/tables/1/deals/new", f"{event}/turns/1/tables/2/deals/new"
    opened = hidden_fields(client.get(one).get_data(as_text=True))
    assert post_deal(client, two, DEAL_B, "1").status_code == 302
    data = {**opened, "went_out": "0", "closed_by": "discard", "action": "save"}
    for i, side in enumerate(DEAL_A):
        data.update({f"sides-{i}-{k}": str(v) for k, v in side.items()})
    assert client.post(one, data=data).status_code == 302
    assert "Deals: 1 of 2" in client.get(event).get_data(as_text=True)


def test_a_deal_breaking_a_rule_is_refused_at_its_field(client):
    event = first_turn(client)
    sides = [{**DEAL_A[0], "table_points": 303}, DEAL_A[1]]
    url = f"{event}/turns/1/tables/1/deals/new"
    data = hidden_fields(client.get(url).get_data(as_text=True))
    data.update({f"sides-{i}-{k}": str(v) for i, s in enumerate(sides) for k, v in s.items()})
    data.update(went_out="0", closed_by="discard", action="save")
    response = client.post(url, data=data)
    assert response.status_code == 422
    assert "multiple of 5" in response.get_data(as_text=True)
    assert "Not started" in client.get(event).get_data(as_text=True)


def test_entrants_with_one_name_twice_are_refused(client):
    event = new_event(client)
    response = post(client, event, f"{event}/entrants", lines="Rossi\nVerdi\nrossi")
    assert response.status_code == 422
    assert "Two entrants have the same name." in response.get_data(as_text=True)
    assert 'class="entrants"' not in client.get(event).get_data(as_text=True)


def test_an_individual_evening_takes_only_its_movement_and_8_players(client):
    response = client.post("/events/new", data={
        **hidden_fields(client.get("/events/new").get_data(as_text=True)),
        "name": "Individuale", "day": "2026-12-04", "profile": "burraco",
        "kind": "individual", "format": "7x2", "movement": "mitchell"})
    assert response.status_code == 422
    event = new_event(client, kind="individual", format="7x2", movement="individual-8")
    post(client, event, f"{event}/entrants", lines="\n".join("ABCDEFG"))
    html = client.get(event).get_data(as_text=True)
    assert "An individual evening needs 8 players; 7 registered." in html
    assert "/turns" not in html.split('class="entrants"')[1]
    post(client, event, f"{event}/entrants", lines="\n".join("ABCDEFGH"))
    seat_turn(client, event)
    # individual-8, turn 1: 1+2 v 3+4, 5+6 v 7+8
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 1") == [
        ["1", "A & B", "C & D", "Not started"], ["2", "E & F", "G & H", "Not started"]]


def test_the_room_sees_the_standings_and_changes_nothing(client):
    event = first_turn(client)
    view = re.search(r'href="(/e/v/[^"]+)"', client.get(event).get_data(as_text=True)).group(1)
    html = client.get(view).get_data(as_text=True)
    assert "Rossi – Bianchi" in html
    assert "/turns/" not in html
    assert "entrants" not in html
    assert client.get(f"{view}/slips.pdf").status_code == 404
    pdf = client.get(f"{view}/seating.pdf")
    assert pdf.status_code == 200
    assert pdf.data.startswith(b"%PDF")


def test_the_results_and_the_event_document_download(client):
    event = first_turn(client)
    csv = client.get(f"{event}/results.csv")
    assert csv.status_code == 200
    assert csv.get_data(as_text=True).splitlines()[0] == \
        "turn,table,entrant_id,entrant_name,seat,opponent,mp,vp,standings"
    document = client.get(f"{event}/event.json").get_json()
    assert document["name"] == "Venerdì al circolo"
    assert [t["ns"] for t in document["turns"][0]["tables"]] == [1, 2]
    assert client.post("/api/v1/event", json=document).status_code == 200


def test_the_home_page_lists_the_evenings_this_browser_runs(client):
    event = new_event(client)
    html = client.get("/").get_data(as_text=True)
    assert f'href="{event}"' in html
    assert "Venerdì al circolo" in html
    assert 'href="/events/new"' in html


def test_a_late_pair_loses_match_points_and_a_forfeit_gives_14_to_6(client):
    """docs/contract.md, "Forfeits and byes": the side present gets 14 VP, the side that
    forfeits 6 (2 or 3 deals a turn), both 0 MP."""
    event = first_turn(client)
    table = f"{event}/turns/1/tables/1"
    for _ in range(2):
        assert post_deal(client, f"{table}/deals/new", DEAL_A, "0").status_code == 302
    response = post(client, table, f"{table}/penalty", side="ns", mp="150", why="late")
    assert response.status_code == 302
    page = client.get(table).get_data(as_text=True)
    # 1200 − 150 = 1050 against 220: 830 apart, 745–870 with 2 deals is 18–2
    assert "Match points: 1,050 – 220. Victory points: 18 – 2." in page
    assert "North-South: −150 (late)" in page
    other = f"{event}/turns/1/tables/2"
    assert post(client, other, f"{other}/forfeit", side="ew").status_code == 302
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
    assert rows[1] == ["2", "Verdi – Neri", "Marroni – Rosa", "Forfeit: 14–6"]
    assert post(client, other, f"{other}/forfeit", side="").status_code == 302
    assert table_rows(client.get(event).get_data(as_text=True), "Turn 1")[1][3] == "Not started"


def test_a_penalty_out_of_range_is_refused_at_its_field(client):
    event = first_turn(client)
    table = f"{event}/turns/1/tables/1"
    response = post(client, table, f"{table}/penalty", side="ns", mp="-5")
    assert response.status_code == 422
    assert 'id="mp-errors"' in response.get_data(as_text=True)
    assert "Penalties" in client.get(table).get_data(as_text=True)
    assert "−" not in client.get(table).get_data(as_text=True).split("<h2>")[2]
    # no side chosen: the side is asked for, in words that say which
    response = post(client, table, f"{table}/penalty", mp="100")
    assert response.status_code == 422
    assert re.search(r'id="side-errors"><li>Choose the side that loses the points\.</li>',
                     response.get_data(as_text=True))


def test_a_mitchell_turn_that_would_repeat_says_so_before_it_is_seated(client):
    """Mitchell with shift 1 on 2 tables: the third turn seats East-West as the first
    did (docs/contract.md, "Movements: the next turn", ``mitchell-repeat``)."""
    event = first_turn(client)
    for turn in (1, 2):
        for table in (1, 2):
            for _ in range(2):
                url = f"{event}/turns/{turn}/tables/{table}/deals/new"
                assert post_deal(client, url, DEAL_C, "").status_code == 302
        html = client.get(event).get_data(as_text=True)
        if turn == 1:
            assert "mitchell_turn" not in html
            assert "Mitchell turn" not in html
            seat_turn(client, event)
    assert ("Mitchell turn 3 seats the pairs as Mitchell turn 1 did: East-West pairs meet "
            "North-South pairs they have already met") in html


def test_a_drawn_order_keeps_every_entrant_and_seats_by_it(client):
    event = new_event(client)
    assert post(client, event, f"{event}/entrants", lines=PAIRS).status_code == 302
    assert post(client, event, f"{event}/draw").status_code == 302
    kept = hidden_fields(client.get(event).get_data(as_text=True))  # a page left open
    document = client.get(f"{event}/event.json").get_json()
    drawn = [e["name"] for e in document["entrants"]]
    assert sorted(drawn) == sorted(["Rossi – Bianchi", "Verdi – Neri", "Gialli – Bruni",
                                    "Marroni – Rosa"])
    assert sorted(e["id"] for e in document["entrants"]) == [1, 2, 3, 4]
    seat_turn(client, event)
    # Mitchell seats by the drawn order: the first two North-South, the others East-West
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
    assert [(r[1], r[2]) for r in rows] == [(drawn[0], drawn[2]), (drawn[1], drawn[3])]
    # drawn again from the page left open: the evening changed, its seats stay
    assert client.post(f"{event}/draw", data=kept).status_code == 409
    assert [e["name"] for e in client.get(f"{event}/event.json").get_json()["entrants"]] == drawn


def test_the_list_is_changed_until_the_first_turn_and_read_from_a_csv_file(client):
    """A spreadsheet saved as CSV (semicolons, as a European spreadsheet writes them): a
    pair's two cells joined; the list then fixed (a name dropped, one corrected)."""
    event = new_event(client)
    data = {**hidden_fields(client.get(event).get_data(as_text=True)), "lines": "Conti",
            "file": (io.BytesIO("Rossi;Bianchi\r\nVerdi;Neri\r\n".encode("utf-8-sig")),
                     "coppie.csv")}
    response = client.post(f"{event}/entrants", data=data, content_type="multipart/form-data")
    assert response.status_code == 302
    names = [e["name"] for e in client.get(f"{event}/event.json").get_json()["entrants"]]
    assert names == ["Conti", "Rossi – Bianchi", "Verdi – Neri"]
    page = client.get(event).get_data(as_text=True)
    assert "Conti\nRossi – Bianchi\nVerdi – Neri</textarea>" in html.unescape(page)
    assert post(client, event, f"{event}/entrants",
                 lines="Rossi – Bianchi\nVerdi – Nero").status_code == 302
    document = client.get(f"{event}/event.json").get_json()
    assert document["entrants"] == [{"id": 1, "name": "Rossi – Bianchi"},
                                    {"id": 2, "name": "Verdi – Nero"}]
    bad = {**hidden_fields(client.get(event).get_data(as_text=True)), "lines": "",
           "file": (io.BytesIO(b"\x00\x01bad"), "coppie.csv")}
    response = client.post(f"{event}/entrants", data=bad, content_type="multipart/form-data")
    assert response.status_code == 422
    assert "save the sheet as CSV (UTF-8)" in response.get_data(as_text=True)


def test_a_corrected_deal_keeps_its_reason_in_the_tables_history(client):
    event = first_turn(client)
    table = f"{event}/turns/1/tables/1"
    assert post_deal(client, f"{table}/deals/new", DEAL_A, "0").status_code == 302
    url = f"{table}/deals/1/edit"
    assert 'name="reason"' in client.get(url).get_data(as_text=True)
    assert 'name="reason"' not in client.get(f"{table}/deals/new").get_data(as_text=True)
    data = hidden_fields(client.get(url).get_data(as_text=True))
    data.update({f"sides-{i}-{k}": str(v) for i, s in enumerate(DEAL_C) for k, v in s.items()})
    data.update(went_out="", closed_by="discard", action="save",
                reason="the slip said 100, not 300")
    assert client.post(url, data=data).status_code == 302
    lines = re.findall(r"<li>(.*?)</li>", client.get(table).get_data(as_text=True).split(
        'class="history"')[1].split("</ol>")[0], re.S)
    texts = [html.unescape(re.sub(r"<[^>]+>", "", line)).split(" · ", 1)[1] for line in lines]
    assert texts == ["A deal entered", "A deal corrected: the slip said 100, not 300"]


def _import(client: Any, document: Any) -> Any:
    raw = document if isinstance(document, bytes) else json.dumps(document).encode()
    form = hidden_fields(client.get("/events/import").get_data(as_text=True))
    # encoded here: the test client would spool a large body to a file it never closes
    boundary, sent = encode_multipart(MultiDict(
        {**form, "file": FileStorage(io.BytesIO(raw), "evening.json",
                                     content_type="application/json")}))
    return client.post("/events/import", data=sent,
                       content_type=f"multipart/form-data; boundary={boundary}")


def test_an_evening_downloaded_is_read_back_as_the_same_evening(client):
    event = first_turn(client)
    first_turn_played(client, event)
    document = client.get(f"{event}/event.json").get_json()
    assert document["day"] == "2026-12-04"
    response = _import(client, document)
    assert response.status_code == 302
    copy = response.headers["Location"]
    assert copy != event
    page = client.get(copy).get_data(as_text=True)
    assert "Venerdì al circolo" in page
    assert table_rows(page, "Standings") == table_rows(client.get(event).get_data(as_text=True),
                                             "Standings")
    assert table_rows(page, "Standings")[0] == ["1", "Rossi – Bianchi", "18", "1,050"]


def test_a_file_the_pages_could_not_show_is_refused_with_its_reason(client):
    good = {"name": "Venerdì", "profile": "burraco", "deals_per_turn": 2,
            "entrants": [{"id": 1, "name": "Rossi"}, {"id": 2, "name": "Verdi"}],
            "plan": [{"movement": "mitchell"}]}
    cases = [
        (b"\xff not json", "This file is not an evening exported by Scorekeeper."),
        ({**good, "deals_per_turn": 40}, "deals_per_turn"),
        ({**good, "entrants": [{"id": 1, "name": "Rossi"}, {"id": 2, "name": "ROSSI"}]},
         "Two entrants have the same name."),
        ({**good, "entrants": [{"id": 1, "name": "\u200b\u2800"}, {"id": 2}]},
         "A name needs at least one visible character."),
        ({**good, "profile": {"id": "circolo", "base": "burraco", "name": "\u200b",
                              "params": {"target": 1500}}}, "profile.name"),
        ({**good, "profile": {"id": "circolo", "base": "burraco", "name": "C\u0456rcolo",
                              "params": {"target": 1500}}}, "house rules' name"),
    ]
    for document, reason in cases:
        response = _import(client, document)
        assert response.status_code == 422, reason
        assert reason in html.unescape(response.get_data(as_text=True)), reason
    assert "/e/" not in client.get("/").get_data(as_text=True)
    assert _import(client, good).status_code == 302
    # house rules are read back with the evening, named by their id when they have no name
    house = {**good, "profile": {"id": "circolo", "base": "burraco", "params": {"target": 1500}}}
    response = _import(client, house)
    assert response.status_code == 302
    assert " · circolo · 1 turns of 2 deals</p>" in \
        client.get(response.headers["Location"]).get_data(as_text=True)
