"""Scoring every guess on one board of a many-board game (Quordle, Octordle): the hot loop of
`lookahead.questions.boards`' player.

For one board's candidate set S (n answers) and every allowed guess, the information its reply
gives: the entropy of the split, in bits. The player sums these over the unsolved boards, so one
board's scores are computed once per candidate set and cached by the caller (the boards of many
games share their sets after the first guess).
"""

from __future__ import annotations

import numpy as np

from lookahead.kernels.compiled import njit
from lookahead.kernels.scan import count_replies


@njit(cache=True)
def xlogx_table(n):
    """c * log2(c) for c = 0 .. n (0 for c = 0): the entropy's terms, looked up, not recomputed."""
    out = np.zeros(n + 1)
    for c in range(2, n + 1):
        out[c] = c * np.log2(c)
    return out


GATHER_MAX = 48  # up to this many candidates their rows of the transposed matrix are gathered first


@njit(cache=True)
def board_entropy(matrix, MT, S, n_codes, xlogx, out):
    """out[g] = the entropy (bits) of guess g's split of S: log2 n - sum over parts of
    c log2 c / n. A guess that splits nothing scores 0. Small sets first gather their rows of the
    transposed matrix MT (n rows of every guess's reply: they stay in the cache, where reading S's
    columns of `matrix` guess by guess misses it on every answer; about 3x faster at n = 10)."""
    n = S.shape[0]
    ng = matrix.shape[0]
    cnt = np.zeros(n_codes, dtype=np.int32)
    log_n = np.log2(n) if n > 0 else 0.0
    if n <= GATHER_MAX:
        B = np.empty((n, ng), dtype=MT.dtype)
        for i in range(n):
            B[i] = MT[S[i]]
        for g in range(ng):
            for i in range(n):
                cnt[B[i, g]] += 1
            s = 0.0
            for i in range(n):
                c = B[i, g]
                if cnt[c] > 0:
                    s += xlogx[cnt[c]]
                    cnt[c] = 0
            out[g] = log_n - s / n
        return
    touched = np.zeros(n_codes, dtype=np.int32)
    for g in range(ng):
        k = count_replies(matrix[g], S, cnt, touched)
        s = 0.0
        for j in range(k):
            c = touched[j]
            s += xlogx[cnt[c]]
            cnt[c] = 0
        out[g] = log_n - s / n
