"""Greedy trees: time `python -m greedy --table norvig` (all six trees on Norvig's 2,309 words).

Baseline, measured in the same run: the same greedy algorithm scoring each guess with a Python loop
(a Counter of the replies of each guess, as Norvig's notebook does), on one of the six trees. And
the one count behind the assistant's first suggestions (every guess's branch sizes at the start
of the original game, 12,972 x 2,315 replies): `greedy.metrics.counts_matrix` against the former
way, each reply mapped to its column before the histogram (2026-12-06).
Usage: python benchmarks/bench_greedy.py
"""

from __future__ import annotations

import math
from collections import Counter

import numpy as np

from greedy.__main__ import norvig_table
from greedy.builder import greedy_tree
from greedy.metrics import counts_matrix
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


def column_mapped_counts(replies: np.ndarray, n_codes: int) -> np.ndarray:
    """The former histogram: each reply mapped to its column (codes that occur) first."""
    rows, _ = replies.shape
    present = np.zeros(n_codes, dtype=bool)
    present[replies.ravel()] = True
    column = np.cumsum(present) - 1
    width = int(present.sum())
    offsets = (np.arange(rows, dtype=np.int64) * width)[:, None]
    return np.bincount((column[replies] + offsets).ravel(),
                       minlength=rows * width).reshape(rows, width)


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
    original = Game.from_lists("original")
    replies = original.matrix[np.ix_(np.arange(len(original.guesses)), original.all_candidates())]
    now, counts = timed(lambda: counts_matrix(replies, original.n_codes), 5)
    before, former = timed(lambda: column_mapped_counts(replies, original.n_codes), 5)
    assert (counts == former).all()
    print(f"every guess's branch sizes at the start of the original game (12,972 x 2,315): "
          f"counts_matrix {now:.3f} s, column-mapped histogram {before:.3f} s (medians of 5): "
          f"{before / now:.1f}x")


if __name__ == "__main__":
    main()
