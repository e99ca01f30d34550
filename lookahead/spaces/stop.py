"""The process's stop flag: how Ctrl-C or SIGTERM reaches a search kernel that is running.

Why: Python runs a signal's handler only between bytecodes of the main thread, so a kernel call
(minutes to hours for one first word of the 12,972-answer game) held Ctrl-C and `kill PID` until
it returned, and a scheduler's time limit then killed the run with `kill -9`, losing what it had
not saved. Every workspace holds this one array (`ws.stop`); the search kernels look at it at
every node and, once it is set, return at once without finishing. A watcher thread of the command
(`optimal.cli.run`) sets it the moment the signal arrives, so the handler runs within a node's
work of the signal.

A kernel that stopped early leaves values in its solver's memo that are not proven (a part cut
short reads as "no tree"). So the solver forgets its memo and its unwritten certificate records
(`forget_if_stopped`) before anything else can read them, and no result of that call is returned:
the signal's own handler raises (Ctrl-C's KeyboardInterrupt, the command's `Terminated`), or, in
a thread that is not the main one, `Stopped` does.
"""

from __future__ import annotations

import threading
import time

import numpy as np

from lookahead.kernels.memo import clear_memo

STOP = np.zeros(1, np.int64)  # 1 while a stop is asked for; shared by every workspace of the process


class Stopped(KeyboardInterrupt):
    """A search call stopped early because the process was asked to stop (no result)."""


def request_stop(time_limit: bool = False) -> None:
    """Ask every kernel of this process to return as soon as it can (safe from any thread).
    `time_limit`: the caller's own clock ran out, no signal came (so no handler is waited for)."""
    STOP[0] = 2 if time_limit and STOP[0] != 1 else 1  # a signal's stop is never downgraded


def stop_requested() -> bool:
    """Whether a stop was asked for and not yet cleared."""
    return bool(STOP[0])


def clear_stop() -> None:
    """Let kernels run again (a command starts, or ends having handled the stop)."""
    STOP[0] = 0


def forget_if_stopped(ws) -> bool:
    """After a search kernel call on workspace `ws`: if a stop was asked for, the call may have
    stopped short, so what it left in the memo and the certificate buffer is not proven: forget
    both (the solver stays usable, as if new). Whether it was."""
    if not stop_requested():
        return False
    clear_memo(ws)
    ws.cert_pos[0] = 0
    return True


def unless_stopped(ws) -> None:
    """After a search kernel call that returned: if it may have stopped short, give no result. The
    signal's handler raises in the main thread as soon as it runs (a moment is left for it, so
    SIGTERM still ends the command as SIGTERM); elsewhere, after a time limit, or failing that,
    `Stopped`."""
    by_signal = STOP[0] == 1
    if not forget_if_stopped(ws):
        return
    if by_signal and threading.current_thread() is threading.main_thread():
        for _ in range(100):
            time.sleep(0.01)
    raise Stopped("the search was asked to stop")


def stoppable(ws, kernel, *args):
    """`kernel(*args)` on workspace `ws`, then `unless_stopped`; if the signal's handler raised as
    the call returned, the memo is forgotten all the same. The one wrapper every search call uses."""
    try:
        result = kernel(*args)
    except BaseException:
        forget_if_stopped(ws)
        raise
    unless_stopped(ws)
    return result
