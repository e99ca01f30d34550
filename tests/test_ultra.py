"""Ultra-hard mode (every guess could be the answer): its rule against the plain statement (a guess
is allowed when every reply so far is the reply it would get as the answer), and the search's
values against an exhaustive reference that knows only that statement."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from lookahead import INF
from lookahead.solvers.single import Solver
from optimal.cli.checkpoint import intact_checkpoint
from optimal.game import Game, HardState
from optimal.rules.ultra import UltraState
from optimal.rules.wordle import parse_reply, reply
from optimal.words import WordList, load_words
from tests.conftest import small_game
from tests.helpers import CouldBeTheAnswer
from tests.test_search_engine import brute_force
from tests.test_worst_case import brute_can_finish


def random_histories(game, count: int, seed: int, steps: int = 3):
    """Histories of real play: a hidden answer, random guesses and the replies they got."""
    rng = np.random.default_rng(seed)
    for _ in range(count):
        answer = game.answers.words[rng.integers(len(game.answers))]
        history = []
        for _ in range(rng.integers(1, steps + 1)):
            guess = game.guesses.words[rng.integers(len(game.guesses))]
            history.append((guess, reply(guess, answer)))
        yield history


@pytest.mark.parametrize("count", [15, pytest.param(150, marks=pytest.mark.slow)])
def test_the_rule_is_could_be_the_answer_word_by_word(original, count):
    """On the original lists, random histories, every one of the 12,972 guesses: allowed exactly
    when every reply so far is the one it would get as the answer (and `allows` agrees)."""
    words = original.guesses.words
    for history in random_histories(original, count, seed=1):
        state = UltraState.initial(5)
        for guess, code in history:
            state = state.after(guess, code)
        mask = original.legal_mask(state)
        plain = np.array([all(reply(g, w) == c for g, c in history) for w in words])
        wrong = [words[i] for i in np.flatnonzero(mask != plain)[:3]]
        assert not wrong, (history, wrong)
        sample = np.random.default_rng(len(history)).choice(len(words), 200, replace=False)
        assert all(state.allows(words[i]) == plain[i] for i in sample), history


def test_ultra_allows_no_more_than_hard_mode(original):
    """Every ultra-hard guess is a hard-mode guess (greens kept, scored letters kept)."""
    for history in random_histories(original, 100, seed=2):
        ultra, hard = UltraState.initial(5), HardState.initial(5)
        for guess, code in history:
            ultra, hard = ultra.after(guess, code), hard.after(guess, code)
        assert not (original.legal_mask(ultra) & ~original.legal_mask(hard)).any()


def test_the_reasons_name_the_clue_broken():
    state = UltraState.initial(5).after("salet", int("0" * 5, 3))  # all grey
    assert state.violation("crane") == "it cannot contain A and E"
    state = UltraState.initial(5).after("crane", sum(d * 3**i for i, d in enumerate([1, 0, 0, 0, 0])))
    assert state.violation("cigar") == "letter 1 cannot be C; it cannot contain A and R"
    assert state.violation("quick") is None
    twice = UltraState.initial(5).after("eerie", reply("eerie", "enemy"))  # E green, yellow, grey
    assert twice.violation("ebeey") == "it must contain E exactly 2 times"
    assert twice.violation("eleve") == "letter 5 cannot be E; it must contain E exactly 2 times"


def strict_cases(game, step: int, largest: int):
    """(candidates, state after the first guess, hard-mode state) of the replies to every
    `step`-th first guess that leave 3 to `largest` answers: nodes where the clues bind."""
    every = game.all_candidates()
    for g in range(0, len(game.guesses), step):
        word, codes = game.guesses.words[g], game.matrix[g, every]
        for code in np.unique(codes):
            S = every[codes == code]
            if code != game.won and 3 <= len(S) <= largest:
                yield S, word, int(code)


@pytest.mark.parametrize("offset, step, largest", [
    (0, 9, 8), pytest.param(100, 5, 10, marks=pytest.mark.slow),
    pytest.param(200, 3, 12, marks=pytest.mark.slow)])
def test_search_matches_the_exhaustive_reference(offset, step, largest):
    """The kernels' ultra-hard legality (bitsets) against the plain statement, at 2 to 4 guesses
    left; some of these nodes must come out dearer than in hard mode, or the test shows nothing."""
    ultra = small_game(100, mode="ultra", offset=offset)
    hard = ultra.with_limits(mode="hard")
    solve_ultra, solve_hard = Solver(ultra, cache_mb=64), Solver(hard, cache_mb=64)
    dearer = 0
    for S, word, code in strict_cases(ultra, step, largest):
        for left in (2, 3, 4):
            expected = brute_force(ultra, S, left, CouldBeTheAnswer(((word, code),)))
            value = solve_ultra.solve(S, left, ultra.start_state().after(word, code))
            assert value == (INF if expected == float("inf") else expected), (word, code, left)
            dearer += value > solve_hard.solve(S, left, hard.start_state().after(word, code))
    assert dearer > 0


def test_the_total_climbs_from_normal_to_hard_to_ultra(original):
    """After SALET BBBGB (107 answers), 5 guesses left: each stricter mode can only cost more."""
    history = [("salet", original.parse_reply("BBBGB"))]
    values = []
    for mode in ("normal", "hard", "ultra"):
        game = original.with_limits(mode=mode)
        S = game.check_history(history)
        values.append(Solver(game, cache_mb=64).solve(S, 5, game.hard_state(history) if game.hard
                                                      else None))
    assert values[0] <= values[1] <= values[2] < INF


def test_every_broken_clue_is_named_not_only_the_first():
    """A player refused for one clue, who mends it, was refused again for the next one (the
    message named the first letter alphabetically): now all are named, in hard mode too."""
    hard = HardState.initial(5).after("stare", reply("stare", "hatch"))  # T and A yellow
    assert hard.violation("fonly") == "it must contain A and T"
    assert hard.violation("plank") == "it must contain T"
    assert hard.violation("tonal") is None
    greens = HardState.initial(5).after("hitch", reply("hitch", "hatch"))  # H, T, C, H green
    assert greens.violation("fonly") == ("letter 1 must be H; letter 3 must be T; letter 4 must "
                                         "be C; letter 5 must be H; it must contain C, H 2 times "
                                         "and T")
    ultra = UltraState.initial(5).after("stare", reply("stare", "hatch"))
    assert ultra.violation("rates") == "it cannot contain E, R and S"
    assert ultra.violation("stake") == ("letter 2 cannot be T; letter 3 cannot be A; it cannot "
                                        "contain E and S")  # (S not also named at letter 1)
    assert ultra.violation("fonly") == "it must contain A and T"


# ---------------------------------------------------------------- within 5, every first word (in progress)

WITHIN_5 = (Path(__file__).resolve().parent.parent / "results"
            / "answers-2315-guesses-12972-ultra-d5-worst" / "checkpoint-worst-all.json")


@pytest.fixture(scope="module")
def within_5() -> dict[str, dict]:
    """The committed checkpoint of `--objective worst --max-depth 5 --all --ultra` (resumable):
    digest checked as a resuming run checks it."""
    ident, results = intact_checkpoint(WITHIN_5)
    assert (ident["answers"]["name"], ident["guesses"]["name"]) == ("answers-2315", "guesses-12972")
    assert (ident["mode"], ident["objective"], ident["max_guesses"]) == ("ultra", "worst", 5)
    return results


def test_the_readme_states_what_the_within_5_checkpoint_holds(within_5):
    """`results/README.md`'s count of words searched and its list of those that can are the
    checkpoint's."""
    can = sorted(word.upper() for word, result in within_5.items() if result["feasible"])
    text = (WITHIN_5.parent.parent / "README.md").read_text()
    assert f"the {len(within_5)} best-ranked first words searched" in text
    assert f"**{len(can)} of them can find every answer within 5** ({', '.join(can)};" in text


@pytest.mark.parametrize("first", ["plait", *(pytest.param(w, marks=pytest.mark.slow)
                                             for w in ("plate", "chart", "cleat"))])
def test_the_within_5_branch_cannot_be_finished_by_brute_force(within_5, first):
    """A refuted first word names a branch; every sequence of the 4 guesses left that the plain
    rule allows (each guess could be the answer) fails on it. (Branches of 6 to 11 answers take
    the brute force 5-15 s, SALET's of 29 about 3 minutes, so the sample is of small ones.)"""
    failing = within_5[first]["failing"][0]
    original = load_words("answers-2315")
    code = parse_reply(failing["reply"])
    answers = tuple(w for w in original.words if reply(first, w) == code)
    assert len(answers) == failing["answers"] <= 30
    game = Game(WordList("branch", answers, "test"), load_words("guesses-12972"), "ultra", 5)
    state = CouldBeTheAnswer(((first, code),))
    assert not brute_can_finish(game, list(range(len(answers))), 4, state=state)
