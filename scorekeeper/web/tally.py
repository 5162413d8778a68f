"""The referee's tally of a match kept in the database with the version it was made for:
any server process shows the scoreboard of a version another process wrote without
scoring every deal again (a phone on one process saves a deal, another phone's page
comes from the other; a process just started).

The tally is the referee's match document as a writer had it when it changed the deals
(a deal saved: the writer scored the match with the new deal to judge it), as pages show
it: every deal's melds are left out (a third of its size; a deal's own page, which shows
them, scores the match), and a new deal is scored after it. It is read
only for the version it was written with, and only by the same referee (``referee()``,
a digest of the rules core's code): after any other change, or an upgrade of the
referee, the deals are scored again, as they always could be. With it, a scoreboard
reads when its corrected deals were corrected (``corrected``) and no deal.

It is kept as two lines of JSON: the document without its deals (``summary``: each deal's
line on the scoreboard and the last deal's sides instead), then the deals. A scoreboard,
a new deal's form and a list of matches read the first line alone (a 24-deal match's
deals are about 16 kB of JSON, its summary two).
"""

from __future__ import annotations

import hashlib
import json
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from scorekeeper import rules
from scorekeeper.db import lookup, lookup_all

_READ = "SELECT tally FROM matches WHERE id = ? AND tally_of = ?"
_NONE: dict[str, str | None] = {"tally": None, "tally_of": None}
#: What a deal's side holds that no page but the deal's own shows (the bulk of a tally).
_UNSHOWN = frozenset({"melds"})


@lru_cache(maxsize=1)
def referee() -> str | None:
    """A digest of the referee's code (every module of ``scorekeeper/rules/``); None when
    its files cannot be read (then no tally is written or read)."""
    digest = hashlib.sha256()
    try:
        for path in sorted(Path(rules.__file__).resolve().parent.glob("*.py")):
            digest.update(path.name.encode())
            digest.update(path.read_bytes())
    except OSError:  # pragma: no cover - a package that is not plain files
        return None
    return digest.hexdigest()[:16]


def tally_of(version: int) -> str | None:
    """What a tally for ``version`` by this referee is kept as."""
    made_by = referee()
    return None if made_by is None else f"{version}/{made_by}"


def shown(result: dict[str, Any]) -> dict[str, Any]:
    """The referee's document as the scoreboard and the deal form read it: every deal's
    melds left out (``"shown": True`` says so). A deal shown already is taken as it is
    (after a save, every deal but the new one)."""
    return {**result, "deals": [_shown_deal(deal) for deal in result.get("deals", [])],
            "shown": True}


def _shown_deal(deal: dict[str, Any]) -> dict[str, Any]:
    sides = deal.get("sides", [])
    if not any(_UNSHOWN.intersection(side) for side in sides):
        return deal
    return {**deal, "sides": [{k: v for k, v in side.items() if k not in _UNSHOWN}
                              for side in sides]}


#: One encoder for every tally (``json.dumps`` with arguments makes one per call).
_ENCODER = json.JSONEncoder(separators=(",", ":"), ensure_ascii=False, check_circular=False)


def summary(result: dict[str, Any]) -> dict[str, Any]:
    """The referee's document without its deals: what a scoreboard, a new deal's form and
    a list of matches read. Instead of the deals, each deal's line on the scoreboard
    (``lines``: what each side made in it, and whether the referee found a problem in
    it, the deal's own or the match's about it) and the last deal's sides as pages show
    them (``last_sides``, [] before the first deal)."""
    deals = result.get("deals", [])
    return {**{k: v for k, v in result.items() if k != "deals"},
            "lines": [[[side.get("total") for side in deal.get("sides", [])],
                       bool(deal_problems(result, k))]
                      for k, deal in enumerate(deals)],
            "last_sides": list(_shown_deal(deals[-1]).get("sides", [])) if deals else []}


def deal_problems(result: dict[str, Any], index: int) -> list[dict[str, Any]]:
    """Every problem found in deal ``index``: the deal's own and the match's about it."""
    found: list[dict[str, Any]] = []
    seen: set[tuple[Any, ...]] = set()
    deals = result.get("deals") or []
    candidates: list[dict[str, Any]] = []
    if index < len(deals):
        candidates.extend(deals[index].get("problems", []))
    candidates.extend(p for p in result.get("problems", []) if p.get("deal") == index)
    for problem in candidates:
        key = (problem.get("code"), problem.get("side"), problem.get("meld"),
               repr(problem.get("params")))
        if key not in seen:
            seen.add(key)
            found.append(problem)
    return found


def columns(version: int, result: dict[str, Any]) -> dict[str, str | None]:
    """The ``tally`` and ``tally_of`` columns a write of ``version`` leaves: ``result`` as
    pages show it (``shown``) when it is the referee's document for stored deals it could
    all read, else nothing (the next page scores the deals). Two lines of JSON: its
    ``summary``, then its deals, so that a page that needs no deal reads the first line
    alone."""
    of = tally_of(version)
    if of is None or "unreadable" in result or not isinstance(result.get("deals"), list) \
            or "after_each_deal" not in result:
        return _NONE
    try:
        text = "\n".join(_ENCODER.encode(part) for part in (
            summary(result), [_shown_deal(deal) for deal in result["deals"]]))
    except (TypeError, ValueError):
        return _NONE
    return {"tally": text, "tally_of": of}


def stored(match_id: int | None, version: int) -> dict[str, Any] | None:
    """The referee's document as pages show it (``shown``) kept for the match's
    ``version`` by this referee; None when there is none (another version's, another
    referee's, none written)."""
    return _read(match_id, version, whole=True)


def stored_summary(match_id: int | None, version: int) -> dict[str, Any] | None:
    """The ``summary`` of the document kept for the match's ``version`` by this referee,
    its deals not read; None when there is none."""
    return _read(match_id, version, whole=False)


def _read(match_id: int | None, version: int, *, whole: bool) -> dict[str, Any] | None:
    of = tally_of(version)
    if match_id is None or of is None:
        return None
    row = lookup(_READ, match_id, of)
    if row is None or not row[0]:
        return None
    head, _newline, deals = str(row[0]).partition("\n")
    try:
        found = json.loads(head)
        if not isinstance(found, dict) or not isinstance(found.get("lines"), list):
            return None  # not a tally this code wrote
        if not whole:
            return found
        del found["lines"], found["last_sides"]
        found["deals"] = json.loads(deals)
    except (ValueError, KeyError):
        return None
    return {**found, "shown": True} if isinstance(found["deals"], list) else None


_CORRECTED = ("SELECT position, created, updated FROM deals"
              " WHERE match_id = ? AND updated <> created")


def corrected(match_id: int | None) -> dict[int, datetime]:
    """When each deal of the match saved again after it was entered was corrected, by
    position (``models.Deal.corrected``), from the deals' two times alone."""
    if match_id is None:
        return {}
    found = {}
    for position, created, updated in lookup_all(_CORRECTED, match_id):
        created, updated = _when(created), _when(updated)
        if created is not None and updated is not None \
                and (updated - created).total_seconds() > 1:
            found[int(position)] = updated
    return found


def _when(value: Any) -> datetime | None:
    """A time as the driver hands it over (SQLite: ISO text; others: a datetime)."""
    if isinstance(value, datetime) or value is None:
        return value
    try:
        return datetime.fromisoformat(str(value))
    except ValueError:
        return None
