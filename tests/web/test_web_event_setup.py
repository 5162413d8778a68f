"""What the director sets up of an evening (web/evening/setup.py): its turns and their
movements changed on their own page (a Danese in groups, as the federation's exam's "3
Danese in groups"), the standings shown per group while the turn seated plays in groups,
each group's lines ranked among themselves; the entrants filled in from a table's
players, to check and save."""

from __future__ import annotations

import json
import re
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, new_event, post, seat_turn, table_rows
from support import post_deal
from web_support import hidden_fields

EIGHT = "Uno\nDue\nTre\nQuattro\nCinque\nSei\nSette\nOtto\n"


def _plan(client: Any, event: str, **fields: str) -> Any:
    data = {**hidden_fields(client.get(f"{event}/plan").get_data(as_text=True)), **fields}
    return client.post(f"{event}/plan", data=data)


def _saved_plan(client: Any, event: str) -> list[dict[str, Any]]:
    return list(json.loads(client.get(f"{event}/event.json").data)["plan"])


def test_the_exam_plan_six_mitchell_two_danese_three_danese_in_groups(client):
    event = new_event(client)  # 5 turns of 2 deals, Mitchell every turn
    assert 'href="' + event + '/plan"' in client.get(event).get_data(as_text=True)
    lines = {f"plan-{i}-movement": "mitchell" for i in range(5)}
    assert _plan(client, event, turns="11", **lines).status_code == 302
    assert _saved_plan(client, event) == [{"movement": "mitchell", "shift": 1}] * 11
    page = client.get(f"{event}/plan").get_data(as_text=True)
    assert page.count("<legend>Turn ") == 11
    lines = {**{f"plan-{i}-movement": "mitchell" for i in range(6)},
             **{f"plan-{i}-movement": "danese" for i in range(6, 11)},
             **{f"plan-{i}-groups": "2" for i in range(8, 11)}, "plan-6-groups": "1"}
    assert _plan(client, event, turns="11", **lines).status_code == 302
    assert _saved_plan(client, event) == [{"movement": "mitchell", "shift": 1}] * 6 + \
        [{"movement": "danese"}] * 2 + [{"movement": "danese", "groups": 2}] * 3


def test_groups_of_fewer_than_two_and_seated_turns_are_refused(client):
    event = new_event(client)
    assert post(client, event, f"{event}/entrants", lines="Uno\nDue\nTre\nQuattro").status_code \
        == 302
    response = _plan(client, event, turns="2", **{"plan-0-movement": "mitchell",
                                                  "plan-1-movement": "danese-modified",
                                                  "plan-1-groups": "3"})
    assert response.status_code == 422
    assert "Each group needs at least two entrants." in response.get_data(as_text=True)
    seat_turn(client, event)
    response = _plan(client, event, turns="0")
    assert response.status_code == 422
    # one turn seated: the form shows the four turns after it, and keeps the first
    assert _plan(client, event, turns="3", **{f"plan-{i}-movement": "round-robin"
                                             for i in range(4)}).status_code == 302
    assert _saved_plan(client, event) == [{"movement": "mitchell", "shift": 1},
                                          {"movement": "round-robin"},
                                          {"movement": "round-robin"}]


