"""The subset argument behind `results/big-game/within-5/`: a tree that finds every answer of a game
within D guesses finds every answer of any subset of its answers within D too (replay it: each
answer's path is unchanged). So when no first guess can finish a subset within D, none can finish
the whole game within D. The big game's "no first word finds every answer within 5" is proven on
the 19 -ILLS words this way; here the engine's verdicts on such a family are checked against brute
force, and the argument itself against the engine on the whole game, on games small enough for both.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lookahead.questions.first_guesses import useful_first_guesses
from lookahead.solvers.single import Solver
from optimal.game import Game
from optimal.words import WordList, load_words
from tests.test_worst_case import brute_feasible_first_words

ILLS = tuple(w for w in load_words("guesses-12972").words if w.endswith("ills"))


def family_games(extra: int, seed: int, depth: int, mode: str = "normal",
                 size: int = len(ILLS)) -> tuple[Game, Game]:
    """(the first `size` words of the -ILLS family alone, the same with `extra` other words as
    answers), each with the same guesses: the family, the extra words and a seeded sample of the
    allowed words."""
    family = ILLS[:size]
    rng = np.random.default_rng(seed)
    words = load_words("guesses-12972").words
    others = [w for w in words if w not in ILLS]
    picked = [others[i] for i in rng.choice(len(others), extra + 120, replace=False)]
    guesses = WordList("g", tuple(dict.fromkeys(ILLS + tuple(picked))), "test")
    small = Game(WordList("ills", family, "test"), guesses, mode=mode, max_guesses=depth)
    large = Game(WordList("ills+", family + tuple(picked[:extra]), "test"), guesses, mode=mode,
                 max_guesses=depth)
    return small, large


def engine_feasible(game: Game) -> set[str]:
    """The first guesses after which the engine finishes every part within the guesses left."""
    solver = Solver(game, cache_mb=16, pair_mb=8)
    out = set()
    for g, word in enumerate(game.guesses.words):
        parts = solver.parts(game.all_candidates(), g)
        if all(solver.can_finish(p, game.max_guesses - 1, solver.child_state(None, g, c))
               for c, p in parts):
            out.add(word)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_the_family_verdicts_are_brute_forces_and_bound_the_whole_game(seed):
    """Eight of the family within 4: some first guesses finish it (so the test is not empty), and
    with 40 more answers fewer do."""
    small, large = family_games(extra=40, seed=seed, depth=4, size=8)
    feasible_small = engine_feasible(small)
    assert feasible_small and feasible_small == brute_feasible_first_words(small)
    feasible_large = engine_feasible(large)
    # the argument: a first guess that cannot finish the family cannot finish the whole game
    assert feasible_large < feasible_small
    # and the whole game's own question, asked once at its root, agrees with the first guesses'
    root = Solver(large, cache_mb=16, pair_mb=8).can_finish(large.all_candidates(),
                                                            large.max_guesses)
    assert root == bool(feasible_large)


def test_the_family_cannot_be_finished_in_three_with_these_guesses():
    """With three guesses the 19 words cannot be told apart (a guess names at most five first
    letters): the engine says no for every first guess, as brute force does."""
    small, _ = family_games(extra=0, seed=3, depth=3)
    assert engine_feasible(small) == brute_feasible_first_words(small) == set()


def test_hard_mode_family_verdicts_are_brute_forces():
    small, large = family_games(extra=20, seed=4, depth=4, mode="hard", size=8)
    feasible_small = engine_feasible(small)
    assert feasible_small and feasible_small == brute_feasible_first_words(small)
    assert engine_feasible(large) <= feasible_small


WITHIN_5 = Path(__file__).resolve().parent.parent / "results" / "big-game" / "within-5"
RESULTS_LISTS = Path(__file__).resolve().parent.parent / "optimal" / "data"


def test_committed_within_5_proof_covers_every_first_guess_and_still_holds():
    """The committed run: its answers are the 19 -ILLS words, all of them answers of the big game
    (`--lists big`: every allowed word); every useful first guess is listed as failing (the others
    split nothing and win nothing: the same set is left with a guess fewer); and a few of them,
    searched again now, still cannot finish."""
    answers = load_words(str(WITHIN_5 / "ills-19.txt"))
    assert answers.words == ILLS and set(ILLS) <= set(load_words("guesses-12972").words)
    run = WITHIN_5 / "ills-19-guesses-12972-normal-d5-worst"
    summary = json.loads((run / "summary.json").read_text())
    assert summary["game"]["answers"] == answers.describe()
    assert summary["objective"] == "worst" and summary["max_guesses"] == 5
    assert summary["feasible"] == [] and not any(r["feasible"] for r in summary["results"])
    game = Game(answers, load_words("guesses-12972"), max_guesses=5)
    useful = {game.guesses.words[g] for g in useful_first_guesses(game)}
    assert {r["word"] for r in summary["results"]} == useful and len(useful) == 12_922
    solver = Solver(game, cache_mb=64, pair_mb=64)
    for word in ("nymph", "bills"):
        g = game.guess_id(word)
        assert not all(solver.can_finish(p, 4) for _, p in solver.parts(game.all_candidates(), g))


def test_an_independent_count_four_guesses_hold_at_most_17_of_the_19_first_letters():
    """The second check, sharing nothing with the engine (Peattie's argument): two -ILLS words
    whose first letters a guess does not contain get the same reply from it. So a tree reaches its
    fifth guess with every -ILLS answer whose first letter none of the four guesses on that path
    holds, all in one node, where one guess finds one of them: within 5, the four guesses before
    it must hold 18 of the 19 first letters. Counted over every allowed word: at most 17."""
    words = (RESULTS_LISTS / "guesses-12972.txt").read_text().split()
    firsts = sorted({w[0] for w in words if w.endswith("ills")})
    assert len(firsts) == 19
    bit = {c: 1 << i for i, c in enumerate(firsts)}
    masks = np.array(sorted({sum(bit[c] for c in set(w) if c in bit) for w in words}), np.int64)
    pairs = np.unique(masks[:, None] | masks[None, :])  # what two guesses can hold
    # covers[s]: some two guesses hold every letter of s (a superset closure over the 2**19 sets)
    covers = np.zeros(1 << 19, bool)
    covers[pairs] = True
    for b in range(19):
        view = covers.reshape(-1, 2, 1 << b)
        view[:, 0, :] |= view[:, 1, :]
    full = (1 << 19) - 1

    def four_hold(target: int) -> bool:
        """Whether four guesses hold every letter of `target`: two and two."""
        return bool(covers[target & ~pairs].any())

    assert not any(four_hold(full & ~(1 << b)) for b in range(19))  # never 18 of the 19 (nor 19)
    # and 17 of them is reached
    assert any(four_hold(full & ~(1 << a) & ~(1 << b)) for a in range(19) for b in range(a))
