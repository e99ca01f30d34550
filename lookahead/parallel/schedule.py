"""When to use worker processes, and how much work to hand each: parallel must never be slower
than serial.

Why adaptive: the same call may be a 0.3 s proof (SALET on the original lists) or hours of work
(every first word, hard mode). Starting loky workers costs about two seconds (each imports numba,
loads the compiled kernels and the matrix), and every task sent costs a few milliseconds more. So
work starts in this process; once it has run for `SERIAL_SECONDS`, the measured rate says whether
the rest is worth a pool (the remaining serial time exceeds what the pool saves) and how many
items each task should carry (about `TASK_SECONDS` of work, but at least a few tasks per worker).

That first rate is only a guess (the first items are the most promising guesses, searched deepest,
and the later ones are often refuted in microseconds), so each task reports how long its items took
and the tasks handed out next are sized by the rate the workers measured. The guess can also be far
too fast: a tie pass sorted quickest first settles thousands of items in the serial phase and then
meets words that take seconds each. Sized by the serial rate alone its first tasks carried about
1,400 words each, minutes of work, all lost if the run is stopped. So task sizes ramp: the first
tasks carry at most `RAMP_START` items, and no task more than twice the largest one that has come
back; and the rate is the slower of the workers' overall rate and their latest task's, so work that
gets slower as it goes gets smaller tasks.

On a Dask cluster the same pace holds (a cluster's tasks cost milliseconds each too, so one item
per task would leave the workers waiting on the network), the pool is the cluster's worker threads,
and it is always used for the rest (the user started it; it costs nothing to start).

A worker's start-up is seconds of CPU work (imports, kernels, the matrix): on a machine whose cores
are already busy (the load average above the core count) it takes proportionally longer, while the
main process waits, so the start-up cost is scaled by how busy the machine is (`busy_factor`).
Measured on the shared 2-core development machine at a load average of 13: `--all` on 400
answers took 8 s serially and 17 s when the unscaled rule started the workers.
"""

from __future__ import annotations

import math
import os
import signal
import sys
import threading
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from joblib import Parallel, delayed, effective_n_jobs, parallel_config
from multiprocessing import resource_tracker

from lookahead.kernels.compiled import WorkClock
from lookahead.parallel.workers import worker_started
from lookahead.solvers.setting import SearchSetting

SERIAL_SECONDS = 1.5  # work done in this process before the rate is judged
#: the work one task should carry, so per-task overhead stays small. A Dask task costs more than
#: a loky one (client, scheduler and the worker's event loop handle it, on the same cores as the
#: search): with 0.5 s tasks a Dask run of `benchmarks/bench_dask.py --size 1000` took 1.17x
#: loky's wall time, with 2 s tasks 1.10x (2026-12-05)
TASK_SECONDS = {"loky": 0.5, "threading": 0.5, "dask": 2.0}
#: seconds to start a pool of workers and warm them (measured on the 2-core development machine:
#: loky about 2 s; threads start at once). A Dask cluster is already running.
POOL_START = {"loky": 2.5, "threading": 0.05, "dask": 0.0}
RAMP_START = 8  # items in each task handed out before any task has come back
STOP_WAIT = 5.0  # seconds loky's manager thread gets to see killed workers gone (HeldInterrupt)


def worker_pool(setting: SearchSetting, n_jobs: int) -> Parallel:
    """A joblib Parallel for this setting, giving results as they complete. Tasks are handed
    out as workers free up, so each reads the latest cutoff; on a Dask cluster one more task
    per worker waits in line, to hide the network's round trip. Loky workers start with
    `lookahead.parallel.workers.worker_started` (Ctrl-C ignored, exit when this process dies).
    (It lives here, not on `SearchSetting`, so that the setting is a plain value below the
    parallel room.)"""
    if setting.backend == "dask":  # the backend optimal.cli.backends configured
        return Parallel(n_jobs=-1, return_as="generator_unordered", pre_dispatch="2*n_jobs",
                        batch_size=1)
    options = dict(n_jobs=max(1, n_jobs), return_as="generator_unordered",
                   pre_dispatch="n_jobs", batch_size=1)
    if setting.backend == "loky":
        with parallel_config(backend="loky", initializer=worker_started,
                             initargs=(os.getpid(),)):
            return Parallel(**options)
    return Parallel(backend=setting.backend, **options)


