"""Registration as clubs do it: lines pasted from a spreadsheet or a CSV file in the
encodings spreadsheet programs write (UTF-8 with or without its mark, the Windows
default cp1252, "Unicode text"), a header row skipped, each refused line named by its
number; member numbers kept per player, carried in the evening's file and in the
federation's file of each player's result."""

from __future__ import annotations

import csv
import html
import io
import json
import re
from typing import Any

from evening_pages import first_turn_played, new_event, seat_turn
from web_support import hidden_fields

#: A header row, member numbers after each name, after a pair's two names, one missing.
MEMBERS = ("Nome\tTessera\tNome\tTessera\n"
           "Rossi\t1234\tBianchi\t5678\n"
           "Verdi;Neri;;9012\n"
           "Gialli\tBruni\n"
           "Marroni – Rosa; 3456\n")


def _send(client: Any, event: str, lines: str = "", file: bytes | None = None,
          name: str = "coppie.csv") -> Any:
    data: dict[str, Any] = {**hidden_fields(client.get(event).get_data(as_text=True)),
                            "lines": lines}
    if file is not None:
        data["file"] = (io.BytesIO(file), name)
    return client.post(f"{event}/entrants", data=data, content_type="multipart/form-data")


def _entrants(client: Any, event: str) -> list[dict[str, Any]]:
    return list(client.get(f"{event}/event.json").get_json()["entrants"])


def _problems(response: Any) -> list[str]:
    page = response.get_data(as_text=True)
    errors = re.search(r'<ul class="errors" id="lines-errors">(.*?)</ul>', page, re.S)
    assert errors, page
    return [html.unescape(p) for p in re.findall(r"<li>(.*?)</li>", errors.group(1), re.S)]


def test_a_windows_spreadsheets_csv_with_a_header_row_registers_its_pairs(client):
    """cp1252 (é is one byte, 0xE9), semicolons, a header row: four pairs, no entrant
    called "Nom – Prénom"."""
    event = new_event(client)
    sheet = "Nom;Prénom\r\nFrançoise;Élodie\r\nZoë;Ana\r\nMüller;Søren\r\nÇelik;Noël\r\n"
    assert b"\xe9" in sheet.encode("cp1252")
    assert _send(client, event, file=sheet.encode("cp1252")).status_code == 302
    assert [e["name"] for e in _entrants(client, event)] == [
        "Françoise – Élodie", "Zoë – Ana", "Müller – Søren", "Çelik – Noël"]


def test_utf8_with_its_mark_and_unicode_text_read_alike(client):
    event = new_event(client)
    sheet = "Name,Name\nFrançoise,Élodie\nZoë,Ana\n"
    for raw in (sheet.encode("utf-8-sig"), sheet.encode("utf-8"), sheet.encode("utf-16")):
        assert _send(client, event, file=raw).status_code == 302
        assert [e["name"] for e in _entrants(client, event)] == [
            "Françoise – Élodie", "Zoë – Ana"]


def test_a_workbook_chosen_in_place_of_its_csv_is_refused_and_nothing_changes(client):
    event = new_event(client)
    assert _send(client, event, "Rossi – Bianchi\nVerdi – Neri").status_code == 302
    workbook = b"PK\x03\x04\x14\x00\x06\x00\x08\x00\x00\x00!\x00" + bytes(range(256))
    response = _send(client, event, file=workbook, name="coppie.xlsx")
    assert response.status_code == 422
    assert "save the sheet as CSV (UTF-8)" in response.get_data(as_text=True)
    assert [e["name"] for e in _entrants(client, event)] == ["Rossi – Bianchi", "Verdi – Neri"]


def test_each_refused_line_is_named_by_its_number(client):
    """Line 1 is the header (skipped, but counted: the numbers are the sheet's)."""
    event = new_event(client)
    long_name = "R" * 81
    lines = (f"Name\tName\nRossi\tBianchi\n\n{long_name}\nVerdi\t12345\t678910\t111213\n"
             "Rossi – Bianchi\n")
    response = _send(client, event, lines)
    assert response.status_code == 422
    assert _problems(response) == [
        "Line 5: More member numbers than players.",
        "Line 4: An entrant's name has at most 80 characters.",
        "Line 6: Two entrants have the same name.",
    ]
    assert _entrants(client, event) == []
    # the box keeps what was typed, to be corrected
    assert "R" * 81 in response.get_data(as_text=True)


def test_the_lines_problems_in_italian(client):
    event = new_event(client)
    client.get("/lang/it")
    response = _send(client, event, "Verdi\t123456\t999999\n" + "R" * 81)
    assert response.status_code == 422
    problems = _problems(response)
    assert len(problems) == 2
    assert problems[0].startswith("Riga 1")
    assert problems[1].startswith("Riga 2")


