"""A new user's first hour (issue 23): in a fresh clone, every row of the README's "What it does"
table, run as written but on small lists (and `--jobs 1`), leaves `git status` clean. Nothing a
plain run writes lands in the committed results/: it goes to runs/, which git ignores.

The clone is of the committed HEAD (uncommitted edits are not in it), run with this interpreter and
the clone's own code first on the path.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LISTS = "tests/golden/lists"
SMALL = ["--answers", f"{LISTS}/answers116.txt", "--guesses", f"{LISTS}/guesses224.txt"]
A39 = ["--answers", f"{LISTS}/answers39.txt"]
TINY = ["--answers", f"{LISTS}/tiny16.txt"]
SUFFIX = ["--answers", f"{LISTS}/suffix68.txt"]
ONE = ["--jobs", "1", "--quiet"]

#: (module, arguments, exit codes accepted): the table's rows in order, on small lists. Exit 1 is
#: "no tree within the limits", the right answer for some questions on some lists.
ROWS: list[tuple[str, list[str], tuple[int, ...]]] = [
    ("optimal.search", SMALL + ["--top", "30"] + ONE, (0,)),
    ("optimal.search", SMALL + ["--first", "salet"] + ONE, (0,)),
    ("optimal.search", SMALL + ["--first", "salet", "--hard"] + ONE, (0,)),
    ("optimal.search", SMALL + ["--first", "palet", "--hard", "--max-depth", "5"] + ONE, (0, 1)),
    ("optimal.search", SMALL + ["--first", "salet", "--ultra"] + ONE, (0,)),
    ("optimal.search", A39 + ["--all", "--ultra"] + ONE, (0,)),
    ("optimal.search", SMALL + ["--top", "20", "--beam", "20"] + ONE, (0,)),
    ("optimal.search", A39 + ["--all"] + ONE, (0,)),
    ("optimal.search", A39 + ["--all", "--hard", "--max-depth", "5", "--below", "100000"] + ONE,
     (0, 1)),
    ("optimal.search", SMALL + ["--from", "salet.BBYBB"] + ONE, (0,)),
    ("optimal.search", SUFFIX + ["--objective", "worst", "--max-depth", "4", "--all"] + ONE, (0, 1)),
    ("optimal.search", SMALL + ["--front", "4,5,6", "--top", "3", "--tie-break", "worst"] + ONE,
     (0, 1)),
    ("optimal.search", SMALL + ["--first", "salet", "--tie-break", "worst"] + ONE, (0,)),
    ("optimal.search", SUFFIX + ["--objective", "worst", "--max-depth", "4", "--top", "3",
                                 "--shortfall", "3"] + ONE, (0, 1)),
    ("optimal.search", SMALL + ["--first", "salet", "--certificate", "runs/salet.cert.gz"] + ONE,
     (0,)),
    ("optimal.check", SMALL + ["runs/salet.cert.gz",
                               "runs/answers116-guesses224-normal-d6-first-salet/salet.json"],
     (0,)),
    ("optimal.verify", ["results/answers-2315-guesses-12972-normal-d6/salet.tree.txt", "--play",
                        "whiff", "--evil"], (0,)),
    ("greedy", SMALL + ["--table", "norvig"], (0,)),
    ("greedy", SMALL + ["--first-guesses", "10"], (0,)),
    ("greedy", SMALL + ["--second-guesses", "salet"], (0,)),
    ("greedy", SMALL + ["--baseline", "random"], (0,)),
    ("optimal.compare", SMALL + ["--beams", "1", "--jobs", "1"], (0,)),
    ("optimal.compare", SMALL + ["--hard", "--beams", "1", "--jobs", "1"], (0,)),
    ("optimal.absurdle", SMALL, (0,)),
    ("optimal.absurdle", SMALL + ["--target", "vigor"], (0,)),
    ("optimal.antiwordle", TINY + ["--beams", "0"], (0,)),
    ("greedy", ["--game", "jotto", "--answers", f"{LISTS}/answers116.txt", "--table", "norvig"],
     (0,)),
    ("optimal.pangrams", [f"{LISTS}/pangram-words.txt", "--solver", "both"], (0,)),
    ("optimal.assist", SMALL + ["--history", "salet.BBYBB"], (0,)),
    ("optimal.assist", SMALL + ["--boards", "4", "--history", ""], (0,)),
    ("optimal.assist", SMALL + ["--absurdle", "--history", "salet,crony"], (0,)),
    ("optimal.search", ["--lists", "len7", "--top", "3"] + ONE, (0,)),
    ("optimal.search", TINY + ["--boards", "2"] + ONE, (0,)),
    ("optimal.search", TINY + ["--boards", "2", "--beam", "3", "--top", "1", "--budget", "0"] + ONE,
     (0,)),
    ("optimal.boards", TINY + ["--boards", "4", "--games", "2000", "--quiet"], (0,)),
    ("optimal.search", SMALL + ["--weights", "{PRIOR}", "--first", "salet"] + ONE, (0,)),
    ("optimal.compare", SMALL + ["--weights", "{PRIOR}", "--first", "salet", "--beams", "1",
                                 "--jobs", "1"], (0,)),
]


@pytest.mark.slow
def test_every_readme_row_leaves_a_fresh_clone_clean(tmp_path):
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("needs git and a git checkout")
    clone = tmp_path / "clone"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(clone)], check=True)
    words = (clone / LISTS / "answers116.txt").read_text().split()
    prior = tmp_path / "prior.txt"  # outside the clone: a user's own file
    prior.write_text("".join(f"{w} {1 + i % 3}\n" for i, w in enumerate(words)))
    env = {k: v for k, v in os.environ.items() if k != "OPTIMAL_RUNS"}
    env["PYTHONPATH"] = str(clone)
    for module, args, codes in ROWS:
        args = [a.replace("{PRIOR}", str(prior)) for a in args]
        done = subprocess.run([sys.executable, "-m", module, *args], cwd=clone, env=env,
                              capture_output=True, text=True, timeout=600,
                              stdin=subprocess.DEVNULL)
        assert done.returncode in codes, (module, args, done.returncode, done.stderr[-2000:])
        assert "Traceback" not in done.stderr, (module, args, done.stderr[-2000:])
    status = subprocess.run(["git", "status", "--porcelain"], cwd=clone, capture_output=True,
                            text=True, check=True).stdout
    assert status == "", status
    made = sorted(p.name for p in (clone / "runs").iterdir())
    assert "answers116-guesses224-normal-d6-first-salet" in made
    assert "answers116-guesses224-normal-d6-first-salet-tie-worst" in made
    assert "answers116-guesses224-normal-d6-top30" in made


# ---------------------------------------------------------------- the wording slips (quick)


def test_a_command_that_writes_nothing_does_not_claim_its_files_are_complete(capsys):
    from optimal.cli.run import run_cli

    def body() -> int:
        raise KeyboardInterrupt

    assert run_cli(body, "web", writes=False) == 130
    assert capsys.readouterr().err == "web: interrupted\n"
    assert run_cli(body, "search") == 130
    assert capsys.readouterr().err == "search: interrupted; files already written are complete\n"


def test_help_texts_say_what_options_do(capsys):
    import greedy.__main__
    import optimal.verify

    helps = {}
    for name, main in (("optimal.verify", optimal.verify.main), ("greedy", greedy.__main__.main)):
        with pytest.raises(SystemExit):
            main(["--help"])
        helps[name] = " ".join(capsys.readouterr().out.split())
    assert "(default None)" not in helps["optimal.verify"]
    assert "the tree file's limit" in helps["optimal.verify"]
    metric = helps["greedy"].split("--metric {", 1)[1].split(" --pool", 1)[0]
    assert "the most information" in metric and "largest branch" in metric


def test_provenance_names_the_command_as_typed(monkeypatch):
    import types

    from optimal.cli import outputs
    main = types.ModuleType("__main__")
    main.__spec__ = types.SimpleNamespace(name="optimal.search.__main__")
    monkeypatch.setitem(sys.modules, "__main__", main)
    assert outputs.provenance(None, ["--first", "salet"])["command"] == (
        "python -m optimal.search --first salet")
