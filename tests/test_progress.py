"""Progress of a long kernel call (`optimal.cli.progress.KernelProgress`): a kernel returns only
when it is done, so a thread shows the count it keeps while it runs (Absurdle's challenge mode
once ran 346 s without a sign of life)."""

from __future__ import annotations

import io
import re
import time

import lookahead.kernels.compiled as compiled
import optimal.cli.progress as progress_module
from optimal.cli.progress import KernelProgress, WordProgress, duration


def climbing_work(counter: list[int]) -> None:
    """Stands in for a kernel: it runs a while without returning, and its count climbs."""
    for _ in range(12):
        time.sleep(0.02)
        counter[0] += 5


def test_a_long_kernel_call_shows_its_count_while_it_runs(monkeypatch, capsys):
    monkeypatch.setenv("OPTIMAL_PROGRESS_EVERY", "0")  # a line at every look, out of a terminal
    counter = [7]  # counted from where the call starts
    with KernelProgress("win within 4 guesses", lambda: counter[0], quiet=False, every=0.005):
        climbing_work(counter)
    lines = capsys.readouterr().err.splitlines()
    shown = [re.fullmatch(r"win within 4 guesses: ([\d,]+) nodes, \d+ s", line) for line in lines]
    assert lines and all(shown), lines
    counts = [int(m.group(1).replace(",", "")) for m in shown]
    assert len(counts) >= 2 and counts == sorted(counts) and counts[-1] == 60


def test_quiet_shows_nothing(monkeypatch, capsys):
    monkeypatch.setenv("OPTIMAL_PROGRESS_EVERY", "0")
    counter = [0]
    with KernelProgress("win within 4 guesses", lambda: counter[0], quiet=True, every=0.005):
        climbing_work(counter)
    assert capsys.readouterr().err == ""


def test_a_word_that_takes_long_still_shows_the_run_is_alive(monkeypatch, capsys):
    """No word done for a while (a weak first word of the big game took over 45 minutes, and its
    run printed nothing): the bar says how long it has been on the next word, every `beat`
    seconds, and stops saying it once a word is done."""
    monkeypatch.delenv("OPTIMAL_PROGRESS_EVERY", raising=False)  # steps: a line every 10 s
    progress = WordProgress(3, 0, quiet=False, save=None, beat=0.05)
    time.sleep(0.3)
    progress.step("NANNA >= 52897")
    time.sleep(0.02)
    progress.close()
    lines = capsys.readouterr().err.splitlines()
    beats = [re.fullmatch(r"first guesses: 0/3 words, \d+ s \| \d+ s on the next word", line)
             for line in lines[:-1]]
    assert len(beats) >= 2 and all(beats), lines
    assert lines[-1] == "first guesses: 1/3 words, 0 s | NANNA >= 52897"


class CompilingAllAlong:
    """Stands in for the compile clock while the kernels compile: all the time passing is
    compiling."""

    def __init__(self) -> None:
        self.start = time.perf_counter()

    @property
    def seconds(self) -> float:
        return time.perf_counter() - self.start

    compiling = True


def test_the_compile_is_not_time_on_a_word(monkeypatch, capsys):
    """The first run compiles the kernels for a minute or more: that has its own lines, and the
    word bar does not call it time on the next word."""
    monkeypatch.delenv("OPTIMAL_PROGRESS_EVERY", raising=False)
    clock = CompilingAllAlong()
    monkeypatch.setattr(compiled, "compile_clock", lambda: clock)
    monkeypatch.setattr(progress_module, "compile_clock", lambda: clock)
    progress = WordProgress(3, 0, quiet=False, save=None, beat=0.05)
    time.sleep(0.3)
    progress.close()
    assert "on the next word" not in capsys.readouterr().err


def test_a_quiet_word_bar_has_no_beat(capsys):
    progress = WordProgress(3, 0, quiet=True, save=None, beat=0.01)
    time.sleep(0.1)
    progress.close()
    assert progress.beating is None and capsys.readouterr().err == ""


def test_durations_read_as_people_say_them():
    assert [duration(s) for s in (45, 119.6, 720, 5400, 7200, 9000)] == \
        ["45 s", "120 s", "12 min", "90 min", "2.0 h", "2.5 h"]


def test_a_count_of_one_reads_as_one():
    """Out of a terminal the line names the unit in the plural unless there is exactly one of it
    and no total ('1 search', '2 searches', '1/3 searches'; the review printed '1 searches')."""
    stream = io.StringIO()
    for n, total, expected in ((1, None, "1 search,"), (2, None, "2 searches,"),
                               (1, 3, "1/3 searches,")):
        progress_module.LineBar("review", "search", total, n, stream).show()
        assert expected in stream.getvalue().splitlines()[-1]
