"""Dordle search, the Python side: a solver over pairs of candidate sets, and the questions asked
of it (best next guess, a first guess's value, trees, bounds).

`DordleSolver` holds a workspace for the pair kernel (`lookahead.kernels.pair_total`) and answers for any
Dordle state: the two boards' candidate sets (None for a solved board) and the guesses left. Its
values mean what the single-board solver's do: exact below a cutoff, otherwise a proven lower
bound; with a beam, the totals of real trees (upper bounds). The objective is the total over the
ordered pairs of different answers (see `optimal.dordle`).
"""

from __future__ import annotations

import time
from collections import namedtuple
from collections.abc import Iterator
from dataclasses import dataclass

import numpy as np

from lookahead.kernels.bounds import INF
from lookahead.kernels.memo import (EVALUATIONS, FULL_SCANS, MEMO_ENTRIES, MEMO_FULL, MEMO_HITS, NODES,
                            QUICK, SAME_SPLITS)
from lookahead.kernels.pair_bounds import PAIR, SAME, SINGLE, pair_weight
from lookahead.kernels.pair_total import guess_split_bound, list_guesses, rank_all, solve_two
from lookahead.spaces.stop import stoppable
from lookahead.spaces.workspace import make_workspace
from optimal.dordle import DordleNode
from optimal.errors import BadInput, NoTree
from optimal.game import Game

PairSpace = namedtuple("PairSpace", [
    # per recursion level: the guesses to try, children of the guess being tried, memo key words
    "cand", "lbs", "keys", "tried", "tried_now", "best_at", "beam_at",
    "child_r", "child_s", "child_mult", "child_weight", "child_bound", "child_exact", "child_order",
    "key_state",
    # scratch, never live across a recursive call
    "kx", "sqx", "ky", "sqy", "sizes_x", "sizes_y", "cnt2", "touched2",
    # constants
    "empty", "zkind",
])

#: A beam is limit-aware at nodes with at most this many guesses left (0: a plain beam): there a
#: node's guesses are the first K in the search's order that did not turn out impossible, not just
#: the first K (`lookahead.kernels.pair_total.solve_two`). A plain one-guess beam finds no Dordle
#: tree within 7 on the full lists, since its choice near the limit is blind to the limit.
PAIR_BEAM_FINISH = 4

Board = np.ndarray | None  # a board's candidate answers (indices); None when it is solved


def beam_widths(beam: int | tuple[int, ...], levels: int) -> np.ndarray:
    """Guesses kept per node at each depth below the state searched (0: all). An int is the
    same at every depth; a tuple gives the first depths, its last entry repeating."""
    widths = (int(beam),) if isinstance(beam, int) else tuple(int(b) for b in beam) or (0,)
    if min(widths) < 0:
        raise BadInput("beam widths must be at least 0")
    return np.array([widths[min(i, len(widths) - 1)] for i in range(levels)], dtype=np.int64)


def make_pair_space(n_guesses: int, codes: int, levels: int, beam: int | tuple[int, ...],
                    seed: int = 2023) -> PairSpace:
    """Allocate the pair kernel's per-level arrays for a game (children: up to codes^2 part
    pairs plus the parts of a board a guess solves)."""
    children = codes * codes + 2 * codes
    rng = np.random.default_rng(seed)

    def per_level(width: int, dtype: type) -> np.ndarray:
        return np.zeros((levels, width), dtype)

    return PairSpace(
        cand=per_level(n_guesses, np.int64), lbs=per_level(n_guesses, np.int64),
        keys=per_level(n_guesses, np.int64), tried=per_level(n_guesses, np.int64),
        tried_now=np.zeros(levels, np.int64), best_at=np.full(levels, -1, np.int64),
        beam_at=beam_widths(beam, levels),
        child_r=per_level(children, np.int32), child_s=per_level(children, np.int32),
        child_mult=per_level(children, np.int64), child_weight=per_level(children, np.int64),
        child_bound=per_level(children, np.int64), child_exact=per_level(children, np.bool_),
        child_order=per_level(children, np.int64), key_state=per_level(2, np.int32),
        kx=np.zeros(n_guesses, np.int64), sqx=np.zeros(n_guesses, np.int64),
        ky=np.zeros(n_guesses, np.int64), sqy=np.zeros(n_guesses, np.int64),
        sizes_x=np.zeros(codes, np.int64), sizes_y=np.zeros(codes, np.int64),
        cnt2=np.zeros(codes, np.int64), touched2=np.zeros(codes, np.int64),
        empty=np.zeros(0, np.int32),
        zkind=rng.integers(1, 2**63, size=3, dtype=np.int64).astype(np.uint64),
    )


