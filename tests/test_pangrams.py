"""Five words, 25 different letters: a hand-checked list, the two solvers against each other, the CLI.

The solvers share nothing but the anagram-class masks, so agreement on random and planted lists is
strong evidence for both; the hand-made list pins down what "a solution" and "expanded" mean.
"""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from optimal.pangrams import command as pangrams
from optimal.pangrams.command import main
from optimal.pangrams.search import (anagram_classes, bitmask_solutions, cpsat_solutions, expand,
                                     expanded_count, letter_mask, missing_letter, search_masks,
                                     search_masks_python)
from optimal.errors import BadInput
from optimal.words import load_words

# Hand-made: classes A = abcde (3 anagrams), B = fghij, B' = fghiz, C = klmno (2 anagrams),
# D = pqrst, E = uvwxy, E' = uvwxz; "aabcd" and "zzzzz" repeat letters; "abfgk" clashes with
# A, B and C and leaves too few disjoint classes to finish.
# Solutions by hand: A B C D E (missing z), A B C D E' (missing y), A B' C D E (missing j);
# A B' C D E' would use z twice. Each expands 3 x 2 = 6 ways: 18 word solutions.
TINY = ["abcde", "bacde", "edcba", "fghij", "fghiz", "klmno", "onmlk", "pqrst", "uvwxy", "uvwxz",
        "aabcd", "zzzzz", "abfgk"]
TINY_SOLUTIONS = [
    ("abcde", "fghij", "klmno", "pqrst", "uvwxy"),
    ("abcde", "fghij", "klmno", "pqrst", "uvwxz"),
    ("abcde", "fghiz", "klmno", "pqrst", "uvwxy"),
]
PLANTED = ("fjord", "gucks", "nymph", "vibex", "waltz")


@pytest.fixture(scope="module")
def guesses() -> tuple[str, ...]:
    return load_words("guesses-12972").words


def test_anagram_classes_group_and_drop_repeated_letters():
    classes = anagram_classes(TINY)
    assert classes[letter_mask("abcde")] == ["abcde", "bacde", "edcba"]
    assert classes[letter_mask("klmno")] == ["klmno", "onmlk"]
    assert all(word not in variants for variants in classes.values() for word in ("aabcd", "zzzzz"))
    assert len(classes) == 8  # A, B, B', C, D, E, E', abfgk
    assert sum(len(v) for v in classes.values()) == len(TINY) - 2


def test_tiny_list_by_hand():
    classes = anagram_classes(TINY)
    solutions = bitmask_solutions(TINY)
    assert solutions == TINY_SOLUTIONS
    assert [missing_letter(s) for s in solutions] == ["z", "y", "j"]
    words = expand(solutions, classes)
    assert len(words) == expanded_count(solutions, classes) == 18
    assert len(set(words)) == 18 and all(list(s) == sorted(s) for s in words)
    assert ("edcba", "fghiz", "onmlk", "pqrst", "uvwxy") in words
    assert all(len(set("".join(s))) == 25 for s in words)


def test_tiny_list_cpsat_and_python_agree():
    assert cpsat_solutions(TINY) == TINY_SOLUTIONS
    masks = list(anagram_classes(TINY))
    assert search_masks_python(masks) == search_masks(masks)


def test_no_solution_and_too_few_words():
    assert bitmask_solutions(["abcde", "fghij"]) == cpsat_solutions(["abcde", "fghij"]) == []
    assert bitmask_solutions(["aabbc", "ccdde"]) == cpsat_solutions(["aabbc", "ccdde"]) == []


def test_result_array_grows_when_full():
    masks = list(anagram_classes(TINY))
    assert search_masks(masks, capacity=1) == search_masks(masks)


def test_missing_letter_checks_its_input():
    assert missing_letter(PLANTED) == "q"
    with pytest.raises(BadInput, match="not exactly one letter"):
        missing_letter(("abcde", "fghij"))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_subsets_with_a_planted_solution(guesses, seed):
    rng = random.Random(seed)
    words = sorted(set(rng.sample(guesses, 300)) | set(PLANTED))
    solutions = bitmask_solutions(words)
    assert PLANTED in solutions
    assert cpsat_solutions(words) == solutions
    assert search_masks_python(list(anagram_classes(words))) == search_masks(list(anagram_classes(words)))


@pytest.mark.parametrize("seed", [4, 5])
def test_many_planted_partitions(seed):
    """Five random partitions of the alphabet plus noise: the planted solutions cross (about 20
    solutions come out of 5 planted), and both solvers must still agree. Kept this small because
    CP-SAT's enumeration slows down sharply as solutions multiply (1,213 took minutes)."""
    rng = random.Random(seed)
    letters = list("abcdefghijklmnopqrstuvwxyz")
    words: set[str] = set()
    planted = []
    for _ in range(5):
        rng.shuffle(letters)
        five = ["".join(letters[i:i + 5]) for i in range(0, 25, 5)]
        planted.append(tuple(sorted(five)))
        words.update(five)
        words.add("".join(rng.sample(five[0], 5)))  # an anagram variant
    for _ in range(150):
        words.add("".join(rng.sample(letters, 5)))
    words_list = sorted(words)
    classes = anagram_classes(words_list)
    solutions = bitmask_solutions(words_list)
    assert cpsat_solutions(words_list) == solutions
    found = {frozenset(letter_mask(w) for w in s) for s in solutions}
    assert all(frozenset(letter_mask(w) for w in p) in found for p in planted)
    assert len(solutions) > len(planted)  # crossings found too
    assert expanded_count(solutions, classes) > len(solutions)  # the variants were expanded
    assert search_masks_python(list(classes)) == search_masks(list(classes))


