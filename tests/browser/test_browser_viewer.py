"""The read-only page says how fresh it is: when the match last changed, in the phone's own
time and language; that it is waiting for the scorer's phone when that phone has not been
heard from for a while; that it has no connection itself when the server is out of reach.

Two phones: the scorer's (its open scoreboard tells the server it is there) and a
viewer's in Brazil (pt-BR, America/Sao_Paulo).
"""

from __future__ import annotations

import re
from datetime import UTC, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from browser_pages import PHONE, STEP
from sqlalchemy import select, update
from support import form_fields, until

from scorekeeper.db import get_db
from scorekeeper.models import Match

_form = form_fields


def _stored(app: Any, token: str) -> Any:
    with app.app_context(), get_db().read_sessions() as db:
        return db.execute(select(Match.updated, Match.scorer_seen)
                          .where(Match.edit_token == token)).one()


def test_the_viewer_knows_how_fresh_the_scores_are(browser, live_server, app, monkeypatch):
    from scorekeeper.web import share

    monkeypatch.setattr(share, "_HEARD_SECONDS", 0.0)  # every word of the scorer is written
    client = app.test_client()
    data = {**_form(client, "/matches/new"), "profile": "buraco-aberto",
            "sides-0-name": "Nós", "sides-1-name": "Eles"}
    token = client.post("/matches/new", data=data).headers["Location"].rsplit("/m/", 1)[1]
    view = re.search(r'/v/([^"/]+)"', client.get(f"/m/{token}/share").get_data(as_text=True))[1]
    assert _stored(app, token).scorer_seen is None

    scorer = browser.new_context(**PHONE)
    viewer = browser.new_context(**{**PHONE, "locale": "pt-BR",
                                    "timezone_id": "America/Sao_Paulo"})
    for context in (scorer, viewer):
        context.set_default_timeout(STEP)
    try:
        # the scorer's open scoreboard tells the server it is there
        board = scorer.new_page()
        board.goto(f"{live_server}/m/{token}")
        seen = until(lambda: _stored(app, token).scorer_seen)

        page = viewer.new_page()
        page.goto(f"{live_server}/lang/pt_BR?next=/v/{view}")
        updated = _stored(app, token).updated
        local = updated.replace(tzinfo=UTC).astimezone(ZoneInfo("America/Sao_Paulo"))
        clock = page.locator("main p.muted time").first
        # the phone's own time, not the server's UTC
        assert local.strftime("%H:%M") in clock.inner_text()
        assert "UTC" not in clock.inner_text()
        assert page.locator("main p.muted").nth(1).inner_text().startswith("Última alteração:")
        page.wait_for_timeout(1000)  # a few polls
        assert page.locator("[data-waiting]").is_hidden()
        assert page.locator("[data-offline]").is_hidden()

        # the scorer's phone goes quiet (locked, or out of reach) for ten minutes
        scorer.set_offline(True)
        with app.app_context(), get_db().writing() as db:
            db.execute(update(Match).where(Match.edit_token == token)
                       .values(updated=updated - timedelta(minutes=10),
                               scorer_seen=seen - timedelta(minutes=10)))
        waiting = page.locator("[data-waiting]")
        waiting.wait_for(state="visible")
        said = waiting.inner_text()
        assert said.startswith("Aguardando o celular de quem anota os pontos.")
        quiet = (seen - timedelta(minutes=10)).replace(tzinfo=UTC)
        assert quiet.astimezone(ZoneInfo("America/Sao_Paulo")).strftime("%H:%M") in said

        # the scorer's phone is back: the viewer stops waiting
        scorer.set_offline(False)
        board.reload()
        waiting.wait_for(state="hidden")

        # the viewer's own phone loses the network: it says so, then stops saying it
        viewer.set_offline(True)
        cut = page.locator("[data-offline]")
        cut.wait_for(state="visible")
        assert cut.inner_text() == "Sem conexão: estes pontos podem estar atrasados."
        viewer.set_offline(False)
        cut.wait_for(state="hidden")
    finally:
        scorer.close()
        viewer.close()
