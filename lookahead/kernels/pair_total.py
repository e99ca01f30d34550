"""The Dordle branch-and-bound kernel (numba): the single-board search's ideas, on pairs of sets.

`solve_two(ws, ps, X, Y, hx, hy, kind, d, level, beta, forced)` returns the least total number of
guesses over every game a state stands for (see `lookahead.kernels.pair_bounds` for the three kinds: one
board left with set X; two boards with disjoint sets X and Y; both boards with the same set X),
within d guesses, if that total is below `beta`; otherwise a proven lower bound at least `beta`.
With `forced` >= 0 it is the total when that guess is played first. The contract is the one of
`lookahead.kernels.total.solve`, so the same caller logic (cutoffs, exact values by raising the cutoff,
beams) carries over.

It is one self-recursive function on purpose: numba caches self-recursion on disk, but a cached
kernel that calls *another* recursive kernel crashes when loaded; so the states where one board is
solved (plain single-board problems) are searched here too, as the SINGLE kind, instead of by
`kernel.solve`. Everything else is shared: partitions, the scan of every guess, split
deduplication and the memo come from the single-board modules.

Per node: memo lookup (the two sets in a canonical order, since swapping the boards changes
nothing); then the guesses that are candidates, each with its bound from its exact part sizes:
those that could reach the non-candidate floor are tried first, and when one does, no other
guess can beat it and no scan of the guess list is needed (the analogue of the single-board
"2n - 1" check). Otherwise every guess is scored from its number of parts on each board (and, at
larger states, from its exact part sizes) and tried best first; a guess's children are the part
pairs, their bounds raised a little at a time (margins 1, 4, 128, ...: MARGIN_GROWTH) before any is
solved outright, largest first.

Two boards per recursion level: the first set's parts live in the workspace's level 2L, the
second's in 2L + 1; the pair space (`ps`) holds what is per level here (guess lists, children).

Why the helpers take arrays, not the workspace: every numba call (inlined or not) that passes the
workspace tuples costs an atomic reference count for each of their ~90 arrays, on the way in and
out. Helpers run per child or per guess therefore take the few arrays they read, and are inlined;
only per-node work passes the tuples.

Why `solve_two` is compiled without numba's reference counting (`_nrt=False`): even so, perf
showed 28% of a first word's search (500 answers) in the atomic counts of array views and
arguments (the counts themselves; `lock inc`/`lock dec` in NRT_incref/NRT_decref). Every array the
search touches belongs to the workspace and pair space, which the Python caller holds for the whole
call, so the counts protect nothing here; without them the same search (same nodes, same values)
runs 1.5-1.7x faster (`benchmarks/bench_dordle_proof.py`), 2.2-2.4x with the helpers above. The
price: nothing in it, or in what it calls, may allocate (numba refuses to compile it if anything
does), hence `heap_sort` instead of numba's sorts and the workspace's scratch in the scan.
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit
from numba.cpython.unsafe.numbers import leading_zeros

from lookahead.kernels.bounds import INF, guess_lower_bound
from lookahead.kernels.total import NO_GUESS
from lookahead.kernels.nodes import SPLIT_SLOTS, same_split_rows, split_parts
from lookahead.kernels.memo import (EVALUATIONS, EXACT, FULL_SCANS, LIST_SORTED, LOWER, MEMO_CUTOFFS,
                            MEMO_HITS, MEMO_PROBES, NODES, QUICK, SAME_SPLITS, SCANNED,
                            memo_slot_two, memo_store_two)
from lookahead.kernels.pair_bounds import (PAIR, SAME, SINGLE, non_candidate_floor, pair_scan_bound,
                                  pair_weight, same_scan_bound, split_bound, state_lower_bound)
from lookahead.kernels.scan import (INDEX_BITS, INDEX_MASK, count_replies, count_splits,
                                    gather_replies)

MEMO_MIN = 3  # states of fewer answers (both sets together) are solved faster than looked up
# The margins a guess's children are raised by before any is solved outright: 1, 4, then 32 times
# more each pass (1, 4, 128, 4096, ...; capped at INF). Two gentle passes finish the words near the
# cutoff cheaply; after them, small steps only repeat passes over children that are far from
# their values. Measured on the 500-answer proof's words, ranks 2,450-10,000, first-word
# refutations from an empty memo, CPU seconds (`benchmarks/bench_dordle_margin.py` repeats it):
# 1, 4, 16, ... (growth 4 throughout, as the single-board kernel's) 117.9 s over 17 words, this
# 42.2 s (0.36x); on 10 other words 54.2 s against 19.9 s (0.37x); growth 12 or 16 throughout,
# 0.75x and 0.86x; 1, 4, then the whole gap at once, 0.46x; the same words refuted every way.
MARGIN_FIRST_GROWTH = 4
MARGIN_GROWTH = 32
# Slots probed in the table of splits seen at a node: a node may try far more guesses than the
# table holds, and once it is full an unbounded probe would walk all of it for every guess.
# Giving up only means a repeated split is searched again (memo hits make that cheap).
SPLIT_PROBES = 32
# From this many answers on, a guess that passes its bound from class counts gets the bound from
# its exact part sizes too (a pass over the set and one over its part pairs): at large states
# most guesses are then rejected while ranking, instead of after bounding hundreds of children.
REFINE_MIN = 12
NO_HASH = np.uint64(0)  # the hash passed for the missing second set of a SINGLE state (typed)

# A guess's sort key packs (lower bound, score, guess index) into one int64: bounds are below
# INF = 2^28, indices below 2^17, which leaves 18 bits for the tie-break score, a fixed-point
# log2 of the sum of squared child sizes (the single-board 'expectation' heuristic, on pairs).
SCORE_BITS = 18
SCORE_CAP = (1 << SCORE_BITS) - 1
LB_SHIFT = INDEX_BITS + SCORE_BITS
# A node's guesses are taken best first by selection (a pass over the rest per guess) while few
# have been taken, since most nodes stop after a few; the rest is sorted once a node goes on.
SELECT_FIRST = 8
# Children are ordered by packed keys: an index below 2^CHILD_BITS (a level holds at most
# codes^2 + 2 codes of them), a weight (games) below CHILD_WEIGHT_CAP.
CHILD_BITS = 20
CHILD_MASK = (1 << CHILD_BITS) - 1
CHILD_WEIGHT_CAP = 1 << 42


# ---------------------------------------------------------------- ordering guesses


@njit(cache=True, inline="always")
def log_score(score):
    """A monotone fixed-point log2 of a non-negative score in SCORE_BITS bits: the position of its
    leading bit, then the 12 bits below it (integer work only: it runs for every guess)."""
    x = np.uint64(score) + np.uint64(1)
    top = 63 - np.int64(leading_zeros(x))
    if top >= 12:
        fraction = np.int64((x >> np.uint64(top - 12)) & np.uint64(4095))
    else:
        fraction = np.int64((x << np.uint64(12 - top)) & np.uint64(4095))
    return min((top << 12) | fraction, SCORE_CAP)


@njit(cache=True, inline="always")
def sort_key(lb, score, g):
    """The packed (bound, log score, guess) key of a guess."""
    return (np.int64(lb) << LB_SHIFT) | (log_score(score) << INDEX_BITS) | g


@njit(cache=True, inline="always")
def sift_down(a, lo, root, end):
    """Restore the max-heap a[lo:end] (heap positions counted from lo) below position `root`."""
    while True:
        child = 2 * root + 1
        if child >= end - lo:
            return
        if child + 1 < end - lo and a[lo + child] < a[lo + child + 1]:
            child += 1
        if a[lo + root] >= a[lo + child]:
            return
        a[lo + root], a[lo + child] = a[lo + child], a[lo + root]
        root = child


@njit(cache=True, inline="always")
def heap_sort(a, lo, hi):
    """Sort a[lo:hi] in place, ascending, with no memory allocated: the search kernel is compiled
    without numba's reference counting (see `solve_two`), where numba's own sorts, which allocate,
    cannot run. Keys are distinct wherever it is used, so the order is the one any sort gives."""
    n = hi - lo
    for root in range(n // 2 - 1, -1, -1):
        sift_down(a, lo, root, hi)
    for end in range(hi - 1, lo, -1):
        a[lo], a[end] = a[end], a[lo]
        sift_down(a, lo, 0, end)


@njit(cache=True, inline="always")
def take_next(keys, cand, lbs, t, m):
    """Make position t of a level's m listed guesses (`keys`) the best of those from t on and
    unpack it into `cand` / `lbs`; positions before t are already in order. Keys are distinct
    (they end in the guess index), so the order is deterministic."""
    if t < SELECT_FIRST:
        best = t
        for j in range(t + 1, m):
            if keys[j] < keys[best]:
                best = j
        keys[t], keys[best] = keys[best], keys[t]
    elif t == SELECT_FIRST:
        heap_sort(keys, t, m)
    cand[t] = keys[t] & INDEX_MASK
    lbs[t] = keys[t] >> LB_SHIFT


@njit(cache=True)
def list_guesses(ps, level, m):
    """Put the level's m listed guesses in order (all of them)."""
    keys, cand, lbs = ps.keys[level], ps.cand[level], ps.lbs[level]
    for t in range(m):
        take_next(keys, cand, lbs, t, m)


