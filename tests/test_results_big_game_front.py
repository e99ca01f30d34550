"""The big game (every allowed word an answer) within 7 guesses over its best-ranked first words
(`results/big-game/all-first-words/...-normal-d7/`, a resumable run in progress): read as a
resuming run reads it (digest checked); TARES's exact value there is the total of the committed
TARES tree within 7 (which `test_results_trees.py` replays on all 12,972 answers), found again by
a separate search, and every other word searched is proven to need at least as much."""

from __future__ import annotations

import json
from pathlib import Path

from optimal.cli.checkpoint import intact_checkpoint

RESULTS = Path(__file__).resolve().parent.parent / "results" / "big-game"
RUN = RESULTS / "all-first-words" / "guesses-12972-guesses-12972-normal-d7" / "checkpoint-all.json"
TARES = RESULTS / "guesses-12972-guesses-12972-normal-d7"


def test_tares_is_least_within_7_over_the_words_searched_so_far():
    identity, results = intact_checkpoint(RUN)
    assert identity["max_guesses"] == 7 and identity["answers"]["count"] == 12_972
    assert identity["below"] == 52_603 and len(results) >= 8
    assert results["tares"]["exact"] and results["tares"]["value"] == 52_602
    assert all(r["value"] >= 52_602 for w, r in results.items() if w != "tares")
    tree = json.loads((TARES / "tares.json").read_text())
    summary = json.loads((TARES / "summary.json").read_text())
    assert tree["stats"]["total"] == summary["best"]["total"] == 52_602 and summary["best"]["proven"]
