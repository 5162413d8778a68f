"""The time-out rule applied (docs/contract.md, "Time-out"): once the turn's clock has run
out, a table's new deal form (the director's and the phones') is ticked "played after the
time was up", the deal is saved marked ``after_time``, and going out scores no closing
bonus in the deal, the table's MP and the standings. The evening of ``evening_pages``
(Italian Burraco, 2 deals a turn): DEAL_A is 300 on the table + a clean burraco 200 +
closing 100 = 600 | 150 − 40 = 110; after time, 500 | 110."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from evening_pages import DEAL_A, first_turn, post, table_rows
from support import form_fields, table_side

from scorekeeper.models import utcnow

BOX = re.compile(r'<input[^>]*name="after_time"[^>]*>')


def _ticked(page: str) -> bool:
    box = BOX.search(page)
    assert box, "no after-time box"
    return " checked" in box.group(0)


def _save(client: Any, url: str, after_time: bool) -> Any:
    data = form_fields(client, url)
    for i, side in enumerate(DEAL_A):
        data.update({f"sides-{i}-{key}": str(value) for key, value in side.items()})
    data.update(went_out="0", closed_by="discard", action="save")
    if after_time:
        data["after_time"] = "y"
    return client.post(url, data=data)


def test_a_deal_after_time_up_scores_no_closing_bonus_on_the_form_the_deal_and_standings(
        client, monkeypatch):
    from scorekeeper.web.evening import clock as eventclock

    event = first_turn(client)
    table = f"{event}/turns/1/tables/1"
    new = f"{table}/deals/new"
    assert not _ticked(client.get(new).get_data(as_text=True))  # no clock: not asked ticked
    assert post(client, event, f"{event}/clock", minutes="45").status_code == 302
    started = utcnow()
    monkeypatch.setattr(eventclock, "utcnow", lambda: started + timedelta(minutes=44))
    assert not _ticked(client.get(new).get_data(as_text=True))
    monkeypatch.setattr(eventclock, "utcnow", lambda: started + timedelta(minutes=46))
    assert _ticked(client.get(new).get_data(as_text=True))
    # a table's phone too
    link = re.search(r'href="http://localhost(/e/t/[^"]+)"',
                     client.get(table).get_data(as_text=True)).group(1)
    side = table_side(client, link, "ns")
    assert _ticked(client.get(f"{side}/deals/new").get_data(as_text=True))

    # checked before it is saved: the review says the closing scored nothing, and why
    data = form_fields(client, new)
    for i, one in enumerate(DEAL_A):
        data.update({f"sides-{i}-{key}": str(value) for key, value in one.items()})
    data.update(went_out="0", closed_by="discard", after_time="y")
    review = client.post(new, data=data).get_data(as_text=True)
    assert re.search(r"<th>closing</th><td>0 · after time</td>", review), review[-3000:]

    assert _save(client, new, after_time=True).status_code == 302
    assert _save(client, new, after_time=False).status_code == 302  # unticked: on time
    deals = client.get(f"{event}/event.json").get_json()["turns"][0]["tables"][0]["deals"]
    assert [d.get("after_time") for d in deals] == [True, None]
    rows = table_rows(client.get(event).get_data(as_text=True), "Turn 1")
    assert rows[0][3] == "1,100–220"  # 500 + 600 | 110 + 110
    # the deal kept after time shows ticked when it is fixed
    assert _ticked(client.get(f"{table}/deals/1/edit").get_data(as_text=True))
    assert not _ticked(client.get(f"{table}/deals/2/edit").get_data(as_text=True))


def test_a_match_deal_form_never_asks(client):
    """The box is an evening's: a match at home has no turn and no clock."""
    fields = form_fields(client, "/matches/new")
    response = client.post("/matches/new", data={**fields, "name": "Casa", "profile": "burraco",
                                                 "sides-0-name": "Nós", "sides-1-name": "Eles"})
    match = response.headers["Location"]
    assert BOX.search(client.get(f"{match}/deals/new").get_data(as_text=True)) is None
