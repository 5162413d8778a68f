"""What every blueprint shares: the referee, localised problems, links, caches."""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any
from urllib.parse import urlsplit

from flask import current_app, has_request_context
from flask_babel import get_locale, gettext

from scorekeeper.i18n import select_locale

_CARD = re.compile(r"^(10|[2-9AJQK])([SHDC])(\*?)$", re.IGNORECASE)


def rules() -> Any:
    """The referee core, imported on first use (importing the web app stays cheap)."""
    import scorekeeper.rules as core

    return core


def locale_code() -> str:
    """The page's language code, without building a Babel ``Locale`` (a cached page needs
    only the code; ``get_locale()`` parses a whole locale on first use in a request)."""
    if has_request_context():
        return str(select_locale())
    return str(get_locale() or "en")


def localize(doc: Any) -> Any:
    """Add a sentence in the page's language to every problem of a referee document."""
    try:
        from scorekeeper.messages import localize as _localize
    except ImportError:  # the catalogue of messages is not installed: show the codes
        return _fallback_localize(doc)
    return _localize(doc, gettext)


def _fallback_localize(doc: Any) -> Any:
    if isinstance(doc, list):
        return [_fallback_localize(item) for item in doc]
    if not isinstance(doc, dict):
        return doc
    out = {key: _fallback_localize(value) for key, value in doc.items()}
    if "code" in doc and "params" in doc and "message" not in doc:
        params = ", ".join(f"{k}={v}" for k, v in sorted(doc["params"].items()))
        out["message"] = f"{doc['code']} ({params})" if params else str(doc["code"])
    return out


def input_error_text(err: Any) -> str:
    """The sentence for an unreadable input (an unknown card, a missing field…), with
    the field said in words on a page (``Meld 2``, not ``sides[0].melds[1]``)."""
    try:
        from scorekeeper.messages import input_error_message
    except ImportError:
        params = getattr(err, "params", {})
        detail = ", ".join(f"{k}={v}" for k, v in sorted(params.items()) if k != "field")
        return f"{getattr(err, 'code', 'bad-value')}: {detail}"
    words = field_words(str(getattr(err, "params", {}).get("field") or ""))
    if words is not None:
        err = rules().InputError(err.code, **{**err.params, "field": words})
    return str(input_error_message(err, gettext))


_FIELD_PATH = re.compile(r"^(?:deals\[\d+\]\.)?(?:sides\[\d+\]\.)?(\w+)(?:\[(\d+)\])?$")


def field_words(path: str) -> str | None:
    """A document path of the pages' card fields in the page's words; ``None`` for
    any other path (shown as it is)."""
    m = _FIELD_PATH.match(path)
    if not m:
        return None
    name, index = m.group(1), m.group(2)
    if name in ("melds", "opening") and index is not None:
        return gettext("Meld %(number)d", number=int(index) + 1)
    words = {"hand": gettext("Cards left in hand"), "top": gettext("Top card of the discard pile"),
             "meld": gettext("The meld with its wildcard"),
             "card": gettext("The natural card you add")}
    return words.get(name)


def profile_name(profile_id: str) -> str:
    """The profile's name in the page's language."""
    try:
        from scorekeeper import i18n

        label = getattr(i18n, "profile_name", None)
        if callable(label):
            return str(label(profile_id))
        names = getattr(i18n, "PROFILE_NAMES", None)
        if isinstance(names, dict) and profile_id in names:
            return str(names[profile_id])
    except Exception:  # pragma: no cover - a missing label never breaks a page
        pass
    return profile_id.replace("-", " ").title()


def tradition_of(profile_id: str | None) -> str:
    """The profile's vocabulary: "br" (canastra, morto) or "it" (burraco, pozzetto)."""
    core = rules()
    profile = core.PROFILES.get(profile_id or "") or core.PROFILES[core.DEFAULT_PROFILE]
    return str(profile.tradition)


def profile_choices() -> list[tuple[str, str]]:
    core = rules()
    return [(pid, profile_name(pid)) for pid in core.PROFILES]


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


class LRU:
    """A small thread-safe least-recently-used cache."""

    def __init__(self, size: int = 256) -> None:
        self.size = size
        self._data: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.RLock()
        self.lock = self._lock  # for a read-then-write that must not interleave

    def get(self, key: Hashable, default: Any = None) -> Any:
        with self._lock:
            return self._data.get(key, default)

    def put(self, key: Hashable, value: Any) -> None:
        with self._lock:
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)

    def forget(self, *keys: Hashable) -> None:
        with self._lock:
            for key in keys:
                self._data.pop(key, None)

    def get_or_make(self, key: Hashable, make: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                return self._data[key]
        value = make()
        with self._lock:
            self._data[key] = value
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return value


def cache(name: str, size: int = 256) -> LRU:
    """A cache that lives as long as the application (so tests never share one)."""
    caches = current_app.extensions.setdefault("scorekeeper.caches", {})
    if name not in caches:
        caches[name] = LRU(size)
    return caches[name]  # type: ignore[no-any-return]
