"""Every tree committed under `results/` still passes `optimal.verify`: replayed against every
answer of the lists it names (found by their sha256), with the totals it claims equal to the
replay's. A result folder is evidence; this keeps it from going stale silently when the model
or the lists change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from optimal.verify import main as verify_main

RESULTS = Path(__file__).resolve().parent.parent / "results"


def committed_trees() -> list[Path]:
    """Tree files in the project's own format (`optimal-tree/...`), wherever they sit."""
    trees = []
    for path in sorted(RESULTS.rglob("*.json")):
        if path.name in ("summary.json", "MANIFEST.json") or path.name.startswith("checkpoint"):
            continue
        try:
            head = json.loads(path.read_text())
        except (OSError, ValueError):
            continue
        if isinstance(head, dict) and str(head.get("format", "")).startswith("optimal-tree/"):
            trees.append(path)
    return trees


TREES = committed_trees()


def test_results_hold_trees():
    assert len(TREES) >= 10  # the published optima at least; a glob that finds nothing proves nothing


@pytest.mark.parametrize("path", TREES, ids=[str(p.relative_to(RESULTS)) for p in TREES])
def test_committed_tree_verifies(path, capsys):
    claimed = json.loads(path.read_text())["stats"]["total"]
    assert verify_main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1].startswith("VALID") and f"total {claimed}," in out
