"""Adversaries and worst-case proofs, each timed in its own process:

1. the proof that no first word finds every answer within 4 guesses (normal mode, original lists,
   all 12,972 first words): `python -m optimal.search --objective worst --max-depth 4 --all`;
   `--sample N` times N first words spread over the ranking instead and scales up (labelled so);
2. the proof that no Absurdle win exists within 3 guesses (and the search for a 4-guess win);
3. `python -m optimal.compare` in normal mode (greedy, beam and optimal trees side by side).

Usage: python benchmarks/bench_adversaries.py [--sample N] [--skip-all]
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def timed(args: list[str], cwd: str | None = None) -> tuple[float, subprocess.CompletedProcess]:
    start = time.perf_counter()
    run = subprocess.run([sys.executable, *args], capture_output=True, text=True, cwd=cwd)
    return time.perf_counter() - start, run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sample", type=int, default=0,
                        help="time this many first words (evenly spread) instead of all 12,972")
    parser.add_argument("--skip-all", action="store_true", help="skip the all-first-words proof")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        if not args.skip_all:
            if args.sample:
                from optimal.game import Game
                from lookahead import SearchSetting, ranked_guesses

                game = Game.from_lists("original", max_guesses=4)
                ranked = [game.guesses.words[g] for g, _ in ranked_guesses(game, SearchSetting())]
                step = max(1, len(ranked) // args.sample)
                words = ranked[::step][:args.sample]
                seconds, run = timed(["-m", "optimal.search", "--objective", "worst", "--max-depth",
                                      "4", "--first", ",".join(words), "--out", out, "--quiet"])
                scale = len(ranked) / len(words)
                print(f"no first word within 4 guesses, sample of {len(words)} of {len(ranked):,} "
                      f"(every {step}th by rank): {seconds:.1f} s; scaled to all: about "
                      f"{seconds * scale / 60:.0f} min (an estimate, not a measurement)")
            else:
                seconds, run = timed(["-m", "optimal.search", "--objective", "worst", "--max-depth",
                                      "4", "--all", "--out", out, "--quiet"])
                summary = json.loads(next(Path(out).glob("*-worst/summary.json")).read_text())
                print(f"no first word finds every answer within 4 guesses: proven for all "
                      f"{len(summary['results']):,} first words in {seconds / 60:.1f} min "
                      f"(2 workers; exit {run.returncode})")
        seconds, run = timed(["-m", "optimal.absurdle", "--most", "4"])
        lines = [l for l in run.stdout.splitlines() if l.strip()]
        print(f"Absurdle, no win within 3 guesses proven and a 4-guess win found: {seconds:.1f} s "
              f"(process start and kernel loading included)")
        for line in lines:
            print(f"  {line.strip()}")
        seconds, run = timed(["-m", "optimal.compare", "--out", out, "--no-write"])
        rows = [l for l in run.stdout.splitlines() if l.startswith("| ")]
        print(f"python -m optimal.compare (normal mode, {len(rows) - 1} trees): {seconds:.1f} s")


if __name__ == "__main__":
    main()
