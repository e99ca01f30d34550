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


# -------------------------------------------------------- the plots of scripts/front_plots.py

def combined_fronts():
    import sys
    sys.path.insert(0, str(FRONT.parent.parent / "scripts"))
    import front_plots
    return front_plots


def test_every_combined_plot_is_drawn_from_the_committed_runs():
    """results/front/plots/ holds one plot per front the script collects, and no other (a plot
    left from runs since removed would show points nothing backs)."""
    front_plots = combined_fronts()
    fronts = front_plots.collect()
    assert {front_plots.plot_name(key) for key in fronts} == \
        {p.name for p in (FRONT / "plots").glob("*.png")}
    for cells in fronts.values():  # a hard-mode 'no tree' is implied only by normal mode's
        for sourced in cells.values():
            if sourced.kind == "none (implied by normal mode)":
                assert "normal" in sourced.folder.name


def plotted_points():
    front_plots = combined_fronts()
    return [(key, limit, sourced) for key, cells in front_plots.collect().items()
            for limit, sourced in cells.items() if sourced.tree is not None]


POINTS = plotted_points()  # read once: it parses every committed summary.json


@pytest.mark.slow
@pytest.mark.parametrize("key,limit,sourced", POINTS,
                         ids=[f"{'-'.join(k)}-d{d}" for k, d, _ in POINTS])
def test_each_plotted_total_is_its_trees_replayed_total(key, limit, sourced, capsys):
    assert verify_main([str(sourced.tree), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["valid"] and not result["problems"]
    assert result["game"]["max_guesses"] == limit and result["stats"]["worst"] <= limit
    assert result["stats"]["total"] == sourced.point.total
    assert (result["game"]["answers"]["name"], result["game"]["guesses"]["name"],
            result["game"]["mode"]) == key
