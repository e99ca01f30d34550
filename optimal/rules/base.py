"""The rule protocol: what a Wordle-like game replies to a guess, as small integer codes.

Why a protocol: the matrix, the searches, the trees, the reports and the adversaries only ever ask a
rule these few questions, so a new game (Jotto, ...) is one new implementation of `Rule` and every
tool works on it unchanged. Implementations are registered explicitly in `optimal.rules.RULES`,
never by the side effect of importing a module.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

import numpy as np

from optimal.words import WordList

Reply = int  # a reply code: 0 .. n_codes(length) - 1


def dtype_for(n_codes: int) -> type:
    """The narrowest unsigned type that holds every reply code (uint8 while they fit)."""
    return np.uint8 if n_codes <= 256 else np.uint16


class Rule(ABC):
    """A feedback rule. `name` selects it (`--game`), `version` is part of the matrix cache key
    (change it when the rule changes), `hard_mode` says whether the NYT hard-mode rule applies.

    What a tool may ask of a rule besides its replies (so that no tool tests a rule's name):
    `colour_replies`, whether a reply is one colour per letter (green, yellow, grey) as in Wordle:
    Selby's tree lines, the assistant and the web page (which show and read colours), and
    Absurdle's tie order (which ranks colour patterns) are written for such replies; and
    `results_prefix`, what the name of a results folder starts with (nothing for Wordle, the
    default game, so its folders keep their names); `absent_letters_alike`, whether a letter that
    no answer of a set contains scores the same whichever letter it is and wherever it stands, and
    leaves the other letters' scores alone (then two guesses that differ only in such letters split
    the set identically, and the search scans one of them: `lookahead.kernels.scan`);
    `guesses_from_answers`, whether a game's guesses are its answers unless a guess list is given,
    and `list_note`, what the rule does to a list (both for the hints that name other lists)."""

    name: str
    version: str
    hard_mode: bool
    colour_replies: bool = False
    results_prefix: str = ""
    absent_letters_alike: bool = False
    guesses_from_answers: bool = False
    list_note: str = ""

    @abstractmethod
    def reply(self, guess: str, answer: str) -> Reply:
        """The reply to one guess when the hidden word is `answer` (plain Python: the reference
        every tree is verified with)."""

    @abstractmethod
    def matrix(self, guesses: Sequence[str], answers: Sequence[str]) -> np.ndarray:
        """Replies of every guess (rows) to every answer (columns), vectorized; must agree with
        `reply` everywhere (tests check it)."""

    @abstractmethod
    def n_codes(self, length: int) -> int:
        """How many reply codes there are for words of `length` letters."""

    @abstractmethod
    def won(self, length: int) -> Reply:
        """The code that means the guess is the answer."""

    @abstractmethod
    def to_string(self, code: Reply, length: int) -> str:
        """The canonical spelling of a reply."""

    @abstractmethod
    def parse(self, text: str, length: int) -> Reply:
        """A reply typed by a user, as a code; BadInput when malformed or impossible."""

    def dtype(self, length: int) -> type:
        """The matrix's element type for words of `length` letters."""
        return dtype_for(self.n_codes(length))

    def playable(self, words: WordList) -> WordList:
        """The words of a bundled list this rule plays (Wordle: all of them). Why: a hint that
        names another list for a word must name one where the rule would play that word."""
        return words

    def stand_in(self, word: str, words: Sequence[str]) -> str | None:
        """The word of `words` this rule plays in place of `word`, which `playable` left out (None:
        none; Wordle leaves nothing out). Why: a hint naming another list sent a Jotto player
        round in circles (SOARE is in the big list, whose answers then lack CIGAR), when the game's
        own list had SOARE's anagram, with the same replies."""
        return None
