"""Two whole club evenings run by their director in a real browser (docs/contract.md,
"Events"), every figure worked out by hand from the tables' papers:

- on a phone (390 × 844), an individual evening of 8 players (``individual-8``, 2
  tables, 7 turns of 2 deals), every deal typed from the paper by counts;
- on a laptop (1280 × 800), 12 pairs at 6 tables, 3 Mitchell turns then a Danese, 3 deals
  a turn, with a late pair, a forfeit and a corrected deal; its seating, table cards and
  standings printed and read back.

The deals (event_steps): A makes 600 | 110, C 100 | 100, D 250 | 580. The F.I.Bur. scales
(docs/contract.md, "Victory points"; the side ahead's VP for a difference up to each
edge, 20 beyond the last): 2 deals 40, 120, 200, 300, 400, 500, 620, 740, 870, 1000;
3 deals 50, 150, 250, 350, 500, 650, 800, 1000, 1250, 1500 (10 to 19 VP)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from urllib.parse import urljoin

import pytest
from browser_pages import STEP
from event_steps import DEAL_A, DEAL_C, DEAL_D, cells, enter, post_deal
from playwright.sync_api import expect

sys.path.insert(0, str(Path(__file__).parents[1] / "pdf"))
from pdf_support import pdf_text, read_pdf  # noqa: E402
from test_sheet_headers import _overlap, _runs  # noqa: E402

pytestmark = pytest.mark.browser

DEALS = {"A": DEAL_A, "C": DEAL_C, "D": DEAL_D}

PLAYERS = ["Anna", "Bruno", "Carla", "Dario", "Elena", "Fabio", "Gina", "Luca"]

#: The published schedule (docs/contract.md, ``individual-8``) and each table's two deals:
#: AA 1,200 – 220, 980 apart: 19 – 1; CC 200 – 200: 10 – 10; AC 700 – 210, 490: 15 – 5;
#: DD 500 – 1,160, 660: 3 – 17; AD 850 – 690, 160: 12 – 8; CD 350 – 680, 330: 6 – 14.
INDIVIDUAL = [  # (NS, EW, deals) at table 1, then table 2
    ((1, 2), (3, 4), "AA"), ((5, 6), (7, 8), "CC"),
    ((2, 4), (6, 7), "AC"), ((1, 3), (5, 8), "DD"),
    ((1, 4), (6, 8), "AD"), ((2, 3), (5, 7), "CD"),
    ((2, 5), (4, 8), "CC"), ((1, 6), (3, 7), "AA"),
    ((1, 5), (2, 6), "DD"), ((3, 8), (4, 7), "AC"),
    ((1, 8), (2, 7), "CD"), ((3, 5), (4, 6), "AD"),
    ((1, 7), (4, 5), "AA"), ((2, 8), (3, 6), "DD")]

#: Each player's side's VP and MP summed over the 7 turns, e.g. Fabio: 10 + 15 + 8 + 19 +
#: 17 + 8 + 17 = 84 VP, 200 + 210 + 690 + 1,200 + 1,160 + 690 + 1,160 = 5,310 MP; Bruno
#: 19 + 15 + 6 + 10 + 17 + 14 + 3 = 84 VP and 4,790 MP, ranked after Fabio on MP.
INDIVIDUAL_STANDINGS = [
    ["1", "Fabio", "84", "5,310"], ["2", "Bruno", "84", "4,790"], ["3", "Anna", "81", "5,800"],
    ["4", "Luca", "69", "3,800"], ["5", "Gina", "68", "3,400"], ["6", "Elena", "67", "3,810"],
    ["7", "Carla", "55", "4,000"], ["8", "Dario", "52", "3,090"]]


def _create(page, base: str, kind: str, turns: str, movement: str, lines: str) -> str:
    page.goto(base + "/events/new")
    page.fill("#name", "Giovedì al circolo")
    page.select_option("#profile", "burraco")
    page.select_option("#kind", kind)
    page.select_option("#format", turns)
    page.select_option("#movement", movement)
    page.get_by_role("button", name="Create the evening").click()
    page.wait_for_url(re.compile(r"/e/[^/]+$"))
    event = page.url
    page.fill("#lines", lines)
    page.get_by_role("button", name="Save the list").click()
    page.get_by_role("button", name="Seat turn 1").click()
    expect(page.locator("table.tables caption")).to_have_text("Turn 1")
    return event


def _seat(page, event: str, turn: int) -> None:
    page.goto(event)
    page.get_by_role("button", name=f"Seat turn {turn}").click()
    expect(page.locator("table.tables caption")).to_have_text(f"Turn {turn}")


def test_an_individual_evening_of_seven_turns_from_paper_on_a_phone(phone, live_server, browser):
    event = _create(phone, live_server, "individual", "7x2", "individual-8", "\n".join(PLAYERS))
    for turn in range(1, 8):
        if turn > 1:
            _seat(phone, event, turn)
        seats = INDIVIDUAL[2 * turn - 2:2 * turn]
        assert [row[:3] for row in cells(phone, f"Turn {turn}")] == [
            [str(t), " & ".join(PLAYERS[p - 1] for p in ns), " & ".join(PLAYERS[p - 1] for p in ew)]
            for t, (ns, ew, _) in enumerate(seats, start=1)]
        for table, (_, _, deals) in enumerate(seats, start=1):
            for letter in deals:
                enter(phone, f"{event}/turns/{turn}/tables/{table}/deals/new", DEALS[letter])
    phone.goto(event)
    # provisional until the director closes the evening, then final
    expect(phone.get_by_text("these standings are provisional until the evening is closed")
           ).to_be_visible()
    phone.get_by_role("button", name="Close the evening").tap()
    done = "Every turn is played: these are the final standings."
    expect(phone.get_by_text(done)).to_be_visible()
    assert cells(phone, "Standings") == INDIVIDUAL_STANDINGS
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    _seen_at(browser, event, 1280, 800, INDIVIDUAL_STANDINGS)


def _seen_at(browser, event: str, width: int, height: int, standings: list[list[str]]) -> None:
    """The evening's page on the other screen: the same standings, nothing wider than it."""
    context = browser.new_context(viewport={"width": width, "height": height}, locale="en-US")
    try:
        page = context.new_page()
        page.goto(event)
        assert cells(page, "Standings") == standings
        assert page.evaluate("document.documentElement.scrollWidth") <= width
    finally:
        context.close()


