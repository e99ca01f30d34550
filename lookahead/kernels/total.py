"""The recursive branch-and-bound kernel (numba).

`solve(ws, S, h, d, level, beta, forced)` returns the least total number of guesses to find every
answer of the sorted candidate array S with at most d guesses, if that total is below `beta`;
otherwise a proven lower bound that is at least `beta`, so a caller can abandon a guess as soon as
it cannot win. With `forced` >= 0 it is the value of playing that guess first (the same loop, run
for one guess; nothing is memoized for the node), which is how Python evaluates a first guess
without a Python loop over its parts. It is one self-recursive function on purpose: numba caches
self-recursion on disk but not mutual recursion. With `ws.certify`, it also writes why each lower
bound holds (`lookahead.kernels.proof_records`) and leaves the claim behind its value in `ws.claim_at[level]`
(with `forced`, a claim about that guess alone); those lines are marked `# proof`.

The total is weighted (see lookahead.kernels.bounds): each answer costs its weight ws.w[a] (1 without
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
from lookahead.kernels.compiled import njit

from lookahead.kernels.beam import keep_finishable
from lookahead.kernels.bounds import INF, counted_lower_bound, guess_lower_bound, heaviest_parts, \
    set_lower_bound
from lookahead.kernels.proof_records import CLOSED_FORM, COUNTED, TWO_N_RULE, cert_end, cert_guess, cert_open, \
    cert_same, clear_part_claims
from lookahead.kernels.legality import child_legal, child_state
from lookahead.kernels.memo import EVALUATIONS, EXACT, LOWER, MEMO_CUTOFFS, MEMO_HITS, NODES, QUICK, \
    memo_find, memo_store
from lookahead.kernels.nodes import (HEAVIEST, MEMO_MIN, WEIGHT, best_candidate, new_node, node_key,
                             partition, sort_parts_by_size, split_seen)
from lookahead.kernels.scan import TOP, count_replies, heaviest_sums, limit_aware, rank_guesses, set_weight

# "No forced guess", as a typed value: a literal -1 in the recursive call would give it another
# signature (Literal[int]) than the call from Python, and numba's disk cache of a self-recursive
# function compiled for two signatures crashes when loaded (numba issue #6061).
NO_GUESS = np.int64(-1)
MARGIN_GROWTH = 4  # how fast the margin given to every part grows between passes


@njit(cache=True)
def forced_guess(ws, S, g, d, level, weight):
    """List guess g alone as the node's guess (ws.cand/ws.lbs[level]); returns (1, its bound), the
    bound `split_bounds` gives it (the counting bound on its large parts included)."""
    n = S.shape[0]
    row = ws.M[g]
    k = count_replies(row, S, ws.cnt, ws.touched)
    green = 0
    large = 0  # what the counting bound adds for the parts above the cap (bounds.py)
    cap = ws.kcap[level]
    for t in range(k):
        if ws.touched[t] == ws.won:
            green = 1
        c = ws.cnt[ws.touched[t]]
        if ws.counting and not ws.certify and c > cap + 1:  # (a certificate names no parts here)
            large += counted_lower_bound(c, cap, d - 1) - (2 * c - 1)
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
        bound = guess_lower_bound(n, k, green, d, n, green, k - green) + large
    ws.cand[level, 0] = g
    ws.lbs[level, 0] = min(bound, INF)
    return 1, bound


# Long on purpose: numba caches self-recursion on disk, not mutual recursion: no helper may call back
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
    if ws.stop[0] != 0:  # the process is stopping (lookahead.spaces.stop): nothing here is used
        return INF
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
    if ws.counting and forced < 0 and n > ws.kcap[level] + 1:  # a large set: see bounds.py
        counted = counted_lower_bound(n, ws.kcap[level], d)
        if counted > known:
            known = counted
            known_claim = COUNTED  # proof: the parent's cap, so never stored (proof_records.py)
        if known >= beta:
            if ws.certify:  # proof
                ws.claim_at[level] = known_claim
            if use_memo and not (ws.certify and known_claim == COUNTED):
                memo_store(ws, key, S, state, known, LOWER, -1, known_claim)
            return known
    weight, _ = set_weight(ws, S)  # n without weights
    if forced >= 0:
        m, lowest = forced_guess(ws, S, forced, d, level, weight)
        lowest_off = INF
        ws.kcap[level + 1] = ws.kcap[level]  # no scan here: the parts' cap is the node's
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
            if use_memo and not (ws.certify and known_claim == COUNTED):
                memo_store(ws, key, S, state, known, LOWER, -1, known_claim)
            return known
        m, lowest, lowest_off = rank_guesses(ws, S, d, level, beta)
        if limit_aware(ws, d) and d == 3:  # limit-aware beam, two guesses left after this one:
            m, lowest_off = keep_finishable(ws, S, level, m, lowest_off)  # see lookahead.kernels.beam
    new_node(ws, level)
    if ws.certify:  # proof
        cert_open(ws, S, d, level)
    best = INF
    best_guess = -1
    # limit-aware beam, more guesses left: the whole list is tried in order until K guesses have
    # not turned out impossible (see lookahead.kernels.beam)
    finishing = 0
    count_finishing = forced < 0 and d > 3 and limit_aware(ws, d)
    bound = lowest_off  # least lower bound of any guess that failed or was not tried
    if max(lowest, known) < beta:
        for t in range(m):
            if ws.stop[0] != 0:  # stopping: unwind without scoring the other guesses
                break
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
                elif ws.counting:
                    part_bound = counted_lower_bound(c, ws.kcap[level + 1], d - 1)
                    if ws.certify and c > ws.kcap[level + 1] + 1:  # proof
                        ws.part_claim[level, j] = COUNTED
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
            if count_finishing and total < INF:
                finishing += 1
                if finishing == ws.beam:
                    break
    else:
        bound = max(lowest, known)
    if best < beta:
        if ws.certify:  # proof
            ws.claim_at[level] = cert_end(ws, best, known, known_claim, forced)
        if use_memo and not (ws.certify and ws.claim_at[level] == COUNTED):
            memo_store(ws, key, S, state, best, EXACT, best_guess, ws.claim_at[level])
        ws.best_at[level] = best_guess
        return best
    result = max(min(bound, INF), known)
    if ws.certify:  # proof
        ws.claim_at[level] = cert_end(ws, result, known, known_claim, forced)
    if use_memo and not (ws.certify and ws.claim_at[level] == COUNTED):
        memo_store(ws, key, S, state, result, LOWER, -1, ws.claim_at[level])
    return result
