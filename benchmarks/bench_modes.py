"""What the strict modes cost: the same proofs in normal, hard and ultra-hard mode, one process,
the kernels loaded before timing. Prints each proof's value and CPU seconds (best of --repeat) and
its ratio to the normal-mode SALET proof measured in the same run (the baseline).

Usage: python benchmarks/bench_modes.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import time

from lookahead.solvers.single import Solver
from optimal.game import Game

PROOFS = (("salet", "normal", 6), ("salet", "hard", 6), ("salet", "ultra", 6),
          ("palet", "hard", 5), ("salet", "ultra", 5))


def proof_seconds(word: str, mode: str, depth: int, repeat: int) -> tuple[int, bool, float]:
    """(value, exact, least CPU seconds over `repeat` fresh solvers) of `word`'s proof."""
    game = Game.from_lists("original", mode=mode, max_guesses=depth)
    _ = game.matrix
    best = float("inf")
    for _ in range(repeat):
        solver = Solver(game, cache_mb=1024)
        solver.solve(game.all_candidates()[:3], 2)  # load the compiled kernels before timing
        start = time.process_time()
        value, exact = solver.evaluate(game.all_candidates(), game.guess_id(word), depth)
        best = min(best, time.process_time() - start)
    return value, exact, best


def main() -> None:
    """Run every proof and print its row."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    base = None
    print(f"{'proof':<22} {'value':>7} {'CPU s':>7} {'x normal SALET':>15}")
    for word, mode, depth in PROOFS:
        value, exact, seconds = proof_seconds(word, mode, depth, args.repeat)
        base = base or seconds
        shown = f"{value}" if exact else f">= {value}" if value < 1 << 28 else "none"
        name = f"{word.upper()} {mode} within {depth}"
        print(f"{name:<22} {shown:>7} {seconds:7.2f} {seconds / base:15.2f}")


if __name__ == "__main__":
    main()
