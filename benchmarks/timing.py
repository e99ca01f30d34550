"""The one timing helper every benchmark script uses (scripts run as `python benchmarks/X.py`, so
this module is importable as `timing`)."""

from __future__ import annotations

import statistics
import time
from typing import Callable, TypeVar

T = TypeVar("T")


def timed(fn: Callable[[], T], repeat: int = 1) -> tuple[float, T]:
    """Median wall time of `repeat` calls of fn, and the last call's result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.perf_counter()
        result = fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times), result
