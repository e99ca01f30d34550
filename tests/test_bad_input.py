"""Every case of the bad-input corpus (tests/bad_input_cases.py) gives its exit code and exactly
one line on stderr, with no traceback, and writes or changes no file. The cases run in-process
through each command's `main(argv)`; the few that need a real standard input run as subprocesses.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import subprocess
import sys
from pathlib import Path

import pytest

import greedy.__main__ as greedy_command
import optimal.absurdle
import optimal.antiwordle
import optimal.boards
import optimal.assist.command
import optimal.check
import optimal.compare
import optimal.game
import optimal.pangrams.command
import optimal.review.command
import optimal.search.command
import optimal.verify
import optimal.web.command
from optimal.tree import tree_document
from tests.bad_input_cases import CASES, files
from tests.conftest import small_game
from tests.helpers import naive_tree

COMMANDS = {"search": optimal.search.command.main, "verify": optimal.verify.main,
            "compare": optimal.compare.main, "boards": optimal.boards.main,
            "absurdle": optimal.absurdle.main,
            "antiwordle": optimal.antiwordle.main, "pangrams": optimal.pangrams.command.main,
            "assist": optimal.assist.command.main, "review": optimal.review.command.main,
            "greedy": greedy_command.main,
            "web": optimal.web.command.main, "check": optimal.check.main}
ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="session")
def corpus(tmp_path_factory) -> dict[str, str]:
    """The files the cases name, in one folder: the small lists, a valid tree, the crafted files,
    a list of 40,000 words."""
    folder = tmp_path_factory.mktemp("corpus")
    game = small_game(60)
    (folder / "answers.txt").write_text("\n".join(game.answers.words) + "\n")
    (folder / "guesses.txt").write_text("\n".join(game.guesses.words) + "\n")
    document = tree_document(naive_tree(game), game, {"total": 1}, {})
    (folder / "tree.json").write_text(json.dumps(document))
    for name, content in files(document).items():
        (folder / name).write_bytes(content)
    words = ("".join(p) for p in itertools.product("abcdefghijklmnopqrstuvwxyz", repeat=5))
    (folder / "huge.txt").write_text("\n".join(itertools.islice(words, 40_000)) + "\n")
    (folder / "a-file.txt").write_text("not a folder\n")
    (folder / "a-folder").mkdir()
    return {"{A}": str(folder / "answers.txt"), "{G}": str(folder / "guesses.txt"),
            "{T}": str(folder / "tree.json"), "{HUGE}": str(folder / "huge.txt"),
            "{FILE}": str(folder / "a-file.txt"), "{DIR}": str(folder / "a-folder"),
            "{LONG}": "x" * 2_000_000, "root": str(folder)}


def expand(argument: str, corpus: dict[str, str], out: str) -> str:
    for key, value in corpus.items():
        if key.startswith("{"):
            argument = argument.replace(key, value)
    if "{F:" in argument:
        name = argument[argument.index("{F:") + 3:argument.index("}")]
        argument = argument.replace(f"{{F:{name}}}", str(Path(corpus["root"]) / name))
    return argument.replace("{OUT}", out)


def snapshot(*folders: Path) -> dict[str, tuple[int, str]]:
    """Every file and folder under `folders`, with its size and content hash."""
    seen = {}
    for folder in folders:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                seen[str(path)] = (path.stat().st_size, hashlib.sha256(path.read_bytes()).hexdigest())
            else:
                seen[str(path)] = (-1, "folder")
    return seen


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_bad_input_gives_one_line_and_its_exit_code(case, corpus, tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)  # a default results/ folder would land here, and be seen
    if case.memory_gb is not None:
        monkeypatch.setattr(optimal.game, "memory_bytes", lambda: int(case.memory_gb * 2**30))
    argv = [expand(a, corpus, str(tmp_path / "out")) for a in case.argv]
    before = snapshot(tmp_path, Path(corpus["root"]))
    try:
        code = COMMANDS[case.command](argv)
    except SystemExit as exit_:  # argparse's usage errors
        code = exit_.code
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert code == case.code, captured.err[:500]
    assert len(lines) == 1 and lines[0].strip(), captured.err[:2000]
    assert "Traceback" not in captured.err and "Traceback" not in captured.out
    assert case.message in lines[0], lines[0][:500]
    assert len(lines[0]) < 600, "the message echoes too much of the input"
    assert snapshot(tmp_path, Path(corpus["root"])) == before, "a file was written or changed"


def test_the_corpus_covers_every_entry_point():
    assert len(CASES) >= 80
    assert {c.command for c in CASES} == set(COMMANDS)
    assert len({c.id for c in CASES}) == len(CASES)


# ---------------------------------------------------------------- cases that need a real stdin


def run_assist(args: list[str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "optimal.assist", *args], capture_output=True,
                          text=True, cwd=ROOT, **kwargs)


def test_assist_with_standard_input_closed(corpus):
    args = ["--answers", corpus["{A}"], "--guesses", corpus["{G}"]]
    result = subprocess.run([sys.executable, "-c", "import os, sys; os.close(0); "
                             "from optimal.assist.command import main; sys.stdin = None; "
                             "sys.exit(main(sys.argv[1:]))", *args],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 2
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and "standard input is closed" in lines[0], result.stderr
    shell = subprocess.run(f"{sys.executable} -m optimal.assist --answers {corpus['{A}']} "
                           f"--guesses {corpus['{G}']} <&-", shell=True, capture_output=True,
                           text=True, cwd=ROOT)
    assert shell.returncode == 2 and len(shell.stderr.splitlines()) == 1, shell.stderr
    assert "Traceback" not in shell.stderr


def test_assist_does_not_echo_a_2mb_line(corpus):
    """At the prompt a wrong line is reported and the game goes on; the report is short."""
    line = "x" * 2_000_000
    result = run_assist(["--answers", corpus["{A}"], "--guesses", corpus["{G}"]],
                        input=line + "\nquit\n")
    notices = ("compiling ", "compiled ")  # the once-only kernel compile says so (a cold cache)
    assert result.returncode == 0
    assert [line for line in result.stderr.splitlines() if not line.startswith(notices)] == []
    errors = [out for out in result.stdout.splitlines() if out.startswith("error:")]
    assert len(errors) == 1 and len(errors[0]) < 200 and "2,000,000 characters" in errors[0]


def test_a_reply_named_twice_is_a_defect(corpus, tmp_path, capsys):
    """Two branches that name the same reply ('BBBBB' and '00000'): verify reports the tree
    defective (exit 1), it does not silently keep the last one."""
    document = json.loads(Path(corpus["{T}"]).read_text())
    branches = document["tree"]["branches"]
    text = next(iter(branches))
    digits = text.translate(str.maketrans("BYG", "012"))
    path = tmp_path / "twice.json"
    path.write_text(json.dumps(document)[:-3] + f', "{digits}": {{"guess": "trace"}}}}}}}}')
    assert json.loads(path.read_text())["tree"]["branches"][digits] == {"guess": "trace"}
    code = optimal.verify.main([str(path), "--answers", corpus["{A}"], "--guesses", corpus["{G}"],
                                "--max-depth", "64"])
    out = capsys.readouterr().out
    assert code == 1 and "are the same reply" in out and "VALID" not in out.replace("INVALID", "")
    literal = tmp_path / "literal.json"
    literal.write_text(json.dumps(document)[:-3] + f', "{text}": {{"guess": "trace"}}}}}}}}')
    assert optimal.verify.main([str(literal), "--answers", corpus["{A}"], "--guesses",
                                corpus["{G}"], "--max-depth", "64", "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert not report["valid"] and any("appears twice" in p for p in report["problems"])


def test_more_workers_than_cores_are_capped_with_a_note(corpus, capsys):
    assert optimal.search.command.main(["--answers", corpus["{A}"], "--guesses", corpus["{G}"],
                                        "--first", "trace", "--jobs", "1000", "--no-write",
                                        "--quiet"]) == 0
    err = capsys.readouterr().err
    assert "--jobs 1,000 capped at the" in err and len(err.splitlines()) == 1


def test_history_dots_are_misses_inside_a_reply(corpus, capsys):
    """'.' after a word or a whole reply separates; inside a reply it is a miss (README's
    salet.BBYBB keeps working)."""
    base = ["--answers", corpus["{A}"], "--guesses", corpus["{G}"], "--no-write", "--quiet"]
    assert optimal.search.command.main(base + ["--from", "trace.B..B."]) == 0
    dotted = capsys.readouterr().out
    assert optimal.search.command.main(base + ["--from", "trace BBBBB"]) == 0
    assert capsys.readouterr().out.splitlines()[:2] == dotted.splitlines()[:2]
    assert "TRACE BBBBB" in dotted
