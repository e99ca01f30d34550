"""The Dordle engine against a plain exhaustive reference on small games: values from both kinds of
two-board states and from one board, with every guess limit that matters, cutoffs, forced first
guesses, memo on and off, beams, bounds, and trees that replay to the values found."""

from __future__ import annotations

import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from lookahead import INF, DordleSolver, dordle_next_guess
from optimal.dordle import verified
from optimal.errors import BadInput
from optimal.game import Game
from optimal.words import WordList, load_words, sample_words
from tests.conftest import SMALL_ANSWERS

EXTRA = ("salet", "crane", "nymph", "blind", "gucks", "vibex")


def tiny_game(n: int, offset: int, limit: int = 7) -> Game:
    """n real answers with themselves and six extra words as guesses: small enough for the
    reference to try every guess at every state."""
    answers = tuple(sorted(SMALL_ANSWERS[offset:offset + n]))
    guesses = tuple(dict.fromkeys(answers + EXTRA))
    return Game(WordList("tiny", answers, "test"), WordList("tiny-guesses", guesses, "test"),
                max_guesses=limit)


def reference(game: Game, board1, board2, guesses_left: int, first: int | None = None) -> float:
    """Least total guesses over the state's games (ordered pairs of different answers, or the
    answers of the one open board), by plain recursion over every guess: no bounds, no kinds, no
    matrix tricks beyond looking up replies. `first` forces the first guess."""
    won = game.won

    def games(a, b) -> int:
        if a is None or b is None:
            return len(a if b is None else b)
        return sum(1 for x in a for y in b if x != y)

    def split(board, g):
        if board is None:
            return [None]
        parts: dict[int, list[int]] = {}
        for x in board:
            parts.setdefault(int(game.matrix[g, x]), []).append(x)
        return [None if code == won else frozenset(p) for code, p in parts.items()]

    def value_of(a, b, left, g) -> float:
        total = games(a, b)
        for a2 in split(a, g):
            for b2 in split(b, g):
                if a2 is not None or b2 is not None:
                    total += best(a2, b2, left - 1)
        return total

    def changes(a, b, g) -> bool:
        """Whether g splits or wins an open board (otherwise it only wastes a guess)."""
        return any(board is not None and split(board, g) != [board] for board in (a, b))

    @lru_cache(maxsize=None)
    def best(a, b, left) -> float:
        if games(a, b) == 0:
            return 0
        if left == 0:
            return float("inf")
        return min(value_of(a, b, left, g) for g in range(len(game.guesses)) if changes(a, b, g))

    def as_set(board):
        return None if board is None else frozenset(int(x) for x in board)

    a, b = as_set(board1), as_set(board2)
    if a is None:
        a, b = b, None
    if first is not None:
        return value_of(a, b, guesses_left, first) if guesses_left else float("inf")
    return best(a, b, guesses_left)


def expected(value: float) -> int:
    return INF if value == float("inf") else int(value)