PAIRS = ["Rossi – Bianchi", "Verdi – Neri", "Gialli – Bruni", "Marroni – Rosa",
         "Conti – Ferrari", "Greco – Romano", "Costa – Fontana", "Ricci – Marino",
         "Esposito – Lombardi", "Moretti – Barbieri", "Ferri – Galli", "Ávila – Sala"]

#: Mitchell with 12 pairs: pairs 1–6 sit NS at tables 1–6, pairs 7–12 start EW there and
#: move one table up a turn. Each table's three deals (the 3-deal scale):
#: AAA 1,800 – 330, 1,470 apart: 19 – 1; CCC 300 – 300: 10 – 10; ACD 950 – 790, 160:
#: 12 – 8; DDD 750 – 1,740, 990: 3 – 17; AAC 1,300 – 320, 980: 17 – 3; DDA 1,100 –
#: 1,270, 170: 8 – 12; ACC 800 – 310, 490: 14 – 6; CDD 600 – 1,260, 660: 4 – 16.
MITCHELL = {
    1: ["AAA", "CCC", "ACD", "DDD", "CCC", "AAC"],  # table 2: NS late, 100 MP off: 200 – 300,
    #                                                 100 apart: 9 – 11
    2: ["CCC", "AAA", None, "AAA", "DDA", "CCC"],   # table 3: EW forfeits, 14 – 6, no MP;
    #                                                 table 4: deal 3 corrected to C (AAC)
    3: ["DDD", "CCC", "AAA", "ACC", "CCC", "CDD"]}

