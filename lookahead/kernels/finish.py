"""The worst-case objective: can every answer be found within d guesses? (numba kernel)

`can_finish(ws, S, h, d, level)` answers yes or no for the candidate set S, with the same scan,
partition, hard-mode state and memo as the total-minimizing search: only the question differs, so a
node stops at the first guess whose every part can be finished with one guess less, and a guess is
dropped at the first part that cannot. It is a separate self-recursive function because numba
caches self-recursion but not mutual recursion.

Nodes with three guesses left are where the proofs spend their time (every second guess of a big
set must be refuted), so their parts are not searched: a part can be finished in two guesses only
if one guess separates every pair of its answers, and the sets of guesses separating each pair are
kept as bitsets and intersected until the intersection is empty.

With `ws.certify`, a node that cannot be finished is written down as a claim of the proof
certificate (`lookahead.kernels.proof_records`): for every guess, the part that cannot be finished in time; the
claim is left in `ws.claim_at[level]`. Those lines are marked `# proof`.
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.bounds import INF
from lookahead.kernels.proof_records import CLOSED_FORM, NO_SEPARATING_GUESS, cert_close, cert_guess_one, \
    cert_open, cert_put_drop, cert_same
from lookahead.kernels.legality import child_legal, child_state
from lookahead.kernels.memo import EVALUATIONS, EXACT, MEMO_HITS, NODES, QUICK, memo_find, memo_store
from lookahead.kernels.nodes import (MEMO_MIN, best_candidate, new_node, node_key, partition,
                             sort_parts_by_size, split_seen)
from lookahead.kernels.scan import count_splits, gather_replies, rank_guesses

# A yes/no answer is memoized under the key of d + FINISH_KEYS guesses left, never under a total's
# key, so this kernel may share a workspace (and its memo) with the total search: for one candidate
# set the two keys differ by zdepth[d + FINISH_KEYS] - zdepth[d] (fixed, nonzero), so a "1 = can
# finish" can never be read as a total of 1, nor a total as a yes/no.
FINISH_KEYS = 64


@njit(cache=True)
def reply_count(ws) -> int:
    """How many reply codes the game has (3**length for Wordle): no guess splits a set into more
    classes, so a larger set can never be separated by one guess."""
    return ws.part_size.shape[1]


@njit(cache=True)
def pair_bits(ws, a, b):
    """Row of ws.pair_pool holding the set of guesses (a bitset) whose replies to answers a and b
    differ: a guess can finish a set in one more guess only if it separates every pair of it.

    Rows are computed on first use and kept (the set depends only on the pair), found through a
    hash table keyed by the pair (ws.pair_keys -> ws.pair_slot, at most half full), so the memory
    is the pool's and not one slot per pair of answers (168 million pairs when all 12,972 words are
    answers); when the pool is full it is emptied and refilled, so the pairs of the current work
    stay at hand.
    """
    if a > b:
        a, b = b, a
    key = np.int64(a) * ws.MT.shape[0] + b
    keys = ws.pair_keys
    mask = keys.shape[0] - 1
    home = np.int64((np.uint64(key) * np.uint64(0x9E3779B97F4A7C15)) >> np.uint64(32)) & mask
    i = home
    while keys[i] >= 0:
        if keys[i] == key:
            return ws.pair_slot[i]
        i = (i + 1) & mask
    pool = ws.pair_pool
    used = ws.pair_used[0]
    if used >= pool.shape[0]:  # full: start afresh, so the pairs in use now are kept
        keys[:] = -1
        used = 0
        i = home
    row = used
    ws.pair_used[0] = used + 1
    keys[i] = key
    ws.pair_slot[i] = row
    ra, rb = ws.MT[a], ws.MT[b]
    G = ra.shape[0]
    for w in range(pool.shape[1]):
        bits = np.uint64(0)
        base = w * 64
        for t in range(min(64, G - base)):
            if ra[base + t] != rb[base + t]:
                bits |= np.uint64(1) << np.uint64(t)
        pool[row, w] = bits
    return row


@njit(cache=True)
def separating_guesses(ws, items):
    """Leave in ws.pair_acc the set of guesses (a bitset) that give every answer of `items` a
    different reply: the AND of each pair's separating set. Returns False as soon as it is empty."""
    acc = ws.pair_acc
    W = acc.shape[0]
    for w in range(W):
        acc[w] = ~np.uint64(0)
    c = items.shape[0]
    # Neighbours in list order first: alphabetical neighbours share letters, so they are the
    # pairs fewest guesses separate, and the intersection empties soonest on them.
    for step in range(1, c):
        for i in range(step, c):
            row = ws.pair_pool[pair_bits(ws, items[i], items[i - step])]
            alive = np.uint64(0)
            for w in range(W):
                acc[w] &= row[w]
                alive |= acc[w]
            if alive == 0:
                return False
    return True


