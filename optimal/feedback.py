"""Wordle's feedback rule: the reply to one guess, reply codes <-> strings, and the feedback matrix.

A reply to a guess of L letters is the integer `sum(d_i * 3**i)` with d = 0 miss, 1 yellow, 2 green,
so all-green is `3**L - 1`. The matrix of replies of every guess to every answer is the one table
every search reads; it is built once, vectorized, and cached on disk keyed by a hash of both lists.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from pathlib import Path

import numpy as np

from optimal.errors import BadInput

Reply = int

MISS, YELLOW, GREEN = 0, 1, 2
RULE_VERSION = "wordle-duplicates-v1"  # part of the matrix cache key: change it if the rule changes

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
    digits = [GREEN if g == a else MISS for g, a in zip(guess, answer)]
    unmatched = Counter(a for a, d in zip(answer, digits) if d != GREEN)
    for i, letter in enumerate(guess):
        if digits[i] != GREEN and unmatched[letter] > 0:
            digits[i] = YELLOW
            unmatched[letter] -= 1
    return digits_to_reply(digits)


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
        raise BadInput(f"reply {text.strip()!r} has unknown mark(s) {' '.join(unknown)}: use G/Y/B, "
                       f"2/1/0, '.' for a miss, or the coloured squares")
    if len(marks) != length:
        raise BadInput(f"reply {text.strip()!r} has {len(marks)} marks; expected {length}")
    digits = [_INPUT_DIGITS[ch] for ch in marks]
    if not is_possible_digits(digits):
        raise BadInput(f"reply {text.strip()!r} is impossible: {length - 1} greens and a yellow")
    return digits_to_reply(digits)


def matrix_dtype(length: int) -> type:
    """uint8 while every reply code fits (5 letters: 243 codes), else uint16."""
    return np.uint8 if 3**length <= 256 else np.uint16


def encode_words(words: tuple[str, ...] | list[str]) -> np.ndarray:
    """Words as an (n, L) array of letter numbers 0..25, the form every vectorized step uses."""
    return (np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
            .reshape(len(words), -1) - ord("a")).astype(np.int8)


def letter_counts(letters: np.ndarray) -> np.ndarray:
    """(n, 26) copies of each letter in each word, from encoded words (see `encode_words`)."""
    counts = np.zeros((letters.shape[0], 26), dtype=np.int8)
    for i in range(letters.shape[1]):
        np.add.at(counts, (np.arange(letters.shape[0]), letters[:, i]), 1)
    return counts


def compute_matrix(guesses: tuple[str, ...] | list[str], answers: tuple[str, ...] | list[str],
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
    dtype = matrix_dtype(length)
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


_MAGIC = b"optimal-feedback-matrix/1\n"


def matrix_key(guesses: tuple[str, ...] | list[str], answers: tuple[str, ...] | list[str],
               rule_version: str = RULE_VERSION) -> str:
    """Content hash naming a matrix in the cache: both lists, in order, and the rule's version."""
    digest = hashlib.sha256(rule_version.encode())
    digest.update("\n".join(guesses).encode() + b"\0" + "\n".join(answers).encode())
    return digest.hexdigest()[:32]


def _load_cached(path: Path, shape: tuple[int, int], dtype: type) -> np.ndarray | None:
    """The cached matrix, or None when missing, truncated or corrupt (then it is rebuilt)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header_end = len(_MAGIC) + 64
    if not data.startswith(_MAGIC) or len(data) != header_end + shape[0] * shape[1] * np.dtype(dtype).itemsize:
        return None
    body = memoryview(data)[header_end:]
    if hashlib.blake2b(body, digest_size=32).hexdigest().encode() != data[len(_MAGIC):header_end]:
        return None
    return np.frombuffer(body, dtype=dtype).reshape(shape)


def feedback_matrix(guesses: tuple[str, ...] | list[str], answers: tuple[str, ...] | list[str],
                    cache: bool = True, rule: "Rule | None" = None) -> np.ndarray:
    """The (guesses x answers) reply matrix, from the disk cache when present and intact.

    The cache file holds a magic line, a blake2b digest of the body and the raw array; it is written
    atomically, so a crash never leaves a file that loads wrongly, and a damaged file is rebuilt.
    """
    rule = rule or WORDLE
    shape = (len(guesses), len(answers))
    dtype = rule.dtype(len(guesses[0]))
    if not cache:
        return rule.matrix(guesses, answers)
    from optimal.files import atomic_write_bytes, cache_dir

    path = cache_dir() / f"feedback-{matrix_key(guesses, answers, rule.version)}.bin"
    matrix = _load_cached(path, shape, dtype)
    if matrix is None:
        matrix = rule.matrix(guesses, answers)
        body = matrix.tobytes()
        digest = hashlib.blake2b(body, digest_size=32).hexdigest().encode()
        try:
            atomic_write_bytes(path, _MAGIC + digest + body)
        except OSError:
            pass  # a read-only cache only costs speed, never correctness
    return matrix


class Rule:
    """A feedback rule: what a game replies to a guess, as small integer codes.

    Wordle is the rule of this module; other games (Jotto) subclass this, so the matrix, the
    search, the trees and the reports work for them unchanged. `won(length)` is the code that means
    the guess is the answer.
    """

    name = "wordle"
    version = RULE_VERSION
    hard_mode = True  # whether the NYT hard-mode rule applies to this game

    def reply(self, guess: str, answer: str) -> Reply:
        return reply(guess, answer)

    def n_codes(self, length: int) -> int:
        return 3**length

    def won(self, length: int) -> Reply:
        return all_green(length)

    def dtype(self, length: int) -> type:
        return np.uint8 if self.n_codes(length) <= 256 else np.uint16

    def matrix(self, guesses, answers) -> np.ndarray:
        return compute_matrix(guesses, answers)

    def to_string(self, code: Reply, length: int) -> str:
        return reply_to_string(code, length)

    def parse(self, text: str, length: int) -> Reply:
        return parse_reply(text, length)


WORDLE = Rule()
RULES: dict[str, Rule] = {"wordle": WORDLE}  # other rules register themselves (optimal.jotto)
GAMES = ("wordle", "jotto")  # every rule the package ships; RULES fills in as their modules load


def rule_named(name: str) -> Rule:
    """The rule of a game by its name, loading the module that defines it on first use (so Wordle
    alone never imports Jotto)."""
    if name == "jotto":
        import optimal.jotto  # noqa: F401  (registers the rule)
    if name not in RULES:
        raise BadInput(f"unknown game {name!r}; choose {', '.join(GAMES)}")
    return RULES[name]
