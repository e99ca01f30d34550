"""Weighted answers: what weights cost the search, and that the unweighted search did not pay for
them.

Two comparisons, each measured in this run, each proof in a fresh process (median of --repeat):

1. the unweighted SALET proofs (normal 7920, hard 8122) with this tree's code against the same
   proofs with another revision's code (default `main`, exported with `git archive` into a
   temporary folder and put first on PYTHONPATH): the weighted search's flag must leave the
   unweighted path as fast as it was;
2. the same first word proven under the `freq` weights against the unweighted proof, with this
   tree's code: the price of the weights (the bounds are weaker once a set's bound is no longer a
   function of its size).

Usage: python benchmarks/bench_weights.py [--repeat 3] [--baseline main]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROOF = r"""
import json, sys, time
import optimal
from optimal.game import Game
from lookahead.solver import Solver
word, mode, weights = sys.argv[1], sys.argv[2], sys.argv[3]
game = Game.from_lists("original", mode=mode, max_guesses=6)
if weights != "none":
    from optimal.weights import load_weights
    game = game.with_weights(load_weights(weights, game.answers))
_ = game.matrix
solver = Solver(game, cache_mb=1024)
solver.solve(game.all_candidates()[:3], 2)  # load the compiled kernels before timing
before = solver.counters()
start = time.perf_counter()
value, exact = solver.evaluate(game.all_candidates(), game.guess_id(word), 6)
seconds = time.perf_counter() - start
c = solver.counters_since(before)
print(json.dumps({"value": value, "exact": exact, "seconds": seconds, "nodes": c["nodes"],
                  "source": optimal.__file__}))
"""


def proof(word: str, mode: str, weights: str, source: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(source)}
    out = subprocess.run([sys.executable, "-c", PROOF, word, mode, weights], capture_output=True,
                         text=True, env=env, cwd=source)
    if out.returncode:
        raise SystemExit(out.stderr)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not result["source"].startswith(str(source)):
        raise SystemExit(f"ran {result['source']}, not the code under {source}")
    return result


def median(word: str, mode: str, weights: str, source: Path, repeat: int) -> tuple[float, dict]:
    runs = [proof(word, mode, weights, source) for _ in range(repeat)]
    return statistics.median(r["seconds"] for r in runs), runs[0]


def export(revision: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--baseline", default="main", help="git revision to compare with")
    args = parser.parse_args()
    print(f"one worker, memo 1024 MiB; median of {args.repeat} runs, each in a fresh process")
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.baseline, Path(tmp))
        print(f"1. unweighted proofs, this tree vs {args.baseline} (ratio < 1: this tree faster)")
        for mode, published in (("normal", 7920), ("hard", 8122)):
            # alternate the two, so a change in the machine's load hits both alike
            here, there = [], []
            for _ in range(args.repeat):
                there.append(proof("salet", mode, "none", base))
                here.append(proof("salet", mode, "none", ROOT))
            t_here = statistics.median(r["seconds"] for r in here)
            t_there = statistics.median(r["seconds"] for r in there)
            same = here[0]["value"] == there[0]["value"] == published
            print(f"  SALET {mode:6s}: {t_here:6.2f} s vs {t_there:6.2f} s = {t_here / t_there:.2f}x;"
                  f" total {here[0]['value']} ({'both match' if same else 'DIFFER'} {published}); "
                  f"nodes {here[0]['nodes']:,} vs {there[0]['nodes']:,}")
    print("2. weighted (--weights freq) vs unweighted proofs, this tree")
    for mode in ("normal", "hard"):
        t_plain, plain = median("salet", mode, "none", ROOT, args.repeat)
        t_freq, freq = median("salet", mode, "freq", ROOT, args.repeat)
        print(f"  SALET {mode:6s}: weighted {t_freq:6.2f} s (value {freq['value']:,}, nodes "
              f"{freq['nodes']:,}) vs unweighted {t_plain:6.2f} s (value {plain['value']:,}, nodes "
              f"{plain['nodes']:,}) = {t_freq / t_plain:.1f}x")


if __name__ == "__main__":
    main()
