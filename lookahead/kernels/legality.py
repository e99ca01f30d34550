"""The strict modes inside the search: the state a node carries and the legal guesses it allows.

One state serves both modes (`ws.hard`; `ws.ultra` for ultra-hard): per place, the green letter
(`greens`) and the letters barred there (`barred`, a bit mask); per letter, the least and the most
copies a guess must have (`mins`, `maxs`). NYT hard mode (`optimal.rules.hard`) fills the greens and
least counts only; ultra-hard (`optimal.rules.ultra`: every guess could be the answer) also bars a
scored letter from the place it was not green and caps a letter that drew a grey at the copies
scored. Two nodes with the same candidates, guesses left and state are the same subproblem, so the
state is part of the memo key (packed into a few integers, compared word for word on a hit).
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from lookahead.kernels.memo import STATE_WORDS, ULTRA_STATE_WORDS


@njit(cache=True)
def pack_state(ws, level):
    """Pack the state at `level` into ws.state_words[level] and its hash into ws.state_hash[level].
    The loops run over constants on purpose: over the array's length instead, hard mode's PALET
    proof within 5 took 35% more CPU (2.7 s against 2.0 s, measured A/B against the code before);
    ultra-hard packs more words, in its own function."""
    if ws.ultra:
        pack_ultra_state(ws, level)
        return
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
def pack_ultra_state(ws, level):
    """`pack_state` in ultra-hard mode: hard mode's words, then each place's barred letters and
    each letter's most count (ULTRA_STATE_WORDS in all)."""
    words = ws.state_words[level]
    greens = ws.greens[level]
    for w in range(ULTRA_STATE_WORDS):
        words[w] = 0
    for i in range(greens.shape[0]):
        words[i // 4] |= np.int32(greens[i] + 1) << (8 * (i % 4))
        words[STATE_WORDS + i] = ws.barred[level, i]
    for c in range(26):
        words[2 + c // 7] |= np.int32(ws.mins[level, c]) << (4 * (c % 7))
        words[STATE_WORDS + 8 + c // 7] |= np.int32(ws.maxs[level, c]) << (4 * (c % 7))
    h = np.uint64(0)
    for w in range(ULTRA_STATE_WORDS):
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
    if ws.ultra:
        ultra_child_state(ws, level, g, code)
    pack_state(ws, level + 1)


@njit(cache=True)
def ultra_child_state(ws, level, g, code):
    """Ultra-hard mode's part of `child_state`: each letter not green is barred from its place, and
    a letter that drew a grey is capped at the copies this guess scored (ws.scored, filled by
    `child_state`); also leaves which letters drew a grey in ws.greyed (for `child_legal`)."""
    L = ws.letters.shape[1]
    for i in range(L):
        ws.barred[level + 1, i] = ws.barred[level, i]
    for c in range(26):
        ws.maxs[level + 1, c] = ws.maxs[level, c]
        ws.greyed[c] = 0
    x = code
    for i in range(L):
        digit = x % 3
        x //= 3
        letter = ws.letters[g, i]
        if digit != 2:
            ws.barred[level + 1, i] |= np.int32(1) << letter
        if digit == 0:
            ws.greyed[letter] = 1
    for c in range(26):
        if ws.greyed[c] and ws.scored[c] < ws.maxs[level + 1, c]:
            ws.maxs[level + 1, c] = ws.scored[c]


@njit(cache=True)
def child_legal(ws, level, g, code):
    """Legal guesses at level+1: those legal at `level` that also keep this guess's greens in
    place and contain each letter it scored as often (call after `child_state`); in ultra-hard
    mode also without a letter where it was not green, and with no more copies of a letter that
    drew a grey than were scored. Done on bitsets (the parent's ANDed with one row, or its
    complement, per place and per letter of the guess), then listed in order."""
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
        elif ws.ultra:
            row = ws.pos_letter_bits[i, ws.letters[g, i]]
            for w in range(W):
                acc[w] &= ~row[w]
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
        if ws.ultra and first and ws.greyed[letter]:  # at most n copies: not n + 1
            row = ws.letter_min_bits[letter, n + 1]
            for w in range(W):
                acc[w] &= ~row[w]
    child = ws.legal[level + 1]
    m = 0
    for w in range(W):
        bits = acc[w]
        while bits:
            child[m] = w * 64 + trailing_zeros(bits)
            m += 1
            bits &= bits - np.uint64(1)
    ws.nlegal[level + 1] = m
