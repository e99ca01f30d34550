import numpy as np
import pytest

from optimal.errors import BadInput
from optimal.rules.wordle import parse_reply, reply
from optimal.game import Game, HardState, parse_history
from tests.conftest import small_game


def test_candidates_after_a_history(original):
    history = [("salet", parse_reply("BBYBB"))]
    remaining = original.candidates(history)
    assert len(remaining) == 99
    assert all(reply("salet", original.answers.words[i]) == parse_reply("BBYBB") for i in remaining)
    assert len(original.candidates([])) == 2315


def test_history_that_leaves_nothing_names_the_step(original):
    history = parse_history("salet.BBYBB.clint.BBYYB", original)
    with pytest.raises(BadInput, match=r"CLINT \(step 2"):
        original.candidates(history)


def test_parse_history_spellings(original):
    expected = [("salet", parse_reply("BBYBB")), ("clint", parse_reply("BYYBB"))]
    for text in ("salet.BBYBB.clint.BYYBB", "salet=BBYBB,clint=BYYBB", "SALET bbybb CLINT ..1.."
                 .replace("..1..", "byybb")):
        assert parse_history(text, original) == expected
    with pytest.raises(BadInput, match="not in the guess list"):
        parse_history("zzzzz.BBBBB", original)
    with pytest.raises(BadInput, match="pairs"):
        parse_history("salet", original)
    with pytest.raises(BadInput, match="impossible"):
        parse_history("salet.GGGGY", original)


def test_hard_mode_rule():
    state = HardState.initial(5).after("salet", parse_reply("GBYBB"))  # S green, L yellow
    assert state.allows("slump") and state.allows("solid")
    assert not state.allows("lupus")  # S must stay first
    assert not state.allows("spunk")  # must contain an L
    assert state.allows("sally")  # grey letters (A) may be reused, yellow L may stay in place
    twice = HardState.initial(5).after("geese", parse_reply("BYBBY"))  # two yellow Es
    assert not twice.allows("crane") and twice.allows("elope")
    assert "contain E 2 times" in twice.violation("crane")


def test_vectorized_legal_guesses_match_the_plain_rule(original):
    hard = original.with_limits(mode="hard")
    histories = [[("salet", parse_reply("BBYBB"))], [("salet", parse_reply("GBYBB"))],
                 [("geese", parse_reply("BYBBY")), ("elder", parse_reply("YBBGB"))]]
    for history in histories:
        state = hard.hard_state(history)
        mask = hard.legal_mask(state)
        plain = np.array([state.allows(w) for w in hard.guesses.words])
        assert np.array_equal(mask, plain)
    assert len(original.legal_guesses(histories[0])) == 12972  # normal mode: every guess


def test_check_history_rejects_illegal_hard_mode_guesses(original):
    hard = original.with_limits(mode="hard")
    history = parse_history("salet.GBYBB.crane.BBBBB", hard)
    with pytest.raises(BadInput, match="hard mode"):
        hard.check_history(history)


def test_game_validation():
    game = small_game(10)
    with pytest.raises(BadInput, match="mode"):
        Game(game.answers, game.guesses, "easy")
    with pytest.raises(BadInput, match="at least 1"):
        Game(game.answers, game.guesses, "normal", 0)
    with pytest.raises(BadInput):
        Game(game.guesses, game.answers)  # answers not all guessable
    with pytest.raises(BadInput, match="not in the guess list"):
        game.guess_id("zzzzz")


def test_pickled_game_drops_its_matrix():
    import pickle

    game = small_game(10)
    _ = game.matrix
    copy = pickle.loads(pickle.dumps(game))
    assert "matrix" not in copy.__dict__
    assert np.array_equal(copy.matrix, game.matrix) and copy.fingerprint == game.fingerprint
