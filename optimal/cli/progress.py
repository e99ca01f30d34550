"""The progress bar of a run over many first words, and the periodic checkpoint that goes with it.

Why one class: every long driver (`--all` for the total and for the worst-case objective) shows the
same bar and saves its results every few seconds, so an interrupted run resumes where it stopped.
A save costs time (the whole checkpoint is rewritten), so saves are spaced to keep that cost to
about 2% of the run, and at least SAVE_EVERY seconds apart: a killed run loses a few seconds of
work, and a run of 12,972 words does not spend its time writing JSON.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Callable
from typing import TextIO

from lookahead import WorkClock, compile_clock

SAVE_EVERY = 2.0  # least seconds between checkpoint writes
SAVE_SHARE = 0.02  # most of the time spent writing checkpoints


def _line_every() -> float:
    """Seconds between progress lines out of a terminal: 10, or `$OPTIMAL_PROGRESS_EVERY` (a test,
    or a log that wants more or fewer lines)."""
    try:
        return max(0.0, float(os.environ.get("OPTIMAL_PROGRESS_EVERY", "10")))
    except ValueError:
        return 10.0


class LineBar:
    """tqdm's few methods that the commands use, for a stderr that is not a terminal (a log file, a
    pipe, a scheduler's capture): one plain line every 10 seconds (`_line_every`) and one at the
    end, instead of tqdm's carriage returns (or, as tqdm does there by default, nothing at all:
    an `--all` run in the background once showed no sign of life for hours)."""

    def __init__(self, desc: str, unit: str, total: int | None = None, initial: int = 0,
                 stream: TextIO | None = None):
        self.desc, self.unit, self.total, self.n = desc, unit, total, initial
        self.stream = stream or sys.stderr
        self.postfix = ""
        self.started = self.last = time.perf_counter()
        self.shown_n = None

    def update(self, count: int = 1) -> None:
        """Count `count` more done; a line is shown if its interval has passed."""
        self.n += count
        self._maybe_show()

    def set_postfix_str(self, text: str) -> None:
        """Set the text shown after the count; a line is shown if its interval has passed."""
        self.postfix = text
        self._maybe_show()

    def _maybe_show(self) -> None:
        now = time.perf_counter()
        if now - self.last >= _line_every():
            self.last = now
            self.show()

    def show(self, note: str = "") -> None:
        """Write one line now: description, count (of the total, when known), seconds since the
        start, the postfix and `note`."""
        of = f"/{self.total:,}" if self.total else ""
        tail = "".join(f" | {text}" for text in (self.postfix, note) if text)
        plural = self.unit + ("es" if self.unit.endswith(("ch", "s", "x")) else "s")
        noun = self.unit if self.n == 1 and not self.total else plural  # "1 search", "1/3 searches"
        self.stream.write(f"{self.desc}: {self.n:,}{of} {noun}, "
                          f"{time.perf_counter() - self.started:.0f} s{tail}\n")
        self.stream.flush()
        self.shown_n = self.n

    def close(self) -> None:
        """End the display: the last state as one more line, if a line was shown and the count has
        moved since (a run shorter than the interval stays silent)."""
        if self.shown_n is not None and self.shown_n != self.n:
            self.show()  # the last state, when a line was shown before and it has moved since


def progress_bar(desc: str, unit: str, quiet: bool, total: int | None = None, initial: int = 0,
                 delay: float = 0.0):
    """A progress display on stderr: a tqdm bar in a terminal (shown after `delay` seconds), a
    `LineBar` out of one, nothing with `quiet`. Every long step of a command shows its progress
    through this."""
    from tqdm import tqdm

    if quiet:
        return tqdm(total=total, initial=initial, disable=True)
    if _is_terminal(sys.stderr):
        return tqdm(total=total, initial=initial, desc=desc, unit=unit, mininterval=0.5,
                    dynamic_ncols=True, delay=delay)
    return LineBar(desc, unit, total, initial)


class KernelProgress:
    """Progress of one long kernel call, which returns only when it is done: a thread reads a
    count the kernel keeps (its nodes searched; the kernels release the GIL while they run) every
    `every` seconds and shows it on a `progress_bar`. Why: Absurdle's challenge mode once ran 346 s
    without a sign of life. Use as `with KernelProgress(desc, count, quiet): kernel(...)`."""

    def __init__(self, desc: str, count: Callable[[], int], quiet: bool, unit: str = "node",
                 every: float = 0.5, delay: float = 0.0):
        self.count, self.start, self.every = count, count(), every
        self.bar = progress_bar(desc, unit, quiet, delay=delay)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)

    def _watch(self) -> None:
        while not self.stop.wait(self.every):
            self.bar.update(self.count() - self.start - self.bar.n)

    def __enter__(self) -> KernelProgress:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.stop.set()
        self.thread.join()
        self.bar.update(self.count() - self.start - self.bar.n)
        self.bar.close()


BEAT_EVERY = 60.0  # seconds without a word done before the bar says it is still at work


def duration(seconds: float) -> str:
    """A span for people: "45 s", "12 min", "1.5 h"."""
    if seconds < 120:
        return f"{seconds:.0f} s"
    if seconds < 7200:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.1f} h"


class WordProgress:
    """A tqdm bar over first words (hidden with `quiet`) that calls `save` as results come in, at
    most every SAVE_EVERY seconds and at most SAVE_SHARE of the time (never, when `save` is
    None).

    A word can take an hour (a weak first word of the 12,972-answer game cut off near the optimum:
    over 45 minutes, and a run of four such words printed nothing in that time), so while no word
    is done a thread says so every `beat` seconds: out of a terminal one more line ("... | 12 min
    on the next word"), in one the bar's clock and that note. The kernels release the GIL while
    they run, so the thread gets its turn. The kernels' once-only compile is not work on a word
    (the compile has its own lines), so it neither counts in that time nor gets a note."""

    def __init__(self, total: int, already: int, quiet: bool, save: Callable[[], None] | None,
                 beat: float = BEAT_EVERY):
        self.bar = progress_bar("first guesses", "word", quiet, total=total, initial=already)
        self.save = save
        self.last_save = time.perf_counter()
        self.since_step = WorkClock()  # time on the next word, the compile left out
        self.save_seconds = 0.0  # how long the last save took
        self.postfix = ""
        self.beat = beat
        self.stopped = threading.Event()
        self.beating = None if quiet else threading.Thread(target=self._beat, daemon=True)
        if self.beating is not None:
            self.beating.start()

    def _beat(self) -> None:
        """While no word is done: the note, every `beat` seconds."""
        while not self.stopped.wait(self.beat):
            idle = self.since_step.seconds
            if idle < self.beat or self.stopped.is_set() or compile_clock().compiling:
                continue
            note = f"{duration(idle)} on the next word"
            if isinstance(self.bar, LineBar):
                self.bar.show(note)
            else:  # tqdm redraws, its clock moved on
                self.bar.set_postfix_str(" | ".join(t for t in (self.postfix, note) if t))

    def step(self, postfix: str, new: bool = True) -> None:
        """One more word done (`new`), or a word's result replaced (e.g. by the tie pass, which
        searches some words again: they are not counted twice); `postfix` is shown after the bar."""
        self.since_step = WorkClock()
        self.postfix = postfix
        if new:
            self.bar.update(1)
        self.bar.set_postfix_str(postfix)
        now = time.perf_counter()
        if self.save is not None and now - self.last_save > max(SAVE_EVERY,
                                                                self.save_seconds / SAVE_SHARE):
            self.save()
            self.last_save = time.perf_counter()
            self.save_seconds = self.last_save - now

    def close(self) -> None:
        """Close the bar (a last save is the caller's)."""
        self.stopped.set()  # not joined: a Ctrl-C landing in a join leaves the interpreter's
        self.bar.close()    # thread bookkeeping half done; the thread ends at its next look


COMPILE_REPORT_FROM = 5.0  # compiles shorter than this are not reported when done


class CompileNotice:
    """What the user sees while numba compiles the kernels (only the first run on a machine, or
    after an upgrade: later runs load them from the cache): one line saying so when the first
    compile starts, then a tqdm counter in a terminal or a line every 10 seconds
    when not, and a line with the count and time as each long compile ends. Why: with an empty
    cache the main job once printed its memory line and then nothing for 15 minutes."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream
        self.quiet = False
        self.bar = None
        self.last_line = 0.0
        self.announced = False
        self.begun_at: tuple[int, float] | None = None  # (functions, seconds) when this compile began

    def out(self) -> TextIO:
        """The stream the notices go to: the one given, else stderr as it is now (looked up on each
        call, so a replaced sys.stderr is followed)."""
        return self.stream or sys.stderr

    def __call__(self, functions: int, seconds: float, compiling: bool) -> None:
        if self.quiet:
            return
        now = time.perf_counter()
        stream = self.out()
        if compiling and self.begun_at is None:
            self.begun_at = (functions, seconds)
            if not self.announced:
                self.announced = True
                stream.write("compiling the search kernels (once: later runs load them from "
                             "the cache, ~/.cache/optimal or $OPTIMAL_CACHE): a minute or "
                             "more for the search's, seconds for small ones\n")
                stream.flush()
                self.last_line = now
            if _is_terminal(stream):
                from tqdm import tqdm

                self.bar = tqdm(desc="compiling kernels", unit=" functions", file=stream,
                                initial=functions, mininterval=0.5, dynamic_ncols=True)
        if self.bar is not None:
            self.bar.n = functions
            self.bar.refresh()
        elif compiling and now - self.last_line >= _line_every():
            stream.write(f"compiling kernels: {functions} functions so far, {seconds:.0f} s\n")
            stream.flush()
            self.last_line = now
        if not compiling and self.begun_at is not None:
            if self.bar is not None:
                self.bar.close()
                self.bar = None
            if seconds - self.begun_at[1] >= COMPILE_REPORT_FROM:
                stream.write(f"compiled {functions - self.begun_at[0]} kernel functions in "
                             f"{seconds - self.begun_at[1]:.0f} s ({seconds:.0f} s of compiling in "
                             f"all; they are cached for later runs)\n")
                stream.flush()
            self.begun_at = None


_NOTICE = CompileNotice()


def show_compiles(quiet: bool) -> None:
    """Report kernel compiles on stderr from now on (none with `quiet`). Commands call it once
    their arguments are parsed (`optimal.cli.args.Parser` does), so bad input never sees it."""
    _NOTICE.quiet = quiet
    clock = compile_clock()
    clock.report = _NOTICE


def compile_seconds() -> float:
    """Seconds this process has spent compiling kernels so far: a run's search time is reported
    without them."""
    return compile_clock().seconds


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


class Stopwatch(WorkClock):
    """A run's wall time without the kernels' once-only compile (which `CompileNotice` reports on
    its own): the engine's `WorkClock`, under the name commands use."""
