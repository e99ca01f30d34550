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

Large sets, unweighted (`counted_lower_bound`): no guess splits a set into more parts than some
guess splits a superset into, so when no guess makes more than K parts (replies other than the win)
of a set's superset, a tree for it finds at most 1 answer at the first guess and at most K at the
second, every other at the third or later: a set of c > K + 1 answers costs at least
1 + 2K + 3(c - 1 - K) = 3c - K - 2, and cannot be finished at all with two guesses left (or with
three, past 1 + K + K^2). K is the search's per-level cap (`ws.kcap`): at the top, the most parts
any guess makes of every answer; below, the most any guess makes of the parent's set (its scan
counts them). Why: a poor guess leaves a part of hundreds of answers whose plain bound 2c - 1 is
far below its cost, and every such guess had to be refuted by searching that part; with the cap it
is refuted from its part sizes alone (a weak first word's large parts: 12,967 guesses refuted by
search before, most of them now by this bound).
"""

from __future__ import annotations

from lookahead.kernels.compiled import njit

INF = 1 << 28  # "no tree": larger than any total, small enough to add without overflow
NO_CAP = 1 << 20  # a parts cap that caps nothing (more than any set's size)


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


@njit(cache=True)
def counted_lower_bound(c, cap, d):
    """Least total for c answers (unweighted) with d guesses left when no guess makes more than
    `cap` parts of them besides the win (INF when impossible); set_lower_bound's when c <= cap + 1.
    """
    if c <= cap + 1:
        return set_lower_bound(c, c, 1, d)
    if d <= 2:
        return INF
    if d == 3 and c - 1 - cap > cap * cap:
        return INF
    return 3 * c - cap - 2
