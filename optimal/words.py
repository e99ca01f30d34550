"""Word lists: the bundled ones (optimal/data/*.txt) by name, or custom lists from a file.

Why validate so carefully: every number this tool prints depends on the exact lists, so a list with a
stray capital, a duplicate or a word of the wrong length must be caught (or repaired and reported)
before a search spends an hour on it. Repairs that are safe (upper case folded, spaces stripped,
duplicates dropped, answers added to the guesses) are reported as `WordListWarning`s; everything else
is a `BadInput` error with the file and line.
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
import warnings
from dataclasses import dataclass
from importlib import resources
from pathlib import Path

import numpy as np

from optimal.errors import BadInput, quoted
from optimal.files import read_regular

Word = str

MIN_LENGTH, MAX_LENGTH = 2, 8

#: The bundled lists (see optimal/data/PROVENANCE.md for where each comes from).
BUNDLED_LISTS = {
    "answers-2315": "answers-2315.txt",  # original Wordle answers
    "guesses-12972": "guesses-12972.txt",  # original Wordle allowed guesses
    "nyt-answers": "nyt-answers.txt",  # NYT answers, 2,309
    "nyt-guesses": "nyt-guesses.txt",  # NYT allowed guesses, 14,855
    "nyt-answers-3158": "nyt-answers-3158.txt",  # the extended answer list, 3,158 (July 2023)
    # other word lengths, built by scripts/build_length_lists.py (dictionary words; the answers
    # are those as frequent as Wordle's)
    "len4-answers-1000": "len4-answers-1000.txt",
    "len4-guesses-2108": "len4-guesses-2108.txt",
    "len6-answers-2705": "len6-answers-2705.txt",
    "len6-guesses-4635": "len6-guesses-4635.txt",
    "len7-answers-2577": "len7-answers-2577.txt",
    "len7-guesses-5495": "len7-guesses-5495.txt",
}

#: Named pairings of (answers, guesses), selectable with `--lists`.
LIST_PAIRS = {
    "original": ("answers-2315", "guesses-12972"),
    "nyt": ("nyt-answers", "nyt-guesses"),
    "nyt-original": ("nyt-answers", "guesses-12972"),
    "norvig": ("nyt-answers", "nyt-answers"),  # Norvig's notebook: 2,309 words as answers and guesses
    "nyt-extended": ("nyt-answers-3158", "nyt-guesses"),  # the extended answers, NYT guesses
    "big": ("guesses-12972", "guesses-12972"),  # every allowed word may be the answer (issue 26)
    "len4": ("len4-answers-1000", "len4-guesses-2108"),  # four letters
    "len6": ("len6-answers-2705", "len6-guesses-4635"),  # six letters
    "len7": ("len7-answers-2577", "len7-guesses-5495"),  # seven letters
}



def player_pairings() -> dict[str, tuple[str, str]]:
    """The pairings whose answers a played game can have: not those whose answers are their
    guesses (`big`, `norvig`: research games no newspaper plays). Why: the list hints of the
    review and the assistant name only lists a player may have played."""
    return {pair: names for pair, names in LIST_PAIRS.items() if names[0] != names[1]}

class WordListWarning(UserWarning):
    """A list was repaired (duplicates dropped, answers added to guesses, ...): worth telling the user."""


@dataclass(frozen=True)
class WordList:
    """An ordered list of distinct lower-case words of one length, with where it came from."""

    name: str
    words: tuple[Word, ...]
    source: str

    def __len__(self) -> int:
        return len(self.words)

    @property
    def length(self) -> int:
        """The number of letters of each word."""
        return len(self.words[0])

    @functools.cached_property
    def sha256(self) -> str:
        """Hash of the list as a file would hold it (one word a line), to name it in provenance
        (worked out once: the words are a tuple and the dataclass frozen)."""
        return hashlib.sha256(("\n".join(self.words) + "\n").encode()).hexdigest()

    def describe(self) -> dict:
        """The list as the `game` block of a tree file names it."""
        return {"name": self.name, "count": len(self.words), "sha256": self.sha256}


def parse_words(lines: list[str], source: str) -> tuple[Word, ...]:
    """Validate the lines of a word-list file and return its words (in file order, de-duplicated).

    Blank lines and lines starting with '#' are skipped; surrounding spaces are stripped and upper
    case is folded. Raises BadInput on an empty list, characters outside a-z or mixed lengths.
    """
    words: list[Word] = []
    seen: set[Word] = set()
    duplicates: list[Word] = []
    first_line = 0
    for number, raw in enumerate(lines, start=1):
        word = raw.strip().lower()
        if not word or word.startswith("#"):
            continue
        if not (word.isascii() and word.isalpha()):
            raise BadInput(f"{source} line {number}: {quoted(raw.strip())} has characters outside a-z")
        if not words:
            first_line = number
            if not MIN_LENGTH <= len(word) <= MAX_LENGTH:
                raise BadInput(f"{source} line {number}: {quoted(word)} has {len(word):,} letters; "
                               f"words of {MIN_LENGTH} to {MAX_LENGTH} letters are supported")
        elif len(word) != len(words[0]):
            raise BadInput(f"{source} line {number}: {quoted(word)} has {len(word):,} letters but line "
                           f"{first_line} ({words[0]!r}) has {len(words[0])}: mixed lengths")
        if word in seen:
            duplicates.append(word)
            continue
        seen.add(word)
        words.append(word)
    if not words:
        raise BadInput(f"{source}: the word list is empty")
    if duplicates:
        shown = ", ".join(duplicates[:5]) + (", ..." if len(duplicates) > 5 else "")
        warnings.warn(f"{source}: {len(duplicates)} duplicate word(s) dropped ({shown})",
                      WordListWarning, stacklevel=2)
    return tuple(words)


@functools.lru_cache(maxsize=None)
def _bundled_words(name: str) -> tuple[Word, ...]:
    """A bundled list's words, parsed once per process (the package's files do not change while it
    runs, and the servers and tests load the same lists many times)."""
    text = resources.files("optimal").joinpath("data", BUNDLED_LISTS[name]).read_text()
    return parse_words(text.splitlines(), name)


SAMPLE_NAME = re.compile(r"(?P<name>.+)-sample(?P<size>[0-9]+)-seed(?P<seed>[0-9]+)")


def load_words(spec: str) -> WordList:
    """A bundled list by name (e.g. 'answers-2315'), a seeded sample of one by the name
    `sample_words` gives it ('answers-2315-sample12-seed1'), or a custom list from a file path.
    Sample names load so that a small game is named once and reproduced anywhere: a tree or a
    report on a sample names its lists, and `verify` loads them by that name."""
    if spec in BUNDLED_LISTS:
        return WordList(spec, _bundled_words(spec), "bundled")
    path = Path(spec)
    try:
        is_file = path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL byte
        is_file = False
    sample = None if is_file else _sample_of_bundled(spec)
    if sample is not None:
        return sample
    if not is_file:
        names = ", ".join(list(BUNDLED_LISTS) + list(LIST_PAIRS))
        raise BadInput(f"no word list {quoted(spec)}: not a file, and not a bundled list ({names})")
    try:
        text = read_regular(path).decode("utf-8-sig")  # a BOM (Notepad) is no letter
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read word list {spec}: {error}") from None
    words = parse_words(text.splitlines(), str(path))
    name = path.stem
    named = _bundled_words(name) if name in BUNDLED_LISTS else getattr(
        _sample_of_bundled(name, strict=False), "words", None)
    if named is not None and words != named:
        # a file named like a bundled list (or a sample of one) but not it: its results must not
        # be filed (nor a tree's lists named) as that list's ('answers-2315 answers (58)')
        name += "-file"
    return WordList(name, words, str(path))


def _sample_of_bundled(name: str, strict: bool = True) -> WordList | None:
    """The sample a name like 'answers-2315-sample12-seed1' stands for, or None when the name is
    not a sample of a bundled list. A size the list cannot give is bad input when `strict` (the
    name was asked for), else None (a file that only looks like one)."""
    sample = SAMPLE_NAME.fullmatch(name)
    if not sample or sample["name"] not in BUNDLED_LISTS:
        return None
    whole = load_words(sample["name"])
    if not strict and not 1 <= int(sample["size"]) <= len(whole):
        return None
    return sample_words(whole, int(sample["size"]), int(sample["seed"]))


def include_answers(answers: WordList, guesses: WordList) -> WordList:
    """The guess list, with any answer it lacks appended (and a warning), since answers are guessable."""
    if answers.length != guesses.length:
        raise BadInput(f"answers have {answers.length} letters but guesses have {guesses.length}")
    allowed = set(guesses.words)
    missing = [word for word in answers.words if word not in allowed]
    if not missing:
        return guesses
    shown = ", ".join(missing[:5]) + (", ..." if len(missing) > 5 else "")
    warnings.warn(f"{len(missing)} answer(s) not in the guess list {guesses.name} were added to it "
                  f"({shown})", WordListWarning, stacklevel=2)
    return WordList(f"{guesses.name}+answers", guesses.words + tuple(missing), guesses.source)


def load_lists(lists: str | None = None, answers: str | None = None,
               guesses: str | None = None) -> tuple[WordList, WordList]:
    """The (answers, guesses) pair for a run: a named pairing, or separate answers/guesses specs.

    `answers` or `guesses` override the corresponding half of `lists` (default 'original'); a
    custom answer list with no guess list plays with its own words as guesses.
    """
    if lists is not None and lists not in LIST_PAIRS:
        raise BadInput(f"unknown --lists {lists!r}; choose one of {', '.join(LIST_PAIRS)}")
    if answers is not None and guesses is None and lists is None:
        answer_list = load_words(answers)
        return answer_list, answer_list
    default_answers, default_guesses = LIST_PAIRS[lists or "original"]
    answer_list = load_words(answers or default_answers)
    guess_list = load_words(guesses or default_guesses)
    return answer_list, include_answers(answer_list, guess_list)


def sample_words(words: WordList, size: int, seed: int) -> WordList:
    """A seeded random subset of `size` words, in list order, named after the list, size and
    seed (`answers-2315-sample100-seed1`), so a smaller game can be reproduced exactly. The draw
    is `random.Random(seed * 100_003 + size).sample(words, size)`, as in benchmarks/."""
    if not 1 <= size <= len(words):
        raise BadInput(f"cannot sample {size} words from {words.name} ({len(words)} words)")
    chosen = set(random.Random(seed * 100_003 + size).sample(words.words, size))
    return WordList(f"{words.name}-sample{size}-seed{seed}",
                    tuple(w for w in words.words if w in chosen), words.source)


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
