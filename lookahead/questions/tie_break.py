"""Ties broken by the worst case: among the trees of least total for a first guess, one whose
longest game is shortest, and among those one with the fewest answers at that depth.

Why this is exact, and cheap enough:

- *Shortest longest game.* With the first guess's least total T known (within the game's limit D),
  a tree of total T within D' guesses exists exactly when the optimum within D' is still T, and
  that holds for every D' from some least value up to D (a smaller limit can only raise the
  optimum). So the least D' is found by lowering the limit one guess at a time: a worst-case check
  first (can every part be finished within D' - 1 more guesses? `can_finish`, fast), then the exact
  search within D' with the cutoff T + 1 (exact when it reaches T, else a proven bound above T).
- *Fewest answers at that depth.* A tree's total is the number of its answers plus its parts'
  totals, so a tree has the least total T exactly when its guess is optimal and every part's
  subtree is optimal for that part: the trees of least total are the free combinations of optimal
  guesses and optimal subtrees. The number of answers found at the last allowed guess adds up over
  parts in the same way, so its least value is a plain recursion over the guesses that achieve the
  optimum at each node (`fewest_at_limit`), with the search's memoized exact values deciding which
  guesses those are (`Solver.evaluate` with the cutoff v + 1 is exact when the guess achieves v).
  Most nodes end at once: when the optimum within one guess less is the same, an optimal tree
  that never uses the last guess exists, and the count there is 0.

Both steps are exhaustive (no beam), so the result is proven: the total is the optimum for the
first guess, the longest game the least possible among trees of that total, and the count at that
depth the least possible among those.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from lookahead.kernels.compiled import WorkClock
from lookahead.kernels.bounds import INF
from lookahead.parallel.tasks import solver_for
from lookahead.solvers.setting import SearchSetting
from lookahead.solvers.single import Solver
from lookahead.questions.worst_case import PAIR_MB
from optimal.errors import DefectiveTree
from optimal.game import Game, ClueState
from optimal.tree import Node


@dataclass
class ShortestTree:
    """A first guess's tree of least total whose longest game is shortest (then with the fewest
    answers at that depth), with what is proven about it."""

    word: str
    total: int  # the least total for this first guess (proven)
    longest: int  # the least possible longest game among trees of that total (proven)
    at_longest: int  # the fewest answers at that depth among those trees (proven)
    tree: Node = field(repr=False)
    seconds: float = 0.0

    def as_dict(self) -> dict:
        """The result as a JSON-ready dict, without the tree (seconds rounded to milliseconds)."""
        return {"word": self.word, "total": self.total, "longest": self.longest,
                "at_longest": self.at_longest, "seconds": round(self.seconds, 3)}


class _Counter:
    """The recursion of `fewest_at_limit` with its memo: for (candidates, guesses left, hard-mode
    state), the fewest answers found at the last guess among the optimal trees, and how (None: an
    optimal tree within one guess less exists; else the guess to play)."""

    def __init__(self, solver: Solver):
        self.solver = solver
        self.memo: dict[tuple, tuple[int, int | None]] = {}

    def fewest(self, S: np.ndarray, left: int, state: ClueState | None) -> int:
        n = S.size
        if n <= 2:  # a candidate now, the other (if any) next: every optimal tree is like that
            return 1 if n == left else 0
        key = (S.tobytes(), left, state)
        if key in self.memo:
            return self.memo[key][0]
        solver = self.solver
        best = solver.solve(S, left, state)
        if best >= INF:
            raise DefectiveTree(f"no tree for a part of {n} answers within {left} guesses")
        if left == 2:  # every optimal guess splits S into single answers, found at the last guess:
            self.memo[key] = (best - n, -1)  # n of them, or n - 1 when the guess is a candidate
            return best - n
        if left > 1 and solver.solve(S, left - 1, state, best + 1) == best:
            self.memo[key] = (0, None)  # the limit does not bind here
            return 0
        # Every optimal tree here uses the last guess for some answer: find the fewest such.
        fewest, chosen, seen = INF, -1, set()
        for guess, bound in solver.ranked_guesses(S, left, state):
            if bound > best:
                break  # ranked by bound: no later guess can achieve the optimum
            value, exact = solver.evaluate(S, guess, left, state, best + 1)
            if not exact or value != best:
                continue
            parts = solver.parts(S, guess)
            if not solver.game.hard:  # normal mode: the same split has the same subtrees
                split = frozenset(p.tobytes() for _, p in parts)
                if split in seen:
                    continue
                seen.add(split)
            count = 0
            for code, part in parts:
                count += self.fewest(part, left - 1, solver.child_state(state, guess, code))
                if count >= fewest:
                    break
            if count < fewest:
                fewest, chosen = count, guess
                if fewest == 1:
                    break  # at least one answer takes the last guess here
        self.memo[key] = (fewest, chosen)
        return fewest

    def tree(self, S: np.ndarray, left: int, state: ClueState | None) -> Node:
        """The tree the recursion chose (each node's optimal guess of fewest answers at the limit;
        where the limit does not bind, an optimal tree within one guess less)."""
        if S.size <= 2:
            return self.solver.tree(S, left, state)
        count, guess = self.memo[(S.tobytes(), left, state)]
        if guess is None:
            return self.solver.tree(S, left - 1, state)
        if guess < 0:  # two guesses left: any optimal guess does, e.g. the search's own
            return self.solver.tree(S, left, state)
        return self.rooted(S, guess, left, state)

    def rooted(self, S: np.ndarray, guess: int, left: int, state: ClueState | None) -> Node:
        node = Node(self.solver.game.guesses.words[guess])
        for code, part in self.solver.parts(S, guess):
            node.branches[code] = self.tree(part, left - 1, self.solver.child_state(state, guess, code))
        return node


def can_finish_after(finisher: Solver, candidates: np.ndarray, guess: int, limit: int,
                     state: ClueState | None) -> bool:
    """Whether, after `guess`, every part can be finished within limit - 1 more guesses."""
    if limit < 1:
        return False
    for code, part in finisher.parts(candidates, guess):
        if not finisher.can_finish(part, limit - 1, finisher.child_state(state, guess, code)):
            return False
    return True


def shortest_optimal_tree(game: Game, guess: int, total: int, setting: SearchSetting,
                          longest: int | None = None, candidates=None,
                          state: ClueState | None = None) -> ShortestTree:
    """Among the trees that start with `guess` and reach its least total `total` within
    game.max_guesses, one whose longest game is shortest, then with the fewest answers at that
    depth (exact, see module). `longest`: the longest game of a known tree of that total (where the
    search for a shorter one starts)."""
    clock = WorkClock()
    candidates = game.all_candidates() if candidates is None else np.sort(np.asarray(candidates))
    solver = solver_for(game, 0, setting.cache_mb)
    finisher = solver_for(game, 0, setting.cache_mb, PAIR_MB)
    limit = min(longest or game.max_guesses, game.max_guesses)
    while limit > 1 and can_finish_after(finisher, candidates, guess, limit - 1, state):
        value, exact = solver.evaluate(candidates, guess, limit - 1, state, total + 1)
        if exact and value < total:
            raise DefectiveTree(f"{game.guesses.words[guess].upper()}: a tree of total {value} "
                                f"exists within {limit - 1} guesses, below the given least total {total}")
        if not exact or value > total:
            break
        limit -= 1
    counter = _Counter(solver)
    count = int(limit == 1 and bool(np.any(game.matrix[guess, candidates] == game.won)))
    for code, part in solver.parts(candidates, guess):
        count += counter.fewest(part, limit - 1, solver.child_state(state, guess, code))
    tree = counter.rooted(candidates, guess, limit, state)
    return ShortestTree(game.guesses.words[guess], total, limit, count, tree,
                        clock.seconds)
