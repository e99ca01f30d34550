"""python -m optimal.verify on trees of our own: exit 0 valid, 1 defective, 2 bad input."""

import gzip
import json
import subprocess
import sys
from pathlib import Path

import pytest

from optimal.adversaries import evil_game, evil_text
from optimal.report import report_line
from optimal.rules.wordle import reply, reply_to_string
from optimal.tree import check, selby_lines, write_json
from optimal.verify import main
from tests.conftest import small_game
from tests.helpers import naive_tree, plain_transcript


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
            "tmp": tmp_path, "game": game, "tree": tree}


def lines_of(files) -> list[str]:
    return ["--answers", files["answers"], "--guesses", files["guesses"]]


def test_valid_tree(files, capsys):
    code = main([files["selby"], *lines_of(files)])
    out = capsys.readouterr().out.splitlines()
    counts = check(files["tree"], files["game"])
    assert code == 0  # a text tree names no mode or limit: which were checked is said first
    assert out[1] == ("note: the file does not say its mode or guess limit (a text tree does not): "
                      "checked for normal mode, at most 6 guesses (--hard, --ultra and --max-depth "
                      "check others)")
    assert out[2] == (f"VALID: first guess {files['tree'].guess.upper()}, total {counts.sum()}, "
                      f"mean {counts.mean():.4f}, worst {counts.max()}")
    assert out[3] == report_line(counts)
    assert main([files["selby"], *lines_of(files), "--hard"]) == 0  # said: no note
    assert "note: the file does not say" not in capsys.readouterr().out


def test_json_tree_with_json_output(files, capsys):
    code = main([files["json"], *lines_of(files), "--json"])
    data = json.loads(capsys.readouterr().out)
    counts = check(files["tree"], files["game"])
    assert code == 0 and data["valid"] and data["problems"] == []
    assert (data["stats"]["answers"], data["stats"]["total"], data["stats"]["worst"]) == \
        (30, int(counts.sum()), int(counts.max()))


def test_defective_tree_exits_1(files, capsys):
    code = main([files["selby"], *lines_of(files), "--max-depth", "2"])
    out = capsys.readouterr().out
    late = int((check(files["tree"], files["game"]) > 2).sum())  # the answers the tree finds late
    assert late > 0
    assert code == 1 and f"INVALID: {late} of 30 answers fail" in out
    assert sum(line.startswith("DEFECT: ") for line in out.splitlines()) == min(late, 10)


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
    else:  # the defect first, and no bare "VALID" above it (it read as a pass)
        assert out.index("DEFECT: the file claims total 1") < out.index("VALID TREE, WRONG CLAIM:")
        assert "\nVALID:" not in out


def test_a_claim_about_other_answers_is_not_compared(files, capsys):
    """SALET's tree checked against the NYT answers (as asked) replays to 7,898, and its file's
    7,920, about the original answers, was called a defect. The claim is about the file's own
    answers: said so in a note and not compared; on the file's own answers it still is."""
    doc = json.loads(open(files["json"]).read())
    real = int(check(files["tree"], files["game"]).sum())
    doc["stats"] = {"total": real}
    claimed = files["tmp"] / "claimed.json"
    claimed.write_text(json.dumps(doc))
    fewer = files["tmp"] / "fewer.txt"
    fewer.write_text("\n".join(files["game"].answers.words[:20]) + "\n")
    code = main([str(claimed), "--answers", str(fewer), "--guesses", files["guesses"]])
    out = capsys.readouterr().out
    assert code == 0 and "DEFECT" not in out and "\nVALID: " in out
    assert f"note: the file's total {real} is for the answers it was made for" in out
    doc["stats"] = {"total": real + 1}  # a false claim about its own answers: still a defect
    claimed.write_text(json.dumps(doc))
    assert main([str(claimed), *lines_of(files)]) == 1
    assert f"claims total {real + 1}, replay gives {real}" in capsys.readouterr().out


