"""Many boards (Quordle, Octordle): a player for the joint state, games played by it, and the exact
optimum of small games.

The player (`BoardsPlayer`) sees only what a human sees: each unsolved board's candidate set,
narrowed by the replies so far. Its rule, in order:

1. a board whose answer is known (one candidate) is finished first: that guess is sure to solve a
   board, and no other guess can do better than solve one;
2. otherwise the guess with the most information summed over the unsolved boards (the entropy of
   each board's split, in bits), plus `solve_bonus` bits times the chance that it solves a board
   (the sum over the boards of 1/|C| for each board whose candidates C hold it): a guess that may
   solve a board saves a turn, which the information alone does not see. Ties go to the earlier
   guess in list order.

With `solve_bonus` 0 this is the assistant's former "most information" rule, kept as the greedy
baseline. The bonus was chosen on sampled games apart from those of the published estimate
(`benchmarks/bench_boards.py`).

`exact_total` is the least total over every game of a small list (every ordered k-tuple of
different answers) by a memoized search over the sets of games still possible; it is exponential
and refuses lists where the games or the guesses are too many.
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Sequence
from functools import cache

import numpy as np

from lookahead.kernels.boards import board_entropy, xlogx_table
from lookahead.spaces.kernel_cache import use_kernel_cache
from optimal.errors import BadInput
from optimal.game import Game
from optimal.multiboard import all_games

DEFAULT_SOLVE_BONUS = 2.0  # bits; see the module note
CACHE_ENTRIES = 4096  # candidate sets whose scores are kept (a float32 per guess each)
MAX_TURNS = 64  # the rule always makes progress; this only guards against a bug
EXACT_MAX_GAMES = 5_000
EXACT_MAX_GUESSES = 64


class BoardsPlayer:
    """The rule of the module note over one game's lists; scores cached by candidate set (every
    board starts from the same set, and the boards of different games share their sets for a
    few guesses)."""

    def __init__(self, game: Game, solve_bonus: float = DEFAULT_SOLVE_BONUS,
                 cache_entries: int = CACHE_ENTRIES) -> None:
        if game.hard:
            raise BadInput("the many-board games have no hard mode")
        use_kernel_cache()
        self.game = game
        self.solve_bonus = float(solve_bonus)
        self.matrix = np.ascontiguousarray(game.matrix)
        self.transposed = np.ascontiguousarray(self.matrix.T)
        self.xlogx = xlogx_table(len(game.answers))
        self.guess_of_answer = game.guess_of_answer
        self.cache: OrderedDict[bytes, np.ndarray] = OrderedDict()
        self.cache_entries = cache_entries
        self.scored = 0  # candidate sets scored (not found in the cache)

    def entropy(self, candidates: np.ndarray) -> np.ndarray:
        """Each guess's information on a board with these candidates (bits, float32)."""
        key = candidates.tobytes()
        found = self.cache.get(key)
        if found is not None:
            self.cache.move_to_end(key)
            return found
        out = np.empty(self.matrix.shape[0], dtype=np.float64)
        board_entropy(self.matrix, self.transposed, candidates.astype(np.int64), self.game.n_codes,
                      self.xlogx, out)
        scores = out.astype(np.float32)
        self.scored += 1
        self.cache[key] = scores
        if len(self.cache) > self.cache_entries:
            self.cache.popitem(last=False)
        return scores

    def next_guess(self, boards: Sequence[np.ndarray]) -> int:
        """The guess (an index into the guess list) for the unsolved boards' candidate sets."""
        known = [b for b in boards if len(b) == 1]
        if known:
            return int(self.guess_of_answer[known[0][0]])
        total = np.zeros(self.matrix.shape[0], dtype=np.float64)
        for candidates in boards:
            total += self.entropy(candidates)
            if self.solve_bonus:
                total[self.guess_of_answer[candidates]] += self.solve_bonus / len(candidates)
        return int(np.argmax(total))

    def figures(self, boards: Sequence[np.ndarray], guess: int) -> tuple[float, float]:
        """(information in bits summed over the boards, chance of solving one) of a guess."""
        bits = float(sum(self.entropy(c)[guess] for c in boards))
        word_of = self.guess_of_answer
        chance = float(sum(1.0 / len(c) for c in boards if (word_of[c] == guess).any()))
        return bits, chance

    def play(self, answers: Sequence[int], limit: int = MAX_TURNS) -> list[int]:
        """The guesses this player makes in the game with these answers (one per board), until
        every board is solved (`limit` turns at most)."""
        matrix, won = self.matrix, self.game.won
        everything = self.game.all_candidates()
        boards = {k: everything for k in range(len(answers))}
        guesses: list[int] = []
        while boards and len(guesses) < limit:
            guess = self.next_guess(list(boards.values()))
            guesses.append(guess)
            row = matrix[guess]
            for k in list(boards):
                reply = row[answers[k]]
                if reply == won:
                    del boards[k]
                else:
                    boards[k] = boards[k][row[boards[k]] == reply]
        return guesses