# ---------------------------------------------------------------- bounds of one guess


@njit(cache=True, inline="always")
def part_sizes(row, S, won, cnt, touched, sizes):
    """The non-won reply-class sizes of S under a guess (its matrix row) into sizes[:k]; returns
    (k, sum of squares of those sizes, 1 if the guess is a member of S)."""
    k = count_replies(row, S, cnt, touched)
    parts = 0
    squares = 0
    green = 0
    for t in range(k):
        c = touched[t]
        if c == won:
            green = 1
        else:
            sizes[parts] = cnt[c]
            squares += cnt[c] * cnt[c]
            parts += 1
        cnt[c] = 0
    return parts, squares, green


@njit(cache=True, inline="always")
def guess_bound(row, won, X, Y, kind, d, cnt, touched, sizes_x, sizes_y):
    """(lower bound, tie-break score) of playing a guess (its matrix row) at a state, from its
    exact part sizes on each board."""
    kx, sqx, gx = part_sizes(row, X, won, cnt, touched, sizes_x)
    m = X.shape[0]
    n = m
    ky, sqy, gy = 0, 0, 0
    if kind == PAIR:
        n = Y.shape[0]
        ky, sqy, gy = part_sizes(row, Y, won, cnt, touched, sizes_y)
    if kind == SINGLE:
        score = sqx
    elif kind == PAIR:
        score = sqx * sqy
    else:
        score = sqx * sqx
    return split_bound(kind, m, n, sizes_x, kx, sizes_y, ky, gx, gy, d), score


