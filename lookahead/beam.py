"""The limit-aware beam: near the guess limit, a beam node keeps the first K guesses (in the
search's order) whose every part can still be finished in the guesses left, not just the first K.

Why: a plain beam of K keeps a node's K best guesses by (lower bound, sum of squared part sizes),
a score blind to the guess limit. Near the limit the K best by that score may all leave some part
that cannot be finished in time while a guess further down the list would do; the beam then
reports "no tree" where one exists. (On the game where all 12,972 allowed words are answers, a plain
beam of 60 finds no tree within 6 guesses after LANTS; published trees do it.) So at a node with d
guesses left (3 <= d <= the workspace's `beam_finish`), guesses are tested in order and the first K
that pass are the node's guesses:

- every part of more than two answers must be finishable in d - 1 guesses: with two left, when one
  guess gives each of its answers a different reply (the pair bitsets of `lookahead.worst`); with
  more, when `can_finish` proves it (memoized under its own keys, see `worst.FINISH_KEYS`);
- parts of one or two answers always can (d - 1 >= 2), and with d = 2 the search's lower bound
  already admits only the guesses that split the node into single answers.

Both tests are exact, so a node that keeps no guess has no tree at all within the limit; the beam's
totals are still totals of real trees (upper bounds), like any beam's.
"""

from __future__ import annotations

from numba import njit

from lookahead.bounds import INF
from lookahead.hardmode import child_legal, child_state
from lookahead.nodes import new_node, partition, sort_parts_by_size, split_seen
from lookahead.worst import can_finish, one_guess_splits, reply_count


@njit(cache=True)
def parts_finish(ws, S, g, parts, d, level):
    """Whether every part of guess g's split (just made at `level` by `partition`) can be finished
    within d - 1 guesses (d >= 3)."""
    sort_parts_by_size(ws, level, parts)
    for jj in range(parts):
        j = ws.part_order[level, jj]
        c = ws.part_size[level, j]
        if c <= 2:
            return True  # the rest are as small: one or two answers, two or more guesses left
        if d == 3 and c > reply_count(ws):
            return False  # no guess splits more answers than there are replies
        if ws.hard:
            child_state(ws, level, g, ws.part_code[level, j])
            child_legal(ws, level, g, ws.part_code[level, j])
        start = ws.part_start[level, j]
        items = ws.part_items[level, start:start + c]
        if d == 3:
            if not one_guess_splits(ws, items, level):
                return False
        elif can_finish(ws, items, ws.part_hash[level, j], d - 1, level + 1) == 0:
            return False
    return True


@njit(cache=True)
def keep_finishable(ws, S, d, level, m, lowest_off):
    """Keep in ws.cand/ws.lbs[level] the first ws.beam of its m guesses (the full ranked list) whose
    parts can all be finished in time, skipping guesses that split S as an earlier one did.
    Returns (guesses kept, least bound of the guesses left off): guesses past the beam are not
    part of the problem (INF), those that fail the test have no tree, the others keep the bound
    `lowest_off` the ranking gave them."""
    kept = 0
    for t in range(m):
        g = ws.cand[level, t]
        parts = partition(ws, S, g, level)
        if split_seen(ws, S, g, level, parts):
            continue
        if parts_finish(ws, S, g, parts, d, level):
            ws.cand[level, kept] = g
            ws.lbs[level, kept] = ws.lbs[level, t]
            kept += 1
            if kept == ws.beam:
                lowest_off = INF
                break
    new_node(ws, level)  # the search meets these splits again: forget them
    return kept, lowest_off
