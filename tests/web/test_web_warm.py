"""The sample match a server process shows once before it serves (``web/warm.py``)."""

from __future__ import annotations

import re

from scorekeeper.forms import LINK_TOKEN
from scorekeeper.i18n import LOCALES
from scorekeeper.models import Match
from scorekeeper.web.warm import SAMPLE_LINK, sample_deals, show_sample


def test_the_sample_is_a_whole_match_in_every_language_and_nothing_is_stored(app, client):
    made = show_sample(app)
    assert set(made) == set(LOCALES)
    # The default game, Buraco Aberto (rules.md; seed 001 §07), the two deals the sides
    # take turns with:
    # 1st: A 60 (6S…QS) + 15 (5H 6H 7H) + 30 (2D 6C 7C 8C) card points, a clean canastra
    #      200, going out 100 = 405; B 20 + 35 card points, 25 left in hand = 30.
    # 2nd: A 15 card points, 20 in hand, the morto not taken −100 = −105; B 50 + 40 + 15
    #      card points, a clean canastra 200, going out 100 = 405.
    # Twelve of each: A 12 × 300 = 3,600, B 12 × 435 = 5,220.
    board, form = made["en"]
    assert re.findall(r'id="total-\d">([^<]*)<', board) == ["3,600", "5,220"]
    assert board.count('class="deal"') == 24
    assert "Save the deal" in form
    board, form = made["fr"]
    assert re.findall(r'id="total-\d">([^<]*)<', board) == ["3\u202f600", "5\u202f220"]
    assert "Enregistrer" in form
    assert len(sample_deals()) == 24
    # made and dropped: no match in the database, and the sample's link opens nothing
    from scorekeeper.db import reader

    with app.app_context():
        assert reader().query(Match).count() == 0
    assert re.fullmatch(LINK_TOKEN, SAMPLE_LINK) is None
    assert client.get(f"/m/{SAMPLE_LINK}").status_code == 404
    assert client.get(f"/m/{SAMPLE_LINK}/deals/new").status_code == 404
