"""Greedy trees: at every node play the guess that minimizes a metric of the split it makes.

Guess pools (which guesses a node may play):
- `targets`: only the remaining candidates (Norvig: inconsistent guesses prohibited);
- `targets+inconsistent`: any allowed guess when 3 < candidates <= 125, else only candidates
  (Norvig: inconsistent guesses allowed; in his notebook the allowed guesses are the 2,309 answers,
  and his nine -AILS targets take their guesses from that list);
- `all`: any allowed guess;
- `hard`: the guesses legal in hard mode.
Ties go to the first word in the pool's order (the list's order). Every tree is verified before it
is returned. On a weighted game the metrics score the split of the candidates' probability mass
instead of their number (`greedy.metrics.mass_matrix`).
"""

from __future__ import annotations

import numpy as np

from greedy.metrics import METRICS, Metric, counts_matrix, mass_matrix
from optimal.errors import BadInput
from optimal.game import Game, HardState
from optimal.tree import Node, check

INCONSISTENT_MIN, INCONSISTENT_MAX = 3, 125  # Norvig's thresholds for 'inconsistent allowed'
POOLS = ("targets", "targets+inconsistent", "all", "hard")


def pool_for(game: Game, pool: str, candidates: np.ndarray, state: HardState | None) -> np.ndarray:
    """Guess indices a node may play, in list order."""
    if pool == "targets":
        return game.guess_of_answer[candidates]
    if pool == "targets+inconsistent":
        if INCONSISTENT_MIN < len(candidates) <= INCONSISTENT_MAX:
            return np.arange(len(game.guesses))
        return game.guess_of_answer[candidates]
    if pool == "all":
        return np.arange(len(game.guesses))
    if pool == "hard":
        return game.legal_ids(state or game.hard_state([]))
    raise BadInput(f"unknown pool {pool!r}; choose one of {', '.join(POOLS)}")


def score_guesses(game: Game, metric: Metric, candidates: np.ndarray,
                  pool: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The metric of every guess of the pool at a node, and its counts matrix (one vectorized
    count over the block of replies, no loop over guesses); on a weighted game, its mass matrix.
    A guess leaves the candidates unsplit when a row's largest entry is the row's sum."""
    replies = game.matrix[np.ix_(pool, candidates)]
    if game.weights is None:
        counts = counts_matrix(replies, game.n_codes)
    else:
        counts = mass_matrix(replies, game.weights.probabilities[candidates], game.n_codes)
    return metric(counts), counts


def best_guess(game: Game, metric: Metric, candidates: np.ndarray, pool: np.ndarray) -> int:
    """The pool's guess with the least metric (first in pool order on ties). Guesses that do not
    split the candidates and are not one of them are never chosen: they make no progress."""
    scores, counts = score_guesses(game, metric, candidates, pool)
    is_candidate = np.isin(pool, game.guess_of_answer[candidates])
    useless = (counts.max(axis=1) == counts.sum(axis=1)) & ~is_candidate
    if useless.all():
        raise BadInput("no guess in the pool splits the candidates")
    scores = np.where(useless, np.inf, scores)
    return int(pool[int(np.argmin(scores))])


def greedy_tree(game: Game, metric: str | Metric = "neg_entropy", pool: str = "targets",
                first: str | None = None, candidates: np.ndarray | None = None,
                state: HardState | None = None, verify: bool = True) -> Node:
    """The greedy tree for a game (or from a state), optionally with a fixed first guess."""
    if isinstance(metric, str) and metric not in METRICS:
        raise BadInput(f"unknown metric {metric!r}; choose one of {', '.join(METRICS)}")
    metric_fn = METRICS[metric] if isinstance(metric, str) else metric
    if pool == "hard" and not game.hard:
        game = game.with_limits(mode="hard")
    root_candidates = game.all_candidates() if candidates is None else np.asarray(candidates)

    def build(cands: np.ndarray, hard_state: HardState | None, forced: int | None) -> Node:
        if len(cands) == 1 and forced is None:
            return Node(game.answers.words[cands[0]])
        guess = forced if forced is not None else best_guess(
            game, metric_fn, cands, pool_for(game, pool, cands, hard_state))
        word = game.guesses.words[guess]
        node = Node(word)
        replies = game.matrix[guess, cands]
        for code in np.unique(replies):
            if code != game.won:
                child_state = hard_state.after(word, int(code)) if hard_state is not None else None
                node.branches[int(code)] = build(cands[replies == code], child_state, None)
        return node

    hard_state = (state or game.hard_state([])) if pool == "hard" else None
    tree = build(root_candidates, hard_state, game.guess_id(first) if first else None)
    if verify and state is None:
        scope = game if candidates is None else game.restricted_to(root_candidates)
        check(tree, scope.with_limits(max_guesses=max(64, game.max_guesses)))
    return tree
