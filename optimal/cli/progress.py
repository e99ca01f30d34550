"""The progress bar of a run over many first words, and the periodic checkpoint that goes with it.

Why one class: every long driver (`--all` for the total and for the worst-case objective) shows the
same bar and saves its results every few seconds, so an interrupted run resumes where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable

SAVE_EVERY = 10.0  # seconds between checkpoint writes


class WordProgress:
    """A tqdm bar over first words (hidden with `quiet`) that calls `save` at most every
    SAVE_EVERY seconds as results come in (never, when `save` is None)."""

    def __init__(self, total: int, already: int, quiet: bool, save: Callable[[], None] | None):
        from tqdm import tqdm

        self.bar = tqdm(total=total, initial=already, desc="first guesses", unit="word",
                        disable=True if quiet else None, mininterval=0.5, dynamic_ncols=True)
        self.save = save
        self.last_save = time.perf_counter()

    def step(self, postfix: str) -> None:
        """One more word done; `postfix` is shown after the bar."""
        self.bar.update(1)
        self.bar.set_postfix_str(postfix)
        if self.save is not None and time.perf_counter() - self.last_save > SAVE_EVERY:
            self.save()
            self.last_save = time.perf_counter()

    def close(self) -> None:
        self.bar.close()
