"""Capture the golden records: run every case of tests/golden/cases.py and write
tests/golden/expected/<name>.json ({argv, exit_code, stdout, stderr, files}, normalized).

    python scripts/capture_golden.py                 # every case, each run twice (must agree)
    python scripts/capture_golden.py --only search-top,compare
    python scripts/capture_golden.py --once          # skip the determinism check

Run it from anywhere; the commands run from the repository root with this interpreter
(`sys.executable -m <module>`), so the package they import is the one this interpreter finds from
there (the working tree first). Set OPTIMAL_CACHE to keep the feedback-matrix and kernel caches
apart; the first command compiles the numba kernels (30-60 s) when that cache is cold.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from golden.cases import CASES  # noqa: E402
from golden.runner import EXPECTED, dump, expected_path, run_case  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", help="comma-separated case names (default: all)")
    parser.add_argument("--once", action="store_true",
                        help="run each case once (default: twice, and fail when the runs differ)")
    parser.add_argument("--python", default=sys.executable, help="interpreter to run the commands")
    args = parser.parse_args(argv)

    names = {n.strip() for n in args.only.split(",")} if args.only else None
    cases = [c for c in CASES if names is None or c["name"] in names]
    if names and len(cases) != len(names):
        unknown = names - {c["name"] for c in cases}
        parser.error(f"unknown case(s): {', '.join(sorted(unknown))}")
    EXPECTED.mkdir(parents=True, exist_ok=True)
    failed = []
    start = time.perf_counter()
    for case in cases:
        t0 = time.perf_counter()
        record = run_case(case, args.python)
        if not args.once:
            again = run_case(case, args.python)
            if again != record:
                failed.append(case["name"])
                print(f"{case['name']}: NOT DETERMINISTIC (two runs differ); not written")
                continue
        expected_path(case["name"]).write_text(dump(record), encoding="utf-8")
        print(f"{case['name']}: exit {record['exit_code']}, {len(record['stdout'].splitlines())} "
              f"stdout lines, {len(record['files'])} file(s); {time.perf_counter() - t0:.1f} s")
    if names is None:  # a full capture: drop the records of cases that no longer exist
        known = {expected_path(c["name"]).name for c in CASES}
        for stale in sorted(EXPECTED.glob("*.json")):
            if stale.name not in known:
                stale.unlink()
                print(f"removed stale {stale.name}")
    print(f"{len(cases) - len(failed)} case(s) written in {time.perf_counter() - start:.1f} s")
    if failed:
        print("not deterministic: " + ", ".join(failed))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
