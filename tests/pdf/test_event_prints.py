"""The printed papers of a club's evening (docs/contract.md § Events): the seating of the
next turn, the table cards with their QR codes, the score slips, the standings with each
turn's results, and the federation's CSV, on a real evening counted by hand.

The evening: 8 pairs, 3 deals a turn, the F.I.Bur. Codice di Gara 01/2026 VP scale
(docs/sources.md, "The federation's code"), two Mitchell turns and then a Danese. Each
deal is table points only, both pozzetti taken, nobody closing: a side's deal total is
its table points, so every MP and VP below is counted by hand from the deals, against
the 3-deal scale of docs/contract.md ("Victory points").
"""

from __future__ import annotations

import copy
import csv
import io
import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from pdf_support import number, pdf_text, read_pdf
from test_sheet_headers import TOLERANCE, _overlap, _runs

from scorekeeper import pdf, qrcodes
from scorekeeper.cli import main
from scorekeeper.eventfiles import RESULT_COLUMNS, event_file, result_rows, results_csv
from scorekeeper.rules import event_document

NAMES = {1: "Rossi – Bianchi", 2: "Verdi – Neri", 3: "Esposito – Romano", 4: "Colombo – Ricci",
         5: "Ávila – Greco", 6: "Bruno – Gallo", 7: "Conti – De Luca", 8: "Mancini – Costa"}
URL = "https://club.example/e/7/t/{table}"


def deal(ns: int, ew: int) -> dict[str, Any]:
    return {"sides": [{"counts": {"table_points": ns}, "morto": "taken"},
                      {"counts": {"table_points": ew}, "morto": "taken"}]}


def table(number_: int, ns: int, ew: int, *deals: tuple[int, int], **more: Any) -> dict[str, Any]:
    return {"table": number_, "ns": ns, "ew": ew, "deals": [deal(a, b) for a, b in deals],
            **more}


#: Mitchell with 8 pairs: pairs 1–4 sit NS at tables 1–4; pairs 5–8 start EW at tables
#: 1–4 and move one table up each Mitchell turn (turn 2: 5 at 2, 6 at 3, 7 at 4, 8 at 1).
TURN_1 = [table(1, 1, 5, (600, 300), (400, 450), (500, 200)),     # 1500–950: 550 → 15–5
          table(2, 2, 6, (300, 300), (250, 300), (400, 350)),     # 950–950 → 10–10
          {"table": 3, "ns": 3, "ew": 7, "deals": None, "forfeit": "ew"},  # 14–6, no MP
          table(4, 4, 8, (200, 700), (300, 600), (100, 500))]     # 600–1800: 1200 → 2–18
TURN_2 = [table(1, 1, 8, (450, 400), (350, 300), (300, 250)),     # 1100–950: 150 → 11–9
          table(2, 2, 5, (800, 100), (700, 200), (600, 150)),     # 2100–450: over → 20–0
          table(3, 3, 6, (300, 500), (200, 400), (250, 300),      # 750 − 60 = 690 – 1200:
                penalties=[{"side": "ns", "mp": 60, "why": "late"}]),  # 510 → 5–15
          table(4, 4, 7, (400, 400), (300, 350), (250, 250))]     # 950–1000: 50 → 10–10
#: The Danese after turn 2 pairs the standings 1st v 2nd, 3rd v 4th…: 2 v 8, 1 v 6, 3 v 7, 4 v 5.
TURN_3 = [table(1, 2, 8, (300, 450), (250, 300), (200, 350)),     # 750–1100: 350 → 7–13
          table(2, 1, 6, (500, 300), (400, 300), (350, 250)),     # 1250–850: 400 → 14–6
          table(3, 3, 7, (300, 300), (300, 300), (300, 300)),     # 900–900 → 10–10
          table(4, 4, 5, (500, 200), (400, 300), (300, 200))]     # 1200–700: 500 → 14–6

