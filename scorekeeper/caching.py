"""The one cache of the application: least recently used out first, thread-safe.

Pages, localised scoreboards, QR codes, match versions, verified session cookies
and rendered PDFs all keep their entries in an :class:`LRU`. Pure functions of the
rules core memoise with ``functools.lru_cache`` instead (the core imports nothing
but the standard library).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """At most ``size`` entries and, with ``weigh``, at most ``max_weight`` in total
    (a PDF weighs its bytes); the least recently used entry goes first.

    >>> cache = LRU[str](2)
    >>> cache.put("a", "1"); cache.put("b", "2"); _ = cache.get("a"); cache.put("c", "3")
    >>> sorted(cache.keys())
    ['a', 'c']
    """

    def __init__(self, size: int = 256, *, max_weight: int | None = None,
                 weigh: Callable[[V], int] | None = None) -> None:
        self.size = size
        self.max_weight = max_weight
        self._weigh = weigh
        self._data: OrderedDict[Hashable, V] = OrderedDict()
        self._weight = 0
        #: Held for a read-then-write that must not interleave with other writers.
        self.lock = threading.RLock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable) -> V | None:
        with self.lock:
            value = self._data.get(key)
            if value is None:
                self.misses += 1
                return None
            self._data.move_to_end(key)
            self.hits += 1
            return value

    def put(self, key: Hashable, value: V) -> None:
        weight = self._weigh(value) if self._weigh else 0
        if self.max_weight is not None and weight > self.max_weight:
            return  # larger than the whole cache: never kept
        with self.lock:
            old = self._data.pop(key, None)
            if old is not None and self._weigh:
                self._weight -= self._weigh(old)
            self._data[key] = value
            self._weight += weight
            while len(self._data) > self.size or (
                    self.max_weight is not None and self._weight > self.max_weight):
                _, dropped = self._data.popitem(last=False)
                if self._weigh:
                    self._weight -= self._weigh(dropped)

    def get_or_make(self, key: Hashable, make: Callable[[], V]) -> V:
        """The cached value, or ``make()``'s, kept (``make`` runs outside the lock)."""
        hit = self.get(key)
        if hit is not None:
            return hit
        value = make()
        self.put(key, value)
        return value

    def forget(self, *keys: Hashable) -> None:
        with self.lock:
            for key in keys:
                old = self._data.pop(key, None)
                if old is not None and self._weigh:
                    self._weight -= self._weigh(old)

    def clear(self) -> None:
        with self.lock:
            self._data.clear()
            self._weight = 0

    def keys(self) -> list[Hashable]:
        with self.lock:
            return list(self._data)

    def info(self) -> dict[str, int]:
        """Entries, total weight, hits and misses (for tests and benchmarks)."""
        with self.lock:
            return {"entries": len(self._data), "weight": self._weight,
                    "hits": self.hits, "misses": self.misses}
