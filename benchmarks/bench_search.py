"""Search benchmarks: the normal-mode SALET proof, the hard-mode SALET proof, the PALET hard-mode
proof within 5 guesses, and a beam run (--top 20 --beam 20), each in its own process so its peak
memory is its own. Prints wall time, nodes searched, memo hits and peak resident memory.

The baseline for the compiled kernel (numba) is the same scan of every guess at a node run as plain
Python (NUMBA_DISABLE_JIT=1), on the same node sets, in the same run.
Usage: python benchmarks/bench_search.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

PROOF = r"""
import json, resource, sys, time
from optimal.game import Game
from lookahead.solvers.single import Solver
word, mode, depth, beam = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
game = Game.from_lists("original", mode=mode, max_guesses=depth)
_ = game.matrix
solver = Solver(game, beam=beam, cache_mb=1024)
solver.solve(game.all_candidates()[:3], 2)  # load the compiled kernels before timing
before = solver.counters()
start = time.perf_counter()
value, exact = solver.evaluate(game.all_candidates(), game.guess_id(word), depth)
seconds = time.perf_counter() - start
c = solver.counters_since(before)
print(json.dumps({"value": value, "exact": exact, "seconds": seconds, "nodes": c["nodes"],
                  "full_scans": c["full_scans"], "memo_hits": c["memo_hits"],
                  "memo_entries": c["memo_entries"],
                  "peak_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""

SCAN = r"""
import json, sys, time
import numpy as np
from optimal.game import Game
from lookahead.solvers.single import Solver
from lookahead.kernels.scan import rank_guesses
game = Game.from_lists("original")
solver = Solver(game, cache_mb=16)
rng = np.random.default_rng(1)
sets = [np.sort(rng.choice(2315, n, replace=False)).astype(np.int32) for n in (8, 16, 24, 32, 48, 64, 100)]
rank_guesses(solver.ws, sets[0], 5, 0, 1 << 28)  # compile / load
start = time.perf_counter()
for S in sets:
    rank_guesses(solver.ws, S, 5, 0, 1 << 28)
print(json.dumps({"seconds": time.perf_counter() - start}))
"""


def run(code: str, *args: str, env: dict | None = None) -> dict:
    out = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                         env={**os.environ, **(env or {})})
    if out.returncode:
        raise SystemExit(out.stderr)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--all", action="store_true",
                        help="also time the proof over all 12,972 first words (several minutes)")
    args = parser.parse_args()
    jobs = [("normal-mode SALET proof", "salet", "normal", 6, 0, 7920, 20),
            ("hard-mode SALET proof", "salet", "hard", 6, 0, 8122, 40),
            ("hard-mode PALET proof, 5 guesses", "palet", "hard", 5, 0, 8206, None),
            ("beam 20, SALET", "salet", "normal", 6, 20, 7920, None)]
    print(f"one worker, memo 1024 MiB; median of {args.repeat} runs, each in a fresh process")
    for label, word, mode, depth, beam, published, bar in jobs:
        runs = [run(PROOF, word, mode, str(depth), str(beam)) for _ in range(args.repeat)]
        r = runs[0]
        seconds = statistics.median(x["seconds"] for x in runs)
        peak = max(x["peak_mib"] for x in runs)
        ok = "matches" if r["value"] == published else f"DIFFERS from {published}"
        print(f"  {label:34s} total {r['value']} ({ok}); {seconds:6.2f} s"
              + (f" (bar {bar} s)" if bar else "") + f"; nodes {r['nodes']:,}, full scans "
              f"{r['full_scans']:,}, memo hits {r['memo_hits']:,}, entries {r['memo_entries']:,}; "
              f"peak memory {peak:,.0f} MiB")
    compiled = run(SCAN)["seconds"]
    interpreted = run(SCAN, env={"NUMBA_DISABLE_JIT": "1"})["seconds"]
    print(f"  scan of every guess at 7 nodes (8..100 answers): compiled {compiled * 1e3:.1f} ms, "
          f"plain Python {interpreted:.1f} s: numba pays {interpreted / compiled:,.0f}x")
    print("beam run over the top 20 first words (python -m optimal.search --top 20 --beam 20):")
    import time

    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "optimal.search", "--top", "20", "--beam", "20",
                          "--no-write", "--quiet"], capture_output=True, text=True)
    line = next((l for l in out.stdout.splitlines() if "total <=" in l), out.stderr.strip())
    print(f"  {time.perf_counter() - start:.1f} s wall (with 2 workers, start-up included): {line}")
    if args.all:
        import tempfile

        with tempfile.TemporaryDirectory() as folder:
            start = time.perf_counter()
            out = subprocess.run([sys.executable, "-m", "optimal.search", "--all", "--out", folder,
                                  "--quiet"], capture_output=True, text=True)
            line = next((l for l in out.stdout.splitlines() if l.startswith("SALET")), out.stderr)
            print(f"every first word (python -m optimal.search --all, 2 workers, from scratch): "
                  f"{(time.perf_counter() - start) / 60:.1f} min wall\n  {line.strip()}")


if __name__ == "__main__":
    main()
