"""The best chance of winning when no strategy is sure to: the guess that finds the most answers
within the two guesses left.

Why: once the exact search has proved that no strategy finds every remaining answer in time, the
least-total optimum has nothing to say, and the greedy rows answer another question (how far a
guess narrows the answers, not how many it will find). With two guesses left the best chance is
exact and cheap: a guess finds the answer it is, and after any other reply the last guess finds
one answer of those left (the likeliest, with weights), so a guess finds one answer for each reply
it can get. Every allowed guess (in hard mode, every legal one) is counted, so no guess finds
more. (An answer left is always a legal last guess: it fits every clue.) With three or more guesses
left the question needs a search of its own, which the assistant does not make.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from optimal.game import Game


@dataclass(frozen=True)
class Chance:
    """A guess and how much of the answers it finds within two guesses: `found` of `whole`
    (answers, or their integer weights on a weighted game)."""

    guess: int
    found: int
    whole: int


def best_chance(game: Game, candidates: np.ndarray, pool: np.ndarray) -> Chance:
    """The pool's guess that finds the most of `candidates` (by weight, on a weighted game) with
    two guesses left: an answer among them before the other guesses, then the pool's order."""
    candidates = np.asarray(candidates)
    replies = game.matrix[np.ix_(pool, candidates)].astype(np.intp)
    weights = (np.ones(candidates.size, dtype=np.int64) if game.weights is None
               else game.answer_weights[candidates].astype(np.int64))
    heaviest = np.zeros((len(pool), game.n_codes), dtype=np.int64)  # per guess and reply
    np.maximum.at(heaviest, (np.arange(len(pool))[:, None], replies), weights[None, :])
    found = heaviest.sum(axis=1)
    is_candidate = np.isin(pool, game.guess_of_answer[candidates])
    best = int(np.lexsort((~is_candidate, -found))[0])  # most found, an answer first, pool order
    return Chance(int(pool[best]), int(found[best]), int(weights.sum()))
