"""The limit-aware beam (`lookahead.kernels.beam`): near the guess limit a beam node keeps the first K
guesses whose parts can all still be finished in time. It finds trees where the plain beam finds
none (small games built so that the K best guesses by the ordering score all fail), its test is
exact (a node keeps a guess exactly when a tree exists), and its trees are real."""

from __future__ import annotations

import numpy as np
import pytest

from lookahead import INF
from lookahead.solvers.single import Solver
from optimal.tree import check
from tests.conftest import small_game



@pytest.mark.parametrize("offset,beam", [(0, 1), (150, 2), (180, 3)])
def test_limit_aware_beam_finds_trees_the_plain_beam_misses(offset, beam):
    """Within 3 guesses, the plain beam's K best guesses by (bound, sum of squares) all leave a part
    no single guess separates; the limit-aware beam keeps guesses whose parts can be finished,
    and its tree is real (replayed)."""
    game = small_game(90, offset=offset)
    S = game.all_candidates()
    assert Solver(game, cache_mb=16, pair_mb=8).can_finish(S, 3)
    game = game.with_limits(max_guesses=3)
    plain = Solver(game, beam=beam, cache_mb=16, beam_finish=0)
    aware = Solver(game, beam=beam, cache_mb=16)
    assert plain.solve(S, 3) >= INF
    value = aware.solve(S, 3)
    assert value < INF
    counts = check(aware.tree(S, 3), game)
    assert counts.sum() == value and counts.max() <= 3
    assert value >= Solver(game, cache_mb=16).solve(S, 3)  # a beam's tree: an upper bound


def test_limit_aware_beam_never_misses_a_feasible_node():
    """Its test is exact: whenever some tree within the limit exists, a limit-aware beam of 1 finds
    one (a node keeps a guess exactly when one can finish in time), on every subset tried."""
    game = small_game(90, offset=60)
    exact = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(5)
    for n in (20, 40, 60, 90):
        S = np.sort(rng.choice(90, n, replace=False)).astype(np.int32)
        for limit in (3, 4):
            aware = Solver(game.with_limits(max_guesses=limit), beam=1, cache_mb=16)
            assert (aware.solve(S, limit) < INF) == exact.can_finish(S, limit)