def play_games(player: BoardsPlayer, games: np.ndarray,
               on_game: Callable[[int], None] | None = None) -> list[list[int]]:
    """Each game's guesses (indices into the guess list), played by `player`."""
    out = []
    for number, answers in enumerate(games):
        out.append(player.play([int(a) for a in answers]))
        if on_game is not None:
            on_game(number + 1)
    return out


# ---------------------------------------------------------------- the exact optimum of small games


def exact_refusal(game: Game, boards: int) -> str | None:
    """Why `exact_total` refuses this game (too many games or guesses for a search that is
    exponential and kept in Python sets), or None: so a command can refuse before other work."""
    n, g = len(game.answers), len(game.guesses)
    count = 1
    for i in range(boards):
        count *= max(n - i, 0)
    if count > EXACT_MAX_GAMES or g > EXACT_MAX_GUESSES or boards > n:
        return (f"an exact search of {boards} boards is for small lists: {count:,} games "
                f"(at most {EXACT_MAX_GAMES:,}) and {g} guesses (at most {EXACT_MAX_GUESSES})")
    return None


def exact_total(game: Game, boards: int, limit: int | None = None,
                on_first: Callable[[int], None] | None = None) -> tuple[int, int]:
    """(least total, a best first guess) over every game of k = `boards` boards on the game's
    lists: the sum over the ordered k-tuples of different answers of the guesses to find them all,
    within `limit` guesses (default boards + 5); a total of -1 when no strategy finishes every game
    within the limit. Memoized on the set of games still possible (each game as its answers, a
    solved board's as -1), pruned by the best total found so far. `on_first(i)` is called after
    the i-th first guess is settled (the search's progress: it can take minutes)."""
    refusal = exact_refusal(game, boards)
    if refusal:
        raise BadInput(refusal)
    n, g = len(game.answers), len(game.guesses)
    limit = boards + 5 if limit is None else limit
    matrix = np.asarray(game.matrix)
    answer_of = {int(game.guess_of_answer[a]): a for a in range(n)}
    inf = 1 << 60

    def children(state: frozenset, guess: int) -> dict[tuple, list]:
        parts: dict[tuple, list] = {}
        solved = answer_of.get(guess, -2)
        for games in state:
            key = tuple(-1 if a < 0 else int(matrix[guess, a]) for a in games)
            rest = tuple(-1 if a == solved else a for a in games)
            parts.setdefault(key, []).append(rest)
        return parts

    def floor(state: frozenset) -> int:
        """Each game needs a guess per unsolved board."""
        return sum(sum(1 for a in games if a >= 0) for games in state)

    @cache
    def value(state: frozenset, left: int) -> int:
        """The least total over these games with `left` guesses left (inf if none finishes)."""
        best = inf
        if left == 0:
            return inf
        need = floor(state)
        for guess in range(g):
            total = len(state)
            for rest in children(state, guess).values():
                open_games = frozenset(r for r in rest if any(a >= 0 for a in r))
                if not open_games:
                    continue
                if len(open_games) == len(state) and open_games == state:
                    total = inf  # this guess tells nothing and solves nothing
                    break
                if total + floor(open_games) >= best:
                    total = inf
                    break
                total += value(open_games, left - 1)
                if total >= best:
                    break
            if total < best:
                best = total
                if best == need:
                    break
        return best

    start = frozenset(all_games(n, boards))
    best_total, best_guess = inf, -1
    for guess in range(g):
        total = len(start)
        for rest in children(start, guess).values():
            open_games = frozenset(r for r in rest if any(a >= 0 for a in r))
            if open_games and open_games != start:
                total += value(open_games, limit - 1)
            elif open_games:
                total = inf
            if total >= best_total:
                break
        if total < best_total:
            best_total, best_guess = total, guess
        if on_first is not None:
            on_first(guess + 1)
    return (-1 if best_total >= inf else best_total), best_guess