#: After turn 3 (VP, MP): Moretti – Barbieri 17 + 12 + 16 = 45, 1,740 + 1,270 + 1,260 =
#: 4,270; Gialli – Bruni 12 + 14 + 19 = 45, 950 + 0 + 1,800 = 2,750; … The Danese, the
#: plan's last turn, pairs them 1st v 2nd, 3rd v 4th, … (the better ranked NS).
AFTER_3 = [["1", "Moretti – Barbieri", "45", "4,270"], ["2", "Gialli – Bruni", "45", "2,750"],
           ["3", "Verdi – Neri", "38", "2,300"], ["4", "Ferri – Galli", "37", "2,340"],
           ["5", "Marroni – Rosa", "34", "2,850"], ["6", "Rossi – Bianchi", "32", "2,850"],
           ["7", "Greco – Romano", "31", "2,200"], ["8", "Conti – Ferrari", "28", "1,700"],
           ["9", "Ávila – Sala", "23", "920"], ["10", "Ricci – Marino", "23", "610"],
           ["11", "Esposito – Lombardi", "21", "1,410"], ["12", "Costa – Fontana", "3", "990"]]
DANESE = ["AAA", "CCC", "CCC", "CCC", "CCC", "DDD"]
FINAL = [["1", "Moretti – Barbieri", "64", "6,070"], ["2", "Verdi – Neri", "48", "2,600"],
         ["3", "Ferri – Galli", "47", "2,640"], ["4", "Gialli – Bruni", "46", "3,080"],
         ["5", "Marroni – Rosa", "44", "3,150"], ["6", "Rossi – Bianchi", "42", "3,150"],
         ["7", "Greco – Romano", "41", "2,500"], ["8", "Conti – Ferrari", "38", "2,000"],
         ["9", "Ávila – Sala", "33", "1,220"], ["10", "Ricci – Marino", "33", "910"],
         ["11", "Esposito – Lombardi", "24", "2,160"], ["12", "Costa – Fontana", "20", "2,730"]]


def _mitchell(turn: int) -> list[list[str]]:
    return [[str(t), PAIRS[t - 1], PAIRS[6 + (t - 1 - (turn - 1)) % 6]] for t in range(1, 7)]


def _fetch(page, name: str) -> bytes:
    """A paper printed from the director's page: its button's link, fetched by the browser."""
    href = page.get_by_role("link", name=name, exact=True).get_attribute("href")
    response = page.request.get(urljoin(page.url, href))
    assert response.ok
    assert response.headers["content-type"] == "application/pdf"
    return response.body()


def _papers(page, seating: list[list[str]]) -> None:
    """The Danese turn's seating by table and by name, its table cards, and (once played)
    the standings: names and numbers read back from the PDFs."""
    text = pdf_text(_fetch(page, "Seating"))
    by_table, by_name = text.index("BY TABLE"), text.index("BY NAME")
    for table, ns, ew in seating:
        assert f"{table} {ns} {ew}" in text[by_table:by_name]
    where = {ns: (t, "NS") for t, ns, _ in seating} | {ew: (t, "EW") for t, _, ew in seating}
    alphabetical = sorted(where, key=lambda name: name.replace("Á", "A"))
    found = [text.index(f"{name} {where[name][0]} {where[name][1]}", by_name)
             for name in alphabetical]
    assert found == sorted(found)
    cards = read_pdf(_fetch(page, "Table cards")).pages
    assert len(cards) == 6
    for card, (table, ns, ew) in zip(cards, seating, strict=True):
        words = " ".join(card.extract_text().split())
        assert f"Table {table}" in words
        assert "Turn 4" in words
        assert f"North-South (NS) {ns}" in words
        assert f"East-West (EW) {ew}" in words
        # its QR code's link printed under it (broken over lines): this table's own page
        assert re.search(rf"/e/t/[\w-]+/{table}/[0-9a-f]+", words.replace(" ", ""))


