"""A figure is never broken across two lines: on every page of a club's evening and of a
match, at 320 px wide (the smallest phone), in every language, each run of a number's
characters (its digits, its thousands' and decimal marks, the en dash between two
figures such as MP "2,200–970" and VP "13–7", a clock's colon) stands on one line, as
the browser lays it out (``Range.getClientRects``). The pages are the fullest there
are: entrants with long names, match points in the thousands, a penalty, a forfeit, the
turn in play half entered; a match of two sides named with 12 characters, one far
below zero. Kept whole, no figure makes a page wider than the screen."""

from __future__ import annotations

import re
from typing import Any

import pytest
from browser_pages import big_match, phone_context
from evening_played import played
from support import form_fields

from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser

#: Every run of a figure's characters that the browser lays on more than one line: its
#: text and the element it stands in. Every <details> is opened first.
SPLIT = r"""() => {
  document.querySelectorAll('details').forEach((d) => { d.open = true; });
  const RUN = /(?<![\p{L}\p{N}_])[\u2212+-]?\d(?:[\d.,:\u202f\u00a0\u2013]*\d)?(?![\p{L}_])/gu;
  const split = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const el = node.parentElement;
    if (!el || getComputedStyle(el).wordBreak === 'break-all') continue;  // a link written out
    for (const m of node.data.matchAll(RUN)) {
      if (m[0].length < 2) continue;
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
      if (rects.length < 2) continue;
      const tops = rects.map((r) => r.top), high = Math.min(...rects.map((r) => r.height));
      if (Math.max(...tops) - Math.min(...tops) < high / 2) continue;
      split.push(`'${m[0]}' in ${el.tagName.toLowerCase()}.${el.className} ` +
                 `'${el.textContent.trim().slice(0, 40)}'`);
    }
  }
  return split;
}"""

#: The figure the scan must catch: a number in a cell 1 px wide (set by script: a style
#: attribute would meet the page's CSP).
NARROW = """() => {
  const cell = document.querySelector('main').appendChild(document.createElement('div'));
  cell.textContent = '2,200–970';
  Object.assign(cell.style, {width: '1px', overflowWrap: 'anywhere', whiteSpace: 'normal'});
}"""


@pytest.fixture(scope="module")
def pages(module_app: Any, module_server: str) -> tuple[str, dict[str, str]]:
    """The served app, and every page of the evening and of the match by name."""
    client = module_app.test_client()
    night = played(client)
    event, room, (link, other) = night["director"], night["room"], night["links"]
    season = client.post("/seasons/new", data={
        **form_fields(client, "/seasons/new"), "name": "Inverno",
        "evenings": event.rsplit("/", 1)[1]}).headers["Location"]
    token, view = big_match(client)
    return module_server, {
        "director": event, "plan": f"{event}/plan", "withdraw": f"{event}/withdraw",
        "a table of turn 1 (a penalty)": f"{event}/turns/1/tables/1",
        "a forfeit": f"{event}/turns/1/tables/3",
        "a table of turn 2, complete": f"{event}/turns/2/tables/1",
        "a table of turn 2, a deal in": f"{event}/turns/2/tables/2",
        "the director's deal form": f"{event}/turns/2/tables/2/deals/new",
        "a deal fixed by the director": f"{event}/turns/2/tables/1/deals/1/edit",
        "the room": room, "the big screen": f"{room}/tv",
        "where do I sit": f"{room}/find", "where do I sit, found": f"{room}/find?who=1",
        "a table's phone": link, "a side's phone": f"{link}/ns",
        "another side's phone": f"{other}/ew", "a season": season,
        "scoreboard": f"/m/{token}", "a deal": f"/m/{token}/deals/2",
        "a new deal": f"/m/{token}/deals/new", "read-only view": f"/v/{view}",
        "share": f"/m/{token}/share", "undo": f"/m/{token}/undo",
        "dealer": f"/m/{token}/dealer",
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_no_figure_is_broken_across_lines_at_320_px(browser, pages, locale):
    base, paths = pages
    context = phone_context(browser, 320, 568)
    try:
        page = context.new_page()
        page.goto(f"{base}/lang/{locale}?next=/")
        page.evaluate(NARROW)
        assert page.evaluate(SPLIT), "the scan does not catch a figure split in two"
        failures = []
        for name, path in paths.items():
            page.goto(base + path)
            failures += [f"{name} ({path}), {locale}: {split}"
                         for split in page.evaluate(SPLIT)]
            wide = page.evaluate("() => document.documentElement.scrollWidth")
            if wide > 320:  # figures kept whole never push the page sideways
                failures.append(f"{name} ({path}), {locale}: {wide} px wide")
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def test_the_scan_reads_figures_as_the_languages_write_them():
    """The runs the scan reads: a French thousand (narrow no-break space), a Portuguese
    one (no-break space), an Italian one (a dot), a minus sign, two figures of MP."""
    run = re.compile(r"[\u2212+-]?\d(?:[\d.,:\u202f\u00a0\u2013]*\d)?")
    for text, whole in (("1\u202f500 PM", "1\u202f500"), ("2\xa0200", "2\xa0200"),
                        ("3.200 VP", "3.200"), ("\u22122,000", "\u22122,000"),
                        ("MP 2,200–970", "2,200–970"), ("44:58 of 45", "44:58")):
        assert run.search(text).group(0) == whole  # type: ignore[union-attr]
