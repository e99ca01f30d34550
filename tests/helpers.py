"""Small strategies for tests: trees built without the search, so the tree code is tested on its own."""

from __future__ import annotations

from optimal.game import Game
from optimal.tree import Node


def naive_tree(game: Game, candidates=None) -> Node:
    """Always guess the first remaining candidate (valid in normal and hard mode)."""
    candidates = list(game.all_candidates() if candidates is None else candidates)
    guess = game.answers.words[candidates[0]]
    node = Node(guess)
    replies = game.replies_to(guess, candidates)
    for code in sorted(set(int(r) for r in replies)):
        if code != game.won:
            part = [c for c, r in zip(candidates, replies) if r == code]
            node.branches[code] = naive_tree(game, part)
    return node
