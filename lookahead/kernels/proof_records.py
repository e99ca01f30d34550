"""Proof certificates, the kernels' side: why each lower bound holds, written down as it is found.

When `ws.certify` is set, the search kernels (`kernel.solve`, `worst.can_finish`) append records to
`ws.cert`, a flat int32 buffer that Python drains after every kernel call (`lookahead.solvers.certificate_log`
turns the drained words into a certificate file; `optimal.check` reads it). Nothing here changes
what the search computes: the records only say why its answers hold, so that a checker that shares
no code with the search can confirm every lower bound on its own.

The records, as int32 words (the checker's docstring is the specification):

    OPEN  d n a_1..a_n [greens_1..greens_L mins_1..mins_26 [barred_1..barred_L maxs_1..maxs_26]]
          a node: candidates, guesses left (hard mode: its state; ultra-hard: the rest of it)
    GUESS g m (code ref)*m    guess g costs at least n + the sum of its parts' values: the parts
                              named here take the value of claim `ref`, the others their closed form
    SAME  g h                 g splits the candidates exactly as h did (normal mode): same cost
    CLOSE L                   claim: every allowed guess here costs at least L -> the next claim id
    CLOSE_ONLY L 1 g          claim: guess g costs at least L here (a forced guess's value)
    DROP                      forget the node (its value rests on an earlier claim)

A `ref` is a claim id (the claims of one stream are numbered from 0 in order of their CLOSE), or
one of the rules the checker applies itself: CLOSED_FORM (the part's closed-form bound), TWO_N_RULE
(2c: no candidate splits the part into single answers), NO_SEPARATING_GUESS (with two guesses left
no allowed guess splits the part into single answers, so it cannot be finished), COUNTED (the
counting bound of `lookahead.kernels.bounds.counted_lower_bound`, its cap K being the most parts any
guess allowed at the node that names the part makes of that node's answers: the checker counts K
itself. Such a claim belongs to its node, so a bound resting on it alone is never stored in the
memo of a certifying solver, where another node could cite it with a larger K).

Why a stack of open nodes and not one record per node: a node's evidence is known guess by guess,
while its children's claims are being written; so a node is opened, its children's claims follow
(closed before it, so every reference points backwards), its guesses' evidence follows each
guess, and it is closed (or dropped) last. The buffer is never grown inside a kernel: a write
beyond its end only advances the position, and Python reports the overflow.
"""

from __future__ import annotations

import numpy as np
from lookahead.kernels.compiled import njit

OP_SECTION, OP_OPEN, OP_GUESS, OP_SAME, OP_CLOSE, OP_CLOSE_ONLY, OP_CLOSE_EXCEPT, OP_DROP, \
    OP_GUESS_X, OP_CITE_X, OP_END = range(1, 12)

# references to rules instead of claims
CLOSED_FORM = -1
TWO_N_RULE = -2
NO_SEPARATING_GUESS = -3
COUNTED = -4


@njit(cache=True, inline="always")
def put(ws, x):
    """Append one word to the certificate buffer (past its end only the position moves)."""
    p = ws.cert_pos[0]
    if p < ws.cert.shape[0]:
        ws.cert[p] = x
    ws.cert_pos[0] = p + 1


@njit(cache=True)
def cert_open(ws, S, d, level):
    """OPEN the node of candidates S with d guesses left (and level's hard-mode state)."""
    put(ws, OP_OPEN)
    put(ws, d)
    put(ws, S.shape[0])
    for i in range(S.shape[0]):
        put(ws, S[i])
    if ws.hard:
        for i in range(ws.greens.shape[1]):
            put(ws, ws.greens[level, i])
        for c in range(26):
            put(ws, ws.mins[level, c])
    if ws.ultra:
        for i in range(ws.greens.shape[1]):
            put(ws, ws.barred[level, i])
        for c in range(26):
            put(ws, ws.maxs[level, c])


@njit(cache=True)
def cert_guess(ws, level, g, parts):
    """GUESS g with the parts of ws.part_*[level] whose value rests on a claim or a rule other
    than the closed form (ws.part_claim[level])."""
    m = 0
    for j in range(parts):
        if ws.part_claim[level, j] != CLOSED_FORM:
            m += 1
    put(ws, OP_GUESS)
    put(ws, g)
    put(ws, m)
    for j in range(parts):
        if ws.part_claim[level, j] != CLOSED_FORM:
            put(ws, ws.part_code[level, j])
            put(ws, ws.part_claim[level, j])


@njit(cache=True)
def cert_guess_one(ws, g, code, ref):
    """GUESS g resting on one part (reply `code`) whose value is claim or rule `ref`; with
    ref == CLOSED_FORM, on the closed forms of its parts alone."""
    put(ws, OP_GUESS)
    put(ws, g)
    if ref == CLOSED_FORM:
        put(ws, 0)
    else:
        put(ws, 1)
        put(ws, code)
        put(ws, ref)


@njit(cache=True)
def cert_same(ws, g, h):
    """SAME: guess g splits the node's candidates exactly as guess h did."""
    put(ws, OP_SAME)
    put(ws, g)
    put(ws, h)


@njit(cache=True)
def cert_close(ws, value):
    """CLOSE the innermost open node with the claim 'every allowed guess costs at least value';
    returns the claim's id."""
    put(ws, OP_CLOSE)
    put(ws, value)
    claim = ws.cert_claims[0]
    ws.cert_claims[0] = claim + 1
    return claim


@njit(cache=True)
def cert_put_drop(ws):
    """DROP the innermost open node (nothing to claim about it)."""
    put(ws, OP_DROP)


@njit(cache=True)
def cert_conclude(ws, value, known, known_claim):
    """End the innermost open node whose search gave `value`: when an earlier claim (or rule)
    already proves `known` >= value, DROP the node and reuse that; otherwise CLOSE it. Returns the
    claim (or rule) behind `value`."""
    if known >= value:
        cert_put_drop(ws)
        return known_claim
    return cert_close(ws, value)


@njit(cache=True)
def cert_close_only(ws, value, g):
    """CLOSE the innermost open node with the claim 'guess g costs at least value' (the value of a
    forced guess); returns the claim's id."""
    put(ws, OP_CLOSE_ONLY)
    put(ws, value)
    put(ws, 1)
    put(ws, g)
    claim = ws.cert_claims[0]
    ws.cert_claims[0] = claim + 1
    return claim


@njit(cache=True)
def cert_end(ws, value, known, known_claim, forced):
    """End the innermost open node: with a forced guess (>= 0), a claim about that guess alone;
    otherwise `cert_conclude`. Returns the claim (or rule) behind `value`."""
    if forced >= 0:
        return cert_close_only(ws, value, forced)
    return cert_conclude(ws, value, known, known_claim)


@njit(cache=True)
def clear_part_claims(ws, level, parts):
    """Every part of the current split starts at its closed form."""
    for j in range(parts):
        ws.part_claim[level, j] = CLOSED_FORM


def certificate_buffer(words: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The buffer, its write position and the claim counter (one word each when not certifying)."""
    return np.zeros(max(1, words), np.int32), np.zeros(1, np.int64), np.zeros(1, np.int64)
