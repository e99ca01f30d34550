"""The counting bound (lookahead.kernels.bounds.counted_lower_bound): on sets larger than the parts
cap, a tree finds at most one answer at its first guess and at most K at its second, so c answers
cost at least 3c - K - 2. Checked on a game where the cap binds (words alike but for a letter or
two, so no guess makes many parts of them): the bound never exceeds the brute-force optimum, the
search's values with it equal the brute force's, and with it the search visits fewer nodes."""

from __future__ import annotations

import numpy as np
import pytest

from lookahead import INF, split_bounds
from lookahead.kernels.bounds import counted_lower_bound
from lookahead.questions.first_guesses import parts_cap
from lookahead.solvers.single import Solver
from optimal.game import Game, HardState
from optimal.rules.ultra import UltraState
from optimal.weights import weights_from_values
from optimal.words import WordList
from tests.conftest import small_game
from tests.test_search_engine import brute_force, random_subsets

FAMILIES = ("bight eight fight light might night right sight tight wight bound found hound mound "
            "pound round sound wound baste caste haste paste taste waste batch catch hatch latch "
            "match patch watch").split()


def family_game(mode: str = "normal") -> Game:
    answers = tuple(sorted(FAMILIES))
    return Game(WordList("families", answers, "test"),
                WordList("families-guesses", answers + ("fling", "champ", "sword"), "test"),
                mode, 6)


@pytest.fixture(scope="module")
def families() -> Game:
    return family_game()


def plain(solver: Solver) -> Solver:
    """The same solver without the counting bound (its own workspace fields, same memo size)."""
    solver.ws = solver.ws._replace(counting=False)
    return solver


def test_the_cap_is_the_most_parts_any_guess_makes(families):
    matrix = families.matrix
    most = max(len(set(row.tolist()) - {families.won}) for row in matrix)
    assert parts_cap(families) == most < len(families.answers) - 1  # it binds on this game


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_the_bound_never_exceeds_the_optimum_and_the_values_are_the_brute_forces(mode):
    game = family_game(mode)
    cap = parts_cap(game)
    state = HardState.initial(5) if mode == "hard" else UltraState.initial(5) if mode == "ultra" else None
    counting, without = Solver(game, cache_mb=16), plain(Solver(game, cache_mb=16))
    bound_binds = 0
    for S in [*random_subsets(game, [12, 16, 20, 24, 28], 0), game.all_candidates()]:
        for left in (3, 4, 6):
            expected = brute_force(game, S, left, state)
            bound = counted_lower_bound(len(S), cap, left)
            assert bound <= (INF if expected == float("inf") else expected), (S, left)
            bound_binds += bound > 2 * len(S) - 1
            value = counting.solve(S, left, state)
            assert value == (INF if expected == float("inf") else expected) == without.solve(S, left, state)
    assert bound_binds > 0
    assert counting.counters()["nodes"] < without.counters()["nodes"]


def test_first_guesses_keep_their_values_and_the_split_bound_holds(families):
    counting, without = Solver(families, cache_mb=16), plain(Solver(families, cache_mb=16))
    guesses = list(range(len(families.guesses)))
    strong = split_bounds(families, guesses)
    weak = split_bounds(families, guesses, counting=False)
    assert any(strong[g] > weak[g] for g in guesses)
    for g in guesses:
        value, exact = counting.evaluate(families.all_candidates(), g, 6)
        assert (value, exact) == without.evaluate(families.all_candidates(), g, 6)
        assert weak[g] <= strong[g] <= value
        cut = counting.evaluate(families.all_candidates(), g, 6, cutoff=strong[g])[0]
        assert cut >= strong[g]  # a cut-off value is at least the split bound shown beside it


def test_with_a_certificate_but_not_with_weights():
    game = small_game(40)
    assert Solver(game, cache_mb=16).ws.counting
    assert Solver(game, cache_mb=16, certify=True).ws.counting  # the checker has the rule (-4)
    weighted = game.with_weights(weights_from_values("test", "ramp", np.arange(1.0, len(game.answers) + 1)))
    assert not Solver(weighted, cache_mb=16).ws.counting  # the bound counts answers, not weight
