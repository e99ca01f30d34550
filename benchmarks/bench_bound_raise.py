"""How fast the search raises a proven lower bound on one first word, with and without the counting
bound on large sets, in one run: the bound reached against CPU seconds.

Why: on the game where every allowed word may be the answer (`--lists big`, 12,972 answers) the
parts of a first word hold thousands of answers, and the plain bound of a part (2c - 1) is far
below its cost: LANTS within 6 had 38,748 against a verified tree of 52,902. The counting bound
(`lookahead.kernels.bounds.counted_lower_bound`: c answers of which no guess makes more than K
parts cost at least 3c - K - 2) raises the split bound itself, and every node of the search below
it. Each way starts from its own split bound and raises the cutoff 1, 4, 16, ... above the last
proven bound, the step capped at `--step-cap` (a pass that must solve the word exactly cannot be
interrupted), until `--budget` CPU seconds have passed; every figure printed is a proven lower
bound (the search returned at least its cutoff).

    python benchmarks/bench_bound_raise.py [--lists big] [--word lants] [--budget 240]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lookahead import INF, split_bounds  # noqa: E402
from lookahead.solvers.single import Solver  # noqa: E402
from optimal.game import Game  # noqa: E402


def raise_bound(game: Game, guess: int, counting: bool, budget: float, step_cap: int,
                cache_mb: float) -> list[tuple[float, int, bool]]:
    """(CPU seconds, proven lower bound, exact) after each pass, until `budget` CPU seconds."""
    solver = Solver(game, cache_mb=cache_mb)
    solver.ws = solver.ws._replace(counting=counting)
    solver.solve(game.all_candidates()[:3], 3)  # load the kernels before the clock starts
    lower = split_bounds(game, [guess], counting=counting)[guess]
    rows, start, step = [(0.0, lower, False)], time.thread_time(), 1
    while lower < INF and time.thread_time() - start < budget:
        lower, exact = solver.evaluate(game.all_candidates(), guess, game.max_guesses, None,
                                       lower + step)
        rows.append((time.thread_time() - start, lower, exact))
        if exact:
            break
        step = min(4 * step, step_cap)
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--lists", default="big")
    parser.add_argument("--word", default="lants")
    parser.add_argument("--max-depth", type=int, default=6)
    parser.add_argument("--budget", type=float, default=240.0, help="CPU seconds each way")
    parser.add_argument("--step-cap", type=int, default=512)
    parser.add_argument("--cache-mb", type=float, default=1024)
    args = parser.parse_args()
    game = Game.from_lists(args.lists).with_limits(max_guesses=args.max_depth)
    guess = game.guess_id(args.word)
    print(f"{args.word.upper()} within {args.max_depth}, lists {args.lists}: the proven lower bound "
          f"against CPU seconds ({args.budget:.0f} s each way)")
    final = {}
    for counting in (True, False):
        rows = raise_bound(game, guess, counting, args.budget, args.step_cap, args.cache_mb)
        name = "with the counting bound" if counting else "plain bounds"
        print(f"\n{name}:")
        for seconds, lower, exact in rows:
            print(f"  {seconds:8.1f} s  {'exact' if exact else 'at least'} {lower:,}")
        final[counting] = rows[-1]
    (ts, ls, _), (tp, lp, _) = final[True], final[False]
    print(f"\nafter the budget: {ls:,} with the counting bound ({ts:.0f} s), {lp:,} with plain "
          f"bounds ({tp:.0f} s); split bounds {split_bounds(game, [guess])[guess]:,} and "
          f"{split_bounds(game, [guess], counting=False)[guess]:,}")


if __name__ == "__main__":
    main()
