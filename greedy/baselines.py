"""Baseline guessers, played over every answer: a random consistent guess, the most frequent
consistent word, and a random one among the most frequent 10 % of consistent words.

They are not trees (a random guesser plays each game afresh), so they are played game by game; the
result is the number of guesses for each answer, reported like a tree's.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from optimal.errors import BadInput, StrategyFailed
from optimal.game import Game

MAX_TURNS = 100  # a consistent guesser always finishes; this only guards against a bad strategy

Guesser = Callable[[np.ndarray, np.random.Generator], int]  # candidates, rng -> answer index


def play_all(game: Game, guesser: Guesser, seed: int = 0) -> np.ndarray:
    """Guesses needed for each answer when `guesser` picks among the consistent candidates."""
    rng = np.random.default_rng(seed)
    out = np.empty(len(game.answers), dtype=np.int64)
    for answer in range(len(game.answers)):
        candidates = game.all_candidates()
        for turn in range(1, MAX_TURNS + 1):
            pick = guesser(candidates, rng)
            if pick == answer:
                out[answer] = turn
                break
            replies = game.matrix[game.guess_of_answer[pick], candidates]
            candidates = candidates[replies == game.matrix[game.guess_of_answer[pick], answer]]
        else:
            raise StrategyFailed(f"the guesser did not find {game.answers.words[answer].upper()} "
                                 f"within {MAX_TURNS} turns")
    return out


def random_guesser(candidates: np.ndarray, rng: np.random.Generator) -> int:
    """A candidate chosen uniformly at random: the baseline that plays any word that could still be
    the answer."""
    return int(rng.choice(candidates))


def word_frequencies(game: Game) -> np.ndarray:
    """English word frequency of each answer (from the optional `wordfreq` package)."""
    try:
        from wordfreq import word_frequency
    except ImportError:
        raise BadInput("the frequency baselines need the wordfreq package: "
                       "pip install 'optimal[freq]'") from None
    return np.array([word_frequency(w, "en") for w in game.answers.words])


def frequent_guesser(frequency: np.ndarray) -> Guesser:
    """The most frequent consistent word (first in list order on ties)."""
    def guess(candidates: np.ndarray, rng: np.random.Generator) -> int:
        return int(candidates[int(np.argmax(frequency[candidates]))])
    return guess


def top_share_guesser(frequency: np.ndarray, share: float = 0.10) -> Guesser:
    """A random word among the most frequent `share` of the consistent words (at least one)."""
    def guess(candidates: np.ndarray, rng: np.random.Generator) -> int:
        k = max(1, int(np.ceil(share * len(candidates))))
        order = np.argsort(-frequency[candidates], kind="stable")[:k]
        return int(candidates[rng.choice(order)])
    return guess


BASELINES = ("random", "frequent", "top10")


def baseline(game: Game, name: str, seeds: list[int]) -> list[np.ndarray]:
    """Guess counts for each seed of a named baseline ('random', 'frequent', 'top10')."""
    if name == "random":
        return [play_all(game, random_guesser, s) for s in seeds]
    frequency = word_frequencies(game)
    if name == "frequent":
        return [play_all(game, frequent_guesser(frequency), 0)]
    if name == "top10":
        return [play_all(game, top_share_guesser(frequency), s) for s in seeds]
    raise BadInput(f"unknown baseline {name!r}; choose random, frequent or top10")
