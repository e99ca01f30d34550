"""Wordle's feedback rule: the reply to one guess, reply codes <-> strings, and the vectorized matrix.

A reply to a guess of L letters is the integer `sum(d_i * 3**i)` with d = 0 miss, 1 yellow, 2 green,
so all-green is `3**L - 1`. `reply` is the plain statement of the rule (greens first; then, left to
right, a letter is yellow only while the answer still has an unmatched copy of it); `compute_matrix`
restates it for arrays, and the tests hold the two to each other.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from optimal.errors import BadInput, quoted
from optimal.rules.base import Reply, Rule, dtype_for
from optimal.words import encode_words, letter_counts

MISS, YELLOW, GREEN = 0, 1, 2
RULE_VERSION = "wordle-duplicates-v1"  # part of the matrix cache key: change it if the rule changes

SQUARES = "\u2b1b\u2b1c\U0001f7e8\U0001f7e6\U0001f7e9\U0001f7e7"  # a share grid's marks (all colour schemes)
CANONICAL = "BYG"  # Selby's letters: B(lack) miss, Y(ellow), G(reen)
_INPUT_DIGITS = {
    **dict.fromkeys("bB.-_wWxX0\u2b1b\u2b1c", MISS),  # black/white squares
    **dict.fromkeys("yY1\U0001f7e8\U0001f7e6", YELLOW),  # yellow square, blue (high contrast)
    **dict.fromkeys("gG2\U0001f7e9\U0001f7e7", GREEN),  # green square, orange (high contrast)
}


def reply(guess: str, answer: str) -> Reply:
    """The reply Wordle gives to `guess` when the hidden word is `answer`.

    Greens first; then, left to right, a letter is yellow only while the answer still has an
    unmatched copy of it (so a letter guessed twice is yellow at most as often as it is unmatched).
    """
    if len(guess) != len(answer):
        raise BadInput(f"{guess!r} and {answer!r} have different lengths")
    unmatched: dict[str, int] = {}
    for g, a in zip(guess, answer):
        if g != a:
            unmatched[a] = unmatched.get(a, 0) + 1
    code, weight = 0, 1
    for g, a in zip(guess, answer):
        if g == a:
            code += GREEN * weight
        elif unmatched.get(g, 0) > 0:
            code += YELLOW * weight
            unmatched[g] -= 1
        weight *= 3
    return code


def digits_to_reply(digits: list[int]) -> Reply:
    """The reply code of a list of per-letter digits (0 miss, 1 yellow, 2 green)."""
    return sum(d * 3**i for i, d in enumerate(digits))


def reply_digits(code: Reply, length: int) -> list[int]:
    """The per-letter digits of a reply code, first letter first."""
    return [(code // 3**i) % 3 for i in range(length)]


def all_green(length: int) -> Reply:
    """The reply that means 'you found it'."""
    return 3**length - 1


def reply_to_string(code: Reply, length: int = 5) -> str:
    """Canonical text of a reply: one of B, Y, G per letter (e.g. 'BBYBB')."""
    return "".join(CANONICAL[d] for d in reply_digits(code, length))


def is_possible_digits(digits: list[int]) -> bool:
    """False for replies no answer can produce: all greens but one yellow (the yellow letter would
    need an unmatched copy elsewhere, and every other place is already matched)."""
    return not (digits.count(YELLOW) == 1 and digits.count(GREEN) == len(digits) - 1)


def parse_reply(text: str, length: int = 5) -> Reply:
    """Read a reply in any accepted spelling: G/Y/B (any case), '.', '-', '_', 'W', 'X' for a miss,
    digits 2/1/0, or the coloured square emoji. Raises BadInput for wrong length, unknown marks and
    impossible replies."""
    marks = [ch for ch in text.strip() if ch != "\ufe0f"]  # drop emoji variation selectors
    unknown = sorted({ch for ch in marks if ch not in _INPUT_DIGITS})
    if unknown:
        raise BadInput(f"reply {quoted(text.strip())} has unknown mark(s) {' '.join(unknown[:10])}"
                       f"{' ...' if len(unknown) > 10 else ''}: use G/Y/B, 2/1/0, '.' for a miss, "
                       "or the coloured squares")
    if len(marks) != length:
        raise BadInput(f"reply {quoted(text.strip())} has {len(marks):,} marks; expected {length}")
    digits = [_INPUT_DIGITS[ch] for ch in marks]
    if not is_possible_digits(digits):
        raise BadInput(f"reply {quoted(text.strip())} is impossible: {length - 1} greens and a yellow")
    return digits_to_reply(digits)


def compute_matrix(guesses: Sequence[str], answers: Sequence[str],
                   chunk: int = 256) -> np.ndarray:
    """Replies of every guess (rows) to every answer (columns), vectorized with numpy.

    Same rule as `reply`, restated for arrays: position i of a guess, if not green, is yellow when
    the number of earlier non-green copies of its letter in the guess is below the number of copies
    of that letter in the answer not matched by a green. Guesses are grouped by their pattern of
    repeated letters ('abcab' -> 0,1,2,0,1), so within a group it is known which positions share a
    letter and each step is a plain array operation with no per-row masks.
    """
    g_letters, a_letters = encode_words(guesses), encode_words(answers)
    length = g_letters.shape[1]
    if a_letters.shape[1] != length:
        raise BadInput("guesses and answers have different lengths")
    dtype = dtype_for(3**length)
    n_answers = len(answers)
    counts = np.ascontiguousarray(letter_counts(a_letters).T)  # (26, answers): copies per answer
    # digit_table[i, letter, answer]: the digit (times 3**i) when the letter at i is not repeated
    digit_table = ((counts > 0)[None, :, :].astype(dtype)
                   + (np.arange(26)[None, :, None] == a_letters.T[:, None, :]).astype(dtype))
    digit_table *= np.array([3**i for i in range(length)], dtype=dtype)[:, None, None]
    patterns = np.array([[word.index(ch) for ch in word] for word in guesses], dtype=np.int8)
    out = np.empty((len(guesses), n_answers), dtype=dtype)
    unique_patterns, group = np.unique(patterns, axis=0, return_inverse=True)
    for p, pattern in enumerate(unique_patterns):
        rows = np.nonzero(group.ravel() == p)[0]
        for start in range(0, len(rows), chunk):
            block = rows[start:start + chunk]
            out[block] = _replies_for_pattern(g_letters[block], tuple(pattern), a_letters,
                                              counts, digit_table, dtype)
    return out


def _replies_for_pattern(g: np.ndarray, pattern: tuple[int, ...], a_letters: np.ndarray,
                         counts: np.ndarray, digit_table: np.ndarray, dtype: type) -> np.ndarray:
    """Replies of guesses that share one pattern of repeated letters, to every answer."""
    length = g.shape[1]
    code = np.zeros((len(g), len(a_letters)), dtype=dtype)
    green = {}
    for i in range(length):
        partners = [k for k in range(length) if k != i and pattern[k] == pattern[i]]
        if not partners:  # a letter used once: its digit is a table lookup
            code += digit_table[i, g[:, i]]
            continue
        for k in [i] + partners:
            if k not in green:
                green[k] = g[:, k, None] == a_letters[None, :, k]
        unmatched = counts[g[:, i]] - green[i]
        earlier_misses = np.zeros_like(unmatched)
        for k in partners:
            unmatched -= green[k]
            if k < i:
                earlier_misses += ~green[k]
        yellow = ~green[i] & (earlier_misses < unmatched)
        code += (green[i] * (2 * 3**i) + yellow * 3**i).astype(dtype)
    return code



class WordleRule(Rule):
    """Wordle: green, yellow or miss per letter (the module's functions, behind the protocol)."""

    name = "wordle"
    version = RULE_VERSION
    hard_mode = True
    colour_replies = True
    results_prefix = ""
    absent_letters_alike = True

    def reply(self, guess: str, answer: str) -> Reply:
        """The Wordle reply code (see the module's `reply`)."""
        return reply(guess, answer)

    def matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """The reply matrix, vectorized (see `compute_matrix`)."""
        return compute_matrix(guesses, answers)

    def n_codes(self, length: int) -> int:
        """3 ** `length`: grey, yellow or green at each place."""
        return 3**length

    def won(self, length: int) -> Reply:
        """The all-green code."""
        return all_green(length)

    def to_string(self, code: Reply, length: int) -> str:
        """The canonical B/Y/G spelling of a reply."""
        return reply_to_string(code, length)

    def parse(self, text: str, length: int) -> Reply:
        """A reply in any accepted spelling (see `parse_reply`); BadInput when malformed or
        impossible."""
        return parse_reply(text, length)


WORDLE = WordleRule()
