"""Ranking every first word on random answer subsets, normal vs hard mode, serial vs parallel.

    python benchmarks/bench_hardmode.py [--sizes 200,500] [--jobs 2] [--seed 1]

For each subset (a seeded random sample of the original 2,315 answers, with all 12,972 allowed
guesses) and each mode, it runs the whole first-word search (`--all`: every first word proven
worse than the best, the best proven) in this process (serial) and with --jobs workers, and prints
wall seconds, CPU seconds (of the search tasks, every worker's included, as the search reports
them) and the hard/normal ratio. The reference point of issue 12: a mature C++ solver takes about
29 s on one core for hard mode on a 500-answer subset; the serial hard-mode wall time is the figure
to compare with it. Each mode is run once before the timings, so no timing includes compiling.
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from pathlib import Path

from lookahead import SearchSetting, ranked_guesses, search_first_guesses
from optimal.game import Game
from optimal.words import load_words


def subset_file(size: int, seed: int, folder: Path) -> Path:
    words = load_words("answers-2315").words
    chosen = sorted(random.Random(seed * 100_003 + size).sample(words, size))
    path = folder / f"answers-{size}-seed{seed}.txt"
    path.write_text("\n".join(chosen) + "\n")
    return path


def rank_all(game: Game, jobs: int) -> tuple[float, float, str, int]:
    """(wall s, CPU s of the search tasks on every worker, best word, its total)."""
    setting = SearchSetting(jobs=jobs)
    words = [g for g, _ in ranked_guesses(game, setting)]
    wall = time.perf_counter()
    outcome = search_first_guesses(game, words, setting)
    return time.perf_counter() - wall, outcome.cpu_seconds, outcome.best.word, outcome.value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="200,500")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'answers':>7} {'mode':<6} {'workers':>7} {'wall s':>8} {'cpu s':>8}  best")
        sizes = [int(s) for s in args.sizes.split(",")]
        for size in sizes:
            path = subset_file(size, args.seed, Path(tmp))
            walls = {}
            for mode in ("normal", "hard"):
                game = Game.from_lists(None, str(path), "guesses-12972", mode=mode)
                game.matrix  # build it outside the timings
                if size == sizes[0]:  # compile (or load) this mode's kernels, untimed
                    rank_all(Game.from_lists(None, str(subset_file(50, args.seed, Path(tmp))),
                                             "guesses-12972", mode=mode), 1)
                for jobs in (1, args.jobs):
                    wall, cpu, word, value = rank_all(game, jobs)
                    walls[mode, jobs] = wall
                    print(f"{size:>7} {mode:<6} {jobs:>7} {wall:8.1f} {cpu:8.1f}  "
                          f"{word.upper()} {value}", flush=True)
            for jobs in sorted({1, args.jobs}):
                print(f"{size:>7} hard/normal with {jobs} worker(s): "
                      f"{walls['hard', jobs] / walls['normal', jobs]:.2f}")
            if size == 500:
                print(f"{size:>7} hard mode, 1 worker, against the C++ solver's 29 s on one core: "
                      f"{walls['hard', 1] / 29:.2f}x")


if __name__ == "__main__":
    main()
