"""Absurdle (fewest guesses to force a win, challenge mode), Antiwordle and the comparison report,
against brute force on small games and against the published figures where there are some."""

from __future__ import annotations

import itertools
import subprocess
import sys

import numpy as np
import pytest

from lookahead import AbsurdleSearch
from optimal.adversaries import absurdle_reply, absurdle_replay as replay
from lookahead import AntiSearch
from optimal.adversaries import check_antiwordle as check_consistent
from optimal.antiwordle import measure
from optimal.game import Game
from tests.conftest import small_game


def brute_absurdle(game, k, target=None):
    """Fewest-guesses question by plain enumeration of guess sequences, with the rule stated in
    numpy (absurdle_reply). True when some k-1 guesses leave one answer (the target, if given)."""
    def left_after(seq):
        cands = game.all_candidates()
        for word in seq:
            _, cands = absurdle_reply(game, cands, word)
        return cands

    words = game.guesses.words
    for seq in itertools.product(words, repeat=k - 1):
        cands = left_after(seq)
        if len(cands) == 1 and (target is None or game.answers.words[cands[0]] == target):
            return True
    return False


def test_absurdle_win_lengths_match_brute_force():
    game = small_game(25, offset=5)
    search = AbsurdleSearch(game, pair_mb=4)
    for k in (2, 3):
        plan = search.win(k)
        assert (plan is not None) == brute_absurdle(game, k)
        if plan is not None:
            steps = replay(game, plan)
            assert steps[-1][1] == game.won and steps[-2][2] == 1 and len(plan) <= k


def test_absurdle_challenge_mode_matches_brute_force():
    game = small_game(20, offset=30)
    search = AbsurdleSearch(game, pair_mb=4)
    for target in game.answers.words[:6]:
        for k in (2, 3):
            plan = search.win(k, target)
            assert (plan is not None) == brute_absurdle(game, k, target), (target, k)
            if plan:
                assert plan[-1] == target and replay(game, plan)[-1][1] == game.won


def test_absurdle_on_the_original_lists(original):
    search = AbsurdleSearch(original)
    assert search.win(3) is None  # proven: no first guess leaves a set one guess can split
    plan = search.win(4)
    assert plan is not None and len(plan) == 4
    steps = replay(original, plan)
    assert [n for _, _, n in steps][-2] == 1 and steps[-1][1] == original.won


def test_absurdle_tie_rule_prefers_fewer_greens():
    game = small_game(40)
    cands = game.all_candidates()
    guess = game.answers.words[0]
    code, kept = absurdle_reply(game, cands, guess)
    sizes = np.bincount(game.replies_to(guess, cands), minlength=243)
    assert sizes[code] == sizes.max() and code != game.won


def brute_antiwordle_total(game, cands):
    """Most total guesses with consistent guesses only, by exhaustive recursion."""
    cands = tuple(int(c) for c in cands)
    if len(cands) == 1:
        return 1
    best = 0
    for c in cands:
        guess = game.answers.words[c]
        replies = game.replies_to(guess, np.array(cands))
        total = len(cands)
        for code in set(int(r) for r in replies):
            if code != game.won:
                total += brute_antiwordle_total(game, [x for x, r in zip(cands, replies) if r == code])
        best = max(best, total)
    return best


def test_antiwordle_exact_matches_brute_force():
    game = small_game(12, offset=40)
    search = AntiSearch(game, beam=0, objective=0)
    value, _ = search.value(game.all_candidates())
    assert value == brute_antiwordle_total(game, game.all_candidates())
    tree = search.tree()
    check_consistent(tree, game)
    assert measure(tree, game).sum() == value


def test_antiwordle_beams_never_exceed_exact_and_greedy_matches_norvig():
    from greedy import greedy_tree

    game = small_game(14, offset=60)
    exact = AntiSearch(game, 0, 0).value(game.all_candidates())[0]
    for beam in (1, 2, 3):
        assert AntiSearch(game, beam, 0).value(game.all_candidates())[0] <= exact
    norvig = Game.from_lists("norvig", max_guesses=64)
    counts = measure(greedy_tree(norvig, "entropy", "targets"), norvig)
    assert (round(counts.mean(), 2), counts.max()) == (5.75, 11)


def test_cli_runs(tmp_path):
    game = small_game(30)
    answers = tmp_path / "a.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    for module, extra in (("optimal.antiwordle", ["--beams", "0,1"]),
                          ("optimal.absurdle", ["--most", "4"]),
                          ("optimal.compare", ["--beams", "1", "--first", game.answers.words[0],
                                               "--out", str(tmp_path), "--jobs", "1"])):
        run = subprocess.run([sys.executable, "-m", module, "--answers", str(answers), *extra],
                             capture_output=True, text=True)
        assert run.returncode in (0, 1), run.stderr
        assert "Traceback" not in run.stderr
    assert (tmp_path / "a-a-normal-d6" / "COMPARE.md").exists()


@pytest.mark.parametrize("module, args", [("optimal.absurdle", ["--target", "zzzzz"]),
                                          ("optimal.antiwordle", ["--beams", "x"]),
                                          ("optimal.absurdle", ["--count", "-3"]),
                                          ("optimal.compare", ["--beams", "0"]),
                                          ("greedy", ["--baseline", "random", "--seed", "-1"]),
                                          ("greedy", ["--game", "jotto", "--out", "/tmp/jotto.txt"]),
                                          ("optimal.compare", ["--first", "zzzzz"])])
def test_bad_input(module, args):
    run = subprocess.run([sys.executable, "-m", module, *args], capture_output=True, text=True)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1


def test_absurdle_tie_order_is_the_same_in_replay_and_search():
    """The plain replay's tie order (optimal.absurdle.tie_rank) and the kernels' (reply_ranks)
    rank every reply code alike, so a replayed game is the game the search proved."""
    from lookahead.adversaries import reply_ranks
    from optimal.adversaries import tie_rank

    for length in (2, 3, 5):
        codes = range(3**length)
        by_replay = sorted(codes, key=lambda c: tie_rank(c, length))
        by_search = sorted(codes, key=lambda c: reply_ranks(length)[c])
        assert by_replay == by_search
