"""Proof certificates for the headline claims: how big they are, what writing one costs the search,
and how long checking one takes, each as a ratio against the plain search measured in the same run.

For each claim the search command runs without and with `--certificate` (alternately, `--repeat`
times; medians), then `python -m optimal.check` checks the certificate (with the tree when there
is one). Times are wall clock and CPU (user + system of the child process, so the machine's other
load counts less); every process starts cold (imports, compiled kernels from the cache, matrix).

    python benchmarks/bench_certificates.py [--repeat 3] [--all] [--within4] [--keep DIR] [--only NAME]

--all adds every first word (normal mode, SALET the unique best; several minutes, 2 workers);
--within4 adds "no first word finds every answer within 4" (long: over an hour of checking);
--keep DIR keeps the certificates there (results/ commits the small ones); --only NAME measures
one claim. The compiled kernels should be in the cache before (run any search once): a first run
that compiles them would count the compilation against the plain search.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CLAIMS = [  # (name, search arguments, tree the certificate should prove optimal)
    ("salet-normal", ["--first", "salet"], "answers-2315-guesses-12972-normal-d6/salet.json"),
    ("salet-hard", ["--first", "salet", "--hard"], "answers-2315-guesses-12972-hard-d6/salet.json"),
    ("palet-hard-d5", ["--first", "palet", "--hard", "--max-depth", "5"],
     "answers-2315-guesses-12972-hard-d5/palet.json"),
    ("palet-ultra-d5", ["--first", "palet", "--ultra", "--max-depth", "5"],
     "answers-2315-guesses-12972-ultra-d5/palet.json"),  # a state at nearly every node
    ("salet-hard-not-within-5", ["--objective", "worst", "--max-depth", "5", "--first", "salet",
                                 "--hard"], None),
    # the all-first-words search in small: the 60 most promising words, one process (so its CPU
    # time is measured exactly); SALET the unique best of them
    ("top-60-normal", ["--top", "60"], "answers-2315-guesses-12972-normal-d6/salet.json"),
]
ALL = ("all-first-words", ["--all", "--jobs", "2"], "answers-2315-guesses-12972-normal-d6/salet.json")
WITHIN4 = ("none-within-4", ["--objective", "worst", "--max-depth", "4", "--all", "--jobs", "2"], None)
ROOT = Path(__file__).resolve().parent.parent


def run(args: list[str]) -> tuple[float, float, subprocess.CompletedProcess]:
    """(wall seconds, CPU seconds of the child and its waited-for children, the process)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", *args], capture_output=True, text=True, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime), done


def measure(name: str, search: list[str], tree: str | None, folder: Path, repeat: int) -> dict:
    cert = folder / f"{name}.cert.gz"
    base = ["optimal.search", *search, "--quiet", "--no-write"]
    plain, certified = [], []
    for _ in range(repeat):
        plain.append(run(base + ["--jobs", "1"] if "--jobs" not in search else base)[:2])
        wall, cpu, done = run(base + (["--jobs", "1"] if "--jobs" not in search else [])
                              + ["--certificate", str(cert)])
        if done.returncode not in (0, 1):
            raise SystemExit(done.stderr)
        certified.append((wall, cpu))
    check_args = ["optimal.check", str(cert)] + ([str(ROOT / "results" / tree)] if tree else [])
    check_wall, check_cpu, checked = run(check_args)
    median = lambda rows, i: statistics.median(r[i] for r in rows)  # noqa: E731
    return {"name": name, "bytes": cert.stat().st_size, "verdict": checked.returncode,
            "lines": checked.stdout.strip().splitlines()[:3] or checked.stderr.strip().splitlines(),
            "plain": (median(plain, 0), median(plain, 1)),
            "certified": (median(certified, 0), median(certified, 1)),
            "check": (check_wall, check_cpu)}


def report(r: dict) -> None:
    (pw, pc), (cw, cc), (kw, kc) = r["plain"], r["certified"], r["check"]
    print(f"{r['name']}: certificate {r['bytes'] / 2**20:.2f} MiB; check exit {r['verdict']}")
    print(f"  search {pw:7.1f} s wall {pc:7.1f} s CPU | with certificate {cw:7.1f} s wall {cc:7.1f} s "
          f"CPU: {100 * (cw / pw - 1):+.0f}% wall, {100 * (cc / pc - 1):+.0f}% CPU")
    print(f"  check  {kw:7.1f} s wall {kc:7.1f} s CPU | check / search with certificate: "
          f"{kw / cw:.1f}x wall, {kc / cc:.1f}x CPU")
    for line in r["lines"]:
        print("    " + line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--all", action="store_true", help="also every first word (several minutes)")
    parser.add_argument("--within4", action="store_true", help="also none within 4 (hours)")
    parser.add_argument("--keep", metavar="DIR", help="keep the certificates in DIR")
    parser.add_argument("--only", metavar="NAME", help="measure this claim only")
    args = parser.parse_args()
    claims = CLAIMS + ([ALL] if args.all else []) + ([WITHIN4] if args.within4 else [])
    claims = [c for c in claims if args.only in (None, c[0])]
    print(f"{os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} at the start; medians of "
          f"{args.repeat} runs (the long ones: 1)")
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(args.keep or scratch)
        folder.mkdir(parents=True, exist_ok=True)
        rows = []
        for name, search, tree in claims:
            long = name in (ALL[0], WITHIN4[0])
            rows.append(measure(name, search, tree, folder, 1 if long else args.repeat))
            report(rows[-1])
    print("\nclaim | certificate | writing it: search CPU | checking it: CPU / search's CPU")
    for r in rows:
        overhead = 100 * (r["certified"][1] / r["plain"][1] - 1)
        print(f"{r['name']} | {r['bytes'] / 2**20:.2f} MiB | {overhead:+.0f}% "
              f"| {r['check'][1] / r['certified'][1]:.1f}x")


if __name__ == "__main__":
    main()