def _played(client: Any) -> str:
    """The four pairs of ``MEMBERS``; turn 1: table 1 (Rossi – Bianchi NS, Gialli –
    Bruni EW) plays two deals DEAL_A (600 | 110 each) and North-South loses 150 MP for
    being late: 1,050 | 220, 18–2 VP; table 2's East-West (Marroni – Rosa) forfeits:
    14–6 VP, no MP."""
    event = new_event(client)
    assert _send(client, event, MEMBERS).status_code == 302
    seat_turn(client, event)
    first_turn_played(client, event)
    return event


def test_member_numbers_are_kept_per_player_and_make_the_federations_file(client):
    event = _played(client)
    assert _entrants(client, event) == [
        {"id": 1, "name": "Rossi – Bianchi", "players": [{"name": "Rossi", "member": "1234"},
                                                         {"name": "Bianchi", "member": "5678"}]},
        {"id": 2, "name": "Verdi – Neri", "players": [{"name": "Verdi"},
                                                      {"name": "Neri", "member": "9012"}]},
        {"id": 3, "name": "Gialli – Bruni"},
        {"id": 4, "name": "Marroni – Rosa", "players": [{"name": "Marroni", "member": "3456"},
                                                        {"name": "Rosa"}]},
    ]
    response = client.get(f"{event}/players.csv")
    assert response.status_code == 200
    assert response.mimetype == "text/csv"
    assert "venerdi-al-circolo-players-2026-12-04.csv" in response.headers["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows == [
        ["rank", "member", "player", "entrant_id", "entrant_name", "vp", "mp", "withdrawn_from",
         "standings"],
        ["1", "1234", "Rossi", "1", "Rossi – Bianchi", "18", "1050", "", "provisional"],
        ["1", "5678", "Bianchi", "1", "Rossi – Bianchi", "18", "1050", "", "provisional"],
        ["2", "", "Verdi", "2", "Verdi – Neri", "14", "0", "", "provisional"],
        ["2", "9012", "Neri", "2", "Verdi – Neri", "14", "0", "", "provisional"],
        ["3", "3456", "Marroni", "4", "Marroni – Rosa", "6", "0", "", "provisional"],
        ["3", "", "Rosa", "4", "Marroni – Rosa", "6", "0", "", "provisional"],
        ["4", "", "Gialli", "3", "Gialli – Bruni", "2", "220", "", "provisional"],
        ["4", "", "Bruni", "3", "Gialli – Bruni", "2", "220", "", "provisional"],
    ]
    assert "players.csv" in client.get(event).get_data(as_text=True)
    # the room's link cannot download it
    room = re.search(r'href="(/e/v/[^"/]+)"', client.get(event).get_data(as_text=True))
    assert room
    assert client.get(f"{room.group(1)}/players.csv").status_code == 404


def test_the_list_shows_its_numbers_again_and_saving_it_again_keeps_them(client):
    event = new_event(client)
    assert _send(client, event, MEMBERS).status_code == 302
    kept = _entrants(client, event)
    page = html.unescape(client.get(event).get_data(as_text=True))
    box = re.search(r"<textarea[^>]*>(.*?)</textarea>", page, re.S)
    assert box
    assert box.group(1).strip() == (
        "Rossi – Bianchi; 1234; 5678\nVerdi – Neri; ; 9012\nGialli – Bruni\n"
        "Marroni – Rosa; 3456")
    assert _send(client, event, box.group(1)).status_code == 302
    assert _entrants(client, event) == kept
    assert "No. 9012" in page


def test_an_evenings_file_carries_its_member_numbers_back(client):
    event = _played(client)
    document = client.get(f"{event}/event.json").get_json()
    copy = _import(client, json.dumps(document).encode())
    assert copy.status_code == 302
    assert _entrants(client, copy.headers["Location"]) == document["entrants"]
    assert client.get(f"{copy.headers['Location']}/players.csv").get_data() == client.get(
        f"{event}/players.csv").get_data()
    for players in ([{"name": "Rossi", "member": "=1+1"}], [{"name": "A"}] * 3, "Rossi",
                    [{"name": "", "member": "1234"}]):
        document["entrants"][0]["players"] = players
        refused = _import(client, json.dumps(document).encode())
        assert refused.status_code == 422, players
        assert "cannot be shown" in html.unescape(refused.get_data(as_text=True))


def _import(client: Any, raw: bytes) -> Any:
    form = hidden_fields(client.get("/events/import").get_data(as_text=True))
    return client.post("/events/import", data={**form, "file": (io.BytesIO(raw), "e.json")},
                       content_type="multipart/form-data")
