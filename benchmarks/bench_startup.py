"""Start-up of the main command, measured as a whole process and in its parts.

    python benchmarks/bench_startup.py [--runs 7]

Prints, each the median of --runs fresh processes (warm caches: the kernels and the matrix are
compiled/built once before measuring):
- interpreter: `python -c pass`, the baseline every ratio is against;
- imports: `import optimal.search.command` (numpy, numba, joblib, the engine's face);
- game: the original lists and their reply matrix (from the disk cache);
- kernel load: the first call of the compiled search kernel (numba loads it from its cache);
- proof: SALET's exact total (7920) in that process, after the loads above;
- whole process: `python -m optimal.search --first salet --max-depth 6 --no-write --quiet`.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time

PARTS = r"""
import time
t0 = time.perf_counter()
import optimal.search.command  # noqa: F401
t1 = time.perf_counter()
from optimal.game import Game
game = Game.from_lists("original")
game.matrix
t2 = time.perf_counter()
import numpy as np
from lookahead.solvers.single import Solver
solver = Solver(game, cache_mb=1024)
solver.solve(np.arange(3, dtype=np.int32), 3)
t3 = time.perf_counter()
from lookahead import SearchSetting, solve_guess
result = solve_guess(game, game.guess_id("salet"), SearchSetting(jobs=1))
assert result.value == 7920, result.value
t4 = time.perf_counter()
print(t1 - t0, t2 - t1, t3 - t2, t4 - t3)
"""

COMMAND = [sys.executable, "-m", "optimal.search", "--first", "salet", "--max-depth", "6",
           "--no-write", "--quiet"]


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, capture_output=True)
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    subprocess.run(COMMAND, check=True, capture_output=True)  # compile/build once
    interpreter = statistics.median(wall([sys.executable, "-c", "pass"]) for _ in range(args.runs))
    parts = []
    for _ in range(args.runs):
        out = subprocess.run([sys.executable, "-c", PARTS], check=True, capture_output=True,
                             text=True).stdout
        parts.append([float(x) for x in out.split()])
    imports, game, kernels, proof = (statistics.median(p[i] for p in parts) for i in range(4))
    whole = statistics.median(wall(COMMAND) for _ in range(args.runs))
    print(f"start-up of the SALET proof, median of {args.runs} fresh processes (warm caches)")
    for label, seconds in [("interpreter (python -c pass)", interpreter), ("imports", imports),
                           ("game and matrix (disk cache)", game), ("kernel load", kernels),
                           ("proof (SALET 7920)", proof), ("whole process", whole)]:
        print(f"  {label:<30} {seconds:6.3f} s   {seconds / interpreter:6.1f} x interpreter")


if __name__ == "__main__":
    main()
