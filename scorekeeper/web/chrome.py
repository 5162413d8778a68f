"""What every page shows around its own content (``templates/_chrome.html``): the links
of its head, its header with the language switcher, its footer's notices. They depend on
the page's language and little else, so each is made once per language and kept: a page
no longer builds its dozen links and its footer's sentences every time. The switcher's
links lead back to the page: the header is kept with a stand-in for the page's path,
which each page puts its own in place of (as the links write it)."""

from __future__ import annotations

from collections.abc import Hashable

from flask import current_app, get_template_attribute, request, url_for
from markupsafe import Markup, escape

from scorekeeper.web.common import cache, locale_code
from scorekeeper.web.offline import pack_version

#: The pages played from at the table, which keep the phone's screen on.
WAKELOCK = frozenset({"matches.scoreboard", "deals.new_deal", "deals.edit_deal", "share.view",
                      "burro.game", "burro.view", "burro.feint", "burro.add_round"})


#: What the kept header's links back to the page hold in place of its path (a path no
#: link encodes, nor escapes).
HERE = "/__page__"


def chrome(part: str) -> Markup:
    """The page's ``head`` links, ``header`` or ``footer``, in its language."""
    wakelock = request.endpoint in WAKELOCK if part == "head" else None
    # the phone's referee is offered by the head and the footer when there is a pack
    offered = (pack_version(), current_app.config.get("OFFLINE_PACK", True))
    key = (part, locale_code(), request.script_root, wakelock, offered)

    def make() -> Markup:
        macro = get_template_attribute("_chrome.html", part)
        html = str(macro(wakelock) if part == "head" else macro(HERE) if part == "header"
                   else macro())
        return Markup(html[:-1] if html.endswith("\n") else html)

    made = cache("chrome", 1024).get_or_make(key, make)
    if part != "header":
        return Markup(made)
    # the page's path as the switcher's links write it (the same link, built once)
    link = url_for("choose_language", code=locale_code(), next=request.full_path.rstrip("?"))
    return Markup(str(made).replace(f"next={HERE}", f"next={escape(link.split('?next=', 1)[1])}"))


def per_language(name: str, *args: Hashable, template: str = "_forms.html") -> Markup:
    """What the macro ``name`` of ``template`` says with ``args``, made once per language
    and kept: for a macro whose words depend on nothing but the page's language and its
    arguments (the card picker's words, how to write cards, the scoreboard's outbox in
    words), which a page would otherwise build again on every view."""
    key = (template, name, args, locale_code(), request.script_root)

    def make() -> Markup:
        return Markup(str(get_template_attribute(template, name)(*args)))

    return Markup(cache("per-language", 256).get_or_make(key, make))
