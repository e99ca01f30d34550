"""python -m optimal.verify on trees of our own: exit 0 valid, 1 defective, 2 bad input."""

import json
import subprocess
import sys

import pytest

from optimal.tree import selby_lines, write_json
from optimal.verify import main
from tests.conftest import small_game
from tests.helpers import naive_tree


@pytest.fixture
def files(tmp_path):
    game = small_game(30)
    answers = tmp_path / "answers.txt"
    guesses = tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    tree = naive_tree(game)
    selby = tmp_path / "tree.txt"
    selby.write_text("\n".join(selby_lines(tree, game.answers.words)) + "\n")
    js = tmp_path / "tree.json"
    write_json(js, tree, game, {}, {})
    return {"answers": str(answers), "guesses": str(guesses), "selby": str(selby), "json": str(js),
            "tmp": tmp_path}


def test_valid_tree(files, capsys):
    code = main([files["selby"], "--answers", files["answers"], "--guesses", files["guesses"]])
    out = capsys.readouterr().out
    assert code == 0 and "VALID" in out and "total" in out


def test_json_tree_with_json_output(files, capsys):
    code = main([files["json"], "--answers", files["answers"], "--guesses", files["guesses"], "--json"])
    data = json.loads(capsys.readouterr().out)
    assert code == 0 and data["valid"] and data["stats"]["answers"] == 30


def test_defective_tree_exits_1(files, capsys):
    code = main([files["selby"], "--answers", files["answers"], "--guesses", files["guesses"],
                 "--max-depth", "2"])
    out = capsys.readouterr().out
    assert code == 1 and "DEFECT" in out and "INVALID" in out


@pytest.mark.parametrize("as_json", [False, True])
def test_a_wrong_claimed_total_is_a_defect(files, capsys, as_json):
    """A tree file whose stats claim another total than the replay gives is defective, in the text
    and the JSON output alike."""
    doc = json.loads(open(files["json"]).read())
    doc["stats"] = {"total": 1}
    wrong = files["tmp"] / "wrong.json"
    wrong.write_text(json.dumps(doc))
    code = main([str(wrong), "--answers", files["answers"], "--guesses", files["guesses"]]
                + (["--json"] if as_json else []))
    out = capsys.readouterr().out
    assert code == 1 and "claims total 1" in out
    if as_json:
        assert json.loads(out)["valid"] is False


def test_play_option(files, capsys):
    word = open(files["answers"]).read().split()[3]
    assert main([files["selby"], "--answers", files["answers"], "--guesses", files["guesses"],
                 "--play", word]) == 0
    assert "Guess 1:" in capsys.readouterr().out


@pytest.mark.parametrize("extra, message", [
    (["--answers", "/no/such/file"], "no word list"),
    (["--lists", "bogus"], "invalid choice"),
    (["--play", "zzzzz"], "not in the answer list"),
])
def test_bad_input_is_one_line_and_exit_2(files, extra, message):
    args = [files["selby"]] + (extra if "--answers" in extra else
                               ["--answers", files["answers"], "--guesses", files["guesses"]] + extra)
    run = subprocess.run([sys.executable, "-m", "optimal.verify", *args], capture_output=True, text=True)
    assert run.returncode == 2
    assert len(run.stderr.strip().splitlines()) == 1 and message in run.stderr
    assert "Traceback" not in run.stderr


def test_malformed_tree_file(files):
    bad = files["tmp"] / "bad.txt"
    bad.write_text("this is not a tree\n")
    run = subprocess.run([sys.executable, "-m", "optimal.verify", str(bad)], capture_output=True, text=True)
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1


def test_malformed_word_list(files):
    bad = files["tmp"] / "bad-words.txt"
    bad.write_text("cigar\nrebuts\n")
    run = subprocess.run([sys.executable, "-m", "optimal.verify", files["selby"], "--answers", str(bad)],
                         capture_output=True, text=True)
    assert run.returncode == 2 and "mixed lengths" in run.stderr
    assert len(run.stderr.strip().splitlines()) == 1


def test_evil_option(files, capsys):
    assert main([files["selby"], "--answers", files["answers"], "--guesses", files["guesses"],
                 "--evil"]) == 0
    assert "Evil Wordle: " in capsys.readouterr().out