@pytest.mark.slow
def test_full_12972_list_both_solvers_agree(guesses):
    """About 6 s, nearly all CP-SAT (the random and planted subsets above check the same fast)."""
    solutions = bitmask_solutions(guesses)
    assert PLANTED in solutions
    assert cpsat_solutions(guesses) == solutions
    classes = anagram_classes(guesses)
    words = expand(solutions, classes)
    assert len(words) >= len(solutions) and PLANTED in words
    assert all(len(set("".join(s))) == 25 and set(s) <= set(guesses) for s in words)


def test_non_five_letter_words_are_bad_input():
    from optimal.errors import BadInput

    with pytest.raises(BadInput):
        bitmask_solutions(["abcd", "efgh"])
    with pytest.raises(BadInput):
        cpsat_solutions(["ABCDE"])


# ---------------------------------------------------------------------------------------------
# Command line


@pytest.fixture
def tiny_file(tmp_path):
    path = tmp_path / "tiny.txt"
    path.write_text("\n".join(TINY) + "\n")
    return str(path)


def test_cli_prints_counts_and_solutions(tiny_file, capsys):
    assert main([tiny_file]) == 0
    out = capsys.readouterr().out
    assert "3 letter-set solutions, 18 word solutions" in out
    assert "ABCDE FGHIJ KLMNO PQRST UVWXY (missing Z)" in out
    assert "ABCDE FGHIZ KLMNO PQRST UVWXY (missing J)" in out
    lines = [line for line in out.splitlines() if line.endswith(")") and "(missing" in line]
    assert len(lines) == 18 and lines == sorted(lines)
    assert "missing letter: J 1, Y 1, Z 1" in out


def test_cli_limit_and_out(tiny_file, tmp_path, capsys):
    out_file = tmp_path / "sub" / "pangrams.txt"
    assert main([tiny_file, "--limit", "2", "--out", str(out_file)]) == 0
    out = capsys.readouterr().out
    assert sum("(missing" in line for line in out.splitlines()) == 2
    assert "16 more" in out
    written = out_file.read_text().splitlines()
    assert len(written) == 18 and written[0] == "ABCDE FGHIJ KLMNO PQRST UVWXY (missing Z)"


def test_cli_both_solvers_agree(tiny_file, capsys):
    assert main([tiny_file, "--solver", "both", "--limit", "0"]) == 0
    out = capsys.readouterr().out
    assert "bitmask and cpsat agree" in out and "cpsat: 3 letter-set solutions" in out


def test_cli_disagreement_exits_1(tiny_file, capsys, monkeypatch):
    monkeypatch.setattr(pangrams, "cpsat_solutions", lambda words: TINY_SOLUTIONS[:2])
    assert main([tiny_file, "--solver", "both"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "disagree" in err and "ABCDE FGHIZ" in err


@pytest.mark.parametrize("content", ["abcd\nefgh\n", "abcde\nab1de\n", "abcde\nabcdef\n", "# empty\n"])
def test_cli_bad_list_is_one_line_exit_2(tmp_path, capsys, content):
    path = tmp_path / "bad.txt"
    path.write_text(content)
    assert main([str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1 and "error" in captured.err
    assert "Traceback" not in captured.err


def test_cli_missing_file_and_bad_options(tmp_path, capsys):
    assert main([str(tmp_path / "nope.txt")]) == 2
    assert capsys.readouterr().err.count("\n") == 1
    for argv in (["--limit", "-1"], ["--solver", "magic"], ["--limit", "x"]):
        with pytest.raises(SystemExit) as stop:
            main(argv)
        assert stop.value.code == 2
        assert capsys.readouterr().err.count("\n") == 1


def test_cli_unwritable_out_is_exit_2(tiny_file, tmp_path, capsys):
    blocker = tmp_path / "file"
    blocker.write_text("")
    assert main([tiny_file, "--out", str(blocker / "x.txt")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err


@pytest.mark.slow  # a fresh process; the golden test runs the entry point too
def test_module_entry_point(tiny_file, tmp_path):
    ok = subprocess.run([sys.executable, "-m", "optimal.pangrams", tiny_file, "--limit", "1"],
                        capture_output=True, text=True)
    assert ok.returncode == 0, ok.stderr
    lines = ok.stdout.splitlines()
    assert lines[0] == "tiny: 13 words, 11 with no repeated letter, in 8 anagram classes"
    assert lines[1].startswith("bitmask: 3 letter-set solutions, 18 word solutions with anagrams")
    assert lines[3:] == ["ABCDE FGHIJ KLMNO PQRST UVWXY (missing Z)", "... 17 more (--limit 1)"]
    bad = subprocess.run([sys.executable, "-m", "optimal.pangrams", str(tmp_path / "none.txt")],
                         capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    helped = subprocess.run([sys.executable, "-m", "optimal.pangrams", "--help"],
                            capture_output=True, text=True)
    assert helped.returncode == 0 and "examples:" in helped.stdout