#: Each turn's tables as counted above: table, NS, EW, MP NS, MP EW, VP NS, VP EW.
RESULTS = {1: [(1, 1, 5, 1500, 950, 15, 5), (2, 2, 6, 950, 950, 10, 10),
               (3, 3, 7, 0, 0, 14, 6), (4, 4, 8, 600, 1800, 2, 18)],
           2: [(1, 1, 8, 1100, 950, 11, 9), (2, 2, 5, 2100, 450, 20, 0),
               (3, 3, 6, 690, 1200, 5, 15), (4, 4, 7, 950, 1000, 10, 10)],
           3: [(1, 2, 8, 750, 1100, 7, 13), (2, 1, 6, 1250, 850, 14, 6),
               (3, 3, 7, 900, 900, 10, 10), (4, 4, 5, 1200, 700, 14, 6)]}
#: The standings summed by hand: rank, pair, VP, MP.
AFTER_TWO = [(1, 2, 30, 3050), (2, 8, 27, 2750), (3, 1, 26, 2600), (4, 6, 25, 2150),
             (5, 3, 19, 690), (6, 7, 16, 1000), (7, 4, 12, 1550), (8, 5, 5, 1400)]
#: Pairs 1 and 8 end equal on VP and MP: they share the first place, the next is 3rd.
FINAL = [(1, 1, 40, 3850), (1, 8, 40, 3850), (3, 2, 37, 3800), (4, 6, 31, 3000),
         (5, 3, 29, 1590), (6, 4, 26, 2750), (7, 7, 26, 1900), (8, 5, 11, 2100)]
#: Turn 3's seating (Danese): table, NS, EW.
SEATING_3 = [(1, 2, 8), (2, 1, 6), (3, 3, 7), (4, 4, 5)]


def evening(turns: int = 2, entrants: int = 8) -> dict[str, Any]:
    return {"name": "Venerdì al circolo", "profile": "burraco", "kind": "pairs",
            "deals_per_turn": 3, "vp_table": "fibur-2026",
            "entrants": [{"id": i, "name": NAMES[i]} for i in range(1, entrants + 1)],
            "plan": [{"movement": "mitchell", "shift": 1}] * 2 + [{"movement": "danese"}],
            "turns": [{"tables": copy.deepcopy(t)} for t in (TURN_1, TURN_2, TURN_3)[:turns]]}


def _urls(table_number: int) -> str:
    return URL.format(table=table_number)


def test_the_referee_counts_the_evening_as_counted_by_hand() -> None:
    answer = event_document(evening(3))
    for turn, tables in RESULTS.items():
        got = [(t["table"], t["ns"], t["ew"], *t["mp"], *t["vp"])
               for t in answer["turns"][turn - 1]["tables"]]
        assert got == tables
    assert [(s["rank"], s["id"], s["vp"], s["mp"]) for s in answer["standings"]] == FINAL
    after_two = event_document(evening(2))
    assert [(s["rank"], s["id"], s["vp"], s["mp"]) for s in after_two["standings"]] == AFTER_TWO
    assert [(t["table"], t["ns"], t["ew"]) for t in after_two["next"]["tables"]] == SEATING_3


# -- the standings and each turn's results ---------------------------------------------------

def _row(lang: str, *cells: int | str) -> str:
    return " ".join(number(c, lang) if isinstance(c, int) else c for c in cells)


