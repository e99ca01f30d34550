"""The single-board floor of Dordle first words (`lookahead.questions.dordle_floor`) against the
split bound the search starts from, on the full lists: how much it raises each word's bound and
what it costs, to project the CPU of a lower bound over every first word.

    python benchmarks/bench_dordle_floor.py [--words 10] [--spread 8]

The --words best words by the split bound (where the bound over every first word is decided), then
--spread words evenly spaced through the rest of the ranking (weaker words, larger parts, dearer
single-board optima). Per word: the split bound, the floor, the rise, the CPU seconds of its
single-board searches (one solver, its memo shared, as a run over every word would have it).
The baseline is the split bound, measured in the same run.
"""

from __future__ import annotations

import argparse
import time

from lookahead import DordleSolver
from lookahead.questions.dordle_floor import first_word_floor
from lookahead.solvers.single import Solver
from optimal.game import Game
from optimal.words import load_words


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", type=int, default=10)
    parser.add_argument("--spread", type=int, default=8)
    args = parser.parse_args()
    game = Game(load_words("answers-2315"), load_words("guesses-12972"), max_guesses=7)
    everything = game.all_candidates()
    pair = DordleSolver(game, cache_mb=256)
    cpu = time.process_time()
    ranked = sorted(pair.ranked_guesses(everything, everything, 7), key=lambda t: t[1])
    split_cpu = time.process_time() - cpu
    rest = ranked[args.words:]
    step = max(1, len(rest) // max(args.spread, 1))
    chosen = ranked[:args.words] + rest[step - 1::step][:args.spread]
    single = Solver(game, cache_mb=2048)
    first_word_floor(game, chosen[0][0], single)  # load the kernels outside the timings
    single = Solver(game, cache_mb=2048)
    print(f"split bounds of all {len(ranked):,} useful first words: {split_cpu:.1f} CPU s")
    print(f"{'rank':>6} {'word':>6} {'split bound':>12} {'floor':>12} {'rise':>7} {'cpu s':>7}")
    spent = 0.0
    for g, split in chosen:
        cpu = time.process_time()
        floor = first_word_floor(game, g, single)
        seconds = time.process_time() - cpu
        spent += seconds
        rank = ranked.index((g, split)) + 1
        print(f"{rank:>6} {game.guesses.words[g]:>6} {split:>12,} {floor:>12,} "
              f"{100 * (floor / split - 1):6.2f}% {seconds:7.2f}", flush=True)
    print(f"{spent / len(chosen):.2f} CPU s per word on average over these {len(chosen)}")


if __name__ == "__main__":
    main()
