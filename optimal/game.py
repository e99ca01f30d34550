"""The game: answers, allowed guesses, their reply matrix, the mode and the guess limit.

Everything downstream (greedy, search, verification, the assistant) asks the same two questions of a
game state, so they live here once: which answers are still possible after a history of
(guess, reply) pairs, and which guesses are legal (every guess in normal mode; in hard mode only
those that respect the NYT rule).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from optimal.errors import BadInput, quoted
from optimal.feedback import feedback_matrix
from optimal.files import memory_bytes
from optimal.rules import MODES, SQUARES, STRICT_MODES, WORDLE, Rule, rule_named
from optimal.rules.hard import HardState
from optimal.rules.ultra import UltraState
from optimal.weights import Weights
from optimal.words import (LIST_PAIRS, WordList, encode_words, letter_counts, load_lists,
                           load_words, player_pairings)

ClueState = HardState | UltraState  # what a strict mode carries from guess to guess

Step = tuple[str, int]  # (guess word, reply code)


@dataclass
class Game:
    """A Wordle-like game: lists, reply matrix, `mode` ('normal', 'hard' or 'ultra') and `max_guesses`;
    with `weights` (see optimal.weights) the objective is the expected number of guesses under them
    instead of the plain total."""

    answers: WordList
    guesses: WordList
    mode: str = "normal"
    max_guesses: int = 6
    rule: Rule = WORDLE
    cache: bool = field(default=True, repr=False)
    weights: Weights | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if isinstance(self.rule, str):
            self.rule = rule_named(self.rule)
        if self.mode not in MODES:
            raise BadInput(f"unknown mode {self.mode!r}; choose {', '.join(MODES)}")
        if self.mode != "normal" and not self.rule.hard_mode:
            raise BadInput(f"{self.mode_name} is not defined for {self.rule.name}")
        if self.max_guesses < 1:
            raise BadInput(f"the guess limit must be at least 1, not {self.max_guesses}")
        if self.weights is not None and len(self.weights) != len(self.answers):
            raise BadInput(f"{len(self.weights):,} weights for {len(self.answers):,} answers")
        missing = set(self.answers.words) - set(self.guesses.words)
        if missing:
            raise BadInput(f"{len(missing)} answers are not in the guess list "
                           "(load lists with optimal.words.load_lists, which adds them)")
        self._check_size()

    def _check_size(self) -> None:
        """Refuse, before any work, lists whose reply matrix cannot fit: every command builds it
        (a guesses x answers table), and a search keeps about three copies of it per process."""
        need = self.matrix_bytes
        have = memory_bytes()
        if need > have // 2:
            raise BadInput(f"{len(self.guesses):,} guesses x {len(self.answers):,} answers: the reply "
                           f"matrix alone needs {need / 2**30:,.1f} GB, more than half of this "
                           f"machine's {have / 2**30:,.1f} GB of memory; use shorter lists")

    @property
    def matrix_bytes(self) -> int:
        """The size of the reply matrix, known from the counts before it is built."""
        return len(self.guesses) * len(self.answers) * np.dtype(self.rule.dtype(self.length)).itemsize

    @classmethod
    def from_lists(cls, lists: str | None = None, answers: str | None = None,
                   guesses: str | None = None, mode: str = "normal", max_guesses: int = 6,
                   rule: Rule | str = WORDLE) -> "Game":
        """A game from a named pairing (`original`, `nyt`, ...) or answer/guess list specs."""
        answer_list, guess_list = load_lists(lists, answers, guesses)
        return cls(answer_list, guess_list, mode, max_guesses, rule)

    def __getstate__(self) -> dict:
        """Pickle the definition only: a worker process reloads the matrix from the disk cache
        instead of receiving 30 MB per task."""
        keep = ("answers", "guesses", "mode", "max_guesses", "rule", "cache", "weights")
        return {key: value for key, value in self.__dict__.items() if key in keep}

    def __setstate__(self, state: dict) -> None:
        self.__dict__.update(state)

    @cached_property
    def fingerprint(self) -> str:
        """A short hash identifying the game (lists, rule, mode, limit, weights), e.g. for worker
        caches and checkpoints: weighted and unweighted values never mix."""
        parts = [self.rule.name, self.answers.sha256, self.guesses.sha256, self.mode,
                 str(self.max_guesses)]
        text = "|".join(parts + ([self.weights.sha256] if self.weights is not None else []))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def with_limits(self, mode: str | None = None, max_guesses: int | None = None) -> "Game":
        """The same lists with another mode or guess limit (the matrix is shared, not rebuilt)."""
        other = Game(self.answers, self.guesses, mode or self.mode,
                     max_guesses if max_guesses is not None else self.max_guesses, self.rule,
                     self.cache, self.weights)
        if "matrix" in self.__dict__:
            other.__dict__["matrix"] = self.matrix
        return other

    def with_weights(self, weights: Weights | None) -> "Game":
        """The same game with other answer weights (None: unweighted); the matrix is shared."""
        other = Game(self.answers, self.guesses, self.mode, self.max_guesses, self.rule, self.cache,
                     weights)
        if "matrix" in self.__dict__:
            other.__dict__["matrix"] = self.matrix
        return other

    def restricted_to(self, candidates: np.ndarray, name: str = "subset") -> "Game":
        """The same game with only some of the answers possible (e.g. Norvig's nine -AILS words
        within the 2,309-word list): same guesses, mode and limit; the matrix is sliced, not
        rebuilt."""
        candidates = np.asarray(candidates)
        words = tuple(self.answers.words[i] for i in candidates)
        weights = self.weights.restricted(candidates) if self.weights is not None else None
        other = Game(WordList(name, words, self.answers.source), self.guesses, self.mode,
                     self.max_guesses, self.rule, self.cache, weights)
        matrix = np.ascontiguousarray(self.matrix[:, candidates])
        matrix.setflags(write=False)  # as every game's matrix is: one array type for the kernels
        other.__dict__["matrix"] = matrix
        return other

    @property
    def hard(self) -> bool:
        """Whether later guesses are bound by the clues (hard or ultra-hard mode): the searches then
        carry a state from guess to guess and offer only the guesses it allows."""
        return self.mode != "normal"

    @property
    def mode_name(self) -> str:
        """The mode as a message names it: 'hard mode', 'ultra-hard mode'."""
        return {"ultra": "ultra-hard"}.get(self.mode, self.mode) + " mode"

    def start_state(self) -> ClueState | None:
        """The clue state before any guess in this game's mode (None in normal mode)."""
        return STRICT_MODES[self.mode].initial(self.length) if self.hard else None

    @property
    def weighted(self) -> bool:
        """Whether the answers carry weights (`weights` is not None)."""
        return self.weights is not None

    @cached_property
    def answer_weights(self) -> np.ndarray:
        """The integer weight of each answer (int64; all 1 without weights): the search minimises
        the sum over answers of weight x guesses, which is the plain total without weights."""
        if self.weights is None:
            return np.ones(len(self.answers), dtype=np.int64)
        return self.weights.integers.astype(np.int64)

    def weight_of(self, candidates: np.ndarray) -> int:
        """The summed integer weight of some answers (their number without weights)."""
        candidates = np.asarray(candidates)
        return int(candidates.size if self.weights is None else self.answer_weights[candidates].sum())

    @property
    def length(self) -> int:
        """Letters per word."""
        return self.answers.length

    @property
    def won(self) -> int:
        """The reply code that means 'found' (all green in Wordle)."""
        return self.rule.won(self.length)

    @property
    def n_codes(self) -> int:
        """How many reply codes there are (codes are 0 .. n_codes - 1)."""
        return self.rule.n_codes(self.length)

    def reply_text(self, code: int) -> str:
        """A reply code as text (GYB letters in Wordle)."""
        return self.rule.to_string(code, self.length)

    def parse_reply(self, text: str) -> int:
        """A reply typed by a user, as a code (BadInput when impossible or malformed)."""
        return self.rule.parse(text, self.length)

    @cached_property
    def matrix(self) -> np.ndarray:
        """Reply of guess i (row) to answer j (column); cached on disk."""
        return feedback_matrix(self.guesses.words, self.answers.words, cache=self.cache, rule=self.rule)

    @cached_property
    def guess_index(self) -> dict[str, int]:
        """Guess word to its index in the guess list."""
        return {word: i for i, word in enumerate(self.guesses.words)}

    @cached_property
    def answer_index(self) -> dict[str, int]:
        """Answer word to its index in the answer list."""
        return {word: i for i, word in enumerate(self.answers.words)}

    @cached_property
    def guess_of_answer(self) -> np.ndarray:
        """For each answer, its index in the guess list."""
        return np.array([self.guess_index[w] for w in self.answers.words], dtype=np.int32)

    @cached_property
    def guess_letters(self) -> np.ndarray:
        """(n_guesses, L) letter numbers."""
        return encode_words(self.guesses.words)

    @cached_property
    def guess_letter_counts(self) -> np.ndarray:
        """(n_guesses, 26) copies of each letter in each guess (for hard mode)."""
        return letter_counts(self.guess_letters)

    def describe(self) -> dict:
        """The `game` block of a tree file."""
        block = {"rule": self.rule.name, "answers": self.answers.describe(),
                 "guesses": self.guesses.describe(), "mode": self.mode,
                 "max_guesses": self.max_guesses, "length": self.length}
        if self.weights is not None:
            block["weights"] = self.weights.describe()
        return block

    def matches(self, block: dict) -> bool:
        """Whether a `game` block (of a bundled table or bound) is this game: the same rule, mode
        and guess limit, lists of the same content and the same answer weights (by sha256), so
        a figure proven for that game may be quoted for this one."""
        mine = self.describe()
        return (all(block.get(key) == mine.get(key) for key in ("rule", "mode", "max_guesses"))
                and all((block.get(key) or {}).get("sha256") == (mine.get(key) or {}).get("sha256")
                        for key in ("answers", "guesses", "weights")))

    def guess_id(self, word: str) -> int:
        """The index of an allowed guess; BadInput for a word not in the guess list."""
        word = word.strip().lower()
        try:
            return self.guess_index[word]
        except KeyError:
            other = self._wrong_length(word, 1) or (self._other_lists(word, 1) if word.isalpha()
                                                    else "")
            raise BadInput(f"{quoted(word.upper())} is not in the guess list {self.guesses.name}"
                           f"{other}") from None

    def answer_id(self, word: str) -> int:
        """The index of an answer; BadInput for a word not in the answer list (naming the bundled
        lists that have it: today's newspaper draws from more answers, ABUZZ is no typo)."""
        word = word.strip().lower()
        try:
            return self.answer_index[word]
        except KeyError:
            raise BadInput(f"{quoted(word.upper())} is not in the answer list {self.answers.name}"
                           f"{self._wrong_length(word, 0) or self._other_lists(word, 0)}") from None

    def _wrong_length(self, word: str, side: int) -> str:
        """A word of letters but another length than this game's: the reason it is in neither
        list, said first (naming the lists of 5 letters that have SPEED hid that the game is of
        6), with the bundled pairing of that length when it has the word (side 0: as an answer,
        1: as a guess; a typo like SALETT is in none, and sending its player there is a wrong
        turn), '' for the right length."""
        if not word.isalpha() or len(word) == self.length:
            return ""
        lists = "original" if len(word) == 5 else f"len{len(word)}"
        letters = f"{len(word)} letter" + ("s" if len(word) != 1 else "")
        has_it = lists in LIST_PAIRS and word in load_words(LIST_PAIRS[lists][side]).words
        return (f": it has {letters} and this game's words have {self.length}"
                + (f" (--lists {lists} plays those)" if has_it else ""))

    def _other_lists(self, word: str, side: int) -> str:
        """Which other bundled pairings have `word` (side 0: as an answer, 1: as a guess), as a
        hint ('' for none)."""
        mine = (self.answers.name, self.guesses.name)[side]
        # as a guess, the word this list plays for it has the same replies: the fix is here (an
        # answer has no stand-in: finding CREAM is not finding CREMA)
        stand_in = self.rule.stand_in(word, self.guesses.words) if side == 1 else None
        if stand_in is not None:
            return f" ({self.rule.list_note}: {stand_in.upper()} stands for it in this one)"
        source = 0 if self.rule.guesses_from_answers else side  # Jotto: guesses = answers
        pairs: dict[str, list[str]] = {}
        filtered_out = False  # in a list the rule leaves it out of (Jotto: a repeated letter)
        for pair, names in (player_pairings() if side == 0 else LIST_PAIRS).items():
            listed = load_words(names[source])
            words = self.rule.playable(listed)
            if words.name != mine and word in words.words:
                pairs.setdefault(words.name, []).append(f"--lists {pair}")
            filtered_out |= word in listed.words and word not in words.words
        found = [f"{name} ({' or '.join(flags)})" for name, flags in pairs.items()]
        if found:
            return "; it is in " + " and ".join(found)
        if filtered_out and self.rule.list_note:
            return f" ({self.rule.list_note})"
        if side == 0 and word in self.guess_index:  # TARES: a guess, in no played game's answers
            return ("; it is an allowed guess, in no bundled answer list of a played game "
                    "(--lists big makes every allowed word an answer)")
        return ""

    def reply(self, guess: str, answer: str) -> int:
        """The reply code of `guess` to `answer` (both must be in the lists)."""
        return int(self.matrix[self.guess_id(guess), self.answer_index[answer]])

    def replies_to(self, guess: str, candidates: np.ndarray) -> np.ndarray:
        """The reply of `guess` to each candidate answer (indices)."""
        return self.matrix[self.guess_id(guess), candidates]

    def all_candidates(self) -> np.ndarray:
        """Every answer index (int32, the search kernels' type): the candidates before any guess."""
        return np.arange(len(self.answers), dtype=np.int32)

    def candidates(self, history: list[Step]) -> np.ndarray:
        """Answer indices consistent with every (guess, reply) in `history`.

        Raises BadInput naming the step that left no candidate, since that means a typing mistake in
        a guess or its colours.
        """
        remaining = self.all_candidates()
        for step, (guess, code) in enumerate(history, start=1):
            row = self.matrix[self.guess_id(guess)]
            remaining = remaining[row[remaining] == code]
            if remaining.size == 0:
                # Jotto lists one word per anagram class: all letters in common is the answer
                found = ("; the answer itself is typed *" if not self.rule.colour_replies
                         and code == self.length else "")
                raise BadInput(f"no answer fits: check the reply {self.reply_text(code)} "
                               f"to {guess.upper()} (step {step} leaves no candidate{found})")
        return remaining

    def hard_state(self, history: list[Step]) -> ClueState:
        """The constraints of this game's strict mode after `history` (hard mode's in normal
        mode, for tools that ask what hard mode would allow)."""
        state = self.start_state() or HardState.initial(self.length)
        for guess, code in history:
            state = state.after(guess.lower(), code)
        return state

    def legal_mask(self, state: ClueState | None) -> np.ndarray:
        """Boolean mask over guesses: all True with no state, else the guesses the state allows
        (its mode's rule). A state is applied whatever the game's mode, so normal-mode tools can
        ask what hard mode would allow; callers in normal mode pass None."""
        if state is None:
            return np.ones(len(self.guesses), dtype=bool)
        return state.legal_mask(self.guess_letters, self.guess_letter_counts)

    def legal_ids(self, state: ClueState | None) -> np.ndarray:
        """Indices of the guesses `state` allows (all of them with None): `legal_mask`'s."""
        return np.nonzero(self.legal_mask(state))[0]

    def legal_guesses(self, history: list[Step]) -> np.ndarray:
        """Indices of the guesses allowed after `history` (all of them in normal mode)."""
        return self.legal_ids(self.hard_state(history) if self.hard else None)

    def check_history(self, history: list[Step]) -> np.ndarray:
        """Validate a played history (known words, hard-mode legal, some answer left, no step after
        the answer was found); return the candidates."""
        for step, (guess, code) in enumerate(history[:-1], start=1):
            if code == self.won:
                raise BadInput(f"{guess.upper()} {self.reply_text(code)} (step {step}) already "
                               "found the answer: no step can follow it")
        if self.hard:
            state = self.start_state()
            for step, (guess, code) in enumerate(history, start=1):
                self.guess_id(guess)
                why = state.violation(guess.lower())
                if why:
                    raise BadInput(f"{guess.upper()} (step {step}) is not allowed in "
                                   f"{self.mode_name}: {why}")
                state = state.after(guess.lower(), code)
        return self.candidates(history)


