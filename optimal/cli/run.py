"""Running a command: library errors become one line on stderr and their exit code.

Why one place: the rule "bad input gets one clear line on stderr and exit 2, never a traceback" must
hold for every command, so the mapping from library errors to exit codes is written once.
"""

from __future__ import annotations

import _thread
import os
import signal
import sys
import threading
import time
import warnings
import socket
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext

from optimal.errors import OptimalError
from optimal.files import notes_held, release_notes, say


def _one_line_warning(message, category, filename, lineno, file=None, line=None):
    """A warning is one line, and like a note it is held until the input is checked (so a bad
    input's error stays its one line: `optimal.files.notes_held`)."""
    say(f"warning: {message}")


_ended_by_signal = False  # set once a command has ended on Ctrl-C or SIGTERM (`_interrupt_again`)


def _ended_on_signal(ended: bool = True) -> None:
    global _ended_by_signal
    _ended_by_signal = ended


def _interrupt_again(unraisable) -> None:
    """A Ctrl-C that lands inside a C callback (llvmlite's object-cache hook while numba compiles)
    cannot propagate there: Python would print it as "Exception ignored ... Traceback" and drop it.
    Instead it is raised again as a signal, so it surfaces at the next Python line like any other
    Ctrl-C (and the command ends with its one line and exit 130). It is sent a moment later from
    another thread: raised here, inside the hook, it would be dropped again. Anything else goes to
    the default hook, unless the command has already ended on a Ctrl-C or SIGTERM: then it is the
    interrupt's fallout, an object the signal cut short in its constructor failing in its
    finalizer as the interpreter exits (llvmlite's `ObjectRef.__del__`: "no attribute
    '_as_parameter_'", 1 run in 450), and the command's one line has been said. Such a failure
    in a finalizer of llvmlite's is dropped even before that (`_half_built_llvm_object`)."""
    if _ended_by_signal or _half_built_llvm_object(unraisable):
        return
    if issubclass(unraisable.exc_type, KeyboardInterrupt):
        _thread.start_new_thread(_interrupt_soon, ())
        return
    sys.__unraisablehook__(unraisable)


def _half_built_llvm_object(unraisable) -> bool:
    """An AttributeError in a finalizer of llvmlite's (`OutputString.__del__`: "no attribute
    '_ptr'") comes from an object whose constructor never finished, which only a Ctrl-C in the
    middle of it causes (any other failure there surfaces as itself). It can be collected while
    the Ctrl-C unwinds, before the command has said it ended (1 of CI's random interruptions
    during a compile printed it as a traceback), so it is dropped whenever it comes."""
    module = getattr(unraisable.object, "__module__", None) or ""
    return issubclass(unraisable.exc_type, AttributeError) and module.startswith("llvmlite")


def catch_interrupts_in_callbacks() -> None:
    """Send a Ctrl-C that lands in a callback on as a signal (`_interrupt_again`). `run_cli` does
    this, and a command's `__main__` does it first, before its heavy imports: there a Ctrl-C can
    land in the import system's module-lock callback (1 run in 200 interrupted while numpy and
    numba load), and without the hook it was printed as a traceback and dropped, the run going on
    to its end."""
    sys.unraisablehook = _interrupt_again


def _interrupt_soon() -> None:
    time.sleep(0.05)
    os.kill(os.getpid(), signal.SIGINT)


class Terminated(KeyboardInterrupt):
    """SIGTERM (`kill PID`, a scheduler's time limit, a shutdown), raised like Ctrl-C so the same
    cleanup runs: an `--all` run saves its checkpoint on the way out. Without it the process died
    at once, and the results since the last periodic save were lost (minutes of them when no new
    word finished in between, e.g. during the tie pass)."""


def _terminate(signum, frame) -> None:
    raise Terminated


class ClosedPipeTolerant:
    """Standard output that, once its reader has gone (`... | head`), quietly drops the rest
    instead of raising BrokenPipeError inside the command. Why: the error surfaced at the next
    print, which was before the result files were written, so `search ... | head` exited 0 with
    no files. Now the command goes on and writes them; only the unread lines are lost. The
    descriptor is pointed at /dev/null, so the interpreter's final flush does not fail either.
    The first line written also releases the notes held while the input was checked."""

    def __init__(self, stream):
        self.stream = stream
        self.closed_pipe = False

    def write(self, text: str) -> int:
        """Write `text` while the reader is there; once it has gone, drop it. Returns the length
        either way, as a stream would. Output has begun, so the notes held until the input was
        accepted are said first."""
        release_notes()  # output has begun: the input was accepted, so held notes are said
        if not self.closed_pipe:
            try:
                return self.stream.write(text)
            except BrokenPipeError:
                self._drop()
        return len(text)

    def flush(self) -> None:
        """Flush while the reader is there; once it has gone, do nothing."""
        if not self.closed_pipe:
            try:
                self.stream.flush()
            except BrokenPipeError:
                self._drop()

    def _drop(self) -> None:
        self.closed_pipe = True
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, self.stream.fileno())
            os.close(devnull)
        except (OSError, ValueError, AttributeError):  # not a real descriptor (a test's capture)
            pass

    def __getattr__(self, name: str):
        return getattr(self.stream, name)


def _devnull():
    """A text stream to /dev/null, for a standard stream that was closed before the command
    started (`>&-`, `2>&-`): Python then sets sys.stdout or sys.stderr to None, and the first
    print or error line raised AttributeError (exit 1, no result files). With it the command runs
    as usual, its results written and its exit code kept; only the lines are lost."""
    return open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (lives as long as the run)


