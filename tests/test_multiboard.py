"""Many boards (Quordle, Octordle): the exact search against plain references (the Dordle
reference at two boards, a plain recursion at three and four), the proven lower bound against
the exact optima of small lists, the player's filtering against the rule's plain `reply`, the
sampled estimate against every game played, and the command's files."""

from __future__ import annotations

import json
import math
from functools import cache

import numpy as np
import pytest

from lookahead import BoardsPlayer, exact_total, play_games
from optimal.boards import main as boards_main
from optimal.errors import BadInput
from optimal.game import Game
from optimal.multiboard import (
    Estimate,
    all_games,
    board_limit,
    cost,
    game_count,
    lower_bound,
    most_replies,
    sample_games,
)
from optimal.words import WordList, load_words, sample_words
from tests.conftest import SMALL_ANSWERS, small_game
from tests.test_dordle_engine import reference as dordle_reference
from tests.test_dordle_engine import tiny_game


def words_game(n: int, offset: int = 0) -> Game:
    """n real answers, guessed from themselves only."""
    words = tuple(sorted(SMALL_ANSWERS[offset:offset + n]))
    return Game(WordList("w", words, "test"), WordList("w", words, "test"))


def plain_total(game: Game, boards: int, limit: int) -> float:
    """Least total over every game by plain recursion: a state is the set of games still possible
    (a solved board as None), every guess that changes it is tried, nothing is pruned."""
    words = game.answers.words
    guesses = game.guesses.words
    rule = game.rule

    def after(state: frozenset, guess: str) -> list[frozenset]:
        parts: dict[tuple, set] = {}
        for answers in state:
            key = tuple(None if a is None else rule.reply(guess, words[a]) for a in answers)
            rest = tuple(None if a is None or words[a] == guess else a for a in answers)
            parts.setdefault(key, set()).add(rest)
        return [frozenset(r for r in part if any(a is not None for a in r))
                for part in parts.values()]

    @cache
    def best(state: frozenset, left: int) -> float:
        if not state:
            return 0
        if left == 0:
            return math.inf
        values = []
        for guess in guesses:
            children = after(state, guess)
            if children == [state]:
                continue
            values.append(len(state) + sum(best(c, left - 1) for c in children))
        return min(values)

    start = frozenset(tuple(t) for t in all_games(len(words), boards))
    return best(start, limit)


@pytest.mark.parametrize("n,offset", [(5, 0), (6, 3), (7, 10)])
def test_two_boards_match_the_dordle_reference(n, offset):
    game = tiny_game(n, offset)
    everything = game.all_candidates()
    total, first = exact_total(game, 2, 7)
    assert total == dordle_reference(game, everything, everything, 7)
    assert dordle_reference(game, everything, everything, 7, first=first) == total


@pytest.mark.parametrize("n,boards,offset,limit", [(5, 3, 0, 8), (6, 3, 20, 8), (5, 4, 40, 9),
                                                    (6, 3, 60, 4), (5, 3, 80, 3)])
def test_three_and_four_boards_match_a_plain_recursion(n, boards, offset, limit):
    game = words_game(n, offset)
    total, _ = exact_total(game, boards, limit)
    expected = plain_total(game, boards, limit)
    assert (total if total >= 0 else math.inf) == expected


def test_the_lower_bound_is_below_the_optimum_of_a_tiny_list():
    game = words_game(6, 7).with_limits(max_guesses=board_limit(3))
    total, _ = exact_total(game, 3)
    assert lower_bound(6, 3, most_replies(game)).mean <= total / game_count(6, 3)


@pytest.mark.slow
def test_the_lower_bound_holds_on_small_lists_and_the_strategy_is_above_the_optimum():
    checked = 0
    for n, boards, offset in [(8, 3, 0), (10, 3, 30), (7, 4, 60), (9, 2, 90), (6, 5, 120)]:
        game = words_game(n, offset).with_limits(max_guesses=board_limit(boards))
        total, _ = exact_total(game, boards)
        games = game_count(n, boards)
        bound = lower_bound(n, boards, most_replies(game))
        every = np.array(list(all_games(n, boards)))
        player = BoardsPlayer(game)
        played = [cost(game, list(a), [game.guesses.words[g] for g in s])
                  for a, s in zip(every.tolist(), play_games(player, every))]
        assert bound.mean <= total / games + 1e-12 <= np.mean(played) + 1e-12
        checked += 1
    assert checked == 5


