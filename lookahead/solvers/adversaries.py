"""The adversary searches' face: Absurdle (force a win against the largest-bucket adversary) and
Antiwordle (avoid the answer as long as possible, every guess fitting every reply so far).

Each class holds a workspace for its kernels (`lookahead.kernels.absurdle`, `lookahead.kernels.antiwordle`) and
answers in words. The rules themselves are the model's (`optimal.adversaries`); the Absurdle tie
order reaches the kernels as a rank per reply code computed from the model's `tie_rank`, so the
search and the replay cannot disagree.
"""

from __future__ import annotations

import numpy as np

from lookahead.kernels.absurdle import force_win, kept_bucket
from lookahead.kernels.antiwordle import LONGEST, TOTAL, anti_value
from lookahead.solvers.single import Solver
from lookahead.spaces.stop import stoppable
from optimal.adversaries import tie_rank
from optimal.errors import BadInput
from optimal.game import Game
from optimal.tree import Node

# the objectives are named by the kernels; `lookahead` takes them from this face
__all__ = ["LONGEST", "TOTAL", "AbsurdleSearch", "AntiSearch", "reply_ranks"]


def reply_ranks(length: int) -> np.ndarray:
    """Rank of each Wordle reply code in Absurdle's tie order (lower is kept first)."""
    n_codes = 3**length
    order = sorted(range(n_codes), key=lambda code: tie_rank(code, length))
    ranks = np.empty(n_codes, dtype=np.int64)
    ranks[order] = np.arange(n_codes)
    return ranks


class AbsurdleSearch:
    """The Absurdle kernels with their set-up: pair bitsets for 'one guess splits all', the tie
    order, and the guesses allowed (all, or only answer-list words)."""

    #: the most guesses a search looks ahead (its work space has a level per guess)
    MAX_GUESSES = 16

    def __init__(self, game: Game, pool: str = "all", pair_mb: float = 512):
        if not game.rule.colour_replies:
            raise BadInput("Absurdle is defined for Wordle replies only")
        self.game = game
        self.solver = Solver(game.with_limits(max_guesses=self.MAX_GUESSES), cache_mb=1,
                             pair_mb=pair_mb)
        self.rank = reply_ranks(game.length)
        if pool == "all":
            self.guesses = np.arange(len(game.guesses), dtype=np.int32)
        elif pool == "answers":
            self.guesses = np.sort(game.guess_of_answer).astype(np.int32)
        else:
            raise BadInput(f"unknown pool {pool!r}: all or answers")

    def win(self, k: int, target: str | None = None) -> list[str] | None:
        """A winning sequence of at most k guesses (the last one the answer), or None (proven)."""
        self._check_depth(k)
        plan = np.full(k + 2, -1, dtype=np.int64)
        t = -1 if target is None else self.game.answer_index[target]
        if stoppable(self.solver.ws, force_win, self.solver.ws, self.game.all_candidates(), k, 0,
                     self.guesses, self.rank, t, plan):
            return [self.game.guesses.words[g] for g in plan if g >= 0]
        return None

    def nodes_searched(self) -> int:
        """Nodes the kernel has searched so far (it counts them as it goes, so a watching thread
        can show progress during a long `win`)."""
        return self.solver.counters()["nodes"]

    def first_guesses_with_win(self, k: int) -> list[str]:
        """Every first guess of the pool from which a win within k guesses exists.

        The loop over first guesses runs here, not in a kernel: numba's on-disk cache of a
        compiled function that calls the self-recursive `force_win` crashes when loaded (a
        segmentation fault on every run after the first), while the recursive kernel itself,
        called from Python, caches safely."""
        self._check_depth(k)
        candidates = self.game.all_candidates()
        kept = np.empty(len(candidates), dtype=np.int32)
        plan = np.full(k + 2, -1, dtype=np.int64)
        wins = []
        for g in self.guesses:
            m, _ = kept_bucket(self.solver.ws, candidates, g, self.rank, kept)
            if stoppable(self.solver.ws, force_win, self.solver.ws, kept[:m].copy(), k - 1, 1,
                         self.guesses, self.rank, -1, plan):
                wins.append(self.game.guesses.words[g])
        return wins

    def _check_depth(self, k: int) -> None:
        if not 1 <= k <= self.MAX_GUESSES:
            raise BadInput(f"an Absurdle search looks at most {self.MAX_GUESSES} guesses ahead, "
                           f"not {k}")


class AntiSearch:
    """The Antiwordle kernel with its workspace, for one beam width and objective (TOTAL or
    LONGEST). With a beam of K only the K candidates that keep the biggest branches are tried at
    each node (the value of a real tree: a lower bound on the best possible); with 0, all (exact)."""

    def __init__(self, game: Game, beam: int, objective: int):
        self.game = game.with_limits(max_guesses=len(game.answers) + 1)
        self.solver = Solver(self.game, cache_mb=512)
        self.beam, self.objective = beam, objective

    def value(self, candidates: np.ndarray) -> tuple[int, int]:
        """(value, best guess index) for a set of candidates."""
        S = np.sort(np.asarray(candidates, dtype=np.int32))
        value = stoppable(self.solver.ws, anti_value, self.solver.ws, S, self.solver.set_hash(S), 0,
                          self.beam, self.objective)
        return int(value), int(self.solver.ws.best_at[0])

    def tree(self, candidates: np.ndarray | None = None) -> Node:
        """The tree of the search's choices (every guess a remaining candidate)."""
        S = self.game.all_candidates() if candidates is None else candidates
        if len(S) == 1:
            return Node(self.game.answers.words[S[0]])
        _, guess = self.value(S)
        node = Node(self.game.guesses.words[guess])
        replies = self.game.matrix[guess, S]
        for code in np.unique(replies):
            if code != self.game.won:
                node.branches[int(code)] = self.tree(S[replies == code])
        return node