@dataclass(frozen=True)
class PairState:
    """A Dordle state as the kernel takes it: its kind, sets in board order, guesses left."""

    kind: int
    first: np.ndarray
    second: np.ndarray

    @property
    def games(self) -> int:
        """How many games the state stands for (pairs, or answers when one board is left). The
        kernel's own code run as plain Python (`py_func`): callers ask this before any workspace
        has switched the kernel cache on, and calling the kernel then compiled it afresh, without
        the cache, on every run (the assistant said "compiling the search kernels" each time)."""
        weight = getattr(pair_weight, "py_func", pair_weight)  # (a plain function without numba)
        return int(weight(self.kind, self.first.size, self.second.size))


def pair_state(board1: Board, board2: Board) -> PairState:
    """The state of two boards' candidate sets (None or empty: solved). Boards filtered by the
    same guesses are equal or disjoint; anything else is refused."""
    sets = [None if b is None or len(b) == 0 else np.unique(np.asarray(b, dtype=np.int32))
            for b in (board1, board2)]
    open_sets = [s for s in sets if s is not None]
    if not open_sets:
        raise BadInput("both boards are solved: nothing to search")
    if len(open_sets) == 1:
        return PairState(int(SINGLE), open_sets[0], np.zeros(0, np.int32))
    a, b = open_sets
    if a.size == b.size and np.array_equal(a, b):
        if a.size < 2:
            raise BadInput("both boards have the same single answer: Dordle's answers differ")
        return PairState(int(SAME), a, a)
    if np.intersect1d(a, b).size:
        raise BadInput("the boards share some but not all candidates: no game reaches that state")
    return PairState(int(PAIR), a, b)


