"""Wordle's ultra-hard mode: every guess must fit every clue so far, i.e. could itself be the answer.

Which definition, and why: the NYT's hard mode binds only the greens (kept in place) and the
scored letters (kept in the word, anywhere); players and other solvers call the stricter variant
"ultra-hard" (Selby's solver: `-U`, "each guess has to be a possible correct answer"; WordleTools
calls it "strict": greens kept, yellows kept and never in the place they were marked, grey letters
not reused). We follow Selby's: a guess is legal when every earlier reply is the reply it would get
if it were the answer. Stated letter by letter (the form the search kernels and the checker use):
  * a green keeps its letter in its place; a yellow or grey letter may not stand where it was
    scored (it would have been green there);
  * a letter scored green or yellow n times in one guess appears at least n times;
  * a letter that also got a grey in that guess appears exactly n times (the grey says there are no
    more), so a letter only ever grey is absent.
For Wordle's replies these are the same rule (tests check it word by word against the replies):
a word meeting them gets exactly those greens, and its yellows fall on the leftmost unmatched copies,
as the real reply's did. The count clause is the "grey letters absent beyond the counts the clues
fix" of the issue; the place clause for greys is what makes it equal to "could be the answer".
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from optimal.rules.hard import HardState, clues_broken
from optimal.rules.wordle import GREEN, YELLOW, reply_digits

UNLIMITED = 15  # a count no word reaches (longest words: 8 letters), and fits the kernels' 4 bits


@dataclass(frozen=True)
class UltraState:
    """What ultra-hard mode demands of the next guess, accumulated over the history.

    `greens[i]`: the letter number that must stand at place i (or -1); `barred[i]`: a bit mask of
    the letters that may not stand there; `minimum[c]` and `maximum[c]`: how many copies of letter
    c the guess must have, at least and at most (`UNLIMITED`: no most).
    """

    greens: tuple[int, ...]
    minimum: tuple[int, ...]
    barred: tuple[int, ...]
    maximum: tuple[int, ...]

    @staticmethod
    def initial(length: int) -> "UltraState":
        """The state before any guess: nothing placed, barred or counted."""
        return UltraState((-1,) * length, (0,) * 26, (0,) * length, (UNLIMITED,) * 26)

    def after(self, guess: str, code: int) -> "UltraState":
        """The state after playing `guess` and seeing reply `code`: hard mode's greens and least
        counts (`HardState.after`), and the bars and caps only this mode adds."""
        hard = HardState(self.greens, self.minimum).after(guess, code)
        barred, scored, grey = list(self.barred), [0] * 26, [False] * 26
        for i, (letter, digit) in enumerate(zip(guess, reply_digits(code, len(guess)))):
            c = ord(letter) - ord("a")
            if digit != GREEN:
                barred[i] |= 1 << c
            if digit in (GREEN, YELLOW):
                scored[c] += 1
            else:
                grey[c] = True
        maximum = tuple(min(m, s) if g else m for m, s, g in zip(self.maximum, scored, grey))
        return UltraState(hard.greens, hard.minimum, tuple(barred), maximum)

    def allows(self, word: str) -> bool:
        """Whether `word` is a legal ultra-hard guess in this state (plain Python, for verifying)."""
        return self.violation(word) is None

    def violation(self, word: str) -> str | None:
        """Why `word` breaks the ultra-hard rule here (None when it does not), for error messages:
        every clue it breaks (`clues_broken`)."""
        places = []
        for i, g in enumerate(self.greens):
            c = ord(word[i]) - ord("a")
            if g >= 0 and c != g:
                places.append(f"letter {i + 1} must be {chr(ord('A') + g)}")
            elif self.barred[i] >> c & 1 and self.maximum[c]:  # (an absent letter: said below)
                places.append(f"letter {i + 1} cannot be {word[i].upper()}")
        counts = [0] * 26
        for letter in word:
            counts[ord(letter) - ord("a")] += 1
        missing, absent, exact = [], [], []
        for c, (n, low, high) in enumerate(zip(counts, self.minimum, self.maximum)):
            letter = chr(ord("A") + c)
            if n < low:
                missing.append(letter + (f" {low} times" if low > 1 else ""))
            elif n > high == 0:
                absent.append(letter)
            elif n > high:
                exact.append(f"it must contain {letter} exactly {high} time{'s' * (high > 1)}")
        return clues_broken(places, missing, absent, exact)

    def legal_mask(self, letters: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """Which of the words (rows of `letters`, letter numbers; `counts`, letters per word) the
        state allows, as a boolean mask (vectorized `allows`): hard mode's mask, less the words
        with a barred letter in place or too many copies of a letter."""
        mask = HardState(self.greens, self.minimum).legal_mask(letters, counts)
        for i, bar in enumerate(self.barred):
            if bar:
                mask &= (np.int64(bar) >> letters[:, i].astype(np.int64)) & 1 == 0
        for c in range(26):
            if self.maximum[c] < UNLIMITED:
                mask &= counts[:, c] <= self.maximum[c]
        return mask

    def kernel_fields(self) -> dict[str, tuple[int, ...]]:
        """The state as the search kernels hold it (`lookahead.kernels.legality`)."""
        return {"greens": self.greens, "mins": self.minimum, "barred": self.barred,
                "maxs": self.maximum}
