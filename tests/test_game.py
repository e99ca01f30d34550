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
    for text in ("salet.BBYBB.clint.BYYBB", "salet=BBYBB,clint=BYYBB", "SALET bbybb CLINT byybb",
                 "SALET ..1.. CLINT .11..", "salet=..1..,clint=.11..", "salet 00100; clint 01100",
                 "salet.BBYBB clint=.YY..", "salet.BBYBB..clint.BYYBB", "salet BBYBB . clint BYYBB"):
        assert parse_history(text, original) == expected, text
    with pytest.raises(BadInput, match="not in the guess list"):
        parse_history("zzzzz.BBBBB", original)
    with pytest.raises(BadInput, match="pairs"):
        parse_history("salet", original)
    with pytest.raises(BadInput, match="impossible"):
        parse_history("salet.GGGGY", original)
    with pytest.raises(BadInput, match="expected 5"):
        parse_history("salet ..1.", original)  # four marks


@pytest.mark.parametrize("text, digits", [
    ("..1..", [0, 0, 1, 0, 0]), (".11..", [0, 1, 1, 0, 0]), ("2.1..", [2, 0, 1, 0, 0]),
    ("....2", [0, 0, 0, 0, 2]), (".....", [0, 0, 0, 0, 0]), ("22222", [2, 2, 2, 2, 2]),
    ("1.2.1", [1, 0, 2, 0, 1]),
])
def test_dot_and_digit_reply_spelling(original, text, digits):
    """'.' for a miss and 1/2 for yellow/green, first letter first: the code is sum(d_i * 3**i)
    (DESIGN.md), it names the same reply as the G/Y/B text, and it is the reply Wordle gives."""
    code = original.parse_reply(text)
    assert code == sum(d * 3**i for i, d in enumerate(digits))
    assert original.reply_text(code) == "".join("BYG"[d] for d in digits)
    assert original.parse_reply(text.replace(".", "B").replace("1", "Y").replace("2", "G")) == code
    answers = [a for a in original.answers.words if reply("salet", a) == code]
    if answers:  # the answers this spelling leaves after SALET are those Wordle replies it to
        left = original.candidates(parse_history(f"salet {text}", original))
        assert [original.answers.words[i] for i in left] == answers


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


def test_a_word_of_another_length_names_a_list_only_if_it_has_the_word(original):
    """SALETT (a typo) was sent to `--lists len6`, which does not have it either."""
    with pytest.raises(BadInput) as typo:
        original.guess_id("salett")
    assert str(typo.value).endswith("it has 6 letters and this game's words have 5")
    with pytest.raises(BadInput, match=r"6 letters .* \(--lists len6 plays those\)"):
        original.guess_id("planet")
    with pytest.raises(BadInput) as answer:
        original.answer_id("cigarr")
    assert "--lists" not in str(answer.value) and "6 letters" in str(answer.value)