@njit(cache=True)
def any_of(ws, guesses, count):
    """The first of guesses[:count] in the bitset ws.pair_acc, or -1."""
    acc = ws.pair_acc
    for t in range(count):
        g = guesses[t]
        if (acc[g >> 6] >> np.uint64(g & 63)) & np.uint64(1):
            return g
    return -1


@njit(cache=True)
def one_guess_splits(ws, items, level):
    """Whether some allowed guess gives every answer of `items` a different reply (so the set can
    be finished with two guesses). In hard mode the guess must also be legal at level+1
    (ws.legal[level + 1])."""
    if not separating_guesses(ws, items):
        return False
    if not ws.hard:
        return True
    return any_of(ws, ws.legal[level + 1], ws.nlegal[level + 1]) >= 0


# Long on purpose: numba caches self-recursion on disk, not mutual recursion: no helper may call back
@njit(cache=True, nogil=True)
def can_finish(ws, S, h, d, level):
    """1 when every answer of S can be found within d guesses, else 0; the guess that does it is
    left in ws.best_at[level]."""
    n = S.shape[0]
    if ws.certify:  # proof
        ws.claim_at[level] = CLOSED_FORM
    if n == 1:
        ws.best_at[level] = ws.ans_guess[S[0]]
        return 1 if d >= 1 else 0
    if d <= 1:
        return 0
    if n == 2:
        ws.best_at[level] = ws.ans_guess[S[0]]
        return 1
    ws.stats[NODES] += 1
    if ws.stop[0] != 0:  # the process is stopping (lookahead.spaces.stop): nothing here is used
        return 0
    state = ws.state_words[level]
    key = node_key(ws, h, d + FINISH_KEYS, level)
    use_memo = ws.use_memo and n >= MEMO_MIN
    if use_memo:
        slot = memo_find(ws, key, S, state)
        if slot >= 0:
            ws.stats[MEMO_HITS] += 1
            ws.best_at[level] = ws.mbest[slot]
            if ws.certify:  # proof
                ws.claim_at[level] = ws.mclaim[slot]
            return ws.mval[slot]
    quick, quick_guess, _ = best_candidate(ws, S, d)
    if quick == 2 * n - 1 or (quick == 2 * n and d >= 3):  # parts of at most 2: done in time
        ws.stats[QUICK] += 1
        if use_memo:
            memo_store(ws, key, S, state, 1, EXACT, quick_guess)
        ws.best_at[level] = quick_guess
        return 1
    m, lowest, _ = rank_guesses(ws, S, d, level, INF)
    new_node(ws, level)
    if ws.certify:  # proof
        cert_open(ws, S, d, level)
    found = -1
    if d == 2:
        if lowest < INF:  # a guess splits S into single answers
            found = ws.cand[level, 0]
    else:
        for t in range(m):
            if ws.stop[0] != 0:  # stopping: unwind without scoring the other guesses
                break
            g = ws.cand[level, t]
            parts = partition(ws, S, g, level)
            if split_seen(ws, S, g, level, parts):
                if ws.certify:  # proof
                    cert_same(ws, g, ws.seen_as[level])
                continue
            ws.stats[EVALUATIONS] += 1
            sort_parts_by_size(ws, level, parts)
            largest = ws.part_size[level, ws.part_order[level, 0]]
            if d == 3 and largest > reply_count(ws):
                if ws.certify:  # proof: a part too big for any guess to split into single answers
                    cert_guess_one(ws, g, 0, CLOSED_FORM)
                continue
            ok = True
            for jj in range(parts):
                j = ws.part_order[level, jj]
                c = ws.part_size[level, j]
                if c <= 2:
                    break  # every remaining part has at most 2 answers and >= 2 guesses left
                if ws.hard:
                    child_state(ws, level, g, ws.part_code[level, j])
                    child_legal(ws, level, g, ws.part_code[level, j])
                start = ws.part_start[level, j]
                items = ws.part_items[level, start:start + c]
                if d == 3:  # the part has two guesses left: one guess must separate all of it
                    ok = one_guess_splits(ws, items, level)
                else:
                    ok = can_finish(ws, items, ws.part_hash[level, j], d - 1, level + 1) == 1
                if not ok:
                    if ws.certify:  # proof
                        cert_guess_one(ws, g, ws.part_code[level, j],
                                       NO_SEPARATING_GUESS if d == 3 else ws.claim_at[level + 1])
                    break
            if ok:
                found = g
                break
    result = 1 if found >= 0 else 0
    if ws.certify:  # proof
        if found >= 0:
            cert_put_drop(ws)
        else:
            ws.claim_at[level] = cert_close(ws, INF)
    if use_memo:
        memo_store(ws, key, S, state, result, EXACT, found, ws.claim_at[level])
    ws.best_at[level] = found
    return result


