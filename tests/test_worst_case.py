"""The worst-case objective (can every answer be found within d guesses?) and its shortfall,
against brute force on small games; the Evil Wordle walk against Norvig's published game."""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import pytest

from greedy import greedy_tree
from lookahead.solver import Solver
from lookahead.worst import fewest_failures
from optimal.adversaries import evil_game, evil_text
from optimal.game import Game, HardState
from optimal.tree import check
from tests.conftest import small_game
from tests.helpers import plain_parts, useful_guesses


def brute_can_finish(game, candidates, d, hard=False):
    won = game.won

    @lru_cache(maxsize=None)
    def can(cands: frozenset, left: int, state) -> bool:
        if len(cands) <= 1:
            return left >= 1
        if left <= 1:
            return False
        for _, word, parts in useful_guesses(game, cands, state):
            if all(can(frozenset(p), left - 1, state.after(word, c) if state else None)
                   for c, p in parts.items() if c != won):
                return True
        return False

    return can(frozenset(int(c) for c in candidates), d, HardState.initial(game.length) if hard else None)


def brute_fewest_failures(game, candidates):
    """Three guesses left: min over the next guess of the sum over its parts of
    |part| - (most reply classes any guess makes on the part)."""
    matrix, won = game.matrix, game.won

    def classes(part):
        return max(len(set(int(matrix[h, a]) for a in part)) for h in range(len(game.guesses)))

    best = len(candidates)
    for g in range(len(game.guesses)):
        parts = plain_parts(game, g, candidates)
        lost = sum(len(p) - classes(p) for c, p in parts.items() if c != won and len(p) > 1)
        best = min(best, lost)
    return best


@pytest.mark.parametrize("seed", range(4))
def test_can_finish_matches_brute_force(seed):
    game = small_game(70, offset=12 * seed)
    solver = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(seed)
    for n in (5, 10, 20, 40, 70):
        S = np.sort(rng.choice(len(game.answers), n, replace=False))
        for d in (2, 3, 4):
            assert solver.can_finish(S, d) == brute_can_finish(game, S, d), (n, d)


def test_can_finish_hard_mode_matches_brute_force():
    game = small_game(50, mode="hard")
    solver = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(9)
    for n in (6, 12, 25, 50):
        S = np.sort(rng.choice(len(game.answers), n, replace=False))
        for d in (2, 3, 4):
            assert solver.can_finish(S, d, HardState.initial(5)) == brute_can_finish(game, S, d, True)


def test_finishing_tree_verifies_within_the_limit():
    game = small_game(90, max_guesses=4)
    solver = Solver(game, cache_mb=16, pair_mb=8)
    tree = solver.finishing_tree(game.all_candidates(), 4)
    if tree is not None:
        assert check(tree, game).max() <= 4
    assert (tree is not None) == brute_can_finish(game, game.all_candidates(), 4)


def test_tiny_pair_pool_gives_the_same_answers():
    game = small_game(90)
    big, tiny = Solver(game, cache_mb=16, pair_mb=8), Solver(game, cache_mb=16, pair_mb=0.001)
    rng = np.random.default_rng(4)
    for n in (20, 45, 90):
        S = np.sort(rng.choice(90, n, replace=False))
        assert big.can_finish(S, 3) == tiny.can_finish(S, 3)


@pytest.mark.parametrize("seed", range(3))
def test_fewest_failures_matches_brute_force(seed):
    game = small_game(60, offset=20 * seed)
    solver = Solver(game, cache_mb=16, pair_mb=8)
    rng = np.random.default_rng(seed)
    for n in (8, 15, 30, 60):
        S = np.sort(rng.choice(len(game.answers), n, replace=False)).astype(np.int32)
        solver.load_state(None)
        assert fewest_failures(solver.ws, S, 0, 1 << 28) == brute_fewest_failures(game, S)


def test_evil_walk_reproduces_norvig():
    game = Game.from_lists("norvig", max_guesses=64)
    tree = greedy_tree(game, "max", "targets+inconsistent")
    steps = evil_game(tree, game)
    assert evil_text(steps, game) == ("ARISE BBBBB -> BLOND BBBBB -> DUMPY BYYYB -> CHUMP BGGGG -> "
                                      "THUMP GGGGG (5 guesses)")


def test_evil_walk_takes_the_largest_branch_every_time():
    game = small_game(80)
    tree = greedy_tree(game, "neg_entropy", "all")
    steps = evil_game(tree, game)
    assert steps[-1][1] == game.won
    history = []
    for guess, code in steps[:-1]:
        remaining = game.candidates(history)
        sizes = np.bincount(game.replies_to(guess, remaining), minlength=243)
        sizes[game.won] = 0
        assert sizes[code] == sizes.max()
        history.append((guess, code))


def test_worst_objective_cli_all_words_resumes(tmp_path):
    import json
    import subprocess
    import sys

    game = small_game(60)
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    args = [sys.executable, "-m", "optimal.search", "--objective", "worst", "--max-depth", "3",
            "--answers", str(answers), "--guesses", str(guesses), "--out", str(tmp_path / "res"),
            "--quiet", "--jobs", "1"]
    first = subprocess.run(args + ["--all"], capture_output=True, text=True)
    assert first.returncode in (0, 1) and "Traceback" not in first.stderr
    out_dir = tmp_path / "res" / "answers-guesses-normal-d3-worst"
    checkpoint = json.loads((out_dir / "checkpoint-worst-all.json").read_text())
    summary = json.loads((out_dir / "summary.json").read_text())
    assert len(checkpoint["results"]) == len(summary["results"]) > 40
    again = subprocess.run(args + ["--all"], capture_output=True, text=True)
    assert again.returncode == first.returncode
    assert json.loads((out_dir / "summary.json").read_text())["feasible"] == summary["feasible"]
    solver = Solver(game.with_limits(max_guesses=3), cache_mb=16, pair_mb=8)
    for word in summary["feasible"][:3]:
        tree = solver.finishing_tree(game.all_candidates(), 3, first=game.guess_id(word))
        assert tree is not None and check(tree, game.with_limits(max_guesses=3)).max() <= 3
    for result in summary["results"][:10]:
        feasible = solver.finishing_tree(game.all_candidates(), 3,
                                         first=game.guess_id(result["word"])) is not None
        assert feasible == result["feasible"]
