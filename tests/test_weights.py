"""Weighted answers (priors): the weighted search against a plain exhaustive reference on small
weighted games, its bounds, trees and cutoffs; and the property that weights all equal give exactly
today's trees and totals (scaled by the common weight)."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from lookahead import INF, SearchSetting, search_first_guesses, split_bounds
from lookahead.solvers.single import Solver
from optimal.errors import BadInput
from optimal.game import HardState
from optimal.tree import check, node_to_json
from optimal.weights import SCALE, frequency_prior, parse_weights, weights_from_values
from tests.conftest import small_game
from tests.helpers import useful_guesses


def weighted_brute_force(game, candidates, guesses_left, state=None, first=None):
    """Least weighted total (sum of weight x guesses) by plain exhaustive recursion over every
    guess, with the game's integer weights; with `first`, when that guess is played first."""
    won, w = game.won, game.answer_weights

    @lru_cache(maxsize=None)
    def best(cands: frozenset, left: int, hard_state, forced=None) -> float:
        if len(cands) == 1 and left >= 1 and forced is None:
            return int(w[next(iter(cands))])
        if left < 1 or (left == 1 and len(cands) > 1):
            return float("inf")
        result = float("inf")
        for g, word, parts in useful_guesses(game, cands, hard_state):
            if forced is not None and g != forced:
                continue
            total = sum(int(w[c]) for c in cands)
            for code, part in parts.items():
                if code != won:
                    child = hard_state.after(word, code) if hard_state is not None else None
                    total += best(frozenset(part), left - 1, child)
            result = min(result, total)
        return result

    return best(frozenset(int(c) for c in candidates), guesses_left, state, first)


def weighted_game(n: int, seed: int, mode: str = "normal", offset: int = 0, spread: float = 1.5):
    """A small game whose answers have skewed random weights (log-normal)."""
    game = small_game(n, mode=mode, offset=offset)
    rng = np.random.default_rng(seed)
    return game.with_weights(weights_from_values("test", "random", rng.lognormal(0, spread, n)))


def subsets(game, sizes, seed):
    rng = np.random.default_rng(seed)
    for n in sizes:
        yield np.sort(rng.choice(len(game.answers), n, replace=False)).astype(np.int32)


def expected(value: float) -> int:
    return INF if value == float("inf") else int(value)


SLOW = pytest.mark.slow


@pytest.mark.parametrize("seed", [0, 1, *(pytest.param(s, marks=SLOW) for s in range(2, 5))])
def test_weighted_search_matches_brute_force(seed):
    game = weighted_game(50, seed, offset=7 * seed)
    solver = Solver(game, cache_mb=16)
    for S in subsets(game, [3, 5, 8, 11, 14, 18], seed):
        for left in (2, 3, 4, 6):
            assert solver.solve(S, left) == expected(weighted_brute_force(game, S, left)), (S, left)


def test_weighted_hard_mode_matches_brute_force():
    game = weighted_game(50, 3, mode="hard", offset=20)
    solver = Solver(game, cache_mb=16)
    state = HardState.initial(5)
    for S in subsets(game, [5, 9, 13], 4):
        for left in (3, 4):
            assert solver.solve(S, left, state) == expected(weighted_brute_force(game, S, left, state))


def test_one_heavy_answer_is_guessed_first():
    """A pair costs w1 + 2 w2 with the heavier first; a very heavy answer pulls the tree to it."""
    game = small_game(20)
    values = np.ones(20)
    values[7] = 1000.0
    game = game.with_weights(weights_from_values("test", "one heavy", values))
    w = game.answer_weights
    pair = np.array([3, 7], dtype=np.int32)
    solver = Solver(game, cache_mb=4)
    assert solver.solve(pair, 3) == w[7] + 2 * w[3]
    assert solver.best_guess(pair, 3)[1] == game.guess_of_answer[7]
    tree = solver.tree(game.all_candidates(), 6)
    assert tree.guess == game.answers.words[7]
    assert int(check(tree, game)[7]) == 1


def test_weighted_forced_first_guess_matches_brute_force():
    game = weighted_game(30, 5)
    solver = Solver(game, cache_mb=16)
    S = game.all_candidates()
    for word in ("trace", "salet", game.answers.words[4]):
        g = game.guess_id(word)
        total, exact = solver.evaluate(S, g, 4)
        assert exact and total == expected(weighted_brute_force(game, S, 4, first=g))


def test_weighted_cutoff_returns_exact_below_and_a_bound_above():
    game = weighted_game(40, 6)
    S = next(subsets(game, [16], 7))
    exact = int(weighted_brute_force(game, S, 5))
    for beta in (exact - 5000, exact, exact + 1, INF):
        value = Solver(game, cache_mb=16).solve(S, 5, beta=beta)
        if exact < beta:
            assert value == exact
        else:
            assert beta <= value <= exact


