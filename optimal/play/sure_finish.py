"""Whether every remaining answer can still be found within the guesses left, when the exact
search is skipped (too many candidates to search at a prompt).

Why: after FUZZY BBBBB (1,352 answers, 5 guesses left) the assistant said "skipped" and nothing
about the question a player asks first: can I still be sure to win? A tree that finds every
answer within the guesses left proves yes, and the greedy tree that plays the guess of smallest
largest group is quick to build (about 2 s at 1,352 answers) and usually does it; when it needs
more guesses than are left, nothing is decided and the verdict says so.
"""

from __future__ import annotations

import numpy as np

from greedy import greedy_tree
from optimal.game import ClueState, Game
from optimal.tree import check

SURE_FINISH_MAX = 3_000  # more candidates: the greedy tree takes too long for a prompt


def greedy_finish(game: Game, candidates: np.ndarray, state: ClueState | None,
                  first: str | None = None) -> tuple[str, int]:
    """The first guess of the smallest-largest-group greedy tree over `candidates` (the legal
    guesses only, given the hard-mode `state`; `first` fixes its first guess), and the most
    guesses it needs for any of them, counted by replaying every candidate through the tree
    (`check`)."""
    pool = "hard" if state is not None else "all"
    tree = greedy_tree(game, "max", pool=pool, first=first, candidates=candidates, state=state,
                       verify=False)
    counts = check(tree, game.restricted_to(candidates).with_limits(max_guesses=64))
    return tree.guess, int(counts.max())


def sure_finish(game: Game, candidates: np.ndarray, state: ClueState | None, left: int,
                start: str | None) -> tuple[str, int]:
    """`greedy_finish` from `start` (the "best max" row's word, so the verdict and the row name
    the same guess); when that tree needs more than the `left` guesses, the greedy tree's own
    first guess, which may still fit (the original lists within 5: ARISE first needs 6, AESIR 5)."""
    found = greedy_finish(game, candidates, state, start)
    if found[1] <= left or start is None:
        return found
    return min(found, greedy_finish(game, candidates, state), key=lambda pair: pair[1])


def finish_verdict(first: str, needed: int, left: int, skipped: str) -> str:
    """The verdict line from `greedy_finish`'s figures: decided when the greedy tree fits in the
    guesses left, else not decided (the exact search, `skipped`, would be needed)."""
    if needed <= left:
        return (f"decided: every remaining answer can be found within the {left} guesses left "
                f"({first.upper()}, then the guess of smallest largest group each time, needs at "
                f"most {needed})")
    return (f"not decided: a greedy tree needs {needed} guesses, more than the {left} left, and "
            f"the exact search is skipped ({skipped})")
