"""The search engine against a brute-force reference on small games, where exhaustive enumeration
decides the optimum; plus memo on/off, beam >= exact, hard mode and depth limits."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from lookahead import INF
from lookahead.kernels.memo import MEMO_ENTRIES, make_room
from lookahead.solvers.single import Solver
from optimal.game import HardState
from optimal.tree import check
from tests.conftest import small_game
from tests.helpers import useful_guesses


def brute_force(game, candidates, guesses_left, state=None):
    """Least total guesses by plain exhaustive recursion over every guess (no bounds, no tricks)."""
    won = game.won

    @lru_cache(maxsize=None)
    def after(hard_state, word: str, code: int):  # the same clue state is asked for again and again
        return hard_state.after(word, code)

    @lru_cache(maxsize=None)
    def best(cands: frozenset, left: int, hard_state) -> float:
        if len(cands) == 1 and left >= 1:
            return 1
        if left <= 1:
            return float("inf")
        result = float("inf")
        for _, word, parts in useful_guesses(game, cands, hard_state):
            total = len(cands)
            for code, part in parts.items():
                if code != won:
                    child = after(hard_state, word, code) if hard_state is not None else None
                    total += best(frozenset(part), left - 1, child)
                    if total >= result:
                        break
            result = min(result, total)
        return result

    return best(frozenset(int(c) for c in candidates), guesses_left, state)


def random_subsets(game, sizes, seed):
    rng = np.random.default_rng(seed)
    for n in sizes:
        yield np.sort(rng.choice(len(game.answers), n, replace=False)).astype(np.int32)


SLOW = pytest.mark.slow


@pytest.mark.parametrize("seed", [0, *(pytest.param(s, marks=SLOW) for s in range(1, 6))])
def test_exact_search_matches_brute_force(seed):
    game = small_game(60, offset=10 * seed)
    solver = Solver(game, cache_mb=64)
    for S in random_subsets(game, [6, 9, 12, 16, 20, 25, 30], seed):
        for left in (3, 4, 6):
            expected = brute_force(game, S, left)
            value = solver.solve(S, left)
            assert value == (INF if expected == float("inf") else expected), (S, left)


@pytest.mark.parametrize("seed, sizes", [(0, [6, 10, 14]),  # the brute force takes seconds at 20
                                         pytest.param(0, [6, 10, 14, 20], marks=SLOW),
                                         pytest.param(1, [6, 10, 14, 20], marks=SLOW),
                                         pytest.param(2, [6, 10, 14, 20], marks=SLOW)])
def test_hard_mode_matches_brute_force(seed, sizes):
    game = small_game(60, mode="hard", offset=15 * seed)
    solver = Solver(game, cache_mb=64)
    for S in random_subsets(game, sizes, 100 + seed):
        for left in (3, 4, 6):
            expected = brute_force(game, S, left, HardState.initial(5))
            value = solver.solve(S, left, HardState.initial(5))
            assert value == (INF if expected == float("inf") else expected), (S, left)


def test_same_splits_are_skipped_only_in_normal_mode(original):
    """Two guesses that split the candidates alike have the same value in normal mode, so the
    second is skipped; in hard mode they leave different hard-mode states (different guesses
    allowed later), so both must be searched."""
    skipped = {}
    for mode in ("normal", "hard"):
        game = original.with_limits(mode=mode)
        history = [("salet", game.parse_reply("BBBGB"))]  # 107 answers, where same splits occur
        solver = Solver(game, cache_mb=64)
        state = game.hard_state(history) if mode == "hard" else None
        solver.solve(game.check_history(history), 5, state)
        skipped[mode] = solver.counters()["same_splits_skipped"]
    assert skipped["normal"] > 0 and skipped["hard"] == 0


def test_hard_mode_from_a_state_matches_brute_force():
    game = small_game(120, mode="hard")
    history = [("trace", int(game.matrix[game.guess_id("trace"), 0]))]
    S = game.candidates(history)
    state = game.hard_state(history)
    assert Solver(game, cache_mb=64).solve(S, 5, state) == brute_force(game, S, 5, state)


def test_cutoff_returns_exact_below_and_a_bound_above():
    game = small_game(60)
    solver = Solver(game, cache_mb=64)
    S = next(random_subsets(game, [30], 3))
    exact = brute_force(game, S, 6)
    for beta in (exact - 5, exact, exact + 1, INF):
        value = Solver(game, cache_mb=64).solve(S, 6, beta=beta)
        if exact < beta:
            assert value == exact
        else:
            assert beta <= value <= exact
    assert solver.solve(S, 6) == exact


def test_memo_on_and_off_agree():
    game = small_game(80)
    with_memo, without = Solver(game, cache_mb=64), Solver(game, memo=False)
    for S in random_subsets(game, [10, 20, 40, 80], 5):
        for left in (3, 4, 5):
            assert with_memo.solve(S, left) == without.solve(S, left)
    assert with_memo.counters()["memo_entries"] > 0 and without.counters()["memo_entries"] == 0


def test_tiny_memo_still_gives_the_same_answers(original):
    small = Solver(original, cache_mb=0.01)  # fills up at once: later entries are dropped, not wrong
    full = Solver(original, cache_mb=64)
    for S in random_subsets(original, [150, 300], 6):
        assert small.solve(S, 5) == full.solve(S, 5)
    assert small.counters()["memo_dropped"] > 0


def test_make_room_clears_a_memo_that_filled_in_an_earlier_task():
    """`make_room` runs before each word of a long run. It once compared the drops with a count
    taken at the start of each task, so with one word a task (the slow bands of the exact tables)
    a full memo was never cleared again: every later word ran without memo entries of its own.
    The count is now kept in the workspace, across tasks; a memo merely near full is kept (the
    next word of the same letters needs what it holds)."""
    game = small_game(80)
    solver = Solver(game, cache_mb=0.01)
    assert not make_room(solver.ws)  # empty: nothing to do
    for S in random_subsets(game, [60] * 12, 3):  # one task fills it (entries dropped)...
        solver.solve(S, 4)
    assert solver.counters()["memo_dropped"] > 0
    assert make_room(solver.ws) and solver.counters()["memo_entries"] == 0  # ...the next clears it
    assert not make_room(solver.ws)  # no new drops since: kept
    solver.solve(next(random_subsets(game, [12], 4)), 3)
    entries = solver.counters()["memo_entries"]
    assert entries > 0 and not make_room(solver.ws)  # room left: its entries are kept
    assert solver.counters()["memo_entries"] == entries
    solver.ws.stats[MEMO_ENTRIES] = int(0.75 * 0.95 * solver.ws.mkeys.size)  # nearly full: kept
    assert not make_room(solver.ws) and solver.counters()["memo_entries"] > 0


def test_beam_is_never_below_exact():
    game = small_game(80)
    exact = Solver(game, cache_mb=64)
    for k in (1, 2, 5):
        beam = Solver(game, beam=k, cache_mb=64)
        for S in random_subsets(game, [15, 30, 60], k):
            assert beam.solve(S, 6) >= exact.solve(S, 6)


def test_trees_achieve_the_values_and_verify():
    for mode in ("normal", "hard"):
        game = small_game(80, mode=mode)
        solver = Solver(game, cache_mb=64)
        value, guess = solver.best_guess(game.all_candidates(), 6,
                                         HardState.initial(5) if mode == "hard" else None)
        tree = solver.tree(game.all_candidates(), 6)
        assert tree.guess == game.guesses.words[guess]
        assert check(tree, game).sum() == value


def test_evaluate_fixed_first_guess_matches_brute_force():
    game = small_game(40)
    solver = Solver(game, cache_mb=64)
    g = game.guess_id("trace")
    total, exact = solver.evaluate(game.all_candidates(), g, 4)
    parts = solver.parts(game.all_candidates(), g)
    expected = len(game.answers) + sum(brute_force(game, p, 3) for _, p in parts)
    assert exact and total == expected


def test_depth_limit_with_no_tree():
    game = small_game(60)
    assert Solver(game).solve(game.all_candidates(), 2) == INF


def test_no_guess_left_is_impossible_even_for_one_answer():
    """With one guess left only the answer itself wins: a wrong guess is impossible (INF), not a
    total of 2, and an empty budget never finds anything."""
    game = small_game(20)
    solver = Solver(game, cache_mb=4)
    answers = game.all_candidates()[:2]
    right, wrong = (int(game.guess_of_answer[a]) for a in answers)
    assert solver.evaluate(answers[:1], right, 1) == (1, True)
    assert solver.evaluate(answers[:1], wrong, 1)[0] >= INF
    assert solver.solve(answers[:1], 0) >= INF