class DordleSolver:
    """Branch-and-bound (or beam) search over the Dordle states of one game. Not thread-safe."""

    def __init__(self, game: Game, beam: int | tuple[int, ...] = 0, cache_mb: float = 1024,
                 memo: bool = True, beam_finish: int = PAIR_BEAM_FINISH):
        if game.hard:
            raise BadInput("Dordle is searched in normal mode (multi-board games have no hard mode)")
        self.game = game
        self.beam = beam
        levels = game.max_guesses + 2
        self.beam_finish = int(beam_finish)
        self.ws = make_workspace(game.matrix, game.guess_of_answer, game.won, game.n_codes,
                                 game.guess_letters, game.guess_letter_counts, False, 0, memo,
                                 cache_mb, max_levels=2 * levels, beam_finish=self.beam_finish)
        self.ps = make_pair_space(len(game.guesses), game.n_codes, levels, beam)
        self.seconds = 0.0

    @property
    def exact(self) -> bool:
        """Whether no level keeps a beam, so every total this solver returns is an optimum."""
        return not np.any(self.ps.beam_at)

    def _hash(self, s: np.ndarray) -> np.uint64:
        return np.uint64(self.ws.zob[s].sum(dtype=np.uint64)) if s.size else np.uint64(0)

    # ------------------------------------------------------------ values

    def solve(self, board1: Board, board2: Board, guesses_left: int, beta: int = INF,
              first: int = -1) -> int:
        """Least total over the state's games within `guesses_left` guesses (with `first` >= 0:
        when that guess is played first); exact when below `beta`, else a lower bound >= beta
        (INF: impossible)."""
        state = pair_state(board1, board2)
        start = time.perf_counter()
        value = int(stoppable(self.ws, solve_two, self.ws, self.ps, state.first, state.second,
                              self._hash(state.first), self._hash(state.second),
                              np.int64(state.kind), guesses_left, 0, beta, first))
        self.seconds += time.perf_counter() - start
        return value

    def evaluate(self, board1: Board, board2: Board, guess: int, guesses_left: int,
                 cutoff: int = INF) -> tuple[int, bool]:
        """(total when playing `guess` now, exact); a lower bound >= cutoff when not exact."""
        value = self.solve(board1, board2, guesses_left, cutoff, first=guess)
        return value, value < cutoff

    def best_guess(self, board1: Board, board2: Board, guesses_left: int,
                   beta: int = INF) -> tuple[int, int]:
        """(least total, guess index achieving it), the guess -1 when the total is not below
        beta (then the total is a lower bound)."""
        value = self.solve(board1, board2, guesses_left, beta)
        return value, (int(self.ps.best_at[0]) if value < min(beta, INF) else -1)

    def split_bounds(self, board1: Board, board2: Board, guesses_left: int,
                     guesses: list[int] | np.ndarray) -> dict[int, int]:
        """Each guess's lower bound from its exact part sizes on both boards (see
        `lookahead.kernels.pair_bounds`): valid whatever the beam, so it stands beside a beam's totals."""
        state = pair_state(board1, board2)
        out = {}
        for g in guesses:
            bound, _ = guess_split_bound(self.ws, self.ps, state.first, state.second,
                                         np.int64(state.kind), guesses_left, np.int64(g))
            out[int(g)] = int(min(bound, INF))
        return out

    def ranked_guesses(self, board1: Board, board2: Board, guesses_left: int,
                       limit: int | None = None) -> list[tuple[int, int]]:
        """(guess, lower bound from its class counts) of every useful guess, most promising first:
        the order the search itself tries them in (whatever the beam)."""
        state = pair_state(board1, board2)
        self.ps.tried_now[0] += 1
        saved = int(self.ps.beam_at[0])
        self.ps.beam_at[0] = 0
        try:
            count, _ = rank_all(self.ws, self.ps, state.first, state.second, np.int64(state.kind),
                                guesses_left, 0, INF)
            list_guesses(self.ps, 0, count)
        finally:
            self.ps.beam_at[0] = saved
        count = count if limit is None else min(count, limit)
        return [(int(g), int(b)) for g, b in zip(self.ps.cand[0, :count], self.ps.lbs[0, :count])]

    # ------------------------------------------------------------ trees

    def children(self, board1: Board, board2: Board,
                 guess: int) -> list[tuple[tuple[int | None, int | None], Board, Board]]:
        """The states a guess leads to: (replies, board 1 after, board 2 after) for every reply
        pair some game gives (a board solved by the guess, or before it, is None)."""
        matrix, won = self.game.matrix, self.game.won
        sides = []
        for board in (board1, board2):
            if board is None or len(board) == 0:
                sides.append([(None, None)])
                continue
            board = np.asarray(board)
            codes = matrix[guess, board]
            sides.append([(int(c), None if c == won else board[codes == c]) for c in np.unique(codes)])
        out = []
        for code1, after1 in sides[0]:
            for code2, after2 in sides[1]:
                if after1 is None and after2 is None:
                    continue  # every board done (or both boards the guess itself: not a game)
                if (after1 is not None and after2 is not None and after1.size == 1
                        and after2.size == 1 and after1[0] == after2[0]):
                    continue  # the same single answer on both boards: not a game
                out.append(((code1, code2), after1, after2))
        return out

    def branches(self, board1: Board, board2: Board, guesses_left: int,
                 first: int) -> Iterator[tuple[tuple[int | None, int | None], DordleNode]]:
        """The subtrees below a first guess, one at a time (replies, subtree): a whole tree has a
        node per state, millions for the full lists, and need never be in memory at once."""
        for replies, after1, after2 in self.children(board1, board2, first):
            yield replies, self.tree(after1, after2, guesses_left - 1)

    def tree(self, board1: Board, board2: Board, guesses_left: int,
             first: int | None = None) -> DordleNode:
        """A tree of this solver's choices (optimal for an exact solver) for a state, optionally
        with a fixed first guess."""
        words = self.game.guesses.words
        state = pair_state(board1, board2)
        if first is None:
            if state.kind == SINGLE and state.first.size == 1:
                return DordleNode(self.game.answers.words[int(state.first[0])])
            value, first = self.best_guess(board1, board2, guesses_left)
            if value >= INF:
                raise NoTree(f"no Dordle tree finishes these {state.games} games within "
                             f"{guesses_left} guesses")
        node = DordleNode(words[first])
        for replies, after1, after2 in self.children(board1, board2, first):
            node.branches[replies] = self.tree(after1, after2, guesses_left - 1)
        return node

    # ------------------------------------------------------------ counters

    def counters(self) -> dict:
        """The kernels' work counters (nodes, scans, memo hits, ...) and kernel seconds, as a
        JSON-ready dict."""
        s = self.ws.stats
        return {"nodes": int(s[NODES]), "full_scans": int(s[FULL_SCANS]),
                "settled_by_candidates": int(s[QUICK]), "guesses_tried": int(s[EVALUATIONS]),
                "same_splits_skipped": int(s[SAME_SPLITS]), "memo_hits": int(s[MEMO_HITS]),
                "memo_entries": int(s[MEMO_ENTRIES]), "memo_dropped": int(s[MEMO_FULL]),
                "kernel_seconds": round(self.seconds, 2)}
