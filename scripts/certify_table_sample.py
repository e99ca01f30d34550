"""Check a sample of the exact first-word tables a second way: certificates, checked on their own.

The whole tables (`results/exact-all/`, `--rank exact --all`) hold thousands of values nobody has
published (the published record proves about 3,600 normal-mode words exactly; the rest are upper
bounds there, and hard mode's weak words have no published figure at all). Each entry is proven by
the search, but the rule for a new result is to check it twice. This script takes a sample of
entries, seeded and spread over the table (the best, the worst value, the slowest word, and random
words from each third by value), and for each one runs the command line from scratch:

    python -m optimal.search --first WORD [--hard|--ultra] --jobs 1 --certificate W.cert.gz --out TMP
    python -m optimal.check W.cert.gz TMP/.../WORD.json

then compares the value the checker certifies (a tree replayed on every answer, and the lower bound
the independent checker accepts) with the table's entry. A word with no tree within 6 is checked
the same way: the certificate must conclude that no tree exists. Nothing is written in the
repository unless `--keep DIR` (certificates and the checker's verdicts), and each word runs in a
fresh process, so a memo or a cache from the table's run cannot be what the verdict rests on.

    python scripts/certify_table_sample.py --mode normal --random 2 --seed 1
    python scripts/certify_table_sample.py --mode hard --words trace,hayer --keep DIR

Exit 0 when every sampled entry is certified with the table's value, 1 when one is not.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from optimal.cli.checkpoint import intact_checkpoint  # noqa: E402
from optimal.errors import BadInput  # noqa: E402

TABLE = ROOT / "results" / "exact-all" / "answers-2315-guesses-12972-{mode}-d6-exact" / "checkpoint-exact.json"
NO_TREE = None  # a table entry proven to have no tree within the guess limit


def table_entries(mode: str) -> tuple[dict[str, int | None], dict[str, float]]:
    """The table's exact entries: word -> total (None: no tree within 6), and word -> the CPU
    seconds the table's run spent on it."""
    _, results = intact_checkpoint(Path(str(TABLE).format(mode=mode)))
    exact = {w: r for w, r in results.items() if r["exact"]}
    return {w: r["upper"] for w, r in exact.items()}, {w: r["cpu_seconds"] for w, r in exact.items()}


def sample(entries: dict[str, int | None], cpu: dict[str, float], per_third: int,
           seed: int) -> list[str]:
    """The best, the worst and the slowest entry, one with no tree (if any), and `per_third`
    random words from each third of the valued entries by value."""
    valued = sorted((w for w, v in entries.items() if v is not NO_TREE), key=lambda w: entries[w])
    chosen = [valued[0], valued[-1], max(cpu, key=cpu.get)]
    rng = random.Random(seed)
    none = sorted(w for w, v in entries.items() if v is NO_TREE)
    if none:
        chosen.append(rng.choice(none))
    third = len(valued) // 3
    for start in (0, third, 2 * third):
        chosen += rng.sample(valued[start:start + third], min(per_third, third))
    return list(dict.fromkeys(chosen))


def run(command: list[str]) -> tuple[int, str, float]:
    """Exit code, output and CPU seconds (the child's) of one command: stdout, or stderr's last
    lines as well when it failed (stderr otherwise holds only progress lines)."""
    before = children_cpu()
    done = subprocess.run(command, capture_output=True, text=True, cwd=ROOT)
    out = done.stdout if done.returncode == 0 else done.stdout + done.stderr[-2000:]
    return done.returncode, out, children_cpu() - before


def children_cpu() -> float:
    """CPU seconds of the finished child processes so far."""
    times = os.times()
    return times.children_user + times.children_system


def certify(word: str, mode: str, folder: Path) -> tuple[int | None, str, float]:
    """(certified total or NO_TREE, the verdict in words, CPU seconds) for one first word; raises
    RuntimeError when the run or the check fails."""
    flags = [] if mode == "normal" else [f"--{mode}"]
    cert = folder / f"{word}.cert.gz"
    for stale in [cert, *folder.glob(f"*/{word}.json")]:  # a kept folder used before (--keep)
        stale.unlink(missing_ok=True)
    code, out, cpu = run([sys.executable, "-m", "optimal.search", "--first", word, *flags,
                          "--jobs", "1", "--quiet", "--certificate", str(cert),
                          "--out", str(folder)])
    if code == 2 or not cert.exists():
        raise RuntimeError(f"{word}: the search wrote no certificate (exit {code}): {out[-300:]}")
    trees = list(folder.glob(f"*/{word}.json"))
    code, verdict, check_cpu = run([sys.executable, "-m", "optimal.check", str(cert),
                                    *[str(t) for t in trees[:1]]])
    if code != 0:
        raise RuntimeError(f"{word}: the check failed (exit {code}): {verdict[-300:]}")
    (folder / f"{word}.check.txt").write_text(verdict)
    optimal = re.search(rf"so (\d+) is optimal for {word.upper()}$", verdict, re.MULTILINE)
    if optimal:
        return int(optimal.group(1)), "certified optimal (tree replayed, bound checked)", cpu + check_cpu
    if re.search(rf"first guess {word.upper()}: cannot find every answer within", verdict):
        return NO_TREE, "certified: no tree within 6", cpu + check_cpu
    raise RuntimeError(f"{word}: the checker's verdict names no value: {verdict[-300:]}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["normal", "hard", "ultra"], default="normal")
    parser.add_argument("--random", type=int, default=1, metavar="N",
                        help="random words from each third of the table by value (default 1)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--words", help="check these words instead of a sample (comma-separated)")
    parser.add_argument("--keep", type=Path, metavar="DIR",
                        help="keep the certificates and the checker's verdicts in DIR")
    args = parser.parse_args()
    try:
        entries, cpu = table_entries(args.mode)
    except BadInput as error:
        print(f"error: no readable {args.mode} table: {error}", file=sys.stderr)
        return 2
    words = args.words.lower().split(",") if args.words else sample(entries, cpu, args.random, args.seed)
    unknown = [w for w in words if w not in entries]
    if unknown:
        print(f"error: not an exact entry of the {args.mode} table: {', '.join(unknown)}",
              file=sys.stderr)
        return 2
    print("| word | table | certified | verdict | CPU s (search + check) |")
    print("| --- | ---: | ---: | --- | ---: |")
    failures = 0
    for word in words:
        with tempfile.TemporaryDirectory() as tmp:
            folder = args.keep / word if args.keep else Path(tmp)
            folder.mkdir(parents=True, exist_ok=True)
            try:
                value, verdict, seconds = certify(word, args.mode, folder)
            except RuntimeError as error:
                failures += 1
                print(f"| {word.upper()} | {entries[word]} | - | FAILED: {error} | - |", flush=True)
                continue
        same = value == entries[word]
        failures += not same
        shown = lambda v: "none" if v is NO_TREE else f"{v:,}"
        print(f"| {word.upper()} | {shown(entries[word])} | {shown(value)} | "
              f"{verdict if same else 'DIFFERS from the table'} | {seconds:.0f} |", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
