"""Lower bounds on the total number of guesses, the search's pruning power.

The total is weighted: each answer a has an integer weight w_a (1 for every answer without weights,
see optimal.weights) and a tree costs the sum of w_a x (guesses to find a). W is a set's summed
weight and wmax its heaviest answer; without weights W = n and wmax = 1, and every bound below is
the plain one.

Why these hold: each answer costs at least one guess; an answer found at the first guess costs
exactly its weight, and at most one can be (the guess itself), every other costs at least twice its
weight. So a set costs at least 2W - wmax (2c - 1 for c answers), and a single answer its weight.
A pair reaches that bound (guess the heavier first). With only one guess left, a set of more than
one answer cannot be finished at all.

For a guess that splits the candidates into k reply classes (`green` = 1 when the guess is itself a
candidate, of weight w_green, whose class costs nothing more; the other k' = k - green classes are
parts), the cost is W plus the parts' costs, so at least W + sum(2 W_p - wmax_p)
= 3W - 2 w_green - sum(wmax_p); the k' parts' heaviest answers weigh at most the k' heaviest of
the set other than the guess itself together (`top`, see `heaviest_parts`), so at least
3W - 2 w_green - top, reached when every part is a single answer; without weights 3n - green - k.
With two guesses left, every part must be a single answer: W + (W - w_green).
"""

from __future__ import annotations

from lookahead.kernels.compiled import njit

INF = 1 << 28  # "no tree": larger than any total, small enough to add without overflow


@njit(cache=True)
def set_lower_bound(c, weight, heaviest, d):
    """Least total for c candidates of summed weight `weight` (heaviest answer `heaviest`) with d
    guesses left (INF when impossible); unweighted: (c, c, 1, d)."""
    if c == 1:
        return weight if d >= 1 else INF
    if d <= 1:
        return INF
    return 2 * weight - heaviest


@njit(cache=True)
def guess_lower_bound(n, k, green, d, weight, green_weight, top):
    """Least total for n candidates of summed weight `weight` when the next guess (of d left)
    splits them into k classes; `green_weight` is the guess's own weight when it is a candidate
    (else 0) and `top` the summed weight of the k - green heaviest candidates. Unweighted:
    (n, k, green, d, n, green, k - green)."""
    if d <= 1:
        return weight if n == 1 and green == 1 else INF
    if d == 2:
        return 2 * weight - green_weight if k == n else INF  # every part must be a single answer
    return 3 * weight - 2 * green_weight - top


@njit(cache=True)
def heaviest_parts(top, parts, green_weight):
    """The summed weight of the `parts` heaviest answers of a set other than the guess's own answer
    (of weight `green_weight`, 0 when the guess is not a candidate), from `top`, the prefix sums of
    the set's weights sorted heaviest first. Unweighted: `parts`."""
    if green_weight > 0 and parts >= 1 and green_weight >= top[parts] - top[parts - 1]:
        return top[parts + 1] - green_weight  # the guess is among the heaviest: skip it
    return top[parts]
