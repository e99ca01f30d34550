"""What the first run on a machine costs: the kernels' compile, per family, from an empty cache.

    python benchmarks/bench_compile.py [--families search,hard,...]

Each family is a real command on a small game (60 original answers; the guesses are the same words,
so the reply matrix has the dtypes of the real lists and the same kernels compile), run twice in a
fresh process against one kernel cache that starts empty: the first run compiles what that family
needs and is not yet cached, the second loads it. The family's compile cost is the first run's CPU
minus the second's (the baseline, measured in the same run). Families run in the order below, so a
kernel shared by two families (the scan, the node code) is counted with the first that needs it:
the figures add up to the whole compile, and "search" alone is what `--first salet` compiles.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

FAMILIES = {  # name: the command's arguments after `python -m optimal.search` (or another command)
    "search": ["optimal.search", "--first", "{first}"],
    "hard": ["optimal.search", "--first", "{first}", "--hard"],
    "worst": ["optimal.search", "--first", "{first}", "--objective", "worst", "--max-depth", "4"],
    "certificate": ["optimal.search", "--first", "{first}", "--certificate", "{tmp}/c.cert.gz"],
    "beam": ["optimal.search", "--first", "{first}", "--beam", "3"],
    "dordle": ["optimal.search", "--boards", "2", "--first", "{first}"],
    "absurdle": ["optimal.absurdle"],
    "boards": ["optimal.boards", "--boards", "4", "--games", "20"],
}


def child_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run(argv: list[str], env: dict, tmp: str, first: str) -> tuple[float, float]:
    """Wall and CPU seconds of one fresh process."""
    argv = [a.replace("{tmp}", tmp).replace("{first}", first) for a in argv]
    lists = ["--answers", f"{tmp}/a.txt", "--guesses", f"{tmp}/a.txt"]
    command = [sys.executable, "-m", argv[0], *argv[1:], *lists, "--no-write", "--quiet"]
    if argv[0] == "optimal.absurdle":
        command = [sys.executable, "-m", argv[0], *lists]
    cpu, start = child_cpu(), time.perf_counter()
    result = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    if result.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(command)} failed:\n{result.stderr}")
    return time.perf_counter() - start, child_cpu() - cpu


PROFILE = r"""
import sys, time, numba.core.event as ev
stack, own = [], {}
class Clock(ev.Listener):
    def on_start(self, event):
        now = time.process_time()
        if stack: stack[-1][1] += now - stack[-1][2]
        d = event.data["dispatcher"]; stack.append([d.py_func.__module__ + "." + d.py_func.__name__, 0.0, now])
    def on_end(self, event):
        name, spent, since = stack.pop(); now = time.process_time(); spent += now - since
        own[name] = own.get(name, 0.0) + spent
        if stack: stack[-1][2] = now
ev.register("numba:compile", Clock())
from optimal.game import Game
from lookahead.solvers.single import Solver
game = Game.from_lists("original", mode=sys.argv[1])
solver = Solver(game, cache_mb=64)
solver.solve(game.all_candidates()[:3], 2)
for name, spent in sorted(own.items(), key=lambda kv: -kv[1])[:int(sys.argv[2])]:
    print(f"{spent:8.1f} s  {name}")
print(f"{sum(own.values()):8.1f} s  in all, {len(own)} functions")
"""


def profile(mode: str, top: int) -> None:
    """Each kernel function's own compile CPU (callees' time excluded), from an empty cache, for
    the search's first call in `mode`: where the compile time goes."""
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "OPTIMAL_CACHE": f"{tmp}/cache"}
        env.pop("NUMBA_CACHE_DIR", None)
        print(f"load {os.getloadavg()[0]:.1f}; {mode} mode, empty cache; own compile CPU per function")
        subprocess.run([sys.executable, "-c", PROFILE, mode, str(top)], cwd=ROOT, env=env,
                       check=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--families", default=",".join(FAMILIES))
    parser.add_argument("--profile", choices=["normal", "hard"], default=None,
                        help="instead: each kernel function's own compile CPU, from an empty cache")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    if args.profile:
        profile(args.profile, args.top)
        return
    from optimal.words import load_lists

    answers = sorted(load_lists("original")[0].words[:60])
    with tempfile.TemporaryDirectory() as tmp:
        Path(tmp, "a.txt").write_text("\n".join(answers) + "\n")
        env = {**os.environ, "OPTIMAL_CACHE": f"{tmp}/cache"}
        env.pop("NUMBA_CACHE_DIR", None)
        print(f"load {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; empty cache {tmp}/cache")
        print(f"{'family':<12} {'cold wall':>10} {'cold CPU':>9} {'warm CPU':>9} {'compile CPU':>12}")
        total = 0.0
        for name in args.families.split(","):
            cold_wall, cold_cpu = run(FAMILIES[name], env, tmp, answers[0])
            _, warm_cpu = run(FAMILIES[name], env, tmp, answers[0])
            total += cold_cpu - warm_cpu
            print(f"{name:<12} {cold_wall:>9.1f}s {cold_cpu:>8.1f}s {warm_cpu:>8.1f}s "
                  f"{cold_cpu - warm_cpu:>11.1f}s", flush=True)
        print(f"{'all':<12} {'':>10} {'':>9} {'':>9} {total:>11.1f}s")


if __name__ == "__main__":
    main()
