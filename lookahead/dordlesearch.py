"""Dordle questions answered with the pair solver: the value of first words, a proven lower bound
over every first word, and the best next guess within a time budget.

How the optimum is bounded from both sides. An *upper* bound is the total of a real tree: the
exact value of a first word (branch and bound with the best total so far as cutoff), or a beam's.
A *lower* bound on the optimum is the least lower bound over every useful first word: each word
starts at its split bound (`lookahead.pairbounds`) and `dordle_raise_bounds` repeatedly takes the word
whose bound is least and raises it by an exact search cut off a little above it (the step grows
1, 4, 16, ... per word, as in `lookahead.exact`), so the game's bound grows where it is weakest.
A word whose search finishes below its cutoff has an exact value (a new upper bound when it is
smaller); the optimum is proven when the least bound of all words meets the best exact value.
numba kernels cannot be interrupted, so a time budget is checked between steps.
"""

from __future__ import annotations

import heapq
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from lookahead.bounds import INF
from lookahead.dordle import Board, DordleSolver, pair_state
from optimal.dordle import DordleNode
from optimal.game import Game

#: Most games (pairs of answers) a state may stand for before the assistant does not search it:
#: a kernel call cannot be interrupted, and beyond this a prompt could wait minutes.
ASSIST_MAX_GAMES = 40_000
ASSIST_CACHE_MB = 128

_SOLVERS: dict[tuple, DordleSolver] = {}
_LOCK = threading.Lock()


def solver_for(game: Game, beam: int | tuple[int, ...] = 0, cache_mb: float = 1024) -> DordleSolver:
    """This process's Dordle solver for a game and beam (its memo stays warm between calls); one
    per thread, and only the latest game's are kept."""
    key = (game.fingerprint, beam, cache_mb, threading.get_ident())
    with _LOCK:
        if key not in _SOLVERS:
            for old in [k for k in _SOLVERS if k[0] != key[0]]:
                del _SOLVERS[old]
            _SOLVERS[key] = DordleSolver(game, beam=beam, cache_mb=cache_mb)
        return _SOLVERS[key]


# ---------------------------------------------------------------- first words


@dataclass
class DordleWordBound:
    """What is proven about one first word: `lower` <= its optimum (INF: no tree within the
    limit); `exact` when `lower` is its optimum. `step` is how far its next search reaches."""

    word: str
    lower: int
    exact: bool = False
    step: int = 1
    seconds: float = 0.0

    def as_dict(self) -> dict:
        return {"lower": self.lower, "exact": self.exact, "step": self.step,
                "seconds": round(self.seconds, 3)}


@dataclass
class DordleWordValue:
    """The total of a first word's tree: exact (`exact`: the proven optimum for that word) or a
    beam's (an upper bound, `beam` > 0); `lower` is its split bound, valid beside a beam."""

    word: str
    total: int
    exact: bool
    beam: int | tuple[int, ...]
    lower: int
    seconds: float = 0.0

    @property
    def feasible(self) -> bool:
        return self.total < INF


@dataclass
class DordleIncumbent:
    """The best tree found so far: its first word, total and whether it was an exact search's."""

    word: str
    total: int
    exact: bool
    beam: int | tuple[int, ...] = 0


def root(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The start of a game: both boards hold every answer."""
    everything = game.all_candidates()
    return everything, everything


def dordle_ranked_guesses(game: Game, cache_mb: float = 1024,
                         limit: int | None = None) -> list[tuple[int, int]]:
    """(guess, split bound) of every useful first guess, most promising first (the search's own
    order). The bounds are proven lower bounds, whatever any beam finds."""
    board1, board2 = root(game)
    return solver_for(game, 0, cache_mb).ranked_guesses(board1, board2, game.max_guesses, limit)


def dordle_word_values(game: Game, guesses: list[int], beam: int | tuple[int, ...] = 0,
                cache_mb: float = 1024, cutoff: int = INF,
                on_result: Callable[[DordleWordValue], None] | None = None) -> list[DordleWordValue]:
    """Each guess's total as the first word: an exact search cut off at the best total so far (a
    word that cannot beat it ends with a lower bound, `exact` False), or with a beam the total of
    the beam's tree."""
    board1, board2 = root(game)
    d = game.max_guesses
    solver = solver_for(game, beam, cache_mb)
    bounds = solver.split_bounds(board1, board2, d, guesses)
    best = cutoff if solver.exact else INF
    out = []
    for g in guesses:
        start = time.perf_counter()
        total, exact = solver.evaluate(board1, board2, g, d, best)
        value = DordleWordValue(game.guesses.words[g], total, exact, beam, bounds[g],
                          time.perf_counter() - start)
        if solver.exact and exact:
            best = min(best, total)
        out.append(value)
        if on_result:
            on_result(value)
    return out


