"""The scan's three ways of counting a node's splits, on random sets of the original answers with
all 12,972 guesses: milliseconds per scan and the speed-up over one histogram per guess (the
baseline, measured in the same run). It sets the thresholds in lookahead.kernels.scan (PAIRWISE_MAX*).

    python benchmarks/bench_scan.py [--sizes 32,48,64,100,200,500,1000,2315]
"""

from __future__ import annotations

import argparse

import numpy as np
from timing import timed

from lookahead.kernels.scan import BLOCK, count_blocked, count_histogram, count_pairwise
from optimal.game import Game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="32,48,64,100,200,500,1000,2315")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    game = Game.from_lists(None, "answers-2315", "guesses-12972")
    replies_by_answer = np.ascontiguousarray(game.matrix.T)
    answers, ng = replies_by_answer.shape
    rng = np.random.default_rng(args.seed)
    dup, eq = np.zeros(ng, np.uint16), np.zeros(ng, np.uint32)
    eq16, flag = np.zeros(ng, np.uint16), np.zeros(ng, np.uint8)
    cnt, touched = np.zeros(243, np.int64), np.zeros(243, np.int64)
    table = np.zeros((243, BLOCK), np.uint16)
    sums = np.zeros((2, BLOCK), np.int64)
    print(f"{'answers':>7} {'histogram ms':>13} {'blocked ms':>11} {'pairwise ms':>12} "
          f"{'blocked x':>10} {'pairwise x':>11}")
    for n in (int(s) for s in args.sizes.split(",")):
        B = np.ascontiguousarray(replies_by_answer[np.sort(rng.choice(answers, n, replace=False))])
        repeat = max(5, 20_000 // n)
        ways = {"histogram": lambda: count_histogram(B, n, ng, dup, eq, cnt, touched),
                "blocked": lambda: count_blocked(B, n, ng, dup, eq, table, sums)}
        if n <= 64:  # eq16 cannot hold the pairs of larger sets
            ways["pairwise"] = lambda: count_pairwise(B, n, ng, dup, eq16, flag)
        ms = {}
        for name, way in ways.items():
            way()  # compile, warm the caches
            ms[name] = timed(way, repeat)[0] * 1e3
        pairwise = f"{ms['pairwise']:12.3f}" if "pairwise" in ms else f"{'-':>12}"
        ratio = f"{ms['histogram'] / ms['pairwise']:11.2f}" if "pairwise" in ms else f"{'-':>11}"
        print(f"{n:>7} {ms['histogram']:13.3f} {ms['blocked']:11.3f} {pairwise} "
              f"{ms['histogram'] / ms['blocked']:10.2f} {ratio}", flush=True)


if __name__ == "__main__":
    main()
