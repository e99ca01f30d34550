"""The worst-case tie-break against brute force on small games: its longest game and count at that
depth are the lexicographic optimum over all trees of least total."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from lookahead import INF, SearchSetting, shortest_optimal_tree
from lookahead.solvers.single import Solver
from optimal.game import HardState
from optimal.tree import check
from tests.conftest import small_game
from tests.helpers import useful_guesses

SETTING = SearchSetting(0, 64, 1)


def brute_lexicographic(game, first: int, limit: int, state=None) -> tuple[float, float]:
    """(least total, then fewest answers found at guess number `limit`) over every tree that
    starts with `first` and finds every answer within `limit` guesses: plain exhaustive recursion
    (lexicographic order on pairs is compatible with adding them, so the parts' optima add up)."""
    won, none = game.won, (float("inf"), float("inf"))

    @lru_cache(maxsize=None)
    def best(cands: frozenset, left: int, hard_state) -> tuple[float, float]:
        if len(cands) == 1 and left >= 1:
            return 1, int(left == 1)
        if left <= 1:
            return none
        result = none
        for _, word, parts in useful_guesses(game, cands, hard_state):
            total, count = len(cands), 0
            for code, part in parts.items():
                if code != won:
                    child = hard_state.after(word, code) if hard_state is not None else None
                    t, c = best(frozenset(part), left - 1, child)
                    total, count = total + t, count + c
            result = min(result, (total, count))
        return result

    candidates = game.all_candidates()
    word, codes = game.guesses.words[first], game.matrix[first, candidates]
    total, count = len(candidates), int(limit == 1 and won in codes)
    for code in np.unique(codes):
        if code != won:
            child = state.after(word, int(code)) if state is not None else None
            t, c = best(frozenset(int(a) for a in candidates[codes == code]), limit - 1, child)
            total, count = total + t, count + c
    return total, count


def brute_shortest(game, first: int, total: int, state=None) -> tuple[int, int]:
    """(least longest game, fewest answers at it) among trees of total `total` starting with
    `first`, by brute force."""
    for limit in range(1, game.max_guesses + 1):
        t, c = brute_lexicographic(game, first, limit, state)
        if t == total:
            return limit, int(c)
    raise AssertionError("no tree of that total")


def check_tie_break(game, first: int) -> tuple[int, int, np.ndarray] | None:
    """Compare the tie-break for one first word with brute force; returns (longest, at longest,
    the search's own tree's counts) or None when the word has no tree within the limit."""
    state = HardState.initial(game.length) if game.hard else None
    solver = Solver(game, cache_mb=16)
    S = game.all_candidates()
    total = solver.solve(S, game.max_guesses, state, first=first)
    if total >= INF:
        return None
    plain = check(solver.tree(S, game.max_guesses, state, first=first), game)
    result = shortest_optimal_tree(game, first, total, SETTING, int(plain.max()))
    counts = check(result.tree, game)
    assert counts.sum() == total == result.total
    assert (result.longest, result.at_longest) == (int(counts.max()), int((counts == counts.max()).sum()))
    assert (result.longest, result.at_longest) == brute_shortest(game, first, total, state)
    return result.longest, result.at_longest, plain


@pytest.mark.parametrize("mode,seed,some_shorter", [("normal", 0, True), ("normal", 2, False),
                                                     ("hard", 0, True)])
def test_tie_break_matches_brute_force(mode, seed, some_shorter):
    base = small_game(60, mode=mode, offset=10 * seed)
    subset = np.sort(np.random.default_rng(seed).choice(len(base.answers), 16, replace=False))
    shorter = 0
    for limit in (3, 4):
        game = base.restricted_to(subset, name=f"subset{seed}").with_limits(max_guesses=limit)
        for first in range(0, len(game.guesses), 7):
            found = check_tie_break(game, first)
            if found is not None:
                longest, _, plain = found
                shorter += longest < plain.max()
    assert (shorter > 0) == some_shorter  # some search trees were longer than needed


def test_tie_break_minimizes_the_count_at_the_longest_depth():
    """LYMPH on this game: the least total 109 needs 4 guesses for some answer; the search's own
    tree within 4 has 4 answers there, the fewest possible (brute force) is 3."""
    game = small_game(40, offset=120).with_limits(max_guesses=5)
    first = game.guess_id("lymph")
    longest, at, _ = check_tie_break(game, first)
    limited = game.with_limits(max_guesses=longest)
    search_tree = check(Solver(limited, cache_mb=16).tree(game.all_candidates(), longest,
                                                          first=first), limited)
    assert (search_tree == longest).sum() > at  # the count is really minimized, not inherited


def test_plain_search_tree_is_kept_when_it_is_already_shortest():
    game = small_game(60).with_limits(max_guesses=3)
    found = check_tie_break(game, game.guess_id("roate"))
    assert found is not None and found[0] == 3
