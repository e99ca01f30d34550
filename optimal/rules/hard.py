"""Wordle's hard mode (the NYT rule): what a history demands of the next guess, and whether a word
meets it. The rule owns its modes: a game asks `HardState` which guesses are legal, and nothing
outside `optimal/rules/` needs to know what the rule is.

The search kernels hold the same state as arrays (`lookahead.kernels.legality`: the greens per
place and the least count per letter) and derive legal guesses on bitsets; `HardState` is the plain
statement every tree is verified against.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from optimal.rules.wordle import GREEN, YELLOW, reply_digits


def clues_broken(places: Sequence[str], missing: Sequence[str], absent: Sequence[str] = (),
                 counts: Sequence[str] = ()) -> str | None:
    """One phrase naming every broken clue: the places first, then the letters missing, those
    present that may not be, and the counts ("letter 1 must be H; it must contain A and T");
    None when nothing is broken."""
    def listed(letters: Sequence[str]) -> str:
        return letters[0] if len(letters) == 1 else f"{', '.join(letters[:-1])} and {letters[-1]}"

    phrases = list(places)
    if missing:
        phrases.append(f"it must contain {listed(missing)}")
    if absent:
        phrases.append(f"it cannot contain {listed(absent)}")
    phrases.extend(counts)
    return "; ".join(phrases) or None


@dataclass(frozen=True)
class HardState:
    """What hard mode demands of the next guess, accumulated over the history.

    `greens[i]` is the letter number that must stand at position i (or -1), and `minimum[c]` how many
    copies of letter c the guess must contain: a letter scored green or yellow n times in one guess
    must appear at least n times in every later guess. Grey letters may be reused and yellows may stay
    in place (the NYT rule).
    """

    greens: tuple[int, ...]
    minimum: tuple[int, ...]

    @staticmethod
    def initial(length: int) -> "HardState":
        """The state before any guess: no green placed, no letter required."""
        return HardState((-1,) * length, (0,) * 26)

    def after(self, guess: str, code: int) -> "HardState":
        """The state after playing `guess` and seeing reply `code`."""
        digits = reply_digits(code, len(guess))
        greens = list(self.greens)
        scored = [0] * 26
        for i, (letter, digit) in enumerate(zip(guess, digits)):
            c = ord(letter) - ord("a")
            if digit == GREEN:
                greens[i] = c
            if digit in (GREEN, YELLOW):
                scored[c] += 1
        return HardState(tuple(greens), tuple(map(max, self.minimum, scored)))

    def allows(self, word: str) -> bool:
        """Whether `word` is a legal hard-mode guess in this state (plain Python, for verifying)."""
        return self.violation(word) is None

    def violation(self, word: str) -> str | None:
        """Why `word` breaks the hard-mode rule here (None when it does not), for error messages:
        every clue it breaks, so a player who mends it is not refused again for the next one."""
        places = [f"letter {i + 1} must be {chr(ord('A') + g)}" for i, g in enumerate(self.greens)
                  if g >= 0 and ord(word[i]) - ord("a") != g]
        missing = [chr(ord("A") + c) + (f" {n} times" if n > 1 else "")
                   for c, n in enumerate(self.minimum) if n and word.count(chr(ord("a") + c)) < n]
        return clues_broken(places, missing)

    def legal_mask(self, letters: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """Which of the words (rows of `letters`, letter numbers; `counts`, letters per word) the
        state allows, as a boolean mask (vectorized `allows`)."""
        mask = np.ones(letters.shape[0], dtype=bool)
        for i, g in enumerate(self.greens):
            if g >= 0:
                mask &= letters[:, i] == g
        for c, n in enumerate(self.minimum):
            if n:
                mask &= counts[:, c] >= n
        return mask

    def kernel_fields(self) -> dict[str, tuple[int, ...]]:
        """The state as the search kernels hold it (`lookahead.kernels.legality`)."""
        return {"greens": self.greens, "mins": self.minimum}
