"""The best chance of winning when no strategy is sure to: the guess that finds the most answers
within the two or three guesses left.

Why: once the exact search has proved that no strategy finds every remaining answer in time, the
least-total optimum has nothing to say, and the greedy rows answer another question (how far a
guess narrows the answers, not how many it will find). With two guesses left the best chance is
exact and cheap: a guess finds the answer it is, and after any other reply the last guess finds
one answer of those left (the likeliest, with weights), so a guess finds one answer for each reply
it can get (its heaviest, with weights). An answer left is always a legal last guess: it fits
every clue. With three left, a guess finds, for each reply, what the best of two guesses finds in
the answers that reply leaves (in hard mode among the guesses legal after that reply): searched
exactly, guesses in the order of an upper bound, stopping when no guess left can beat the best,
within a deadline (past it: no answer rather than a guess). The bound is weak on large sets, so
there the deadline usually comes first: the search answers for the small families where hard mode
traps a player (five -ATCH words, three guesses: BATCH finds three). Every allowed guess (in hard
mode, every legal one) is counted, so no guess finds more. With four or more left it is not
searched.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

import numpy as np

from optimal.game import ClueState, Game

THREE_LEFT_SECONDS = 2.0  # the three-guess search's deadline (a state's prompt waits for it once)
THREE_LEFT_MOST = 100  # answers past which it is not tried (on large sets the bound is weak)


@dataclass(frozen=True)
class Chance:
    """A guess and how much of the answers it finds within the guesses left: `found` of `whole`
    (answers, or their integer weights on a weighted game)."""

    guess: int
    found: int
    whole: int


def _by_reply(game: Game, candidates: np.ndarray, pool: np.ndarray, weights: np.ndarray
              ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pool guess and reply: the replies (pool x candidates), the heaviest answer's weight
    and the summed weight of the answers that get that reply."""
    replies = game.matrix[np.ix_(pool, candidates)].astype(np.intp)
    rows = np.arange(len(pool))[:, None]
    heaviest = np.zeros((len(pool), game.n_codes), dtype=np.int64)
    np.maximum.at(heaviest, (rows, replies), weights[None, :])
    mass = np.zeros((len(pool), game.n_codes), dtype=np.int64)
    np.add.at(mass, (rows, replies), weights[None, :])
    return replies, heaviest, mass


def _found_with_two(game: Game, candidates: np.ndarray, pool: np.ndarray,
                    weights: np.ndarray) -> np.ndarray:
    """What each pool guess finds with two guesses left: one answer per reply it gets (the
    heaviest; unweighted, the count of its distinct replies, by a sort: several times quicker)."""
    if game.weights is not None:
        return _by_reply(game, candidates, pool, weights)[1].sum(axis=1)
    ordered = np.sort(game.matrix[np.ix_(pool, candidates)], axis=1)
    return 1 + (ordered[:, 1:] != ordered[:, :-1]).sum(axis=1)


def _choose(found: np.ndarray, pool: np.ndarray, game: Game, candidates: np.ndarray) -> int:
    """The index (into `pool`) of the most found: an answer among them first, then pool order."""
    is_candidate = np.isin(pool, game.guess_of_answer[candidates])
    return int(np.lexsort((~is_candidate, -found))[0])


def best_chance(game: Game, candidates: np.ndarray, state: ClueState | None) -> Chance:
    """The guess that finds the most of `candidates` (by weight, on a weighted game) with two
    guesses left, over every guess `state` allows (all of them with None): an answer among them
    before the other guesses, then the list's order."""
    candidates = np.asarray(candidates)
    weights = game.answer_weights[candidates]
    pool = game.legal_ids(state)
    found = _found_with_two(game, candidates, pool, weights)
    best = _choose(found, pool, game, candidates)
    return Chance(int(pool[best]), int(found[best]), int(weights.sum()))


def best_chance_of_three(game: Game, candidates: np.ndarray, state: ClueState | None,
                         seconds: float | None = None) -> Chance | None:
    """The guess that finds the most of `candidates` with three guesses left, over every guess
    `state` allows (all of them with None); None when the search passes `seconds`
    (THREE_LEFT_SECONDS unless given) or there are more than THREE_LEFT_MOST answers. The bound
    that orders and stops it: after a reply, two guesses find at most one answer per reply the
    second gets, and no guess gets more replies on those answers than the most any gets on all of
    them (K; in hard mode the later guesses are among those allowed now), so a reply's answers
    give at most their weight, and at most K times their heaviest."""
    start, seconds = time.monotonic(), THREE_LEFT_SECONDS if seconds is None else seconds
    candidates = np.asarray(candidates)
    if candidates.size > THREE_LEFT_MOST:
        return None
    weights = game.answer_weights[candidates]
    pool = game.legal_ids(state)
    replies, heaviest, mass = _by_reply(game, candidates, pool, weights)
    most_replies = int((mass > 0).sum(axis=1).max())
    bound = np.minimum(mass, most_replies * heaviest).sum(axis=1)
    words, won = game.guesses.words, game.won
    two_left: dict[tuple, int] = {}

    def found_by(i: int, best: int) -> int:  # what pool[i] finds (`best` once it cannot beat it)
        total, left = 0, int(bound[i])
        for code in np.unique(replies[i]):
            members = candidates[replies[i] == code]
            left -= int(min(mass[i, code], most_replies * heaviest[i, code]))
            if code == won or members.size == 1:
                total += int(heaviest[i, code])
            else:
                after = None if state is None else state.after(words[pool[i]], int(code))
                key = (members.tobytes(), after)
                if key not in two_left:
                    inner = game.legal_ids(after)
                    weights_in = game.answer_weights[members]
                    two_left[key] = int(_found_with_two(game, members, inner, weights_in).max())
                total += two_left[key]
            if total + left <= best:
                return best
        return total

    best, best_i = -1, 0
    for i in np.lexsort((-(mass > 0).sum(axis=1), -bound)):  # the bound, then most replies
        if bound[i] <= best:
            break
        if time.monotonic() - start > seconds:
            return None
        found = found_by(int(i), best)
        if found > best:
            best, best_i = found, int(i)
    return Chance(int(pool[best_i]), best, int(weights.sum()))
