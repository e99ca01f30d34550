"""Ranking every first word on random answer subsets, normal vs hard mode, serial vs parallel.

    python benchmarks/bench_hardmode.py [--sizes 200,500] [--jobs 2] [--seed 1]

For each subset (a seeded random sample of the original 2,315 answers, with all 12,972 allowed
guesses) and each mode, it runs the whole first-word search (`--all`: every first word proven
worse than the best, the best proven) in this process (serial) and with --jobs workers, and prints
wall and CPU seconds (CPU: this process plus its workers) and the hard/normal ratio. The reference
point of issue 12: a mature C++ solver takes about 29 s on one core for hard mode on a 500-answer
subset.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
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


def cpu_seconds() -> float:
    me = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + children.ru_utime + children.ru_stime


def rank_all(game: Game, jobs: int) -> tuple[float, float, str, int]:
    setting = SearchSetting(jobs=jobs)
    words = [g for g, _ in ranked_guesses(game, setting)]
    wall, cpu = time.perf_counter(), cpu_seconds()
    outcome = search_first_guesses(game, words, setting)
    return time.perf_counter() - wall, cpu_seconds() - cpu, outcome.best.word, outcome.value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="200,500")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        print(f"{'answers':>7} {'mode':<6} {'workers':>7} {'wall s':>8} {'cpu s':>8}  best")
        for size in (int(s) for s in args.sizes.split(",")):
            path = subset_file(size, args.seed, Path(tmp))
            walls = {}
            for mode in ("normal", "hard"):
                game = Game.from_lists(None, str(path), "guesses-12972", mode=mode)
                game.matrix  # build it outside the timings
                for jobs in (1, args.jobs):
                    wall, cpu, word, value = rank_all(game, jobs)
                    walls[mode, jobs] = wall
                    print(f"{size:>7} {mode:<6} {jobs:>7} {wall:8.1f} {cpu:8.1f}  "
                          f"{word.upper()} {value}", flush=True)
            for jobs in sorted({1, args.jobs}):
                print(f"{size:>7} hard/normal with {jobs} worker(s): "
                      f"{walls['hard', jobs] / walls['normal', jobs]:.2f}")


if __name__ == "__main__":
    main()
