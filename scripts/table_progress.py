"""How far a whole exact table (`results/exact-all/`, `--rank exact --all`) has come, and since
when: the figures a session's row in results/README.md and `exact-all/HISTORY.md` quote.

    python scripts/table_progress.py hard [--since REV]     # normal, hard or ultra

Why a script: each session ends by committing a table's checkpoint and quoting its counts, value
range, mean, CPU in the entries, the session's rate and the words left, and by rebuilding the
bundled tables (a test fails when the bundle misses a committed exact word: it did in CI once).
Counted by hand, those figures were slow to get and easy to get wrong. The checkpoint is read as
a resuming run reads it (digest checked); `--since` reads the one committed at REV the same way.
The projection of the words left scales their CPU in the finished normal table by the ratio of
this table's CPU to the normal table's over the last 900 words done (the bands run in the same
order); it is an estimate, said as one.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from optimal.cli.checkpoint import intact_checkpoint  # noqa: E402

INF = 1 << 28
FOLDER = "results/exact-all/answers-2315-guesses-12972-{}-d6-exact/checkpoint-exact.json"


def committed(rev: str, relative: str) -> dict[str, dict]:
    """The checkpoint's entries as committed at `rev` (digest checked)."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{rev}:{relative}"], check=True,
                          capture_output=True).stdout
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "checkpoint-exact.json"
        path.write_bytes(text)
        return intact_checkpoint(path)[1]


def describe(results: dict[str, dict]) -> str:
    """Counts, values (least and most, with their words) and CPU of a table's entries."""
    valued = {w: r["upper"] for w, r in results.items() if r["exact"] and r["lower"] < INF}
    none = sum(1 for r in results.values() if r["exact"] and r["lower"] >= INF)
    least, most = min(valued, key=valued.get), max(valued, key=valued.get)
    cpu = sum(r["cpu_seconds"] for r in results.values())
    return (f"{len(results):,} words, {sum(r['exact'] for r in results.values()):,} exact: "
            f"{len(valued):,} with values ({least.upper()} {valued[least]:,} to {most.upper()} "
            f"{valued[most]:,}, mean {sum(valued.values()) / len(valued):,.1f}) and {none:,} with "
            f"no tree within 6; {cpu:,.0f} s CPU in the entries ({cpu / 3600:.1f} h)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("mode", choices=["normal", "hard", "ultra"])
    parser.add_argument("--since", help="a git revision whose committed checkpoint to compare with")
    args = parser.parse_args()
    now = intact_checkpoint(ROOT / FOLDER.format(args.mode))[1]
    print(f"{args.mode}: {describe(now)}")
    if args.since:
        before = committed(args.since, FOLDER.format(args.mode))
        new = [w for w in now if w not in before]
        cpu = sum(now[w]["cpu_seconds"] for w in new)
        rate = f", {len(new) / (cpu / 3600):,.0f} words per CPU-hour" if cpu else ""
        first = f" ({new[0].upper()} to {new[-1].upper()})" if new else ""
        print(f"since {args.since}: +{len(new):,} words{first} in {cpu:,.0f} s CPU{rate}")
    normal = intact_checkpoint(ROOT / FOLDER.format("normal"))[1]
    left = [w for w in normal if w not in now]
    recent = [w for w in now if w in normal][-900:]
    ratio = (sum(now[w]["cpu_seconds"] for w in recent)
             / max(1e-9, sum(normal[w]["cpu_seconds"] for w in recent)))
    projected = ratio * sum(normal[w]["cpu_seconds"] for w in left) / 3600
    print(f"{len(left):,} words left; about {projected:.1f} CPU-hours by the normal table's CPU "
          f"for them x {ratio:.2f} (this table's CPU over the normal one's, last {len(recent)} "
          f"words done; an estimate)")


if __name__ == "__main__":
    main()
