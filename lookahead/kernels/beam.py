"""The limit-aware beam: near the guess limit, a beam node's K guesses are the first K (in the
search's order) that can still finish in time, not just the first K.

Why: a plain beam of K keeps a node's K best guesses by (lower bound, sum of squared part sizes),
a score blind to the guess limit. Near the limit the K best by that score may all leave some part
that cannot be finished in time while a guess further down the list would do; the beam then
reports "no tree" where one exists. (On the game where all 12,972 allowed words are answers, a plain
beam of 60 finds no tree within 6 guesses after LANTS; published trees do it.) So at a node with d
guesses left, 3 <= d <= the workspace's `beam_finish`, the whole ranked list is kept
(`scan.limit_aware`) and:

- with d = 3 (two guesses left after this one), guesses are tested in order before any is searched
  and the first K that pass are the node's guesses (`keep_finishable`, here): every part of more
  than two answers must be separated by one guess, which the pair bitsets of `lookahead.kernels.finish`
  decide in microseconds (parts of one or two answers can always be finished);
- with d > 3, the kernel searches the list in order and stops after K guesses that did not turn
  out impossible (a part with no tree makes a guess's total infinite); a test before the search
  would cost more there than the search itself, which finds the impossible part anyway and cuts
  every other guess off early (`kernel.solve`, the `count_finishing` lines).
- With d = 2 the search's lower bound already admits only guesses that split the node into
  single answers.

Both ways are exact about feasibility, so a node keeps no guess only when none can finish in
time. The beam's totals are still totals of real trees (upper bounds), like any beam's.
"""

from __future__ import annotations

from lookahead.kernels.compiled import njit

from lookahead.kernels.bounds import INF
from lookahead.kernels.legality import child_legal, child_state
from lookahead.kernels.nodes import new_node, partition, sort_parts_by_size, split_seen
from lookahead.kernels.finish import one_guess_splits, reply_count


@njit(cache=True)
def parts_separable(ws, g, parts, level):
    """Whether every part of guess g's split (just made at `level` by `partition`) can be
    finished with two guesses: one guess must give each of its answers a different reply."""
    sort_parts_by_size(ws, level, parts)
    for jj in range(parts):
        j = ws.part_order[level, jj]
        c = ws.part_size[level, j]
        if c <= 2:
            return True  # the rest are as small: one or two answers, two guesses left
        if c > reply_count(ws):
            return False  # no guess splits more answers than there are replies
        if ws.hard:
            child_state(ws, level, g, ws.part_code[level, j])
            child_legal(ws, level, g, ws.part_code[level, j])
        start = ws.part_start[level, j]
        if not one_guess_splits(ws, ws.part_items[level, start:start + c], level):
            return False
    return True


@njit(cache=True)
def keep_finishable(ws, S, level, m, lowest_off):
    """At a node with three guesses left: keep in ws.cand/ws.lbs[level] the first ws.beam of its m
    ranked guesses whose parts can all be finished with two more, skipping guesses that split S
    as an earlier one did. Returns (guesses kept, least bound of the guesses left off): guesses
    past the beam are not part of the problem (INF), those that fail the test have no tree, the
    others keep the bound `lowest_off` the ranking gave them."""
    kept = 0
    for t in range(m):
        g = ws.cand[level, t]
        parts = partition(ws, S, g, level)
        if split_seen(ws, S, g, level, parts):
            continue
        if parts_separable(ws, g, parts, level):
            ws.cand[level, kept] = g
            ws.lbs[level, kept] = ws.lbs[level, t]
            kept += 1
            if kept == ws.beam:
                lowest_off = INF
                break
    new_node(ws, level)  # the search meets these splits again: forget them
    return kept, lowest_off
