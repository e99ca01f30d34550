"""Evil Wordle against a tree: the adversary who always replies with the largest branch.

The adversary does not pick an answer in advance; after each guess of the tree it gives the reply
that keeps the most answers possible (the all-green reply only when it is the last one left). The
game it forces is the longest a tree can be made to play by an opponent who keeps its options open
greedily, one step at a time.

Tie rule (deterministic, documented): among equally large branches the adversary takes the one
whose earliest answer comes first in the answer list (Norvig's rule: his partitions list replies in
the order their first target appears).
"""

from __future__ import annotations

import numpy as np

from optimal.errors import DefectiveTree
from optimal.game import Game
from optimal.tree import Node


def evil_game(tree: Node, game: Game) -> list[tuple[str, int]]:
    """The (guess, reply) steps the greedy adversary forces on `tree`, ending with the win."""
    candidates = game.all_candidates()
    node, steps = tree, []
    while True:
        if node.guess not in game.guess_index:
            raise DefectiveTree(f"guess {node.guess.upper()} is not in the guess list")
        replies = game.matrix[game.guess_id(node.guess), candidates]
        codes, first, sizes = np.unique(replies, return_index=True, return_counts=True)
        order = sorted(range(len(codes)),
                       key=lambda i: (codes[i] == game.won, -sizes[i], candidates[first[i]]))
        code = int(codes[order[0]])
        steps.append((node.guess, code))
        if code == game.won:
            return steps
        if code not in node.branches:
            raise DefectiveTree(f"after {node.guess.upper()} {game.reply_text(code)} the tree has no "
                                "next guess")
        candidates = candidates[replies == code]
        node = node.branches[code]


def evil_text(steps: list[tuple[str, int]], game: Game) -> str:
    """'ARISE ..... -> BLOND ..... -> ... (5 guesses)'."""
    path = " -> ".join(f"{g.upper()} {game.reply_text(c)}" for g, c in steps)
    return f"{path} ({len(steps)} guesses)"