def test_play_option(files, capsys):
    word = open(files["answers"]).read().split()[3]
    assert main([files["selby"], *lines_of(files), "--play", word]) == 0
    out = capsys.readouterr().out.splitlines()
    transcript = plain_transcript(files["tree"], files["game"], word)
    assert out[2:2 + len(transcript)] == transcript  # under the header line and the mode's note
    assert transcript[-1].startswith(f"Guess {len(transcript)}: {word.upper()}, Reply: GGGGG")
    # with --json stdout is JSON alone: the game played and Evil Wordle's inside it
    assert main([files["json"], *lines_of(files), "--play", word, "--evil", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["play"] == transcript
    assert data["evil"] == evil_text(evil_game(files["tree"], files["game"]), files["game"])


@pytest.mark.parametrize("extra, message", [
    (["--answers", "/no/such/file"], "no word list"),
    (["--lists", "bogus"], "invalid choice"),
    (["--play", "zzzzz"], "not in the answer list"),
])
def test_bad_input_is_one_line_and_exit_2(files, capsys, extra, message):
    args = [files["selby"]] + (extra if "--answers" in extra else
                               ["--answers", files["answers"], "--guesses", files["guesses"]] + extra)
    try:
        code = main(args)
    except SystemExit as stop:  # argparse's own errors
        code = stop.code
    err = capsys.readouterr().err
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err


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
    assert main([files["selby"], *lines_of(files), "--evil"]) == 0
    game, tree = files["game"], files["tree"]
    evil = [line for line in capsys.readouterr().out.splitlines() if line.startswith("Evil Wordle: ")]
    assert evil == [f"Evil Wordle: {evil_text(evil_game(tree, game), game)}"]
    # the walk, restated: every reply is that of the largest remaining branch, ties to the earliest answer
    remaining, node, won = list(game.answers.words), tree, game.won
    for step in evil[0].removeprefix("Evil Wordle: ").rsplit(" (", 1)[0].split(" -> "):
        guess, shown = step.split()
        assert guess.lower() == node.guess
        groups: dict[int, list[str]] = {}
        for answer in remaining:
            groups.setdefault(reply(node.guess, answer), []).append(answer)
        code = min(groups, key=lambda c: (c == won, -len(groups[c]), remaining.index(groups[c][0])))
        assert shown == reply_to_string(code)
        if code == won:
            break
        remaining, node = groups[code], node.branches[code]


def test_the_files_claim_is_said_as_the_searchs_proven_and_beam_alike(capsys):
    """A proven tree and a beam's tree of the same total printed the same lines: now the file's
    own status is repeated, as the search's claim (not checked by the verifier)."""
    from pathlib import Path
    results = Path(__file__).resolve().parents[1] / "results"
    said = {}
    for folder in ("answers-2315-guesses-12972-normal-d6", "answers-2315-guesses-12972-normal-d6-beam20"):
        assert main([str(results / folder / "salet.json")]) == 0
        said[folder] = [l for l in capsys.readouterr().out.splitlines() if l.startswith("the file states")]
    assert said["answers-2315-guesses-12972-normal-d6"] == [
        "the file states total 7920 (the replay agrees) and calls it 'proven optimal for this first "
        "guess': that claim is the search's, not checked here (`python -m optimal.check CERT TREE` "
        "certifies an optimum)"]
    assert "calls it 'upper bound (beam 20)'" in said["answers-2315-guesses-12972-normal-d6-beam20"][0]


def test_a_tree_is_checked_against_its_own_lists_or_says_whose(files, capsys):
    """A tree made on a 58-word list, checked with no list given, was replayed on the default
    2,315 answers and called INVALID (2,257 answers failing): a false verdict on a sound tree.
    Its lists are now asked for; lists given on purpose are checked, with a note saying so."""
    assert main([files["json"]]) == 2
    err = capsys.readouterr().err
    assert "the tree is for the answers list 'small' (30 words), not answers-2315" in err
    assert len(err.strip().splitlines()) == 1
    assert main([files["json"], "--answers", files["answers"]]) == 2  # guesses: the default
    assert "the tree is for the guesses list 'small-guesses'" in capsys.readouterr().err
    assert main([files["json"], *lines_of(files)]) == 0
    assert "VALID" in capsys.readouterr().out
    assert main([files["json"], "--lists", "original"]) == 1  # asked for: checked, said so
    out = capsys.readouterr().out
    assert "note: the tree was made for the answers list 'small' (30 words); checked here " \
           "against answers-2315" in out and "INVALID" in out


def test_a_guess_list_named_with_the_answers_appended_is_the_bundled_list(tmp_path, capsys):
    """A tree whose guesses are named 'nyt-guesses+answers' (the bundled list with the answers it
    lacks appended, as a run names it) was checked against the default lists, and refused."""
    from pathlib import Path
    source = Path(__file__).resolve().parent.parent / "results" / "all-first-words" / \
        "nyt-answers-nyt-guesses-ultra-d6" / "salet.json"
    doc = json.loads(source.read_text())
    doc["game"]["guesses"]["name"] = "nyt-guesses+answers"
    path = tmp_path / "salet.json"
    path.write_text(json.dumps(doc))
    assert main([str(path)]) == 0
    assert "VALID: first guess SALET" in capsys.readouterr().out


def test_a_mode_or_limit_other_than_the_files_is_noted(files, capsys):
    """A normal-mode tree checked with --hard (or at another limit) said nothing of the
    difference: its defects read as the tree's, where the mode was the user's choice."""
    assert main([files["json"], *lines_of(files), "--hard", "--max-depth", "7"]) in (0, 1)
    out = capsys.readouterr().out
    assert "note: the tree was made for normal mode; checked here for hard mode, as asked" in out
    assert "note: the tree was made for at most 6 guesses; checked here for at most 7" in out
    assert main([files["json"], *lines_of(files)]) == 0
    assert "note:" not in capsys.readouterr().out  # the file's own game: nothing to note
    main([files["json"], *lines_of(files), "--game", "jotto"])
    assert "note: the tree was made for wordle; checked here for jotto, as asked" in \
        capsys.readouterr().out


def test_a_hard_mode_tree_is_checked_in_normal_mode_when_asked(capsys):
    """A hard-mode tree file set hard mode whenever no flag gave a mode, and no flag could give
    normal mode: `--normal` checks it as the normal-mode tree it also is (and is refused beside
    --hard or --ultra)."""
    from pathlib import Path
    path = (Path(__file__).resolve().parent.parent / "results"
            / "answers-2315-guesses-12972-hard-d6" / "salet.json")
    assert main([str(path)]) == 0
    assert "hard mode" in capsys.readouterr().out.splitlines()[0]
    assert main([str(path), "--normal"]) == 0
    out = capsys.readouterr().out
    assert "normal mode" in out.splitlines()[0]
    assert "note: the tree was made for hard mode; checked here for normal mode, as asked" in out
    assert "VALID: first guess SALET, total 8122" in out
    with pytest.raises(SystemExit) as stop:
        main([str(path), "--normal", "--hard"])
    assert stop.value.code == 2


# ---------------------------------------------------------------- Dordle trees

DORDLE_100 = (Path(__file__).resolve().parent.parent / "results" / "dordle" /
              "answers-2315-sample100-seed1-guesses-12972-normal-d7-boards2")


def dordle_document() -> dict:
    return json.loads((DORDLE_100 / "arles.dordle.json").read_text())


def test_a_dordle_tree_is_replayed_on_every_pair_of_its_lists(capsys):
    """`verify` read only one-board trees, and a Dordle tree file the search wrote (gzipped on the
    full lists) was 'cannot read tree': now it is replayed on every ordered pair of different
    answers of the lists it names (a sample drawn again by its name), its stated total compared."""
    total = json.loads((DORDLE_100 / "summary.json").read_text())["best"]["total"]
    assert main([str(DORDLE_100 / "arles.dordle.json")]) == 0
    out = capsys.readouterr().out
    assert f"VALID: first guess ARLES, total {total:,}" in out
    assert "9,900 games (ordered pairs of different answers)" in out
    assert f"the file states total {total} (the replay agrees)" in out


def test_a_gzipped_dordle_tree_with_a_wrong_claim_or_a_broken_branch_fails(tmp_path, capsys):
    document = dordle_document()
    document["stats"]["total"] += 1
    wrong = tmp_path / "wrong.gz"  # no telling name: known by its gzip mark
    wrong.write_bytes(gzip.compress(json.dumps(document).encode()))
    assert main([str(wrong)]) == 1
    out = capsys.readouterr().out
    assert "DEFECT: the file claims total" in out and "VALID TREE, WRONG CLAIM" in out
    document = dordle_document()
    branch = next(iter(document["tree"]["branches"].values()))
    branch["guess"] = "cigar" if branch["guess"] != "cigar" else "rebut"
    broken = tmp_path / "broken.dordle.json"
    broken.write_text(json.dumps(document))
    assert main([str(broken)]) == 1
    out = capsys.readouterr().out
    assert "DEFECT:" in out and "INVALID:" in out
    assert not any(line.startswith("VALID") for line in out.splitlines())


@pytest.mark.parametrize("extra, message", [
    (["--hard"], "drop --hard"),
    (["--play", "cigar"], "drop --play"),
    (["--answers", "answers-2315-sample101-seed1"], "DEFECT"),
])
def test_a_dordle_tree_with_options_it_cannot_take(extra, message, capsys):
    code = main([str(DORDLE_100 / "arles.dordle.json")] + extra)
    out, err = capsys.readouterr()
    if message == "DEFECT":  # other answers given: replayed on them, and it fails there
        assert code == 1 and "DEFECT" in out
        return
    assert code == 2 and len(err.strip().splitlines()) == 1 and message in err


def test_a_dordle_tree_named_for_other_lists_than_these(tmp_path, capsys):
    document = dordle_document()
    document["game"]["answers"]["sha256"] = "0" * 64
    other = tmp_path / "other.dordle.json"
    other.write_text(json.dumps(document))
    assert main([str(other)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not the list of that name here" in err


def test_a_dordle_tree_too_big_for_this_machine_is_refused_before_it_is_read(tmp_path, capsys,
                                                                             monkeypatch):
    """All its nodes are read at once (the full lists' 26.5 MB tree took 6.2 GB): a machine with
    too little memory gets one line and exit 2, not a swap storm."""
    from optimal import verify as verify_module

    monkeypatch.setattr(verify_module, "memory_bytes", lambda: 10 * 2**20)
    assert main([str(DORDLE_100 / "arles.dordle.json")]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "more than this machine's" in err