def test_the_standings_per_group_while_a_danese_in_groups_plays(client):
    event = new_event(client)
    assert post(client, event, f"{event}/entrants", lines=EIGHT).status_code == 302
    assert _plan(client, event, turns="2", **{"plan-0-movement": "mitchell",
                                              "plan-1-movement": "danese",
                                              "plan-1-groups": "2"}).status_code == 302
    seat_turn(client, event)
    # Mitchell on 8 pairs: table i is pair i against pair 4 + i
    for table, deals in ((1, (DEAL_A, DEAL_A)), (2, (DEAL_B, DEAL_C)), (3, (DEAL_C, DEAL_C)),
                         (4, (DEAL_A, DEAL_C))):
        for deal in deals:
            out = {id(DEAL_A): "0", id(DEAL_B): "1", id(DEAL_C): ""}[id(deal)]
            url = f"{event}/turns/1/tables/{table}/deals/new"
            assert post_deal(client, url, deal, out).status_code == 302
    # 1: 1,200–220, 980 apart: 19–1; 2: 375–650, 275 apart: 7–13; 3: 200–200: 10–10;
    # 4: 700–210, 490 apart: 15–5. After turn 1: Uno 19, Quattro 15, Sei 13, Tre and
    # Sette 10 and 200 each (Tre first, by id), Due 7, Otto 5, Cinque 1: two groups of 4
    seat_turn(client, event)
    page = client.get(event).get_data(as_text=True)
    assert table_rows(page, "Turn 2") == [
        ["1", "Uno", "Quattro", "Not started"], ["2", "Sei", "Tre", "Not started"],
        ["3", "Sette", "Due", "Not started"], ["4", "Otto", "Cinque", "Not started"]]
    assert table_rows(page, "Standings · Group 1") == [
        ["1", "Uno", "19", "1,200"], ["2", "Quattro", "15", "700"],
        ["3", "Sei", "13", "650"], ["4", "Tre", "10", "200"]]
    assert table_rows(page, "Standings · Group 2") == [
        ["1", "Sette", "10", "200"], ["2", "Due", "7", "375"],
        ["3", "Otto", "5", "210"], ["4", "Cinque", "1", "220"]]
    room = re.search(r'href="(/e/v/[^"/]+)"', page).group(1)
    assert table_rows(client.get(room).get_data(as_text=True), "Standings · Group 2")[0] == \
        ["1", "Sette", "10", "200"]
    # the big screen: the standings after turn 1, per group, while turn 2 plays
    tv = client.get(f"{room}/tv").get_data(as_text=True)
    assert [row[1] for row in table_rows(tv, "Standings after turn 1 · Group 1")] == \
        ["Uno", "Quattro", "Sei", "Tre"]
    assert table_rows(tv, "Standings after turn 1 · Group 2")[0] == ["1", "Sette", "10", "200"]


def _table(client: Any, players: str) -> None:
    from web_support import hidden_fields as fields

    data = {**fields(client.get("/tables/new").get_data(as_text=True)), "players": players}
    response = client.post("/tables/new", data=data)
    assert response.status_code == 302
    client.get(response.headers["Location"])  # this browser keeps the table


def test_a_tables_players_fill_the_list_of_pairs_to_check_and_save(client):
    _table(client, "Ana\nBia\nCarla\nDora\nElisa")
    event = new_event(client)
    page = client.get(event).get_data(as_text=True)
    assert re.findall(r'<option value="(\d+)">([^<]+)</option>', page.split('id="table"')[1]
                      .split("</select>")[0]) == [("0", "Ana · Bia · Carla · Dora · Elisa")]
    page = client.get(f"{event}?table=0").get_data(as_text=True)
    listed = re.search(r'<textarea[^>]*name="lines"[^>]*>\s*([^<]*)</textarea>', page).group(1)
    # two to a pair in the table's order, the odd last one alone, to be checked
    assert listed.splitlines() == ["Ana – Bia", "Carla – Dora", "Elisa"]
    assert client.get(f"{event}?table=7").status_code == 200  # no such place: the list as is
    assert post(client, f"{event}?table=0", f"{event}/entrants",
                lines="Ana – Bia\nCarla – Dora\nElisa – Fabia").status_code == 302
    assert [e["name"] for e in json.loads(client.get(f"{event}/event.json").data)[
        "entrants"]] == ["Ana – Bia", "Carla – Dora", "Elisa – Fabia"]


def test_an_individual_evening_takes_a_tables_players_one_a_line(client):
    _table(client, "Uno\nDue\nTre\nQuattro\nCinque\nSei\nSette\nOtto")
    event = new_event(client, kind="individual", movement="individual-8", format="7x2")
    page = client.get(f"{event}?table=0").get_data(as_text=True)
    listed = re.search(r'<textarea[^>]*name="lines"[^>]*>\s*([^<]*)</textarea>', page).group(1)
    assert listed.splitlines() == EIGHT.splitlines()


