"""Lower bounds on the total number of guesses, the search's pruning power.

Why these hold: each of n answers costs at least one guess; an answer found at the first guess
costs exactly 1, and at most one can be (the guess itself), every other costs at least 2. So a set
of c candidates costs at least 2c - 1 (and 1 for a single answer). With only one guess left, a set of
more than one answer cannot be finished at all.

For a guess that splits n candidates into k reply classes (`green` = 1 when the guess is itself a
candidate, whose class costs nothing more), the cost is n plus the parts' costs, so at least
n + sum(2 c_i - 1) = 3n - green - k. With two guesses left, every part must be a single answer.
"""

from __future__ import annotations

from numba import njit

INF = 1 << 28  # "no tree": larger than any total, small enough to add without overflow


@njit(cache=True)
def set_lower_bound(c, d):
    """Least total for c candidates with d guesses left (INF when impossible)."""
    if c == 1:
        return 1 if d >= 1 else INF
    if d <= 1:
        return INF
    return 2 * c - 1


@njit(cache=True)
def guess_lower_bound(n, k, green, d):
    """Least total for n candidates when the next guess (of d left) splits them into k classes."""
    if d <= 1:
        return 1 if n == 1 and green == 1 else INF
    if d == 2:
        return 2 * n - green if k == n else INF  # every part must then be a single answer
    return 3 * n - green - k
