"""Every page a player sees, in every language, on a small and a common phone: each page
visited once per language and size, and every check of a page made in that one visit.

- Accessibility: axe-core (npm, installed by `make setup-test`) finds no serious or
  critical violation, at 390 × 844 in every language; in English in dark mode too (the
  same visit, the phone's colour scheme switched).
- Comfort: every visible control at least 44 × 44 CSS px, and the page never scrolls
  sideways (at 390 × 844 in every language, at 320 × 568 in English).
- Figures: a match of two sides named with 12 characters, one far below zero; at both
  sizes, in every language, every figure of its scoreboard, of a deal's breakdown and of
  the read-only view stands on one line (each text's line boxes, counted by the browser),
  and the totals are written in the language's own digits.
- The language switcher: one row in the header beside the brand, its list closed (on the
  rules page, at both sizes, in every language).

Each failure names the page, the language, the size (and the scheme) and what failed,
down to the element; all of a sweep's failures are reported together.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest
from browser_pages import big_match, phone_context, sample_pages

from scorekeeper import resource_dir
from scorekeeper.i18n import LOCALES

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"

#: The common phone, where axe runs, and the small one.
SIZES = [(390, 844), (320, 568)]
AXE_SIZE = (390, 844)

#: Every rule axe has (or those ``rules`` names); only what hinders someone for real counts
#: as a failure.
RUN_AXE = """async (rules) => {
  const options = {resultTypes: ['violations']};
  if (rules) options.runOnly = {type: 'rule', values: rules};
  const results = await axe.run(document, options);
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ` + v.nodes.map((n) => n.target.join(' ')).join(', '));
}"""

#: The axe rules that read colours: the only ones the dark scheme can change the answer of.
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
#: What a dark block of the stylesheets may set: colours, and the colour variables.
DARK_PROPERTIES = {"color", "background", "background-color", "border-color", "stroke", "fill"}
CSS = resource_dir("static") / "css"

#: Every visible control smaller than 44 × 44 CSS px, as "tag 'text' w×h". A radio button
#: or checkbox counts by its label (a tap on the label ticks it). The only exemption is a
#: link inside running text (displayed inline, with other words in the same element).
#: Every <details> is opened first, so that what it holds is measured too.
SMALL_TARGETS = """() => {
  document.querySelectorAll('details').forEach((d) => { d.open = true; });
  const small = [];
  const controls = 'a[href], button, input:not([type=hidden]), select, textarea, summary';
  for (const el of document.querySelectorAll(controls)) {
    if (!el.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    const target = el.matches('input[type=radio], input[type=checkbox]')
      ? (el.closest('label') || el) : el;
    const r = target.getBoundingClientRect();
    if (r.width >= 44 && r.height >= 44) continue;
    if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') {
      const around = el.parentElement.textContent.replace(el.textContent, '').trim();
      if (around.length > 0) continue;
    }
    const text = (el.textContent || el.value || el.name || '').trim().slice(0, 30);
    small.push(`${el.tagName.toLowerCase()}.${el.className} '${text}' ` +
               `${Math.round(r.width)}×${Math.round(r.height)}`);
  }
  return small;
}"""

#: The page's width when it scrolls sideways (null when it does not), and the innermost
#: elements that reach past the screen's edge.
OVERFLOW = """(width) => {
  const scroll = document.documentElement.scrollWidth;
  if (scroll <= width) return null;
  const past = [...document.body.querySelectorAll('*')]
    .filter((el) => el.getBoundingClientRect().right > width + 0.5);
  const innermost = past.filter((el) => !past.some((o) => o !== el && el.contains(o)));
  return [scroll, innermost.slice(0, 5).map((el) =>
    `${el.tagName.toLowerCase()}.${el.className} ` +
    `'${(el.textContent || '').trim().slice(0, 30)}' ` +
    `to ${Math.round(el.getBoundingClientRect().right)} px`)];
}"""

#: Every element that holds a figure, on the scoreboard and on a deal's page.
FIGURES = ".big, .deal b, .deal small, .breakdown td, .result b"

#: The number of line boxes of each figure's text (a wrapped number has two or more).
LINES = """(selector) => [...document.querySelectorAll(selector)].map(el => {
  const range = document.createRange();
  range.selectNodeContents(el.firstChild);
  const tops = new Set([...range.getClientRects()].map(r => Math.round(r.top)));
  return [el.firstChild.textContent, tops.size];
})"""

#: A control the measure of SMALL_TARGETS must catch (a style attribute would meet the
#: page's CSP: set by script).
TINY_BUTTON = """() => {
  const tiny = document.querySelector('main').appendChild(document.createElement('button'));
  tiny.textContent = 'x';
  Object.assign(tiny.style, {minHeight: '0', minWidth: '0', padding: '0'});
}"""


def _axe() -> Path:
    if not AXE.exists():
        if os.environ.get("CI"):
            pytest.fail(f"{AXE} is missing: `make setup-test` runs npm ci")
        pytest.skip(f"{AXE} is missing: run `make setup-test` (npm ci)")
    return AXE


@pytest.fixture(scope="module")
def swept(module_app: Any, module_server: str) -> tuple[str, dict[str, str]]:
    """The served app and its pages by name: every page a player sees, and the scoreboard,
    a deal and the read-only view of the match with the longest figures."""
    client = module_app.test_client()
    pages = sample_pages(module_app)
    token, view = big_match(client)
    pages.update({"figures: scoreboard": f"/m/{token}",
                  "figures: a deal": f"/m/{token}/deals/2",
                  "figures: read-only view": f"/v/{view}"})
    return module_server, pages


def _visited(pages: dict[str, str], locale: str, size: tuple[int, int]) -> dict[str, str]:
    """Every page where axe or the comfort checks run; elsewhere the pages of the figures
    and of the language switcher."""
    if size == AXE_SIZE or locale == "en":
        return pages
    return {name: path for name, path in pages.items()
            if name.startswith("figures:") or name == "rules"}


def _figures(page: Any, name: str) -> list[str]:
    figures = page.evaluate(LINES, FIGURES)
    if not figures:
        return ["figures: none found"]
    failed = [f"figures: '{text}' on {lines} lines" for text, lines in figures if lines != 1]
    if name == "figures: scoreboard":  # in the language's own digits
        totals = [t.replace("\u202f", " ").replace("\xa0", " ")
                  for t in page.locator(".big").all_inner_texts()]
        if [re.sub(r"\D", "", t) for t in totals] != ["3200", "2000"] or \
                not totals[1].startswith(("-", "−")):
            failed.append(f"figures: totals {totals}, not 3200 and −2000")
    return failed


def _switcher(page: Any, width: int) -> list[str]:
    bar = page.locator("header.top").bounding_box()
    brand = page.locator("header .brand").bounding_box()
    switch = page.locator("header .langs summary").bounding_box()
    failed = []
    if bar["height"] > 50:  # one row of 48 px targets
        failed.append(f"language switcher: header.top {bar['height']:.0f} px high")
    if abs(brand["y"] - switch["y"]) >= 2:
        failed.append(f"language switcher: summary at y {switch['y']:.0f}, "
                      f"the brand at {brand['y']:.0f}")
    if switch["x"] + switch["width"] > width:
        failed.append(f"language switcher: summary reaches {switch['x'] + switch['width']:.0f}")
    if not page.locator("header .langs ul").is_hidden():
        failed.append("language switcher: its list shown")
    return failed


def _checks(page: Any, name: str, locale: str, size: tuple[int, int]) -> list[str]:
    """What fails on the page open in ``page``, each line saying which check and where."""
    width = size[0]
    failed = []
    if size == AXE_SIZE:
        failed += [f"axe: {v}" for v in page.evaluate(RUN_AXE, None)]
        if locale == "en":  # the dark scheme changes colours only (test_dark_is_colours)
            page.emulate_media(color_scheme="dark")
            failed += [f"axe, dark: {v}" for v in page.evaluate(RUN_AXE, COLOUR_RULES)]
            page.emulate_media(color_scheme="light")
    if name == "rules":
        failed += _switcher(page, width)
    if name.startswith("figures:"):
        failed += _figures(page, name)
    # last: the measure of the controls opens every <details>
    failed += [f"smaller than 44 px: {c}" for c in page.evaluate(SMALL_TARGETS)]
    overflow = page.evaluate(OVERFLOW, width)
    if overflow:
        failed.append(f"scrolls sideways, {overflow[0]} px wide: {', '.join(overflow[1])}")
    return failed


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
@pytest.mark.parametrize("locale", LOCALES)
def test_every_page_passes_every_check(browser, swept, locale, size):
    base, pages = swept
    context = phone_context(browser, *size, color_scheme="light")
    # sent to the browser once, run in every page it opens (a script tag per page would
    # send and parse half a megabyte each time); only at the size where axe runs
    if size == AXE_SIZE:
        context.add_init_script(path=str(_axe()))
    try:
        page = context.new_page()
        page.goto(f"{base}/lang/{locale}?next=/")
        page.evaluate(TINY_BUTTON)
        assert page.evaluate(SMALL_TARGETS)  # the measure catches a small button
        failures = []
        for name, path in _visited(pages, locale, size).items():
            page.goto(base + path)
            failures += [f"{name} ({path}), {locale}, {size[0]}×{size[1]}: {failure}"
                         for failure in _checks(page, name, locale, size)]
    finally:
        context.close()
    assert not failures, "\n".join(failures)


def _dark_blocks(css: str) -> list[str]:
    """The text of each ``@media (prefers-color-scheme:dark)`` block of ``css``."""
    blocks = []
    for start in (m.end() for m in re.finditer(r"@media\s*\(prefers-color-scheme:\s*dark\)\s*{",
                                               css)):
        depth, end = 1, start
        while depth:
            depth += {"{": 1, "}": -1}.get(css[end], 0)
            end += 1
        blocks.append(css[start:end - 1])
    return blocks


def test_dark_is_colours():
    """The dark scheme sets colours only (so that, in dark mode, the sweep runs only the
    axe rules that read colours): every declaration of every dark block is a colour
    property, or a colour variable given a colour."""
    found = []
    for sheet in sorted(CSS.glob("*.css")):
        for block in _dark_blocks(sheet.read_text()):
            declarations = ";".join(re.findall(r"{([^{}]*)}", block))
            for name, value in re.findall(r"([\w-]+)\s*:\s*([^;]+)", declarations):
                found.append(name)
                colour = re.fullmatch(r"#[0-9a-fA-F]{3,8}", value.strip())
                assert name in DARK_PROPERTIES or (name.startswith("--") and colour), \
                    f"{sheet.name}: {name}: {value} in a dark block"
    assert {"--bg", "color", "stroke"} <= set(found)  # the blocks were read
