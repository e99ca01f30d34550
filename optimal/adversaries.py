"""The adversaries' rules: Evil Wordle's walk against a tree, Absurdle's reply, Antiwordle's constraint.

They are part of the model, not of any command or engine: the search kernels (`lookahead`) solve
these games fast, and these plain statements of their rules are what the kernels' answers are
replayed against, so a bug in a kernel cannot hide itself.

## Evil Wordle: the adversary who always replies with the largest branch

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

from optimal.errors import BadInput, DefectiveTree
from optimal.game import Game
from optimal.rules.wordle import GREEN, YELLOW, reply_digits
from optimal.tree import Node


Tie = tuple[int, int, tuple[int, ...]]


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


# ---------------------------------------------------------------- Absurdle
# Absurdle keeps, after each guess, the largest bucket of answers that fit. Tie rule (documented,
# deterministic): among equally large buckets it keeps the reply with the fewest greens, then the
# fewest yellows, then the one whose text comes first reading left to right with B < Y < G. So it
# never concedes the all-green reply while another answer remains.


def tie_rank(code: int, length: int) -> Tie:
    """Absurdle's preference among equally large buckets (smaller is kept first)."""
    digits = reply_digits(code, length)
    return digits.count(GREEN), digits.count(YELLOW), tuple(digits)


def absurdle_reply(game: Game, candidates: np.ndarray, guess: str) -> tuple[int, np.ndarray]:
    """Absurdle's reply to `guess` and the answers it keeps (plain numpy: the statement of the rule
    the search's wins are checked against)."""
    replies = game.replies_to(guess, candidates)
    codes, sizes = np.unique(replies, return_counts=True)
    best = min(zip(codes, sizes), key=lambda cs: (-cs[1], tie_rank(int(cs[0]), game.length)))[0]
    return int(best), candidates[replies == best]


def absurdle_replay(game: Game, guesses: list[str]) -> list[tuple[str, int, int]]:
    """(guess, reply, answers left) for each guess played against Absurdle. BadInput for a guess
    not in the list (every one checked first) or one after the win: the replay shows the game as
    played or not at all (it stopped at the win and said nothing of the steps after it)."""
    for guess in guesses:
        game.guess_id(guess)
    candidates, out = game.all_candidates(), []
    for number, guess in enumerate(guesses, 1):
        code, candidates = absurdle_reply(game, candidates, guess)
        out.append((guess, code, len(candidates)))
        if code == game.won and number < len(guesses):
            raise BadInput(f"{guess.upper()} (guess {number}) already wins against Absurdle: no "
                           f"guess can follow it")
    return out


# ---------------------------------------------------------------- Antiwordle
# Every guess must fit every reply so far (be one of the answers still possible where it is
# played), and the player wants to avoid the answer for as long as possible.


def check_antiwordle(tree: Node, game: Game) -> None:
    """DefectiveTree unless every guess of `tree` is one of the answers still possible where it is
    played (Antiwordle's rule)."""
    def walk(node: Node, candidates: np.ndarray) -> None:
        if node.guess not in {game.answers.words[i] for i in candidates}:
            raise DefectiveTree(f"{node.guess.upper()} does not fit the replies before it")
        replies = game.replies_to(node.guess, candidates)
        for code, child in node.branches.items():
            walk(child, candidates[replies == code])
    walk(tree, game.all_candidates())
