"""A stop (Ctrl-C, SIGTERM) reaches a running search kernel: the command ends within moments of
the signal, not when the kernel returns, and a solver that was stopped forgets what the stopped
call left in its memo (values not proven), so it gives exact values again afterwards."""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from lookahead.solvers.adversaries import AbsurdleSearch, AntiSearch
from lookahead.solvers.pair import DordleSolver
from lookahead.solvers.single import Solver
from lookahead.spaces.stop import Stopped, clear_stop, request_stop, stop_requested
from tests.conftest import small_game

ROOT = Path(__file__).resolve().parents[1]

# Every first word of the original lists in one kernel call: minutes of work in a single call.
LONG_CALL = textwrap.dedent("""
    import signal, sys
    from optimal.cli.run import run_cli
    from optimal.game import Game
    from optimal.words import load_lists
    from lookahead.solvers.single import Solver

    def body():
        game = Game(*load_lists("original"))
        solver = Solver(game, cache_mb=64)
        solver.solve(game.all_candidates()[:40], 6)  # the kernels compiled or loaded first
        print("searching", flush=True)
        value = solver.solve(game.all_candidates(), 6)
        print("finished", value, flush=True)
        return 0

    # Ctrl-C as in a terminal, even where the test runner's shell started us with SIGINT ignored
    signal.signal(signal.SIGINT, signal.default_int_handler)
    sys.exit(run_cli(body, "long-call"))
""")


@pytest.mark.parametrize("sig,code,word", [(signal.SIGTERM, 143, "terminated"),
                                           (signal.SIGINT, 130, "interrupted")])
def test_a_signal_stops_a_running_kernel_call_within_moments(tmp_path, sig, code, word):
    script = tmp_path / "long_call.py"
    script.write_text(LONG_CALL)
    process = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    assert process.stdout.readline().strip() == "searching"
    time.sleep(2.0)  # well inside the call: it takes minutes
    sent = time.monotonic()
    process.send_signal(sig)
    out, err = process.communicate(timeout=120)
    waited = time.monotonic() - sent
    assert process.returncode == code, err
    assert "finished" not in out and word in err, err
    assert waited < 20, f"{waited:.1f} s from the signal to the exit"  # (the call: minutes)


def test_a_stopped_solver_forgets_the_call_and_is_exact_again():
    game = small_game(60)
    solver, fresh = Solver(game, cache_mb=16), Solver(game, cache_mb=16)
    expected = fresh.solve(game.all_candidates(), 6)
    solver.solve(game.all_candidates()[:30], 6)
    assert solver.counters()["memo_entries"] > 0
    request_stop()
    try:
        with pytest.raises(Stopped):
            solver.solve(game.all_candidates(), 6)
        assert stop_requested()
    finally:
        clear_stop()
    assert solver.counters()["memo_entries"] == 0  # what the stopped call left is gone
    assert solver.solve(game.all_candidates(), 6) == expected
    assert solver.can_finish(game.all_candidates(), 6) == fresh.can_finish(game.all_candidates(), 6)


def test_a_stopped_dordle_solver_forgets_the_call_and_is_exact_again():
    game = small_game(30)
    everything = game.all_candidates()
    solver, fresh = DordleSolver(game, cache_mb=16), DordleSolver(game, cache_mb=16)
    expected = fresh.solve(everything, everything, 7)
    solver.solve(everything[:12], everything[:12], 7)
    assert solver.counters()["memo_entries"] > 0
    request_stop()
    try:
        with pytest.raises(Stopped):
            solver.solve(everything, everything, 7)
    finally:
        clear_stop()
    assert solver.counters()["memo_entries"] == 0
    assert solver.solve(everything, everything, 7) == expected


def test_the_absurdle_and_antiwordle_searches_stop_and_give_no_result():
    game = small_game(12, offset=40)
    anti, fresh = AntiSearch(game, beam=0, objective=0), AntiSearch(game, beam=0, objective=0)
    expected = fresh.value(game.all_candidates())
    absurdle = AbsurdleSearch(small_game(25, offset=5), pair_mb=4)
    plan = absurdle.win(3)
    request_stop()
    try:
        with pytest.raises(Stopped):
            anti.value(game.all_candidates())
        with pytest.raises(Stopped):
            absurdle.win(3)
    finally:
        clear_stop()
    assert anti.solver.counters()["memo_entries"] == 0  # nothing cut short was kept
    assert anti.value(game.all_candidates()) == expected
    assert absurdle.win(3) == plan
