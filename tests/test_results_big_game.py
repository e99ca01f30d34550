"""The big game's committed optima (`--lists big`: every allowed word an answer, normal mode), LANTS
52,896 within 6 and TARES 52,602 within 7, checked a second way on subsets: in an optimal tree
every branch is played optimally (the total is a sum over the branches, each played alone), so
each small branch's subtree must have the least total a plain exhaustive recursion over every
guess finds for that branch's answers with the guesses left (`brute_force`, no bounds). The trees
themselves are replayed on all 12,972 answers in `test_results_trees.py`.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from optimal.game import Game
from optimal.tree import Node, node_from_json, verify
from optimal.words import WordList, load_words
from tests.helpers import by_reply
from tests.test_search_engine import brute_force

BIG = Path(__file__).resolve().parent.parent / "results" / "big-game"
TREES = {"lants-d6": BIG / "guesses-12972-guesses-12972-normal-d6" / "lants.json",
         "tares-d7": BIG / "guesses-12972-guesses-12972-normal-d7" / "tares.json"}


def small_branches(path: Path, sizes: range, count: int, seed: int):
    """(first word, reply, answers, subtree, guesses left) of `count` branches of the tree's first
    guess whose answers number within `sizes`, drawn with `seed`; answers by the plain rule."""
    document = json.loads(path.read_text())
    assert document["stats"]["proven_optimal"]
    words = load_words(document["game"]["answers"]["name"])
    assert words.describe() == document["game"]["answers"] == document["game"]["guesses"]
    tree = node_from_json(document["tree"], 5)
    groups = by_reply(tree.guess, words.words)
    fitting = sorted(code for code in tree.branches if len(groups[code]) in sizes)
    chosen = random.Random(seed).sample(fitting, count)
    left = document["game"]["max_guesses"] - 1
    found = [(tree.guess, code, tuple(groups[code]), tree.branches[code], left) for code in chosen]
    return found, words


#: Branches of 4-6 answers take the brute force a second or two each (every one of the 12,972
#: guesses is tried at every node), of 8 answers about 20 s, so larger ones are left out.
@pytest.mark.parametrize("name, sizes, count", [
    ("lants-d6", range(4, 7), 2), ("tares-d7", range(4, 7), 2),
    pytest.param("lants-d6", range(7, 9), 2, marks=pytest.mark.slow),
    pytest.param("tares-d7", range(7, 9), 2, marks=pytest.mark.slow)])
def test_small_branches_of_the_optimal_trees_are_optimal_by_brute_force(name, sizes, count):
    branches, words = small_branches(TREES[name], sizes, count, seed=len(name))
    for first, code, answers, subtree, left in branches:
        part = Game(WordList("branch", answers, "test"), words, "normal", left + 1)
        replay = verify(Node(first, {code: subtree}), part)
        assert replay.ok
        total = sum(replay.guesses.values()) - len(answers)  # the guesses after the first
        assert total == brute_force(part, range(len(answers)), left), (first, answers)
