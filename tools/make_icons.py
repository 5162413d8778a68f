"""Draw the app's home-screen icons (PNG) from its favicon (``scorekeeper/static/favicon.svg``).

    .venv/bin/python tools/make_icons.py

Chromium (Debian's ``/usr/bin/chromium``, driven by Playwright) draws the SVG at 192 and
512 pixels, and a "maskable" 512-pixel icon whose cards sit inside the central 80 % that
every launcher's mask keeps, on the app's green. The PNGs are committed; run this again
after changing the favicon.
"""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import sync_playwright

STATIC = Path(__file__).resolve().parent.parent / "scorekeeper" / "static"
GREEN = "#174b3a"


def page_html(svg: str, size: int, maskable: bool) -> str:
    """A page holding only the icon, ``size`` pixels square."""
    inner = size * 0.72 if maskable else size
    # the maskable icon: square green background, the favicon's own rounded square shrunk
    svg = re.sub(r"<svg ", f'<svg width="{inner:.0f}" height="{inner:.0f}" ', svg, count=1)
    return (f"<!doctype html><html><body style='margin:0;width:{size}px;height:{size}px;"
            f"display:flex;align-items:center;justify-content:center;"
            f"background:{GREEN if maskable else 'transparent'}'>{svg}</body></html>")


def main() -> None:
    svg = (STATIC / "favicon.svg").read_text()
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium")
        for name, size, maskable in (("icon-192.png", 192, False), ("icon-512.png", 512, False),
                                     ("icon-maskable-512.png", 512, True)):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(page_html(svg, size, maskable))
            page.screenshot(path=str(out / name), omit_background=not maskable)
            page.close()
            print(out / name)
        browser.close()


if __name__ == "__main__":
    main()
