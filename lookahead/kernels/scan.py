"""Scoring every guess at a node: the search's hot loop, done once per node in one place.

For a candidate set S (n answers) and every allowed guess, we need the number of distinct replies k
(which gives the lower bound `3n - green - k`, or with weights `3W - 2 w_green - top(k - green)`,
see lookahead.kernels.bounds) and the sum of squared part sizes (the tie-break, the 'expectation'
heuristic; by size with or without weights). The replies of S are first gathered into a contiguous block B[i, guess]
from the transposed matrix, so the scan streams through memory instead of jumping around a 30 MB
table. Small sets (most of them) count equal pairs with branch-free comparisons that the compiler
vectorizes; larger sets count replies into a histogram, for a block of guesses at once
(`count_blocked`) when the replies fit in a byte, else one guess at a time. Below the first level
of an exact search, only one guess of each class of guesses alike on the node's answers is scanned
(`alike_guesses`: they differ only in letters no answer contains, so they split it identically).
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.bounds import INF, guess_lower_bound, heaviest_parts
from lookahead.kernels.memo import FULL_SCANS, LIST_SORTED, SCANNED

# up to this many candidates, pairwise comparison beats a histogram per guess, and a blocked one
# (benchmarked: benchmarks/bench_scan.py)
PAIRWISE_MAX, PAIRWISE_MAX_BLOCKED = 64, 44
BLOCK = 64  # guesses counted at once by count_blocked (one cache line of each answer's replies)
BLOCKED_MAX_CODES = 256  # replies that fit in a byte: the block's table stays in the L1 cache
BLOCKED_MAX_ANSWERS = (1 << 16) - 1  # the table counts in uint16 (half the cache of int32)

# A guess's sort key packs (lower bound, sum of squared part sizes, guess index) into one int64.
INDEX_BITS = 17  # guess lists up to 131,072 words
INDEX_MASK = (1 << INDEX_BITS) - 1
SQUARES_BITS = 24
SQUARES_CAP = (1 << SQUARES_BITS) - 1  # a tie-break only: clipping it is harmless
LB_SHIFT = INDEX_BITS + SQUARES_BITS
# rows of ws.wscratch (weighted games): each candidate guess's weight, the node's heaviest-first
# prefix sums, and per reply the summed and the heaviest weight
CAND_WEIGHT, TOP, SUM, MAX = 0, 1, 2, 3
BOUND_LIMIT = 1 << (63 - LB_SHIFT)  # bounds must stay below this to fit in a key: 3W < BOUND_LIMIT


@njit(cache=True, inline="always")
def count_replies(row, S, cnt, touched):
    """Count the replies of one guess (its row of the matrix) to the answers in S into `cnt`,
    listing each distinct reply once in `touched`; returns how many there are. The caller resets
    `cnt` for the listed replies. Partitions, candidate checks and the adversaries all start here.
    """
    k = 0
    for i in range(S.shape[0]):
        c = row[S[i]]
        if cnt[c] == 0:
            touched[k] = c
            k += 1
        cnt[c] += 1
    return k


@njit(cache=True, inline="always")
def count_replies_weighted(row, S, w, cnt, weight, heaviest, touched):
    """count_replies, and per reply the summed weight and the heaviest answer (`weight`,
    `heaviest`: the caller resets them with `cnt`)."""
    k = 0
    for i in range(S.shape[0]):
        a = S[i]
        c = row[a]
        if cnt[c] == 0:
            touched[k] = c
            k += 1
        cnt[c] += 1
        weight[c] += w[a]
        heaviest[c] = max(heaviest[c], w[a])
    return k


@njit(cache=True)
def most_parts(M, won, codes):
    """The most parts (replies other than the win) any guess (a row of M) makes of all the answers:
    the counting bound's cap at the top of a search (`bounds.counted_lower_bound`)."""
    seen = np.zeros(codes, np.int64)
    best = 0
    for g in range(M.shape[0]):
        row = M[g]
        k = 0
        for a in range(row.shape[0]):
            c = row[a]
            if seen[c] != g + 1:
                seen[c] = g + 1
                k += c != won
        best = max(best, k)
    return best


