"""Antiwordle: every guess must fit every reply so far, and the player wants to AVOID the answer
for as long as possible (numba kernel).

`anti_value` maximizes, over trees whose guesses are always remaining candidates, either the total
number of guesses (objective 0: the mean) or the longest game (objective 1: the worst case from
the answer's side). With a beam of K only the K candidates that keep the biggest branches are tried
at each node (the value of a real tree, so a lower bound on the best possible); with K = 0 every
candidate is tried and the value is exact (practical only for small sets).
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.nodes import partition
from lookahead.kernels.scan import count_replies
from lookahead.kernels.memo import EVALUATIONS, EXACT, MEMO_HITS, NODES, memo_find, memo_store

TOTAL, LONGEST = 0, 1


@njit(cache=True)
def rank_candidates(ws, S, level, objective):
    """Candidates of S (as guess ids) in ws.cand[level], best first for Antiwordle: fewest reply
    classes then biggest sum of squared class sizes (keep branches big) for the total; biggest
    class first for the longest game. Returns their number."""
    n = S.shape[0]
    cnt, touched = ws.cnt, ws.touched
    keys = ws.keys[level]
    for t in range(n):
        g = ws.ans_guess[S[t]]
        row = ws.M[g]
        k = count_replies(row, S, cnt, touched)
        squares, biggest = 0, 0
        for j in range(k):
            x = cnt[touched[j]]
            if touched[j] != ws.won:
                squares += x * x
                biggest = max(biggest, x)
            cnt[touched[j]] = 0
        primary = k if objective == TOTAL else n - biggest
        secondary = n * n - squares  # bigger sums of squares first
        keys[t] = (np.int64(primary) << 40) | (np.int64(secondary) << 17) | t
    keys[:n].sort()
    for t in range(n):
        ws.cand[level, t] = ws.ans_guess[S[keys[t] & ((1 << 17) - 1)]]
    return n


@njit(cache=True, nogil=True)
def anti_value(ws, S, h, level, beam, objective):
    """Most total guesses (objective 0) or longest game (objective 1) for candidates S, trying the
    `beam` most promising candidates at each node (all when beam <= 0)."""
    n = S.shape[0]
    if n == 1:
        ws.best_at[level] = ws.ans_guess[S[0]]
        return 1
    if ws.stop[0] != 0:  # the process is stopping (lookahead.spaces.stop): nothing here is used
        return 0
    ws.stats[NODES] += 1
    key = h + ws.zdepth[objective] + np.uint64(beam)
    if key == 0:
        key = np.uint64(1)
    slot = memo_find(ws, key, S, ws.state_words[level])
    if slot >= 0:
        ws.stats[MEMO_HITS] += 1
        ws.best_at[level] = ws.mbest[slot]
        return ws.mval[slot]
    m = rank_candidates(ws, S, level, objective)
    if beam > 0:
        m = min(m, beam)
    best, best_guess = -1, -1
    for t in range(m):
        g = ws.cand[level, t]
        ws.stats[EVALUATIONS] += 1
        parts = partition(ws, S, g, level)
        value = n if objective == TOTAL else 1
        for j in range(parts):
            start, c = ws.part_start[level, j], ws.part_size[level, j]
            v = anti_value(ws, ws.part_items[level, start:start + c], ws.part_hash[level, j],
                           level + 1, beam, objective)
            if objective == TOTAL:
                value += v
            else:
                value = max(value, 1 + v)
            # the recursion reused this level's partition scratch only at deeper levels
        if value > best:
            best, best_guess = value, g
        if ws.stop[0] != 0:  # stopping: unwind without storing a value cut short
            return best
    memo_store(ws, key, S, ws.state_words[level], best, EXACT, best_guess)
    ws.best_at[level] = best_guess
    return best
