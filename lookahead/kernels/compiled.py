"""The decorator every kernel is compiled with: numba's `njit`, with its on-disk cache switched on at
first use instead of at import.

Why: numba's `cache=True` picks the cache folder (and creates it, on disk) when the decorator runs,
that is when a kernel module is imported. Importing the engine must not touch the disk (a user's
`import lookahead`, `--help`, the web server's start-up), and the folder is only known once
`optimal.files.cache_dir()` has been asked. So a kernel asking for `cache=True` is compiled without a
cache here and remembered; `lookahead.spaces.kernel_cache.use_kernel_cache` (called when the first
workspace is made, before any kernel runs) names the folder and switches caching on for every one.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable
from typing import Any

import numba
import numba.core.caching
import numba.core.event

_DEFERRED: list[Any] = []  # the dispatchers waiting for their cache folder
_LOCK = threading.Lock()
_ENABLED = False
_FOLDER: list[str | None] = [None]  # where caching was switched on


# numba renamed these (0.59 has them with a leading underscore); without them numba's own locator is used
_CACHE_IMPL = (getattr(numba.core.caching, "CacheImpl", None)
               or getattr(numba.core.caching, "_CacheImpl", None))
_USER_LOCATOR = (getattr(numba.core.caching, "UserProvidedCacheLocator", None)
                 or getattr(numba.core.caching, "_UserProvidedCacheLocator", None))


class _ModuleCacheLocator(_USER_LOCATOR or object):  # type: ignore[misc]
    """numba's locator for a cache folder the user names, except that a kernel's files go in a
    subfolder named by its package (`lookahead.kernels`), not by a hash of the source folder's path.

    Why: with the path in the name, every clone or virtual environment of the same code compiled
    every kernel again (minutes), although the cache folder is already named by a hash of every
    kernel source (`lookahead.spaces.kernel_cache`) and numba stamps each entry with its file's
    content. So the same sources, wherever they live, share one compile."""

    def __init__(self, py_func: Callable, py_file: str):
        super().__init__(py_func, py_file)
        package = (getattr(py_func, "__module__", None) or "").rpartition(".")[0] or "kernels"
        self._cache_path = os.path.join(numba.config.CACHE_DIR, package)


def _enable(dispatchers: list[Any], folder: str | None) -> None:
    """Each dispatcher's cache locator reads numba's folder setting once, here; the global settings
    are left as they were. With a folder of ours, `_ModuleCacheLocator` is tried first."""
    saved = numba.config.CACHE_DIR
    impl = _CACHE_IMPL if _USER_LOCATOR is not None else None
    saved_locators = getattr(impl, "_locator_classes", None)  # None: numba's own locators only
    if folder is not None:
        numba.config.CACHE_DIR = folder
        if saved_locators is not None:
            impl._locator_classes = [_ModuleCacheLocator, *saved_locators]
    try:
        for dispatcher in dispatchers:
            if hasattr(dispatcher, "enable_caching"):  # (with NUMBA_DISABLE_JIT, a plain function)
                dispatcher.enable_caching()
    finally:
        numba.config.CACHE_DIR = saved
        if saved_locators is not None:
            impl._locator_classes = saved_locators


def njit(*args: Any, cache: bool = False, **options: Any) -> Any:
    """`numba.njit`, the same options, the cache deferred (see the module note); works bare
    (`@njit`) and with options (`@njit(cache=True, nogil=True)`)."""
    if args and callable(args[0]) and not options:
        return numba.njit(args[0])

    def wrap(function: Callable) -> Any:
        dispatcher = numba.njit(*args, **options)(function)
        if cache:
            with _LOCK:
                if _ENABLED:
                    _enable([dispatcher], _FOLDER[0])
                else:
                    _DEFERRED.append(dispatcher)
        return dispatcher
    return wrap


def enable_caching(folder: str | None) -> None:
    """Switch numba's cache on, in `folder` (None: numba's own choice, `$NUMBA_CACHE_DIR`), for every
    kernel decorated so far and every one decorated later. Only the first call does anything."""
    global _ENABLED
    with _LOCK:
        if _ENABLED:
            return
        _enable(_DEFERRED, folder)
        _FOLDER[0] = folder
        _DEFERRED.clear()
        _ENABLED = True


def caching_enabled() -> bool:
    """Whether `enable_caching` has run (tests, and the cache's own checks)."""
    return _ENABLED


class CompileClock(numba.core.event.Listener):
    """Counts the kernels numba compiles (cache misses only: a kernel loaded from the cache fires no
    event) and the seconds spent compiling, outermost compiles only (compiling a kernel compiles
    the kernels it calls inside it). `report(functions, seconds, compiling)` is called as each
    compile starts and ends. Why: a search's time must not include the once-only compile (a
    cold `--first salet` once reported 179 s for a 2 s proof), and a user waiting minutes must see
    why."""

    def __init__(self, report: Callable[[int, float, bool], None] | None = None):
        self.report = report
        self.functions = 0
        self.finished_seconds = 0.0
        self._depth = 0
        self._started = 0.0

    @property
    def seconds(self) -> float:
        """Seconds spent compiling so far, the compile under way included."""
        running = time.perf_counter() - self._started if self._depth else 0.0
        return self.finished_seconds + running

    @property
    def compiling(self) -> bool:
        """Whether a kernel compile is under way now."""
        return self._depth > 0

    @staticmethod
    def _ours(event: Any) -> bool:
        dispatcher = event.data.get("dispatcher") if isinstance(event.data, dict) else None
        module = getattr(getattr(dispatcher, "py_func", None), "__module__", "") or ""
        return module.startswith(__name__.rsplit(".", 1)[0])

    def on_start(self, event: Any) -> None:  # numba's Listener hook
        """numba's hook as a compile starts: counts nesting (only the outermost compile is timed)
        and reports, for this package's kernels only."""
        if not self._ours(event):
            return
        if self._depth == 0:
            self._started = time.perf_counter()
        self._depth += 1
        if self.report:
            self.report(self.functions, self.seconds, True)

    def on_end(self, event: Any) -> None:  # numba's Listener hook
        """numba's hook as a compile ends: counts the function, adds the outermost compile's seconds
        and reports, for this package's kernels only."""
        if not self._ours(event):
            return
        self._depth -= 1
        self.functions += 1
        if self._depth == 0:
            self.finished_seconds += time.perf_counter() - self._started
        if self.report:
            self.report(self.functions, self.seconds, self._depth > 0)


_CLOCK: list[CompileClock] = []


def compile_clock() -> CompileClock:
    """The process's one clock of kernel compiles, listening from its first call on (so a search can
    report its compile time apart from its own)."""
    with _LOCK:
        if not _CLOCK:
            _CLOCK.append(CompileClock())
            numba.core.event.register("numba:compile", _CLOCK[0])
        return _CLOCK[0]


class WorkClock:
    """Wall seconds since it started, less the kernel compiling done meanwhile (never negative).
    Why: the once-only compile of a first run is minutes; counted as work it was reported as a
    word's search time (a cold `--first salet` once said 179 s for a 2 s proof) and made one word
    look slow enough to start a pool of workers that compiled everything again."""

    def __init__(self) -> None:
        self.start = time.perf_counter()
        self.compiled_before = compile_clock().seconds

    @property
    def seconds(self) -> float:
        """The work's seconds so far."""
        compiling = compile_clock().seconds - self.compiled_before
        return max(0.0, time.perf_counter() - self.start - compiling)
