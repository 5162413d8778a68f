"""A file that comes in, read one way whatever the door: an evening's or a table's JSON
read back as a new one (``web/evening/read.py``, ``web/tableread.py``), the documents and
house rules the ``scorekeeper`` command reads (``cli.py``).

A file is read within bounds before anything looks at what it says: at most a number of
bytes (``EVENING_BYTES``, ``TABLE_BYTES``; the command takes the largest, ``MOST_BYTES``),
text in UTF-8 (a byte order mark allowed) or in UTF-16 or 32 as JSON allows (a file saved
as "Unicode" on Windows), JSON without ``NaN`` or an infinite number, nested at most
``MAX_DEPTH`` levels deep (so that no reader of it, here or later, runs out of stack), and
no text of it, a key or a value, holding NUL or a lone surrogate (``"\\ud800"``), which
JSON can carry but no page, PDF, CSV or database can hold. What is wrong is an
``InputError`` naming the file or the field: ``too-large``, ``bad-json``, ``too-deep``,
``not-text``.

Standard library, and the referee's ``InputError``.
"""

from __future__ import annotations

import json
import math
import sys
from typing import Any

from scorekeeper.rules import InputError

MIB = 1024 * 1024
#: The largest evening file read back: the largest evening the forms make at a club's
#: scale (200 pairs over 30 turns of 4 deals, every deal entered card by card, every
#: name at its longest) is about 8.5 MB as its export writes it (``eventfiles.event_file``,
#: compact); half as much again on top.
EVENING_BYTES = 12 * MIB
#: The largest table file read back (a club's backup of thousands of deals).
TABLE_BYTES = 8 * MIB
#: The largest file the command reads: the largest the web reads.
MOST_BYTES = max(EVENING_BYTES, TABLE_BYTES)
#: The deepest a document of ours is nested (an evening: turns, tables, deals, sides,
#: melds: ten levels), with room to spare.
MAX_DEPTH = 32


def read_file(path: str, limit: int = MOST_BYTES) -> bytes:
    """At most ``limit`` + 1 bytes of the file at ``path`` (``-``: standard input), never
    more (``/dev/zero`` is refused as too large, not read into memory); ``InputError``
    naming the file when it cannot be opened."""
    try:
        if path == "-":
            stdin = getattr(sys.stdin, "buffer", None)
            if stdin is None:  # a text stream put in its place (a test's)
                return str(sys.stdin.read(limit + 1)).encode("utf-8", "surrogatepass")
            return bytes(stdin.read(limit + 1))
        with open(path, "rb") as handle:
            return handle.read(limit + 1)
    except OSError as err:
        raise InputError("unreadable-file", field=path,
                         detail=err.strerror or str(err)) from None


def read_json(raw: bytes, limit: int, name: str | None = None) -> Any:
    """The JSON document of a file's bytes ``raw``, checked as the module says; ``name``
    (the file's) is named by the errors about the file as a whole.

    >>> read_json(b'\\xef\\xbb\\xbf{"name": "Ana"}', 100)
    {'name': 'Ana'}
    >>> read_json(b'{"name": "A\\\\u0000na"}', 100)
    Traceback (most recent call last):
    scorekeeper.rules.problems.InputError: not-text: field=name
    >>> read_json(b'[' * 40 + b']' * 40, 100)
    Traceback (most recent call last):
    scorekeeper.rules.problems.InputError: too-deep: most=32
    >>> read_json(b'[1, 2]' * MIB, 4 * MIB, "big.json")
    Traceback (most recent call last):
    scorekeeper.rules.problems.InputError: too-large: field=big.json, most=4
    """
    named = {"field": name} if name else {}
    if len(raw) > limit:
        raise InputError("too-large", **named, most=limit // MIB)
    try:
        text = raw.decode(json.detect_encoding(raw))
    except UnicodeDecodeError:
        raise InputError("bad-json", **named, detail="not UTF-8 text") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except json.JSONDecodeError as err:
        raise InputError("bad-json", **named,
                         detail=f"line {err.lineno} column {err.colno}: {err.msg}") from None
    except RecursionError:  # [[[[…]]]] a thousand levels deep: past the json module's stack
        raise InputError("too-deep", **named, most=MAX_DEPTH) from None
    except InputError:
        raise
    except ValueError as err:  # an integer of more than 4,300 digits
        raise InputError("bad-json", **named, detail=str(err)) from None
    if too_deep(doc):
        raise InputError("too-deep", **named, most=MAX_DEPTH)
    where = unshowable(doc)
    if where is not None:
        raise InputError("not-text", field=where)
    return doc


def _no_constant(name: str) -> Any:
    raise InputError("bad-json", detail=f"{name} is not a number of JSON")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise InputError("bad-json", detail=f"{text[:40]} is too large a number")
    return value


def too_deep(value: Any) -> bool:
    """Whether ``value`` nests lists and objects more than ``MAX_DEPTH`` levels deep,
    told without recursion.

    >>> too_deep({"turns": [{"tables": []}]}), too_deep([[[]]] * 3)
    (False, False)
    """
    stack = [(value, 1)] if isinstance(value, (dict, list)) else []
    while stack:
        item, depth = stack.pop()
        if depth > MAX_DEPTH:
            return True
        inner = item.values() if isinstance(item, dict) else item
        stack.extend((v, depth + 1) for v in inner if isinstance(v, (dict, list)))
    return False


def unshowable(value: Any, root: str = "") -> str | None:
    """Where the first text of ``value`` (a key or a value, however deep) holds NUL or a
    lone surrogate, as a path (``matches[0].sides[1].name``, after ``root``); None when
    there is none.

    >>> unshowable({"players": [{"id": 1, "name": "Ana"}]}) is None
    True
    >>> unshowable({"players": [{"id": 1, "name": "A\\x00na"}]})
    'players[0].name'
    >>> unshowable({"matches": [{"sides": [{"\\ud800": 1}]}]})
    'matches[0].sides[0]'
    >>> unshowable(["3H", "4\\ud800"], "melds")
    'melds[1]'
    """
    if _clean(value):
        return None
    stack: list[tuple[Any, str]] = [(value, root)]
    while stack:
        item, path = stack.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return path or "."
            if "\x00" in item:
                return path or "."
        elif isinstance(item, dict):
            for key, inner in reversed(item.items()):
                stack.append((inner, f"{path}.{key}" if path else str(key)))
                stack.append((key, path))
        elif isinstance(item, list):
            stack.extend((inner, f"{path}[{i}]") for i, inner in reversed(list(enumerate(item))))
    return None


def _clean(value: Any) -> bool:
    """True when no text of ``value`` holds NUL or a lone surrogate, told at once by
    JSON's own encoder for a whole file (a backup of megabytes); False also when that
    cannot tell (a backslash before ``u0000`` in a text), and the path is then looked for."""
    try:
        text = json.dumps(value, ensure_ascii=False)
        text.encode("utf-8")
    except (TypeError, ValueError, RecursionError):
        return False
    return "\\u0000" not in text
