"""Where a command's parallel work runs: joblib's own workers, or a Dask cluster.

The engine hands its tasks to joblib; `--backend dask --scheduler ADDRESS` makes joblib send them
to a running Dask scheduler instead (joblib's `parallel_config(backend='dask')`), so the same run
goes to a cluster unchanged.

Security is Dask's own: a `tls://` address is reached with the TLS files of Dask's configuration
(`distributed.comm.tls.*`, e.g. the environment variables in TLS_SETTINGS, or a YAML file in
~/.config/dask/), which dask's Client reads itself. The scheduler and its workers unpickle what
they are sent, so a cluster must be reachable only by people trusted like the code (README.md).
"""

from __future__ import annotations

from contextlib import contextmanager
from collections.abc import Iterator

from optimal.errors import BadInput

#: Dask's environment variables for a client's TLS files (its configuration keys
#: distributed.comm.tls.ca-file, .client.cert and .client.key)
TLS_SETTINGS = ("DASK_DISTRIBUTED__COMM__TLS__CA_FILE", "DASK_DISTRIBUTED__COMM__TLS__CLIENT__CERT",
                "DASK_DISTRIBUTED__COMM__TLS__CLIENT__KEY")


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
    except TypeError as error:  # dask's way of saying a tls:// address came without TLS files
        if not scheduler.startswith("tls://"):
            raise
        raise BadInput(f"{scheduler} needs Dask's TLS settings: set {', '.join(TLS_SETTINGS)} "
                       "(or distributed.comm.tls in a Dask config file)") from None
    try:
        with parallel_config(backend="dask"):
            yield
    finally:
        client.close()