@njit(cache=True)
def guess_split_bound(ws, ps, X, Y, kind, d, g):
    """guess_bound of guess g, for callers outside the search (e.g. reports)."""
    return guess_bound(ws.M[g], ws.won, X, Y, kind, d, ws.cnt, ws.touched, ps.sizes_x, ps.sizes_y)


@njit(cache=True, inline="always")
def rank_candidates(M, won, ans_guess, cnt, touched, sizes_x, sizes_y, keys, cand, lbs, stats, X,
                    Y, kind, d):
    """List the candidates (members of either set) with their exact split bounds, best first, into
    a level's keys, cand and lbs; returns (how many, the least bound). It runs at every node, so
    it takes arrays, not the workspace (see `nodes.split_parts`)."""
    m = 0
    lowest = INF
    for side in range(2 if kind == PAIR else 1):
        S = X if side == 0 else Y
        for i in range(S.shape[0]):
            g = np.int64(ans_guess[S[i]])
            lb, score = guess_bound(M[g], won, X, Y, kind, d, cnt, touched, sizes_x, sizes_y)
            if lb >= INF:
                continue
            lowest = min(lowest, lb)
            keys[m] = sort_key(lb, score, g)
            m += 1
    for t in range(m):
        take_next(keys, cand, lbs, t, m)
    stats[LIST_SORTED] += m
    return m, lowest


@njit(cache=True)
def class_counts(ws, S, k_out, sq_out):
    """For every guess: the number of reply classes of S (the all-green one included) and the sum
    of their squared sizes, by the single-board scan (`lookahead.kernels.scan`)."""
    n = S.shape[0]
    G = ws.MT.shape[1]
    if n == 1:
        k_out[:G] = 1
        sq_out[:G] = 1
        return
    ng = gather_replies(ws, S, 0)
    pairwise = count_splits(ws, n, ng)
    for j in range(ng):
        k_out[j] = n - np.int64(ws.dup[j])
        sq_out[j] = n + 2 * (np.int64(ws.eq16[j]) if pairwise else np.int64(ws.eq[j]))
    ws.stats[FULL_SCANS] += 1
    ws.stats[SCANNED] += n * ng


