"""Mid-game positions: the best next guess, its total, and what the alternatives cost.

A player's question ("what now, after SALET BBYBB?") is the search's question at a state instead
of at the start: candidates, guesses left and (in hard mode) what the rule demands of the next
guess. The best guess's value is exact over every allowed guess (within the beam, when one is
set: then an upper bound); the alternatives are the most promising guesses by the search's own
ordering score, each solved the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass

import numpy as np

from lookahead.kernels.compiled import WorkClock
from lookahead.kernels.bounds import INF
from lookahead.questions.first_guesses import ranked_guesses
from lookahead.parallel.tasks import solver_for
from lookahead.solvers.setting import SearchSetting
from optimal.game import Game, ClueState
from optimal.tree import Node


@dataclass(frozen=True)
class NextGuess:
    """One next guess and its total from here: exact, or a lower bound (`exact` False; INF: no
    tree within the guesses left)."""

    word: str
    total: int
    exact: bool


@dataclass
class StateOutcome:
    """The best next guess at a state (None when no tree finishes in time) and the alternatives,
    best first; `beam` > 0 makes every total an upper bound."""

    candidates: np.ndarray
    guesses_left: int
    best: NextGuess | None
    alternatives: list[NextGuess]
    beam: int
    seconds: float

    @property
    def rows(self) -> list[NextGuess]:
        """The best guess and the alternatives, by total."""
        return sorted(([self.best] if self.best else []) + self.alternatives, key=lambda r: r.total)


def best_next_guess(game: Game, candidates: np.ndarray, guesses_left: int,
                    state: ClueState | None, setting: SearchSetting) -> NextGuess | None:
    """The guess of least total at a state, with that total (None when no tree exists)."""
    solver = solver_for(game, setting.beam, setting.memo_mb)
    value, guess = solver.best_guess(candidates, guesses_left, state)
    return None if value >= INF else NextGuess(game.guesses.words[guess], value, True)


def best_next_tree(game: Game, candidates: np.ndarray, guesses_left: int,
                   state: ClueState | None, setting: SearchSetting) -> tuple[NextGuess, Node] | None:
    """The guess of least total at a state, with that total, and the tree it starts (within the
    beam when `setting.beam` > 0: then a real tree whose total is an upper bound); None when no
    tree finds every candidate within `guesses_left`. One solver does both, so the tree is walked
    through the search's own memo and costs little more than the search."""
    solver = solver_for(game, setting.beam, setting.memo_mb)
    value, guess = solver.best_guess(candidates, guesses_left, state)
    if value >= INF:
        return None
    tree = solver.tree(candidates, guesses_left, state, first=guess)
    return NextGuess(game.guesses.words[guess], value, True), tree


def solve_state(game: Game, candidates: np.ndarray, guesses_left: int, state: ClueState | None,
                setting: SearchSetting, alternatives: int = 5,
                watch: Callable[[Callable[[], int]], AbstractContextManager] | None = None
                ) -> StateOutcome:
    """The best next guess and the totals of up to `alternatives` other promising guesses.
    `watch`, when given, is entered around the searches with a function returning the nodes
    searched so far: a caller's progress display (a state of a thousand answers can take minutes,
    and the kernel releases the GIL, so a thread can read the count while it runs)."""
    clock = WorkClock()
    solver = solver_for(game, setting.beam, setting.memo_mb)  # the one best_next_guess uses
    with watch(lambda: solver.counters()["nodes"]) if watch else nullcontext():
        best = best_next_guess(game, candidates, guesses_left, state, setting)
        others = []
        for guess, _ in ranked_guesses(game, setting, candidates, guesses_left, state,
                                       limit=alternatives) if best is not None else ():
            word = game.guesses.words[guess]
            if word != best.word:
                total, exact = solver.evaluate(candidates, guess, guesses_left, state)
                others.append(NextGuess(word, total, exact))
    return StateOutcome(np.asarray(candidates), guesses_left, best, others, setting.beam,
                        clock.seconds)
