"""Exact values of first guesses, each within a time budget: not just "at least best + 1".

A first-word search proves the best word's total and only a lower bound for every other word.
Here each word gets its own exact optimum: its cutoff is raised step by step from its split bound
(each step returns the exact value when it is below the cutoff, else a proven lower bound at
least the cutoff), so work grows gradually and the budget is checked between steps. A word whose
budget runs out keeps its best proven lower bound, and a beam tree gives an upper bound beside it;
a later run with a larger budget takes it up again (the memo of the worker helps).

A run of thousands of words fills the memo (about 90,000 entries a word in the weakest band;
1,024 MB holds 6.3 million) and a full memo drops every new entry, so each later word was searched
without a memo of its own: measured on 8 words of that band, 182 s of CPU with a full memo against
152 s with room. So a memo that filled during a word is cleared before the next word of other
letters (what it held is a cache of proven facts: no value changes). Whether it dropped entries
is followed across a worker's tasks (`make_room`): when the check started over with each task, a
worker whose tasks carried one word each (the slow bands) never cleared it again; the hard
table's workers then ran each word of that band at about 3x a fresh run's CPU.

numba kernels cannot be interrupted, so the budget is checked between steps: a step that starts
before the budget ends may finish after it (steps are small, since the cutoff grows 1, 4, 16, ...
above the last bound).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from lookahead.kernels.compiled import WorkClock
from lookahead.kernels.bounds import INF
from lookahead.kernels.memo import make_room
from lookahead.questions.first_guesses import split_bounds
from lookahead.parallel.tasks import solver_for
from lookahead.parallel.schedule import collect_paced
from lookahead.solvers.setting import SearchSetting
from lookahead.solvers.single import Solver
from optimal.game import Game
from optimal.tree import Node

UPPER_BEAM = 10  # guesses per node of the beam that gives an upper bound when the budget runs out
LETTERS_BLOCK = 4096  # words in their given order between blocks, grouped by letters within one


@dataclass
class ExactValue:
    """A first guess's optimum: `lower` == `upper` when `exact`; otherwise a proven lower bound and
    the total of a real tree (a beam's, None when the beam found none). `lower` is INF when no tree
    within the guess limit exists (proven)."""

    word: str
    lower: int
    upper: int | None
    exact: bool
    budget: float
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    tree: Node | None = field(default=None, repr=False)  # the tree of `upper`
    worst: int | None = None  # the longest game of that tree, once a command has verified it

    @property
    def feasible(self) -> bool:
        """Whether some tree within the guess limit exists for this guess (`lower` is finite)."""
        return self.lower < INF

    def as_dict(self) -> dict:
        """The value as a JSON-ready dict, without the tree (seconds rounded to milliseconds)."""
        return {"word": self.word, "lower": self.lower, "upper": self.upper, "exact": self.exact,
                "budget": self.budget, "seconds": round(self.seconds, 3),
                "cpu_seconds": round(self.cpu_seconds, 3), "worst": self.worst}


def raise_to_exact(solver: Solver, guess: int, lower: int, budget: float,
                   clock: WorkClock | None = None) -> tuple[int, bool]:
    """(value, exact) of `guess` played first on the whole game: the cutoff raised 1, 4, 16, ...
    above the last proven bound, from `lower` (its split bound), until the value is exact or
    `budget` seconds of `clock` have passed (then a proven lower bound)."""
    candidates, d = solver.game.all_candidates(), solver.game.max_guesses
    clock = clock or WorkClock()
    step, exact = 1, False
    while lower < INF:
        lower, exact = solver.evaluate(candidates, guess, d, None, lower + step)
        if exact or clock.seconds > budget:
            break
        step *= 4
    return lower, exact


def exact_values_task(game: Game, guesses: list[int], budget: float, cache_mb: float,
                      beam: int = UPPER_BEAM) -> list[ExactValue]:
    """The exact value (or bounds, when `budget` seconds run out) of each first guess."""
    solver = solver_for(game, 0, cache_mb)
    candidates = game.all_candidates()
    d = game.max_guesses
    bounds = split_bounds(game, guesses)
    solver.solve(candidates[:3], 3)  # load (or compile) the kernels before any budget starts
    out = []
    last = None
    for guess in guesses:
        word = game.guesses.words[guess]
        letters = letter_set(word)
        if letters != last:  # (words of the same letters share the memo, full or not)
            make_room(solver.ws)  # full after the last word: see module
        last = letters
        clock, cpu = WorkClock(), time.thread_time()
        lower, exact = raise_to_exact(solver, guess, bounds[guess], budget, clock)
        tree, upper = None, None
        if exact:
            tree, upper = solver.tree(candidates, d, None, first=guess), lower
        elif lower < INF:
            beam_solver = solver_for(game, beam, cache_mb)
            total, found = beam_solver.evaluate(candidates, guess, d, None)
            if found and total < INF:
                tree, upper = beam_solver.tree(candidates, d, None, first=guess), total
                exact = total == lower  # the beam's tree meets the lower bound: optimal
        out.append(ExactValue(word, lower, upper, exact or lower >= INF, budget,
                              clock.seconds, time.thread_time() - cpu, tree))
    return out


def letter_set(word: str) -> str:
    """The set of a word's letters, spelled in order ('gulfy' for FUGLY and GULFY)."""
    return "".join(sorted(set(word)))


def letters_order(game: Game, guesses: list[int], block: int = LETTERS_BLOCK) -> list[int]:
    """`guesses` in blocks of `block` in their given order, each block sorted by its words' letters
    (the set of letters spelled in order, then the word). Why: first words with the same letters
    share parts (the answers with none of those letters, for one) and many states below, so a word
    searched just after one of the same letters finds much of its work in the memo; in rank order
    such words lie far apart, and the memo is cleared between them once it fills."""
    words = game.guesses.words
    out: list[int] = []
    for i in range(0, len(guesses), block):
        out.extend(sorted(guesses[i:i + block], key=lambda g: (letter_set(words[g]), words[g])))
    return out


def letter_groups(game: Game, guesses: list[int]) -> list[list[int]]:
    """`letters_order`'s words, those of the same letters in one group (FUGLY and GULFY; most of
    the weak words' groups are one word). Why: words go to the workers a task at a time, and in
    the slow bands a task is one word, so two words of the same letters went to different workers
    and shared nothing: measured in one process, GULFY right after FUGLY took 0.7 s of CPU, 25 s
    on its own (hard mode), and a third of the words the hard table had left were such words."""
    words = game.guesses.words
    groups: list[list[int]] = []
    for g in letters_order(game, guesses):
        if groups and letter_set(words[groups[-1][0]]) == letter_set(words[g]):
            groups[-1].append(g)
        else:
            groups.append([g])
    return groups


def exact_values(game: Game, guesses: list[int], setting: SearchSetting, budget: float,
                 on_result: Callable[[ExactValue], None] | None = None) -> list[ExactValue]:
    """The exact value of every guess as a first guess (in completion order: words of the same
    letters one after another and in the same task, see `letter_groups`), each within `budget`
    seconds; on this process or the setting's workers."""
    def call(batch: list[list[int]]) -> tuple:
        return exact_values_task, (game, [g for group in batch for g in group], budget,
                                   setting.memo_mb)

    return collect_paced(letter_groups(game, list(guesses)), call, setting, on_result)