@njit(cache=True)
def rank_all(ws, ps, X, Y, kind, d, level, cutoff):
    """Score every guess not yet tried at this node from its class counts on each board (at larger
    states, from its exact part sizes when that passes) and list those below `cutoff`, to be taken
    best first with `take_next` (with a beam, only the level's beam width of them, already in
    order). Returns (how many, least bound of a guess left off the list; INF with a beam, whose
    guesses past the beam are not part of the problem). A limit-aware beam node (d guesses left,
    d <= ws.beam_finish) keeps the whole list: the search takes it in order until `beam` guesses
    have not turned out impossible (see `solve_two`)."""
    m = X.shape[0]
    n = Y.shape[0] if kind == PAIR else m
    kx_all, sqx_all, ky_all, sqy_all = ps.kx, ps.sqx, ps.ky, ps.sqy
    class_counts(ws, X, kx_all, sqx_all)
    if kind == PAIR:
        class_counts(ws, Y, ky_all, sqy_all)
    is_candidate, ans_guess = ws.is_candidate, ws.ans_guess
    for i in range(m):
        is_candidate[ans_guess[X[i]]] |= 1
    if kind == PAIR:
        for i in range(n):
            is_candidate[ans_guess[Y[i]]] |= 2
    M, won, cnt, touched, sizes_x, sizes_y = ws.M, ws.won, ws.cnt, ws.touched, ps.sizes_x, ps.sizes_y
    tried, keys = ps.tried[level], ps.keys[level]
    now = ps.tried_now[level]
    refine = (m + n if kind == PAIR else m) >= REFINE_MIN
    count = 0
    lowest_off = INF
    for g in range(ws.MT.shape[1]):
        if tried[g] == now:
            continue
        bits = is_candidate[g]
        gx = np.int64(bits & 1)
        gy = np.int64((bits >> 1) & 1)
        kx = kx_all[g]
        if kind == PAIR:
            ky = ky_all[g]
            if kx == 1 and ky == 1 and gx == 0 and gy == 0:
                continue  # splits neither set and wins no board: never worth playing
            lb = pair_scan_bound(m, n, kx, ky, gx, gy, d)
            score = (sqx_all[g] - gx) * (sqy_all[g] - gy)
        else:
            if kx == 1 and gx == 0:
                continue
            if kind == SINGLE:
                lb = guess_lower_bound(m, kx, gx, d, m, gx, kx - gx)  # unweighted
                score = sqx_all[g] - gx
            else:
                lb = same_scan_bound(m, kx, sqx_all[g], gx, d)
                score = (sqx_all[g] - gx) * (sqx_all[g] - gx)
        if lb < cutoff and refine:
            exact, score = guess_bound(M[g], won, X, Y, kind, d, cnt, touched, sizes_x, sizes_y)
            lb = max(lb, exact)
        if lb >= INF:
            continue
        if lb < cutoff:
            keys[count] = sort_key(lb, score, g)
            count += 1
        else:
            lowest_off = min(lowest_off, lb)
    for i in range(m):
        is_candidate[ans_guess[X[i]]] = 0
    if kind == PAIR:
        for i in range(n):
            is_candidate[ans_guess[Y[i]]] = 0
    ws.stats[LIST_SORTED] += count
    beam = ps.beam_at[level]
    if beam > 0 and d <= ws.beam_finish:  # limit-aware: the whole list, tried until `beam` finish
        return count, lowest_off  # (guesses off the list are above the cutoff, not impossible)
    if beam > 0 and count >= beam:
        cand, lbs = ps.cand[level], ps.lbs[level]
        for t in range(beam):  # the beam's guesses are the first `beam` in order
            take_next(keys, cand, lbs, t, count)
        count = beam
        lowest_off = INF
    return count, lowest_off


# ---------------------------------------------------------------- a guess's children


