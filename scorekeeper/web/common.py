"""What every blueprint shares: localised problems, profile choices, links, caches."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, has_request_context, request, session
from flask_babel import get_locale

from scorekeeper import messages
from scorekeeper.caching import LRU
from scorekeeper.forms import is_token
from scorekeeper.i18n import format_number, page_code, page_gettext, select_locale
from scorekeeper.rules import DEFAULT_PROFILE, PROFILES, InputError
from scorekeeper.vocabulary import profile_name

#: How many matches (and Burro games) a browser remembers on its home page.
REMEMBERED = 40

_CARD = re.compile(r"^(10|[2-9AJQK])([SHDC])(\*?)$", re.IGNORECASE)


def _(text: str, /, **params: Any) -> str:
    """The message in the page's language (as ``flask_babel.gettext``, typed)."""
    return page_gettext(text, **params)


def locale_code() -> str:
    """The page's language code, without building a Babel ``Locale`` (a cached page needs
    only the code; ``get_locale()`` parses a whole locale on first use in a request).
    Chosen once per page and kept in its request's slot (``i18n.page_code``): a page
    formats hundreds of numbers, and Flask's ``g`` costs microseconds a look. A request
    context that started no page (an error answered before it started) chooses it at
    each call."""
    slot = page_code()
    if slot is None:
        return str(select_locale()) if has_request_context() else str(get_locale() or "en")
    if not slot:
        slot.append(str(select_locale()))
    return slot[0]


def choose_locale_code(code: str) -> None:
    """This page in ``code`` (a page whose address names its language; every view runs
    in a page started by the app, ``i18n.start_page``)."""
    slot = page_code()
    if slot is not None:
        slot[:] = [code]


def num(value: Any, places: int | None = None) -> str:
    """A number in the page's locale (``1 500`` in French; ``places``: that many decimals
    always, ``61,0``)."""
    return format_number(value, locale_code(), places=places)


def localize(doc: Any, tradition: str | None = None) -> Any:
    """Add a sentence in the page's language to every problem of a referee document (in
    the words of ``tradition``, else of the document's profile)."""
    return messages.localize(doc, _, tradition=tradition)


def joined_name(names: Any, joiner: str, longest: int) -> str:
    """The name a match, table or game takes from its players' or sides' names when the
    players gave none, at most ``longest`` characters (its column's size)."""
    return joiner.join(names)[:longest].strip()


def rules_name(match: Any) -> str:
    """What a list calls the rules a match is played by: its house rules' name, else its
    game's."""
    document = (match.rules or {}).get("document") or {}
    return str(document.get("name") or profile_name(match.profile))


def input_error_text(err: InputError) -> str:
    """The sentence for an unreadable input (an unknown card, a missing field…), with
    the field said in words on a page (``Meld 2``, not ``sides[0].melds[1]``)."""
    return messages.input_error_text(err, _)


def profile_choices() -> list[tuple[str, str]]:
    """Every rule profile as (id, name in the page's language), the default first."""
    ids = sorted(PROFILES, key=lambda pid: pid != DEFAULT_PROFILE)
    return [(pid, str(profile_name(pid))) for pid in ids]


def red(card: str) -> bool:
    m = _CARD.match(card)
    return bool(m and m.group(2).upper() in "HD")


def safe_next(target: str | None, default: str = "/") -> str:
    """A local path to go back to after choosing a language (never another host)."""
    if not target or not target.startswith("/") or target.startswith("//"):
        return default
    parts = urlsplit(target)
    if parts.scheme or parts.netloc or "\\" in target:
        return default
    return target


def cache(name: str, size: int = 256) -> LRU[Any]:
    """A cache that lives as long as the application (so tests never share one)."""
    caches: dict[str, LRU[Any]] = current_app.extensions.setdefault("scorekeeper.caches", {})
    if name not in caches:
        caches[name] = LRU(size)
    return caches[name]


def remember(edit_token: str, kind: str = "matches") -> None:
    """Put the match (or, with ``kind="burros"``, the Burro game) on this browser's home
    page. The browser keeps the edit token it already holds in its link, never a row id:
    a forged cookie (a leaked secret key) can name no match it did not know already."""
    known = remembered(kind)
    if edit_token not in known:
        session[kind] = [*known, edit_token][-REMEMBERED:]


def remembered(kind: str = "matches") -> list[str]:
    """The edit tokens this browser keeps on its home page (older cookies held row ids:
    those are dropped)."""
    return [t for t in session.get(kind, []) if is_token(t)]


def uploaded(form: Any, limit: int, choose: str, too_large: str) -> tuple[bytes | None, str]:
    """The file a form sent (its ``file`` field), read up to ``limit`` bytes; else None
    and why, in words (``choose``: no file chosen; ``too_large``: over ``limit``)."""
    upload = request.files.get("file")
    if not form.validate_on_submit():
        return None, _("This form has expired: send it again.")
    if upload is None or not upload.filename:
        return None, choose
    raw = upload.read(limit + 1)
    upload.close()  # a large file waits in a temporary file: gone at once
    return (None, too_large) if len(raw) > limit else (raw, "")
