"""A pair withdrawn from a club's evening by its director (docs/contract.md, "Withdrawal"):
from the turn in play while its table still plays there (that table its side's forfeit),
else from the next turn; seated nowhere after, the pair it would have met given the bye,
kept in the standings, marked, on every page that lists them; undone before a turn is
seated without it. Every number below is worked out by hand from the deals of
``evening_pages`` (Italian Burraco by counts, the F.I.Bur. scale of 2 deals a turn):
DEAL_A 600 – 110, DEAL_B 275 – 550, DEAL_C 100 – 100."""

from __future__ import annotations

import re
from typing import Any

from evening_pages import DEAL_A, DEAL_B, DEAL_C, PAIRS, new_event, post, seat_turn, table_rows
from support import post_deal
from web_support import hidden_fields

#: Eight pairs, in the order the Mitchell seats them: 1–4 North-South at tables 1–4 for
#: good, 5–8 East-West starting at tables 1–4 and moving one table up each turn.
EIGHT = "\n".join(["Rossi – Bianchi", "Verdi – Neri", "Gialli – Bruni", "Marroni – Rosa",
                   "Neri – Bassi", "Conti – Galli", "Fabbri – Leone", "Sala – Longo"])
NAMES = dict(enumerate(EIGHT.split("\n"), start=1))


def _evening(client: Any, lines: str = EIGHT, **fields: str) -> str:
    event = new_event(client, **fields)
    assert post(client, event, f"{event}/entrants", lines=lines).status_code == 302
    seat_turn(client, event)
    return event


def _play(client: Any, event: str, turn: int, table: int, *deals: tuple[Any, str]) -> None:
    for deal, out in deals:
        url = f"{event}/turns/{turn}/tables/{table}/deals/new"
        assert post_deal(client, url, deal, out).status_code == 302


def _withdraw(client: Any, event: str, who: int, **fields: str) -> Any:
    return post(client, f"{event}/withdraw?who={who}", f"{event}/withdraw", **fields)


