"""The exact value of first words with and without one of the search's shortcuts, in one run: CPU
seconds per word by rank band, words per CPU-hour, and the ratio (below 1: the shortcut is faster).
The shortcuts (`--feature`): `alike`, the alike-guess scan; `counting`, the counting bound on large
sets (`lookahead.kernels.bounds.counted_lower_bound`: a poor guess leaves a part of hundreds of
answers that costs at least 3c - K - 2, so it is refuted without searching that part).

Why: deep in the tree of a weak first word a node's answers use a dozen letters, and guesses that
differ only in the other letters split it identically (`lookahead.kernels.scan.alike_guesses`), so
the scan, most of the search's time, needs one guess of each class. The baseline is the same
search scanning every guess, measured in the same run on the same words: each mode keeps one
solver (its memo shared by the words of the run, as in a real `--rank exact --all` run), and the
two alternate which goes first on each word, so a busy machine hurts both alike. The words are the
committed exact sample's (`results/exact-sample/`: every 400th of ranks 1,001-5,000 and every
800th of ranks 5,001-12,972 by the ordering score), unless --words names others.

    python benchmarks/bench_alike.py [--feature alike|counting] [--words winch,bezes] [--cache-mb 1024]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lookahead import SearchSetting, ranked_guesses  # noqa: E402
from lookahead.questions.exact_values import raise_to_exact  # noqa: E402
from lookahead.questions.first_guesses import split_bounds  # noqa: E402
from lookahead.solvers.single import Solver  # noqa: E402
from optimal.game import Game  # noqa: E402

SAMPLE = ("pales,uptie,tophe,loans,legit,farts,syrah,value,lycea,drink,roups,winch,heels,divos,"
          "dreys,hempy,lavas,bumfs,azury,bezes")
BANDS = [(1, 1000), (1001, 5000), (5001, 12972)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--feature", choices=["alike", "counting"], default="alike")
    parser.add_argument("--words", default=SAMPLE)
    parser.add_argument("--cache-mb", type=float, default=1024)
    args = parser.parse_args()
    game = Game.from_lists("original")
    rank = {g: i + 1 for i, (g, _) in enumerate(ranked_guesses(game, SearchSetting()))}
    words = [game.guess_id(w) for w in args.words.split(",")]
    # the split bound each way starts from (without the counting bound, the plain one)
    bounds = {True: split_bounds(game, words),
              False: split_bounds(game, words, counting=args.feature != "counting")}
    solvers = {True: Solver(game, cache_mb=args.cache_mb / 2), False: Solver(game, cache_mb=args.cache_mb / 2)}
    for on, solver in solvers.items():
        solver.ws = solver.ws._replace(**{args.feature: on})
        solver.solve(game.all_candidates()[:3], 3)  # load the kernels before any clock starts
    seconds = {True: {}, False: {}}
    print(f"{'word':<6} {'rank':>6} {'value':>6} {'with s':>8} {'without':>8} {'ratio':>6}  ({args.feature})")
    for i, g in enumerate(words):
        values = {}
        for on in ((True, False) if i % 2 == 0 else (False, True)):
            start = time.thread_time()
            values[on] = raise_to_exact(solvers[on], g, bounds[on][g], float("inf"))
            seconds[on][g] = time.thread_time() - start
        assert values[True] == values[False], (game.guesses.words[g], values)
        print(f"{game.guesses.words[g].upper():<6} {rank[g]:>6} {values[True][0]:>6} "
              f"{seconds[True][g]:>8.2f} {seconds[False][g]:>8.2f} "
              f"{seconds[True][g] / seconds[False][g]:>6.2f}", flush=True)
    print(f"\nrank band      words   with: words/CPU-h      without: words/CPU-h  ratio (with / without "
          f"{args.feature})")
    for lo, hi in BANDS + [(1, len(rank))]:
        band = [g for g in words if lo <= rank[g] <= hi]
        if band:
            a, e = (sum(seconds[m][g] for g in band) for m in (True, False))
            print(f"{lo:>5}-{hi:<6} {len(band):>6} {3600 * len(band) / a:>20,.0f} "
                  f"{3600 * len(band) / e:>25,.0f}  {a / e:>6.2f}")


if __name__ == "__main__":
    main()
