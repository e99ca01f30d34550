"""Lower bounds for Dordle (two boards, one guess played on both), the pair search's pruning power.

A Dordle state is one of three kinds, with d guesses left (the next one included):

- SINGLE: one board is solved; the other has candidate set A. Its value is the single-board total
  over A, so the single-board bounds of `lookahead.kernels.bounds` apply unchanged.
- PAIR: two boards with disjoint candidate sets A (m answers) and B (n answers). Its value is the
  sum, over the m*n pairs (a, b), of the number of guesses until both a and b have been played.
- SAME: both boards still have the same set S (n answers), as at the start and after every guess
  that scored both boards alike. The pairs are the n(n - 1) ordered pairs of *different* answers
  (Dordle never puts one word on both boards).

Two boards filtered by the same guesses are either equal or disjoint (a word fits reply r to a
guess or it does not), so these are all the states a game reaches.

Why the bounds hold. A pair (a, b) is finished at max(t_a, t_b), where t_x is the guess number at
which x is played; a != b, so t_a != t_b and every pair costs at least 2. It costs exactly 2 only
when the first guess is a or b, and the first guess is one word: with first guess g in A, the
pairs costing 2 are among the (g, b), at most n of them (at most m when g is in B). Every other
pair costs at least 3. Hence

    PAIR  >= 3mn - max(m, n),           SAME >= 3n(n - 1) - 2(n - 1) = (n - 1)(3n - 2),

and a guess outside A and B makes every pair cost at least 3 (the *non-candidate floor* 3mn, or
3n(n - 1)). With two guesses left every pair must be finished by the first guess and the one after
it, so the first guess must be a or b for every pair: possible only when one side is a single word
(PAIR) or S has exactly two words (SAME), and then every pair costs exactly 2 at best. With one
guess left no pair can be finished.

For one guess g, the value is the number of pairs (each pays for g) plus the values of the states
it leads to: (A_r, B_s) for every reply r on board A and s on board B, and, when g is itself a
candidate and so solves its board, the SINGLE states of the other board's parts. `split_bound`
adds the children's bounds for known part sizes; `pair_scan_bound` and `same_scan_bound` do it
from the number of parts and the sum of squared part sizes only (what the scan of every guess
measures), using max(x, y) <= x + y - 1 and max(x, y) <= x * y for x, y >= 1 to bound the sum of
max(a_r, b_s) over the part pairs from above.
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.bounds import INF, set_lower_bound

SINGLE, PAIR, SAME = np.int64(0), np.int64(1), np.int64(2)  # typed: they cross a recursive call


@njit(cache=True)
def pair_weight(kind, m, n):
    """How many games a state stands for: the pairs (or answers, for SINGLE). Every one of them
    pays for the next guess."""
    if kind == SINGLE:
        return m
    if kind == PAIR:
        return m * n
    return m * (m - 1)


@njit(cache=True)
def pair_lower_bound(m, n, d):
    """Least total of a PAIR state of sizes m and n with d guesses left (INF: impossible)."""
    if d <= 1:
        return INF
    if d == 2:
        return 2 * m * n if m == 1 or n == 1 else INF
    return 3 * m * n - max(m, n)


@njit(cache=True)
def same_lower_bound(n, d):
    """Least total of a SAME state of n answers (0 for n = 1: no pair of different answers)."""
    if n <= 1:
        return 0
    if d <= 1:
        return INF
    if d == 2:
        return 4 if n == 2 else INF
    return (n - 1) * (3 * n - 2)


@njit(cache=True)
def state_lower_bound(kind, m, n, d):
    """The absolute bound of a state of any kind."""
    if kind == SINGLE:
        return set_lower_bound(m, m, 1, d)  # unweighted: (c, c, 1, d)
    if kind == PAIR:
        return pair_lower_bound(m, n, d)
    return same_lower_bound(m, d)


@njit(cache=True)
def non_candidate_floor(kind, m, n, d):
    """A lower bound for any guess that is no candidate of the state: every pair then costs at
    least 3 (2 guesses per answer for SINGLE), and with two guesses left it cannot finish a pair
    at all. A candidate that reaches this value cannot be beaten by a non-candidate."""
    if kind == SINGLE:
        return 2 * m if d >= 2 else INF
    if d <= 2:
        return INF
    return 3 * pair_weight(kind, m, n)


@njit(cache=True)
def singles_sum(sizes, k, d):
    """Sum of set_lower_bound over k part sizes (INF when any part cannot be finished)."""
    total = 0
    for r in range(k):
        total += set_lower_bound(sizes[r], sizes[r], 1, d)
        if total >= INF:
            return INF
    return total


@njit(cache=True)
def split_bound(kind, m, n, sx, kx, sy, ky, gx, gy, d):
    """Lower bound of playing a guess at a state of d guesses left, given its parts: the non-won
    part sizes sx[:kx] of the first set (of size m) and sy[:ky] of the second (PAIR only), and
    whether the guess is a candidate of each set (gx, gy). For SAME, only sx, kx and gx are read."""
    total = pair_weight(kind, m, n)
    d1 = d - 1
    if kind == SINGLE:
        total += singles_sum(sx, kx, d1)
        return min(total, INF)
    if kind == PAIR:
        for r in range(kx):
            for s in range(ky):
                total += pair_lower_bound(sx[r], sy[s], d1)
            if total >= INF:
                return INF
        if gx:
            total += singles_sum(sy, ky, d1)
        if gy:
            total += singles_sum(sx, kx, d1)
        return min(total, INF)
    for r in range(kx):
        total += same_lower_bound(sx[r], d1)
        for t in range(r + 1, kx):
            total += 2 * pair_lower_bound(sx[r], sx[t], d1)
        if total >= INF:
            return INF
    if gx:
        total += 2 * singles_sum(sx, kx, d1)
    return min(total, INF)


@njit(cache=True)
def _singles_scan(size, k, d):
    """singles_sum from the number of parts only: each part of c answers costs at least 2c - 1
    (exactly 1 for c = 1), so k parts of `size` answers cost at least 2 size - k; with one guess
    left every part must be a single answer."""
    if size == 0:
        return 0
    if d <= 0:
        return INF
    if d == 1:
        return size if k == size else INF
    return 2 * size - k


@njit(cache=True)
def pair_scan_bound(m, n, kx, ky, gx, gy, d):
    """Lower bound of a guess at a PAIR state from its number of parts on each board (kx, ky,
    counting the all-green part of a candidate) and whether it is a candidate of each set."""
    total = m * n
    m1, n1, k1, k2 = m - gx, n - gy, kx - gx, ky - gy
    d1 = d - 1
    if m1 > 0 and n1 > 0:
        if d1 <= 1:
            return INF
        if d1 == 2:
            if k1 != m1 and k2 != n1:
                return INF  # some part pair has two answers on each side
            total += 2 * m1 * n1
        else:
            max_sum = min(k2 * m1 + k1 * n1 - k1 * k2, m1 * n1)
            total += 3 * m1 * n1 - max_sum
    if gx:
        total += _singles_scan(n1, k2, d1)
    if gy:
        total += _singles_scan(m1, k1, d1)
    return min(total, INF)


@njit(cache=True)
def same_scan_bound(n, k, squares, g, d):
    """Lower bound of a guess at a SAME state of n answers from its number of parts k (counting
    the all-green part of a candidate), the sum of squared part sizes, and whether it is a
    candidate. Part pairs (r != t) hold n1^2 - squares1 ordered pairs of answers, parts paired
    with themselves squares1 - n1."""
    total = n * (n - 1)
    n1, k1, sq1 = n - g, k - g, squares - g
    d1 = d - 1
    if n1 >= 2:
        if d1 <= 1:
            return INF
        if d1 == 2:
            if n1 - k1 > 1:
                return INF  # two parts of 2, or one of 3 or more
            total += 2 * (n1 * n1 - n1)
        else:
            across = n1 * n1 - sq1
            max_sum = min(2 * (k1 - 1) * n1 - k1 * (k1 - 1), across)
            total += 3 * across - max_sum + 3 * sq1 - 5 * n1 + 2 * k1
    if g:
        total += 2 * _singles_scan(n1, k1, d1)
    return min(total, INF)
