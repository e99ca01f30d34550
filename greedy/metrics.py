"""Metrics of how a guess splits the candidates: smaller is better for every one of them.

Each metric is a plain function of a counts matrix (one row per guess, one column per reply, the
number of candidates giving that reply), so scoring every guess at a node is one vectorized call
and a new metric is one small function. Floating-point sums are taken over the histogram of branch
sizes, in size order, so two guesses with the same branch sizes always score exactly alike (ties
then go to the first guess in list order, as in Norvig's notebook).

With answer weights the matrix holds probability mass instead (`mass_matrix`: each branch's share
of the candidates' weight, floats summing to 1 per row), and the same metrics read it as sizes: the
largest branch's mass, the expected remaining mass, the entropy of the branch probabilities.
Their sums are taken over each row sorted, so equal multisets of masses still score alike.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

Metric = Callable[[np.ndarray], np.ndarray]


SORT_MAX = 64  # up to this many candidates, counting by sorting each row beats a histogram


def counts_matrix(replies: np.ndarray, n_codes: int, compact: bool = True) -> np.ndarray:
    """(guesses x columns) branch sizes from a (guesses x candidates) block of reply codes.

    Metrics do not depend on which column is which, so with `compact` the columns are only as many
    as needed: for few candidates each row is sorted and its runs counted (columns = candidates);
    otherwise a histogram over the replies that occur. Without `compact`, column c counts code c.
    """
    rows, n = replies.shape
    if compact and 0 < n <= SORT_MAX:
        ordered = np.sort(replies, axis=1)
        starts = np.ones((rows, n), dtype=bool)
        starts[:, 1:] = ordered[:, 1:] != ordered[:, :-1]
        flat = np.flatnonzero(starts)
        lengths = np.diff(np.append(flat, rows * n))
        row_of = flat // n
        rank = np.arange(flat.size) - np.searchsorted(flat, row_of * n)
        out = np.zeros((rows, n), dtype=np.int64)
        out[row_of, rank] = lengths
        return out
    # one histogram of (row, code) pairs, then the codes that occur: mapping each reply to its
    # column first (a gather of int64 over the whole block) was most of the assistant's first
    # suggestions; benchmarks/bench_greedy.py: 0.26 s against 0.43 s warm on 12,972 x 2,315
    # replies, 0.16-0.20 s against 0.85-2.2 s on a process's first call
    dtype = np.int32 if rows * n_codes < 2**31 else np.int64
    offsets = (np.arange(rows, dtype=dtype) * n_codes)[:, None]
    flat = np.bincount((replies + offsets).ravel(), minlength=rows * n_codes)
    counts = flat.reshape(rows, n_codes)
    return counts[:, counts.any(axis=0)] if compact else counts


def mass_matrix(replies: np.ndarray, weights: np.ndarray, n_codes: int) -> np.ndarray:
    """(guesses x columns) branch masses from a (guesses x candidates) block of reply codes and
    the candidates' weights: each branch's share of their summed weight (columns: the replies that
    occur, as in a compact counts matrix)."""
    rows, n = replies.shape
    share = np.asarray(weights, dtype=np.float64) / float(np.sum(weights))
    present = np.zeros(n_codes, dtype=bool)
    present[replies.ravel()] = True
    column = np.cumsum(present) - 1
    width = int(present.sum())
    offsets = (np.arange(rows, dtype=np.int64) * width)[:, None]
    flat = np.bincount((column[replies] + offsets).ravel(),
                       weights=np.broadcast_to(share, (rows, n)).ravel(), minlength=rows * width)
    return flat.reshape(rows, width)


def _is_mass(counts: np.ndarray) -> bool:
    return not np.issubdtype(counts.dtype, np.integer)


def max_size(counts: np.ndarray) -> np.ndarray:
    """The largest branch: the number of candidates left in the worst case."""
    return counts.max(axis=1).astype(float)


def expectation(counts: np.ndarray) -> np.ndarray:
    """Expected branch size, sum of p * size = sum(size^2) / n (of masses: the expected remaining
    mass)."""
    if _is_mass(counts):
        ordered = np.sort(counts, axis=1)
        return (ordered ** 2).sum(axis=1) / ordered.sum(axis=1)
    n = counts.sum(axis=1)
    return (counts.astype(np.int64) ** 2).sum(axis=1) / n


def size_histogram(counts: np.ndarray) -> np.ndarray:
    """(guesses x sizes): how many branches of each size a guess makes (column 0 unused)."""
    top = int(counts.max()) + 1
    return counts_matrix(counts, top, compact=False)


def neg_entropy(counts: np.ndarray) -> np.ndarray:
    """Sum of p log2 p over branches: minus the information the reply gives, in bits."""
    if _is_mass(counts):
        p = counts / counts.sum(axis=1, keepdims=True)
        terms = np.zeros_like(p)
        np.log2(p, out=terms, where=p > 0)
        terms *= p
        terms.sort(axis=1)  # summed in a fixed order: equal multisets of masses score alike
        return terms.sum(axis=1)
    n = counts[0].sum()
    sizes = np.arange(int(counts.max()) + 1, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        weight = np.where(sizes > 0, sizes * np.log2(sizes), 0.0)  # c log2 c for each size c
    return size_histogram(counts) @ weight / n - np.log2(n)


def entropy(counts: np.ndarray) -> np.ndarray:
    """Minus neg_entropy: minimizing it keeps branches big (Antiwordle's strategy)."""
    return -neg_entropy(counts)


def parts(counts: np.ndarray) -> np.ndarray:
    """Minus the number of non-empty branches (more branches is better)."""
    return -(counts > 0).sum(axis=1).astype(float)


METRICS: dict[str, Metric] = {"max": max_size, "expectation": expectation,
                              "neg_entropy": neg_entropy, "parts": parts, "entropy": entropy}