def _page(client: Any, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, url
    return str(response.get_data(as_text=True))


def test_a_pair_withdrawn_after_turn_1_of_a_mitchell_is_seated_nowhere_after(client):
    """Verdi – Neri (pair 2) leave after turn 1: at turn 2 table 2, where pair 5 would have
    met them, is not played, and pair 5 sits out with the bye's 12 VP."""
    event = _evening(client, bye_vp="12")
    # turn 1: 1 v 5 AA 1200–220 (980: 19–1); 2 v 6 BC 375–650 (275: 7–13);
    # 3 v 7 CC 200–200 (10–10); 4 v 8 AC 700–210 (490: 15–5)
    for table, deals in ((1, "AA"), (2, "BC"), (3, "CC"), (4, "AC")):
        _play(client, event, 1, table, *[{"A": (DEAL_A, "0"), "B": (DEAL_B, "1"),
                                          "C": (DEAL_C, "")}[d] for d in deals])
    director = _page(client, event)
    assert re.search(r'<option value="2">Verdi – Neri · from turn 2</option>', director)
    confirm = _page(client, f"{event}/withdraw?who=2")
    assert "This pair leaves the evening from turn 2: Verdi – Neri." in confirm
    assert "A pair left without opponents sits out the turn, with 12 VP." in confirm
    assert "becomes a forfeit" not in confirm
    assert _withdraw(client, event, 2, why="a family emergency").status_code == 302
    director = _page(client, event)
    assert "Withdrawn pairs:" in director
    assert "Verdi – Neri (from turn 2)" in director
    assert '<option value="2">' not in director
    seat_turn(client, event)
    director = _page(client, event)
    # turn 2: 8 to table 1, 5 to table 2 (Verdi – Neri's: not played), 6 to 3, 7 to 4
    assert [r[:3] for r in table_rows(director, "Turn 2")] == [
        ["1", "Rossi – Bianchi", "Sala – Longo"], ["3", "Gialli – Bruni", "Conti – Galli"],
        ["4", "Marroni – Rosa", "Fabbri – Leone"]]
    assert "Sitting out this turn: Neri – Bassi</p>" in director
    # turn 2: 1 v 8 CC 200–200 (10–10); 3 v 6 AC 700–210 (15–5); 4 v 7 BB 550–1100 (16–4)
    _play(client, event, 2, 1, (DEAL_C, ""), (DEAL_C, ""))
    _play(client, event, 2, 3, (DEAL_A, "0"), (DEAL_C, ""))
    _play(client, event, 2, 4, (DEAL_B, "1"), (DEAL_B, "1"))
    # pair 5: 1 + the bye's 12 = 13; pair 2 keeps turn 1's 7 VP and 375 MP, marked
    assert table_rows(_page(client, event), "Standings") == [
        ["1", "Rossi – Bianchi", "29", "1,400"], ["2", "Fabbri – Leone", "26", "1,300"],
        ["3", "Gialli – Bruni", "25", "900"], ["4", "Marroni – Rosa", "19", "1,250"],
        ["5", "Conti – Galli", "18", "860"], ["6", "Sala – Longo", "15", "410"],
        ["7", "Neri – Bassi", "13", "220"], ["8", "Verdi – Neri (withdrawn)", "7", "375"]]
    # turn 3 leaves their seat empty again: 5 to table 3 meets Gialli – Bruni, and the
    # pair that comes to table 2 (Sala – Longo) sits out
    following = _page(client, event)
    assert "Seat turn 3" in following
    seat_turn(client, event)
    assert "Sitting out this turn: Sala – Longo</p>" in _page(client, event)


def test_withdrawn_from_the_turn_in_play_its_table_is_a_forfeit(client):
    """With 4 pairs, Rossi – Bianchi leave at table 1 of turn 1 after one deal: their
    side's forfeit, 6 VP to them and 14 to Gialli – Bruni (2 deals a turn), no MP."""
    event = _evening(client, lines=PAIRS)
    _play(client, event, 1, 1, (DEAL_A, "0"))
    confirm = _page(client, f"{event}/withdraw?who=1")
    assert "This pair leaves the evening from turn 1: Rossi – Bianchi." in confirm
    assert ("Table 1, still playing this turn, becomes a forfeit of its side: 14 VP to the "
            "other side, 6 to its side.") in confirm
    assert _withdraw(client, event, 1).status_code == 302
    director = _page(client, event)
    assert table_rows(director, "Turn 1")[0] == [
        "1", "Rossi – Bianchi", "Gialli – Bruni", "Forfeit: 6–14"]
    _play(client, event, 1, 2, (DEAL_C, ""), (DEAL_C, ""))
    assert table_rows(_page(client, event), "Standings") == [
        ["1", "Gialli – Bruni", "14", "0"], ["2", "Verdi – Neri", "10", "200"],
        ["2", "Marroni – Rosa", "10", "200"], ["4", "Rossi – Bianchi (withdrawn)", "6", "0"]]
    # the table's history says why its result changed
    history = _page(client, f"{event}/turns/1/tables/1")
    assert "Withdrawn from the evening: the table is a forfeit" in history
    # turn 2: Rossi – Bianchi's seat at table 1 is empty, Marroni – Rosa (who would have
    # come to it) sit out
    seat_turn(client, event)
    director = _page(client, event)
    assert [r[:3] for r in table_rows(director, "Turn 2")] == [
        ["2", "Verdi – Neri", "Gialli – Bruni"]]
    assert "Sitting out this turn: Marroni – Rosa</p>" in director


def test_with_4_deals_a_turn_the_forfeit_is_12_to_8(client):
    event = _evening(client, lines=PAIRS, format="3x4")
    _play(client, event, 1, 2, (DEAL_C, ""))
    assert "12 VP to the other side, 8 to its side." in _page(client, f"{event}/withdraw?who=4")
    assert _withdraw(client, event, 4).status_code == 302
    assert table_rows(_page(client, event), "Turn 1")[1] == [
        "2", "Verdi – Neri", "Marroni – Rosa", "Forfeit: 12–8"]


def test_a_withdrawal_is_undone_until_a_turn_is_seated_without_it(client):
    event = _evening(client, lines=PAIRS)
    _play(client, event, 1, 1, (DEAL_A, "0"))
    assert _withdraw(client, event, 3).status_code == 302  # Gialli – Bruni, table 1
    back = _page(client, f"{event}/withdraw?who=3")
    assert "This pair plays again from turn 1: Gialli – Bruni." in back
    assert "Table 1 is no longer a forfeit: its deals count again." in back
    response = post(client, f"{event}/withdraw?who=3", f"{event}/return")
    assert response.status_code == 302
    director = _page(client, event)
    assert table_rows(director, "Turn 1")[0] == [
        "1", "Rossi – Bianchi", "Gialli – Bruni", "Deals: 1 of 2"]
    assert "(withdrawn)" not in director
    assert "Withdrawn pairs:" not in director
    # from the next turn this time: undone before it is seated, not after
    _play(client, event, 1, 1, (DEAL_A, "0"))
    _play(client, event, 1, 2, (DEAL_C, ""), (DEAL_C, ""))
    assert _withdraw(client, event, 3).status_code == 302
    assert "Bring back" in _page(client, event)
    seat_turn(client, event)
    assert "Bring back" not in _page(client, event)
    page = _page(client, f"{event}/withdraw?who=3")
    assert "A turn has been seated since: the withdrawal can no longer be undone." in page
    data = {**hidden_fields(back), "turn": "2"}
    assert client.post(f"{event}/return", data=data).status_code == 409


def test_the_room_the_big_screen_and_where_do_i_sit_say_so(client):
    event = _evening(client, lines=PAIRS)
    _play(client, event, 1, 1, (DEAL_A, "0"), (DEAL_A, "0"))
    _play(client, event, 1, 2, (DEAL_C, ""), (DEAL_C, ""))
    assert _withdraw(client, event, 2).status_code == 302  # Verdi – Neri, from turn 2
    room = re.search(r'href="(/e/v/[^"/]+)"', _page(client, event)).group(1)
    page = _page(client, room)
    assert ["2", "Verdi – Neri (withdrawn)", "10", "200"] in table_rows(page, "Standings")
    assert "Verdi – Neri (from turn 2)" in page
    tv = _page(client, f"{room}/tv")
    assert ["2", "Verdi – Neri (withdrawn)", "10", "200"] in table_rows(
        tv, "Standings after turn 1")
    assert ["Verdi – Neri", "(withdrawn)"] in table_rows(tv, "Turn 2: where everyone sits")
    found = _page(client, f"{room}/find?who=2")
    assert "This pair left the evening from turn 2: Verdi – Neri." in found
    assert "Sitting out" not in found
    # its would-be opponent sits out turn 2 (Gialli – Bruni come to table 2)
    assert "Sitting out this turn:" in _page(client, f"{room}/find?who=3")
    assert "Sitting out" not in _page(client, f"{room}/find?who=4")


def test_the_pages_say_it_in_every_language(client):
    event = _evening(client, lines=PAIRS)
    _play(client, event, 1, 1, (DEAL_A, "0"))
    assert _withdraw(client, event, 1).status_code == 302
    for lang, mark, listed in (("it", "(ritirata)", "Coppie ritirate:"),
                               ("fr", "(abandon)", "Paires qui ont abandonné"),
                               ("pt_BR", "(abandonou)", "Duplas que abandonaram:"),
                               ("pt_PT", "(desistiu)", "Pares que desistiram:")):
        client.get(f"/lang/{lang}")
        page = _page(client, event)
        assert mark in page, lang
        assert listed in page, lang
    client.get("/lang/en")


def test_hostile_withdrawals_are_refused_without_an_error(client):
    event = _evening(client, lines=PAIRS)
    for who in ("", "abc", "²", "9", "-1", "1" * 400):
        assert client.get(f"{event}/withdraw?who={who}").status_code == 404, who
    fields = hidden_fields(_page(client, f"{event}/withdraw?who=2"))
    for changed, status in (({"who": "x"}, 404), ({"who": "7"}, 404),
                            ({"turn": "3"}, 409), ({"turn": "x" * 50}, 409),
                            ({"version": "-1"}, 409), ({"version": "9" * 40}, 409),
                            ({"why": "x" * 201}, 422), ({"why": "\u200b"}, 422)):
        response = client.post(f"{event}/withdraw", data={**fields, **changed})
        assert response.status_code == status, changed
    assert "(withdrawn)" not in _page(client, event)
    # sent twice: withdrawn once, and the second answers as the first did
    assert client.post(f"{event}/withdraw", data=fields).status_code == 302
    assert client.post(f"{event}/withdraw", data=fields).status_code == 302
    # a new form for one withdrawn already says it as it stands
    again = client.post(f"{event}/withdraw", data={**fields, "idem": "another-key"})
    assert again.status_code == 409
    assert "This pair plays again from turn 1: Verdi – Neri." in again.get_data(as_text=True)
    # before the first turn, nobody is withdrawn: the list is still to change
    fresh = new_event(client)
    assert post(client, fresh, f"{fresh}/entrants", lines=PAIRS).status_code == 302
    assert "change the list of entrants instead" in _page(client, f"{fresh}/withdraw?who=1")
    assert "Withdraw a pair" not in _page(client, fresh)


def test_the_plan_keeps_the_turns_a_withdrawal_names(client):
    event = _evening(client, lines=PAIRS)
    _play(client, event, 1, 1, (DEAL_A, "0"), (DEAL_A, "0"))
    _play(client, event, 1, 2, (DEAL_C, ""), (DEAL_C, ""))
    assert _withdraw(client, event, 2).status_code == 302
    response = post(client, f"{event}/plan", f"{event}/plan", turns="1")
    assert response.status_code == 422
    assert "withdrew from turn 2: the evening keeps at least that many turns" in \
        response.get_data(as_text=True)


def test_a_player_withdrawn_from_an_individual_evening(client):
    """individual-8, turn 1: Anna + Bruno v Carla + Dario at table 1. Anna leaves while it
    plays: North-South's forfeit, 6 VP to Anna and Bruno, 14 to Carla and Dario. Turn 2
    (2+4 v 6+7, 1+3 v 5+8): Anna's table is not played, Carla, Elena and Luca sit out."""
    players = "Anna\nBruno\nCarla\nDario\nElena\nFabio\nGina\nLuca"
    event = _evening(client, lines=players, kind="individual", format="7x2",
                     movement="individual-8")
    confirm = _page(client, f"{event}/withdraw?who=1")
    assert "This player leaves the evening from turn 1: Anna." in confirm
    assert "The players left without a table sit out the turn, with 10 VP." in confirm
    assert _withdraw(client, event, 1).status_code == 302
    director = _page(client, event)
    assert table_rows(director, "Turn 1")[0] == ["1", "Anna & Bruno", "Carla & Dario",
                                                 "Forfeit: 6–14"]
    assert "Withdrawn players: Anna (from turn 2)" not in director
    assert "Withdrawn players:" in director
    _play(client, event, 1, 2, (DEAL_C, ""), (DEAL_C, ""))
    standings = table_rows(_page(client, event), "Standings")
    assert standings[0] == ["1", "Carla", "14", "0"]
    assert ["7", "Anna (withdrawn)", "6", "0"] in standings
    assert ["7", "Bruno", "6", "0"] in standings
    seat_turn(client, event)
    director = _page(client, event)
    assert [r[:3] for r in table_rows(director, "Turn 2")] == [
        ["1", "Bruno & Dario", "Fabio & Gina"]]
    assert "Sitting out this turn: Carla, Elena, Luca</p>" in director
    client.get("/lang/it")
    assert "Anna <span class=\"muted withdrawn\">(ritirato)</span>" in _page(client, event)
    client.get("/lang/en")


def test_the_forfeit_a_withdrawal_made_stays_until_the_pair_is_brought_back(client):
    """The director cannot take off the forfeit a withdrawal made (Nobody, on the table's
    page: the evening could no longer be read, a pair withdrawn from turn 1 sitting at
    table 1 of it); bringing the pair back does, the table in play again."""
    event = _evening(client, lines=PAIRS)
    table = f"{event}/turns/1/tables/1"
    _play(client, event, 1, 1, (DEAL_A, "0"))
    assert _withdraw(client, event, 1).status_code == 302
    refused = post(client, table, f"{table}/forfeit", side="")
    assert refused.status_code == 409
    assert ("A side of this table withdrew from the evening: its table stays its forfeit."
            in refused.get_data(as_text=True))
    assert table_rows(_page(client, event), "Turn 1")[0] == [
        "1", "Rossi – Bianchi", "Gialli – Bruni", "Forfeit: 6–14"]
    for paper in ("standings.pdf", "seating.pdf", "results.csv", "event.json"):
        assert client.get(f"{event}/{paper}").status_code == 200, paper
    back = _page(client, f"{event}/withdraw?who=1")
    assert "This pair plays again from turn 1: Rossi – Bianchi." in back
    assert post(client, f"{event}/withdraw?who=1", f"{event}/return").status_code == 302
    assert table_rows(_page(client, event), "Turn 1")[0] == [
        "1", "Rossi – Bianchi", "Gialli – Bruni", "Deals: 1 of 2"]
