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

With --ceiling it also measures what two processes can gain on this machine at all: one serial
run alone, then two copies of it at once. Two cores that are really two give a throughput ratio
near 2; two virtual CPUs that share one core's execution units (or its caches and memory
bandwidth) give less, and no split of the work over 2 workers can beat that ratio.

With --whole it also times the whole-list job (`--all` on the original lists: every one of the
12,972 first words, about 8 minutes serially), the job issue 26 asks 2 workers to run at least 1.8x
faster. There both runs get the same `--cache-mb 1024`, as a user would type it: one process holds
all of it, the parallel run splits it three ways (the serial run's larger memo only favours the
serial side, so the ratio is not flattered).

Usage: python benchmarks/bench_parallel.py [--repeat 3] [--large] [--ceiling] [--whole]
"""

from __future__ import annotations

import argparse
import resource
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
WHOLE_LIST = {"whole list: --all on the original lists (12,972 first words)":
              ["--all", "--cache-mb", "1024"]}  # the run's total memo, as the README's command


def command(args: list[str], jobs: int) -> list[str]:
    """The search's command line for a job at this many workers (the memo as the module says)."""
    total = MEMO_MB * (1 if jobs == 1 else jobs + 1)
    memo = [] if "--cache-mb" in args else ["--cache-mb", f"{total:.1f}"]
    return [sys.executable, "-m", "optimal.search", *args, "--jobs", str(jobs), *memo,
            "--no-write", "--quiet"]


def two_at_once(args: list[str]) -> float:
    """Wall seconds for two copies of the serial run started together (both finished)."""
    start = time.perf_counter()
    runs = [subprocess.Popen(command(args, 1), stdout=subprocess.DEVNULL,
                             stderr=subprocess.PIPE, text=True, cwd=ROOT) for _ in range(2)]
    for run in runs:
        _, err = run.communicate()
        if run.returncode:
            raise SystemExit(err)
    return time.perf_counter() - start


def ceiling(jobs: dict[str, list[str]], repeat: int) -> None:
    """Print, per job, the machine's ceiling for 2 processes: 2 x (one alone) / (two at once)."""
    print("the machine's ceiling for 2 processes: one serial run alone, then two copies at once "
          f"(median of {repeat}); ceiling = 2 x alone / together (2.00: two full cores)")
    for name, search in jobs.items():
        alone = statistics.median(wall(search, 1)[0] for _ in range(repeat))
        together = statistics.median(two_at_once(search) for _ in range(repeat))
        print(f"  {name:58s} alone {alone:6.2f} s, two at once {together:6.2f} s, "
              f"ceiling {2 * alone / together:4.2f}")


def wall(args: list[str], jobs: int) -> tuple[float, float, str]:
    """Wall time and CPU time of one run (the search process and every worker it started: the
    children's CPU, which counts each worker once the process has waited for it, as it does on
    closing them) and its headline (the best word's line)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(command(args, jobs), capture_output=True, text=True, cwd=ROOT)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if out.returncode:
        raise SystemExit(out.stderr)
    headline = next((line for line in out.stdout.splitlines() if "total" in line), "")
    return seconds, cpu, headline.split(",")[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--large", action="store_true", help="also the large jobs (minutes)")
    parser.add_argument("--ceiling", action="store_true",
                        help="also two serial runs at once: what 2 processes can gain here at all")
    parser.add_argument("--whole", action="store_true",
                        help="also the whole-list job, every first word (about 13 minutes a repeat)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        jobs = lists(Path(folder))
        if not args.large:
            jobs = dict(list(jobs.items())[:2])
        if args.whole:
            jobs.update(WHOLE_LIST)
        print(f"wall and CPU seconds (every process of the run), fresh process each, median of "
              f"{args.repeat}; ratio = --jobs 2 / --jobs 1 (wall: below 1 the workers paid; CPU: "
              f"above 1 by the workers' start-up and the work their separate memos repeat)")
        for name, search in jobs.items():
            runs: dict[int, list[tuple[float, float]]] = {1: [], 2: []}
            best = {}
            for _ in range(args.repeat):
                for jobs_ in (1, 2):
                    seconds, cpu, best[jobs_] = wall(search, jobs_)
                    runs[jobs_].append((seconds, cpu))
            same = "same best" if best[1] == best[2] else "BEST DIFFERS"
            (s, sc), (p, pc) = ((statistics.median(r[0] for r in runs[j]),
                                 statistics.median(r[1] for r in runs[j])) for j in (1, 2))
            print(f"  {name:58s} --jobs 1 {s:6.2f} s ({sc:6.1f} s CPU), --jobs 2 {p:6.2f} s "
                  f"({pc:6.1f} s CPU), wall ratio {p / s:4.2f}, CPU ratio {pc / sc:4.2f} "
                  f"({same}: {best[1]})")
        if args.ceiling:
            ceiling(jobs, args.repeat)


if __name__ == "__main__":
    main()