@pytest.mark.parametrize(("lang", "words"), [
    ("it", {"final": "CLASSIFICA FINALE", "turn": "TURNO", "forfeit": "Forfait: EO",
            "penalty": "Penalità NS: −60"}),
    ("fr", {"final": "CLASSEMENT FINAL", "turn": "TOUR", "forfeit": "Forfait : EO",
            "penalty": "Pénalité NS : −60"}),
])
def test_the_standings_and_every_turn_s_results(ctx: Any, lang: str, words: dict[str, str]) -> None:
    text = pdf_text(pdf.render_event_paper("standings", evening(3), lang))
    assert words["final"] in text
    standings = text[text.index(words["final"]):text.index(f"{words['turn']} 1")]
    for rank, pair, vp, mp in FINAL:
        assert _row(lang, rank, NAMES[pair], vp, mp) in standings
    # shared ranks as the referee gives them: 1, 1, then 3
    assert standings.index(_row(lang, 1, NAMES[1])) < standings.index(_row(lang, 1, NAMES[8]))
    assert _row(lang, 3, NAMES[2], 37) in standings
    for turn, tables in RESULTS.items():
        assert f"{words['turn']} {turn}" in text
        for t, ns, ew, mp_ns, mp_ew, vp_ns, vp_ew in tables:
            assert _row(lang, t, NAMES[ns], NAMES[ew], mp_ns, mp_ew, vp_ns, vp_ew) in text
    assert words["forfeit"] in text
    assert words["penalty"] in text
    assert "F.I.Bur. Codice di Gara 01/2026" in text


def test_a_danese_in_groups_prints_each_group_s_standings(ctx: Any) -> None:
    """Turn 3 a Danese in 2 groups, cut from the standings after turn 2 (AFTER_TWO: pairs 2,
    8, 1, 6 above, 3, 7, 4, 5 below; its tables pair them within their group as SEATING_3
    does): the paper gives each group's standings, ranked among the group, as the
    director's page and the room do."""
    doc = evening(3)
    doc["plan"][2] = {"movement": "danese", "groups": 2}
    text = pdf_text(pdf.render_event_paper("standings", doc, "it"))
    first = text.index("Classifica · Girone 1")
    second = text.index("Classifica · Girone 2")
    group_1, group_2 = text[first:second], text[second:text.index("TURNO 1")]
    # pairs 1 and 8 share the first place of group 1; pair 3 is first in group 2
    for rank, pair, vp, mp in [(1, 1, 40, 3850), (1, 8, 40, 3850), (3, 2, 37, 3800),
                               (4, 6, 31, 3000)]:
        assert _row("it", rank, NAMES[pair], vp, mp) in group_1
    for rank, pair, vp, mp in [(1, 3, 29, 1590), (2, 4, 26, 2750), (3, 7, 26, 1900),
                               (4, 5, 11, 2100)]:
        assert _row("it", rank, NAMES[pair], vp, mp) in group_2
    assert NAMES[3] not in group_1
    assert NAMES[1] not in group_2
    # in one group (turn 3 a plain Danese), one table of standings
    assert "Girone" not in pdf_text(pdf.render_event_paper("standings", evening(3), "it"))


def test_standings_after_two_turns_say_so(ctx: Any) -> None:
    text = pdf_text(pdf.render_event_paper("standings", evening(2), "en"))
    assert "STANDINGS AFTER TURN 2" in text
    for rank, pair, vp, mp in AFTER_TWO:
        assert _row("en", rank, NAMES[pair], vp, mp) in text


@pytest.mark.parametrize(("lang", "title"), [("en", "STANDINGS DURING TURN 3"),
                                             ("it", "CLASSIFICA DURANTE IL TURNO 3")])
def test_standings_printed_while_a_turn_plays_say_it_is_in_play(ctx: Any, lang: str,
                                                                 title: str) -> None:
    """Turn 3 seated, its first table finished and the others still playing: the standings
    are those after turn 2 plus that table, never titled "after turn 3"."""
    doc = evening(3)
    for table in doc["turns"][2]["tables"][1:]:
        table["deals"] = table["deals"][:1]
    text = pdf_text(pdf.render_event_paper("standings", doc, lang))
    assert title in text
    assert "AFTER TURN 3" not in text
    assert "DOPO IL TURNO 3" not in text


def test_a_club_s_own_scale_is_not_the_federation_s(ctx: Any) -> None:
    doc = evening(2) | {"vp_table": [[50, 10], [500, 15], [None, 20]]}
    text = pdf_text(pdf.render_event_paper("standings", doc, "it"))
    assert "F.I.Bur." not in text
    assert "tabella del circolo" in text


