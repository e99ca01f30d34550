"""Where a command's parallel work runs: joblib's own workers, or a Dask cluster.

The engine hands its tasks to joblib; `--backend dask --scheduler ADDRESS` makes joblib send them
to a running Dask scheduler instead (joblib's `parallel_config(backend='dask')`), so the same run
goes to a cluster unchanged. The address is checked when the command line is read
(`check_scheduler`), before any work, and a scheduler that cannot be reached is one line.

Security is Dask's own: a `tls://` address is reached with the TLS files of Dask's configuration
(`distributed.comm.tls.*`, e.g. the environment variables in TLS_SETTINGS, or a YAML file in
~/.config/dask/), which dask's Client reads itself. The scheduler and its workers unpickle what
they are sent, so a cluster must be reachable only by people trusted like the code (README.md).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Iterator
from contextlib import contextmanager

from optimal.errors import BadInput, quoted

#: Transports a Dask scheduler listens on ('inproc' is a scheduler inside this very process, which
#: only a caller of `main()` can have started, e.g. a test with an in-process LocalCluster).
SCHEMES = ("tcp", "tls", "ucx", "ws", "wss")
_INPROC = re.compile(r"^inproc://[^\s/]+/[0-9]+/[0-9]+$")
_ADDRESS = re.compile(r"^(?:(?P<scheme>[a-z]+)://)?(?P<host>\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+)"
                      r":(?P<port>[0-9]{1,5})/?$")


def check_scheduler(address: str) -> None:
    """A scheduler address like tcp://host:8786 (or host:8786); BadInput otherwise, and when the
    dask extra is not installed."""
    match = _ADDRESS.match(address.strip())
    if _INPROC.match(address.strip()):
        pass
    elif not match or (match["scheme"] or "tcp") not in SCHEMES or not 0 < int(match["port"]) < 65536:
        raise BadInput(f"--scheduler {quoted(address)} is not a Dask scheduler address: expected "
                       f"tcp://HOST:PORT (or {', '.join(s + '://' for s in SCHEMES[1:])})")
    if importlib.util.find_spec("dask") is None or importlib.util.find_spec("distributed") is None:
        raise BadInput("--backend dask needs the dask extra: pip install 'optimal[dask]'")

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
    if not scheduler:
        raise BadInput("--backend dask needs --scheduler ADDRESS (a running Dask scheduler)")
    check_scheduler(scheduler)
    from dask.distributed import Client  # the optional 'dask' extra
    from joblib import parallel_config

    try:
        client = Client(scheduler, timeout=10)
    except TypeError as error:  # dask's way of saying a tls:// address came without TLS files
        if scheduler.startswith("tls://"):
            raise BadInput(f"{scheduler} needs Dask's TLS settings: set {', '.join(TLS_SETTINGS)} "
                           "(or distributed.comm.tls in a Dask config file)") from None
        raise BadInput(f"cannot reach the Dask scheduler {quoted(scheduler)}: {error}") from None
    except (OSError, ValueError) as error:
        raise BadInput(f"cannot reach the Dask scheduler {quoted(scheduler)}: "
                       f"{str(error).splitlines()[0][:200] if str(error) else type(error).__name__}") from None
    try:
        with parallel_config(backend="dask"):
            yield
    finally:
        client.close()