@njit(cache=True, inline="always")
def split_seen_two(M, won, map_a, map_b, part_hash, split_stamp, split_key, split_guess, stamp_now,
                   stats, X, Y, kind, g, level, px, py):
    """True when an earlier guess at this node split both sets exactly as g does (same children,
    same value: g is skipped); otherwise g's split is remembered. As `kernel.split_seen`, with
    the second set's parts mixed in; confirmed member by member. It runs for every guess tried,
    so it takes the workspace arrays it reads, not the workspace (see `nodes.split_parts`)."""
    lev = 2 * level
    sig = np.uint64(0)
    for j in range(px):
        h = part_hash[lev, j] * np.uint64(0x9E3779B97F4A7C15)
        sig += h ^ (h >> np.uint64(29))
    for j in range(py):
        h = part_hash[lev + 1, j] * np.uint64(0xC2B2AE3D27D4EB4F)
        sig += h ^ (h >> np.uint64(31))
    mask = SPLIT_SLOTS - 1
    i = np.int64(sig & np.uint64(mask))
    now = stamp_now[lev]
    for _ in range(SPLIT_PROBES):
        if split_stamp[lev, i] != now:
            split_stamp[lev, i] = now
            split_key[lev, i] = sig
            split_guess[lev, i] = g
            return False
        if split_key[lev, i] == sig:
            r1, r2 = M[split_guess[lev, i]], M[g]
            if same_split_rows(r1, r2, won, map_a, map_b, X) and (
                    kind != PAIR or same_split_rows(r1, r2, won, map_a, map_b, Y)):
                stats[SAME_SPLITS] += 1
                return True
        i = (i + 1) & mask
    return False


@njit(cache=True, inline="always")
def list_children(part_size, child_r, child_s, child_mult, child_weight, kind, lev, px, py, gx,
                  gy):
    """The states a guess leads to (into the level's child rows), as (first-set part r,
    second-set part s) with -1 for a board the guess solves, each with its multiplicity (SAME: a
    pair of different parts and its mirror have one value) and its weight (games in it, for the
    largest-first order). `lev` is the workspace level of the first set's parts. Returns how
    many."""
    c = 0
    if kind == SINGLE:
        for r in range(px):
            child_r[c], child_s[c], child_mult[c], child_weight[c] = r, -1, 1, part_size[lev, r]
            c += 1
    elif kind == PAIR:
        for r in range(px):
            a = part_size[lev, r]
            for s in range(py):
                child_r[c], child_s[c], child_mult[c] = r, s, 1
                child_weight[c] = a * part_size[lev + 1, s]
                c += 1
        if gx:
            for s in range(py):
                child_r[c], child_s[c], child_mult[c], child_weight[c] = -1, s, 1, part_size[lev + 1, s]
                c += 1
        if gy:
            for r in range(px):
                child_r[c], child_s[c], child_mult[c], child_weight[c] = r, -1, 1, part_size[lev, r]
                c += 1
    else:
        for r in range(px):
            a = part_size[lev, r]
            if a >= 2:
                child_r[c], child_s[c], child_mult[c], child_weight[c] = r, r, 1, a * (a - 1)
                c += 1
            for t in range(r + 1, px):
                child_r[c], child_s[c], child_mult[c] = r, t, 2
                child_weight[c] = 2 * a * part_size[lev, t]
                c += 1
        if gx:
            for r in range(px):
                child_r[c], child_s[c], child_mult[c], child_weight[c] = r, -1, 2, 2 * part_size[lev, r]
                c += 1
    return c


@njit(cache=True, inline="always")
def child_sets(part_items, part_start, part_size, part_hash, empty, kind, lev, r, s):
    """(X, Y, hash of X, hash of Y, kind) of the child (r, s): views into the level's parts."""
    if kind == PAIR and r < 0:  # the guess solved the first board: the second board's part s
        start = part_start[lev + 1, s]
        return (part_items[lev + 1, start:start + part_size[lev + 1, s]], empty,
                part_hash[lev + 1, s], NO_HASH, SINGLE)
    start = part_start[lev, r]
    X = part_items[lev, start:start + part_size[lev, r]]
    hx = part_hash[lev, r]
    if s < 0:
        return X, empty, hx, NO_HASH, SINGLE
    if kind == SAME:
        if s == r:
            return X, X, hx, hx, SAME
        start = part_start[lev, s]
        return X, part_items[lev, start:start + part_size[lev, s]], hx, part_hash[lev, s], PAIR
    start = part_start[lev + 1, s]
    return (X, part_items[lev + 1, start:start + part_size[lev + 1, s]], hx, part_hash[lev + 1, s],
            PAIR)


