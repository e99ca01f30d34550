"""The memo of proven values and lower bounds, as flat numpy arrays that numba kernels read.

Why not a dict: a numba-typed dict of tuples costs far more per probe than open addressing on
arrays, and arrays let the memory limit (`--cache-mb`) be exact. The key is a 64-bit hash of the
candidate set (a sum of random numbers per answer, so the hash of a part is built while partitioning),
plus the guesses left and the hard-mode state; but a hit is only accepted after comparing the stored
members and state word for word, so a hash collision can cost time, never correctness.
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

EXACT, LOWER = 1, 2

# counters in the stats array (shared with the kernel)
NODES, FULL_SCANS, MEMO_HITS, MEMO_CUTOFFS, MEMO_ENTRIES, POOL_USED, MEMO_FULL, EVALUATIONS, \
    QUICK, SCANNED, LIST_SORTED, MEMO_PROBES, SAME_SPLITS, DROPS_SEEN = range(14)
STATS_SIZE = 16

STATE_WORDS = 6  # hard-mode state packed into int32 words (see legality.pack_state)
# ultra-hard mode's: hard mode's, then each place's barred letters (up to 8 places, one word each)
# and each letter's most copies (4 bits, 7 letters per word)
ULTRA_STATE_WORDS = STATE_WORDS + 8 + 4


def memo_arrays(cache_mb: float, n_answers: int) -> tuple:
    """Allocate a memo that fits in about `cache_mb` MiB: a table of slots and a pool for members.

    Each slot costs 8+4+1+4+8+4 = 29 bytes; each stored member 4 bytes. The table gets about a
    quarter of the budget, the pool the rest (typical memoized sets have ~10 members).
    """
    budget = max(0.01, cache_mb) * 2**20
    slots = 1 << max(6, int(np.log2(budget * 0.25 / 29)))
    pool = max(1024, int((budget - slots * 29) // 4))
    return (np.zeros(slots, np.uint64), np.zeros(slots, np.int32), np.zeros(slots, np.int8),
            np.zeros(slots, np.int32), np.zeros(slots, np.int64), np.zeros(slots, np.int32),
            np.zeros(pool, np.int32))


def clear_memo(ws) -> None:
    """Forget every entry (Python, not a kernel): the memo is a cache of proven facts, so clearing it
    never changes a result, only the work. Used when what it holds may be unproven (a stopped
    call, `lookahead.spaces.stop`) and when it is full (`exact_values_task`: a full memo drops
    every new entry, so each later word is searched without a memo of its own)."""
    ws.mkeys[:] = 0
    ws.stats[POOL_USED] = 0
    ws.stats[MEMO_ENTRIES] = 0


def make_room(ws) -> bool:
    """Before the next word of a long run (one first word after another), clear the memo when it
    dropped entries since the last look (it filled up); True when it cleared it. Why: a full memo
    drops every new entry, and a search without memo entries of its own revisits its states from
    scratch (a Dordle first word of the 500-answer proof took 24 s instead of 11 s; the workers'
    memos filled after about 20 words and every later word ran so). The last look is kept in the
    workspace, across the tasks a worker runs: kept per task, as it once was, it never fired when
    each task carried one word (the hard table's slowest band, whose words its workers then ran
    at about 3x a fresh run's CPU). A memo merely near full is kept: what the next word shares
    with the last (all of it, for words of the same letters) is worth more than room."""
    stats = ws.stats
    dropped = stats[MEMO_FULL] > stats[DROPS_SEEN]
    stats[DROPS_SEEN] = stats[MEMO_FULL]
    if dropped:
        clear_memo(ws)
    return bool(dropped)


@njit(cache=True)
def _same(pool, off, S, state):
    n = S.shape[0]
    for j in range(n):
        if pool[off + j] != S[j]:
            return False
    for j in range(state.shape[0]):
        if pool[off + n + j] != state[j]:
            return False
    return True


@njit(cache=True)
def memo_find(ws, key, S, state):
    """Slot of the entry for (S, state) under `key`, or -1."""
    mask = ws.mkeys.shape[0] - 1
    i = np.int64(key & np.uint64(mask))
    n = S.shape[0]
    ws.stats[MEMO_PROBES] += 1
    while True:
        k = ws.mkeys[i]
        if k == 0:
            return -1
        if k == key and ws.mlen[i] == n and _same(ws.pool, ws.moff[i], S, state):
            return i
        i = (i + 1) & mask


@njit(cache=True)
def memo_store(ws, key, S, state, value, flag, best, claim=-1):
    """Record an exact value (with its best guess) or a lower bound; a stored exact value is never
    replaced by a bound, and a bound only by a higher one. When the table is 3/4 full or the pool is
    exhausted, new entries are dropped (and counted): memory stays within the limit. With a proof
    certificate, `claim` is the certificate's claim (or rule) proving the value (lookahead.kernels.proof_records)."""
    mask = ws.mkeys.shape[0] - 1
    i = np.int64(key & np.uint64(mask))
    n = S.shape[0]
    while True:
        k = ws.mkeys[i]
        if k == 0:
            break
        if k == key and ws.mlen[i] == n and _same(ws.pool, ws.moff[i], S, state):
            if ws.mflag[i] == LOWER and (flag == EXACT or value > ws.mval[i]):
                ws.mval[i] = value
                ws.mflag[i] = flag
                ws.mbest[i] = best
                if ws.certify:
                    ws.mclaim[i] = claim
            return
        i = (i + 1) & mask
    used = ws.stats[POOL_USED]
    size = n + state.shape[0]
    if ws.stats[MEMO_ENTRIES] * 4 >= (mask + 1) * 3 or used + size > ws.pool.shape[0]:
        ws.stats[MEMO_FULL] += 1
        return
    ws.mkeys[i] = key
    ws.mval[i] = value
    ws.mflag[i] = flag
    ws.mbest[i] = best
    if ws.certify:
        ws.mclaim[i] = claim
    ws.moff[i] = used
    ws.mlen[i] = n
    for j in range(n):
        ws.pool[used + j] = S[j]
    for j in range(state.shape[0]):
        ws.pool[used + n + j] = state[j]
    ws.stats[POOL_USED] = used + size
    ws.stats[MEMO_ENTRIES] += 1


# ---------------------------------------------------------------- two sets (Dordle)
#
# A Dordle state is two candidate sets: stored as the members of the first, then of the second,
# then the state words (which say where the first set ends), so a hit is still confirmed member
# by member. Same table, same limits as above; only the members come from two arrays. The pair
# kernel probes once per child of every guess it tries, so the lookup takes the four arrays it
# reads rather than the workspace: a numba call (or inlined call) that passes the workspace tuple
# costs an atomic reference count per array in it.


@njit(cache=True, inline="always")
def _same_two(pool, off, X, Y, state):
    m = X.shape[0]
    for j in range(m):
        if pool[off + j] != X[j]:
            return False
    n = Y.shape[0]
    for j in range(n):
        if pool[off + m + j] != Y[j]:
            return False
    for j in range(state.shape[0]):
        if pool[off + m + n + j] != state[j]:
            return False
    return True


@njit(cache=True, inline="always")
def memo_slot_two(mkeys, mlen, moff, pool, key, X, Y, state):
    """Slot of the entry for the sets (X, Y) and state under `key`, or -1."""
    mask = mkeys.shape[0] - 1
    i = np.int64(key & np.uint64(mask))
    size = X.shape[0] + Y.shape[0]
    while True:
        k = mkeys[i]
        if k == 0:
            return -1
        if k == key and mlen[i] == size and _same_two(pool, moff[i], X, Y, state):
            return i
        i = (i + 1) & mask


@njit(cache=True, inline="always")
def memo_store_two(mkeys, mlen, moff, pool, mval, mflag, mbest, stats, key, X, Y, state, value,
                   flag, best):
    """memo_store for a state of two sets (X, Y), on the memo's arrays (the pair kernel stores
    once per node: see above)."""
    mask = mkeys.shape[0] - 1
    m, n = X.shape[0], Y.shape[0]
    i = memo_slot_two(mkeys, mlen, moff, pool, key, X, Y, state)
    if i >= 0:
        if mflag[i] == LOWER and (flag == EXACT or value > mval[i]):
            mval[i] = value
            mflag[i] = flag
            mbest[i] = best
        return
    used = stats[POOL_USED]
    size = m + n + state.shape[0]
    if stats[MEMO_ENTRIES] * 4 >= (mask + 1) * 3 or used + size > pool.shape[0]:
        stats[MEMO_FULL] += 1
        return
    i = np.int64(key & np.uint64(mask))
    while mkeys[i] != 0:
        i = (i + 1) & mask
    mkeys[i] = key
    mval[i] = value
    mflag[i] = flag
    mbest[i] = best
    moff[i] = used
    mlen[i] = m + n
    for j in range(m):
        pool[used + j] = X[j]
    for j in range(n):
        pool[used + m + j] = Y[j]
    for j in range(state.shape[0]):
        pool[used + m + n + j] = state[j]
    stats[POOL_USED] = used + size
    stats[MEMO_ENTRIES] += 1
