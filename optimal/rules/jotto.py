"""Jotto: the reply is the number of letters a guess shares with the answer.

Jotto is a sibling implementation of the `Rule` protocol, so the reply matrix, greedy trees, reports,
beam and exact search and the Evil Wordle walk all work on it unchanged. Its word list, as in the
published Jotto tables (Norvig's notebook), is the answers with five different letters, one word
per anagram class (the alphabetically last one): 1,391 words from the 2,309 NYT answers.

Reply codes: 0..L letters in common; L + 1 means the guess is the answer (so an anagram of the
answer, which shares all L letters, is told apart from the answer itself).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from optimal.errors import BadInput, quoted
from optimal.rules.base import Reply, Rule
from optimal.words import WordList, encode_words, letter_counts


class JottoRule(Rule):
    """Letters in common (counted with multiplicity), and 'found' for the answer itself."""

    name = "jotto"
    version = "jotto-common-letters-v1"
    hard_mode = False
    colour_replies = False
    results_prefix = "jotto-"
    absent_letters_alike = True
    guesses_from_answers = True
    list_note = "Jotto plays the words with all letters different, one per anagram class"

    def reply(self, guess: str, answer: str) -> Reply:
        """How many letters `guess` and `answer` have in common, copies counted; the won code when
        they are the same word (an anagram scores `length`, not a win)."""
        if len(guess) != len(answer):
            raise BadInput(f"{guess!r} and {answer!r} have different lengths")
        if guess == answer:
            return self.won(len(guess))
        return sum((Counter(guess) & Counter(answer)).values())

    def n_codes(self, length: int) -> int:
        """`length` + 2: 0 to `length` letters in common, and the won code."""
        return length + 2

    def won(self, length: int) -> Reply:
        """`length` + 1: a code apart from every count, since an anagram shares all its letters
        without winning."""
        return length + 1

    def matrix(self, guesses, answers, chunk: int = 512) -> np.ndarray:
        """Letters in common of every guess (rows) with every answer (columns), vectorized over
        letter counts: sum over letters of min(copies in guess, copies in answer)."""
        g_counts = letter_counts(encode_words(guesses)).astype(np.uint8)
        a_counts = letter_counts(encode_words(answers)).astype(np.uint8)
        out = np.empty((len(guesses), len(answers)), dtype=np.uint8)
        for start in range(0, len(guesses), chunk):
            block = g_counts[start:start + chunk, None, :]
            out[start:start + chunk] = np.minimum(block, a_counts[None, :, :]).sum(axis=2)
        index = {w: j for j, w in enumerate(answers)}
        for i, word in enumerate(guesses):
            if word in index:
                out[i, index[word]] = self.won(len(word))
        return out

    def playable(self, words: WordList) -> WordList:
        """The list's Jotto words (`jotto_words`)."""
        return jotto_words(words)

    def stand_in(self, word: str, words: Sequence[str]) -> str | None:
        """The anagram of `word` in `words` (one per anagram class is played): its replies to every
        other word are the same. (A Jotto list's words have all letters different, so the same
        letter set means the same length.)"""
        if len(set(word)) != len(word):
            return None
        letters = frozenset(word)
        return next((w for w in words if w != word and frozenset(w) == letters), None)

    def to_string(self, code: Reply, length: int) -> str:
        """The count as digits, '*' for found."""
        return "*" if code == self.won(length) else str(code)

    def parse(self, text: str, length: int) -> Reply:
        """A count of letters in common from 0 to `length`, or '*', 'found' or 'won'; BadInput
        otherwise."""
        text = text.strip().lower()
        if text in ("*", "found", "won"):
            return self.won(length)
        if not (text.isascii() and text.isdigit()) or len(text) > 2 or int(text) > length:
            raise BadInput(f"Jotto reply {quoted(text)}: expected a number of letters in common, 0 to "
                           f"{length} (or * for found)")
        return int(text)


JOTTO = JottoRule()


def jotto_words(words: WordList) -> WordList:
    """The words with all letters different, one per anagram class (the alphabetically last), in
    alphabetical order."""
    by_letters: dict[frozenset, str] = {}
    for word in sorted(words.words):
        if len(set(word)) == len(word):
            by_letters[frozenset(word)] = word  # later (alphabetically greater) words win
    kept = tuple(sorted(by_letters.values()))
    if not kept:
        raise BadInput(f"{words.name}: no word with all letters different, so no Jotto list")
    return WordList(f"jotto-{words.name}", kept, words.source)