@njit(cache=True, inline="always")
def state_key(zdepth, zkind, hx, hy, kind, d):
    """Memo key of a state whose sets are in canonical order (never 0: 0 marks an empty slot)."""
    key = hx * np.uint64(0x9E3779B97F4A7C15) + hy + zdepth[d] + zkind[kind]
    if key == 0:
        key = np.uint64(1)
    return key


@njit(cache=True, inline="always")
def find_state(mkeys, mlen, moff, pool, zdepth, zkind, state, empty, X, Y, hx, hy, kind, d):
    """Memo slot of a state (-1 when absent), the sets of a PAIR in either order; `state` is the
    row the state words are written to."""
    if kind == PAIR and hy < hx:
        X, Y, hx, hy = Y, X, hy, hx
    state[0] = kind
    state[1] = X.shape[0]
    second = Y if kind == PAIR else empty
    return memo_slot_two(mkeys, mlen, moff, pool, state_key(zdepth, zkind, hx, hy, kind, d), X,
                         second, state)


@njit(cache=True, inline="always")
def order_children(order, weight, nc):
    """order[:nc] = the children, heaviest first."""
    if nc <= 64:
        for j in range(nc):
            order[j] = j
        for j in range(1, nc):
            x = order[j]
            i = j - 1
            while i >= 0 and weight[order[i]] < weight[x]:
                order[i + 1] = order[i]
                i -= 1
            order[i + 1] = x
    else:  # heaviest first, ties in index order: one sort of packed (weight, index) keys
        for j in range(nc):
            order[j] = ((CHILD_WEIGHT_CAP - weight[j]) << CHILD_BITS) | j
        heap_sort(order, 0, nc)
        for j in range(nc):
            order[j] &= CHILD_MASK


@njit(cache=True, inline="always")
def trivial(ans_guess, best_at, X, Y, kind, d, level):
    """The value of the smallest states without a search (-1 when not one of them)."""
    m = X.shape[0]
    if kind == SINGLE:
        if m == 1:
            best_at[level] = ans_guess[X[0]]
            return 1 if d >= 1 else INF
        if d <= 1:
            return INF
        if m == 2:
            best_at[level] = ans_guess[X[0]]
            return 3
        return -1
    if d <= 1:
        return INF
    if kind == SAME:
        if m <= 1:
            return 0
        if m == 2:
            best_at[level] = ans_guess[X[0]]
            return 4
        return -1
    if m == 1 and Y.shape[0] == 1:
        best_at[level] = ans_guess[X[0]]
        return 2
    return -1


# ---------------------------------------------------------------- the search


