"""Every cache of the referee, emptied at once: ``clear_caches()`` gives the cold path
back (the benchmarks' cold figures, a test that wants a fresh referee).

The caches are found, not listed: every ``functools`` cache of a function of a module of
``scorekeeper.rules`` (``lru_cache``, ``cache``), and every ``cached_property`` of the
built-in profiles and their card values. tests/rules/test_rules_caches.py fails when a
cache appears in the core where this cannot find it (on a method, in a closure).
"""

from __future__ import annotations

from functools import cached_property
from types import ModuleType
from typing import Any

import scorekeeper.rules.burro as burro
import scorekeeper.rules.cards as cards
import scorekeeper.rules.consistency as consistency
import scorekeeper.rules.document as document
import scorekeeper.rules.eventdoc as eventdoc
import scorekeeper.rules.eventkept as eventkept
import scorekeeper.rules.events as events
import scorekeeper.rules.grades as grades
import scorekeeper.rules.house as house
import scorekeeper.rules.limits as limits
import scorekeeper.rules.match as match
import scorekeeper.rules.melds as melds
import scorekeeper.rules.movements as movements
import scorekeeper.rules.plans as plans
import scorekeeper.rules.problems as problems
import scorekeeper.rules.profiles as profiles
import scorekeeper.rules.scoring as scoring
import scorekeeper.rules.season as season
import scorekeeper.rules.seatings as seatings
import scorekeeper.rules.sides as sides
import scorekeeper.rules.states as states
import scorekeeper.rules.tabletime as tabletime
import scorekeeper.rules.verdicts as verdicts
import scorekeeper.rules.vptables as vptables

#: The modules of the core, where its caches are looked for.
MODULES: tuple[ModuleType, ...] = (burro, cards, consistency, document, eventdoc, eventkept, events,
                                   grades, house, limits, match, melds, movements, plans, problems,
                                   profiles, scoring, season, seatings, sides, states,
                                   tabletime, verdicts, vptables)


def cached_functions() -> dict[str, Any]:
    """Every function of the core that keeps a ``functools`` cache, by qualified name
    (``scorekeeper.rules.melds._judge_cached``)."""
    found: dict[str, Any] = {}
    for module in MODULES:
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)) \
                    and getattr(value, "__module__", None) == module.__name__:
                found[f"{module.__name__}.{value.__qualname__}"] = value
    return found


def cached_objects() -> list[Any]:
    """The objects of the core whose ``cached_property`` values are kept: the built-in
    profiles and their card values (house profiles are read again once their cache is
    emptied, so theirs go with it)."""
    return [obj for p in profiles.PROFILES.values() for obj in (p, p.points)]


def cached_properties(obj: Any) -> list[str]:
    """The names of ``obj``'s ``cached_property`` attributes."""
    return [name for klass in type(obj).__mro__ for name, value in vars(klass).items()
            if isinstance(value, cached_property)]


def clear_caches() -> list[str]:
    """Empty every cache of the referee; the qualified names of what was emptied.

    >>> from scorekeeper.rules import check_document
    >>> _ = check_document(["3H 4H 5H 6H 7H 8H 9H"])
    >>> "scorekeeper.rules.melds._judge_cached" in clear_caches()
    True
    """
    emptied = []
    for name, function in cached_functions().items():
        function.cache_clear()
        emptied.append(name)
    for obj in cached_objects():
        for name in cached_properties(obj):
            obj.__dict__.pop(name, None)
            emptied.append(f"{type(obj).__module__}.{type(obj).__qualname__}.{name}")
    return sorted(set(emptied))