def test_the_lower_bound_of_quordle_and_octordle_on_the_original_answers():
    """Against the bound written out by hand for 2,315 answers and R = 150."""
    n, most = 2315, 150
    for k in (4, 8):
        rest = n - k + 1
        by_hand = k + (1 - k / rest) + (1 - k * most / rest)
        assert lower_bound(n, k, most).mean == pytest.approx(by_hand, abs=1e-12)
    assert lower_bound(n, 4, most).mean == pytest.approx(5.7388, abs=1e-4)


@pytest.mark.slow
def test_most_replies_is_the_largest_split(original):
    game = small_game(60)
    expected = max(len({game.rule.reply(g, a) for a in game.answers.words})
                   for g in game.guesses.words)
    assert most_replies(game) == expected
    trace = len({original.rule.reply("trace", a) for a in original.answers.words})
    assert trace == 150 and most_replies(original) >= trace


def test_the_player_sees_only_what_the_replies_say():
    """Replayed with the rule's plain reply: the candidates each turn are the answers that give
    every reply so far, and the player's guess from them is the guess it played."""
    game = small_game(60)
    player = BoardsPlayer(game)
    words = game.answers.words
    for answers in sample_games(len(words), 4, 25, seed=3).tolist():
        guesses = player.play(answers)
        open_boards = {k: list(range(len(words))) for k in range(4)}
        for guess in guesses:
            boards = [np.array(c, dtype=np.int64) for c in open_boards.values()]
            assert player.next_guess(boards) == guess
            word = game.guesses.words[guess]
            for k in list(open_boards):
                reply = game.rule.reply(word, words[answers[k]])
                if word == words[answers[k]]:
                    del open_boards[k]
                else:
                    open_boards[k] = [a for a in open_boards[k] if game.rule.reply(word, words[a]) == reply]
        assert not open_boards
        assert cost(game, answers, [game.guesses.words[g] for g in guesses]) == len(guesses)


@pytest.mark.slow
def test_the_sampled_estimate_covers_the_exhaustive_mean():
    game = words_game(12, 0).with_limits(max_guesses=board_limit(3))
    player = BoardsPlayer(game)
    every = np.array(list(all_games(12, 3)))
    exact = np.mean([len(s) for s in play_games(player, every)])
    sampled = sample_games(12, 3, 3000, seed=5)
    estimate = Estimate.of(np.array([len(s) for s in play_games(player, sampled)]), 8)
    low, high = estimate.interval
    assert low <= exact <= high
    assert estimate.half_width < 0.05


def test_sampled_games_have_different_answers_and_repeat_with_the_seed():
    games = sample_games(30, 8, 500, seed=7)
    assert games.shape == (500, 8)
    assert all(len(set(row)) == 8 for row in games.tolist())
    assert (games == sample_games(30, 8, 500, seed=7)).all()
    assert not (games == sample_games(30, 8, 500, seed=8)).all()
    with pytest.raises(BadInput):
        sample_games(5, 6, 1, seed=1)


def test_cost_reads_the_guesses():
    game = words_game(6)
    w = game.answers.words
    assert cost(game, [0, 1], [w[2], w[1], w[0]]) == 3
    assert cost(game, [0, 1], [w[1], w[0], w[0]]) == 2
    with pytest.raises(BadInput, match="never guessed"):
        cost(game, [0, 1], [w[1], w[2]])
    with pytest.raises(BadInput, match="not in the guess list"):
        cost(game, [0, 1], ["zzzzz", w[0], w[1]])


@pytest.mark.slow
def test_the_command_plays_every_game_of_a_small_list_and_writes_its_files(tmp_path, capsys):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:9])) + "\n")
    code = boards_main(["--answers", str(answers), "--guesses", str(answers), "--boards", "3",
                        "--out", str(tmp_path / "out"), "--quiet"])
    assert code == 0
    folder = tmp_path / "out" / "answers-answers-normal-d8-boards3"
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["games"] == 9 * 8 * 7 and summary["sampled"] is None
    game = words_game(9).with_limits(max_guesses=8)
    total, _ = exact_total(game, 3)
    means = [s["mean"] for s in summary["strategies"]]
    assert min(means) >= round(total / summary["games"], 5) >= summary["lower_bound"]["mean"]
    assert summary["strategies"][0]["games"] == 504
    assert "Proven lower bound" in (folder / "REPORT.md").read_text()
    assert "exact means" in capsys.readouterr().out


