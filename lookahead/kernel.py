"""The recursive branch-and-bound kernel (numba).

`solve(ws, S, h, d, level, beta, forced)` returns the least total number of guesses to find every
answer of the sorted candidate array S with at most d guesses, if that total is below `beta`;
otherwise a proven lower bound that is at least `beta`, so a caller can abandon a guess as soon as
it cannot win. With `forced` >= 0 it is the value of playing that guess first (the same loop, run
for one guess; nothing is memoized for the node), which is how Python evaluates a first guess
without a Python loop over its parts. It is one self-recursive function on purpose: numba caches
self-recursion on disk but not mutual recursion. With `ws.certify`, it also writes why each lower
bound holds (`lookahead.certify`) and leaves the claim behind its value in `ws.claim_at[level]`
(with `forced`, a claim about that guess alone); those lines are marked `# proof`.

The total is weighted (see lookahead.bounds): each answer costs its weight ws.w[a] (1 without
weights) per guess, so where the plain search counts n answers this one sums their weight W; with
every weight 1 it is the plain search, step for step.

Per node: memo lookup; the candidates-only check that settles most small sets at their absolute
bound (2n - 1, or 2n; weighted: 2W - wmax, or a candidate's exact value up to 2W); else every
guess is scored (`scan.rank_guesses`) and tried best first, each one's parts solved largest first
with the cutoff passed down, and stopped as soon as the parts' values plus the lower bounds of the
rest reach the cutoff.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from lookahead.bounds import INF, guess_lower_bound, heaviest_parts, set_lower_bound
from lookahead.certify import CLOSED_FORM, TWO_N_RULE, cert_end, cert_guess, cert_open, \
    cert_same, clear_part_claims
from lookahead.hardmode import child_legal, child_state
from lookahead.memo import EVALUATIONS, EXACT, LOWER, MEMO_CUTOFFS, MEMO_HITS, NODES, QUICK, \
    SAME_SPLITS, memo_find, memo_store
from lookahead.scan import MAX, SUM, TOP, count_replies, count_replies_weighted, heaviest_sums, \
    rank_guesses, set_weight

MEMO_MIN = 3  # sets of 1 or 2 answers are solved faster than they are looked up
# "No forced guess", as a typed value: a literal -1 in the recursive call would give it another
# signature (Literal[int]) than the call from Python, and numba's disk cache of a self-recursive
# function compiled for two signatures crashes when loaded (numba issue #6061).
NO_GUESS = np.int64(-1)
MARGIN_GROWTH = 4  # how fast the margin given to every part grows between passes
WEIGHT, HEAVIEST = 0, 1  # ws.part_mass[level, WEIGHT or HEAVIEST, part]


@njit(cache=True)
def node_key(ws, h, d, level):
    """Memo key of a node: set hash + guesses left + hard-mode state (never 0: 0 marks empty)."""
    key = h + ws.zdepth[d] + ws.state_hash[level]
    if key == 0:
        key = np.uint64(1)
    return key


@njit(cache=True)
def partition(ws, S, g, level):
    """Split S by the replies to guess g into ws.part_*[level], dropping the all-green reply.

    Parts keep S's order (so they are sorted too) and get their set hash on the way, and on a
    weighted game their summed and heaviest weight (ws.part_mass). Returns the number of parts.
    """
    row = ws.M[g]
    cnt, pid, touched = ws.cnt, ws.pid, ws.touched
    n = S.shape[0]
    k = count_replies(row, S, cnt, touched)
    pos = 0
    m = 0
    for t in range(k):
        c = touched[t]
        if c == ws.won:
            pid[c] = -1
        else:
            ws.part_start[level, m] = pos
            ws.part_size[level, m] = cnt[c]
            ws.part_code[level, m] = c
            ws.part_hash[level, m] = np.uint64(0)
            pid[c] = m
            pos += cnt[c]
            m += 1
        cnt[c] = 0
    for i in range(n):
        a = S[i]
        p = pid[row[a]]
        if p >= 0:
            ws.part_items[level, ws.part_start[level, p] + cnt[p]] = a
            cnt[p] += 1
            ws.part_hash[level, p] += ws.zob[a]
    for t in range(m):
        cnt[t] = 0
    for t in range(k):
        pid[touched[t]] = -1
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


@njit(cache=True)
def same_split(ws, S, g1, g2):
    """Whether guesses g1 and g2 split S into the same classes (the replies correspond one to one,
    and the all-green reply only to itself)."""
    to2, to1 = ws.map_a, ws.map_b
    r1, r2 = ws.M[g1], ws.M[g2]
    same = True
    for i in range(S.shape[0]):
        a, b = r1[S[i]], r2[S[i]]
        if (a == ws.won) != (b == ws.won) or (to2[a] >= 0 and to2[a] != b) or (to1[b] >= 0 and to1[b] != a):
            same = False
            break
        to2[a] = b
        to1[b] = a
    for i in range(S.shape[0]):
        to2[r1[S[i]]] = -1
        to1[r2[S[i]]] = -1
    return same


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


@njit(cache=True)
def forced_guess(ws, S, g, d, level, weight):
    """List guess g alone as the node's guess (ws.cand/ws.lbs[level]); returns (1, its bound)."""
    n = S.shape[0]
    row = ws.M[g]
    k = count_replies(row, S, ws.cnt, ws.touched)
    green = 0
    for t in range(k):
        if ws.touched[t] == ws.won:
            green = 1
        ws.cnt[ws.touched[t]] = 0
    if ws.weighted:
        heaviest_sums(ws, S)
        green_weight = 0
        for i in range(n):
            if row[S[i]] == ws.won:
                green_weight = ws.w[S[i]]
        bound = guess_lower_bound(n, k, green, d, weight, green_weight,
                                  heaviest_parts(ws.wscratch[TOP], k - green, green_weight))
    else:
        bound = guess_lower_bound(n, k, green, d, n, green, k - green)
    ws.cand[level, 0] = g
    ws.lbs[level, 0] = min(bound, INF)
    return 1, bound


