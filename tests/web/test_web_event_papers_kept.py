"""An evening's papers are laid out once per version of the evening (and language, paper
size, address): asked again, the paper is found without the evening's document made
from its rows or scored; a change of the evening lays it out again."""

from __future__ import annotations

from evening_pages import DEAL_A, first_turn
from support import post_deal

from scorekeeper.web.evening import prints, store


def test_a_paper_is_laid_out_once_per_version(app, client, monkeypatch):
    event = first_turn(client)
    made: list[int] = []
    real = store.event_input

    def counted(db, found):
        made.append(found.version)
        return real(db, found)

    monkeypatch.setattr(store, "event_input", counted)
    first = client.get(f"{event}/standings.pdf")
    assert first.status_code == 200
    assert first.data.startswith(b"%PDF")
    assert len(made) == 1
    again = client.get(f"{event}/standings.pdf")
    assert again.data == first.data
    assert len(made) == 1  # found by the evening's version: nothing made again
    room = client.get(f"{event}/seating.pdf")
    assert room.status_code == 200
    assert len(made) == 2  # another paper of the same version: laid out once
    assert post_deal(client, f"{event}/turns/1/tables/1/deals/new", DEAL_A, "0") \
        .status_code == 302
    changed = client.get(f"{event}/standings.pdf")
    assert changed.status_code == 200
    assert len(made) == 3  # a new version: laid out again
    assert made[-1] == made[0] + 1
    with app.app_context():
        assert prints.pdf.cache_info()["entries"] == 3