def states(game: Game, rng: np.random.Generator):
    """Both boards the same set, two disjoint sets, and one board left."""
    everything = game.all_candidates()
    for size in (3, 5, len(everything)):
        chosen = np.sort(rng.choice(everything, size, replace=False))
        yield chosen, chosen
        yield chosen[: size // 2], chosen[size // 2:]
        yield chosen, None


@pytest.mark.parametrize("seed", range(4))
def test_values_match_the_exhaustive_reference(seed):
    game = tiny_game(8, offset=9 * seed)
    solver = DordleSolver(game, cache_mb=16)
    plain = DordleSolver(game, cache_mb=16, memo=False)
    rng = np.random.default_rng(seed)
    for board1, board2 in states(game, rng):
        for left in (2, 3, 4, 7):
            want = expected(reference(game, board1, board2, left))
            assert solver.solve(board1, board2, left) == want, (board1, board2, left)
            assert plain.solve(board1, board2, left) == want


@pytest.mark.parametrize("seed", range(2))
def test_cutoffs_and_forced_first_guesses(seed):
    """Below the cutoff the value is exact; at or above it, a lower bound that reaches the cutoff
    and never passes the true value. A forced first guess gives that guess's value, and its split
    bound never exceeds it."""
    game = tiny_game(9, offset=40 + 7 * seed)
    solver = DordleSolver(game, cache_mb=16)
    rng = np.random.default_rng(10 + seed)
    everything = game.all_candidates()
    for board1, board2 in [(everything, everything), (everything[:4], everything[4:])]:
        want = expected(reference(game, board1, board2, 4))
        for beta in (want - 5, want - 1, want, want + 1):
            value = DordleSolver(game, cache_mb=16).solve(board1, board2, 4, beta)
            if want < beta:
                assert value == want
            else:
                assert beta <= value <= want
        guesses = [int(g) for g in rng.choice(len(game.guesses), 6, replace=False)]
        bounds = solver.split_bounds(board1, board2, 4, guesses)
        for g in guesses:
            forced = expected(reference(game, board1, board2, 4, first=g))
            value, exact = solver.evaluate(board1, board2, g, 4)
            assert (value, exact) == (forced, forced < INF)
            assert bounds[g] <= forced


def assert_cutoff_contract(solver: DordleSolver, board1, board2, left: int, want: int, beta: int):
    value, guess = solver.best_guess(board1, board2, left, beta)
    if want < beta:
        assert (value, guess >= 0) == (want, True), (beta, value)
    else:
        assert beta <= value <= want and guess == -1, (beta, value)


@pytest.mark.parametrize("seed", range(3))
def test_every_cutoff_below_and_above_the_value(seed):
    """The contract at every cutoff from well below the value to above it, with one solver whose
    memo keeps what each search proved (as a rising cutoff uses it)."""
    game = tiny_game(9, offset=60 + 5 * seed)
    everything = game.all_candidates()
    for board1, board2 in [(everything, everything), (everything[:5], everything[5:])]:
        want = expected(reference(game, board1, board2, 4))
        solver = DordleSolver(game, cache_mb=16)
        for beta in range(max(1, want - 25), want + 3):
            assert_cutoff_contract(solver, board1, board2, 4, want, beta)


def test_a_rising_cutoff_on_the_full_guess_list(original):
    """30 answers with all 12,972 guesses: the search hands over from the candidates to a scan of
    every guess, and each step of a rising cutoff keeps the contract (a bound found while the
    candidates were tried once leaked past the scan and returned 2642 below a cutoff of 2658)."""
    sample = sample_words(original.answers, 30, 1)
    chosen = np.array(sorted(original.answer_index[w] for w in sample.words))
    game = original.restricted_to(chosen, sample.name).with_limits(max_guesses=7)
    everything = game.all_candidates()
    want = DordleSolver(game, cache_mb=64).solve(everything, everything, 7)
    solver = DordleSolver(game, cache_mb=64)
    lower = min(b for _, b in solver.ranked_guesses(everything, everything, 7))
    step = 1
    while lower < want:
        assert_cutoff_contract(solver, everything, everything, 7, want, lower + step)
        lower = max(lower, solver.solve(everything, everything, 7, lower + step))
        step *= 4
    assert lower == want


def test_trees_replay_to_the_values_and_beams_are_upper_bounds():
    game = tiny_game(10, offset=3)
    everything = game.all_candidates()
    exact = DordleSolver(game, cache_mb=16)
    value = exact.solve(everything, everything, 7)
    assert value == expected(reference(game, everything, everything, 7))
    tree = verified(exact.tree(everything, everything, 7), game)
    assert tree.total == value and tree.games == 90
    for beam in (1, 2):
        solver = DordleSolver(game, beam=beam, cache_mb=16)
        beam_value = solver.solve(everything, everything, 7)
        assert beam_value >= value
        assert verified(solver.tree(everything, everything, 7), game).total == beam_value


@pytest.mark.parametrize("size,seed", [(30, 5), (40, 3)])
def test_a_limit_aware_beam_finishes_where_a_plain_beam_cannot(size, seed):
    """Four guesses, the answers as the only guesses: a plain one-guess beam keeps, near the
    limit, a guess some of whose parts cannot be finished, and reports no tree; the limit-aware
    beam keeps the first guess that can finish, and its tree replays to its total, at or above
    the exact optimum (which shows a tree exists)."""
    words = sample_words(load_words("answers-2315"), size, seed)
    game = Game(words, words, max_guesses=4)
    everything = game.all_candidates()
    optimum = DordleSolver(game, cache_mb=16).solve(everything, everything, 4)
    assert optimum < INF
    assert DordleSolver(game, beam=1, cache_mb=16, beam_finish=0).solve(everything, everything, 4) >= INF
    aware = DordleSolver(game, beam=1, cache_mb=16)
    total = aware.solve(everything, everything, 4)
    assert optimum <= total < INF
    assert verified(aware.tree(everything, everything, 4), game).total == total


def test_ranking_lists_useful_guesses_with_valid_bounds():
    game = tiny_game(8, offset=20)
    everything = game.all_candidates()
    solver = DordleSolver(game, cache_mb=16)
    ranked = solver.ranked_guesses(everything, everything, 7)
    assert ranked and len({g for g, _ in ranked}) == len(ranked)
    assert [b for _, b in ranked] == sorted(b for _, b in ranked)
    for g, bound in ranked[:5]:
        assert bound <= solver.evaluate(everything, everything, g, 7)[0]


def test_states_no_game_reaches_are_refused():
    game = tiny_game(8, offset=0)
    solver = DordleSolver(game, cache_mb=16)
    with pytest.raises(BadInput):
        solver.solve([0, 1, 2], [2, 3], 7)  # overlapping but different boards
    with pytest.raises(BadInput):
        solver.solve(None, None, 7)
    with pytest.raises(BadInput):
        DordleSolver(game.with_limits(mode="hard"))


def test_next_guess_is_proven_within_budget_and_none_over_it():
    game = tiny_game(10, offset=30)
    everything = game.all_candidates()
    suggestion = dordle_next_guess(game, everything, everything, 7, budget=30.0)
    assert suggestion is not None and suggestion.proven
    assert suggestion.total == expected(reference(game, everything, everything, 7))
    assert dordle_next_guess(game, everything, everything, 7, budget=30.0, max_games=10) is None


def test_next_guess_says_when_no_tree_exists():
    """With one guess left and two boards open no tree finishes every game: the suggestion has no
    word and says so as proven (the assistant's verdict), unlike a state too big to search."""
    game = tiny_game(10, offset=30)
    everything = game.all_candidates()
    assert expected(reference(game, everything, everything, 1)) == INF
    none = dordle_next_guess(game, everything, everything, 1, budget=30.0)
    assert none is not None and none.word is None and none.proven and none.games == 90
    one_board = dordle_next_guess(game, everything[:1], None, 1, budget=30.0)
    assert one_board.word == game.answers.words[int(everything[0])] and one_board.total == 1


def test_counting_a_states_games_compiles_no_kernel():
    """The assistant counts a state's games before any workspace has switched the kernel cache
    on: that count must not compile a kernel (it compiled `pair_weight` without the cache on every
    run, and the assistant announced "compiling the search kernels" each time). In a fresh
    process, so that no earlier test has compiled it."""
    script = ("import numpy as np\n"
              "from lookahead.kernels.pair_bounds import PAIR, SAME, pair_weight\n"
              "from lookahead.solvers.pair import PairState\n"
              "a, b = np.arange(5), np.arange(5, 12)\n"
              "print(PairState(PAIR, a, b).games, PairState(SAME, a, a).games, "
              "len(pair_weight.signatures))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[1], timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["35", "20", "0"]


@pytest.mark.parametrize("seed", range(4))
def test_the_kernels_allocation_free_sorts_order_as_numpy_does(seed):
    """`solve_two` is compiled without reference counting, so it cannot call numba's sorts: its
    own heap sort must sort any stretch of an array (and leave the rest alone), and the children
    must come heaviest first, ties in index order, as the stable argsort it replaced gave them
    (both branches: insertion below 65 children, the packed-key sort above)."""
    from lookahead.kernels.pair_total import heap_sort, order_children
    rng = np.random.default_rng(seed)
    for n in (0, 1, 2, 3, 8, 65, 300):
        a = rng.integers(-10**12, 10**12, size=n + 7)
        lo, hi = 3, 3 + n
        expected = a.copy()
        expected[lo:hi] = np.sort(a[lo:hi])
        heap_sort(a, lo, hi)
        assert np.array_equal(a, expected)
        weight = rng.integers(0, 6 if seed % 2 else 250_000, size=n + 5)  # ties when small
        order = np.full(n + 5, -1, np.int64)
        order_children(order, weight, n)
        assert list(order[:n]) == list(np.argsort(-weight[:n], kind="stable"))
