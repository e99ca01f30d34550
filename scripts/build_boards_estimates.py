"""Copy the committed many-board estimates (`results/multi-board/`, the sampled Quordle and
Octordle runs) into the package (optimal/data/boards/), for the assistant's note at the start of
a game of 4 or 8 boards.

Why bundled: the assistant plays `lookahead.BoardsPlayer` and quoted only the proven lower bound on
any strategy's average; what that player itself averages (an estimate, from 100,000 sampled games)
is the other side of the bracket, and the package cannot read `results/`. Only the figures the run
wrote are copied (its game, boards, the strategy's solve bonus, mean, 95% interval, games and seed),
each summary checked against its MANIFEST's sha256 first, so the copy says no more than the run.

    python scripts/build_boards_estimates.py   # from the repository root; rewrites optimal/data/boards/
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "results" / "multi-board"
OUT = ROOT / "optimal" / "data" / "boards"


def estimate(folder: Path) -> dict:
    """The bundled record of one sampled run: its first strategy (the player's) as it wrote it."""
    raw = (folder / "summary.json").read_bytes()
    manifest = json.loads((folder / "MANIFEST.json").read_text())
    if hashlib.sha256(raw).hexdigest() != manifest["files"]["summary.json"]:
        raise SystemExit(f"{folder / 'summary.json'}: does not match its MANIFEST.json")
    summary = json.loads(raw)
    strategy = summary["strategies"][0]
    return {"format": "optimal-boards-estimate/1", "game": summary["game"],
            "boards": summary["boards"], "solve_bonus": strategy["solve_bonus"],
            "mean": strategy["mean"], "interval95": strategy["interval95"],
            "lost": strategy["lost"], "sampled": summary["sampled"],
            "source": str(folder.relative_to(ROOT))}


def main() -> None:
    """Write one file per sampled run (see module)."""
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*.json"):
        old.unlink()
    for summary in sorted(SOURCE.glob("*/summary.json")):
        if json.loads(summary.read_text()).get("sampled") is None:
            continue  # every game played: a small list the assistant has no use for
        record = estimate(summary.parent)
        target = OUT / f"{summary.parent.name}.json"
        target.write_text(json.dumps(record, indent=1) + "\n")
        low, high = record["interval95"]
        print(f"{target.relative_to(ROOT)}: {record['boards']} boards, mean {record['mean']:.4f} "
              f"({low:.4f}-{high:.4f}) over {record['sampled']['games']:,} sampled games")


if __name__ == "__main__":
    main()
