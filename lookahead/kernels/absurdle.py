"""Absurdle: the adversary keeps the largest bucket of answers after every guess (numba kernels).

The tie rule is the model's (`optimal.adversaries.tie_rank`), given to the kernels as a rank per
reply code (`lookahead.solvers.adversaries.reply_ranks`).

A win in k guesses is a sequence of k - 1 guesses after which one answer is left, then that
answer. Two guesses suffice exactly when one guess splits the answers into single ones (the pair
bitsets of `lookahead.kernels.finish` answer that), so every deeper question reduces to it: the search tries
guesses in order of the bucket the adversary would keep, smallest first.
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.memo import EVALUATIONS, NODES
from lookahead.kernels.scan import count_replies
from lookahead.kernels.finish import any_of, reply_count, separating_guesses


@njit(cache=True)
def kept_bucket(ws, S, g, rank, out):
    """The bucket the adversary keeps after guess g on S, written to `out`; returns its size and
    reply code (the all-green code when g was the last answer)."""
    row = ws.M[g]
    cnt, touched = ws.cnt, ws.touched
    k = count_replies(row, S, cnt, touched)
    best, best_size = -1, -1
    for t in range(k):
        c = touched[t]
        if cnt[c] > best_size or (cnt[c] == best_size and rank[c] < rank[best]):
            best, best_size = c, cnt[c]
    for t in range(k):
        cnt[touched[t]] = 0
    m = 0
    for i in range(S.shape[0]):
        if row[S[i]] == best:
            out[m] = S[i]
            m += 1
    return m, best


@njit(cache=True)
def kept_sizes(ws, S, guesses, rank, sizes):
    """Size of the bucket the adversary keeps, for each guess of `guesses` (all at once)."""
    cnt, touched = ws.cnt, ws.touched
    for t in range(guesses.shape[0]):
        row = ws.M[guesses[t]]
        k = count_replies(row, S, cnt, touched)
        biggest = 0
        for j in range(k):
            biggest = max(biggest, cnt[touched[j]])
            cnt[touched[j]] = 0
        sizes[t] = biggest


@njit(cache=True, nogil=True)
def force_win(ws, S, k, level, guesses, rank, target, plan):
    """Whether guesses from `guesses` can force a win within k guesses from candidates S (with
    `target` >= 0: a win on that answer). On success plan[level:] holds the guesses, and the
    answer is the one left."""
    n = S.shape[0]
    if n == 1:
        if target >= 0 and S[0] != target:
            return False
        plan[level] = ws.ans_guess[S[0]]
        return k >= 1
    if k <= 1 or ws.stop[0] != 0:  # stopping (lookahead.spaces.stop): no result is used
        return False
    ws.stats[NODES] += 1
    if k == 2:  # one guess must leave single answers, and the adversary's pick must suit a target
        if n > reply_count(ws) or not separating_guesses(ws, S):
            return False
        if target < 0:
            g = any_of(ws, guesses, guesses.shape[0])
            if g < 0:
                return False
            plan[level] = g
            m, _ = kept_bucket(ws, S, g, rank, ws.part_items[level])
            plan[level + 1] = ws.ans_guess[ws.part_items[level, 0]]
            return True
        acc = ws.pair_acc.copy()
        for t in range(guesses.shape[0]):
            g = guesses[t]
            if (acc[g >> 6] >> np.uint64(g & 63)) & np.uint64(1):
                m, _ = kept_bucket(ws, S, g, rank, ws.part_items[level])
                if ws.part_items[level, 0] == target:
                    plan[level] = g
                    plan[level + 1] = ws.ans_guess[target]
                    return True
        return False
    sizes = ws.lbs[level]
    kept_sizes(ws, S, guesses, rank, sizes)
    order = np.argsort(sizes[:guesses.shape[0]], kind="mergesort")
    for t in range(order.shape[0]):
        g = guesses[order[t]]
        if sizes[order[t]] >= n:
            break  # from here on no guess shrinks the set
        if k == 3 and sizes[order[t]] > reply_count(ws):
            break
        ws.stats[EVALUATIONS] += 1
        m, code = kept_bucket(ws, S, g, rank, ws.part_items[level])
        if target >= 0:
            inside = False
            for i in range(m):
                if ws.part_items[level, i] == target:
                    inside = True
            if not inside:
                continue
        if force_win(ws, ws.part_items[level, :m].copy(), k - 1, level + 1, guesses, rank,
                     target, plan):
            plan[level] = g
            return True
    return False