def _header_clashes(runs: list[dict[str, Any]], labels: set[str]) -> list[tuple[str, str]]:
    heads = [r for r in runs if r["text"].strip() in labels]
    return [(a["text"], b["text"]) for i, a in enumerate(heads) for b in heads[i + 1:]
            if _overlap(a, b)]


@pytest.mark.parametrize(("lang", "labels"), [
    ("it", {"#", "Nome", "PV", "MP", "Tavolo", "NS", "EO", "MP NS", "MP EO", "PV NS", "PV EO",
            "Note"}),
    ("pt_BR", {"#", "Nome", "PV", "PP", "Mesa", "NS", "LO", "PP NS", "PP LO", "PV NS", "PV LO",
               "Obs."}),
])
def test_the_standings_headers_never_overlap(ctx: Any, lang: str, labels: set[str]) -> None:
    runs = _runs(pdf.render_event_paper("standings", evening(3), lang))
    found = {r["text"].strip() for r in runs} & labels
    assert found == labels
    assert _header_clashes(runs, labels) == []
    # each number ends where its right-aligned header ends
    head = next(r for r in runs if r["text"].strip() == "PV")
    first = next(r for r in runs if r["text"].strip() == "40")
    assert abs(first["displaced_tx"] - head["displaced_tx"]) < TOLERANCE


# -- the seating of the next turn ------------------------------------------------------------

@pytest.mark.parametrize(("lang", "by_table", "by_name", "seats"), [
    ("it", "PER TAVOLO", "PER NOME", ("NS", "EO")),
    ("pt_PT", "POR MESA", "POR NOME", ("NS", "EO")),
])
def test_the_seating_by_table_and_by_name(ctx: Any, lang: str, by_table: str, by_name: str,
                                          seats: tuple[str, str]) -> None:
    text = pdf_text(pdf.render_event_paper("seating", evening(2), lang))
    tables = text[text.index(by_table):text.index(by_name)]
    for t, ns, ew in SEATING_3:
        assert _row(lang, t, NAMES[ns], NAMES[ew]) in tables
    names = text[text.index(by_name):]
    where = {p: (t, seats[0]) for t, p, _ in SEATING_3}
    where |= {p: (t, seats[1]) for t, _, p in SEATING_3}
    # alphabetically, accents aside: Ávila before Bruno, … Verdi last
    order = sorted(NAMES, key=lambda p: NAMES[p].replace("Á", "A"))
    positions = [names.index(_row(lang, NAMES[p], where[p][0], where[p][1])) for p in order]
    assert positions == sorted(positions)


@pytest.mark.parametrize(("lang", "by_name"), [("fr", "PAR NOM"), ("it", "PER NOME")])
def test_the_seating_by_name_sorts_as_the_language_does(ctx: Any, lang: str,
                                                        by_name: str) -> None:
    """Élodie before Emma, Zeno and Zoë; Ávila among the A's; a lower-case name in its
    place (the collation of the page's language, not the code points: É is after Z)."""
    doc = evening(0)
    renamed = ["Zoë", "Élodie", "emma", "Zeno", "Ávila", "Ana", "Bruno", "Çelik"]
    doc["entrants"] = [{"id": i + 1, "name": n} for i, n in enumerate(renamed)]
    names = pdf_text(pdf.render_event_paper("seating", doc, lang))
    names = names[names.index(by_name):]
    positions = [names.index(n + " ") for n in
                 ("Ana", "Ávila", "Bruno", "Çelik", "Élodie", "emma", "Zeno", "Zoë")]
    assert positions == sorted(positions)