def dordle_first_word_tree(game: Game, word: str, beam: int | tuple[int, ...] = 0,
                    cache_mb: float = 1024) -> DordleNode:
    """The tree of a first word: optimal (exact search) or the beam's."""
    board1, board2 = root(game)
    solver = solver_for(game, beam, cache_mb)
    return solver.tree(board1, board2, game.max_guesses, first=game.guess_id(word))


def dordle_raise_bounds(game: Game, bounds: dict[str, DordleWordBound], incumbent: DordleIncumbent | None,
                 budget: float, cache_mb: float = 1024,
                 on_step: Callable[[DordleWordBound, int], None] | None = None) -> DordleIncumbent | None:
    """Raise the least lower bound over the first words in `bounds` (updated in place) for up to
    `budget` seconds, best first (see module), never searching past the incumbent's total: a word
    proven at least that is out. A word found exactly below it becomes the incumbent (returned).
    `on_step(word bound, game bound)` sees each step. The optimum is proven once the least bound
    reaches the incumbent's total (`dordle_game_bound`)."""
    board1, board2 = root(game)
    d = game.max_guesses
    solver = solver_for(game, 0, cache_mb)
    heap = [(b.lower, w) for w, b in bounds.items() if not b.exact and b.lower < INF]
    heapq.heapify(heap)
    start = time.perf_counter()
    while heap and time.perf_counter() - start < budget:
        lower, word = heap[0]
        upper = incumbent.total if incumbent else INF
        if lower >= upper:
            break  # every word left is proven no better than the incumbent
        heapq.heappop(heap)
        entry = bounds[word]
        began = time.perf_counter()
        value, exact = solver.evaluate(board1, board2, game.guess_id(word), d,
                                       min(lower + entry.step, upper))
        entry.seconds += time.perf_counter() - began
        entry.lower = max(entry.lower, value)
        entry.exact = exact
        entry.step *= 4
        if exact and (incumbent is None or value < incumbent.total):
            incumbent = DordleIncumbent(word, value, True)
        elif not exact and entry.lower < INF:
            heapq.heappush(heap, (entry.lower, word))
        if on_step:
            on_step(entry, dordle_game_bound(bounds))
    return incumbent


def dordle_game_bound(bounds: dict[str, DordleWordBound]) -> int:
    """The least lower bound over the first words: a lower bound on the game's optimum when the
    words are every useful first guess."""
    return min((b.lower for b in bounds.values()), default=INF)


# ---------------------------------------------------------------- the assistant


@dataclass(frozen=True)
class DordleSuggestion:
    """A next guess for a Dordle state: `total` guesses over the state's `games` games from here;
    `proven` when it is the exact optimum (else the total of a beam's tree, an upper bound)."""

    word: str
    total: int
    proven: bool
    games: int
    seconds: float = field(default=0.0, compare=False)


def dordle_next_guess(game: Game, board1: Board, board2: Board, guesses_left: int,
                      budget: float = 2.0, max_games: int = ASSIST_MAX_GAMES,
                      cache_mb: float = ASSIST_CACHE_MB) -> DordleSuggestion | None:
    """The best next guess for two boards' candidate sets (None or empty: solved) with
    `guesses_left` guesses: exact when the search finishes within `budget` seconds (checked
    between steps of a rising cutoff), else a one-guess-per-node beam's choice (not proven).
    None when the state stands for more than `max_games` games (too big to start at a prompt),
    or when no tree finishes within the guesses left."""
    state = pair_state(board1, board2)
    if state.games > max_games:
        return None
    start = time.perf_counter()
    solver = solver_for(game, 0, cache_mb)
    lower, step = solver.solve(board1, board2, guesses_left, 1), 1  # the bound no search needs
    while lower < INF and time.perf_counter() - start < budget:
        value, guess = solver.best_guess(board1, board2, guesses_left, lower + step)
        if guess >= 0:
            return DordleSuggestion(game.guesses.words[guess], value, True, state.games,
                                    time.perf_counter() - start)
        lower, step = value, step * 4
    if lower >= INF:
        return None
    value, guess = solver_for(game, 1, cache_mb).best_guess(board1, board2, guesses_left)
    if guess < 0:
        return None
    return DordleSuggestion(game.guesses.words[guess], value, False, state.games,
                            time.perf_counter() - start)