def test_no_write_prints_and_writes_nothing(tmp_path, capsys, monkeypatch):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:6])) + "\n")
    monkeypatch.chdir(tmp_path)
    code = boards_main(["--answers", str(answers), "--guesses", str(answers), "--boards", "2",
                        "--no-write", "--quiet"])
    assert code == 0
    assert "greedy baseline" in capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == ["answers.txt"]


def test_a_handful_of_sampled_games_gets_no_interval_and_a_sample_is_called_an_estimate(
        tmp_path, capsys, monkeypatch):
    """Two sampled games of 20 boards printed the 95% interval '20.0000 - 20.0000' (and with
    another seed one below the proven minimum), and a sampled mean was said to leave 'the optimum
    between' it and the bound as if it were exact."""
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:12])) + "\n")
    monkeypatch.chdir(tmp_path)
    flags = ["--answers", str(answers), "--guesses", str(answers), "--boards", "4", "--no-write",
             "--quiet"]
    assert boards_main(flags + ["--games", "29"]) == 2
    assert "sample at least 30 games" in capsys.readouterr().err
    assert boards_main(flags + ["--games", "40", "--max-depth", "9"]) == 0  # k + 5: the limit
    out = capsys.readouterr().out
    assert "sampled mean is" in out and "(an estimate)" in out and "with 95% confidence" in out
    assert boards_main(flags + ["--games", "40", "--max-depth", "8"]) == 2
    assert "(9 for 4)" in capsys.readouterr().err


def test_an_interval_is_never_below_the_bound_nor_of_zero_width():
    """30 sampled games of 20 boards gave '19.9908 - 20.2092' beside a proven bound of 20, and 30
    games of 24 boards on 24 answers, all alike, '24.0000 - 24.0000'."""
    from optimal.boards import interval_cell
    from optimal.multiboard import Estimate
    spread = Estimate.of(np.array([20] * 29 + [21]), 25)
    assert interval_cell(spread, 20.0).startswith("20.0000 - ") and spread.interval[0] < 20
    assert interval_cell(Estimate.of(np.array([24] * 30), 29), 24.0) == "none: every sampled game alike"


def test_the_limit_of_60_to_64_boards_can_be_given(tmp_path, capsys):
    """The guess limit of k boards is k + 5, but --max-depth stopped at 64 (the searches' cap), so
    `--boards 64 --max-depth 69`, the game's own limit, was refused as out of range."""
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:64])) + "\n")
    flags = ["--answers", str(answers), "--guesses", str(answers), "--boards", "64", "--games",
             "30", "--no-write", "--quiet"]
    assert boards_main(flags + ["--max-depth", "69"]) == 0
    with pytest.raises(SystemExit) as stop:
        boards_main(flags + ["--max-depth", "70"])
    assert stop.value.code == 2 and "at most 69, not 70" in capsys.readouterr().err


def test_exact_writes_the_optimum_a_plain_recursion_finds(tmp_path, capsys):
    """`--exact` adds the optimum (exhaustive search) to a small list's report and summary; the
    total is the plain recursion's, and the strategies and the bound sit on either side of it."""
    code = boards_main(["--answers", "answers-2315-sample7-seed3", "--boards", "3", "--exact",
                        "--out", str(tmp_path), "--quiet"])
    assert code == 0
    folder = tmp_path / "answers-2315-sample7-seed3-answers-2315-sample7-seed3-normal-d8-boards3"
    summary = json.loads((folder / "summary.json").read_text())
    game = Game(*(WordList("w", words_of, "test") for words_of in
                  [sample_words(load_words("answers-2315"), 7, 3).words] * 2))
    expected = plain_total(game.with_limits(max_guesses=8), 3, 8)
    best = summary["optimum"]
    assert best["total"] == expected and best["mean"] == round(expected / (7 * 6 * 5), 5)
    assert best["first"] in game.guesses.words
    assert summary["lower_bound"]["mean"] <= best["mean"] <= min(
        s["mean"] for s in summary["strategies"])
    report_text = (folder / "REPORT.md").read_text()
    assert f"total {expected:,}" in report_text and "Optimum (exhaustive search" in report_text
    assert "Optimum (exhaustive search" in capsys.readouterr().out
