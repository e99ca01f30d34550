"""The Dordle proof's words (500 answers, `--sample 500 --seed 1`): what the kernel's missing
reference counts and a memo with room are worth, each against its baseline in this run.

    python benchmarks/bench_dordle_proof.py [--ranks 1000,3000,8000] [--cutoff 1014786]

Each first word at the given ranks (the search's own order) is searched as the proof's workers
search it: exact, forced first guess, cut off at TRACE's total, from an empty memo, three ways:

- **counted**, the baseline: the same kernel source compiled *with* numba's reference counting
  (`lookahead/kernels/pair_total.py` loaded again from a copy whose `solve_two` says `_nrt=True`;
  compiled here, uncached, about a minute);
- **shipped**: the kernel as it ships (`_nrt=False`), with a 1 GB memo;
- **full memo**: the shipped kernel with a memo too small for one word (24 MB), which is how
  every word ran once a worker's memo had filled with earlier words (before it was cleared).

The node counts must agree (same search, same order); CPU seconds of this process, since the
machine may be shared.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import lookahead.solvers.pair as pair_solver
from dordle_variants import kernel_variant, proof_game
from lookahead import DordleSolver
from optimal.game import Game


def counted_kernel():
    """The pair kernel's module compiled again with reference counting (and no disk cache)."""
    def edit(source: str) -> str:
        assert source.count("_nrt=False") == 2  # the decorator, and the module note naming it
        return source.replace("@njit(cache=True, nogil=True, _nrt=False)", "@njit(nogil=True)")

    return kernel_variant("pair_total_counted", edit)


def run(game: Game, guess: int, cutoff: int, cache_mb: float) -> tuple[float, int, int]:
    """(CPU seconds, nodes, value) of one first word's search from an empty memo."""
    board = game.all_candidates()
    solver = DordleSolver(game, cache_mb=cache_mb)
    start = time.process_time()
    value, _ = solver.evaluate(board, board, guess, game.max_guesses, cutoff)
    return time.process_time() - start, solver.counters()["nodes"], value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ranks", default="1000,3000,8000")
    parser.add_argument("--cutoff", type=int, default=1_014_786)
    args = parser.parse_args()
    game, ranked = proof_game()
    shipped = pair_solver.solve_two
    small = game.restricted_to(np.arange(12), "warm-up")
    board = small.all_candidates()
    DordleSolver(small, cache_mb=16).solve(board, board, 7)  # load the shipped kernels
    start = time.process_time()
    counted = counted_kernel().solve_two
    pair_solver.solve_two = counted
    DordleSolver(small, cache_mb=16).solve(board, board, 7)
    pair_solver.solve_two = shipped
    print(f"(the counted kernel compiled in {time.process_time() - start:.0f} s CPU)")
    print(f"{'rank':>5} {'word':>6} {'nodes':>9} | {'counted s':>9} {'shipped s':>9} "
          f"{'speed-up':>8} | {'full memo s':>11} {'slow-down':>9}")
    for rank in (int(r) for r in args.ranks.split(",")):
        guess = ranked[rank][0]
        pair_solver.solve_two = counted
        try:
            slow, nodes_counted, value_counted = run(game, guess, args.cutoff, 1024)
        finally:
            pair_solver.solve_two = shipped
        fast, nodes, value = run(game, guess, args.cutoff, 1024)
        cramped, _, value_cramped = run(game, guess, args.cutoff, 24)
        assert nodes == nodes_counted and value == value_counted == value_cramped
        print(f"{rank:>5} {game.guesses.words[guess].upper():>6} {nodes:>9,} | {slow:>9.1f} "
              f"{fast:>9.1f} {slow / fast:>7.2f}x | {cramped:>11.1f} {cramped / fast:>8.2f}x")


if __name__ == "__main__":
    main()