EXIT_DEADLINE = 10.0  # seconds a terminated command may take to exit before it is made to


def exit_by_deadline(code: int, seconds: float | None = None) -> None:
    """Make sure a terminated process ends: its results are saved and its line written by now,
    but a thread of a worker pool (loky's queue feeder, blocked writing to a pipe whose readers
    were killed) can hold up the interpreter's exit forever (2 SIGTERMs in 24 hung). A daemon timer
    ends the process with `code` if it is still there after `seconds`; a normal exit comes first."""
    def end() -> None:
        try:
            sys.stdout.flush()
            sys.stderr.flush()
        finally:
            os._exit(code)

    timer = threading.Timer(EXIT_DEADLINE if seconds is None else seconds, end)
    timer.daemon = True
    timer.start()


WRITTEN = "; files already written are complete"  # said on Ctrl-C by commands that write files


@contextmanager
def signals_reach_kernels() -> Iterator[None]:
    """While a command runs in the main thread: a Ctrl-C or SIGTERM whose handler ends the
    command also stops a search kernel that is running (`lookahead.spaces.stop`), so the command
    ends within moments instead of when the kernel returns (an hour, for one first word of the
    12,972-answer game). Python's C-level handler writes each signal's number to a socket the
    moment it arrives (`signal.set_wakeup_fd`); a thread waiting on that socket sets the stop
    flag when the handler now in force is one that raises (Ctrl-C's default, SIGTERM's
    `_terminate`). A handler that only records the signal (the parallel schedule's, while its
    workers start) is left to do that: nothing is stopped then. The engine is reached only if the
    command has loaded it (`sys.modules`): importing it here would cost every command, `verify`
    included, a third of a second of numba's import."""
    _engine("clear_stop")
    reader, writer = socket.socketpair()
    writer.setblocking(False)
    try:
        previous = signal.set_wakeup_fd(writer.fileno(), warn_on_full_buffer=False)
    except (ValueError, OSError):  # not possible here: signals keep their usual course
        reader.close()
        writer.close()
        yield
        return

    def watch() -> None:
        while data := reader.recv(64):
            for signum in data:
                if signal.getsignal(signum) in (_terminate, signal.default_int_handler):
                    _engine("request_stop")

    watcher = threading.Thread(target=watch, name="signal watcher", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        signal.set_wakeup_fd(previous)
        writer.close()  # the watcher reads the end of the stream and returns
        watcher.join(timeout=1.0)
        reader.close()
        _engine("clear_stop")


def _engine(name: str) -> None:
    """Call the engine's stop-flag function `name` (`lookahead.clear_stop` or `request_stop`) if
    the engine is loaded; if it is not, no kernel can be running."""
    call = getattr(sys.modules.get("lookahead"), name, None)  # (None while it is being imported)
    if call is not None:
        call()


def run_cli(body: Callable[[], int], prog: str, writes: bool = True) -> int:
    """Run a command body, turning library errors into one stderr line and their exit code;
    SIGTERM ends it as Ctrl-C does (exit 143), in the main thread, for the body's duration; output
    to a pipe whose reader has gone is dropped (`ClosedPipeTolerant`). A command that writes no
    file (`writes` False: the web server, the assistant) does not claim its files are complete."""
    _ended_on_signal(False)  # (a command run in-process after another starts afresh)
    warnings.showwarning = _one_line_warning
    catch_interrupts_in_callbacks()
    main = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, _terminate) if main else None
    stdout, stderr = sys.stdout, sys.stderr
    sys.stdout = ClosedPipeTolerant(stdout if stdout is not None else _devnull())
    if stderr is None:
        sys.stderr = _devnull()
    try:
        with notes_held(), (signals_reach_kernels() if main else nullcontext()):
            return body()
    except OptimalError as error:
        sys.stderr.write(f"{prog}: error: {error}\n")
        return error.exit_code
    except Terminated:
        _ended_on_signal()
        sys.stderr.write(f"{prog}: terminated{WRITTEN if writes else ''}\n")
        exit_by_deadline(143)
        return 143
    except KeyboardInterrupt:
        _ended_on_signal()
        sys.stderr.write(f"{prog}: interrupted{WRITTEN if writes else ''}\n")
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # an unreadable input or unwritable --out: the user's to fix
        where = f"{error.filename}: " if error.filename else ""
        sys.stderr.write(f"{prog}: error: {where}{error.strerror or error}\n")
        return 2
    finally:
        sys.stdout, sys.stderr = stdout, stderr
        if main:  # (a command run inside another program, e.g. a test, gives its handler back)
            signal.signal(signal.SIGTERM, previous if previous is not None else signal.SIG_DFL)


def exit_as_script(main: Callable[[], int], prog: str) -> None:
    """Run a command that may start worker processes as `python -m`, then shut its workers down in
    order before the interpreter exits (loky, left to the exit, printed leaked-semlock warnings on
    a loaded machine), and exit with the command's code. In-process callers (tests) call `main`
    directly and keep the workers for the next call.

    A Ctrl-C outside `run_cli` ends the command as inside it does, with one line and exit 130:
    one while the argument parser is built (it had printed a traceback, 2 runs in 450 interrupted
    at random in the first 0.6 s). Once `main` has returned the command is done, so Ctrl-C is
    ignored while the workers shut down (a moment), rather than cutting that short."""
    code = None
    try:
        code = main()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        from lookahead import close_workers

        close_workers()
    except KeyboardInterrupt:
        _ended_on_signal()
        if code is None:  # (else the command had ended and said so: it exits as interrupted)
            sys.stderr.write(f"{prog}: interrupted\n")
        code = 130
    sys.exit(code)
