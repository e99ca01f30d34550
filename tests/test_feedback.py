import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from optimal.errors import BadInput
from optimal.feedback import feedback_matrix, matrix_key
from optimal.rules import WORDLE
from optimal.rules.wordle import compute_matrix, parse_reply, reply, reply_to_string

DESIGN_CASES = [  # DESIGN.md, guess/answer -> reply ('.' = miss)
    ("ninny", "annex", "Y.G.."), ("annex", "ninny", ".YG.."), ("hello", "world", "...GY"),
    ("world", "hello", ".Y.G."), ("epees", "geese", "Y.GYY"), ("geese", "epees", ".YGYY"),
    ("wheee", "peeve", "..GYG"), ("peeve", "wheee", ".YG.G"), ("hello", "abyss", "....."),
]


def reference_reply(guess: str, answer: str) -> str:
    """A plain, separate statement of the rule: mark answer letters as used, greens first, then
    yellows left to right."""
    result = ["."] * len(guess)
    used = [False] * len(answer)
    for i, (g, a) in enumerate(zip(guess, answer)):
        if g == a:
            result[i], used[i] = "G", True
    for i, g in enumerate(guess):
        if result[i] == "G":
            continue
        for j, a in enumerate(answer):
            if not used[j] and a == g:
                result[i], used[j] = "Y", True
                break
    return "".join(result)


def as_text(code: int, length: int) -> str:
    return reply_to_string(code, length).replace("B", ".")


@pytest.mark.parametrize("guess, answer, expected", DESIGN_CASES)
def test_design_cases(guess, answer, expected):
    assert as_text(reply(guess, answer), 5) == expected
    assert reference_reply(guess, answer) == expected


# words over a small alphabet, so repeated letters are the rule rather than the exception
words = st.integers(2, 8).flatmap(
    lambda n: st.tuples(st.text("abcde", min_size=n, max_size=n), st.text("abcde", min_size=n, max_size=n)))


@settings(max_examples=600, deadline=None)
@given(words)
def test_reply_matches_reference(pair):
    guess, answer = pair
    assert as_text(reply(guess, answer), len(guess)) == reference_reply(guess, answer)


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 8).flatmap(lambda n: st.lists(st.text("abcdef", min_size=n, max_size=n),
                                                     min_size=1, max_size=25)))
def test_vectorized_matrix_matches_reply(word_list):
    matrix = compute_matrix(word_list, word_list[::-1])
    assert matrix.dtype == WORDLE.dtype(len(word_list[0]))
    for i, g in enumerate(word_list):
        for j, a in enumerate(word_list[::-1]):
            assert matrix[i, j] == reply(g, a)


def test_matrix_on_real_lists_spot_check(original):
    rng = np.random.default_rng(7)
    rows = rng.integers(0, len(original.guesses), 3000)
    cols = rng.integers(0, len(original.answers), 3000)
    for i, j in zip(rows, cols):
        g, a = original.guesses.words[i], original.answers.words[j]
        assert original.matrix[i, j] == reply(g, a)
    assert original.matrix.shape == (12972, 2315) and original.matrix.dtype == np.uint8


def test_dtype_widens_past_five_letters():
    assert WORDLE.dtype(5) == np.uint8 and WORDLE.dtype(6) == np.uint16


@pytest.mark.parametrize("text", ["GYBBB", "gybbb", "GY...", "gy---", "GY___", "GYwwx", "21000",
                                  "\U0001f7e9\U0001f7e8\u2b1b\u2b1c\u2b1b", "GY\u2b1b\ufe0f.."])
def test_reply_spellings(text):
    assert parse_reply(text) == parse_reply("GYBBB")
    assert reply_to_string(parse_reply(text)) == "GYBBB"


@pytest.mark.parametrize("text, message", [("GGGGY", "impossible"), ("YGGGG", "impossible"),
                                           ("GGBB", "expected 5"), ("GGBBQ", "unknown mark")])
def test_bad_replies(text, message):
    with pytest.raises(BadInput, match=message):
        parse_reply(text)


def test_every_possible_reply_round_trips():
    for code in range(243):
        text = reply_to_string(code)
        if text.count("Y") == 1 and text.count("G") == 4:
            continue
        assert parse_reply(text) == code


def test_matrix_cache_is_written_loaded_and_rebuilt_when_corrupt(tmp_path, monkeypatch):
    monkeypatch.setenv("OPTIMAL_CACHE", str(tmp_path))
    guesses, answers = ["cigar", "rebut", "sissy", "eerie"], ["sissy", "eerie", "cigar"]
    first = feedback_matrix(guesses, answers)
    path = tmp_path / f"feedback-{matrix_key(guesses, answers)}.bin"
    assert path.exists()
    assert np.array_equal(feedback_matrix(guesses, answers), first)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # flip bits in the body: the digest no longer matches
    path.write_bytes(bytes(data))
    assert np.array_equal(feedback_matrix(guesses, answers), first)
    path.write_bytes(path.read_bytes()[:20])  # truncated
    assert np.array_equal(feedback_matrix(guesses, answers), first)
    assert path.stat().st_size > 20  # rewritten


def test_cache_key_depends_on_content_and_order():
    assert matrix_key(["cigar", "rebut"], ["cigar"]) != matrix_key(["rebut", "cigar"], ["cigar"])
    assert matrix_key(["cigar"], ["cigar"]) == matrix_key(("cigar",), ("cigar",))
