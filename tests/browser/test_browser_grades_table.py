"""A table's grades in the browser: the table's page (its players and pairs by grade) and a
player's page (their grade and its trend), in every language, on the common phone and
the small one, pass the sweep's checks (test_browser_sweep: no serious or critical axe
violation at 390 × 844, every control at least 44 × 44 CSS px, no sideways scroll).
Names of 12 letters, the longest a grade's lines have to hold beside its state."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import phone_context
from support import form_fields
from test_browser_sweep import AXE_SIZE, SIZES, _axe, _checks
from werkzeug.datastructures import MultiDict

from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser

PLAYERS = ("Alessandrina", "Maximilianos", "Bartholomeus", "Constantinos")


def _post(client: Any, url: str, data: Any) -> str:
    response = client.post(url, data=data)
    assert response.status_code == 302, response.get_data(as_text=True)[-1500:]
    return str(response.headers["Location"])


def _match(client: Any, table: str, seats: list[list[str]], won_by: int) -> None:
    """A match to 400 finished in one deal: the side ``won_by`` 150 + a clean canastra +
    going out, 450 – 40."""
    url = f"/matches/new?table={table}"
    data = MultiDict([*form_fields(client, url).items(), ("profile", "buraco-aberto"),
                      ("target", "400")])
    for i, ids in enumerate(seats):
        data.setlist(f"sides-{i}-seats", ids)
    match = _post(client, "/matches/new", data).rsplit("/m/", 1)[1]
    url = f"/m/{match}/deals/new"
    deal = {**form_fields(client, url), "went_out": str(won_by), "closed_by": "discard",
            "action": "save"}
    for i in range(2):
        deal.update({f"sides-{i}-mode": "counts", f"sides-{i}-morto": "taken",
                     f"sides-{i}-table_points": "150" if i == won_by else "40"})
    deal[f"sides-{won_by}-clean"] = "1"
    _post(client, url, deal)


@pytest.fixture(scope="module")
def graded(module_app: Any, module_server: str) -> tuple[str, dict[str, str]]:
    """The served app, and a table of four after three matches with rotating partners:
    its page and the first player's (three results: a trend of three points)."""
    client = module_app.test_client()
    data = {**form_fields(client, "/tables/new"), "name": "Sexta", "players": "\n".join(PLAYERS)}
    table = _post(client, "/tables/new", data).rsplit("/t/", 1)[1]
    page = client.get(f"/matches/new?table={table}").get_data(as_text=True)
    a, b, c, d = re.findall(r'name="sides-0-seats" type="checkbox" value="(\d+)"', page)
    for seats, won_by in (([[a, b], [c, d]], 0), ([[a, c], [b, d]], 1), ([[a, d], [b, c]], 0)):
        _match(client, table, seats, won_by)
    return module_server, {"a table's grades": f"/t/{table}",
                           "a player's grade": f"/t/{table}/p/{a}"}


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("locale", LOCALES)
def test_the_grades_pages_pass_the_sweep_s_checks(browser, graded, locale, size):
    base, pages = graded
    context = phone_context(browser, *size, color_scheme="light")
    if size == AXE_SIZE:
        context.add_init_script(path=str(_axe()))
    failures: list[str] = []
    try:
        page = context.new_page()
        page.goto(f"{base}/lang/{locale}?next=/")
        for name, path in pages.items():
            page.goto(base + path)
            # the grades are there to be checked: the ranking, the trend and its figures
            shown = page.locator("table.standings").count() if name == "a table's grades" \
                else page.locator("svg.running polyline").count()
            if not shown:
                failures.append(f"{name} ({path}), {locale}: no grades shown")
            failures += [f"{name} ({path}), {locale}, {size[0]}×{size[1]}: {failure}"
                         for failure in _checks(page, name, locale, size)]
    finally:
        context.close()
    assert not failures, "\n".join(failures)