@njit(cache=True)
def set_weight(ws, S):
    """(summed weight, heaviest weight) of the answers in S: (n, 1) without weights."""
    if not ws.weighted:
        return np.int64(S.shape[0]), np.int64(1)
    total = np.int64(0)
    heaviest = np.int64(0)
    for i in range(S.shape[0]):
        total += ws.w[S[i]]
        heaviest = max(heaviest, ws.w[S[i]])
    return total, heaviest


@njit(cache=True)
def heaviest_sums(ws, S):
    """ws.wscratch[TOP][j] = the summed weight of the j heaviest answers of S (j = 0..n), for the
    bound of a guess with j parts (`bounds.heaviest_parts`; weighted games only)."""
    weights = np.sort(ws.w[S])
    n = S.shape[0]
    top = ws.wscratch[TOP]
    top[0] = 0
    for j in range(n):
        top[j + 1] = top[j] + weights[n - 1 - j]


@njit(cache=True)
def gather_replies(ws, S, level):
    """Copy the replies of the answers in S to the node's guesses into ws.B; return the number of
    guesses (columns). In hard mode the columns are the legal guesses of this node."""
    n = S.shape[0]
    if ws.hard:
        return gather_columns(ws, S, ws.legal[level], ws.nlegal[level])
    ng = ws.MT.shape[1]
    for i in range(n):  # element by element: numba's slice copy needs its allocator (it may
        src = ws.MT[S[i]]  # copy through a temporary), and the Dordle kernel runs without one
        dst = ws.B[i]
        for j in range(ng):
            dst[j] = src[j]
    return ng


@njit(cache=True)
def gather_columns(ws, S, columns, ng):
    """Copy the replies of the answers in S to the guesses columns[:ng] into ws.B; return ng."""
    for i in range(S.shape[0]):
        src = ws.MT[S[i]]
        dst = ws.B[i]
        for j in range(ng):
            dst[j] = src[columns[j]]
    return ng


@njit(cache=True)
def alike_guesses(ws, S, level):
    """List in ws.reps[level] one guess of each class of guesses alike on S, the least of each,
    in guess order; return how many. Two guesses are alike when they differ only in letters that
    no answer of S contains: such a letter scores the same whichever it is and wherever it stands
    (`Rule.absent_letters_alike`), so alike guesses split S identically (the same parts, the same
    bound, the same value) and the scan needs one of each. Why: deep in a weak first word's tree
    a node's answers use a dozen letters, and a third to a tenth of the 12,972 guesses are
    distinct there. The list is made from the parent level's when that was made for a superset of
    S's letters (classes only merge as letters drop out), else from every guess; the least guess
    of each class is the one the full scan would try first (ties sort by guess index), and the
    others it skips as the same split, so the search's values and trees are unchanged.

    In hard mode the classes are made among the node's legal guesses: every letter a clue so far
    requires is in every answer of S, so alike guesses are legal alike, and they leave the same
    hard-mode state (their greens and yellows are S's letters); the full scan tried each of them
    (hard mode skips no split as seen: two guesses with one split may leave different states),
    so there the alike list also spares the evaluations. Not in ultra-hard mode, where a letter
    scored grey is barred later: alike guesses leave different states."""
    letters = ws.letters
    L = letters.shape[1]
    live = np.int64(0)
    for i in range(S.shape[0]):
        g = ws.ans_guess[S[i]]
        for p in range(L):
            live |= np.int64(1) << np.int64(letters[g, p])
    parent = level - 1
    if ws.hard:  # the node's legal guesses (legality, like the split, depends on S's letters only)
        listed, source, m = True, ws.legal[level], ws.nlegal[level]
    else:
        listed = ws.rep_live[parent] >= 0 and (live & ~ws.rep_live[parent]) == 0
        source = ws.reps[parent]
        m = ws.nreps[parent] if listed else letters.shape[0]
    out = ws.reps[level]
    ws.class_now[0] += 1
    now = ws.class_now[0]
    mask = ws.class_keys.shape[0] - 1
    k = 0
    for t in range(m):
        g = source[t] if listed else t
        key = np.int64(0)
        for p in range(L):
            c = np.int64(letters[g, p])
            if (live >> c) & 1 == 0:
                c = 26  # absent from S: any such letter, anywhere, is alike
            key = key * 27 + c
        i = np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(40)) & mask
        while True:
            if ws.class_stamp[i] != now:
                ws.class_stamp[i] = now
                ws.class_keys[i] = key
                out[k] = g
                k += 1
                break
            if ws.class_keys[i] == key:
                break
            i = (i + 1) & mask
    ws.nreps[level] = k
    ws.rep_live[level] = live
    return k


