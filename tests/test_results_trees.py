"""Every tree committed under `results/` still passes `optimal.verify`: replayed against every
answer of the lists it names (found by their sha256), with the totals it claims equal to the
replay's. A result folder is evidence; this keeps it from going stale silently when the model
or the lists change."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from optimal.check import main as check_main
from optimal.dordle import read_json as read_dordle_json
from optimal.dordle import verified as verified_dordle
from optimal.game import Game
from optimal.tree import read_tree, selby_lines
from optimal.verify import main as verify_main
from optimal.words import load_words

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


# ---------------------------------------------------------------- Dordle trees (two boards)


def committed_dordle_trees() -> list[Path]:
    """Dordle tree files (`optimal-dordle-tree/...`, gzipped past 100,000 games)."""
    return sorted(p for p in RESULTS.rglob("*.dordle.json*"))


DORDLE_TREES = committed_dordle_trees()


def dordle_game(block: dict) -> Game:
    """The game a Dordle tree file names: its lists loaded by name (a `-sampleN-seedS` answer
    list is drawn again by `load_words`), each checked against the recorded sha256."""
    lists = []
    for key in ("answers", "guesses"):
        name = block[key]["name"]
        words = load_words(name)
        assert words.describe() == block[key], f"{key} {name}: not the list the tree was made on"
        lists.append(words)
    return Game(lists[0], lists[1], max_guesses=block["max_guesses"])


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=[] if p.stat().st_size < 1_000_000 else [pytest.mark.slow])
    for p in DORDLE_TREES], ids=[str(p.relative_to(RESULTS)) for p in DORDLE_TREES])
def test_committed_dordle_tree_verifies(path):
    """Replayed on every ordered pair of different answers with the plain rule: the total, the
    number of games and the proof status are the ones the file claims."""
    tree, document = read_dordle_json(path)
    result = verified_dordle(tree, dordle_game(document["game"]))
    stats = document["stats"]
    assert (result.total, result.games) == (stats["total"], stats["games"])
    assert not stats["proven_optimal"] or stats["lower_bound"] == stats["total"]


CERTIFICATES = sorted(RESULTS.rglob("*.cert.gz"))


@pytest.mark.parametrize("path", [
    pytest.param(p, marks=[] if p.stat().st_size < 30_000 else [pytest.mark.slow])
    for p in CERTIFICATES], ids=[str(p.relative_to(RESULTS)) for p in CERTIFICATES])
def test_committed_certificate_checks(path, capsys):
    """Each committed certificate passes the independent checker, with the tree of the same name
    beside it when there is one (then the tree's total is the certified lower bound)."""
    tree = path.with_name(path.name.removesuffix(".cert.gz") + ".json")
    argv = [str(path)] + ([str(tree)] if tree.exists() else [])
    assert check_main(argv) == 0
    assert "every claim holds" in capsys.readouterr().out


# ---------------------------------------------------------------- the Selby-format twins


TEXT_TREES = sorted(RESULTS.rglob("*.tree.txt"))


def test_results_hold_text_trees():
    assert len(TEXT_TREES) >= 40


@pytest.mark.parametrize("path", TEXT_TREES, ids=[str(p.relative_to(RESULTS)) for p in TEXT_TREES])
def test_committed_text_tree_is_its_verified_json_twin(path):
    """Each `NAME.tree.txt` is, line for line, its `NAME.json` written in Selby's format (the JSON
    twin is replayed above): so a text tree cannot go stale or be edited apart from the tree the
    suite verifies. Its answers are the whole list the JSON names, checked by sha256."""
    twin = path.with_name(path.name.removesuffix(".tree.txt") + ".json")
    document = json.loads(twin.read_text())
    answers = load_words(document["game"]["answers"]["name"])
    assert answers.describe() == document["game"]["answers"]
    tree = read_tree(twin).tree
    assert path.read_text() == "\n".join(selby_lines(tree, answers.words)) + "\n"
