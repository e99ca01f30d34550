"""--weights on the commands (search, verify, compare, greedy, assist), end to end on small lists
with a skewed weights file: every weighted total shown is checked against a weighted brute force
or the replayed counts, never against a recorded number."""

from __future__ import annotations

import json
import re

import numpy as np
import pytest

import greedy.__main__ as greedy_command
from greedy import greedy_tree
from optimal.assist.command import main as assist
from optimal.cli.checkpoint import identity
from optimal.compare import main as compare
from optimal.play.assistant import Assistant
from optimal.search.command import main as search
from optimal.tree import check, read_tree
from optimal.verify import main as verify
from optimal.weights import weights_from_file
from tests.conftest import small_game
from tests.helpers import plain_parts
from tests.test_weights import weighted_brute_force

N = 60


@pytest.fixture
def weighted(tmp_path):
    """(list arguments, weights arguments, the weighted game, results folder) on 60 answers
    whose weights are log-normal (a few answers weigh far more than the rest)."""
    game = small_game(N)
    answers, guesses, weights = (tmp_path / name for name in ("answers.txt", "guesses.txt",
                                                              "prior.txt"))
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    values = np.random.default_rng(4).lognormal(0, 1.5, N)
    weights.write_text("# a prior\n" + "".join(f"{w} {v:.6g}\n" for w, v in
                                                zip(game.answers.words, values))
                       + "extra 5  # not an answer: ignored\n")
    lists = ["--answers", str(answers), "--guesses", str(guesses)]
    game = game.with_weights(weights_from_file(weights, game.answers))
    return lists, ["--weights", str(weights)], game, tmp_path / "res"


def first_word_value(game, word: str) -> int:
    """The least weighted total of a tree starting with `word` (brute force)."""
    g = game.guess_id(word)
    parts = plain_parts(game, g, game.all_candidates())
    return game.weight_of(game.all_candidates()) + sum(
        weighted_brute_force(game, p, game.max_guesses - 1) for c, p in parts.items() if c != game.won)


def test_search_verify_and_checkpoint_with_weights(weighted, capsys):
    lists, weights, game, out = weighted
    assert search(lists + weights + ["--first", "trace,crane", "--jobs", "1", "--out", str(out),
                                     "--quiet"]) == 0
    printed = capsys.readouterr().out
    values = {w: first_word_value(game, w) for w in ("trace", "crane")}
    best = min(values, key=values.get)
    folder = out / "answers-guesses-normal-d6-wprior"
    tree_file = read_tree(folder / f"{best}.json")
    counts = check(tree_file.tree, game)
    assert game.weights.weighted_total(counts) == values[best]
    stats = tree_file.meta["stats"]
    assert stats["proven_optimal"] and stats["weighted"]["weighted_total"] == values[best]
    assert stats["weighted"]["expected"] == pytest.approx(game.weights.expectation(counts), abs=1e-6)
    assert stats["total"] == int(counts.sum()) and stats["lower_bound"] is None
    assert tree_file.meta["game"]["weights"]["sha256"] == game.weights.sha256
    assert f"{best.upper()}: expected {game.weights.expectation(counts):.4f} guesses" in printed
    assert f"weighted total {values[best]:,} of W = {game.weights.total:,}" in printed
    report = (folder / "REPORT.md").read_text()
    assert "Proofs are exact for the quantized weights" in report
    assert f"{game.weights.error_bound(6):.5f}" in report
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["best"]["total"] == values[best]
    assert summary["best"]["weighted"]["weighted_total"] == values[best]
    # verify recomputes the expectation from the replay; without the weights it says so
    assert verify([str(folder / f"{best}.json"), *lists, *weights]) == 0
    shown = capsys.readouterr().out
    assert f"expected guesses under weights prior.txt: {game.weights.expectation(counts):.4f}" in shown
    assert verify([str(folder / f"{best}.json"), *lists]) == 0
    assert "the tree was made for weights 'prior.txt'" in capsys.readouterr().out
    # a weighted checkpoint is another question than the plain one
    plain = game.with_weights(None)
    assert identity(game, "total", 0) != identity(plain, "total", 0)
    assert identity(plain, "total", 0).keys() == identity(game, "total", 0).keys() - {"weights"}


def test_verify_refuses_a_wrong_weighted_claim(weighted, capsys, tmp_path):
    lists, weights, game, out = weighted
    assert search(lists + weights + ["--first", "trace", "--jobs", "1", "--out", str(out),
                                     "--quiet"]) == 0
    path = out / "answers-guesses-normal-d6-wprior" / "trace.json"
    document = json.loads(path.read_text())
    document["stats"]["weighted"]["weighted_total"] += 1
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(document))
    capsys.readouterr()
    assert verify([str(forged), *lists, *weights]) == 1
    assert "the file claims weighted total" in capsys.readouterr().out


def test_compare_shows_both_optima_under_both_objectives(weighted, capsys):
    lists, weights, game, out = weighted
    assert compare(lists + weights + ["--first", "trace", "--beams", "1", "--jobs", "1",
                                      "--no-write"]) == 0
    printed = capsys.readouterr().out
    rows = {}
    for line in printed.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if cells[0].startswith("optimal for TRACE"):
            rows[cells[0]] = (int(cells[2].replace(",", "")), float(cells[3]), float(cells[4]))
    weighted_row = rows["optimal for TRACE, weights prior.txt (proven)"]
    uniform_row = rows["optimal for TRACE, uniform (proven)"]
    # each optimum wins on its own objective (the expectation up to the quantization error)
    assert uniform_row[0] <= weighted_row[0]
    assert weighted_row[2] <= uniform_row[2] + 2 * game.weights.error_bound(6) + 1e-4
    assert "expected (prior.txt)" in printed
    assert re.search(r"weighted optimum .* uniform optimum", printed)


def test_greedy_with_weights_reports_the_expectation_of_its_tree(weighted, capsys):
    lists, weights, game, out = weighted
    assert greedy_command.main(lists + weights + ["--metric", "expectation"]) == 0
    printed = capsys.readouterr().out
    tree = greedy_tree(game, "expectation", "all")
    counts = check(tree, game.with_limits(max_guesses=64))
    assert f"first guess {tree.guess.upper()}" in printed
    assert f"expected guesses under weights prior.txt: {game.weights.expectation(counts):.4f}" in printed


def test_assist_optimum_with_weights_is_the_weighted_brute_force(weighted, capsys):
    lists, weights, game, out = weighted
    assert assist(lists + weights + ["--history", "trace=BBBBB"]) == 0
    printed = capsys.readouterr().out
    left = np.flatnonzero(game.matrix[game.guess_id("trace")] == game.parse_reply("BBBBB"))
    total = int(weighted_brute_force(game, left, 5))
    line = next(line for line in printed.splitlines() if line.strip().startswith("optimal"))
    assert f"expected {total / game.weight_of(left):.3f} more guesses" in line and "proven" in line
    # the printed line drops the quantized total (no use to a player); the value keeps it
    assistant = Assistant(game)
    assistant.play("trace", ["BBBBB"])
    row = next(s for s in assistant.analysis().suggestions if s.label == "optimal")
    assert (row.total, row.status) == (total, "proven")


@pytest.mark.parametrize("argv, message", [
    (["--objective", "worst", "--first", "trace"], "--weights goes with the total objective"),
])
def test_search_refuses_weights_where_they_mean_nothing(weighted, capsys, argv, message):
    lists, weights, game, out = weighted
    assert search(lists + weights + argv + ["--out", str(out), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert message in err and len(err.strip().splitlines()) == 1
