"""The whole exact tables (`results/exact-all/`) against the every-first-word runs
(`results/all-first-words/`): two separate searches of the same lists, so every table value must be
at least the lower bound the other run proved for that word, equal to its value where that run
solved the word exactly, and no word the other run gave a tree can be "no tree" in the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from lookahead import INF
from optimal.cli.checkpoint import intact_checkpoint
from optimal.errors import BadInput

RESULTS = Path(__file__).resolve().parent.parent / "results"


@pytest.mark.parametrize("mode", ["normal", "hard", "ultra"])
def test_the_exact_table_agrees_with_the_every_first_word_run(mode):
    _, table = intact_checkpoint(RESULTS / f"exact-all/answers-2315-guesses-12972-{mode}-d6-exact/"
                                           "checkpoint-exact.json")  # digest checked
    run = {r["word"]: r for r in json.loads((RESULTS / f"all-first-words/answers-2315-guesses-12972-"
                                                       f"{mode}-d6/summary.json").read_text())["results"]}
    compared = no_tree = 0
    for word, entry in table.items():
        if not entry["exact"] or word not in run:
            continue
        other = run[word]
        value = INF if entry["upper"] is None else entry["upper"]
        bound = INF if other["value"] is None else other["value"]  # None: proven to have no tree
        assert value >= bound, word  # the other run's proven lower bound (or value)
        if other["exact"]:
            assert value == bound, word
        no_tree += bound == INF
        compared += 1
    assert compared >= 500
    assert no_tree >= (1 if mode != "normal" else 0)  # hard and ultra have first words with none


def test_a_damaged_table_checkpoint_is_refused_by_the_scripts_that_copy_it(tmp_path):
    """build_exact_tables.py and certify_table_sample.py read checkpoints through
    `intact_checkpoint`: one changed figure breaks the digest and is refused, not copied."""
    source = RESULTS / "exact/answers-2315-guesses-12972-normal-d6-exact/checkpoint-exact.json"
    identity, results = intact_checkpoint(source)
    assert identity["mode"] == "normal" and results["salet"]["upper"] == 7920
    damaged = tmp_path / "checkpoint-exact.json"
    damaged.write_text(source.read_text().replace('"upper": 7920', '"upper": 7919', 1))
    with pytest.raises(BadInput, match="digest"):
        intact_checkpoint(damaged)
