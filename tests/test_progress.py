"""Progress of a long kernel call (`optimal.cli.progress.KernelProgress`): a kernel returns only
when it is done, so a thread shows the count it keeps while it runs (Absurdle's challenge mode
once ran 346 s without a sign of life)."""

from __future__ import annotations

import re
import time

from optimal.cli.progress import KernelProgress


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