def test_weighted_trees_achieve_their_values_and_verify():
    for mode in ("normal", "hard"):
        game = weighted_game(60, 8, mode=mode)
        solver = Solver(game, cache_mb=16)
        state = HardState.initial(5) if mode == "hard" else None
        value, guess = solver.best_guess(game.all_candidates(), 6, state)
        tree = solver.tree(game.all_candidates(), 6, state)
        assert tree.guess == game.guesses.words[guess]
        assert game.weights.weighted_total(check(tree, game)) == value


def test_weighted_bounds_never_exceed_the_values():
    """The split bound and the search's ranking bound of a guess are at most its exact value, and
    a beam never beats the exact search."""
    game = weighted_game(40, 9)
    solver = Solver(game, cache_mb=16)
    S = game.all_candidates()
    ranked = solver.ranked_guesses(S, 4, limit=12)
    bounds = split_bounds(game, [g for g, _ in ranked], guesses_left=4)
    for g, bound in ranked:
        value, exact = solver.evaluate(S, g, 4)
        assert exact and bound <= value and bounds[g] == bound
    for k in (1, 3):
        assert Solver(game, beam=k, cache_mb=16).solve(S, 5) >= solver.solve(S, 5)


def test_every_guess_bound_holds_and_is_tight_when_the_parts_are_single():
    """For every useful guess on small weighted sets: the scan's bound is at most the guess's exact
    value (brute force), and equal to it when every part is a single answer (2W, or 2W - w_green
    when the guess is a candidate), and the bound of a set (2W - wmax) is reached by a pair."""
    game = weighted_game(40, 11, spread=2.0)
    solver = Solver(game, cache_mb=4)
    tight = 0
    for S in subsets(game, [3, 4, 5, 6, 7, 5, 6], 12):
        for left in (3, 4):
            for g, bound in solver.ranked_guesses(S, left):
                value = weighted_brute_force(game, S, left, first=g)
                assert bound <= value, (S, left, game.guesses.words[g])
                parts = solver.parts(S, g)
                if all(p.size == 1 for _, p in parts):
                    assert bound == value
                    tight += 1
    assert tight > 50


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), weight=st.floats(0.01, 1e6), left=st.integers(3, 6),
       mode=st.sampled_from(["normal", "hard"]))
def test_equal_weights_give_todays_trees_and_totals(seed, weight, left, mode):
    game = small_game(40, mode=mode, offset=seed % 200)
    equal = game.with_weights(weights_from_values("equal", "test", [weight] * 40))
    unit = int(equal.answer_weights[0])
    assert (equal.answer_weights == unit).all()
    S = next(subsets(game, [int(seed % 30) + 3], seed))
    state = HardState.initial(5) if mode == "hard" else None
    plain, weighted = Solver(game, cache_mb=4), Solver(equal, cache_mb=4)
    value = plain.solve(S, left, state)
    assert weighted.solve(S, left, state) == (INF if value >= INF else unit * value)
    if value < INF:
        assert (node_to_json(weighted.tree(S, left, state), 5)
                == node_to_json(plain.tree(S, left, state), 5))


def test_equal_weights_give_todays_first_word_search():
    game = small_game(60)
    equal = game.with_weights(weights_from_values("equal", "test", [3.0] * 60))
    unit = int(equal.answer_weights[0])
    words = [g for g, _ in Solver(game, cache_mb=16).ranked_guesses(game.all_candidates(), 6,
                                                                    limit=8)]
    setting = SearchSetting(0, 16, 1)
    plain = search_first_guesses(game, words, setting)
    weighted = search_first_guesses(equal, words, setting)
    assert weighted.best.word == plain.best.word
    assert weighted.value == unit * plain.value
    assert node_to_json(weighted.best.tree, 5) == node_to_json(plain.best.tree, 5)
    assert [(r.word, r.exact) for r in weighted.results] == [(r.word, r.exact) for r in plain.results]


def test_worst_case_ignores_weights():
    from lookahead import check_first_guesses
    game = weighted_game(60, 10).with_limits(max_guesses=3)
    words = [game.guess_id(w) for w in ("trace", "salet", "crane")]
    setting = SearchSetting(0, 16, 1)
    weighted = check_first_guesses(game, words, setting, every_branch=False)
    plain = check_first_guesses(game.with_weights(None), words, setting, every_branch=False)
    assert sorted((r.word, r.feasible) for r in weighted) == sorted((r.word, r.feasible) for r in plain)


