"""Memo entries copied from one solver to another: what lets worker processes share what they prove.

Why: an `--all` run's words are cheap in one process largely because its memo holds what the earlier
words proved (bounds on large parts that many first words leave alike). Split over two worker
processes, each memo sees only the words its own process searched: measured on the original lists,
the words that one process refutes in under 10 ms took 21 times longer in a worker, and 2 workers
ran the whole list only 1.39x faster than one. A worker's memo cannot be shared in place (two
processes, and a race on a slot could pair one entry's key with another's value), so new entries
travel instead: a task exports the entries its solver added (`exported`), the main process hands
them to the next tasks, and each worker stores them (`import_entries`) as if it had proved them.

Sound because an entry is a proven fact about its key (candidate set, guesses left, hard-mode state:
the members and state are copied and compared word for word, exactly as in `memo.memo_store`), the
same in every solver of one game and search setting: the keys' random terms are drawn in a fixed
order, so they agree between processes. Certifying solvers never share (an entry's claim belongs to
its own solver's certificate section).
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

from lookahead.kernels.memo import memo_store


@njit(cache=True)
def exported(ws, pool_from, min_members):
    """The entries of at least `min_members` answers stored since the pool held `pool_from` words:
    (keys, values, flags, best guesses, member counts, offsets into `words`, words), each entry's
    words being its members then its state, as in the pool. Entries raised in place since (a
    higher bound, or exact) are not sent again: sending them too was measured slower (the whole
    list on 2 workers: 11,557 words in the time 12,972 took without), the copies outweighing the
    work they save. (Never a helper called with the workspace per slot: a call that passes the
    workspace tuple costs a reference count per array in it; such a scan took 9 s.)"""
    mkeys, mlen, moff, pool = ws.mkeys, ws.mlen, ws.moff, ws.pool
    width = ws.state_words.shape[1]
    # whole-array masks: 9 ms for 2 million slots, half the time of a loop over the slots
    chosen = np.nonzero((mkeys != 0) & (mlen >= min_members) & (moff >= pool_from))[0]
    lens = mlen[chosen].astype(np.int64)
    offsets = np.zeros(chosen.shape[0], np.int64)
    at = 0
    for j in range(chosen.shape[0]):
        offsets[j] = at
        at += lens[j] + width
    words = np.zeros(at, np.int32)
    for j in range(chosen.shape[0]):
        start = moff[chosen[j]]
        words[offsets[j]:offsets[j] + lens[j] + width] = pool[start:start + lens[j] + width]
    keys = mkeys[chosen]
    values = ws.mval[chosen].astype(np.int64)
    flags = ws.mflag[chosen]
    bests = ws.mbest[chosen].astype(np.int64)
    return keys, values, flags, bests, lens, offsets, words


@njit(cache=True)
def import_entries(ws, keys, values, flags, bests, lens, offsets, words):
    """Store entries another solver of the same game and setting exported (see `exported`); an entry
    already held is kept or raised, never lowered (`memo_store`'s rule)."""
    width = ws.state_words.shape[1]
    for j in range(keys.shape[0]):
        start = offsets[j]
        n = lens[j]
        memo_store(ws, keys[j], words[start:start + n], words[start + n:start + n + width],
                   values[j], flags[j], bests[j])
