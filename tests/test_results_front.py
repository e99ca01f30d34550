"""Every tree under results/front/ passes `python -m optimal.verify` in the game its file names
(lists, mode, guess limit), and its replayed histogram is the one the front's summary.json reports
for that cell (the search's tree and the tie-broken one)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from optimal.verify import main as verify_main

FRONT = Path(__file__).resolve().parent.parent / "results" / "front"
TREES = sorted(p for p in FRONT.glob("**/*.json")
               if p.name not in {"summary.json", "MANIFEST.json"} and not p.name.startswith("checkpoint"))


@pytest.mark.slow
@pytest.mark.parametrize("path", TREES, ids=[str(p.relative_to(FRONT)) for p in TREES])
def test_front_tree_verifies(path, capsys):
    assert verify_main([str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["valid"] and not result["problems"]
    replayed = result["stats"]  # from replaying every answer, not from the file
    summary_path = path.parent.parent / "summary.json"
    if path.parent.name.startswith("d") and summary_path.exists():
        limit = int(path.parent.name[1:])
        assert result["game"]["max_guesses"] == limit and replayed["worst"] <= limit
        cell = next(c for c in json.loads(summary_path.read_text())["front"] if c["limit"] == limit)
        stats = (cell["plain"]["stats"] if path.stem.endswith("-plain") or "tie_break" not in cell
                 else cell["tie_break"]["stats"])
        assert replayed["histogram"] == stats["histogram"]
