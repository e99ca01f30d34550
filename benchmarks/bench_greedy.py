"""Greedy trees: time `python -m greedy --table norvig` (all six trees on Norvig's 2,309 words).

Baseline, measured in the same run: the same greedy algorithm scoring each guess with a Python loop
(a Counter of the replies of each guess, as Norvig's notebook does), on one of the six trees.
Usage: python benchmarks/bench_greedy.py
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from greedy.__main__ import norvig_table
from greedy.builder import greedy_tree
from optimal.game import Game
from optimal.tree import Node
from timing import timed


def python_loop_tree(game: Game, candidates: np.ndarray) -> Node:
    """Greedy neg_entropy tree, consistent guesses only, one Counter per guess per node."""
    if len(candidates) == 1:
        return Node(game.answers.words[candidates[0]])
    best, best_score = None, math.inf
    for c in candidates:
        g = int(game.guess_of_answer[c])
        counts = Counter(game.matrix[g, a] for a in candidates).values()
        n = len(candidates)
        score = sum((x / n) * math.log2(x / n) for x in sorted(counts))
        if score < best_score:
            best, best_score = g, score
    node = Node(game.guesses.words[best])
    replies = game.matrix[best, candidates]
    for code in np.unique(replies):
        if code != game.won:
            node.branches[int(code)] = python_loop_tree(game, candidates[replies == code])
    return node


def main() -> None:
    game = Game.from_lists("norvig", max_guesses=64)
    _ = game.matrix
    table, _ = timed(lambda: norvig_table(game), 3)
    ours, _ = timed(lambda: greedy_tree(game, "neg_entropy", "targets"))
    loop, _ = timed(lambda: python_loop_tree(game, game.all_candidates()))
    print(f"python -m greedy --table norvig (six trees, 2,309 words, verification included): "
          f"{table:.2f} s (median of 3; bar 5 s; Norvig's notebook: about 30 s)")
    print(f"one tree (neg_entropy, consistent guesses): vectorized {ours:.2f} s, Python loop per "
          f"guess {loop:.2f} s: {loop / ours:.0f}x")


if __name__ == "__main__":
    main()
