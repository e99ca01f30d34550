"""How a search runs: beam width, memo size, workers and joblib backend, as one frozen value.

Why frozen: a setting is part of what a result means (a beam's totals are upper bounds, an exact
search's are optima), so it travels with the results and must not change under them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

BACKENDS = ("loky", "threading", "dask")


@dataclass(frozen=True)
class SearchSetting:
    """beam: guesses kept per node (0 = every guess: exact); cache_mb: the memory for the memos of
    the whole run, split evenly between the solvers that can exist at once (this process's and
    one per worker, see `memo_mb`); jobs: parallel workers; backend: a joblib backend ('dask' is the
    one joblib's `parallel_config(backend='dask')` sets up, see optimal.cli.backends)."""

    beam: int | tuple[int, ...] = 0  # a tuple: Dordle's beam per level
    cache_mb: float = 1024
    jobs: int = 1
    backend: str = "loky"

    @property
    def exact(self) -> bool:
        """Whether the search keeps every guess (no beam), so its totals are optima."""
        return self.beam == 0

    @property
    def solvers(self) -> int:
        """How many solvers (each with its own memo) a run may hold at once: this process's, and
        one per worker when there are workers."""
        return 1 if self.jobs <= 1 else self.jobs + 1

    @property
    def memo_mb(self) -> float:
        """Each solver's share of `cache_mb`."""
        return self.cache_mb / self.solvers

    def with_beam(self, beam: int | tuple[int, ...]) -> "SearchSetting":
        """The same setting with another beam width (0: exact; a tuple: Dordle's per level)."""
        return replace(self, beam=tuple(beam) if isinstance(beam, (tuple, list)) else int(beam))