@njit(cache=True)
def count_pairwise(B, n, ng, dup, eq, flag):
    """dup[j]: answers whose reply to guess j repeats an earlier one's (so k = n - dup);
    eq[j]: equal pairs (so the sum of squared part sizes is n + 2 eq). eq and flag are narrow on
    purpose (uint16, uint8): with n <= 64 they cannot overflow, and narrow lanes vectorize twice as
    wide in the inner loop. dup is int32 as everywhere (the other counts reach n - 1, and a
    uint16 dup overflowed silently past 65,536 answers); it is written once per answer."""
    for j in range(ng):
        dup[j] = 0
        eq[j] = 0
    for i in range(1, n):
        ri = B[i]
        for j in range(ng):
            flag[j] = 0
        for t in range(i):
            rt = B[t]
            for j in range(ng):
                same = ri[j] == rt[j]
                eq[j] += same
                flag[j] |= same
        for j in range(ng):
            dup[j] += flag[j]


@njit(cache=True)
def count_histogram(B, n, ng, dup, eq, cnt, touched):
    """Same results as count_pairwise, by a histogram of replies per guess (for large sets)."""
    for j in range(ng):
        k = 0
        for i in range(n):
            c = B[i, j]
            if cnt[c] == 0:
                touched[k] = c
                k += 1
            cnt[c] += 1
        squares = 0
        for t in range(k):
            c = touched[t]
            squares += cnt[c] * cnt[c]
            cnt[c] = 0
        dup[j] = n - k
        eq[j] = (squares - n) // 2


@njit(cache=True)
def count_blocked(B, n, ng, dup, eq, table, sums):
    """Same results as count_histogram, for BLOCK guesses at a time: each answer's replies to the
    block are one cache line of B, and the block's histograms are BLOCK independent columns of
    `table` (codes x BLOCK, zero on entry and on return), so successive increments rarely wait on
    each other. Then one pass over the table, which vectorizes across the block, gives every
    guess's number of replies and sum of squared part sizes. Why: one histogram per guess walks a
    column of B (one cache line per answer for a single byte) and chains its increments whenever
    answers repeat a reply; this is about 3-5x faster on sets of 65-2,315 answers (benchmarked).
    """
    codes = table.shape[0]
    replies, squares = sums[0], sums[1]  # scratch of BLOCK each (no allocation: see gather_replies)
    for j0 in range(0, ng, BLOCK):
        width = min(BLOCK, ng - j0)
        if width == BLOCK:  # a constant trip count, which the compiler unrolls
            for i in range(n):
                row = B[i, j0:j0 + BLOCK]
                for u in range(BLOCK):
                    table[row[u], u] += 1
        else:
            for i in range(n):
                row = B[i, j0:j0 + width]
                for u in range(width):
                    table[row[u], u] += 1
        replies[:] = 0
        squares[:] = 0
        for c in range(codes):
            for u in range(BLOCK):
                v = np.int64(table[c, u])
                replies[u] += v > 0
                squares[u] += v * v
                table[c, u] = 0
        for u in range(width):
            dup[j0 + u] = n - replies[u]
            eq[j0 + u] = (squares[u] - n) // 2


@njit(cache=True)
def count_splits(ws, n, ng):
    """For the first ng columns of ws.B (n answers): ws.dup[j], the answers whose reply to guess j
    repeats an earlier one's, and the equal pairs in ws.eq16 (returns True: small sets) or ws.eq
    (returns False), by the fastest of the three counts for the set's size."""
    blocked = ws.table.shape[0] > 0 and n <= BLOCKED_MAX_ANSWERS
    if n <= (PAIRWISE_MAX_BLOCKED if blocked else PAIRWISE_MAX):
        count_pairwise(ws.B, n, ng, ws.dup, ws.eq16, ws.flag)
        return True
    if blocked:
        count_blocked(ws.B, n, ng, ws.dup, ws.eq, ws.table, ws.block_sums)
    else:
        count_histogram(ws.B, n, ng, ws.dup, ws.eq, ws.cnt, ws.touched)
    return False


