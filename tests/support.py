"""What every kind of test reads of a page the same way: its hidden fields (the form's
CSRF token, key and version), values unescaped as a browser reads them.

A module of its own (not conftest.py): the web and browser tests import it by name."""

from __future__ import annotations

import html
import re
from typing import Any

_HIDDEN = re.compile(r'<input[^>]*type="hidden"[^>]*>')
_ATTR = re.compile(r'(\w[\w-]*)="([^"]*)"')


def hidden_fields(page: str) -> dict[str, str]:
    """The hidden inputs of a page by name, their values as a browser sends them."""
    out: dict[str, str] = {}
    for tag in _HIDDEN.findall(page):
        attrs = dict(_ATTR.findall(tag))
        if "name" in attrs:
            out[attrs["name"]] = html.unescape(attrs.get("value", ""))
    return out


def form_fields(client: Any, url: str) -> dict[str, str]:
    """The hidden fields of the form at ``url`` (a Flask test client's GET, answered 200)."""
    response = client.get(url)
    assert response.status_code == 200, url
    return hidden_fields(response.get_data(as_text=True))