def _house(client: Any) -> str:
    """House rules over Burraco: a clean burraco worth 300 (the game's is 200)."""
    url = "/rules/house/new?base=burraco"
    page = client.get(url).get_data(as_text=True)
    data = dict(re.findall(r'<input [^>]*?name="([^"]+)"[^>]*? value="([^"]*)"', page))
    data.update(hidden_fields(page))
    data.pop("semi_clean", None)
    data.update(name="Da Nonna", bonus_clean="300", action="save")
    response = client.post(url, data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return str(response.headers["Location"]).rsplit("/h/", 1)[1]


def test_an_evening_played_by_house_rules(client):
    token = _house(client)
    page = client.get("/events/new").get_data(as_text=True)
    assert f'<option value="house:{token}">Da Nonna</option>' in page
    event = new_event(client, profile=f"house:{token}")
    assert post(client, event, f"{event}/entrants", lines="Uno\nDue\nTre\nQuattro") \
        .status_code == 302
    seat_turn(client, event)
    table = f"{event}/turns/1/tables/1"
    for _ in range(2):
        assert post_deal(client, f"{table}/deals/new", DEAL_A, "0").status_code == 302
    page = client.get(event).get_data(as_text=True)
    assert re.search(r'<p class="muted">[^<]* · Da Nonna · 5 turns of 2 deals</p>', page)
    # 300 on the table + a clean burraco 300 + closing 100 = 700, twice: 1,400 against
    # 110 + 110 = 220: 1,180 apart, over 1,000 with 2 deals is 20–0
    assert table_rows(page, "Turn 1")[0] == ["1", "Uno", "Tre", "1,400–220", "20–0"]
    room = re.search(r'href="(/e/v/[^"/]+)"', page).group(1)
    for url in (table, f"{event}/turns/1/tables/2/deals/new", room, f"{room}/tv",
                f"{room}/find?who=1", f"{event}/results.csv", f"{event}/plan"):
        assert client.get(url).status_code == 200, url
    document = json.loads(client.get(f"{event}/event.json").data)
    assert document["profile"]["name"] == "Da Nonna"
    assert document["profile"]["params"]["bonuses"]["clean"] == 300


def test_a_new_evening_plays_its_danese_in_the_groups_its_form_says(client):
    """The new evening's form sets the groups of its Danese turns, as the plan's page sets
    them turn by turn later; a movement with no Danese is refused any."""
    event = new_event(client, format="4x3", movement="mitchell-danese", groups="2")
    assert _saved_plan(client, event) == [{"movement": "mitchell", "shift": 1}] * 3 + \
        [{"movement": "danese-modified", "groups": 2}]
    # the plan's page shows them, on the last turn only
    page = client.get(f"{event}/plan").get_data(as_text=True)
    assert re.findall(r'name="plan-(\d)-groups"[^>]*value="(\d*)"', page) == [
        ("0", ""), ("1", ""), ("2", ""), ("3", "2")]
    every = new_event(client, format="3x4", movement="danese", groups="3")
    assert _saved_plan(client, every) == [{"movement": "danese-modified", "groups": 3}] * 3
    # one group is no group: the plan says none
    one = new_event(client, movement="mitchell-danese", groups="1")
    assert _saved_plan(client, one)[-1] == {"movement": "danese-modified"}
    fields = {"name": "Venerdì", "day": "2026-12-04", "profile": "burraco", "kind": "pairs",
              "format": "5x2", "bye_vp": "10",
              **hidden_fields(client.get("/events/new").get_data(as_text=True))}
    for movement, groups, said in (
            ("mitchell", "2", "Only a Danese plays in groups: choose a movement with a "
                              "Danese, or leave the groups empty."),
            ("round-robin", "4", "Only a Danese plays in groups"),
            ("mitchell-danese", "13", "Number must be between 1 and 12."),
            ("mitchell-danese", "0", "Number must be between 1 and 12.")):
        response = client.post("/events/new", data={**fields, "movement": movement,
                                                     "groups": groups})
        assert response.status_code == 422, (movement, groups)
        assert said in response.get_data(as_text=True), (movement, groups)


def test_the_director_is_told_before_seating_a_danese_whose_groups_cannot_be_filled(client):
    """Groups set before the entrants were known: three pairs in two groups would leave a
    group of one, who only sits out; the director's page says so before the turn is
    seated, and no more once a fourth pair comes."""
    said = "Each group needs at least two entrants."
    event = new_event(client, format="3x4", movement="danese", groups="2")
    assert post(client, event, f"{event}/entrants", lines="Uno\nDue\nTre").status_code == 302
    page = client.get(event).get_data(as_text=True)
    assert said in page
    assert re.search(rf'{said}\s*<a href="{event}/plan">Turns and movements</a>', page)
    assert post(client, event, f"{event}/entrants",
                lines="Uno\nDue\nTre\nQuattro").status_code == 302
    assert said not in client.get(event).get_data(as_text=True)
