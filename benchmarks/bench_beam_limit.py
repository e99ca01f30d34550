"""The limit-aware beam against the plain beam: the trees each finds and the CPU time it takes.

    python benchmarks/bench_beam_limit.py [--beam 20] [--words salet,crane] [--limits 5,6]
    python benchmarks/bench_beam_limit.py --hard --words salet,palet --limits 5,6   # hard mode
    python benchmarks/bench_beam_limit.py --big [--beam 60] [--limits 6]   # all 12,972 as answers

For each first word and guess limit, one beam search per variant: the plain beam (the first K
guesses by the ordering score everywhere), and the limit-aware beam with the test at nodes with at
most 3 and at most 4 guesses left (`Solver(beam_finish=...)`). It prints each variant's total (or
"none") and CPU seconds, and the CPU time as a ratio to the plain beam measured in the same run.
`--big` is the game where every allowed word is an answer (a 168 MB reply matrix; each solver holds
about 500 MB; expect minutes per run).
"""

from __future__ import annotations

import argparse
import time

from lookahead import INF
from lookahead.solvers.single import Solver
from optimal.game import Game

VARIANTS = (("plain", 0), ("aware<=3", 3), ("aware<=4", 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--beam", type=int, default=20)
    parser.add_argument("--words", default=None)
    parser.add_argument("--limits", default=None)
    parser.add_argument("--big", action="store_true")
    parser.add_argument("--hard", action="store_true")
    args = parser.parse_args()
    if args.big:
        base = Game.from_lists(None, "guesses-12972", "guesses-12972")
        words, limits = (args.words or "lants").split(","), args.limits or "6"
    else:
        base = Game.from_lists("original", mode="hard" if args.hard else "normal")
        words, limits = (args.words or "salet,crane").split(","), args.limits or "5,6"
    Solver(base, beam=2, cache_mb=1).solve(base.all_candidates()[:5], 3)  # load the kernels first
    print(f"{base.answers.name} / {base.guesses.name}, {base.mode} mode, beam {args.beam}")
    print("| word | limit | variant | total | CPU s | CPU vs plain |")
    print("|---|---:|---|---:|---:|---:|")
    for limit in map(int, limits.split(",")):
        game = base.with_limits(max_guesses=limit)
        for word in words:
            plain_cpu = None
            for name, finish in VARIANTS:
                solver = Solver(game, beam=args.beam, cache_mb=512, beam_finish=finish)
                start = time.process_time()
                total = solver.solve(game.all_candidates(), limit, first=game.guess_id(word))
                cpu = time.process_time() - start
                plain_cpu = plain_cpu if plain_cpu is not None else cpu
                shown = "none" if total >= INF else str(total)
                print(f"| {word.upper()} | {limit} | {name} | {shown} | {cpu:.1f} | "
                      f"{cpu / max(plain_cpu, 1e-9):.2f} |", flush=True)
                del solver


if __name__ == "__main__":
    main()
