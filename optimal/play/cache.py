"""A small thread-safe least-recently-used cache of computed values.

Why: the greedy scores of a position (every allowed guess against the candidates) cost a second at
the opening and are the same for every player; a web server keeps them across requests, a terminal
across its steps (undo, a second board with the same candidates). Values are computed outside the
lock, so two threads may compute the same value once each; both get an equal result.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class LruCache:
    """At most `size` values by key, the least recently used dropped first."""

    def __init__(self, size: int = 64):
        self.size = size
        self._values: OrderedDict[Hashable, Any] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable, compute: Callable[[], Any]) -> Any:
        """The value of `key`, computed by `compute()` when it is not kept."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        value = compute()
        with self._lock:
            self._values[key] = value
            while len(self._values) > self.size:
                self._values.popitem(last=False)
        return value

    def peek(self, key: Hashable) -> Any:
        """The value of `key` when it is kept, else None (nothing is computed)."""
        with self._lock:
            if key in self._values:
                self._values.move_to_end(key)
                return self._values[key]
        return None

    def __len__(self) -> int:
        return len(self._values)