def parse_history(text: str, game: Game) -> list[Step]:
    """A played history as (word, reply code) steps, for `--from`: every step needs its one
    reply (the syntax is `split_history`'s, shared with the assistant and the web page)."""
    steps = split_history(text, game)
    if not steps or any(len(replies) != 1 for _, replies in steps):
        raise BadInput(f"history {quoted(text)}: expected pairs of word and reply, like "
                       "salet.BBYBB.clint.BYYBB")
    out = []
    for word, (reply_text,) in steps:
        game.guess_id(word)
        out.append((word, game.parse_reply(reply_text)))
    return out


def split_words(text: str) -> tuple[str, ...]:
    """Played guesses typed as WORD[,WORD...] or separated by spaces: lower case, in order, a
    repeat kept (it was played). BadInput for no word, or for an empty place between commas: a
    word lost to a typo, and the game without it is another game."""
    words = tuple(w.lower() for w in re.split(r"[,\s]+", text) if w)
    if not words:
        raise BadInput(f"{quoted(text)} names no word")
    if re.search(r",\s*,", text) or text.strip().startswith(","):
        raise BadInput(f"{quoted(text.strip())} has an empty place between commas: a word missing?")
    return words


GLUED_SQUARES = re.compile(f"([A-Za-z])(?=[{SQUARES}])")  # 'salet⬛⬛🟨⬛⬛': a word, then its reply
SPACED_SLASH = re.compile(r"\s*/\s*")  # 'BBYBB / GYBBB': the replies of two boards
WORD_END = re.compile(r"[./]")  # 'salet.BBYBB', 'salet/BBYBB': a word ends there


