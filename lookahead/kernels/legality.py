"""Hard mode inside the search: the state a node carries and the legal guesses it allows.

The state after a history is what the NYT rule demands of later guesses: the green letters in place,
and for each letter the most copies ever scored green or yellow in one guess. Two nodes with the same
candidates, guesses left and state are the same subproblem, so the state is part of the memo key
(packed into a few integers, compared word for word on a hit).
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from lookahead.kernels.memo import STATE_WORDS


@njit(cache=True)
def pack_state(ws, level):
    """Pack the state at `level` into ws.state_words[level] and its hash into ws.state_hash[level]."""
    words = ws.state_words[level]
    greens = ws.greens[level]
    mins = ws.mins[level]
    for w in range(STATE_WORDS):
        words[w] = 0
    for i in range(greens.shape[0]):
        words[i // 4] |= np.int32(greens[i] + 1) << (8 * (i % 4))
    for c in range(26):
        words[2 + c // 7] |= np.int32(mins[c]) << (4 * (c % 7))
    h = np.uint64(0)
    for w in range(STATE_WORDS):
        h += np.uint64(words[w] + 1) * ws.zstate[w]
    ws.state_hash[level] = h


@njit(cache=True)
def child_state(ws, level, g, code):
    """The state at level+1 after guess g scored `code`, from the state at `level`; also leaves
    the letters scored green/yellow by this guess in ws.scored (for `child_legal`)."""
    L = ws.letters.shape[1]
    greens_p, greens_c = ws.greens[level], ws.greens[level + 1]
    mins_p, mins_c = ws.mins[level], ws.mins[level + 1]
    for i in range(L):
        greens_c[i] = greens_p[i]
    for c in range(26):
        mins_c[c] = mins_p[c]
        ws.scored[c] = 0
    x = code
    for i in range(L):
        digit = x % 3
        x //= 3
        letter = ws.letters[g, i]
        if digit == 2:
            greens_c[i] = letter
        if digit >= 1:
            ws.scored[letter] += 1
    for c in range(26):
        if ws.scored[c] > mins_c[c]:
            mins_c[c] = ws.scored[c]
    pack_state(ws, level + 1)


@njit(cache=True)
def child_legal(ws, level, g, code):
    """Legal guesses at level+1: those legal at `level` that also keep this guess's greens in
    place and contain each letter it scored as often (call after `child_state`). Done on bitsets
    (the parent's ANDed with one row per green and per scored letter), then listed in order."""
    L = ws.letters.shape[1]
    W = ws.legal_bits.shape[1]
    acc = ws.legal_bits[level + 1]
    parent = ws.legal_bits[level]
    for w in range(W):
        acc[w] = parent[w]
    x = code
    for i in range(L):
        if x % 3 == 2:
            row = ws.pos_letter_bits[i, ws.letters[g, i]]
            for w in range(W):
                acc[w] &= row[w]
        x //= 3
    for i in range(L):
        letter = ws.letters[g, i]
        n = ws.scored[letter]
        first = True
        for j in range(i):
            if ws.letters[g, j] == letter:
                first = False
        if n > 0 and first:
            row = ws.letter_min_bits[letter, n]
            for w in range(W):
                acc[w] &= row[w]
    child = ws.legal[level + 1]
    m = 0
    for w in range(W):
        bits = acc[w]
        while bits:
            child[m] = w * 64 + trailing_zeros(bits)
            m += 1
            bits &= bits - np.uint64(1)
    ws.nlegal[level + 1] = m
