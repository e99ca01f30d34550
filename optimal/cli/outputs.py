"""Where results go and what they record: the research artifacts under results/.

Layout (DESIGN.md): `results/<answers>-<guesses>-<mode>-d<max_depth>/` holds `<first>.json`,
`<first>.tree.txt`, `summary.json` and `REPORT.md`. Every tree is verified by replaying every answer
before it is written, and every file is written atomically.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import sys
from importlib.metadata import version
from pathlib import Path

import numpy as np

from optimal import __version__
from optimal.files import atomic_write_text
from optimal import dordle
from optimal.game import Game
from optimal.report import summarize
from optimal.tree import VerifiedTree, write_json, write_selby

GZIP_GAMES = 100_000  # Dordle trees for more games than this are written gzipped


def run_dir(root: str | Path, game: Game, suffix: str = "") -> Path:
    """results/<answers>-<guesses>-<mode>-d<max_depth>[<suffix>] for a game."""
    name = f"{game.answers.name}-{game.guesses.name}-{game.mode}-d{game.max_guesses}{suffix}"
    if game.rule.name != "wordle":
        name = f"{game.rule.name}-{name}"
    return Path(root) / name


def provenance(seconds: float | None = None, argv: list[str] | None = None) -> dict:
    """Who made a result, how and when: tool version, command line, date, run time, machine."""
    return {"tool": f"optimal {__version__}",
            "command": " ".join(["python -m " + _module_name()] + list(argv if argv is not None else sys.argv[1:])),
            "date": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(),
            "seconds": None if seconds is None else round(seconds, 3),
            "python": platform.python_version(), "numpy": np.__version__, "numba": version("numba"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores"}


def _module_name() -> str:
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    return spec.name if spec and spec.name else Path(sys.argv[0]).stem


def tree_stats(counts: np.ndarray, proven: bool, lower_bound: int | None = None,
               label: str = "") -> dict:
    """The `stats` block of a tree file: totals from the replayed counts, and what is proven."""
    stats = summarize(counts).as_dict()
    stats["proven_optimal"] = bool(proven)
    stats["lower_bound"] = int(stats["total"] if proven else (lower_bound or 0))
    if label:
        stats["status"] = label
    return stats


def write_tree(directory: str | Path, name: str, tree: VerifiedTree, proven: bool,
               lower_bound: int | None, prov: dict, label: str = "") -> list[Path]:
    """Write a verified tree as <name>.json and, for Wordle, <name>.tree.txt; returns the paths."""
    directory, game = Path(directory), tree.game
    stats = tree_stats(tree.counts, proven, lower_bound, label)
    paths = [directory / f"{name}.json"]
    write_json(paths[0], tree.tree, game, stats, prov)
    if game.rule.name == "wordle":
        paths.append(directory / f"{name}.tree.txt")
        write_selby(paths[1], tree.tree, game.answers.words)
    return paths


def write_summary(directory: str | Path, summary: dict) -> Path:
    path = Path(directory) / "summary.json"
    atomic_write_text(path, json.dumps(summary, indent=1) + "\n")
    return path


def write_report(directory: str | Path, text: str, prov: dict, name: str = "REPORT.md") -> Path:
    """Write a markdown report with its provenance (how, when and where it was made) at the end."""
    path = Path(directory) / name
    atomic_write_text(path, text.rstrip() + "\n\n## Provenance\n\n```\n" + json.dumps(prov, indent=1)
                      + "\n```\n")
    return path


def dordle_tree_path(directory: str | Path, name: str, games: int) -> Path:
    """Where a Dordle tree goes: <name>.dordle.json, or .json.gz beyond GZIP_GAMES games (a tree
    has a node per state, millions for the full lists)."""
    suffix = ".dordle.json.gz" if games > GZIP_GAMES else ".dordle.json"
    return Path(directory) / f"{name}{suffix}"


def dordle_tree_stats(tree: dordle.VerifiedDordleTree, proven: bool, lower_bound: int,
                      label: str) -> dict:
    """The `stats` block of a Dordle tree file, from the replayed counts."""
    stats = tree.stats()
    stats.update(proven_optimal=bool(proven), lower_bound=int(lower_bound), status=label)
    return stats