def split_history(text: str, game: Game) -> list[tuple[str, list[str]]]:
    """The one history syntax of every tool (--from, assist --history, the web page's
    ?history=): steps of a word and its replies, as (word, reply texts), replies not decoded (how
    many a step needs depends on the tool: one, one per unsolved board, none where the game
    replies itself). Why one function: a history copied from one tool works in every other.

    'salet.BBYBB.clint.BYYBB', 'salet=BBYBB,clint=BYYBB', 'salet BBYBB clint BYYBB' and
    'salet.B.Y..' are the same. Steps and their parts are separated by ',', ';', '=', ':' or spaces
    (or nothing between a word and a share grid's squares: 'salet⬛⬛🟨⬛⬛'),
    a '.' or '/' right after a word or a '.' after a whole reply also separates, and '/' separates
    the replies of several boards ('salet=BBYBB/GYBBB', 'salet BBYBB / GYBBB'). A reply is always as many marks as its canonical
    spelling (five for five-letter Wordle), so a '.' inside it is a miss. A step may have no reply
    ('salet,crony' against Absurdle): what follows a word is its reply unless it is a word of the
    guess list that is not a possible reply. An empty text is no step.
    """
    marks = len(game.reply_text(game.won))
    steps: list[tuple[str, list[str]]] = []
    spaced = SPACED_SLASH.sub("/", GLUED_SQUARES.sub(r"\1 ", text))
    for chunk in (c for c in re.split(r"[,;=:\s]+", spaced.strip()) if c):
        i, forced = 0, False
        while i < len(chunk):
            word_end = WORD_END.search(chunk, i)
            word = chunk[i:len(chunk) if word_end is None else word_end.start()]
            reply_end = _reply_end(chunk, i, marks)
            if steps and (forced or _is_reply(game, word, chunk[i:reply_end], bool(steps[-1][1]))):
                steps[-1][1].append(chunk[i:reply_end])
                i = reply_end
                forced = i < len(chunk) and chunk[i] == "/"
                if i < len(chunk) and chunk[i] not in "./":
                    word = steps[-1][0]
                    longer = (f" (and {word.upper()[:20]} has {len(word)} letters: this game's "
                              f"words have {marks})" if len(word) != marks else "")
                    raise BadInput(f"history {quoted(text.strip())}: the reply after "
                                   f"{steps[-1][0].upper()[:20]} has more than {marks} marks"
                                   f"{longer}")
                i += 1
                continue
            if word and not steps and _reads_as_reply_only(game, word):
                raise BadInput(f"history {quoted(text.strip())}: {quoted(word)} is a reply, and a "
                               f"step starts with its word, then the reply ('WORD {word}', not "
                               f"'{word} WORD')")
            if word:  # (a stray '.' with no word before it is skipped)
                steps.append((word.lower(), []))
            i += len(word) + 1
    return steps