@njit(cache=True)
def max_classes(ws, S, level):
    """The most reply classes any allowed guess makes on S (answers found within two guesses)."""
    n = S.shape[0]
    ng = gather_replies(ws, S, level)
    count_splits(ws, n, ng)
    fewest = n
    for j in range(ng):
        fewest = min(fewest, np.int64(ws.dup[j]))
    return n - fewest


@njit(cache=True, nogil=True)
def fewest_failures(ws, S, level, cutoff):
    """With three guesses left: the fewest answers of S that cannot be found in time, by branch
    and bound over the next guess (exact when below `cutoff`, else a bound at least `cutoff`).

    A part with two guesses left loses |part| - (most classes one guess makes on it) answers; it
    loses none exactly when one guess separates all of it (the cheap pair-bitset test), which is
    also the lower bound used before any part is scanned.
    """
    n = S.shape[0]
    if n <= 2:
        return 0
    m, lowest, _ = rank_guesses(ws, S, 3, level, INF)
    best = min(cutoff, n)
    best_guess = -1
    for t in range(m):
        g = ws.cand[level, t]
        parts = partition(ws, S, g, level)
        sort_parts_by_size(ws, level, parts)
        bound = 0
        for jj in range(parts):  # lower bound: 1 for each part no single guess separates
            j = ws.part_order[level, jj]
            c = ws.part_size[level, j]
            ws.part_exact[level, j] = True
            if c <= 2:
                break
            if ws.hard:
                child_state(ws, level, g, ws.part_code[level, j])
                child_legal(ws, level, g, ws.part_code[level, j])
            start = ws.part_start[level, j]
            if c > reply_count(ws) or not one_guess_splits(ws, ws.part_items[level, start:start + c], level):
                ws.part_exact[level, j] = False
                bound += 1
                if bound >= best:
                    break
        if bound >= best:
            continue
        total = 0
        for jj in range(parts):
            j = ws.part_order[level, jj]
            if ws.part_exact[level, j]:
                continue
            c = ws.part_size[level, j]
            if ws.hard:
                child_state(ws, level, g, ws.part_code[level, j])
                child_legal(ws, level, g, ws.part_code[level, j])
            start = ws.part_start[level, j]
            total += c - max_classes(ws, ws.part_items[level, start:start + c], level + 1)
            if total >= best:
                break
        if total < best:
            best = total
            best_guess = g
            if best == 0:
                break
    ws.best_at[level] = best_guess
    return best
