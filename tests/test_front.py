"""`python -m optimal.search --front` and `--tie-break worst` end to end on small custom lists,
against brute force: each cell's total is the least total within that limit over every first word,
a "none" cell is proven over every first word (and confirmed by brute force on a subset of them),
each tie-broken tree is the brute-force optimum, and every written tree passes `optimal.verify`."""

from __future__ import annotations

import json

import numpy as np
import pytest

from optimal.game import HardState
from optimal.search.command import main as search
from optimal.tree import check, read_tree
from optimal.verify import main as verify_main
from tests.conftest import small_game
from tests.test_search_engine import brute_force
from tests.test_tie_break import brute_lexicographic, brute_shortest


@pytest.fixture
def lists(tmp_path):
    game = small_game(40, offset=120)
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    return (["--answers", str(answers), "--guesses", str(guesses), "--out", str(tmp_path / "res"),
             "--quiet", "--jobs", "1"], tmp_path / "res" / "answers-guesses-normal-front", game)


def test_front_values_are_brute_force_least_totals(lists, capsys):
    """Every first word (--top covers them all): each cell's total is the brute-force least total
    within that limit over every first word; limit 2 has none (brute force agrees), and each
    cell's tie-broken tree is the brute-force lexicographic optimum for its word."""
    args, out_dir, game = lists
    assert search(args + ["--front", "2,3,4", "--top", "100", "--tie-break", "worst"]) == 0
    summary = json.loads((out_dir / "summary.json").read_text())
    cells = {c["limit"]: c for c in summary["front"]}
    S = game.all_candidates()
    for limit in (2, 3, 4):
        expected = brute_force(game, S, limit)
        cell = cells[limit]
        if expected == float("inf"):
            assert not cell["feasible"] and cell["checked_all_words"]
            assert "none exists, proven for all" in cell["proven"]
            continue
        assert cell["feasible"] and cell["total"] == expected and cell["exact"]
        limited = game.with_limits(max_guesses=limit)
        tree_file = out_dir / f"d{limit}" / f"{cell['word']}.json"
        assert verify_main([str(tree_file), *args[:4], "--max-depth", str(limit)]) == 0
        counts = check(read_tree(tree_file).tree, limited)
        assert counts.sum() == expected
        # the table shows the tie-broken tree's depth histogram (answers in 1, 2, 3, ... guesses)
        row = next(line for line in (out_dir / "REPORT.md").read_text().splitlines()
                   if line.startswith(f"| {limit} | {cell['word'].upper()} |"))
        assert "tie-broken: " + "/".join(map(str, np.bincount(counts)[1:])) in row
        first = limited.guess_id(cell["word"])
        assert (cell["tie_break"]["longest"], cell["tie_break"]["at_longest"]) == \
            brute_shortest(limited, first, int(expected))
    assert cells[2]["feasible"] is False
    report = (out_dir / "REPORT.md").read_text()
    assert "## Provenance" in report and "| D | first word |" in report
    assert (out_dir / "front.png").read_bytes()[:4] == b"\x89PNG"


def test_front_none_cell_is_checked_over_every_word_by_brute_force(lists):
    """A 'none' cell after checking only the chosen words would prove nothing about the others:
    with --top 3 the front checks every word, and brute force over a subset of the first words
    confirms each has no tree within 2."""
    args, out_dir, game = lists
    assert search(args + ["--front", "2", "--top", "3"]) == 1
    summary = json.loads((out_dir / "summary.json").read_text())
    assert summary["front"][0]["checked_all_words"] and not summary["front"][0]["feasible"]
    limited = game.with_limits(max_guesses=2)
    for first in range(0, len(game.guesses), 4):
        assert brute_lexicographic(limited, first, 2)[0] == float("inf")


def test_front_rejects_bad_options(lists, capsys):
    args, _, _ = lists
    for bad in (["--front", "1,4"], ["--front", "x"], ["--front", "--objective", "worst"],
                ["--tie-break", "worst", "--beam", "5"], ["--front", "--rank", "exact"]):
        assert search(args + bad) == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_tie_break_on_a_single_first_word_writes_both_trees(lists, capsys):
    args, _, game = lists
    out_dir = args[5] + "/answers-guesses-normal-d5"
    assert search(args + ["--first", "lymph", "--max-depth", "5", "--tie-break", "worst"]) == 0
    printed = capsys.readouterr().out
    assert "the longest game takes at least 4 guesses, and at least 3 answer(s) take 4" in printed
    tie = read_tree(f"{out_dir}/lymph.json")
    plain = read_tree(f"{out_dir}/lymph-plain.json")
    limited = game.with_limits(max_guesses=5)
    assert check(tie.tree, limited).sum() == check(plain.tree, limited).sum() == 109
    assert check(tie.tree, limited).max() == 4
    summary = json.loads(open(f"{out_dir}/summary.json").read())
    assert summary["tie_break"]["longest"] == 4 and summary["tie_break"]["at_longest"] == 3


@pytest.mark.slow
def test_hard_front_at_a_tight_limit_starts_from_a_finishing_tree_and_finds_the_least_total(lists):
    """Hard mode at limit 3 and 5: the beam probe would check the limit at every node, so the
    search starts cut off at a verified finishing tree's total (a note says so); each cell's total
    is still the brute-force least total over every first word, in hard mode."""
    args, out_dir, game = lists
    assert search(args + ["--hard", "--front", "3,5", "--top", "100"]) == 0
    summary = json.loads((out_dir.parent / "answers-guesses-hard-front" / "summary.json").read_text())
    cells = {c["limit"]: c for c in summary["front"]}
    hard = game.with_limits(mode="hard")
    S = hard.all_candidates()
    for limit in (3, 5):
        cell = cells[limit]
        expected = brute_force(hard, S, limit, HardState.initial(hard.length))
        assert cell["feasible"] and cell["exact"] and cell["total"] == expected
        assert any("finishing tree totals" in note for note in cell["notes"])
        start = int(next(n for n in cell["notes"] if "finishing tree" in n)
                    .split("start at ")[1].split(":")[0].replace(",", ""))
        assert expected < start
