"""The single-board floor of Dordle states (`lookahead.questions.dordle_floor`) against exact
values: it must never exceed them, and on states with larger sets it must beat the counting
bound it is meant to improve."""

from __future__ import annotations

import numpy as np
import pytest

from lookahead import DordleSolver
from lookahead.questions.dordle_floor import first_word_floor, first_word_parts, pair_floor
from lookahead.solvers.single import Solver
from optimal.game import Game
from optimal.words import load_words, sample_words


def sampled(size: int, seed: int, limit: int = 7) -> Game:
    words = sample_words(load_words("answers-2315"), size, seed)
    return Game(words, words, max_guesses=limit)


@pytest.mark.parametrize("seed", [1, 2])
def test_the_floor_of_pair_states_is_at_most_their_value(seed):
    game = sampled(24, seed, limit=5)
    rng = np.random.default_rng(seed)
    single, pair = Solver(game, cache_mb=16), DordleSolver(game, cache_mb=16)
    for _ in range(40):
        everything = rng.permutation(game.all_candidates())
        m, n = rng.integers(1, 9, size=2)
        X, Y = np.sort(everything[:m]), np.sort(everything[m:m + n])
        for d in (2, 3, 4):
            value = pair.solve(X, Y, d)
            floor = pair_floor(m, n, single.solve(X, d), single.solve(Y, d))
            assert floor <= value, (X, Y, d)


def test_on_the_full_lists_the_floor_beats_the_split_bound(original):
    """Where parts are large (TRACE's first split of the 2,315 answers) the floor is the stronger
    bound: the counting bound charges about 3 per pair whatever the sets."""
    game = Game(original.answers, original.guesses, max_guesses=7)
    everything = game.all_candidates()
    trace = game.guess_id("trace")
    split = DordleSolver(game, cache_mb=64).split_bounds(everything, everything, 7, [trace])[trace]
    floor = first_word_floor(game, trace, Solver(game, cache_mb=256))
    assert floor > split * 1.01


@pytest.mark.parametrize("seed", [3, 4])
def test_a_first_words_floor_is_at_most_its_exact_total(seed):
    game = sampled(30, seed)
    everything = game.all_candidates()
    pair, single = DordleSolver(game, cache_mb=64), Solver(game, cache_mb=64)
    for g in range(0, len(game.guesses), 3):
        exact, proven = pair.evaluate(everything, everything, g, 7)
        assert proven and first_word_floor(game, g, single) <= exact


def test_the_parts_of_a_first_word_cover_the_answers():
    game = sampled(30, 5)
    parts, solves = first_word_parts(game, 0)  # guess 0 is an answer here: answers are guesses
    assert solves and sum(len(p) for p in parts) == 29
    codes = [set(game.matrix[0, p].tolist()) for p in parts]
    assert all(len(c) == 1 for c in codes) and len(set().union(*codes)) == len(parts)
