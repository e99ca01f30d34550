"""The same `--all` run on a local Dask cluster and on joblib's loky workers, wall and CPU time.

    python benchmarks/bench_dask.py [--size 500] [--seed 1] [--workers 2] [--hard]

The run: every first word of a seeded random subset of the original answers (--size of them) with
all 12,972 allowed guesses, `python -m optimal.search --all` as a user types it, three ways:
serial (--jobs 1), loky (--jobs N), and a Dask cluster started as the README says (`dask scheduler`
and `dask worker ADDRESS --nworkers N --nthreads 1`, started before the clock, as a user's cluster
would be) with `--backend dask --scheduler tcp://127.0.0.1:PORT`. CPU time counts every process
of a run: the search and its loky workers, or the search, the scheduler and the Dask workers
(read from /proc: Linux only). Figures are printed as ratios to the loky run.

The development machine has 2 cores, shared: with 2 workers the client, the scheduler and the
workers compete for them, so this measures the overhead of going through Dask, not a speed-up a
real cluster (more machines) would give.
"""

from __future__ import annotations

import argparse
import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_hardmode import subset_file

TICKS = os.sysconf("SC_CLK_TCK")


def group_cpu(groups: list[int]) -> float:
    """CPU seconds so far of every live process in these process groups (from /proc)."""
    total = 0
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) in groups:  # pgrp; utime, stime, cutime, cstime follow at 11..14
            total += sum(int(f) for f in fields[11:15])
    return total / TICKS


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed_run(command: list[str], groups: list[int]) -> tuple[float, float, str]:
    """Wall and CPU seconds of one search (its own CPU and its workers'), and its verdict line."""
    cpu, extra, wall = children_cpu(), group_cpu(groups), time.perf_counter()
    done = subprocess.run(command, capture_output=True, text=True)
    wall = time.perf_counter() - wall
    if done.returncode != 0:
        raise SystemExit(done.stderr)
    cpu = children_cpu() - cpu + group_cpu(groups) - extra
    verdict = next(line for line in done.stdout.splitlines() if "total" in line)
    return wall, cpu, verdict.split(" (")[0]


def start_cluster(workers: int, folder: Path) -> tuple[str, list[subprocess.Popen]]:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    address = f"tcp://127.0.0.1:{port}"
    dask = [sys.executable, "-m", "dask"]
    log = open(folder / "cluster.log", "w")
    local = ["--dashboard-address", "127.0.0.1:0"]  # every port on the loopback only
    processes = [subprocess.Popen(dask + ["scheduler", "--host", "127.0.0.1", "--port", str(port),
                                          *local], stdout=log, stderr=log, start_new_session=True)]
    processes.append(subprocess.Popen(dask + ["worker", address, "--nworkers", str(workers),
                                              "--nthreads", "1", "--host", "127.0.0.1", *local,
                                              "--local-directory", str(folder)],
                                      stdout=log, stderr=log, start_new_session=True))
    from distributed import Client  # the optional dask extra

    with Client(address, timeout=60) as client:
        client.wait_for_workers(workers, timeout=120)
    return address, processes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--hard", action="store_true")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        answers = subset_file(args.size, args.seed, folder)
        base = [sys.executable, "-m", "optimal.search", "--answers", str(answers), "--guesses",
                "guesses-12972", "--no-write", "--quiet"] + (["--hard"] if args.hard else [])
        subprocess.run(base + ["--top", "1"], capture_output=True)  # the matrix and kernels cached
        search = base + ["--all"]
        print(f"--all on {args.size} answers (seed {args.seed}) x 12,972 guesses, "
              f"{'hard' if args.hard else 'normal'} mode; {os.cpu_count()} cores on this machine")
        rows = [("serial (--jobs 1)", *timed_run(search + ["--jobs", "1"], []))]
        rows.append((f"loky, {args.workers} workers", *timed_run(search + ["--jobs", str(args.workers)], [])))
        address, processes = start_cluster(args.workers, folder)
        try:
            groups = [p.pid for p in processes]
            rows.append((f"dask, {args.workers} workers", *timed_run(
                search + ["--backend", "dask", "--scheduler", address], groups)))
        finally:
            for process in processes:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        base_wall, base_cpu = rows[1][1], rows[1][2]
        print(f"{'run':<20} {'wall s':>7} {'cpu s':>7} {'wall/loky':>9} {'cpu/loky':>8}  result")
        for name, wall, cpu, verdict in rows:
            print(f"{name:<20} {wall:7.1f} {cpu:7.1f} {wall / base_wall:9.2f} {cpu / base_cpu:8.2f}  "
                  f"{verdict}")


if __name__ == "__main__":
    main()
