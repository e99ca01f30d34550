"""Many boards (Quordle: 4, Octordle: 8): the games, what a played game costs, a sampled estimate
of a strategy's expectation, and a proven lower bound on the optimum's.

The game. k boards, each with its own answer, the k answers different words (as in Quordle and
Octordle); every guess is played on every board not yet solved, and the game ends when every
answer has been guessed. A game's cost is the number of guesses until then (the guess limit,
boards + 5, is reported beside it: how many games a strategy would have lost). The k answers are
drawn uniformly among the ordered k-tuples of different answers: n (n-1) ... (n-k+1) games, about
2.9e13 for Quordle on the 2,315 original answers, too many to replay, so a strategy's expectation
is estimated on sampled games, with a 95% interval (`Estimate`).

What a game costs is read from the guesses alone (`cost`): the turn at which the last answer was
first guessed. The player that chose the guesses cannot make its own figure: it only hands over
its guesses, and `cost` checks them against the answers.

The lower bound (`lower_bound`), proven for every strategy, adaptive or not:

1. A guess is one word, so it solves at most one board (the answers are different): after s
   guesses at most s boards are solved, N_s <= s; and T <= t only if N_s >= k - (t - s) for every
   s <= t (the t - s guesses after the s-th solve at most t - s boards).
2. Board i is solved within 2 guesses only if its answer is the first guess or the second one;
   the second is chosen after one reply on board i (and replies on the other boards, which, given
   the other answers S, say nothing more about board i's answer: it is uniform on the n - k + 1
   answers outside S). So P(board i solved within 1) <= 1 / (n - k + 1) and P(within 2) <=
   R / (n - k + 1), where R is the most distinct replies any guess gets over the answers (each
   reply to the first guess leaves one second guess). Summed over the boards, E[N_1] <= k / (n-k+1)
   and E[N_2] <= min(2, k R / (n - k + 1)).
3. By Markov's inequality, P(T <= t) <= min over s <= t with m = k - t + s >= 1 of E[N_s] / m
   (with N_s <= s: 0 when m > s), and E[T] = sum over t >= 0 of P(T > t).

For Quordle on the original answers this gives 5.739 guesses, for Octordle 9.477: loose where a
strategy needs more than two guesses to solve its first board, but proven, and the gap a sampled
estimate leaves above it is the honest gap.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from importlib import resources

import numpy as np

from optimal.dordle import dordle_limit
from optimal.errors import BadInput
from optimal.game import Game

Z95 = 1.959964  # two-sided 95% normal quantile


def board_limit(boards: int) -> int:
    """The guess limit with k boards: Quordle 9, Octordle 13 (boards + 5, as Dordle's 7)."""
    return dordle_limit(boards)


def game_count(n: int, boards: int) -> int:
    """How many games (ordered k-tuples of different answers) n answers make."""
    return math.perm(n, boards)


def sample_games(n: int, boards: int, count: int, seed: int) -> np.ndarray:
    """`count` games drawn uniformly, independently (with repetition between games), as a
    (count x boards) array of answer indices, the answers within a game different. The same n,
    boards, count and seed give the same games."""
    if boards > n:
        raise BadInput(f"{boards} boards need {boards} different answers; the list has {n}")
    rng = np.random.default_rng(seed)
    out = np.empty((count, boards), dtype=np.int64)
    for row in range(count):
        out[row] = rng.choice(n, boards, replace=False)
    return out


def all_games(n: int, boards: int) -> Iterator[tuple[int, ...]]:
    """Every game (ordered tuple of different answers), in lexicographic order."""
    def extend(prefix: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if len(prefix) == boards:
            yield prefix
            return
        for a in range(n):
            if a not in prefix:
                yield from extend(prefix + (a,))
    return extend(())


def cost(game: Game, answers: Sequence[int], guesses: Sequence[str]) -> int:
    """The guesses a played game took: the turn at which the last of its answers was first
    guessed. Raises BadInput when a guess is not allowed or an answer was never guessed."""
    allowed = game.guess_index
    turn_of: dict[str, int] = {}
    for turn, word in enumerate(guesses, start=1):
        if word not in allowed:
            raise BadInput(f"{word.upper()} is not in the guess list")
        turn_of.setdefault(word, turn)
    words = game.answers.words
    missing = [words[a].upper() for a in answers if words[a] not in turn_of]
    if missing:
        raise BadInput(f"the game never guessed {', '.join(missing)}")
    return max(turn_of[words[a]] for a in answers)


@dataclass(frozen=True)
class Estimate:
    """A strategy's expected guesses estimated from sampled games: the mean, its 95% interval
    (normal, from the sample standard deviation), and how many games went past the limit."""

    games: int
    mean: float
    std: float
    histogram: dict[int, int]
    limit: int

    @classmethod
    def of(cls, counts: np.ndarray, limit: int) -> Estimate:
        """The estimate from each sampled game's guesses."""
        counts = np.asarray(counts, dtype=np.int64)
        if counts.size < 2:
            raise BadInput("an estimate needs at least 2 games")
        values, numbers = np.unique(counts, return_counts=True)
        return cls(int(counts.size), float(counts.mean()), float(counts.std(ddof=1)),
                   {int(v): int(c) for v, c in zip(values, numbers)}, limit)

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean."""
        return Z95 * self.std / math.sqrt(self.games)

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of the mean (low, high)."""
        return self.mean - self.half_width, self.mean + self.half_width

    @property
    def lost(self) -> int:
        """Games that needed more guesses than the limit allows."""
        return sum(c for v, c in self.histogram.items() if v > self.limit)

    def as_dict(self) -> dict:
        """The estimate as JSON-ready values (summary.json)."""
        low, high = self.interval
        return {"games": self.games, "mean": round(self.mean, 5), "std": round(self.std, 5),
                "interval95": [round(low, 5), round(high, 5)], "limit": self.limit,
                "lost": self.lost, "histogram": {str(k): v for k, v in self.histogram.items()}}


def most_replies(game: Game) -> int:
    """R: the most distinct replies any allowed guess gets over the answers."""
    matrix = game.matrix
    best = 0
    for start in range(0, matrix.shape[0], 1024):
        block = np.sort(matrix[start:start + 1024], axis=1)
        distinct = 1 + (block[:, 1:] != block[:, :-1]).sum(axis=1)
        best = max(best, int(distinct.max()))
    return best


@dataclass(frozen=True)
class LowerBound:
    """The proven lower bound on any strategy's expected guesses (see the module): `within[t]`
    bounds P(T <= t) from above, and `mean` = sum over t of (1 - within[t])."""

    boards: int
    answers: int
    most_replies: int
    within: tuple[float, ...]  # within[t] for t = 0, 1, ...; 1.0 from some t on

    @property
    def mean(self) -> float:
        """The bound on the expected guesses: sum over t of (1 - within[t])."""
        return float(sum(1.0 - p for p in self.within))

    def as_dict(self) -> dict:
        """The bound as JSON-ready values (summary.json)."""
        return {"mean": round(self.mean, 5), "boards": self.boards, "answers": self.answers,
                "most_replies": self.most_replies,
                "p_within_at_most": [round(p, 6) for p in self.within]}


def lower_bound(n: int, boards: int, most: int) -> LowerBound:
    """The bound of the module's note for n answers, k boards, and R = `most` distinct replies."""
    k = boards
    if not 1 <= k <= n:
        raise BadInput(f"{k} boards need {k} different answers; the list has {n}")
    rest = n - k + 1  # a board's answer is uniform on this many, given the other answers

    def expected_solved(s: int) -> float:  # an upper bound on E[N_s]
        if s <= 0:
            return 0.0
        if s == 1:
            return min(1.0, k / rest)
        if s == 2:
            return min(2.0, k * most / rest)
        return float(min(s, k))

    within = []
    t = 0
    while True:
        p = 1.0
        for s in range(t + 1):
            m = k - t + s
            if m < 1:
                continue
            if m > s:
                p = 0.0
                break
            p = min(p, expected_solved(s) / m)
        within.append(min(1.0, p))
        if p >= 1.0:
            break
        t += 1
    return LowerBound(k, n, most, tuple(within))


def proven_dordle_mean(game: Game) -> float | None:
    """The proven lower bound on any Dordle strategy's expected guesses that `results/dordle/`
    establishes for exactly this game (single-board floors over every first word; copied into
    optimal/data/dordle/ by scripts/build_dordle_bound.py), or None for another game. Stronger
    than `lower_bound` there (3.958 against 3.869 on the original lists)."""
    for bound in bundled_records("dordle"):
        if bound["boards"] == 2 and game.matches(bound["game"]):
            return bound["lower"] / bound["games"]
    return None


def bundled_records(folder_name: str) -> Iterator[dict]:
    """Every JSON record of a package data folder (optimal/data/<folder_name>/): the figures the
    build scripts copy from `results/`, each naming the game it holds for."""
    folder = resources.files("optimal").joinpath("data", folder_name)
    for path in (folder.iterdir() if folder.is_dir() else ()):
        if path.name.endswith(".json"):
            yield json.loads(path.read_text())


def sampled_estimate(game: Game, boards: int, solve_bonus: float) -> dict | None:
    """What the many-board player with this `solve_bonus` averages on exactly this game and number
    of boards, as a committed sampled run (`results/multi-board/`, copied into optimal/data/boards/
    by scripts/build_boards_estimates.py) estimated it: its mean, 95% interval and sample; None
    when no run played that game. An estimate of one strategy's average, so of an upper bound on
    the optimum's, not a proven one."""
    for record in bundled_records("boards"):
        if (record["boards"] == boards and record["solve_bonus"] == solve_bonus
                and game.matches(record["game"])):
            return record
    return None
