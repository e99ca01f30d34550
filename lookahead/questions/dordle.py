"""Dordle questions answered with the pair solver: the value of first words, a proven lower bound
on the optimum over every first word, and the best next guess within a time budget.

How the optimum is bounded from both sides. An *upper* bound is the total of a real tree: the
exact value of a first word (branch and bound with the best total so far as cutoff), or a beam's.
The *lower* bound starts at the least split bound of any useful first word (`lookahead.kernels.pair_bounds`)
and is raised by exact searches of the whole game (every first guess, inside the kernel), each cut
off a little above it; the step grows 1, 4, 16, ... (as in `lookahead.questions.exact_values`) and never reaches
past the upper bound. A search that finishes below its cutoff has found the optimum; one that
reaches the upper bound has proven that tree optimal. numba kernels cannot be interrupted, so a
time budget is checked between steps.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, replace

import numpy as np

from lookahead.kernels.bounds import INF
from lookahead.kernels.memo import make_room
from lookahead.parallel.schedule import collect_paced
from lookahead.solvers.pair import Board, DordleSolver, pair_state
from lookahead.solvers.setting import SearchSetting
from optimal.dordle import DordleNode
from optimal.game import Game

#: Most games (pairs of answers) a state may stand for before the assistant does not search it:
#: a kernel call cannot be interrupted, and beyond this a prompt could wait minutes.
ASSIST_MAX_GAMES = 40_000
ASSIST_CACHE_MB = 128

_SOLVERS: dict[tuple, DordleSolver] = {}
_LOCK = threading.Lock()


def solver_for(game: Game, setting: SearchSetting) -> DordleSolver:
    """This process's Dordle solver for a game and the setting's beam and memo (its memo stays
    warm between calls); one per thread, and only the latest game's are kept."""
    key = (game.fingerprint, setting.beam, setting.cache_mb, threading.get_ident())
    with _LOCK:
        if key not in _SOLVERS:
            for old in [k for k in _SOLVERS if k[0] != key[0]]:
                del _SOLVERS[old]
            _SOLVERS[key] = DordleSolver(game, beam=setting.beam, cache_mb=setting.cache_mb)
        return _SOLVERS[key]


def root(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The start of a game: both boards hold every answer."""
    everything = game.all_candidates()
    return everything, everything


# ---------------------------------------------------------------- the upper bound


@dataclass
class DordleWordValue:
    """The total of a first word's tree: exact (`exact`: the proven optimum for that word), a
    lower bound (an exact search cut off: `exact` False), or a beam's total (`beam` > 0: an upper
    bound); `lower` is its split bound, valid beside a beam."""

    word: str
    total: int
    exact: bool
    beam: int | tuple[int, ...]
    lower: int
    seconds: float = 0.0

    @property
    def feasible(self) -> bool:
        """Whether a tree within the guess limit exists for this word (its total is finite)."""
        return self.total < INF


@dataclass(frozen=True)
class DordleIncumbent:
    """The best tree known: its first word, total, and the beam that made it (0: exact search,
    so the total is the optimum for that first word)."""

    word: str
    total: int
    beam: int | tuple[int, ...] = 0

    @property
    def exact(self) -> bool:
        """Whether the total came from an exact search (no beam), so it is that word's optimum."""
        return not self.beam


def dordle_ranked_guesses(game: Game, setting: SearchSetting = SearchSetting(),
                          limit: int | None = None) -> list[tuple[int, int]]:
    """(guess, split bound) of every useful first guess, most promising first (the search's own
    order). The bounds are proven lower bounds, whatever any beam finds (the setting's beam is
    not used: only its memo size)."""
    board1, board2 = root(game)
    return solver_for(game, setting.with_beam(0)).ranked_guesses(board1, board2, game.max_guesses,
                                                                 limit)


def dordle_values_task(game: Game, guesses: list[int], setting: SearchSetting, cutoff: int
                       ) -> list[DordleWordValue]:
    """Each guess's total as the first word, one after another in this process (a worker's task):
    an exact search cut off at the best total so far (`cutoff`, lowered by each exact value found
    here; a word that cannot beat it ends with a lower bound), or with a beam the total of its
    tree."""
    board1, board2 = root(game)
    d = game.max_guesses
    solver = solver_for(game, setting)
    bounds = solver.split_bounds(board1, board2, d, guesses)
    best = cutoff if solver.exact else INF
    out = []
    for g in guesses:
        make_room(solver.ws)  # room for each word's own states
        start = time.perf_counter()
        total, exact = solver.evaluate(board1, board2, g, d, best)
        out.append(DordleWordValue(game.guesses.words[g], total, exact, setting.beam, bounds[g],
                                   time.perf_counter() - start))
        if solver.exact and exact:
            best = min(best, total)
    return out


def dordle_word_values(game: Game, guesses: list[int], setting: SearchSetting = SearchSetting(),
                       cutoff: int = INF,
                       on_result: Callable[[DordleWordValue], None] | None = None
                       ) -> list[DordleWordValue]:
    """Each guess's total as the first word (see `dordle_values_task`), in completion order: on
    this process or, when the pace says it pays (a word of the 500-answer proof takes seconds to
    a minute), on the setting's workers, each task cut off at the best exact total found so far.
    Each word's search is independent, so the values are the same either way (a word cut off at a
    later, lower cutoff still gets a proven bound or its exact total)."""
    best = [cutoff]
    task_setting = replace(setting, cache_mb=setting.memo_mb, jobs=1)

    def call(batch: list[int]) -> tuple:
        return dordle_values_task, (game, batch, task_setting, best[0])

    def taken(value: DordleWordValue) -> None:
        if value.exact and not setting.beam:
            best[0] = min(best[0], value.total)
        if on_result:
            on_result(value)

    return collect_paced(list(guesses), call, setting, taken)


