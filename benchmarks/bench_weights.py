"""Weighted answers: what weights cost the search, and that the unweighted search did not pay for
them.

Two comparisons, each measured in this run: CPU time of the proof, the least of --repeat proofs in a process (each
with a fresh solver), over --processes processes alternating between the two sides. CPU time and
the least of several, since on a shared machine wall times and medians mostly measure the other
processes:

1. the unweighted SALET proofs (normal 7920, hard 8122) with this tree's code against the same
   proofs with another revision's code (default `main`, exported with `git archive` into a
   temporary folder and put first on PYTHONPATH): the weighted search's flag must leave the
   unweighted path as fast as it was;
2. the same first word proven under the `freq` weights against the unweighted proof, with this
   tree's code: the price of the weights (the bounds are weaker once a set's bound is no longer a
   function of its size).

Usage: python benchmarks/bench_weights.py [--repeat 4] [--processes 3] [--baseline main]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROOF = r"""
import json, sys, time
import optimal
from optimal.game import Game
from lookahead.solvers.single import Solver
word, mode, weights, repeat = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
game = Game.from_lists("original", mode=mode, max_guesses=6)
if weights != "none":
    from optimal.weights import load_weights
    game = game.with_weights(load_weights(weights, game.answers))
_ = game.matrix
cpu = []
for _ in range(repeat):  # a fresh solver (empty memo) each time
    solver = Solver(game, cache_mb=1024)
    solver.solve(game.all_candidates()[:3], 2)  # load the compiled kernels before timing
    before = solver.counters()
    start = time.process_time()
    value, exact = solver.evaluate(game.all_candidates(), game.guess_id(word), 6)
    cpu.append(time.process_time() - start)
c = solver.counters_since(before)
print(json.dumps({"value": value, "exact": exact, "cpu": cpu, "nodes": c["nodes"],
                  "source": optimal.__file__}))
"""


def proof(word: str, mode: str, weights: str, source: Path, repeat: int) -> dict:
    env = {**os.environ, "PYTHONPATH": str(source)}
    out = subprocess.run([sys.executable, "-c", PROOF, word, mode, weights, str(repeat)],
                         capture_output=True,
                         text=True, env=env, cwd=source)
    if out.returncode:
        raise SystemExit(out.stderr)
    result = json.loads(out.stdout.strip().splitlines()[-1])
    if not result["source"].startswith(str(source)):
        raise SystemExit(f"ran {result['source']}, not the code under {source}")
    return result


def fastest(runs: list[dict]) -> float:
    return min(min(r["cpu"]) for r in runs)


def export(revision: str, folder: Path) -> Path:
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", revision], capture_output=True,
                             check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=4, help="proofs per process")
    parser.add_argument("--processes", type=int, default=3, help="processes per side")
    parser.add_argument("--baseline", default="main", help="git revision to compare with")
    args = parser.parse_args()
    print(f"one worker, memo 1024 MiB; least CPU time of {args.repeat} proofs x {args.processes} "
          "processes per side")
    with tempfile.TemporaryDirectory() as tmp:
        base = export(args.baseline, Path(tmp))
        print(f"1. unweighted proofs, this tree vs {args.baseline} (ratio < 1: this tree faster)")
        for mode, published in (("normal", 7920), ("hard", 8122)):
            here, there = [], []
            for _ in range(args.processes):  # alternate, so the machine's load hits both alike
                there.append(proof("salet", mode, "none", base, args.repeat))
                here.append(proof("salet", mode, "none", ROOT, args.repeat))
            t_here, t_there = fastest(here), fastest(there)
            same = here[0]["value"] == there[0]["value"] == published
            print(f"  SALET {mode:6s}: {t_here:.3f} s vs {t_there:.3f} s = {t_here / t_there:.3f}x; "
                  f"total {here[0]['value']} ({'both match' if same else 'DIFFER'} {published}); "
                  f"nodes {here[0]['nodes']:,} vs {there[0]['nodes']:,}")
    print("2. weighted (--weights freq) vs unweighted proofs, this tree")
    for mode in ("normal", "hard"):
        plain, freq = [], []
        for _ in range(args.processes):
            plain.append(proof("salet", mode, "none", ROOT, args.repeat))
            freq.append(proof("salet", mode, "freq", ROOT, args.repeat))
        t_plain, t_freq = fastest(plain), fastest(freq)
        print(f"  SALET {mode:6s}: weighted {t_freq:.3f} s (value {freq[0]['value']:,}, nodes "
              f"{freq[0]['nodes']:,}) vs unweighted {t_plain:.3f} s (value {plain[0]['value']:,}, "
              f"nodes {plain[0]['nodes']:,}) = {t_freq / t_plain:.2f}x")


if __name__ == "__main__":
    main()
