"""What every worker process does first: ignore Ctrl-C, watch the main process, and turn off loky's
memory-leak restarts.

Why ignore Ctrl-C: a terminal sends it to the whole process group, workers included. The main
process handles it (saves the checkpoint, stops the pool, exits with 130); a worker's own
KeyboardInterrupt would only print a traceback in the middle of that.

Why watch the parent: a main process killed with SIGKILL cannot stop its workers, and a worker in
the middle of a long task would otherwise run on (with its memory) until the task ends. A daemon
thread checks twice a second that the main process is still there, and ends the worker at once
when it is not (the kernels release the GIL, so the thread runs during a long kernel call too).

Why no leak restarts: with psutil installed (Dask brings it), loky ends a worker whose memory has
grown by 300 MB since its first task and starts a new one. A search worker grows on purpose: its
memo fills up to its share of --cache-mb and is kept across tasks, because later first words reuse
what earlier ones proved. Read as a leak, it cost a restart (imports, kernels) and the whole memo
every few tasks. The memo's size is bounded by --cache-mb, so nothing leaks unbounded.
"""

from __future__ import annotations

import os
import signal
import threading
import time

WATCH_SECONDS = 0.5


def worker_started(parent_pid: int) -> None:
    """The initializer of every loky worker (see `SearchSetting.parallel`)."""
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_watch, args=(parent_pid, os.getppid() == parent_pid), daemon=True,
                     name="optimal-parent-watch").start()
    keep_worker_memory()


def keep_worker_memory() -> None:
    """Stop loky from restarting this worker when its memory grows (see module). loky reads the
    flag at each task's end, in this process; without it, loky only calls gc.collect now and then."""
    from joblib.externals.loky import process_executor
    process_executor._USE_PSUTIL = False


def _watch(parent_pid: int, is_child: bool) -> None:
    while True:
        time.sleep(WATCH_SECONDS)
        if not _alive(parent_pid, is_child):
            os._exit(1)


def _alive(pid: int, is_child: bool) -> bool:
    """Whether the main process still runs: while it does, it stays this worker's parent (an
    orphan is adopted by another process); else ask the system about its pid."""
    if is_child:
        return os.getppid() == pid
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True
