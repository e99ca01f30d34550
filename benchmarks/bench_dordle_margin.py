"""How fast the Dordle kernel's margins should grow (`MARGIN_GROWTH` in
`lookahead/kernels/pair_total.py`), measured on the 500-answer proof's own words.

    python benchmarks/bench_dordle_margin.py [--growths 4,32] [--ranks 2600,3400,4200,5200]

Before any child of a guess is solved outright, every child's bound is raised a little at a time:
margins 1, 4, then g times more each pass (1, 4, 4g, 4g^2, ...; g = 4 is the old 1, 4, 16, ...
that the single-board kernel keeps). Small steps waste passes over children that are far from
their values; large ones solve children past what the cutoff needed. Each first word at the given
ranks (the search's own order) is searched as the proof's workers search it: exact, forced first
guess, cut off at TRACE's total, from an empty memo, once per growth factor (the shipped kernel's
source compiled again with that factor, uncached: about a minute each; 32 is the shipped one).
The values must all be proven lower bounds at the cutoff or more (the same words are refuted
whatever the growth); nodes and CPU seconds of this process (the machine may be shared),
with each growth's total against the first one named, which is the baseline.
"""

from __future__ import annotations

import argparse
import re
import time

import numpy as np

import lookahead.solvers.pair as pair_solver
from dordle_variants import kernel_variant, proof_game
from lookahead import DordleSolver
from optimal.game import Game

TRACE = 1_014_786


def kernel_with_growth(growth: int):
    """`solve_two` compiled again from the shipped source with another margin growth (no cache)."""
    def edit(source: str) -> str:
        source, count = re.subn(r"^MARGIN_GROWTH = \d+", f"MARGIN_GROWTH = {growth}", source,
                                flags=re.M)
        assert count == 1
        return source

    return kernel_variant(f"pair_total_growth{growth}", edit).solve_two


def run(game: Game, guess: int, cutoff: int, kernel) -> tuple[float, int, int]:
    """(CPU seconds, nodes, value) of one first word's search from an empty memo, with `kernel`."""
    shipped = pair_solver.solve_two
    pair_solver.solve_two = kernel
    try:
        board = game.all_candidates()
        solver = DordleSolver(game, cache_mb=1024)
        start = time.process_time()
        value, _ = solver.evaluate(board, board, guess, game.max_guesses, cutoff)
        return time.process_time() - start, solver.counters()["nodes"], value
    finally:
        pair_solver.solve_two = shipped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--growths", default="4,32")
    parser.add_argument("--ranks", default="2600,3400,4200,5200")
    parser.add_argument("--cutoff", type=int, default=TRACE)
    args = parser.parse_args()
    game, ranked = proof_game()
    small = game.restricted_to(np.arange(12), "warm-up")
    growths = [int(g) for g in args.growths.split(",")]
    kernels = {}
    for growth in growths:
        start = time.process_time()
        kernels[growth] = kernel_with_growth(growth)
        run(small, 0, 10**9, kernels[growth])  # compile it now, not inside a timed word
        print(f"(growth {growth}: compiled in {time.process_time() - start:.0f} s CPU)", flush=True)
    seconds = {g: 0.0 for g in growths}
    print(f"{'rank':>5} {'word':>6} | " + " | ".join(f"growth {g:>2}: s, nodes" for g in growths))
    for rank in (int(r) for r in args.ranks.split(",")):
        guess = ranked[rank][0]
        cells = []
        for growth in growths:
            cpu, nodes, value = run(game, guess, args.cutoff, kernels[growth])
            assert value >= args.cutoff  # a refutation whatever the growth (no word beats TRACE)
            seconds[growth] += cpu
            cells.append(f"{cpu:>5.1f} {nodes:>10,}")
        print(f"{rank:>5} {game.guesses.words[guess].upper():>6} | " + " | ".join(cells), flush=True)
    base = seconds[growths[0]]
    print("total CPU s: " + ", ".join(f"growth {g}: {s:.1f} ({s / base:.2f}x growth {growths[0]})"
                                      for g, s in seconds.items()))


if __name__ == "__main__":
    main()
