"""The bundled lists match optimal/data/PROVENANCE.md, and the 4/6/7-letter ones are reproduced by
scripts/build_length_lists.py (when its pinned source packages are installed: the `lists` extra)."""

import hashlib
import importlib.util
import re
import warnings
from importlib import metadata, resources
from pathlib import Path

import pytest

from optimal.words import BUNDLED_LISTS, load_lists

ROOT = Path(__file__).resolve().parents[1]
DATA = resources.files("optimal").joinpath("data")
ROW = re.compile(r"^\| (\S+\.txt) \| ([\d,]+) \| ([0-9a-f]{64}) \|$")


def provenance_rows() -> dict[str, tuple[int, str]]:
    """file -> (count, sha256) from the table at the top of PROVENANCE.md."""
    rows = {}
    for line in DATA.joinpath("PROVENANCE.md").read_text().splitlines():
        match = ROW.match(line)
        if match:
            rows[match[1]] = (int(match[2].replace(",", "")), match[3])
    return rows


def test_every_bundled_list_has_a_provenance_row():
    assert set(BUNDLED_LISTS.values()) <= set(provenance_rows())


@pytest.mark.parametrize("name", sorted(provenance_rows()))
def test_committed_file_matches_its_provenance_row(name):
    data = DATA.joinpath(name).read_bytes()
    count, sha = provenance_rows()[name]
    assert hashlib.sha256(data).hexdigest() == sha
    words = data.decode("ascii").splitlines()
    assert len(words) == count == len(set(words))
    assert words == sorted(words) and data.endswith(b"\n")


@pytest.mark.parametrize("pair, length", [("len4", 4), ("len6", 6), ("len7", 7)])
def test_length_pairs_load_cleanly_and_answers_are_guesses(pair, length):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no repair needed: the answers are among the guesses
        answers, guesses = load_lists(pair)
    assert answers.length == guesses.length == length
    assert set(answers.words) < set(guesses.words)
    assert all(re.fullmatch(f"[a-z]{{{length}}}", w) for w in guesses.words)


def load_script():
    spec = importlib.util.spec_from_file_location("build_length_lists",
                                                  ROOT / "scripts" / "build_length_lists.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def pinned_sources_installed() -> bool:
    script = load_script()
    try:
        return all(metadata.version(name) == version for name, version in script.PINNED.items())
    except metadata.PackageNotFoundError:
        return False


@pytest.mark.skipif(not pinned_sources_installed(),
                    reason="the pinned source packages are not installed (pip install -e '.[lists]')")
def test_script_reproduces_the_committed_files_byte_for_byte(capsys):
    assert load_script().main(["--check"]) == 0
    printed = capsys.readouterr().out.splitlines()
    rows = provenance_rows()
    for line in printed:  # the script's table rows are PROVENANCE's rows
        name = line.split(" | ")[0].lstrip("| ")
        assert name in rows and line == f"| {name} | {rows[name][0]:,} | {rows[name][1]} |"
    assert len(printed) == 6


def test_script_refuses_other_versions(monkeypatch, capsys):
    script = load_script()
    monkeypatch.setitem(script.PINNED, "wordfreq", "0.0.0-not-this")
    assert script.main(["--check"]) == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and "wordfreq==0.0.0-not-this" in err


def test_answers_follow_the_frequency_threshold_on_a_toy_dictionary():
    script = load_script()  # a fresh module: changing its calibration touches nothing else
    script.CALIBRATION = (5, 3)  # the threshold: the 3rd most frequent five-letter word's (24.0)
    frequency = {f"{c}aaaa": float(i + 1) for i, c in enumerate("abcdefghijklmnopqrstuvwxyz")}
    dictionary = set(frequency) | {"zzzz", "yyyy", "xxxx"}
    frequency.update({"zzzz": 30.0, "yyyy": 1.0})  # xxxx has no frequency: a guess only
    files = script.build_lists(dictionary, frequency, lengths=(4,))
    assert files == {"len4-answers-1.txt": ["zzzz"], "len4-guesses-3.txt": ["xxxx", "yyyy", "zzzz"]}


def test_a_cap_keeps_the_most_frequent_answers():
    script = load_script()
    script.CALIBRATION = (5, 1)
    frequency = {"aaaaa": 5.0, "wxyz": 9.0, "abcd": 7.0, "mnop": 8.0}
    files = script.build_lists(set(frequency), frequency, lengths=(4,), caps={4: 2})
    assert files["len4-answers-2.txt"] == ["mnop", "wxyz"]  # the two most frequent, sorted
    assert files["len4-guesses-3.txt"] == ["abcd", "mnop", "wxyz"]