# ---------------------------------------------------------------- the weights themselves


def test_weights_are_normalised_and_quantized():
    weights = weights_from_values("t", "test", [1, 3, 0.000001])
    assert np.isclose(weights.probabilities.sum(), 1)
    assert weights.integers.tolist() == [round(SCALE / 4), round(3 * SCALE / 4), 1]
    counts = np.array([1, 2, 6])
    assert weights.weighted_total(counts) == int(np.dot(weights.integers, counts))
    exact = weights.expectation(counts)
    quantized = weights.weighted_total(counts) / weights.total
    assert abs(exact - quantized) <= weights.error_bound(6)


def test_the_weights_hash_names_the_integers_not_the_last_bits_of_the_probabilities():
    """A committed tree names its weights by hash; another CPU may round the probabilities' last
    bit otherwise, and that must not make the tree look as if it had other weights."""
    from optimal.weights import Weights
    weights = weights_from_values("t", "test", [1, 3, 0.000001])
    nudged = Weights("t", "test", np.nextafter(weights.probabilities, 1.0), weights.integers.copy())
    other = Weights("t", "test", weights.probabilities, weights.integers + 1)
    assert nudged.sha256 == weights.sha256 and nudged == weights
    assert other.sha256 != weights.sha256


def test_weights_file_is_checked_line_by_line():
    game = small_game(3)
    words = game.answers.words
    ok = parse_weights([f"{words[0]} 2", f"{words[1].upper()} 1.5  # comment", "", f"{words[2]} 1e-3",
                        "other 7"], "w.txt", game.answers)
    assert np.allclose(ok.probabilities * (2 + 1.5 + 1e-3), [2, 1.5, 1e-3])
    assert "1 other words ignored" in ok.source
    for lines, message in [([f"{words[0]} 0"], "positive"), ([f"{words[0]} x"], "not a number"),
                           ([f"{words[0]}"], "expected 'word weight'"),
                           ([f"{words[0]} 1", f"{words[0]} 2"], "listed twice"),
                           ([f"{words[0]} 1"], "2 of the 3 answers have no weight"),
                           ([f"{words[0]} nan"], "positive")]:
        with pytest.raises(BadInput, match=message):
            parse_weights(lines, "w.txt", game.answers)


def test_frequency_prior_is_a_pinned_logistic():
    assert frequency_prior(np.array([3.0]))[0] == pytest.approx(0.5)
    low, high = frequency_prior(np.array([2.0, 4.0]))
    assert low == pytest.approx(1 / (1 + np.e ** 2)) and high == pytest.approx(1 / (1 + np.e ** -2))


def test_weights_are_part_of_the_game():
    game = small_game(10)
    weighted = game.with_weights(weights_from_values("t", "test", np.arange(1, 11)))
    again = game.with_weights(weights_from_values("t", "test", np.arange(1, 11)))
    assert weighted.fingerprint != game.fingerprint and weighted.fingerprint == again.fingerprint
    assert "weights" in weighted.describe() and "weights" not in game.describe()
    assert weighted.with_limits(max_guesses=4).weights == weighted.weights
    sub = weighted.restricted_to(np.array([2, 5]))
    assert sub.answer_weights.tolist() == weighted.answer_weights[[2, 5]].tolist()
    assert np.isclose(sub.weights.probabilities.sum(), 1)
    import pickle
    assert pickle.loads(pickle.dumps(weighted)).fingerprint == weighted.fingerprint
    with pytest.raises(BadInput, match="weights for"):
        game.with_weights(weights_from_values("t", "test", [1, 2]))


def test_weights_too_large_to_add_up_are_bad_input_not_a_traceback():
    """Two weights of 1e308 overflow the sum (an OverflowError from math.fsum reached the user as
    a traceback): now one line of bad input."""
    with pytest.raises(BadInput, match="too large to add up"):
        weights_from_values("two", "test", [1e308, 1e308, 1.0])


def test_the_assistant_says_the_answers_are_weighted():
    """The header of a weighted game read as a plain one ('normal mode, 6 guesses'), and the
    optimum's row printed the search's quantized weighted total, a figure of no use to a player."""
    from optimal.game import Game
    from optimal.play.assistant import Assistant
    from optimal.weights import weights_from_frequency
    plain = Game.from_lists("original")
    assistant = Assistant(plain.with_weights(weights_from_frequency(plain.answers)))
    lines = assistant.start() + assistant.play("salet", ["BBYBB"]) + assistant.report()
    assert "answers weighted by freq" in lines[0]
    optimal = next(line for line in lines if line.strip().startswith("optimal"))
    assert "expected 2.547 more guesses under the weights" in optimal
    assert "weighted total" not in optimal
