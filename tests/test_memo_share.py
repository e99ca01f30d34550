"""Memo entries copied between solvers (lookahead.kernels.memo_share): a copy changes no value, is
used by the solver that takes it, is never made for a certificate, and a run whose workers share
them finds what a serial run finds."""

from __future__ import annotations

import os

import numpy as np
import pytest

from lookahead import SearchSetting, ranked_guesses, search_first_guesses
from lookahead.parallel.tasks import evaluate_guesses_task
from lookahead.solvers.single import Solver
from tests.conftest import small_game


def first_words(game, count: int) -> list[int]:
    return [g for g, _ in ranked_guesses(game, SearchSetting())[:count]]


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_copied_entries_change_no_value_and_are_used(mode):
    game = small_game(120, mode)
    words = first_words(game, 12)
    everything = game.all_candidates()
    source, taker, fresh = (Solver(game, cache_mb=16) for _ in range(3))
    mark = source.memo_mark()
    expected = [source.evaluate(everything, g, 6) for g in words]
    entries = source.memo_since(mark, min_members=2)
    assert entries is not None and entries[0].size > 0
    keys, values, flags, bests, lens, offsets, words_ = entries
    assert (lens >= 2).all() and offsets[-1] + lens[-1] <= words_.size
    taker.memo_take(entries)
    assert taker.counters()["memo_entries"] == entries[0].size
    before = taker.counters()
    assert [taker.evaluate(everything, g, 6) for g in words] == expected
    assert [fresh.evaluate(everything, g, 6) for g in words] == expected
    # the copies answered what the fresh solver had to search
    assert taker.counters_since(before)["nodes"] < fresh.counters()["nodes"]
    # taken twice: nothing new is stored
    held = taker.counters()["memo_entries"]
    taker.memo_take(entries)
    assert taker.counters()["memo_entries"] == held


def test_only_new_entries_of_the_size_asked_for():
    game = small_game(100)
    everything = game.all_candidates()
    solver = Solver(game, cache_mb=16)
    words = first_words(game, 4)
    solver.evaluate(everything, words[0], 6)
    mark = solver.memo_mark()
    assert solver.memo_since(mark) is None  # nothing stored since
    solver.evaluate(everything, words[1], 6)
    small = solver.memo_since(mark, min_members=2)
    large = solver.memo_since(mark, min_members=10)
    assert small is not None
    assert large is None or (large[4] >= 10).all() and large[0].size <= small[0].size
    assert set(small[0].tolist()) <= set(solver.memo_since(0, min_members=2)[0].tolist())


def test_a_certifying_solver_shares_nothing():
    game = small_game(60)
    solver = Solver(game, cache_mb=16, certify=True)
    solver.evaluate(game.all_candidates(), first_words(game, 1)[0], 6)
    assert solver.memo_since(0, min_members=1) is None


def test_tasks_bring_back_entries_only_when_sharing():
    game = small_game(100)
    words = first_words(game, 6)
    everything = game.all_candidates()
    arguments = (game, words[:3], 10**9, 0, 16, everything, 6, None, False, "")
    results, _, entries = evaluate_guesses_task(*arguments)
    assert entries is None
    # sent by this process: run here, it shares nothing; sent by another, it brings entries back
    assert evaluate_guesses_task(*arguments, (os.getpid(), ()))[2] is None
    shared_results, _, shared = evaluate_guesses_task(*arguments, (-1, ()))
    assert [(r.word, r.value, r.exact) for r in shared_results] == \
        [(r.word, r.value, r.exact) for r in results]
    # a later task that takes them gives the values a solver of its own finds
    later, _, _ = evaluate_guesses_task(game, words[3:], 10**9, 0, 16, everything, 6, None, False,
                                        "", (-1, () if shared is None else (shared,)))
    alone = Solver(game, cache_mb=16)
    for result in results + later:
        assert result.exact
        assert result.value == alone.evaluate(everything, game.guess_id(result.word), 6)[0]


@pytest.mark.slow
def test_workers_that_share_find_what_one_process_finds():
    game = small_game(250)
    words = first_words(game, 200)
    serial = search_first_guesses(game, words, SearchSetting(jobs=1))
    parallel = search_first_guesses(game, words, SearchSetting(jobs=2))
    assert (parallel.best.word, parallel.best.value) == (serial.best.word, serial.best.value)
    exact = {r.word: r.value for r in serial.results if r.exact}
    for result in parallel.results:  # an exact value is the same; a cut-off word is cut off
        if result.exact:
            assert exact[result.word] == result.value
        else:
            assert result.value >= parallel.best.value
    assert np.isfinite(serial.best.value)
