"""A season's page (its qualifying number, VP per evening, evenings dropped, grades) and a
table's phone showing its par and how its side did against it, on a common and a small
phone in every language, with the sweep's checks (test_browser_sweep.py's, imported
from where they live): axe finds no serious or critical violation at 390 × 844, every
visible control is at least 44 × 44 px, and neither page scrolls sideways.

The evenings: ``evening_played.played`` (eight pairs, long names, turn 1 played and turn 2
seated, its table 1 complete: the phone's page shows its par and '… over par'), and a
second evening of four of its pairs (turn 1 played). The season counts each entrant's
best evening of the two and ranks from two played: four pairs ranked, the four others
'not yet qualified (1 of 2 evenings)', among them the longest name.
"""

from __future__ import annotations

from typing import Any

import pytest
from browser_pages import phone_context
from evening_played import BIG, EVEN, played
from event_steps import post_deal
from support import evening, form_fields
from test_browser_sweep import AXE_SIZE, SIZES, _axe, _checks
from waiting import until

from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def pages(module_app: Any, module_server: str) -> tuple[str, str, str]:
    """The served app, the season's page and turn 2's table 1's phone link."""
    client = module_app.test_client()
    first = played(client)
    second = evening(client, "Verdi\tNeri\nGialli\tBruni\nMarroni\tRosa\nConti\tFerrari")
    for table, deal in ((1, BIG), (2, EVEN)):
        for _ in range(2):
            post_deal(client, f"{second}/turns/1/tables/{table}/deals/new", deal)
    tokens = [first["director"].rsplit("/", 1)[1], second.rsplit("/", 1)[1]]
    response = client.post("/seasons/new", data={
        **form_fields(client, "/seasons/new"), "name": "Campionato d’inverno",
        "evenings": tokens, "best": "1", "qualify": "2"})
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    season = response.headers["Location"]
    page = client.get(season).get_data(as_text=True)
    assert "not yet qualified (1 of 2 evenings)" in page
    assert 'class="dropped"' in page
    assert "Players by grade" in page
    return module_server, season, first["links"][0]


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("locale", LOCALES)
def test_the_season_and_a_phones_par_pass_the_sweeps_checks(browser, pages, locale, size):
    base, season, link = pages
    context = phone_context(browser, *size, color_scheme="light")
    if size == AXE_SIZE:
        context.add_init_script(path=str(_axe()))
    failures = []
    try:
        page = context.new_page()
        page.goto(f"{base}/lang/{locale}?next=/")
        page.goto(base + season)
        assert page.locator("table.season tbody tr").count() == 8
        assert page.locator("s.dropped").count() >= 4
        failures += [f"the season, {locale}, {size[0]}×{size[1]}: {f}"
                     for f in _checks(page, "a season", locale, size)]
        # the table's phone: North-South chosen by name, its side's page with its par
        page.goto(base + link)
        page.locator('a[data-side="ns"]').click()
        until(page, "() => !!document.querySelector('p.par b')")
        failures += [f"a side's phone, {locale}, {size[0]}×{size[1]}: {f}"
                     for f in _checks(page, "a side's page of a table", locale, size)]
    finally:
        context.close()
    assert not failures, "\n".join(failures)
