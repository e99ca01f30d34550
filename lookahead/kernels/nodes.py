"""What every search kernel does at a node, in one place: its memo key, the partition of its
candidates by a guess, the skip of a guess that splits them as an earlier one did, the cheap
candidates-only bound, and the order of its parts.

Why a module of its own: the total-minimizing kernel (`lookahead.kernels.total`) and the worst-case kernel
(`lookahead.kernels.finish`) both use these; kept here, either kernel can call the other without an import
cycle. (Moved verbatim from `lookahead.kernels.total`, with its weighted and certificate changes.)
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.bounds import INF, set_lower_bound
from lookahead.kernels.memo import SAME_SPLITS
from lookahead.kernels.scan import MAX, SUM, count_replies, count_replies_weighted, set_weight

MEMO_MIN = 3  # sets of 1 or 2 answers are solved faster than they are looked up
WEIGHT, HEAVIEST = 0, 1  # ws.part_mass[level, WEIGHT or HEAVIEST, part]


@njit(cache=True)
def node_key(ws, h, d, level):
    """Memo key of a node: set hash + guesses left + hard-mode state (never 0: 0 marks empty)."""
    key = h + ws.zdepth[d] + ws.state_hash[level]
    if key == 0:
        key = np.uint64(1)
    return key


@njit(cache=True, inline="always")
def split_parts(row, won, S, cnt, pid, touched, zob, part_start, part_size, part_code, part_hash,
                part_items, level):
    """Split S by the replies in a guess's matrix row into the level's part arrays, dropping the
    all-green reply; returns the number of parts. Parts keep S's order (so they are sorted too)
    and get their set hash on the way.

    Why it takes arrays, not the workspace: it runs for every guess tried at every node, and each
    numba call that passes the workspace tuple costs an atomic reference count on every one of its
    ~90 arrays, in and out (measured with perf: 36% of a Dordle first word's search went to those
    counts). Inlined with the few arrays it reads, it costs none."""
    n = S.shape[0]
    k = count_replies(row, S, cnt, touched)
    pos = 0
    m = 0
    for t in range(k):
        c = touched[t]
        if c == won:
            pid[c] = -1
        else:
            part_start[level, m] = pos
            part_size[level, m] = cnt[c]
            part_code[level, m] = c
            part_hash[level, m] = np.uint64(0)
            pid[c] = m
            pos += cnt[c]
            m += 1
        cnt[c] = 0
    for i in range(n):
        a = S[i]
        p = pid[row[a]]
        if p >= 0:
            part_items[level, part_start[level, p] + cnt[p]] = a
            cnt[p] += 1
            part_hash[level, p] += zob[a]
    for t in range(m):
        cnt[t] = 0
    for t in range(k):
        pid[touched[t]] = -1
    return m


@njit(cache=True)
def partition(ws, S, g, level):
    """Split S by the replies to guess g into ws.part_*[level] (`split_parts`), and on a weighted
    game give each part its summed and heaviest weight (ws.part_mass). Returns the number of
    parts."""
    m = split_parts(ws.M[g], ws.won, S, ws.cnt, ws.pid, ws.touched, ws.zob, ws.part_start,
                    ws.part_size, ws.part_code, ws.part_hash, ws.part_items, level)
    if ws.weighted:
        for p in range(m):
            start = ws.part_start[level, p]
            total = np.int64(0)
            heaviest = np.int64(0)
            for i in range(start, start + ws.part_size[level, p]):
                wa = ws.w[ws.part_items[level, i]]
                total += wa
                heaviest = max(heaviest, wa)
            ws.part_mass[level, WEIGHT, p] = total
            ws.part_mass[level, HEAVIEST, p] = heaviest
    return m


SPLIT_SLOTS = 2048  # per level: splits remembered at one node (more are simply not deduplicated)


@njit(cache=True)
def new_node(ws, level):
    """Start a node at `level`: forget the splits seen at the previous node there."""
    ws.split_stamp_now[level] += 1


@njit(cache=True, inline="always")
def same_split_rows(r1, r2, won, to2, to1, S):
    """Whether the replies in matrix rows r1 and r2 split S into the same classes (the replies
    correspond one to one, and the all-green reply only to itself); to2 and to1 are scratch maps
    of every reply to -1, left so. Takes arrays for the reason `split_parts` does."""
    same = True
    for i in range(S.shape[0]):
        a, b = r1[S[i]], r2[S[i]]
        if (a == won) != (b == won) or (to2[a] >= 0 and to2[a] != b) or (to1[b] >= 0 and to1[b] != a):
            same = False
            break
        to2[a] = b
        to1[b] = a
    for i in range(S.shape[0]):
        to2[r1[S[i]]] = -1
        to1[r2[S[i]]] = -1
    return same


@njit(cache=True)
def same_split(ws, S, g1, g2):
    """Whether guesses g1 and g2 split S into the same classes (`same_split_rows`)."""
    return same_split_rows(ws.M[g1], ws.M[g2], ws.won, ws.map_a, ws.map_b, S)


@njit(cache=True)
def split_seen(ws, S, g, level, parts):
    """True when an earlier guess at this node split S exactly as g does (then g is skipped: same
    split, same value); otherwise g's split is remembered. Splits are found by a hash of their
    parts and confirmed member by member, so a hash collision never skips a guess wrongly.
    Never in hard mode: there two guesses with the same split leave different hard-mode states
    (different guesses allowed later), so their values can differ."""
    if ws.hard:
        return False
    sig = np.uint64(0)
    for j in range(parts):
        h = ws.part_hash[level, j] * np.uint64(0x9E3779B97F4A7C15)
        sig += h ^ (h >> np.uint64(29))
    mask = SPLIT_SLOTS - 1
    i = np.int64(sig & np.uint64(mask))
    now = ws.split_stamp_now[level]
    for _ in range(SPLIT_SLOTS):
        if ws.split_stamp[level, i] != now:
            ws.split_stamp[level, i] = now
            ws.split_key[level, i] = sig
            ws.split_guess[level, i] = g
            return False
        if ws.split_key[level, i] == sig and same_split(ws, S, ws.split_guess[level, i], g):
            ws.stats[SAME_SPLITS] += 1
            ws.seen_as[level] = ws.split_guess[level, i]  # for a proof certificate
            return True
        i = (i + 1) & mask
    return False


@njit(cache=True)
def best_candidate(ws, S, d):
    """The least lower bound of a guess among the candidates themselves, that guess, and whether
    the bound is that guess's exact value (its parts have at most 2 answers, each finishable).

    Cheap (n x n) and often decisive: a candidate that splits the others into single answers
    achieves the set's absolute bound 2n - 1 (weighted: 2W - wmax), and one that leaves one pair
    achieves 2n; an exact value up to 2W is optimal, since no guess outside the set does better
    than 2W (none of its answers is found at the first guess). Without weights this is the plain
    loop, kept apart so that the unweighted search pays nothing for the weighted one: a bound of
    2n - 1 or 2n from a candidate is always exact (its parts are singles and at most one pair)."""
    if ws.weighted:
        return best_candidate_weighted(ws, S, d)
    n = S.shape[0]
    cnt, touched = ws.cnt, ws.touched
    best = INF
    best_guess = -1
    for t in range(n):
        g = ws.ans_guess[S[t]]
        row = ws.M[g]
        k = count_replies(row, S, cnt, touched)
        bound = n
        for j in range(k):
            c = touched[j]
            if c != ws.won:
                bound += set_lower_bound(cnt[c], cnt[c], 1, d - 1)
            cnt[c] = 0
        if bound < best:
            best = bound
            best_guess = g
            if bound == 2 * n - 1:
                break
    return best, best_guess, best <= 2 * n


@njit(cache=True)
def best_candidate_weighted(ws, S, d):
    """best_candidate on a weighted game: each part's bound from its weight and heaviest answer;
    on equal bounds an exact one is preferred."""
    n = S.shape[0]
    cnt, touched, part_weight, part_heaviest = ws.cnt, ws.touched, ws.wscratch[SUM], ws.wscratch[MAX]
    weight, heaviest = set_weight(ws, S)
    floor = set_lower_bound(n, weight, heaviest, d)
    best = INF
    best_guess = -1
    best_exact = False
    for t in range(n):
        g = ws.ans_guess[S[t]]
        row = ws.M[g]
        k = count_replies_weighted(row, S, ws.w, cnt, part_weight, part_heaviest, touched)
        bound = weight
        exact = True
        for j in range(k):
            c = touched[j]
            if c != ws.won:
                bound += set_lower_bound(cnt[c], part_weight[c], part_heaviest[c], d - 1)
                exact = exact and cnt[c] <= 2
            part_weight[c] = 0
            part_heaviest[c] = 0
            cnt[c] = 0
        exact = exact and bound < INF
        if bound < best or (bound == best and exact and not best_exact):
            best = bound
            best_guess = g
            best_exact = exact
            if bound == floor:
                break
    return best, best_guess, best_exact


@njit(cache=True)
def sort_parts_by_size(ws, level, m):
    """ws.part_order[level][:m] = part indices, largest part first (insertion sort: m is at most
    the number of replies, 3**L, and in practice far fewer: parts are solved once per guess tried)."""
    order = ws.part_order[level]
    for j in range(m):
        order[j] = j
    for j in range(1, m):
        x = order[j]
        size = ws.part_size[level, x]
        i = j - 1
        while i >= 0 and ws.part_size[level, order[i]] < size:
            order[i + 1] = order[i]
            i -= 1
        order[i + 1] = x
