"""How a search runs: beam width, memo size, workers and joblib backend, as one frozen value.

Why frozen: a setting is part of what a result means (a beam's totals are upper bounds, an exact
search's are optima), so it travels with the results and must not change under them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from joblib import Parallel

BACKENDS = ("loky", "threading", "dask")


@dataclass(frozen=True)
class SearchSetting:
    """beam: guesses kept per node (0 = every guess: exact); cache_mb: the memo's memory per
    solver; jobs: parallel workers; backend: a joblib backend ('dask' is the one joblib's
    `parallel_config(backend='dask')` sets up, see optimal.cli.backends)."""

    beam: int = 0
    cache_mb: float = 1024
    jobs: int = 1
    backend: str = "loky"

    @property
    def exact(self) -> bool:
        return self.beam == 0

    def with_beam(self, beam: int) -> "SearchSetting":
        """The same setting with another beam width (0: exact)."""
        return replace(self, beam=int(beam))

    def parallel(self, n_jobs: int) -> Parallel:
        """A joblib Parallel for this setting, giving results as they complete. Tasks are handed
        out as workers free up, so each reads the latest cutoff; on a Dask cluster one more task
        per worker waits in line, to hide the network's round trip."""
        if self.backend == "dask":  # the backend optimal.cli.backends configured
            return Parallel(n_jobs=-1, return_as="generator_unordered", pre_dispatch="2*n_jobs",
                            batch_size=1)
        return Parallel(n_jobs=max(1, n_jobs), backend=self.backend,
                        return_as="generator_unordered", pre_dispatch="n_jobs", batch_size=1)
