"""The certificate checker says only what is so: its header is a strict schema (every field known,
typed and in range, list names bare), every verdict sentence is derived from the claims it rests
on, a tree of another game is refused, and the game checked is printed. The certificates here
are built by hand on 8-answer games small enough to see every claim is true: each of the
closing rules used (2n - 1 for a set, n + the parts' closed forms for a guess, 2n for a guess
that is no candidate or splits nothing apart) is exact there."""

from __future__ import annotations

import gzip
import hashlib
import json
from pathlib import Path

import numpy as np
import pytest

from optimal import check

SECTION, OPEN, GUESS, CLOSE, CLOSE_ONLY, CLOSE_EXCEPT, END = 1, 2, 3, 5, 6, 7, 11
# FLASK, SPARE and SPASM each give the 8 answers 8 different replies (cost 8 + 7 = 15); the other
# five answers do not, and no other guess is an answer (so every other guess costs at least 16)
TIED = ["flask", "grant", "habit", "maker", "pinto", "spare", "spasm", "spout"]
# only FLASK gives these 8 answers 8 different replies
UNIQUE = ["flask", "gloss", "issue", "large", "ozone", "peach", "quark", "token"]
EXTRA = ["crane", "nymph"]
GAME = ("rule", "answers", "guesses", "mode", "max_guesses", "length")  # a tree's game block
COMMITTED = Path(__file__).parent.parent / "results" / "answers-2315-guesses-12972-normal-d6"


def sha(words: list[str]) -> str:
    return hashlib.sha256(("\n".join(words) + "\n").encode()).hexdigest()


def header_of(answers: list[str], **changes) -> dict:
    """The header the search would write for this game (lists a.txt, g.txt), with `changes`."""
    guesses = answers + EXTRA
    header = {"format": check.FORMAT, "rule": "wordle",
              "answers": {"name": "a", "count": len(answers), "sha256": sha(answers)},
              "guesses": {"name": "g", "count": len(guesses), "sha256": sha(guesses)},
              "mode": "normal", "max_guesses": 6, "length": 5, "objective": "total",
              "provenance": {"tool": "by hand"}}
    header.update(changes)
    return header


def claims(answers: list[str], others_but: list[str], every: bool = True) -> list[int]:
    """FLASK costs at least 15; every guess but `others_but` at least 16; (every guess at least
    15). All true: see the module."""
    root = [OPEN, 6, len(answers), *range(len(answers))]
    but = [answers.index(w) for w in others_but]
    words = [SECTION, 0, *root, GUESS, 0, 0, CLOSE_ONLY, 15, 1, 0, *root, CLOSE_EXCEPT, 16, len(but),
             *but] + ([*root, CLOSE, 15] if every else [])
    return words + [END, 3 if every else 2, 0, 0, 0, 1] + ([0, 2] if every else [])


def game(tmp_path: Path, answers: list[str], header: dict | str | bytes | None = None,
         records: list[int] | None = None, name: str = "c.cert.gz") -> str:
    """Write the lists and a certificate (header: a dict, or the raw line) next to each other."""
    (tmp_path / "a.txt").write_text("\n".join(answers) + "\n")
    (tmp_path / "g.txt").write_text("\n".join(answers + EXTRA) + "\n")
    header = header_of(answers) if header is None else header
    line = header if isinstance(header, bytes) else (
        header if isinstance(header, str) else json.dumps(header)).encode()
    records = claims(answers, ["flask", "spare", "spasm"]) if records is None else records
    path = tmp_path / name
    path.write_bytes(gzip.compress(line + b"\n" + np.array(records, "<i4").tobytes()))
    return str(path)