def _reply_end(chunk: str, start: int, marks: int) -> int:
    """Where a reply starting at `start` ends: after `marks` marks (a square's variation selector
    is part of its mark), or before a '/' (the next board's reply: 'BBBG/BBBBB' is a reply one
    mark short, not one too long)."""
    end, taken = start, 0
    while end < len(chunk) and taken < marks and chunk[end] != "/":
        end += 1
        taken += 1
        while end < len(chunk) and chunk[end] == "\ufe0f":
            end += 1
    return end


def _reads_as_reply_only(game: Game, text: str) -> bool:
    """Whether `text` is a reply and no word of the guess list (a history typed reply first)."""
    if text.lower() in game.guess_index:
        return False
    try:
        game.parse_reply(text)
    except BadInput:
        return False
    return True


def _is_reply(game: Game, word: str, reply: str, has_reply: bool) -> bool:
    """Whether what follows a step is (another) reply of it rather than the next word: a step's
    first reply unless the text is a guess-list word that does not read as a reply; a further
    reply only when it reads as one, or when it is marks only and no word (a board's reply of the
    wrong length, 'salet BBBGB BBBB': said as that, not as a reply missing and a word unknown)."""
    if _parses(game, reply):
        return True
    if word.lower() in game.guess_index:
        return False
    marks = len(game.reply_text(game.won))
    marks_only = bool(word) and all(_parses(game, ch * marks) for ch in set(word) - {"\ufe0f"})
    return not has_reply or marks_only  # (a stray '.', no word before it, is no reply)


def _parses(game: Game, reply: str) -> bool:
    """Whether `reply` reads as one of the game's replies."""
    try:
        game.parse_reply(reply)
    except BadInput:
        return False
    return True
