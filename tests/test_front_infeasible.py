"""The front's "none within D" cells on the real lists, checked by brute force on a subset.

`results/front/` records that no first word finds every original answer within 4 guesses (normal
mode, and so hard mode: every hard-mode tree is a normal-mode tree). The engine proves it for all
12,972 first words; here plain numpy code, sharing nothing with the engine but the reply matrix,
confirms it for a subset of first words: the largest part each leaves cannot be finished in the
three guesses left, because for every second guess some part of it is not separated by any third
guess (two guesses left: one guess must give each of its answers a different reply). The same code
must agree with the engine on parts that *can* be finished, so it is not a check that always says
no."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from lookahead import SearchSetting, check_first_guesses
from lookahead.solvers.single import Solver


def brute_checker(game):
    """finishable(P): can the answers P be found within 3 guesses (normal mode), by plain search
    over every second and third guess."""
    M = game.matrix  # guesses x answers, the reply codes
    won = game.won

    by_answer = np.ascontiguousarray(M.T)  # answers x guesses: an answer's replies side by side

    def distinct(block: np.ndarray) -> np.ndarray:
        """Per column (guess) of `block` (answers x guesses), whether its replies all differ."""
        block = np.sort(block, axis=0)
        return np.all(block[1:] != block[:-1], axis=0)

    @lru_cache(maxsize=None)
    def separable(Q: tuple[int, ...]) -> bool:
        # a guess that separates Q separates its first few answers: those few sift the guesses
        # cheaply, and only the guesses that pass are tried on all of Q
        rows = np.flatnonzero(distinct(by_answer[list(Q[:6])]))
        return rows.size > 0 and bool(distinct(by_answer[np.ix_(list(Q), rows)]).any())

    def parts(P: np.ndarray, g: int) -> list[np.ndarray]:
        replies = M[g, P]
        found = [P[replies == c] for c in np.unique(replies) if c != won]
        return sorted(found, key=len, reverse=True)

    def finishable(P: np.ndarray) -> bool:
        for g2 in range(M.shape[0]):
            if all(len(Q) <= 1 or separable(tuple(int(a) for a in Q)) for Q in parts(P, g2)):
                return True
        return False

    return parts, finishable


@pytest.mark.slow
def test_no_first_word_within_4_on_a_subset_by_brute_force(original):
    """SALET (the best total) and two seeded random first words: the engine says no tree within 4,
    and brute force shows each one's largest part cannot be finished in the 3 guesses left; on
    SALET's parts the engine can finish (checked against brute force too) the brute force agrees."""
    game = original.with_limits(max_guesses=4)
    rng = np.random.default_rng(12)
    words = [game.guess_id("salet"), *map(int, rng.choice(len(game.guesses), 2, replace=False))]
    verdicts = check_first_guesses(game, words, SearchSetting(jobs=1, cache_mb=256),
                                   every_branch=False)
    assert not any(v.feasible for v in verdicts)
    parts, finishable = brute_checker(game)
    S = game.all_candidates()
    for g in words:
        assert not finishable(parts(S, g)[0]), game.guesses.words[g]
    engine = Solver(game, cache_mb=64, pair_mb=64)
    checked_yes = 0
    for P in parts(S, game.guess_id("salet"))[1:]:
        if 3 <= len(P) <= 40 and checked_yes < 3 and engine.can_finish(P, 3):
            assert finishable(P)
            checked_yes += 1
    assert checked_yes == 3