@njit(cache=True, nogil=True)
def rank_guesses(ws, S, d, level, cutoff):
    """Score every guess at node S (d guesses left, this one included) and list, in ws.cand[level]
    (bounds in ws.lbs[level]), those whose lower bound is below `cutoff`, best first by
    (bound, sum of squared part sizes, list order).

    With a beam of K, only the first K of that order are the node's guesses at all (near the guess
    limit the whole list is returned, for the limit-aware beam to choose from). Returns
    (m, lowest bound of any guess, lowest bound of the node's guesses left off the list).
    """
    n = S.shape[0]
    weighted = ws.weighted
    weight = n
    if weighted:
        weight, _ = set_weight(ws, S)
        heaviest_sums(ws, S)
    listed = ws.hard  # columns are a list of guesses (else every guess, in order)
    ids = ws.legal[level]
    if ws.alike and level > 0:  # level 0 is what a caller lists for users: every guess
        listed = True
        ids = ws.reps[level]
        ng = gather_columns(ws, S, ids, alike_guesses(ws, S, level))
    else:
        ng = gather_replies(ws, S, level)
    pairwise = count_splits(ws, n, ng)
    ws.stats[FULL_SCANS] += 1
    ws.stats[SCANNED] += n * ng
    for i in range(n):
        ws.is_candidate[ws.ans_guess[S[i]]] = 1
        if weighted:
            ws.wscratch[CAND_WEIGHT, ws.ans_guess[S[i]]] = ws.w[S[i]]
    keys = ws.keys[level]
    m = 0
    lowest = INF
    lowest_off = INF
    most = 0  # the most parts any guess makes of S: the counting bound's cap below this node
    for j in range(ng):
        g = ids[j] if listed else j
        k = n - np.int64(ws.dup[j])
        green = np.int64(ws.is_candidate[g])
        most = max(most, k - green)
        if k == 1 and green == 0:
            continue  # the guess tells nothing: never worth playing
        if weighted:
            green_weight = ws.wscratch[CAND_WEIGHT, g]
            lb = guess_lower_bound(n, k, green, d, weight, green_weight,
                                   heaviest_parts(ws.wscratch[TOP], k - green, green_weight))
        else:
            lb = guess_lower_bound(n, k, green, d, n, green, k - green)
        if lb >= INF:
            continue
        lowest = min(lowest, lb)
        if lb < cutoff:
            pairs = np.int64(ws.eq16[j]) if pairwise else np.int64(ws.eq[j])
            squares = min(n + 2 * pairs, SQUARES_CAP)
            keys[m] = (np.int64(lb) << LB_SHIFT) | (squares << INDEX_BITS) | g
            m += 1
        else:
            lowest_off = min(lowest_off, lb)
    for i in range(n):
        ws.is_candidate[ws.ans_guess[S[i]]] = 0
        if weighted:
            ws.wscratch[CAND_WEIGHT, ws.ans_guess[S[i]]] = 0
    ws.kcap[level + 1] = min(ws.kcap[level], most)
    keys[:m].sort()  # keys are distinct (they end in the guess index): the order is deterministic
    ws.stats[LIST_SORTED] += m
    cand = ws.cand[level]
    bounds = ws.lbs[level]
    for t in range(m):
        cand[t] = keys[t] & INDEX_MASK
        bounds[t] = keys[t] >> LB_SHIFT
    if ws.beam > 0 and m >= ws.beam and not limit_aware(ws, d):
        m = ws.beam
        lowest_off = INF  # guesses past the beam are not part of the problem
    return m, lowest, lowest_off


@njit(cache=True)
def limit_aware(ws, d):
    """Whether a beam node with d guesses left chooses its K guesses by the guess limit
    (`lookahead.kernels.beam.keep_finishable`, from the whole ranked list) rather than as the first K."""
    return ws.beam > 0 and 3 <= d <= ws.beam_finish
