"""How long the Dordle engine's exact search takes on the states a player meets after one guess,
against the prompt's budget (`optimal.play.exact.DORDLE_BUDGET`): whether states of more than
DORDLE_PROOF_MAX_GAMES games, which get the beam at once, would be proven in time if a kernel call
could be cut at a deadline.

    python benchmarks/bench_dordle_prompt.py [--states 12] [--seed 1] [--timeout 40]

Random pairs of answers (seeded) after SALET, keeping the states of DORDLE_PROOF_MAX_GAMES to
DORDLE_MAX_GAMES games with two unsolved boards; each searched exactly (no budget) in a fresh
process killed after --timeout seconds, since a kernel call cannot be cut. The baseline is the
budget itself: the count of states proven within it, and within the timeout.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time

import numpy as np

from optimal.game import Game
from optimal.play.exact import DORDLE_BUDGET, DORDLE_MAX_GAMES, DORDLE_PROOF_MAX_GAMES, pair_games

OPENER = "salet"


def after_opener(game: Game, first: int, second: int) -> tuple[np.ndarray, np.ndarray]:
    """Both boards' candidates after OPENER, answers `first` and `second` (answer indices)."""
    g, everything = game.guess_id(OPENER), game.all_candidates()
    row = game.matrix[g]
    return (everything[row[everything] == row[first]], everything[row[everything] == row[second]])


def one(first: int, second: int) -> None:
    """Search one state exactly (after loading the kernels) and print its seconds and verdict."""
    from lookahead import SearchSetting, dordle_next_guess
    game = Game.from_lists().with_limits(max_guesses=7)
    board1, board2 = after_opener(game, first, second)
    setting = SearchSetting(cache_mb=128)
    dordle_next_guess(game, board1[:3], board2[:3], 6, 5.0, DORDLE_MAX_GAMES, setting)
    start = time.perf_counter()
    best = dordle_next_guess(game, board1, board2, 6, 1e9, DORDLE_MAX_GAMES, setting)
    print(f"{time.perf_counter() - start:.2f} {best.word} {best.total} {best.proven}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--states", type=int, default=12)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=40.0)
    parser.add_argument("--one", nargs=2, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        one(*args.one)
        return
    game = Game.from_lists().with_limits(max_guesses=7)
    rng = np.random.default_rng(args.seed)
    states: list[tuple[int, int, int]] = []
    while len(states) < args.states:
        first, second = (int(a) for a in rng.choice(len(game.answers), 2, replace=False))
        board1, board2 = after_opener(game, first, second)
        games = pair_games(board1, board2)
        if DORDLE_PROOF_MAX_GAMES < games <= DORDLE_MAX_GAMES and min(len(board1), len(board2)) > 1:
            states.append((games, first, second))
    in_budget = in_time = 0
    for games, first, second in sorted(states):
        words = f"{game.answers.words[first].upper()}/{game.answers.words[second].upper()}"
        try:
            done = subprocess.run([sys.executable, __file__, "--one", str(first), str(second)],
                                  capture_output=True, text=True, timeout=args.timeout, check=True)
            seconds, word, total, proven = done.stdout.splitlines()[-1].split()
            if proven != "True":
                raise SystemExit(f"{words}: the search without a budget gave no proof")
            in_time += 1
            in_budget += float(seconds) <= DORDLE_BUDGET
            print(f"{games:>6,} games ({words}): proven in {float(seconds):.1f} s: {word.upper()} {total}")
        except subprocess.TimeoutExpired:
            print(f"{games:>6,} games ({words}): not proven within {args.timeout:g} s")
    print(f"{len(states)} states of {DORDLE_PROOF_MAX_GAMES:,} to {DORDLE_MAX_GAMES:,} games after "
          f"{OPENER.upper()}: {in_budget} proven within the prompt's {DORDLE_BUDGET:g} s, "
          f"{in_time} within {args.timeout:g} s")


if __name__ == "__main__":
    main()
