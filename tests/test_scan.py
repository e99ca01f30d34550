"""The three ways the scan counts a node's splits agree (lookahead.kernels.scan): the search's lower bounds
and guess order rest on them, and the blocked count is the one most sets now use."""

import numpy as np
import pytest

from lookahead.kernels.scan import BLOCK, count_blocked, count_histogram, count_pairwise


def replies(n: int, ng: int, codes: int, seed: int) -> np.ndarray:
    """n answers' replies to ng guesses, skewed like Wordle's (many repeats of a few codes)."""
    rng = np.random.default_rng(seed)
    common = rng.integers(0, codes, size=max(1, codes // 20))
    skewed = rng.random((n, ng)) < 0.6
    return np.where(skewed, rng.choice(common, size=(n, ng)), rng.integers(0, codes, size=(n, ng))) \
        .astype(np.uint8)


def brute_force(B: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(repeated answers, equal pairs) per guess, by numpy's unique."""
    dup, eq = [], []
    for column in B.T:
        _, counts = np.unique(column, return_counts=True)
        dup.append(len(column) - len(counts))
        eq.append(int((counts * (counts - 1) // 2).sum()))
    return np.array(dup), np.array(eq)


@pytest.mark.parametrize("n,ng,seed", [(1, 5, 0), (2, BLOCK, 1), (49, BLOCK + 1, 2), (64, 3 * BLOCK - 7, 3),
                                       (300, 2 * BLOCK + 13, 4), (700, 40, 5)])
def test_blocked_and_per_guess_histograms_and_pairwise_counts_agree(n, ng, seed):
    B = replies(n, ng, 243, seed)
    want_dup, want_eq = brute_force(B)
    dup, eq = np.zeros(ng, np.int32), np.zeros(ng, np.int64)  # the workspace's types
    table = np.zeros((243, BLOCK), np.uint16)
    count_blocked(B, n, ng, dup, eq, table)
    assert (dup == want_dup).all() and (eq == want_eq).all()
    assert not table.any()  # left clean for the next node
    dup[:], eq[:] = 0, 0
    count_histogram(B, n, ng, dup, eq, np.zeros(243, np.int64), np.zeros(243, np.int64))
    assert (dup == want_dup).all() and (eq == want_eq).all()
    if n <= 64:
        eq16 = np.zeros(ng, np.uint16)
        count_pairwise(B, n, ng, dup, eq16, np.zeros(ng, np.uint8))
        assert (dup == want_dup).all() and (eq16 == want_eq).all()


def test_counts_past_65536_answers_do_not_wrap():
    """A list of more than 65,536 answers: every answer but one repeats a reply (dup = n - 1) and
    the equal pairs pass 2**32. dup was uint16 and eq uint32, and both wrapped silently (the lower
    bounds and the guess order then rested on wrong counts)."""
    n, ng = 100_000, 3
    B = np.zeros((n, ng), np.uint8)
    B[:, 1] = np.arange(n) % 243
    B[: n // 2, 2] = 7
    want_dup, want_eq = brute_force(B)
    assert want_dup[0] == n - 1 and want_eq[0] > 2**32
    dup, eq = np.zeros(ng, np.int32), np.zeros(ng, np.int64)
    count_histogram(B, n, ng, dup, eq, np.zeros(243, np.int64), np.zeros(243, np.int64))
    assert (dup == want_dup).all() and (eq == want_eq).all()