def tree_of(tmp_path: Path, words: list[str], **game_changes) -> str:
    """FLASK, then each answer by itself: total 8 + 7 = 15 (a tree file declaring the game)."""
    word = np.array([[ord(c) - 97 for c in w] for w in words], np.int8)
    codes = check.replies(word[:1], word)[0].tolist()
    text = ["".join("BYG"[(code // 3**i) % 3] for i in range(5)) for code in codes]
    branches = {t: {"guess": w} for t, w in zip(text, words) if w != "flask"}
    block = {k: v for k, v in header_of(words).items() if k in GAME}
    document = {"format": "optimal-tree/1", "game": {**block, **game_changes},
                "tree": {"guess": "flask", "branches": branches}}
    if game_changes.get("game") == "none":
        del document["game"]
    (tmp_path / "t.json").write_text(json.dumps(document))
    return str(tmp_path / "t.json")


def given(tmp_path: Path) -> list[str]:
    """The lists named on the command line: the header is checked even so."""
    return ["--answers", str(tmp_path / "a.txt"), "--guesses", str(tmp_path / "g.txt")]


def verdict(capsys, *argv: str) -> tuple[int, str, str]:
    code = check.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys, code: int, *argv: str, saying: str = "") -> str:
    """The checker exits with `code` and one line on stderr (containing `saying`), nothing on stdout."""
    got, out, err = verdict(capsys, *argv)
    assert (got, out) == (code, "") and err.count("\n") == 1 and saying in err, (got, out, err)
    return err


# ---------------------------------------------------------------- verdicts derived from the claims


def test_every_other_needs_more_only_when_every_other_is_proven_to(tmp_path, capsys):
    """The issue's certificate: FLASK >= 15; every guess but FLASK, SPARE, SPASM >= 16; every guess
    >= 15. All true, so FLASK's 15 is optimal over every first guess, but SPARE and SPASM tie
    with it: "every other first guess needs more" is false and must not be printed."""
    cert = game(tmp_path, TIED)
    code, out, _ = verdict(capsys, cert, tree_of(tmp_path, TIED), *given(tmp_path))
    assert code == 0 and "so 15 is optimal for FLASK; optimal over every first guess" in out
    assert "every other first guess needs more" not in out and "SPARE, SPASM" in out
    # without the claim about every guess, SPARE and SPASM are covered by no claim at all
    cert = game(tmp_path, TIED, records=claims(TIED, ["flask", "spare", "spasm"], every=False))
    code, out, _ = verdict(capsys, cert, tree_of(tmp_path, TIED), *given(tmp_path))
    assert code == 0 and out.rstrip().endswith("so 15 is optimal for FLASK")


def test_every_other_needs_more_when_the_claims_cover_every_other_word_above(tmp_path, capsys):
    cert = game(tmp_path, UNIQUE, records=claims(UNIQUE, ["flask"]))
    code, out, _ = verdict(capsys, cert, tree_of(tmp_path, UNIQUE), *given(tmp_path))
    assert code == 0 and ("so 15 is optimal for FLASK; every other first guess needs more, so it is "
                          "optimal over every first guess") in out


def test_the_game_checked_is_printed(tmp_path, capsys):
    code, out, _ = verdict(capsys, game(tmp_path, TIED))
    guesses = TIED + EXTRA
    assert code == 0
    assert f"  answers: a, 8 words, sha256 {sha(TIED)} (file {tmp_path / 'a.txt'})" in out
    assert f"  guesses: g, 10 words, sha256 {sha(guesses)} (file {tmp_path / 'g.txt'})" in out
    assert "  normal mode, at most 6 guesses, objective total; the certificate concludes:" in out
    assert "    every first guess but FLASK, SPARE, SPASM: at least 16 guesses in all" in out
    code, out, _ = verdict(capsys, game(tmp_path, TIED), "--answers", str(tmp_path / "a.txt"))
    assert code == 0 and f"(file {tmp_path / 'a.txt'})" in out


# ---------------------------------------------------------------- the header, a strict schema


@pytest.mark.parametrize("mode", ["Hard", "HARD", "hard ", "bogus", "", 1, None, ["hard"]])
def test_a_mode_other_than_normal_or_hard_is_refused(tmp_path, capsys, mode):
    refused(capsys, 2, game(tmp_path, TIED, header_of(TIED, mode=mode)), *given(tmp_path),
            saying="header field mode is")


def test_the_committed_certificate_relabelled_hard_is_refused(tmp_path, capsys):
    """The issue's case: the committed normal-mode SALET certificate relabelled `Hard` and checked
    with the normal tree printed 'Hard mode ... 7920 is optimal' (hard mode's value is 8122).
    Relabelled `hard` exactly, the tree (normal mode) is not of the certificate's game."""
    data = gzip.decompress((COMMITTED / "salet.cert.gz").read_bytes())
    line, body = data[:data.index(b"\n")], data[data.index(b"\n"):]
    tree = str(COMMITTED / "salet.json")
    for mode, saying in (("Hard", "mode"), ("hard", "is for another game: its mode is \"normal\"")):
        header = json.loads(line)
        header["mode"] = mode
        path = tmp_path / f"{mode}.cert.gz"
        path.write_bytes(gzip.compress(json.dumps(header).encode() + body))
        refused(capsys, 2, str(path), tree, saying=saying)


@pytest.mark.parametrize("limit", [-1, 0, 65, 10**30, 1e308, 6.9, 4.9, 6.0, True, "6", None])
def test_max_guesses_must_be_a_whole_number_in_range(tmp_path, capsys, limit):
    refused(capsys, 2, game(tmp_path, TIED, header_of(TIED, max_guesses=limit)), *given(tmp_path),
            saying="header field max_guesses must be a whole number from 1 to 64")


@pytest.mark.parametrize("length", [1, 9, 5.0, True, "5", None])
def test_length_must_be_a_whole_number_in_range(tmp_path, capsys, length):
    refused(capsys, 2, game(tmp_path, TIED, header_of(TIED, length=length)), *given(tmp_path),
            saying="header field length must be a whole number from 2 to 8")


def test_length_must_be_the_lists_word_length(tmp_path, capsys):
    refused(capsys, 1, game(tmp_path, TIED, header_of(TIED, length=6)), *given(tmp_path),
            saying="not a word of 6 letters a-z as the header's length says")


def test_objective_must_be_known_and_is_used(tmp_path, capsys):
    """Only total and worst; a worst-case certificate certifies no tree's total, and concludes
    only that first guesses cannot finish within the limit (so a total there is refused)."""
    for objective in ("bogus", "Total", None, 1):
        refused(capsys, 2, game(tmp_path, TIED, header_of(TIED, objective=objective)),
                *given(tmp_path), saying="header field objective is")
    worst = game(tmp_path, TIED, header_of(TIED, objective="worst"))
    refused(capsys, 2, worst, tree_of(tmp_path, TIED), *given(tmp_path),
            saying="is a worst-case certificate")
    refused(capsys, 1, worst, *given(tmp_path), saying="worst-case certificate concludes a total")


@pytest.mark.parametrize("change", ["extra", "weights", "missing", "list extra", "count", "sha256",
                                    "not an object", "provenance"])
def test_every_header_field_is_known_and_typed(tmp_path, capsys, change):
    header, code, saying = header_of(TIED), 2, "the header's fields are not"
    if change in ("extra", "weights"):
        header[change] = {"name": "w"} if change == "weights" else 1
    elif change == "missing":
        del header["provenance"]
    elif change == "list extra":
        header["answers"]["path"], saying = "/etc/passwd", "must have exactly name, count, sha256"
    elif change == "count":  # the lists' sha256 right, their count wrong: the header is altered
        header["answers"]["count"], code, saying = 9, 1, "9 words; it has 8"
    elif change == "sha256":
        header["answers"]["sha256"], saying = "X" * 64, "sha256 64 hexadecimal digits"
    elif change == "provenance":
        header["provenance"], saying = {"nested": {"a": 1}}, "an object of plain values"
    else:
        header = [header]
    refused(capsys, code, game(tmp_path, TIED, header), *given(tmp_path), saying=saying)


@pytest.mark.parametrize("name", ["ABSOLUTE", "../a", "x/a", ".a", "", "a\nb", 7])
def test_list_names_are_bare_file_names(tmp_path, capsys, name):
    """An absolute path or any path as a list name was read from wherever it pointed."""
    name = str(tmp_path / "a") if name == "ABSOLUTE" else name
    header = header_of(TIED)
    header["answers"]["name"] = name
    refused(capsys, 2, game(tmp_path, TIED, header), *given(tmp_path), saying="not a bare file name")
    header = header_of(TIED)
    header["guesses"]["name"] = f"{name}+answers" if isinstance(name, str) else name
    refused(capsys, 2, game(tmp_path, TIED, header), *given(tmp_path), saying="not a bare file name")


def test_a_bare_name_not_found_says_where_it_looked(tmp_path, capsys):
    header = header_of(TIED)
    header["answers"]["name"] = "elsewhere"
    refused(capsys, 2, game(tmp_path, TIED, header), saying=f"{tmp_path / 'elsewhere.txt'} does not exist")


def test_deep_nesting_or_a_repeated_key_is_refused_in_one_line(tmp_path, capsys):
    """A header or tree nested 100,000 deep gave a RecursionError traceback; a key given twice
    let the later value win silently."""
    deep = '{"provenance": ' + "[" * 100_000 + "]" * 100_000 + "}"
    refused(capsys, 2, game(tmp_path, TIED, deep), *given(tmp_path), saying="nested more than 200")
    twice = json.dumps(header_of(TIED))[:-1] + ', "mode": "hard"}'
    refused(capsys, 2, game(tmp_path, TIED, twice), *given(tmp_path), saying="a key appears twice")
    cert = game(tmp_path, TIED)
    (tmp_path / "deep.json").write_text('{"tree": ' + '{"a": ' * 100_000 + "1" + "}" * 100_001)
    refused(capsys, 2, cert, str(tmp_path / "deep.json"), *given(tmp_path),
            saying="nested more than 200")


def test_no_header_line_is_refused(tmp_path, capsys):
    path = tmp_path / "long.cert.gz"
    path.write_bytes(gzip.compress(b"{" + b" " * (1 << 20)))  # longer than the checker reads
    refused(capsys, 2, str(path), saying="no header line (of at most")


# ---------------------------------------------------------------- the tree's own game


@pytest.mark.parametrize("change", [{"mode": "hard"}, {"max_guesses": 5}, {"max_guesses": 6.0},
                                    {"length": 6}, {"rule": "jotto"}, {"weights": {"name": "w"}},
                                    {"answers": {"name": "a", "count": 8, "sha256": "0" * 64}},
                                    {"game": "none"}])
def test_a_tree_of_another_game_is_refused(tmp_path, capsys, change):
    """The tree was replayed under the certificate's game whatever game it declared."""
    cert = game(tmp_path, TIED)
    assert verdict(capsys, cert, tree_of(tmp_path, TIED), *given(tmp_path))[0] == 0
    saying = "does not say which game" if "game" in change else "is for another game: its"
    refused(capsys, 2, cert, tree_of(tmp_path, TIED, **change), *given(tmp_path), saying=saying)


# ---------------------------------------------------------------- --jobs


def test_jobs_is_checked_and_the_file_opened_before_any_worker(tmp_path, capsys, monkeypatch):
    """`check /nonexistent.gz --jobs 99999999999999999999` started workers before opening the
    file and printed nothing for a minute."""
    def no_workers(*_):
        raise AssertionError("a worker was started")
    monkeypatch.setattr(check, "get_context", no_workers)
    for jobs in ("99999999999999999999", "65", "0", "-1", "two", ""):
        with pytest.raises(SystemExit) as stop:
            check.main(["/nonexistent.gz", "--jobs", jobs])
        err = capsys.readouterr().err
        assert stop.value.code == 2 and err.count("\n") == 1 and "--jobs" in err
    refused(capsys, 2, "/nonexistent.gz", "--jobs", "2", saying="/nonexistent.gz")
    header = header_of(TIED)
    header["answers"]["name"] = "elsewhere"
    refused(capsys, 2, game(tmp_path, TIED, header), "--jobs", "2", saying="elsewhere")


# ---------------------------------------------------------------- how the tree is given


def test_the_tree_may_follow_the_list_options(tmp_path, capsys):
    """`check CERT --answers F --guesses G TREE` said "unrecognized arguments: TREE" (argparse
    fills both positionals at CERT when an option parts them)."""
    cert, tree = game(tmp_path, TIED), tree_of(tmp_path, TIED)
    code, out, _ = verdict(capsys, cert, *given(tmp_path), tree)
    assert code == 0 and "total 15 (replayed)" in out, out


def test_a_tree_in_selbys_lines_is_named_for_what_it_is(tmp_path, capsys):
    """A text tree (the NAME.tree.txt beside NAME.json) was refused with JSON's "Expecting value:
    line 1 column 1", which did not say which file the checker wants."""
    cert = game(tmp_path, TIED)
    (tmp_path / "t.tree.txt").write_text("flask BBBBB1 grant GGGGG2\n")
    refused(capsys, 2, cert, str(tmp_path / "t.tree.txt"), *given(tmp_path),
            saying="is not a JSON tree: the checker reads the JSON tree file")
