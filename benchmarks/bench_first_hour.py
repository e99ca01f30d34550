"""The figures a new user meets in the first hour, measured: the README's table of them comes from here.

    python benchmarks/bench_first_hour.py [--repeat 3] [--all] [--full] [--readme]

Rows: `--first salet` from an empty kernel cache (the compile a first run pays) and warm; the main
job (`--max-depth 6`, the top 1,000) warm; optionally `--all` warm; the quick test suite
(`pytest -m "not slow"`, warm, `--repeat` times) and optionally the whole suite. Each is a fresh
process; CPU counts its children too (the search's workers, pytest's). The load average before
each row is printed with it, since on two cores any other job shows in the wall times. Nothing
writes into the repository: searches run with `--no-write`. `--readme` replaces the table between
the README's markers, so its figures are the last run's and say when and at what load.
"""

from __future__ import annotations

import argparse
import datetime
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_compile import child_cpu

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
BEGIN = "<!-- first-hour figures: python benchmarks/bench_first_hour.py --readme -->"
END = "<!-- end of the first-hour figures -->"


def measure(command: list[str], env: dict) -> tuple[float, float, float]:
    """(load before, wall seconds, CPU seconds of the process and its children) of one command."""
    load = os.getloadavg()[0]
    cpu, start = child_cpu(), time.perf_counter()
    result = subprocess.run(command, check=False, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr[-2000:]}")
    return load, time.perf_counter() - start, child_cpu() - cpu


def search(*args: str) -> list[str]:
    return [sys.executable, "-m", "optimal.search", *args, "--no-write", "--quiet"]


def rows(args: argparse.Namespace, warm: dict, cold: dict) -> list[tuple[str, str, str]]:
    """(what, figure, command) per row, measured in this order."""
    out = []

    def row(what: str, command: list[str], env: dict, shown: str, repeat: int = 1) -> None:
        runs = [measure(command, env) for _ in range(repeat)]
        walls = ", ".join(f"{wall:.0f} s" if wall >= 10 else f"{wall:.1f} s" for _, wall, _ in runs)
        cpus = ", ".join(f"{cpu:.0f} s" for _, _, cpu in runs)
        loads = ", ".join(f"{load:.1f}" for load, _, _ in runs)
        figure = f"{walls} wall, {cpus} CPU (load before: {loads})"
        print(f"{what}: {figure}", flush=True)
        out.append((what, figure, shown))

    row("`--first salet`, empty kernel cache (compiles the search kernels)", search("--first", "salet"),
        cold, "`python -m optimal.search --first salet`")
    row("`--first salet`, warm cache", search("--first", "salet"), warm, "same")
    row("the main job: top 1,000 first words, SALET proven best (warm cache, 2 workers)",
        search("--max-depth", "6"), warm, "`python -m optimal.search --max-depth 6`")
    if args.all:
        row("every first word (warm cache, 2 workers)", search("--all"), warm,
            "`python -m optimal.search --all`")
    row("the quick test suite (warm cache)", [sys.executable, "-m", "pytest", "-m", "not slow", "-q",
                                              "-p", "no:cacheprovider"],
        warm, '`python -m pytest -m "not slow"`', repeat=args.repeat)
    if args.full:
        row("the whole test suite (warm cache)", [sys.executable, "-m", "pytest", "-q", "-p",
                                                  "no:cacheprovider"], warm, "`python -m pytest`")
    return out


def table(measured: list[tuple[str, str, str]]) -> str:
    when = datetime.date.today().isoformat()
    lines = [BEGIN, "",
             (f"Measured by `python benchmarks/bench_first_hour.py` on {when}, {os.cpu_count()} "
              "cores (each figure with the load average just before it):"), "",
             "| first-hour job | measured | command |", "| --- | --- | --- |"]
    lines += [f"| {what} | {figure} | {command} |" for what, figure, command in measured]
    return "\n".join(lines + ["", END])


def write_readme(text: str) -> None:
    """Replace the README's table between its markers (refused when they are missing)."""
    readme = README.read_text()
    pattern = re.compile(re.escape(BEGIN) + ".*?" + re.escape(END), re.DOTALL)
    if not pattern.search(readme):
        raise SystemExit(f"{README}: no first-hour markers to replace")
    README.write_text(pattern.sub(lambda _: text, readme, count=1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="quick-suite runs (default 3)")
    parser.add_argument("--all", action="store_true", help="also time --all (about 4 min more)")
    parser.add_argument("--full", action="store_true", help="also time the whole suite (20+ min)")
    parser.add_argument("--readme", action="store_true", help="write the table into README.md")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        cold = {**os.environ, "OPTIMAL_CACHE": f"{tmp}/cache"}
        cold.pop("NUMBA_CACHE_DIR", None)
        measured = rows(args, dict(os.environ), cold)
    text = table(measured)
    print("\n" + text)
    if args.readme:
        write_readme(text)


if __name__ == "__main__":
    main()