def test_the_seating_lists_the_byes(ctx: Any) -> None:
    """7 pairs in a Mitchell: table 4 has no East-West pair, its North-South pair sits out."""
    doc = evening(0, entrants=7)
    text = pdf_text(pdf.render_event_paper("seating", doc, "it"))
    assert f"Riposo: {NAMES[4]}" in text
    assert f"{NAMES[4]} Riposo" in text
    assert _row("it", 3, NAMES[3], NAMES[7]) in text
    runs = _runs(pdf.render_event_paper("seating", doc, "it"))
    assert _header_clashes(runs, {"Tavolo", "Nord-Sud", "Est-Ovest"}) == []


@pytest.mark.parametrize("paper", ["seating", "cards", "slips"])
def test_nothing_left_to_seat_once_the_plan_is_played(ctx: Any, paper: str) -> None:
    text = pdf_text(pdf.render_event_paper(paper, evening(3), "en", table_url=_urls))
    assert "Venerdì al circolo" in text
    assert "no turn left to seat" in text


# -- the table cards and their QR codes ------------------------------------------------------

def test_a_card_for_each_table_with_its_link_s_qr_code(ctx: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    encoded: list[str] = []
    make = qrcodes.segno.make

    def spy(content: str, **options: Any) -> Any:
        encoded.append(content)
        return make(content, **options)

    monkeypatch.setattr(qrcodes.segno, "make", spy)
    data = pdf.render_event_paper("cards", evening(2), "it", table_url=_urls)
    assert encoded == [_urls(t) for t, _, _ in SEATING_3]
    pages = read_pdf(data).pages
    assert len(pages) == len(SEATING_3)
    for page, (t, ns, ew) in zip(pages, SEATING_3, strict=True):
        text = " ".join(page.extract_text().split())
        assert f"Tavolo {t}" in text
        assert "Turno 3" in text
        assert f"Nord-Sud (NS) {NAMES[ns]}" in text
        assert f"Est-Ovest (EO) {NAMES[ew]}" in text
        assert _urls(t) in text
    # each page draws its own link's code: a line per run of dark modules of segno's drawing
    # (the rest of a card draws the same few lines whatever its link)
    drawn = [page.get_contents().get_data().count(b" l\n") - _runs_of_dark_modules(_urls(t))
             for page, (t, _, _) in zip(pages, SEATING_3, strict=True)]
    assert len(set(drawn)) == 1
    assert len({_runs_of_dark_modules(_urls(t)) for t, _, _ in SEATING_3}) > 1


def _runs_of_dark_modules(url: str) -> int:
    return len(re.findall(r"h\d", qrcodes.svg_inline(url, sized=False)))


def _qr_decoder() -> None:
    """Skip without a QR decoder on a developer's machine; fail in CI (``CI`` set), which
    must install it (``make system-deps-test``: poppler-utils, zbar-tools), as the
    browser tests fail there without Chromium."""
    if shutil.which("pdftoppm") and shutil.which("zbarimg"):
        return
    if os.environ.get("CI"):
        pytest.fail("no QR decoder (pdftoppm, zbarimg): CI must install poppler-utils and "
                    "zbar-tools")
    pytest.skip("no QR decoder on this machine (poppler-utils, zbar-tools)")


def test_a_missing_qr_decoder_fails_in_ci_and_is_skipped_elsewhere(monkeypatch):
    monkeypatch.setenv("PATH", "")
    monkeypatch.setenv("CI", "1")
    with pytest.raises(pytest.fail.Exception, match="CI must install"):
        _qr_decoder()
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        _qr_decoder()


def test_the_qr_code_of_a_card_decodes_to_its_link(ctx: Any, tmp_path: Path) -> None:
    _qr_decoder()
    (tmp_path / "cards.pdf").write_bytes(
        pdf.render_event_paper("cards", evening(2), "fr", table_url=_urls))
    subprocess.run(["pdftoppm", "-r", "150", "-png", "-f", "2", "-l", "2",
                    str(tmp_path / "cards.pdf"), str(tmp_path / "card")], check=True)
    image = next(tmp_path.glob("card*.png"))
    out = subprocess.run(["zbarimg", "-q", "--raw", str(image)], capture_output=True,
                         text=True, check=True).stdout
    assert out.strip() == _urls(2)


def test_cards_without_a_link_have_no_qr_code(ctx: Any) -> None:
    text = pdf_text(pdf.render_event_paper("cards", evening(2), "en"))
    assert "Table 1" in text
    assert "https://" not in text


# -- the score slips ---------------------------------------------------------------------

@pytest.mark.parametrize(("lang", "words"), [
    ("it", ("Tavolo", "Turno", "Smazzata", "EO", "Firma", "Match point (MP)",
            "Punti vittoria (PV)")),
    ("pt_BR", ("Mesa", "Turno", "Rodada", "LO", "Assinatura", "Pontos de partida (PP)",
               "Pontos de vitória (PV)")),
])
def test_a_score_slip_for_each_table(ctx: Any, lang: str, words: tuple[str, ...]) -> None:
    data = pdf.render_event_paper("slips", evening(2), lang)
    text = pdf_text(data)
    table_word, turn_word, deal_word, ew, signature, mp, vp = words
    for t, ns, ew_pair in SEATING_3:
        assert f"{table_word} {t} · {turn_word} 3" in text
        assert f"NS: {NAMES[ns]}" in text
        assert f"{ew}: {NAMES[ew_pair]}" in text
    assert text.count(f"{deal_word} NS:") == len(SEATING_3)
    assert text.count(f"{deal_word} NS: {NAMES[2]} {ew}: {NAMES[8]} 1 2 3 ") == 1
    assert text.count(mp) == text.count(vp) == len(SEATING_3)
    assert text.count(f"{signature} NS:") == text.count(f"{signature} {ew}:") == len(SEATING_3)
    runs = _runs(data)
    assert _header_clashes(runs, {deal_word, f"NS: {NAMES[2]}", f"{ew}: {NAMES[8]}"}) == []


def test_the_slips_of_a_turn_already_entered(ctx: Any) -> None:
    text = pdf_text(pdf.render_event_paper("slips", evening(2), "en", turn=1))
    assert "Table 3 · Turn 1" in text
    assert f"NS: {NAMES[3]}" in text
    assert f"EW: {NAMES[7]}" in text
    with pytest.raises(ValueError, match="2 turns entered"):
        pdf.render_event_paper("slips", evening(2), "en", turn=5)


# -- the federation's CSV and the event's document --------------------------------------------

def test_the_results_csv_a_line_per_turn_and_entrant() -> None:
    lines = list(csv.reader(io.StringIO(results_csv(evening(3)))))
    assert lines[0] == list(RESULT_COLUMNS) == [
        "turn", "table", "entrant_id", "entrant_name", "seat", "opponent", "mp", "vp"]
    expected = []
    for turn, tables in RESULTS.items():
        for t, ns, ew, mp_ns, mp_ew, vp_ns, vp_ew in tables:
            expected += [[turn, t, ns, NAMES[ns], "NS", NAMES[ew], mp_ns, vp_ns],
                         [turn, t, ew, NAMES[ew], "EW", NAMES[ns], mp_ew, vp_ew]]
    assert lines[1:] == [[str(cell) for cell in row] for row in expected]
    # every entrant's VP and MP add up to the final standings
    for _, pair, vp, mp in FINAL:
        mine = [row for row in lines[1:] if row[2] == str(pair)]
        assert (sum(int(r[7]) for r in mine), sum(int(r[6]) for r in mine)) == (vp, mp)


def test_a_bye_in_the_csv() -> None:
    """7 pairs, turn 1 entered: pair 4 sits out with the bye's 10 VP and no MP."""
    doc = evening(0, entrants=7)
    doc["turns"] = [{"tables": [table(1, 1, 5, (600, 300), (400, 450), (500, 200))]}]
    rows = result_rows(doc)
    assert rows[0] == [1, 1, 1, NAMES[1], "NS", NAMES[5], 1500, 15]
    assert [1, "", 4, NAMES[4], "bye", "", 0, 10] in rows
    assert len(rows) == 2 + 5  # the table's two pairs, the five not seated


def test_a_typed_name_never_runs_as_a_formula() -> None:
    doc = evening(2)
    doc["entrants"][0]["name"] = "=HYPERLINK(\"x\")"
    assert result_rows(doc)[0][3] == "'=HYPERLINK(\"x\")"


def test_the_event_document_round_trips() -> None:
    doc = evening(3)
    text = event_file(doc)
    assert json.loads(text) == doc
    assert event_document(json.loads(text)) == event_document(doc)


# -- the command line ------------------------------------------------------------------------

def test_the_command_line_prints_the_standings_and_the_csv(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "evening.json"
    source.write_text(json.dumps(evening(3), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "standings.pdf"
    assert main(["event", "--print", "standings", "--lang", "it", "--paper", "Letter",
                 str(source), "-o", str(out)]) == 0
    text = pdf_text(out.read_bytes())
    assert "CLASSIFICA FINALE" in text
    assert _row("it", 1, NAMES[8], 40, 3850) in text
    width = float(read_pdf(out.read_bytes()).pages[0].mediabox.width)
    assert round(width) == 612  # Letter: 8.5 in
    sheet = tmp_path / "results.csv"
    assert main(["event", "--csv", str(source), "-o", str(sheet)]) == 0
    assert sheet.read_text(encoding="utf-8") == results_csv(evening(3))
    assert capsys.readouterr().out == ""
    # the JSON answer stays the default, unchanged
    assert main(["event", str(source)]) == 0
    assert json.loads(capsys.readouterr().out) == event_document(evening(3))


def test_the_command_line_cards_need_a_link_with_the_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "evening.json"
    source.write_text(json.dumps(evening(2), ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "cards.pdf"
    assert main(["event", "--print", "cards", "--table-url", "https://club.example/t",
                 str(source), "-o", str(out)]) == 2
    assert "{table}" in capsys.readouterr().err
    assert main(["event", "--print", "cards", "--table-url", URL, str(source),
                 "-o", str(out)]) == 0
    assert _urls(4) in pdf_text(out.read_bytes())
    assert main(["event", "--print", "slips", "--csv", str(source)]) == 2


def test_the_command_line_writes_the_players_file_with_their_member_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The evening of 3 turns: each pair's two players on two lines, ranked as the
    standings rank the pair (Rossi – Bianchi and Mancini – Costa share the first place
    with 40 VP and 3,850 MP, listed by id), member numbers where the document gives
    them; players of another shape unreadable, naming them."""
    doc = evening(3)
    leader = NAMES[8]
    doc["entrants"] = [{**e, "players": [{"name": "Uno", "member": "IT12345"},
                                         {"name": "Due"}]} if e["name"] == leader else e
                       for e in doc["entrants"]]
    source = tmp_path / "evening.json"
    source.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    sheet = tmp_path / "players.csv"
    assert main(["event", "--players", str(source), "-o", str(sheet)]) == 0
    rows = list(csv.reader(io.StringIO(sheet.read_text(encoding="utf-8"))))
    assert rows[0] == ["rank", "member", "player", "entrant_id", "entrant_name", "vp", "mp",
                       "withdrawn_from"]
    assert [r[:3] for r in rows[1:6]] == [["1", "", "Rossi"], ["1", "", "Bianchi"],
                                          ["1", "IT12345", "Uno"], ["1", "", "Due"],
                                          ["3", "", "Verdi"]]
    assert rows[3][3:7] == ["8", leader, "40", "3850"]
    assert len(rows) == 1 + 2 * len(doc["entrants"])
    doc["entrants"][0]["players"] = [{"name": "A"}, {"name": "B"}, {"name": "C"}]
    source.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
    assert main(["event", "--players", str(source), "-o", str(sheet)]) == 2
    assert "entrants[0].players" in capsys.readouterr().err
