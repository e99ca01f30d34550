"""The engine's face (`lookahead`): the values it returns mean what they say."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from conftest import SMALL_ANSWERS, small_game

from lookahead import INF, GuessResult, SearchSetting, ranked_guesses, search_first_guesses, split_bounds
from optimal.adversaries import absurdle_reply
from optimal.game import Game
from optimal.words import load_lists
from pathlib import Path


def test_a_beam_does_not_limit_which_first_guesses_are_ranked():
    """--top 10 --beam 3 evaluates ten words: the beam limits the search below each guess, not
    the ranking of first guesses (it once returned only the beam's three)."""
    game = small_game(60)
    exact = ranked_guesses(game, SearchSetting())
    assert len(exact) > 10
    assert ranked_guesses(game, SearchSetting(beam=3)) == exact


def test_results_carry_their_meaning():
    proven = GuessResult("salet", 7920, True)
    bound = GuessResult("crate", 7921, False)
    beam = GuessResult("trace", 7926, True, beam=20)
    none = GuessResult("xylyl", INF, False, limit=4)
    assert (proven.status(), proven.value_text(), proven.proven) == ("proven", "7920", True)
    assert (bound.status(), bound.value_text(), bound.proven) == ("lower bound (cut off)", ">= 7921", False)
    assert (beam.status(), beam.value_text(), beam.proven) == ("upper bound (beam 20)", "<= 7926", False)
    assert (none.status(), none.value_text(), none.feasible) == ("no tree within 4 guesses", "none", False)


def test_split_bounds_hold_and_the_outcome_uses_them_beside_a_beam():
    """Each guess's split bound is a true lower bound (the exact value is never below it), and a
    beam outcome reports it as the proven lower bound."""
    game = small_game(40)
    guesses = [g for g, _ in ranked_guesses(game, SearchSetting())[:6]]
    bounds = split_bounds(game, guesses)
    exact = search_first_guesses(game, guesses, SearchSetting())
    for result in exact.results:
        if result.exact:
            assert result.value >= bounds[game.guess_id(result.word)]
    beam = search_first_guesses(game, guesses, SearchSetting(beam=2))
    assert not beam.proven
    assert beam.lower_bound(beam.best) == bounds[game.guess_id(beam.best.word)]
    assert beam.value >= exact.value


@pytest.mark.slow  # two fresh processes; a crash regression
def test_absurdle_first_guess_count_runs_from_the_kernel_cache(tmp_path):
    """`absurdle --count` once crashed (segmentation fault) on every run after the first, when
    its kernels came from numba's disk cache: two runs in a row must both succeed and agree."""
    words = tmp_path / "answers.txt"
    words.write_text("\n".join(sorted(SMALL_ANSWERS[:50])) + "\n")
    runs = [subprocess.run([sys.executable, "-m", "optimal.absurdle", "--answers", str(words),
                            "--count", "3"], capture_output=True, text=True, env=dict(os.environ))
            for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[1].stderr[-300:]
    first_lines = [r.stdout.splitlines()[1] for r in runs]
    assert first_lines[0] == first_lines[1]
    # the words are those a plain replay finds: after the first guess and Absurdle's reply, some
    # second guess leaves a single answer (the third guess is then that answer)
    game = Game(*load_lists(answers=str(words)))
    winners = []
    for first in game.guesses.words:
        _, left = absurdle_reply(game, game.all_candidates(), first)
        if len(left) == 1 or any(len(absurdle_reply(game, left, second)[1]) == 1
                                 for second in game.guesses.words):
            winners.append(first.upper())
    assert first_lines[0].split() == winners
    assert runs[0].stdout.startswith(f"{len(winners)} of {len(game.guesses)} first guesses")


def test_the_tie_pass_hands_each_result_over_as_it_comes(monkeypatch):
    """Words stopped exactly at the best total are searched again (the tie pass); each result
    must reach the caller (whose checkpoint saves it) as soon as it is found. Handed over only at
    the end, a tie pass over 11,113 words stopped after 14 minutes had saved none of them."""
    import lookahead.questions.first_guesses as firstguess

    game = small_game(60)
    words = [g for g, _ in ranked_guesses(game, SearchSetting())[:8]]
    full = search_first_guesses(game, words, SearchSetting())
    best = full.best
    # the others as if each had been cut off exactly at the best total: all open ties
    done = {r.word: (r if r.word == best.word else GuessResult(r.word, best.value, False))
            for r in full.results}
    events: list[str] = []
    evaluate = firstguess.evaluate_guesses_task

    def counted(*arguments):
        events.append("search")
        return evaluate(*arguments)

    monkeypatch.setattr(firstguess, "evaluate_guesses_task", counted)
    settled: list[GuessResult] = []
    firstguess.settle_ties(game, done, SearchSetting(), lambda r: (events.append("record"),
                                                                    settled.append(r)))
    assert len(settled) == len(words) - 1
    assert events == ["search", "record"] * len(settled)
    ties = {r.word for r in full.results if r.exact and r.value == best.value} - {best.word}
    for result in settled:  # and each settles its word: a tie (exact) or proven above the best
        assert (result.exact and result.value == best.value) or result.value > best.value
        assert (result.word in ties) == result.exact


def test_importing_the_engine_touches_no_disk(tmp_path):
    """`import lookahead` (and every room behind the face) neither creates the kernel cache folder
    nor changes numba's global cache setting; the first workspace does set the cache up."""
    import subprocess
    import sys

    cache = tmp_path / "cache"
    code = ("import numba; before = numba.config.CACHE_DIR\n"
            "import lookahead, lookahead.kernels.total, lookahead.questions.first_guesses\n"
            "import os, sys\n"
            "assert numba.config.CACHE_DIR == before, numba.config.CACHE_DIR\n"
            "assert not os.path.exists(sys.argv[1]), os.listdir(sys.argv[1])\n"
            "from lookahead.kernels.compiled import caching_enabled\n"
            "assert not caching_enabled()\n"
            "from optimal.game import Game\n"
            "from optimal.words import WordList\n"
            "from lookahead.solvers.single import Solver\n"
            "words = WordList('w', ('cigar', 'rebut'), 'test')\n"
            "Solver(Game(words, words), cache_mb=1)\n"
            "assert caching_enabled() and any(n.startswith('numba-') for n in os.listdir(sys.argv[1]))\n")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
    env["OPTIMAL_CACHE"] = str(cache)
    result = subprocess.run([sys.executable, "-c", code, str(cache)], capture_output=True, text=True,
                            env=env, cwd=Path(__file__).resolve().parent.parent)
    assert result.returncode == 0, result.stderr
