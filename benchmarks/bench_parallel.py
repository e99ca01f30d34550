"""Serial vs parallel: the same `python -m optimal.search` run with --jobs 1 and --jobs 2, for a
small, a medium and a large job, each in a fresh process (start-up included, as a user sees it).

Why: workers cost about two seconds to start (each imports numba, loads the kernels and the
matrix), so the search starts every job serially and moves the rest to workers only when the
measured rate says they pay (`lookahead/parallel/schedule.py`). This prints, per job, the wall time of each
and the ratio parallel / serial (below 1: the workers paid; about 1: the run stayed serial, as it
should when the work is small). The baseline is the serial run, measured in the same run; the
figure is the median of --repeat runs, alternating the two so a busy machine hurts both alike.

Both runs give each process the same memo (--cache-mb is the run's total, split between this
process and each worker: 1024 MB for --jobs 2 is 341 MB each, so --jobs 1 gets 341 MB), since a
larger memo alone changes the time (its table is touched page by page), which would be mistaken for
the workers' effect.

Usage: python benchmarks/bench_parallel.py [--repeat 3] [--large]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.conftest import SMALL_ANSWERS  # noqa: E402  (the test suite's real answer words)


def lists(folder: Path) -> dict[str, list[str]]:
    """The jobs: a name and the search arguments (answer lists are slices of real answers)."""
    for n in (150, 400):
        (folder / f"a{n}.txt").write_text("\n".join(sorted(SMALL_ANSWERS[:n])) + "\n")
    return {
        "small: --all, 150 answers as guesses (~150 words)":
            ["--answers", str(folder / "a150.txt"), "--all"],
        "medium: --all, 150 answers, 12,972 guesses, hard mode":
            ["--answers", str(folder / "a150.txt"), "--guesses", "guesses-12972", "--hard", "--all"],
        "large: --all, 400 answers, 12,972 guesses":
            ["--answers", str(folder / "a400.txt"), "--guesses", "guesses-12972", "--all"],
        "original lists: --top 300":
            ["--top", "300"],
    }


MEMO_MB = 1024 / 3  # each process's memo in both runs


def wall(args: list[str], jobs: int) -> tuple[float, str]:
    """Wall time of one run and its headline (the best word's line)."""
    total = MEMO_MB * (1 if jobs == 1 else jobs + 1)
    start = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "optimal.search", *args, "--jobs", str(jobs),
                          "--cache-mb", f"{total:.1f}", "--no-write", "--quiet"],
                         capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    if out.returncode:
        raise SystemExit(out.stderr)
    headline = next((line for line in out.stdout.splitlines() if "total" in line), "")
    return seconds, headline.split(",")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--large", action="store_true", help="also the large jobs (minutes)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        jobs = lists(Path(folder))
        if not args.large:
            jobs = dict(list(jobs.items())[:2])
        print(f"wall seconds, fresh process each, median of {args.repeat}; ratio = --jobs 2 / --jobs 1")
        for name, search in jobs.items():
            serial, parallel = [], []
            for _ in range(args.repeat):
                s, best_serial = wall(search, 1)
                p, best_parallel = wall(search, 2)
                serial.append(s)
                parallel.append(p)
            same = "same best" if best_serial == best_parallel else "BEST DIFFERS"
            s, p = statistics.median(serial), statistics.median(parallel)
            print(f"  {name:58s} --jobs 1 {s:6.2f} s, --jobs 2 {p:6.2f} s, ratio {p / s:4.2f} "
                  f"({same}: {best_serial})")


if __name__ == "__main__":
    main()