@njit(cache=True, nogil=True)
def solve(ws, S, h, d, level, beta, forced):
    """Least total guesses for candidates S with d guesses left, exact when below beta; with
    forced >= 0, the total when that guess is played first (see module)."""
    n = S.shape[0]
    if ws.certify:  # proof
        ws.claim_at[level] = CLOSED_FORM
    if d < 1:
        return INF
    if forced < 0:
        if n == 1:
            ws.best_at[level] = ws.ans_guess[S[0]]
            return ws.w[S[0]]
        if d <= 1:
            return INF
        if n == 2:
            if not ws.weighted:
                ws.best_at[level] = ws.ans_guess[S[0]]
                return 3
            w0, w1 = ws.w[S[0]], ws.w[S[1]]  # the heavier first (the first on equal weights)
            ws.best_at[level] = ws.ans_guess[S[1] if w1 > w0 else S[0]]
            return 2 * (w0 + w1) - max(w0, w1)
    ws.stats[NODES] += 1
    state = ws.state_words[level]
    key = node_key(ws, h, d, level)
    use_memo = ws.use_memo and n >= MEMO_MIN and forced < 0  # memoize this node
    known = 0  # a lower bound from an earlier visit
    known_claim = CLOSED_FORM  # proof: the claim behind `known`
    if use_memo:
        slot = memo_find(ws, key, S, state)
        if slot >= 0:
            ws.stats[MEMO_HITS] += 1
            if ws.certify:  # proof
                known_claim = ws.mclaim[slot]
                ws.claim_at[level] = known_claim
            if ws.mflag[slot] == EXACT:
                ws.best_at[level] = ws.mbest[slot]
                return ws.mval[slot]
            known = ws.mval[slot]
            if known >= beta:
                ws.stats[MEMO_CUTOFFS] += 1
                return known
    weight, _ = set_weight(ws, S)  # n without weights
    if forced >= 0:
        m, lowest = forced_guess(ws, S, forced, d, level, weight)
        lowest_off = INF
    else:
        quick, quick_guess, quick_exact = best_candidate(ws, S, d)
        if quick_exact and quick <= 2 * weight:  # unweighted: 2n - 1, or 2n with d >= 3
            ws.stats[QUICK] += 1
            if ws.certify:  # proof
                ws.claim_at[level] = CLOSED_FORM if quick == 2 * n - 1 else TWO_N_RULE
            if use_memo:
                memo_store(ws, key, S, state, quick, EXACT, quick_guess, ws.claim_at[level])
            ws.best_at[level] = quick_guess
            return quick
        # No candidate reaches 2n - 1, and a guess outside the set never does better than 2n
        # (2W): a bound that needs no scan of all guesses, and often answers a caller who only
        # asks "below beta?". (Certificates are for unweighted games: there W is n.)
        if ws.certify and min(quick, 2 * weight) >= known:  # proof
            known_claim = TWO_N_RULE
        known = max(known, min(quick, 2 * weight))
        if known >= beta:
            if ws.certify:  # proof
                ws.claim_at[level] = known_claim
            if use_memo:
                memo_store(ws, key, S, state, known, LOWER, -1, known_claim)
            return known
        m, lowest, lowest_off = rank_guesses(ws, S, d, level, beta)
    new_node(ws, level)
    if ws.certify:  # proof
        cert_open(ws, S, d, level)
    best = INF
    best_guess = -1
    bound = lowest_off  # least lower bound of any guess that failed or was not tried
    if max(lowest, known) < beta:
        for t in range(m):
            cutoff = min(best, beta)
            guess_bound = ws.lbs[level, t]
            if max(guess_bound, known) >= cutoff:
                bound = min(bound, guess_bound)
                break
            g = ws.cand[level, t]
            parts = partition(ws, S, g, level)
            if split_seen(ws, S, g, level, parts):
                if ws.certify:  # proof
                    cert_same(ws, g, ws.seen_as[level])
                continue
            ws.stats[EVALUATIONS] += 1
            total = weight
            if ws.certify:  # proof
                clear_part_claims(ws, level, parts)
            for j in range(parts):
                c = ws.part_size[level, j]
                if ws.weighted:
                    part_bound = set_lower_bound(c, ws.part_mass[level, WEIGHT, j],
                                                 ws.part_mass[level, HEAVIEST, j], d - 1)
                else:
                    part_bound = set_lower_bound(c, c, 1, d - 1)
                if ws.use_memo and forced < 0 and c >= MEMO_MIN and part_bound < INF:
                    if ws.hard:
                        child_state(ws, level, g, ws.part_code[level, j])
                    start = ws.part_start[level, j]
                    slot = memo_find(ws, node_key(ws, ws.part_hash[level, j], d - 1, level + 1),
                                     ws.part_items[level, start:start + c], ws.state_words[level + 1])
                    if slot >= 0:
                        part_bound = ws.mval[slot]
                        if ws.certify:  # proof
                            ws.part_claim[level, j] = ws.mclaim[slot]
                ws.part_bound[level, j] = part_bound
                total += part_bound
                if total >= cutoff:
                    break
            if total < cutoff:
                sort_parts_by_size(ws, level, parts)
                # Raise every part's bound a little at a time (the margin grows 1, 4, 16, ...
                # times the mean weight of an answer, ws.unit)
                # before solving any part outright: a guess that cannot win is dropped after many
                # small, cheap improvements instead of the exact solution of its largest part. A
                # part is exact as soon as its value is below the margin it was given; once the
                # margin covers the whole slack, this is the plain deep search.
                for j in range(parts):
                    ws.part_exact[level, j] = ws.part_size[level, j] <= 2
                margin = ws.unit
                while total < cutoff:
                    still_open = 0
                    for jj in range(parts):
                        j = ws.part_order[level, jj]
                        if ws.part_exact[level, j]:
                            continue
                        still_open += 1
                        c = ws.part_size[level, j]
                        part_bound = ws.part_bound[level, j]
                        if ws.hard:
                            child_state(ws, level, g, ws.part_code[level, j])
                            child_legal(ws, level, g, ws.part_code[level, j])
                        start = ws.part_start[level, j]
                        part_beta = min(part_bound + margin, cutoff - total + part_bound)
                        value = solve(ws, ws.part_items[level, start:start + c], ws.part_hash[level, j],
                                      d - 1, level + 1, part_beta, NO_GUESS)
                        if ws.certify:  # proof
                            ws.part_claim[level, j] = ws.claim_at[level + 1]
                        ws.part_exact[level, j] = value < part_beta
                        total += value - part_bound
                        ws.part_bound[level, j] = value
                        if total >= cutoff:
                            break
                    if still_open == 0:
                        break
                    margin *= MARGIN_GROWTH
            if ws.certify:  # proof
                cert_guess(ws, level, g, parts)
            if total < cutoff:
                best = total
                best_guess = g
            else:
                bound = min(bound, total)
    else:
        bound = max(lowest, known)
    if best < beta:
        if ws.certify:  # proof
            ws.claim_at[level] = cert_end(ws, best, known, known_claim, forced)
        if use_memo:
            memo_store(ws, key, S, state, best, EXACT, best_guess, ws.claim_at[level])
        ws.best_at[level] = best_guess
        return best
    result = max(min(bound, INF), known)
    if ws.certify:  # proof
        ws.claim_at[level] = cert_end(ws, result, known, known_claim, forced)
    if use_memo:
        memo_store(ws, key, S, state, result, LOWER, -1, ws.claim_at[level])
    return result