def test_a_twelve_pair_evening_with_a_late_pair_a_forfeit_and_a_correction(
        app, live_server, browser):
    client = app.test_client()
    laptop = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    laptop.set_default_timeout(STEP)
    page = laptop.new_page()
    try:
        event = _create(page, live_server, "pairs", "4x3", "mitchell-danese",
                        "\n".join(p.replace(" – ", "\t") for p in PAIRS))
        path = event.removeprefix(live_server)
        for turn, plan in MITCHELL.items():
            if turn > 1:
                _seat(page, event, turn)
            assert [row[:3] for row in cells(page, f"Turn {turn}")] == _mitchell(turn)
            for table, deals in enumerate(plan, start=1):
                for letter in deals or "":
                    url = f"{path}/turns/{turn}/tables/{table}/deals/new"
                    if (turn, table) == (1, 1):  # typed here; the others by another device
                        enter(page, live_server + url, DEALS[letter])
                    else:
                        post_deal(client, url, DEALS[letter])
            if turn == 1:  # table 2's North-South pair came late: 100 MP off
                page.goto(f"{event}/turns/1/tables/2")
                penalty = page.locator("form[action$='/penalty']")
                penalty.get_by_label("North-South").check()
                expect(penalty.get_by_label("Match points taken off")).to_have_value("100")
                penalty.get_by_label("Why (late, …)").fill("late")
                penalty.get_by_role("button", name="Take them off").click()
                expect(page.locator("p.banner.win")).to_have_text(
                    "Match points: 200 – 300. Victory points: 9 – 11.")
            if turn == 2:
                page.goto(f"{event}/turns/2/tables/3")
                forfeit = page.locator("form[action$='/forfeit']")
                forfeit.get_by_label("East-West").check()
                forfeit.get_by_role("button", name="Save").click()
                page.goto(f"{event}/turns/2/tables/4")  # the slip says C for deal 3
                page.get_by_role("link", name="Fix").nth(2).click()
                for i in (0, 1):
                    page.fill(f"#sides-{i}-table_points", "100")
                    page.fill(f"#sides-{i}-clean", "0")
                    page.fill(f"#sides-{i}-hand_points", "0")
                page.locator('input[name="went_out"][value=""]').check()
                page.fill("#reason", "the slip says 100 a side")
                page.get_by_role("button", name="Save the deal").click()
                expect(page.locator("p.banner.win")).to_have_text(
                    "Match points: 1,300 – 320. Victory points: 17 – 3.")
                expect(page.locator("ol.history")).to_contain_text(
                    "A deal corrected: the slip says 100 a side")
                page.goto(event)
                assert cells(page, "Turn 2")[2][3] == "Forfeit: 14–6"
        page.goto(event)
        assert cells(page, "Standings") == AFTER_3
        _seat(page, event, 4)
        order = [row[1] for row in AFTER_3]
        seating = [[str(t), order[2 * t - 2], order[2 * t - 1]] for t in range(1, 7)]
        assert [row[:3] for row in cells(page, "Turn 4")] == seating
        _papers(page, seating)
        for table, deals in enumerate(DANESE, start=1):
            for letter in deals:
                post_deal(client, f"{path}/turns/4/tables/{table}/deals/new", DEALS[letter])
        page.goto(event)
        page.get_by_role("button", name="Close the evening").click()
        done = "Every turn is played: these are the final standings."
        expect(page.get_by_text(done)).to_be_visible()
        assert cells(page, "Standings") == FINAL
        data = _fetch(page, "Standings and results")
        text = pdf_text(data)
        assert "F.I.Bur. Codice di Gara 01/2026" in text
        for rank, name, vp, mp in FINAL:
            assert f"{rank} {name} {vp} {mp}" in text
        runs = _runs(data)
        labels = {"#", "Name", "VP", "MP", "Table", "NS", "EW", "MP NS", "MP EW", "VP NS",
                  "VP EW", "Note"}
        heads = [r for r in runs if r["text"].strip() in labels]
        assert {r["text"].strip() for r in heads} == labels
        assert [(a["text"], b["text"]) for i, a in enumerate(heads) for b in heads[i + 1:]
                if _overlap(a, b)] == []
        assert page.evaluate("document.documentElement.scrollWidth") <= 1280
        _seen_at(browser, event, 390, 844, FINAL)
    finally:
        laptop.close()