def pool_size(setting: SearchSetting) -> int:
    """How many workers the rest of the work is spread over: the setting's jobs, or on a Dask
    cluster its worker threads (joblib asks the scheduler). One job means this process only."""
    if setting.jobs <= 1:
        return 1
    if setting.backend == "dask":
        return max(1, effective_n_jobs(-1))
    return setting.jobs


@dataclass
class Pace:
    """The serial phase's clock and count, and the decision it leads to."""

    setting: SearchSetting
    started: float = 0.0
    done: int = 0
    jobs: int = 1
    task_items: int = 0  # items the workers' finished tasks carried
    task_seconds: float = 0.0  # and the seconds those tasks took
    latest_rate: float = 0.0  # seconds per item of the task that came back last
    largest_back: int = 0  # items in the largest task that has come back

    def __post_init__(self) -> None:
        self.clock = WorkClock()
        self.jobs = pool_size(self.setting)

    def elapsed(self) -> float:
        """Seconds of work since the start, the kernels' compile left out. Why: a first run
        compiles for minutes inside its first item; counted as work, that made one word look slow
        enough for a pool, whose workers then compiled the same kernels again in parallel (a cold
        `--first salet`: 158 s wall, 238 s CPU with its two workers against 99 s and 99 s alone)."""
        return self.clock.seconds

    def keep_serial(self) -> bool:
        """True while the serial phase lasts (always with one worker)."""
        if self.jobs <= 1:
            return True
        return self.elapsed() < SERIAL_SECONDS

    def batch_size(self, remaining: int) -> int:
        """Items per task for the remaining work, or 0 when finishing serially is faster."""
        if remaining <= 0 or self.jobs <= 1:
            return 0
        rate = self.elapsed() / max(1, self.done)  # seconds per item so far
        serial = rate * remaining
        jobs = self.jobs
        start = POOL_START.get(self.setting.backend, 2.5)
        if self.setting.backend == "loky":
            start *= busy_factor()
        if serial <= start + serial / jobs:
            return 0
        return self.per_task(rate, remaining)

    def per_task(self, rate: float, remaining: int) -> int:
        """About TASK_SECONDS of items at `rate` seconds each, but at least 4 tasks per worker."""
        seconds = TASK_SECONDS.get(self.setting.backend, TASK_SECONDS["loky"])
        per_task = max(1, math.ceil(seconds / max(rate, 1e-9)))
        return max(1, min(per_task, math.ceil(remaining / (4 * self.jobs))))

    def record(self, items: int, seconds: float) -> None:
        """A worker's task of `items` items took `seconds`."""
        self.task_items += items
        self.task_seconds += seconds
        self.latest_rate = seconds / max(1, items)
        self.largest_back = max(self.largest_back, items)

    def next_size(self, first: int, remaining: int) -> int:
        """Items for the next task: `first` (the serial phase's guess), at most RAMP_START, until
        the workers have reported; then by the slower of their overall and latest rates, and at
        most twice the largest task that has come back (see the module's note on ramping)."""
        if not self.task_items:
            return max(1, min(first, RAMP_START, remaining))
        rate = max(self.task_seconds / self.task_items, self.latest_rate)
        return max(1, min(self.per_task(rate, remaining), 2 * self.largest_back))


