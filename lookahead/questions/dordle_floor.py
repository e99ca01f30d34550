"""A Dordle lower bound from single-board optima: each board alone is a Wordle game.

Why it holds. In a PAIR state (disjoint sets X of m answers and Y of n, d guesses left), fix the
second board's answer y. The strategy's guesses then depend on the first board's replies only (the
second board's replies follow from y and the guesses), so the guess number t1(x; y) at which each x
is played is the depth of x in a single-board tree over X within d guesses, and

    sum over x of t1(x; y) >= W_d(X),

the single-board optimum of X (every guess allowed, unweighted). Likewise for the second board. A
pair (x, y) costs max(t1, t2), and t1 != t2 (one guess plays one word), so 2 max(t1, t2) >=
t1 + t2 + 1. Summing over the m n pairs:

    PAIR(X, Y) >= ceil((n W_d(X) + m W_d(Y) + m n) / 2).

The counting bound of `lookahead.kernels.pair_bounds` (3mn - max(m, n)) charges about 3 per pair
whatever the sets; this one grows with how hard each board is alone, which is what large parts
have: after the first guess on the full lists it raises TRACE's bound by about 2%, while on 500
answers (parts of a few words, whose optima are near 2m - 1) it adds almost nothing.

`first_word_floor` applies it to the children of a first guess: the PAIR children (different
parts on the two boards) take the larger of the two bounds, the SAME children (the same part on
both boards) and the SINGLE ones (the guess solved a board: the other board's part alone, whose
value is exactly its single-board optimum) as the split bound does, with the single-board optimum
for SINGLE.
"""

from __future__ import annotations

import numpy as np

from lookahead.kernels.bounds import INF
from lookahead.kernels.pair_bounds import pair_lower_bound, same_lower_bound
from lookahead.solvers.single import Solver
from optimal.game import Game


def pair_floor(m: int, n: int, w_x: int, w_y: int) -> int:
    """The single-board floor of a PAIR state of sizes m and n whose boards' single-board optima
    (same guesses left) are w_x and w_y (INF when either board alone cannot be finished)."""
    if w_x >= INF or w_y >= INF:
        return INF
    return -(-(n * w_x + m * w_y + m * n) // 2)


def first_word_parts(game: Game, guess: int) -> tuple[list[np.ndarray], bool]:
    """The first guess's parts of the answers (the answers giving each non-winning reply) and
    whether the guess is itself an answer."""
    everything = game.all_candidates()
    codes = game.matrix[guess, everything]
    keep = codes != game.won
    order = np.argsort(codes[keep], kind="stable")
    rest, rest_codes = everything[keep][order], codes[keep][order]
    cuts = np.flatnonzero(np.diff(rest_codes)) + 1
    return [p.astype(np.int32) for p in np.split(rest, cuts)], bool((~keep).any())


def floor_solver(game: Game, cache_mb: float = 4096) -> Solver:
    """The single-board solver whose memo a run of `first_word_floor` calls shares."""
    return Solver(game, cache_mb=cache_mb)


def first_word_floor(game: Game, guess: int, solver: Solver, cap: float | None = None) -> int:
    """A proven lower bound on the Dordle total when `guess` is played first (see module); the
    single-board optima come from `solver` (its memo is shared between calls). With `cap`, a
    part of m answers is searched only up to `cap` guesses per answer: below that its optimum,
    else a lower bound of at least cap * m (any lower bound keeps the floor valid, and large
    parts' exact optima are what make weak first words dear)."""
    parts, solves = first_word_parts(game, guess)
    d = game.max_guesses - 1
    singles = [int(solver.solve(p, d) if cap is None else solver.solve(p, d, beta=-(-int(cap * 1000) * len(p) // 1000)))
               for p in parts]
    n = len(game.answers)
    total = n * (n - 1)  # every game pays for the first guess
    sizes = [len(p) for p in parts]
    for r, (m, w_r) in enumerate(zip(sizes, singles)):
        total += same_lower_bound(m, d) if m >= 2 else 0
        if solves:  # the games where the guess was one of the answers: the other board alone
            total += 2 * w_r
        for s in range(r + 1, len(parts)):
            k, w_s = sizes[s], singles[s]
            bound = max(int(pair_lower_bound(m, k, d)), pair_floor(m, k, w_r, w_s))
            total += 2 * bound  # (r, s) and (s, r): the boards are told apart
        if total >= INF:
            return INF
    return int(total)