# Long on purpose: numba caches self-recursion on disk, not mutual recursion: no helper may call back
@njit(cache=True, nogil=True, _nrt=False)
def solve_two(ws, ps, X, Y, hx, hy, kind, d, level, beta, forced):
    """Least total guesses for a Dordle state with d guesses left, exact when below beta; with
    forced >= 0, the total when that guess is played first (see module)."""
    if d < 1:
        return INF
    if forced < 0:
        value = trivial(ws.ans_guess, ps.best_at, X, Y, kind, d, level)
        if value >= 0:
            return value
    if kind == PAIR and hy < hx:  # canonical order: the boards are interchangeable
        X, Y, hx, hy = Y, X, hy, hx
    m = X.shape[0]
    n = Y.shape[0] if kind == PAIR else m
    ws.stats[NODES] += 1
    if ws.stop[0] != 0:  # the process is stopping (lookahead.spaces.stop): nothing here is used
        return INF
    # the arrays the loops below read, taken out of the tuples once (see module)
    mkeys, mlen, moff, pool, mval, mflag = ws.mkeys, ws.mlen, ws.moff, ws.pool, ws.mval, ws.mflag
    zdepth, zkind, empty = ws.zdepth, ps.zkind, ps.empty
    part_items, part_start, part_size, part_hash = (ws.part_items, ws.part_start, ws.part_size,
                                                    ws.part_hash)
    M, won, cnt, pid, touched, zob, part_code = ws.M, ws.won, ws.cnt, ws.pid, ws.touched, ws.zob, \
        ws.part_code
    map_a, map_b, stats = ws.map_a, ws.map_b, ws.stats
    split_stamp, split_key, split_guess, split_stamp_now = (ws.split_stamp, ws.split_key,
                                                            ws.split_guess, ws.split_stamp_now)
    cand, lbs, keys = ps.cand[level], ps.lbs[level], ps.keys[level]
    child_r, child_s, child_mult, child_weight = (ps.child_r[level], ps.child_s[level],
                                                  ps.child_mult[level], ps.child_weight[level])
    child_bound, child_exact, child_order = (ps.child_bound[level], ps.child_exact[level],
                                             ps.child_order[level])
    child_state = ps.key_state[level + 1]
    second = Y if kind == PAIR else empty
    state = ps.key_state[level]
    state[0] = kind
    state[1] = m
    key = state_key(zdepth, zkind, hx, hy, kind, d)
    size = m + n if kind == PAIR else m
    use_memo = ws.use_memo and size >= MEMO_MIN and forced < 0
    known = 0
    if use_memo:
        ws.stats[MEMO_PROBES] += 1
        slot = memo_slot_two(mkeys, mlen, moff, pool, key, X, second, state)
        if slot >= 0:
            ws.stats[MEMO_HITS] += 1
            if mflag[slot] == EXACT:
                ps.best_at[level] = ws.mbest[slot]
                return np.int64(mval[slot])
            known = np.int64(mval[slot])
            if known >= beta:
                ws.stats[MEMO_CUTOFFS] += 1
                return known
    w = pair_weight(kind, m, n)
    floor = non_candidate_floor(kind, m, n, d)
    ps.tried_now[level] += 1
    now = ps.tried_now[level]
    tried = ps.tried[level]
    if forced >= 0:
        lb, _ = guess_bound(ws.M[forced], ws.won, X, Y, kind, d, ws.cnt, ws.touched, ps.sizes_x,
                            ps.sizes_y)
        cand[0] = forced
        lbs[0] = min(lb, INF)
        count = 1
        phase = 1  # nothing else to list
    else:
        count, lowest = rank_candidates(M, won, ws.ans_guess, cnt, touched, ps.sizes_x,
                                        ps.sizes_y, keys, cand, lbs, stats, X, Y, kind, d)
        # Every guess is a candidate (bound >= lowest) or not (bound >= floor): a bound with no
        # scan of the guess list, which often answers a caller who only asks "below beta?".
        known = max(known, min(lowest, floor), state_lower_bound(kind, m, n, d))
        if known >= beta:
            if use_memo:
                memo_store_two(mkeys, mlen, moff, pool, mval, mflag, ws.mbest, stats, key, X, second,
                               state, known, LOWER, -1)
            return known
        phase = 0
    ws.split_stamp_now[2 * level] += 1  # a new node: forget the splits seen at the last one
    best = INF
    best_guess = -1
    bound = INF  # least lower bound of any guess that failed or was not tried
    # limit-aware beam (near the guess limit): the ranked list is tried in order until `beam`
    # guesses have not turned out impossible, as in the single-board beam (lookahead.kernels.beam)
    beam = ps.beam_at[level]
    aware = forced < 0 and beam > 0 and d <= ws.beam_finish
    finishing = 0
    t = 0
    while True:
        if ws.stop[0] != 0:  # stopping: unwind without scoring the other guesses
            break
        if phase == 0 and (t >= count or lbs[t] > floor):
            # The candidates that could reach the floor are done; every other guess costs more
            # than the floor. Scan them all only if one of them could still win (the scan lists
            # the candidates left too, so their bounds count only when there is no scan).
            if min(best, beta) <= floor:
                bound = min(bound, floor, lbs[t] if t < count else INF)
                if best < beta:
                    ws.stats[QUICK] += 1
                break
            count, lowest_off = rank_all(ws, ps, X, Y, kind, d, level, min(best, beta))
            bound = min(bound, lowest_off)
            phase = 1
            t = 0
            continue
        if t >= count:
            break
        if phase == 1 and forced < 0:
            take_next(keys, cand, lbs, t, count)
        cutoff = min(best, beta)
        guess_lb = lbs[t]
        if max(guess_lb, known) >= cutoff:
            bound = min(bound, guess_lb)
            break
        g = cand[t]
        t += 1
        if phase == 0:
            tried[g] = now
        lev = 2 * level
        row = M[g]
        px = split_parts(row, won, X, cnt, pid, touched, zob, part_start, part_size, part_code,
                         part_hash, part_items, lev)
        gx = m
        for j in range(px):
            gx -= part_size[lev, j]
        py = 0
        gy = 0
        if kind == PAIR:
            py = split_parts(row, won, Y, cnt, pid, touched, zob, part_start, part_size, part_code,
                             part_hash, part_items, lev + 1)
            gy = n
            for j in range(py):
                gy -= part_size[lev + 1, j]
        if forced < 0 and split_seen_two(M, won, map_a, map_b, part_hash, split_stamp, split_key,
                                         split_guess, split_stamp_now, stats, X, Y, kind, g, level,
                                         px, py):
            continue
        ws.stats[EVALUATIONS] += 1
        nc = list_children(part_size, child_r, child_s, child_mult, child_weight, kind, lev, px, py,
                           gx, gy)
        total = w
        for c in range(nc):
            Xc, Yc, hxc, hyc, kc = child_sets(part_items, part_start, part_size, part_hash, empty,
                                              kind, lev, child_r[c], child_s[c])
            mc = Xc.shape[0]
            nc_ = Yc.shape[0]
            value = state_lower_bound(kc, mc, nc_, d - 1)
            exact = (kc == SINGLE and mc <= 2) or (kc == PAIR and mc + nc_ == 2) or \
                (kc == SAME and mc <= 2)
            if value < INF and not exact and ws.use_memo and (mc + nc_ if kc == PAIR else mc) >= MEMO_MIN:
                slot = find_state(mkeys, mlen, moff, pool, zdepth, zkind, child_state, empty, Xc,
                                  Yc, hxc, hyc, kc, d - 1)
                if slot >= 0:  # what an earlier search proved of the child
                    value = max(value, np.int64(mval[slot]))
                    exact = mflag[slot] == EXACT
            child_bound[c] = value
            child_exact[c] = exact
            total += child_mult[c] * value
            if total >= cutoff:
                break
        if total < cutoff:
            order_children(child_order, child_weight, nc)
            # As in kernel.solve: raise every child's bound a little at a time (margins 1, 4,
            # 128, ...: MARGIN_GROWTH) before solving any outright, so a guess that cannot win is
            # dropped after a few small improvements instead of the exact value of its largest
            # child.
            margin = 1
            while total < cutoff:
                still_open = 0
                for cc in range(nc):
                    c = child_order[cc]
                    if child_exact[c]:
                        continue
                    still_open += 1
                    old = child_bound[c]
                    mult = child_mult[c]
                    child_beta = old + min(margin, (cutoff - total - 1) // mult + 1)
                    Xc, Yc, hxc, hyc, kc = child_sets(part_items, part_start, part_size, part_hash,
                                                      empty, kind, lev, child_r[c], child_s[c])
                    value = solve_two(ws, ps, Xc, Yc, hxc, hyc, kc, d - 1, level + 1, child_beta,
                                      NO_GUESS)
                    child_exact[c] = value < child_beta
                    total += mult * (value - old)
                    child_bound[c] = value
                    if total >= cutoff:
                        break
                if still_open == 0:
                    break
                margin = min(margin * (MARGIN_FIRST_GROWTH if margin < MARGIN_FIRST_GROWTH
                                       else MARGIN_GROWTH), INF)
        if total < cutoff:
            best = total
            best_guess = g
        else:
            bound = min(bound, total)
        if aware and phase == 1:
            if total < INF:
                finishing += 1
            if finishing >= beam:
                break
    if best < beta:
        if use_memo:
            memo_store_two(mkeys, mlen, moff, pool, mval, mflag, ws.mbest, stats, key, X, second,
                               state, best, EXACT, best_guess)
        ps.best_at[level] = best_guess
        return best
    result = max(min(bound, INF), known)
    if use_memo:
        memo_store_two(mkeys, mlen, moff, pool, mval, mflag, ws.mbest, stats, key, X, second,
                               state, result, LOWER, -1)
    return result
