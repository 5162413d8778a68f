"""A radio button reads the same in light and dark: an empty ring when not chosen, a dot
inside the ring when chosen (the phone's own unchosen radio is a grey disc in dark mode,
read as chosen at the table)."""

from __future__ import annotations

import pytest
from browser_pages import phone_context
from test_browser_match import _new_match

pytestmark = pytest.mark.browser

#: Each radio of the deal form's first side: chosen or not, its fill, and its dot's fill.
DRAWN = """() => [...document.querySelectorAll('fieldset.side')[0]
    .querySelectorAll('input[type=radio]')].map(r => [r.checked,
    getComputedStyle(r).backgroundColor, getComputedStyle(r, '::before').backgroundColor])"""

#: The chosen dot: --ok, #174b3a in light and #7fd6a4 in dark (css/app.css).
DOT = {"light": "rgb(23, 75, 58)", "dark": "rgb(127, 214, 164)"}


@pytest.mark.parametrize("scheme", ["dark", "light"])
def test_a_chosen_radio_has_a_dot_and_an_unchosen_one_is_an_empty_ring(browser, live_server,
                                                                         scheme):
    context = phone_context(browser, 390, 844, color_scheme=scheme)
    page = context.new_page()
    try:
        _new_match(page, live_server)  # on its first deal's form
        page.locator("fieldset.side").nth(0).get_by_label("Counts").tap()
        radios = page.evaluate(DRAWN)
        chosen = [r for r in radios if r[0]]
        unchosen = [r for r in radios if not r[0]]
        assert len(chosen) == 1, radios  # Counts; the morto not answered yet
        assert len(unchosen) >= 3, radios  # Cards, and the morto's answers
        assert chosen[0][2] == DOT[scheme], radios
        for _checked, fill, dot in unchosen:
            assert fill == "rgba(0, 0, 0, 0)", radios
            assert dot == "rgba(0, 0, 0, 0)", radios
    finally:
        context.close()
