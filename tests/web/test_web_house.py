"""House rules on the phone (web/house.py): made from a built-in profile, what they
change and a deal scored both ways, a match played by them, kept as it was started.

Buraco Aberto, seed 001 §07: joker 20, 2 = 10, A 15, 8–K 10, 3–7 5; a clean canastra
200, a dirty one 100, going out 100, morto not taken −100. The family's rules: the joker
at 50, the target at 5000, going out at 200."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader
from web_support import hidden_fields

from scorekeeper.db import get_db
from scorekeeper.models import HouseRules, Match

FAMILY = {"name": "Casa da vó", "joker": "50", "target": "5000", "going_out": "200"}


def _form(client, url: str) -> dict[str, str]:
    """Every field of the house rules form as the page fills it."""
    page = client.get(url).get_data(as_text=True)
    fields = dict(re.findall(r'<input [^>]*?name="([^"]+)"[^>]*? value="([^"]*)"', page))
    fields.update(hidden_fields(page))
    fields.pop("semi_clean", None)  # a box, unticked
    return fields


def _rows(html: str, caption: str) -> list[tuple[str, ...]]:
    part = html.split(f"<caption>{caption}</caption>")[1].split("</table>")[0]
    body = part.split("<tbody>")[1]
    return [tuple(re.sub(r"<[^>]+>", "", cell).strip()
                  for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S))
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)]


def _make(client) -> str:
    fields = {**_form(client, "/rules/house/new?base=buraco-aberto"), **FAMILY, "action": "save"}
    saved = client.post("/rules/house/new?base=buraco-aberto", data=fields)
    assert saved.status_code == 302, saved.get_data(as_text=True)[-2000:]
    return saved.headers["Location"].rsplit("/h/", 1)[1]


def test_house_rules_start_from_a_profile_and_show_what_they_change(client):
    start = client.get("/rules/house/new").get_data(as_text=True)
    assert start.count('href="/rules/house/new?base=') == 4
    fields = _form(client, "/rules/house/new?base=buraco-aberto")
    assert (fields["joker"], fields["target"], fields["going_out"], fields["morto_penalty"]) == (
        "20", "3000", "100", "100")
    preview = client.post("/rules/house/new?base=buraco-aberto",
                          data={**fields, **FAMILY, "action": "preview"})
    assert preview.status_code == 200
    html = preview.get_data(as_text=True)
    assert _rows(html, "What changes") == [("Target", "3,000", "5,000"), ("Joker", "20", "50"),
                                           ("Going out", "100", "200")]
    # side 1: 5♥ 6♥ 7♥ JK 9♥ 10♥ J♥ is 15 + 20 + 30 = 65 (95 with the joker at 50), a dirty
    # canastra 100; 8♠…K♠ A♠ is 60 + 15 = 75, a clean one 200; going out 100 (200):
    # 540 and 670. Side 2: 3♣–6♣ is 20; JK K♦ 2♠ in hand −40 (−70); morto −100: −120, −150.
    assert _rows(html, "A deal scored both ways") == [("Side 1", "+540", "+670"),
                                                      ("Side 2", "−120", "−150")]
    with client.application.app_context(), get_db().read_sessions() as db:
        assert db.query(HouseRules).count() == 0  # a preview saves nothing


def test_rules_that_cannot_be_played_are_refused_at_their_field(client):
    fields = _form(client, "/rules/house/new?base=buraco-aberto")
    refused = client.post("/rules/house/new?base=buraco-aberto",
                          data={**fields, "name": "Vó", "bonus_clean_1000": "400",
                                "action": "save"})
    assert refused.status_code == 422
    html = refused.get_data(as_text=True)
    field = html.split('id="bonus_clean_1000"')[1].split("</div>")[0]
    assert ("These rules cannot be played: a bonus is below that of a lesser meld: clean "
            "canastra of 1000 400, clean canastra of 500 500") in field
    target = client.post("/rules/house/new?base=buraco-aberto",
                         data={**fields, "name": "Vó", "target": "50", "action": "save"})
    assert target.status_code == 422
    assert "Number must be between 100 and 100,000." in target.get_data(as_text=True)


def test_a_match_by_house_rules_keeps_the_rules_it_was_started_with(client, site, app):
    token = _make(client)
    page = client.get(f"/h/{token}").get_data(as_text=True)
    assert "House rules based on Buraco Aberto (Brazilian, open) · version 1" in page
    assert _rows(page, "What changes")[1] == ("Joker", "20", "50")
    # a new match with them: the rules' own choice, their target
    form = client.get(f"/matches/new?house={token}").get_data(as_text=True)
    assert f'<option selected value="house:{token}">Casa da vó · 5,000</option>' in form
    match = site.new_match(profile=f"house:{token}")
    board = site.board(match)
    assert "Casa da vó, version 1 (Buraco Aberto (Brazilian, open))" in board
    assert "target 5,000" in board
    # 180 + a clean canastra 200 + going out 200 − 15 = 565; 60 − 30 = 30
    deal = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15},
            {"mode": "counts", "table_points": 60, "hand_points": 30}]
    assert site.save_deal(match, deal, went_out="0").status_code == 302
    assert '<output class="big num" id="total-0">565</output>' in site.board(match)
    # the rules change: the match keeps the ones it was started with
    fields = {**_form(client, f"/h/{token}/edit"), "going_out": "300", "action": "save"}
    assert client.post(f"/h/{token}/edit", data=fields).status_code == 302
    assert "version 2" in client.get(f"/h/{token}").get_data(as_text=True)
    board = site.board(match)
    assert "Casa da vó, version 1" in board
    assert '<output class="big num" id="total-0">565</output>' in board
    with app.app_context(), get_db().read_sessions() as db:
        kept = db.query(Match).filter_by(edit_token=match).one()
        assert kept.rules["version"] == 1
        assert kept.rules["document"]["params"]["going_out"] == {"bonus": 200}
        assert kept.profile == "buraco-aberto"
        assert kept.deals[0].data["profile"] == "house-casa-da-vo"
    # a match started now plays by version 2
    second = site.new_match(profile=f"house:{token}")
    assert site.save_deal(second, deal, went_out="0").status_code == 302
    assert '<output class="big num" id="total-0">665</output>' in site.board(second)


def test_the_house_rules_sheet_and_summary_show_their_numbers(client, site):
    token = _make(client)
    sheet = client.get(f"/h/{token}/sheet.pdf")
    assert sheet.headers["Content-Type"] == "application/pdf"
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(sheet.data)).pages)
    assert "Casa da vó (Buraco Aberto): blank scoresheet" in text
    assert "Target: 5,000" in text
    assert "Joker: 50" in text
    assert "+200" in text  # going out
    match = site.new_match(profile=f"house:{token}")
    deal = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15},
            {"mode": "counts", "table_points": 60, "hand_points": 30}]
    site.save_deal(match, deal, went_out="0")
    summary = client.get(f"/m/{match}/summary.pdf")
    text = " ".join(p.extract_text() for p in PdfReader(io.BytesIO(summary.data)).pages)
    assert "Casa da vó (Buraco Aberto)" in text
    assert "Joker: 50" in text
    assert "565" in text


def test_the_phone_scores_waiting_deals_by_the_matchs_house_rules(client, site):
    """Offline, the phone's referee (scorekeeper/phone.py, the same Python on Pyodide)
    scores the deals waiting in its outbox against the match document it keeps, which
    carries the house rules."""
    from scorekeeper import phone

    match = site.new_match(profile=f"house:{_make(client)}")
    kept = client.get(f"/m/{match}/match.json").get_json()
    assert kept["match"]["profile"]["params"]["going_out"] == {"bonus": 200}
    waiting = [["sides-0-mode", "counts"], ["sides-0-table_points", "180"],
               ["sides-0-clean", "1"], ["sides-0-hand_points", "15"], ["sides-0-morto", "taken"],
               ["sides-1-mode", "counts"], ["sides-1-table_points", "60"],
               ["sides-1-hand_points", "30"], ["sides-1-morto", "taken"], ["went_out", "0"]]
    scored = phone.pending({"match": kept["match"], "pending": [waiting]})
    assert (scored["profile"], scored["totals"]) == ("house-casa-da-vo", [565, 30])


def test_the_rules_page_shows_house_rules_next_to_their_base(client):
    token = _make(client)
    house = client.get(f"/h/{token}").get_data(as_text=True)
    link = f"/rules?profile=house:{token}&amp;compare=buraco-aberto"
    assert link in house
    page = client.get(link.replace("&amp;", "&")).get_data(as_text=True)
    assert "<title>Rules · Scorekeeper</title>" in page
    assert "Rules: Casa da vó" in page
    # the three rules they change are marked, said in sentences next to the base's
    marked = re.findall(r'<li class="rule differs"', page)
    assert len(marked) == 3, len(marked)
    assert "these house rules: a family&#39;s own numbers" in page
    # on the phone that opened them, the rules page offers them among the others
    assert f'href="/rules?profile=house:{token}' in client.get("/rules").get_data(as_text=True)


def test_the_referee_pages_judge_by_house_rules(client):
    """The meld checker offers the phone's house rules: a dirty canastra with a joker
    worth 50 is 3 4 (5+5) + 50 + 6 7 8 9 (5+5+10+10) = 90, not 60."""
    token = _make(client)
    melds = "3H+4H+JK+6H+7H+8H+9H"
    form = client.get("/check").get_data(as_text=True)
    assert f'<option value="house:{token}">Casa da vó</option>' in form
    ours = client.get(f"/check?profile=house:{token}&melds={melds}").get_data(as_text=True)
    plain = client.get(f"/check?profile=buraco-aberto&melds={melds}").get_data(as_text=True)
    assert re.search(r"\b90\b", ours)
    assert not re.search(r"\b90\b", plain)
    assert re.search(r"\b60\b", plain)


def test_a_house_match_of_a_table_travels_with_its_rules(client, site, app, template_db,
                                                         tmp_path):
    """House rules made from a table are kept with it and offered for its matches; an
    export carries each match's copy of its rules, and another server scores the
    match by them (565, not Buraco Aberto's 465)."""
    import json
    import shutil

    from test_web_tables import _player_ids, _table
    from werkzeug.datastructures import MultiDict

    from scorekeeper.app import create_app

    table = _table(client)
    fields = {**_form(client, f"/rules/house/new?base=buraco-aberto&table={table}"), **FAMILY,
              "action": "save"}
    house = client.post("/rules/house/new?base=buraco-aberto", data=fields)
    token = house.headers["Location"].rsplit("/h/", 1)[1]
    assert f'href="/h/{token}"' in client.get(f"/t/{table}").get_data(as_text=True)
    ids = _player_ids(app, table)
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    assert f'value="house:{token}"' in page
    data = MultiDict([*hidden_fields(page).items(), ("profile", f"house:{token}"),
                      ("sides-0-seats", str(ids["Ana"])), ("sides-0-seats", str(ids["Bia"])),
                      ("sides-1-seats", str(ids["Caio"])), ("sides-1-seats", str(ids["Dani"]))])
    match = client.post("/matches/new", data=data).headers["Location"].rsplit("/m/", 1)[1]
    deal = [{"mode": "counts", "table_points": 180, "clean": 1, "hand_points": 15},
            {"mode": "counts", "table_points": 60, "hand_points": 30}]
    assert site.save_deal(match, deal, went_out="0").status_code == 302
    exported = client.get(f"/t/{table}/export.json")
    doc = json.loads(exported.get_data(as_text=True))
    assert doc["matches"][0]["totals"] == [565, 30]
    assert doc["matches"][0]["rules"]["document"]["params"]["going_out"] == {"bonus": 200}
    other_db = tmp_path / "other.sqlite3"
    shutil.copyfile(template_db, other_db)
    other = create_app({"TESTING": True, "SECRET_KEY": "other",
                        "DATABASE_URL": f"sqlite:///{other_db}"}).test_client()
    form = hidden_fields(other.get("/tables/import").get_data(as_text=True))
    answer = other.post("/tables/import", data={
        **form, "file": (io.BytesIO(exported.data), "t.json")},
        content_type="multipart/form-data")
    assert answer.status_code == 302, answer.get_data(as_text=True)[-1500:]
    copy = answer.headers["Location"].rsplit("/t/", 1)[1]
    again = json.loads(other.get(f"/t/{copy}/export.json").get_data(as_text=True))
    assert again["matches"][0]["totals"] == [565, 30]
    assert again["matches"][0]["rules"]["document"] == doc["matches"][0]["rules"]["document"]
    # the table's house rules travel too: on the new table's page, ready for a new match
    assert [(h["name"], h["version"]) for h in doc["house_rules"]] == [("Casa da vó", 1)]
    assert again["house_rules"] == doc["house_rules"]
    kept = re.search(r'href="/h/([^"]+)"', other.get(f"/t/{copy}").get_data(as_text=True))
    assert kept is not None
    assert "Casa da vó" in other.get(f"/h/{kept.group(1)}").get_data(as_text=True)
    broken = {**doc, "house_rules": [{**doc["house_rules"][0], "document": {
        **doc["house_rules"][0]["document"], "params": {"target": -5}}}]}
    refused = other.post("/tables/import", data={
        **form, "file": (io.BytesIO(json.dumps(broken).encode()), "t.json")},
        content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "target" in refused.get_data(as_text=True)
    # a file whose match lost its rules: its deals name rules the file no longer holds
    lost = {**doc, "matches": [{**doc["matches"][0], "rules": None}]}
    refused = other.post("/tables/import", data={
        **form, "file": (io.BytesIO(json.dumps(lost).encode()), "t.json")},
        content_type="multipart/form-data")
    assert refused.status_code == 422
    assert "Unknown rule profile “house-casa-da-vo”" in refused.get_data(as_text=True)
