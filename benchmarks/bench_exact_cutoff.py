"""Two ways to reach a first word's exact value, in one run: CPU seconds per word and the ratio.

Today (`lookahead.questions.exact_values.raise_to_exact`) the cutoff starts at the word's split
bound and is raised 1, 4, 16, ... above the last proven bound until a pass returns the exact value.
The other way, one of the ideas issue 26 §4 asks to measure: a beam (`--beam`, 10 guesses a node
by default) finds a tree first, and one pass with its total + 1 as the cutoff returns the exact
value (the beam's time counted in). Each way keeps its own solver (its memo shared by the words of
the run, as in a real `--rank exact --all` run); the two alternate which goes first on each word,
so a busy machine hurts both alike; the values must agree. The words are the committed exact
sample's weakest band (`results/exact-sample/`: every 800th of ranks 5,001-12,972 by the ordering
score), where the table's CPU goes, unless --words names others.

    python benchmarks/bench_exact_cutoff.py [--words winch,bezes] [--beam 10] [--cache-mb 1024]
                                            [--mode hard]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lookahead.parallel.tasks import solver_for  # noqa: E402
from lookahead.questions.exact_values import raise_to_exact  # noqa: E402
from lookahead.questions.first_guesses import split_bounds  # noqa: E402
from lookahead.solvers.single import Solver  # noqa: E402
from optimal.game import Game  # noqa: E402

WEAK = "lycea,drink,roups,winch,heels,divos,dreys,hempy,lavas,bumfs,azury,bezes"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", default=WEAK)
    parser.add_argument("--beam", type=int, default=10)
    parser.add_argument("--cache-mb", type=float, default=1024)
    parser.add_argument("--mode", choices=("normal", "hard", "ultra"), default="normal")
    args = parser.parse_args()
    game = Game.from_lists("original").with_limits(args.mode, 6)
    words = [game.guess_id(w) for w in args.words.split(",")]
    bounds = split_bounds(game, words)
    candidates, d = game.all_candidates(), game.max_guesses
    solvers = {"below": Solver(game, cache_mb=args.cache_mb), "above": Solver(game, cache_mb=args.cache_mb)}
    beam = solver_for(game, args.beam, args.cache_mb / 2)
    for solver in [*solvers.values(), beam]:
        solver.solve(candidates[:3], 3)  # load the kernels before any clock starts
    seconds = {"below": 0.0, "above": 0.0}
    print(f"{'word':<6} {'split':>6} {'beam':>6} {'value':>6} {'from below s':>13} "
          f"{'from above s':>13} {'ratio':>6}")
    for i, g in enumerate(words):
        values, spent, upper = {}, {}, None
        for way in (("below", "above") if i % 2 == 0 else ("above", "below")):
            start = time.thread_time()
            if way == "below":
                values[way] = raise_to_exact(solvers[way], g, bounds[g], float("inf"))
            else:
                upper, _ = beam.evaluate(candidates, g, d, None)
                values[way] = solvers[way].evaluate(candidates, g, d, None, upper + 1)
            spent[way] = time.thread_time() - start
            seconds[way] += spent[way]
        assert values["below"] == values["above"] and values["below"][1], (game.guesses.words[g], values)
        print(f"{game.guesses.words[g].upper():<6} {bounds[g]:>6} {upper:>6} {values['below'][0]:>6} "
              f"{spent['below']:>13.2f} {spent['above']:>13.2f} {spent['above'] / spent['below']:>6.2f}",
              flush=True)
    print(f"\n{len(words)} words: from below {seconds['below']:.1f} CPU s "
          f"({3600 * len(words) / seconds['below']:,.0f} words/CPU-h), from above (beam {args.beam}) "
          f"{seconds['above']:.1f} CPU s ({3600 * len(words) / seconds['above']:,.0f} words/CPU-h); "
          f"ratio {seconds['above'] / seconds['below']:.3f} (below 1: from above is faster)")


if __name__ == "__main__":
    main()
