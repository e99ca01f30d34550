"""The committed many-board results (`results/multi-board/`) against the engine and a plain brute
force: the small games' optima (`--exact`) searched again and, where the guesses are the answers,
found by the plain recursion of `tests/test_multiboard.py`; the strategies' exact means replayed
on every game; the proven lower bound below each optimum; the sampled Quordle and Octordle runs'
bound recomputed."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lookahead import BoardsPlayer, exact_total, play_games
from optimal.game import Game
from optimal.multiboard import all_games, board_limit, cost, game_count, lower_bound, most_replies
from optimal.words import load_lists
from tests.test_multiboard import plain_total

RESULTS = Path(__file__).resolve().parent.parent / "results" / "multi-board"
SMALL = sorted((RESULTS / "small-exact").glob("*/summary.json"))


def committed_game(summary: dict) -> Game:
    """The summary's game, its lists loaded by the names it records and checked by sha256."""
    described = summary["game"]
    answers, guesses = (described[k]["name"] for k in ("answers", "guesses"))
    answer_list, guess_list = load_lists(answers=answers,
                                         guesses=guesses.removesuffix("+answers"))
    game = Game(answer_list, guess_list).with_limits(max_guesses=summary["limit"])
    for key in ("answers", "guesses"):
        assert game.describe()[key]["sha256"] == described[key]["sha256"], key
    return game


def test_the_small_games_are_committed():
    boards = sorted({json.loads(p.read_text())["boards"] for p in SMALL})
    assert len(SMALL) >= 7 and boards == [3, 4, 5]


@pytest.mark.parametrize("path", SMALL, ids=lambda p: p.parent.name)
def test_a_small_games_optimum_is_searched_again_and_the_strategies_replayed(path):
    summary = json.loads(path.read_text())
    game = committed_game(summary)
    boards, best = summary["boards"], summary["optimum"]
    games = game_count(len(game.answers), boards)
    assert summary["games"] == games and summary["sampled"] is None
    if len(game.guesses) == len(game.answers):  # the plain recursion: no pruning, no memo tricks
        assert plain_total(game, boards, board_limit(boards)) == best["total"]
    every = np.array(list(all_games(len(game.answers), boards)))
    for strategy in summary["strategies"]:
        player = BoardsPlayer(game, solve_bonus=strategy["solve_bonus"])
        counts = [cost(game, list(a), [game.guesses.words[g] for g in s])
                  for a, s in zip(every.tolist(), play_games(player, every))]
        assert round(float(np.mean(counts)), 5) == strategy["mean"]
        assert sum(counts) >= best["total"]
    bound = lower_bound(len(game.answers), boards, most_replies(game)).mean
    assert bound <= best["total"] / games == pytest.approx(best["mean"], abs=1e-5)


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in SMALL if "+answers" in p.parent.name],
                         ids=lambda p: p.parent.name)
def test_a_pooled_small_games_optimum_is_searched_again(path):
    """The games with guesses beyond the answers (64 guesses: 1-2 minutes each)."""
    summary = json.loads(path.read_text())
    total, first = exact_total(committed_game(summary), summary["boards"])
    assert total == summary["optimum"]["total"]


def test_more_guesses_never_cost_more():
    """The games whose guesses add words outside the answers have an optimum no worse than the same
    answers guessed from themselves (more guesses can only help), and their strategies are played
    on those extra words too."""
    by_answers: dict[tuple, dict[int, int]] = {}
    for path in SMALL:
        summary = json.loads(path.read_text())
        key = (summary["game"]["answers"]["name"], summary["boards"])
        pooled = summary["game"]["guesses"]["count"] > summary["game"]["answers"]["count"]
        by_answers.setdefault(key, {})[pooled] = summary["optimum"]["total"]
    pairs = [v for v in by_answers.values() if len(v) == 2]
    assert len(pairs) >= 2
    assert all(v[True] <= v[False] for v in pairs)


@pytest.mark.parametrize("boards", [4, 8])
def test_the_sampled_runs_bound_is_recomputed(boards):
    folder = RESULTS / f"answers-2315-guesses-12972-normal-d{board_limit(boards)}-boards{boards}"
    summary = json.loads((folder / "summary.json").read_text())
    bound = summary["lower_bound"]
    assert bound["most_replies"] == 150 and bound["answers"] == 2315
    assert lower_bound(2315, boards, 150).mean == pytest.approx(bound["mean"], abs=1e-5)
    assert summary["sampled"] == {"games": 100_000, "seed": 1}
    for strategy in summary["strategies"]:
        low, high = strategy["interval95"]
        assert bound["mean"] < low < strategy["mean"] < high
