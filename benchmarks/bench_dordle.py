"""Dordle against Wordle on the same answers: how much harder the exact search over pairs is.

    python benchmarks/bench_dordle.py [--sizes 50,100,150,200] [--seed 1] [--beam 1]
                                      [--max-guesses 7] [--answers-as-guesses]

For each size, a seeded sample of the original answers (`optimal.words.sample_words`, as
`--sample N --seed S` draws it) with all 12,972 allowed guesses and 7 guesses, each in a fresh
solver (the kernels compiled beforehand):

- the baseline: the Wordle optimum over every first word on those answers (one board);
- the Dordle optimum over every first word (exact, both boards), and its ratio to the baseline;
- a Dordle beam (--beam guesses per node) twice: plain (the old beam, `beam_finish=0`) and
  limit-aware (the default, `PAIR_BEAM_FINISH`): each one's CPU against the exact search and how
  far its total is above the optimum ("none" when it finds no tree within the limit), and the
  limit-aware beam's CPU against the plain one's.

`--max-guesses 4 --answers-as-guesses` is where a plain beam fails near the limit (seeds 3-5 of
40 answers, for example) and the limit-aware one does not.

CPU seconds (this process), since the machine may be shared; wall seconds beside them.
"""

from __future__ import annotations

import argparse
import time

from lookahead import INF, PAIR_BEAM_FINISH, DordleSolver
from lookahead.solvers.single import Solver
from optimal.game import Game
from optimal.words import load_words, sample_words


def measure(fn) -> tuple[float, float, int]:
    """(CPU seconds, wall seconds, result) of one call."""
    cpu, wall = time.process_time(), time.perf_counter()
    result = fn()
    return time.process_time() - cpu, time.perf_counter() - wall, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="50,100,150,200")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--beam", type=int, default=1)
    parser.add_argument("--max-guesses", type=int, default=7)
    parser.add_argument("--answers-as-guesses", action="store_true",
                        help="the sampled answers are the only guesses (a tighter game)")
    args = parser.parse_args()
    limit = args.max_guesses
    answers, guesses = load_words("answers-2315"), load_words("guesses-12972")
    warm = Game(sample_words(answers, 20, 99), guesses, max_guesses=7)
    everything = warm.all_candidates()
    DordleSolver(warm, cache_mb=2048).solve(everything, everything, 7)  # compile or load kernels
    Solver(warm, cache_mb=64).solve(everything, 7)
    print(f"{'answers':>7} {'games':>8} | {'Wordle cpu s':>12} {'Dordle cpu s':>12} {'ratio':>7} "
          f"{'wall s':>7} | {'plain cpu s':>11} {'above':>7} | {'aware cpu s':>11} {'above':>7} "
          f"{'aware/plain':>11} | optimum")
    for size in (int(s) for s in args.sizes.split(",")):
        sample = sample_words(answers, size, args.seed)
        game = Game(sample, sample if args.answers_as_guesses else guesses, max_guesses=limit)
        game.matrix  # built outside the timings
        S = game.all_candidates()
        wordle_cpu, _, _ = measure(lambda: Solver(game, cache_mb=1024).solve(S, limit))
        dordle_cpu, dordle_wall, optimum = measure(
            lambda: DordleSolver(game, cache_mb=2048).solve(S, S, limit))
        beams = [measure(lambda f=f: DordleSolver(game, beam=args.beam, cache_mb=1024,
                                                  beam_finish=f).solve(S, S, limit))
                 for f in (0, PAIR_BEAM_FINISH)]
        games = size * (size - 1)

        def above(total: int) -> str:
            return "none" if total >= INF else f"{100 * (total / optimum - 1):6.2f}%"

        (plain_cpu, _, plain), (aware_cpu, _, aware) = beams
        print(f"{size:>7} {games:>8,} | {wordle_cpu:12.2f} {dordle_cpu:12.2f} "
              f"{dordle_cpu / max(wordle_cpu, 1e-9):7.0f} {dordle_wall:7.1f} | {plain_cpu:11.2f} "
              f"{above(plain):>7} | {aware_cpu:11.2f} {above(aware):>7} "
              f"{aware_cpu / max(plain_cpu, 1e-9):11.2f} | {optimum:,} (mean {optimum / games:.4f})",
              flush=True)


if __name__ == "__main__":
    main()
