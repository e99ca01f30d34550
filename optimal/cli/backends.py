"""Where a command's parallel work runs: joblib's own workers, or a Dask cluster.

The engine hands its tasks to joblib; `--backend dask --scheduler ADDRESS` makes joblib send them
to a running Dask scheduler instead (joblib's `parallel_config(backend='dask')`), so the same run
goes to a cluster unchanged.
"""

from __future__ import annotations

from contextlib import contextmanager
from collections.abc import Iterator

from optimal.errors import BadInput


@contextmanager
def parallel_backend(backend: str, scheduler: str | None) -> Iterator[None]:
    """Connect joblib to the Dask scheduler at `scheduler` for backend 'dask'; a no-op otherwise."""
    if backend != "dask":
        yield
        return
    try:
        from dask.distributed import Client  # the optional 'dask' extra
    except ImportError:
        raise BadInput("--backend dask needs the dask extra: pip install 'optimal[dask]'") from None
    from joblib import parallel_config

    if not scheduler:
        raise BadInput("--backend dask needs --scheduler ADDRESS (a running Dask scheduler)")
    try:
        client = Client(scheduler, timeout=10)
    except OSError as error:
        raise BadInput(f"cannot reach the Dask scheduler {scheduler}: {error}") from None
    try:
        with parallel_config(backend="dask"):
            yield
    finally:
        client.close()
