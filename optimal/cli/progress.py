"""The progress bar of a run over many first words, and the periodic checkpoint that goes with it.

Why one class: every long driver (`--all` for the total and for the worst-case objective) shows the
same bar and saves its results every few seconds, so an interrupted run resumes where it stopped.
A save costs time (the whole checkpoint is rewritten), so saves are spaced to keep that cost to
about 2% of the run, and at least SAVE_EVERY seconds apart: a killed run loses a few seconds of
work, and a run of 12,972 words does not spend its time writing JSON.
"""

from __future__ import annotations

import time
from collections.abc import Callable

SAVE_EVERY = 2.0  # least seconds between checkpoint writes
SAVE_SHARE = 0.02  # most of the time spent writing checkpoints


class WordProgress:
    """A tqdm bar over first words (hidden with `quiet`) that calls `save` as results come in, at
    most every SAVE_EVERY seconds and at most SAVE_SHARE of the time (never, when `save` is
    None)."""

    def __init__(self, total: int, already: int, quiet: bool, save: Callable[[], None] | None):
        from tqdm import tqdm

        self.bar = tqdm(total=total, initial=already, desc="first guesses", unit="word",
                        disable=True if quiet else None, mininterval=0.5, dynamic_ncols=True)
        self.save = save
        self.last_save = time.perf_counter()
        self.save_seconds = 0.0  # how long the last save took

    def step(self, postfix: str, new: bool = True) -> None:
        """One more word done (`new`), or a word's result replaced (e.g. by the tie pass, which
        searches some words again: they are not counted twice); `postfix` is shown after the bar."""
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
        self.bar.close()