def dordle_first_word_branches(game: Game, word: str, setting: SearchSetting = SearchSetting()
                               ) -> Iterator[tuple[tuple[int | None, int | None], DordleNode]]:
    """The tree of a first word, optimal (exact search) or the setting's beam's, as the subtree
    below each reply pair, one at a time (see `DordleSolver.branches`)."""
    board1, board2 = root(game)
    solver = solver_for(game, setting)
    return solver.branches(board1, board2, game.max_guesses, game.guess_id(word))


def dordle_first_word_branch_count(game: Game, word: str,
                                   setting: SearchSetting = SearchSetting()) -> int:
    """How many subtrees `dordle_first_word_branches` yields (the reply pairs some game gives):
    the total of the progress shown while the tree is built, which on the full lists takes
    many minutes a branch at a time."""
    board1, board2 = root(game)
    return len(solver_for(game, setting).children(board1, board2, game.guess_id(word)))


# ---------------------------------------------------------------- the lower bound


@dataclass
class DordleBound:
    """A proven lower bound on the game's optimum over every first word, the step its next search
    reaches above it, and, once a search finished below its cutoff, an optimal first word (then
    `lower` is the optimum). `seconds` and `steps` add up over resumed runs."""

    lower: int
    step: int = 1
    word: str | None = None
    seconds: float = 0.0
    steps: int = 0

    @property
    def exact(self) -> bool:
        """Whether the bound is the game's optimum (a search finished below its cutoff and found
        `word`)."""
        return self.word is not None

    def as_dict(self) -> dict:
        """The bound as a JSON-ready dict (the form a resumed run reads back)."""
        return {"lower": self.lower, "step": self.step, "word": self.word,
                "seconds": round(self.seconds, 3), "steps": self.steps}


def dordle_raise_bound(game: Game, bound: DordleBound, upper: int, budget: float,
                       setting: SearchSetting = SearchSetting(),
                       on_step: Callable[[DordleBound], None] | None = None) -> DordleBound:
    """Raise `bound` (in place, and returned) for up to `budget` seconds by exact searches of the
    whole game, each cut off at the bound plus its step and never past `upper` (the total of a
    known tree, INF for none): the bound becomes exact when a search finishes below its cutoff,
    and reaches `upper` when that tree is optimal. `on_step` sees the bound after each search."""
    board1, board2 = root(game)
    solver = solver_for(game, setting.with_beam(0))
    start = time.perf_counter()
    while not bound.exact and bound.lower < min(upper, INF) and time.perf_counter() - start < budget:
        beta = min(bound.lower + bound.step, upper)
        began = time.perf_counter()
        value, guess = solver.best_guess(board1, board2, game.max_guesses, beta)
        bound.seconds += time.perf_counter() - began
        bound.steps += 1
        bound.lower = max(bound.lower, value)
        if guess >= 0:
            bound.word = game.guesses.words[guess]
        bound.step *= 4
        if on_step:
            on_step(bound)
    return bound


# ---------------------------------------------------------------- the assistant


@dataclass(frozen=True)
class DordleSuggestion:
    """A next guess for a Dordle state: `total` guesses over the state's `games` games from here;
    `proven` when it is the exact optimum (else the total of a beam's tree, an upper bound). No
    word (and total INF) when no tree finishes within the guesses left: proven so, or only no beam
    tree found."""

    word: str | None
    total: int
    proven: bool
    games: int
    seconds: float = field(default=0.0, compare=False)


def dordle_next_guess(game: Game, board1: Board, board2: Board, guesses_left: int,
                      budget: float = 2.0, max_games: int = ASSIST_MAX_GAMES,
                      setting: SearchSetting = SearchSetting(cache_mb=ASSIST_CACHE_MB)
                      ) -> DordleSuggestion | None:
    """The best next guess for two boards' candidate sets (None or empty: solved) with
    `guesses_left` guesses: exact when the search finishes within `budget` seconds (checked
    between steps of a rising cutoff), else a one-guess-per-node beam's choice (not proven).
    None when the state stands for more than `max_games` games (too big to start at a prompt);
    no word when no tree finishes within the guesses left (`proven` says whether that is
    certain)."""
    state = pair_state(board1, board2)
    if state.games > max_games:
        return None
    # the bound no search needs (from the set sizes, whatever the beam: with no budget the beam's
    # solver gives it, and no exact solver is set up); its first call also loads (or compiles) the
    # kernel, which is not search time, so the budget starts after it
    solver = solver_for(game, setting.with_beam(0 if budget > 0 else 1))
    lower, step = solver.solve(board1, board2, guesses_left, 1), 1
    start = time.perf_counter()
    while lower < INF and time.perf_counter() - start < budget:
        value, guess = solver.best_guess(board1, board2, guesses_left, lower + step)
        if guess >= 0:
            return DordleSuggestion(game.guesses.words[guess], value, True, state.games,
                                    time.perf_counter() - start)
        lower, step = value, step * 4
    if lower >= INF:
        return DordleSuggestion(None, INF, True, state.games, time.perf_counter() - start)
    value, guess = solver_for(game, setting.with_beam(1)).best_guess(board1, board2, guesses_left)
    if guess < 0:
        return DordleSuggestion(None, INF, False, state.games, time.perf_counter() - start)
    return DordleSuggestion(game.guesses.words[guess], value, False, state.games,
                            time.perf_counter() - start)