def busy_factor() -> float:
    """How much longer than on an idle machine starting worker processes takes now: the 1-minute
    load average over the cores (at least 1; 1 where the system does not say)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return 1.0
    return max(1.0, load / (os.cpu_count() or 1))


def run_paced(items: list, call: Callable[[list], tuple[Callable, tuple]], setting: SearchSetting,
              take: Callable[[Any], None], stop: Callable[[], bool] = lambda: False) -> None:
    """Run work over `items`: `call(batch)` gives (function, arguments) for a batch, and `take`
    receives each batch's result (in completion order). Items go one at a time in this process
    while the serial phase lasts; the rest go serially or, when the pace says it pays, in batches
    to the workers (each call made as its batch is handed out, so it can read the latest cutoff).
    `stop()` ends the work early (e.g. once a branch has no tree)."""
    pace = Pace(setting)
    pending = list(items)
    while pending and not stop() and pace.keep_serial():
        function, arguments = call([pending.pop(0)])
        take(function(*arguments))
        pace.done += 1
    size = 0 if stop() else pace.batch_size(len(pending))
    if not size:
        for item in pending:
            if stop():
                return
            function, arguments = call([item])
            take(function(*arguments))
        return

    def tasks():  # each sized, and its call made, as it is handed out
        start = 0
        while start < len(pending):
            batch = pending[start:start + pace.next_size(size, len(pending) - start)]
            start += len(batch)
            function, arguments = call(batch)
            yield delayed(run_task)(function, tuple(arguments), len(batch))

    workers = min(pace.jobs, math.ceil(len(pending) / size))
    held = HeldInterrupt(setting)
    with held:  # workers are started here: they must be born deaf to Ctrl-C
        output = worker_pool(setting, workers)(tasks())
    try:
        held.release()  # and a Ctrl-C that came while they started is raised now
        for result, carried, seconds in output:
            pace.record(carried, seconds)
            take(result)
    finally:
        try:
            with warnings.catch_warnings():  # joblib's note that unused tasks were cancelled
                warnings.simplefilter("ignore")
                output.close()
        finally:
            held.restore()


def collect_paced(items: list, call: Callable[[list], tuple[Callable, tuple]], setting: SearchSetting,
                  on_item: Callable[[Any], None] | None = None) -> list:
    """`run_paced` for tasks that return one result per item of their batch: every result, in
    completion order, each also given to `on_item` as it comes."""
    results: list = []

    def take(batch_results: list) -> None:
        for result in batch_results:
            results.append(result)
            if on_item:
                on_item(result)

    run_paced(items, call, setting, take)
    return results


def run_task(function: Callable, arguments: tuple, items: int) -> tuple[Any, int, float]:
    """`function(*arguments)`, with the number of items it carried and the seconds it took (the
    pace's measure), the arguments handed over as one tuple.

    Why: joblib's dask backend scatters every argument larger than 1 kB (e.g. the candidates
    array) to a single worker and sends the other tasks a reference to it. Scattered data cannot
    be recomputed, so if that worker dies every later task fails with "lost dependencies" instead
    of being retried. A tuple is never scattered: it travels with each task, and any worker can run
    the task again."""
    clock = WorkClock()
    return function(*arguments), items, clock.seconds


class HeldInterrupt:
    """Ctrl-C (SIGINT) around a pool of loky workers: held while they start, and once they run,
    answered by killing them before KeyboardInterrupt is raised.

    While the workers start: they are started with the signal blocked from their first
    instruction (a process inherits its parent's blocked signals), whereas the initializer that
    ignores it (`lookahead.parallel.workers`) runs only after seconds of imports, during which a Ctrl-C
    meant for the main process would print a worker's KeyboardInterrupt traceback. This thread
    blocks the signal and a Ctrl-C (which may still reach the process through another thread) is
    only recorded, so the start is never cut in half; it is raised right after (`release`), so it
    is never lost either. multiprocessing's resource tracker, which unblocks the signal when it
    starts, is started first.

    Once they run (`release` until `restore`): a Ctrl-C first kills the workers, then raises
    KeyboardInterrupt. Why: the exception lands wherever this thread is, usually inside joblib's
    wait for results, and joblib then shuts the pool down with `kill_workers` while loky's
    manager thread may still hold task ids it has not handed out; loky's thread then fails on
    them with a KeyError traceback (3 runs in 80 without psutil). Killing the workers first and
    waiting for loky's thread to see them gone sends it down its "broken pool" path instead, which
    ends the thread before the shutdown starts. Nothing is lost: results are taken in this
    process, and a worker's unfinished task is searched again when the run resumes.

    SIGTERM, while they run, likewise kills them first and then calls the handler the command set
    (which ends the run as Ctrl-C does and saves its checkpoint), for the same race; when no
    Python handler is set it is left alone."""

    def __init__(self, setting: SearchSetting):
        self.active = (setting.backend == "loky" and hasattr(signal, "pthread_sigmask")
                       and threading.current_thread() is threading.main_thread())
        self.interrupted = False
        self.installed = False
        self.previous = None
        self.previous_term = None  # the command's SIGTERM handler, while the workers run

    def __enter__(self) -> "HeldInterrupt":
        if self.active:
            resource_tracker.ensure_running()
            self.previous = signal.signal(signal.SIGINT, self._record)
            self.installed = True
            signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
        return self

    def _record(self, signum, frame) -> None:
        self.interrupted = True

    def _interrupt(self, signum, frame) -> None:
        stop_workers()
        raise KeyboardInterrupt

    def _terminate(self, signum, frame) -> None:
        stop_workers()
        self.previous_term(signum, frame)

    def __exit__(self, kind, error, trace) -> None:
        if self.active:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # a pending one: recorded
            if kind is not None:
                self.restore()

    def release(self) -> None:
        """The workers have started: from now on a Ctrl-C kills them and raises
        KeyboardInterrupt, and one that came while they started does so now (called inside the
        caller's try, so its cleanup runs)."""
        if self.installed:
            signal.signal(signal.SIGINT, self._interrupt)
            term = signal.getsignal(signal.SIGTERM)
            if callable(term):
                self.previous_term = term
                signal.signal(signal.SIGTERM, self._terminate)
        if self.interrupted:
            self.interrupted = False
            self._interrupt(signal.SIGINT, None)

    def restore(self) -> None:
        """Give Ctrl-C back to its usual handler."""
        if self.installed:  # (None: a handler not set from Python; the default then)
            signal.signal(signal.SIGINT, signal.SIG_DFL if self.previous is None else self.previous)
            if self.previous_term is not None:
                signal.signal(signal.SIGTERM, self.previous_term)
                self.previous_term = None
            self.installed = False
        if self.interrupted:  # came while the start failed: raise it after all
            self.interrupted = False
            raise KeyboardInterrupt


def close_workers() -> None:
    """Shut this process's loky workers down and wait for them, if any were started (a command
    calls this as it ends). Why: left to the interpreter's exit, a clean `--first salet` run on a
    loaded machine ended with loky's "leaked semlock objects" and "leaked folder objects"
    warnings; shut down in order, the workers release what they hold first. Reads loky's
    executor, private to it, only when loky was imported at all."""
    module = sys.modules.get("joblib.externals.loky.reusable_executor")
    executor = getattr(module, "_executor", None)
    if executor is not None:
        executor.shutdown(wait=True)


def stop_workers(wait: float = STOP_WAIT) -> None:
    """Kill this process's loky workers at once (SIGKILL: they ignore Ctrl-C, and a kernel call
    cannot be interrupted), and give loky's manager thread up to `wait` seconds to see them gone
    and end (its "broken pool" path). Reads loky's executor, private to it, so nothing is assumed:
    without one there is nothing to kill. The signal is sent by pid: loky's process objects have
    no working `kill()` (their Popen lacks it), and calling it had silently killed nothing."""
    from joblib.externals.loky import reusable_executor
    executor = reusable_executor._executor
    processes = getattr(executor, "_processes", None) or {}
    for pid in list(processes):
        try:
            os.kill(pid, signal.SIGKILL)
        except (OSError, TypeError):  # already gone
            pass
    call_queue = getattr(executor, "_call_queue", None)
    if processes and hasattr(call_queue, "cancel_join_thread"):
        # the queue's feeder thread may be blocked writing to a pipe no worker reads any more;
        # joined at exit, it would hang the process (seen: 2 SIGTERMs in 24)
        call_queue.cancel_join_thread()
    manager = getattr(executor, "_executor_manager_thread", None)
    if processes and isinstance(manager, threading.Thread) and manager.is_alive():
        manager.join(wait)
