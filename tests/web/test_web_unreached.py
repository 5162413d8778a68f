"""A database that does not answer (its server stopped or restarting, a lock held past
its timeout, a full disk) is said as such: 503 with ``Retry-After``, in the visitor's
language, nothing saved and nothing lost; the same form is taken once it answers again.
The service worker's part (the form kept in the phone's outbox) is in
tests/browser/test_browser_outbox.py."""

from __future__ import annotations

from support import database_down
from web_support import SEED_001_DEAL


def test_a_database_that_does_not_answer_is_said_and_nothing_is_lost(app, client, site):
    token = site.new_match()
    assert site.save_deal(token, SEED_001_DEAL, went_out="0").status_code == 302
    form = site.deal_data(token, SEED_001_DEAL, went_out="0")
    with database_down(app):
        board = client.get(f"/m/{token}", headers={"Accept-Language": "fr"})
        sent = client.post(f"/m/{token}/deals/new", data=form,
                           headers={"Accept-Language": "fr"})
    for answer in (board, sent):
        assert answer.status_code == 503
        assert answer.headers["Retry-After"] == "5"
        assert answer.headers["X-Scorekeeper-Unavailable"] == "database"
        page = answer.get_data(as_text=True)
        assert "Indisponible pour le moment" in page, page[-1500:]
        assert ("Les scores sont inaccessibles pour le moment\u202f: rien n’a été "
                "enregistré. Réessayez dans 5\u00a0s.") in page
    assert site.board(token).count('class="deal"') == 1  # the deal sent was not saved
    again = client.post(f"/m/{token}/deals/new", data=form)  # the same form, once it answers
    assert again.status_code == 302
    assert site.board(token).count('class="deal"') == 2
    assert client.post(f"/m/{token}/deals/new", data=form).status_code == 302  # its key spent
    assert site.board(token).count('class="deal"') == 2

