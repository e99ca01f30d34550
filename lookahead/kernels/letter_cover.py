"""The five-word pangram search's kernel: five letter masks covering 25 of the 26 letters, rarest
letter first (the algorithm and why it is correct: `optimal.pangrams`; its plain-Python statement,
the tests' check on this one: `optimal.pangrams.search.search_masks_python`).

Why here: every numba kernel lives in `lookahead/kernels/`, so the compiled code is cached in the
one checked folder named by the hash of these sources (`lookahead.spaces.kernel_cache`), not
next to a command's source.
"""

from __future__ import annotations

import numpy as np

from lookahead.kernels.compiled import njit

WORDS = 5  # five words of five letters: 25 of the 26 letters


@njit(cache=True)
def lowest_clear_bit(used: np.int64) -> np.int64:
    """The rarest letter not yet covered (letters are numbered rarest first)."""
    rank = 0
    while (used >> rank) & 1:
        rank += 1
    return rank


@njit(cache=True)
def cover_search(masks: np.ndarray, starts: np.ndarray, out: np.ndarray) -> int:
    """Rarest-letter-first search, iterative with an explicit stack (numba-compiled).

    masks: remapped class masks sorted by rarest letter; starts: bucket boundaries per rank;
    out: (capacity, 5) array receiving positions into `masks` of each solution found. Returns how
    many solutions exist (rows past the capacity are counted but not written, so the caller can
    retry with a bigger array).

    A stack frame is one decision: cover the rarest uncovered letter with a class from its bucket,
    or (once) leave that letter out. Six frames at most: five words and one skip.
    """
    used = np.zeros(7, np.int64)        # letters covered (or skipped) on entering the frame
    words = np.zeros(7, np.int64)       # classes chosen on entering the frame
    skipped = np.zeros(7, np.int64)     # 1 once the missing letter has been chosen
    rank = np.zeros(7, np.int64)        # the letter this frame must cover (or skip)
    cursor = np.zeros(7, np.int64)      # next bucket entry to try; bucket end = try the skip
    chosen = np.zeros(WORDS, np.int64)
    capacity = out.shape[0]
    found = 0
    top = 0
    rank[0] = 0
    cursor[0] = starts[0]
    while top >= 0:
        r = rank[top]
        end = starts[r + 1]
        k = cursor[top]
        if k < end:
            cursor[top] = k + 1
            mask = masks[k]
            if mask & used[top]:
                continue  # shares a letter with the classes already chosen
            chosen[words[top]] = k
            if words[top] + 1 == WORDS:
                if found < capacity:
                    for w in range(WORDS):
                        out[found, w] = chosen[w]
                found += 1
                continue
            nxt = top + 1
            used[nxt] = used[top] | mask
            words[nxt] = words[top] + 1
            skipped[nxt] = skipped[top]
        elif k == end and skipped[top] == 0:
            cursor[top] = k + 1
            nxt = top + 1  # this letter is the one left out: same number of words, letter done
            used[nxt] = used[top] | (np.int64(1) << r)
            words[nxt] = words[top]
            skipped[nxt] = 1
        else:
            top -= 1
            continue
        r2 = lowest_clear_bit(used[nxt])
        if starts[r2] == starts[r2 + 1] and skipped[nxt] == 1:
            continue  # prune: no class can cover this letter and the one skip is spent
        rank[nxt] = r2
        cursor[nxt] = starts[r2]
        top = nxt
    return found
