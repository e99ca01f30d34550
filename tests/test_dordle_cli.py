"""`python -m optimal.search --boards 2`: Dordle results that are proven and verified, bounds that
resume from a checkpoint, one-line errors, and kernels that load from numba's disk cache."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from lookahead import DordleSolver
from lookahead.questions import dordle as dordle_questions
from optimal.cli.checkpoint import save_checkpoint
from optimal.dordle import read_json, verified
from optimal.game import Game
from optimal.search.command import main
from tests.helpers import hand_everything_to_the_workers

LIST = "tests/golden/lists/answers39.txt"  # 39 answers, the same words as guesses
RUN = "answers39-normal-d7-boards2"


def run(argv: list[str], capsys) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_a_small_dordle_is_proven_and_its_tree_verified(tmp_path, capsys):
    code, out, _ = run(["--boards", "2", "--answers", LIST, "--budget", "60", "--out", str(tmp_path),
                        "--quiet"], capsys)
    assert code == 0, out
    folder = tmp_path / f"answers39-{RUN}"
    summary = json.loads((folder / "summary.json").read_text())
    assert summary["proven"] and summary["games"] == 39 * 38
    game = Game.from_lists(None, LIST, max_guesses=7)
    everything = game.all_candidates()
    assert summary["best"]["total"] == DordleSolver(game).solve(everything, everything, 7)
    tree, meta = read_json(folder / f"{summary['best']['word']}.dordle.json")
    assert verified(tree, game).total == summary["best"]["total"] == meta["stats"]["total"]
    assert meta["stats"]["proven_optimal"] and "proven optimal" in out
    assert "proven optimal" in (folder / "REPORT.md").read_text()


def test_the_tree_is_built_with_progress_over_every_branch(tmp_path, capsys, monkeypatch):
    """The full lists' beam-3 tree took over 20 minutes after its search with no line on the log;
    now every branch built and replayed is counted, against the number of reply pairs the first
    word gives (the branches, counted before any is built)."""
    import re

    monkeypatch.setenv("OPTIMAL_PROGRESS_EVERY", "0")  # a line at every branch, out of a terminal
    game = Game.from_lists(None, LIST, max_guesses=7)
    word = game.guesses.words[0]
    code, out, err = run(["--boards", "2", "--answers", LIST, "--first", word, "--budget", "0",
                          "--no-write"], capsys)
    assert code == 0, err
    shown = [re.fullmatch(rf"{word.upper()}'s tree, built and replayed: (\d+)/(\d+) branches, "
                          r"\d+ s", line)
             for line in err.splitlines() if line.startswith(f"{word.upper()}'s tree")]
    assert len(shown) >= 2 and all(shown)
    done = [int(m.group(1)) for m in shown]
    total = {int(m.group(2)) for m in shown}
    row = game.matrix[game.guess_id(word), game.all_candidates()]
    pairs = {(a, b) for i, a in enumerate(row) for j, b in enumerate(row) if i != j}
    assert total == {len(pairs)} and done == sorted(done) and done[-1] == len(pairs)
    assert "built and replayed" not in out


@pytest.mark.parametrize("beam", [0, 1])
def test_a_tree_below_its_reported_total_is_kept_only_for_a_beam(beam, tmp_path, capsys,
                                                                  monkeypatch):
    """A beam's tree, searched again a branch at a time, can come out below the total its first
    search reported (the full lists' beam-3 TRACE: 25,381,006 reported, 25,380,996 replayed, and
    the run ended in an error after 40 minutes): it is the verified upper bound, so the run
    reports and writes it. An exact search's tree must replay to its total exactly."""
    from dataclasses import replace

    from optimal.search import command

    real = command.search_dordle

    def reported_higher(*args, **kwargs):
        run_ = real(*args, **kwargs)
        run_.best = replace(run_.best, total=run_.best.total + 10)
        run_.values = [replace(v, total=v.total + 10) if v.word == run_.best.word else v
                       for v in run_.values]
        return run_

    monkeypatch.setattr(command, "search_dordle", reported_higher)
    game = Game.from_lists(None, LIST, max_guesses=7)
    argv = ["--boards", "2", "--answers", LIST, "--first", game.guesses.words[0], "--budget", "0",
            "--out", str(tmp_path), "--quiet"] + (["--beam", str(beam)] if beam else [])
    code, out, err = run(argv, capsys)
    if not beam:
        assert code != 0 and "the search reports" in err and "but its tree replays to" in err
        written = {p.name for p in tmp_path.rglob("*")}
        assert not written & {"summary.json", "REPORT.md"}
        assert not any(name.endswith(".dordle.json") for name in written)
        return
    assert code == 0, err
    folder = next(tmp_path.iterdir())
    summary = json.loads((folder / "summary.json").read_text())
    tree, _ = read_json(next(folder.glob("*.dordle.json")))
    replayed = verified(tree, game).total
    assert summary["best"]["total"] == replayed
    assert [v["total"] for v in summary["values"]] == [replayed]
    assert f"{replayed:,}" in (folder / "REPORT.md").read_text()


def test_bounds_resume_from_the_checkpoint(tmp_path, capsys):
    """With no time for the lower bound, the result is a gap; a rerun with time closes it from
    where the checkpoint left it."""
    args = ["--boards", "2", "--answers", LIST, "--beam", "1", "--top", "1", "--out", str(tmp_path),
            "--quiet"]
    code, out, _ = run(args + ["--budget", "0"], capsys)
    first = json.loads((tmp_path / f"answers39-{RUN}" / "summary.json").read_text())
    assert code == 0 and not first["proven"] and first["gap"] > 0 and "gap" in out
    assert first["lower_bound"] == first["split_bound"]
    code, out, _ = run(args + ["--budget", "60"], capsys)
    second = json.loads((tmp_path / f"answers39-{RUN}" / "summary.json").read_text())
    assert code == 0 and second["proven"]
    assert second["best"]["total"] <= first["best"]["total"]
    assert second["lower_bound"] >= first["lower_bound"]
    checkpoint = json.loads((tmp_path / f"answers39-{RUN}" / "checkpoint-dordle.json").read_text())
    assert checkpoint["results"]["bound"]["lower"] >= second["best"]["total"] or \
        checkpoint["results"]["bound"]["word"]


def test_first_word_values_resume_from_the_checkpoint(tmp_path, capsys):
    """Each first word's value is saved as it comes: a rerun asking for more words searches only
    the new ones (the saved ones come back with the seconds they took then), and a value edited in
    the checkpoint is refused in one line, with nothing changed."""
    args = ["--boards", "2", "--answers", LIST, "--beam", "1", "--budget", "0", "--out",
            str(tmp_path), "--quiet"]
    assert run(args + ["--top", "2"], capsys)[0] == 0
    path = tmp_path / f"answers39-{RUN}" / "checkpoint-dordle.json"
    saved = json.loads(path.read_text())["results"]["values beam 1 limit-aware 4"]
    assert len(saved) == 2 and all(v["exact"] and v["total"] >= v["lower"] for v in saved.values())
    assert run(args + ["--top", "3"], capsys)[0] == 0
    again = json.loads(path.read_text())["results"]["values beam 1 limit-aware 4"]
    assert len(again) == 3 and all(again[w] == v for w, v in saved.items())
    game = Game.from_lists(None, LIST, max_guesses=7)
    everything = game.all_candidates()
    solver = DordleSolver(game, beam=1)
    for word, value in again.items():  # what was saved is what the beam gives
        assert value["total"] == solver.evaluate(everything, everything, game.guess_id(word), 7)[0]
    data = json.loads(path.read_text())
    word = next(iter(data["results"]["values beam 1 limit-aware 4"]))
    data["results"]["values beam 1 limit-aware 4"][word]["total"] = 1  # below its split bound
    save_checkpoint(path, data["identity"], data["results"])  # a digest that matches: the check
    before = path.read_bytes()
    code, _, err = run(args + ["--top", "3"], capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1 and "checkpoint" in err
    assert path.read_bytes() == before


def test_every_first_words_value_proves_the_optimum_word_by_word(tmp_path, capsys):
    """`--all`: every useful first word's exact value (cut off at the best so far), kept in the
    checkpoint word by word; together they are the proof, with no search of the whole game
    (--budget 0). A run stopped after some words (here: --top 4) is taken up by the next."""
    args = ["--boards", "2", "--answers", LIST, "--budget", "0", "--out", str(tmp_path), "--quiet"]
    code, out, _ = run(args + ["--top", "4"], capsys)
    folder = tmp_path / f"answers39-{RUN}"
    assert code == 0 and not json.loads((folder / "summary.json").read_text())["proven"]
    code, out, _ = run(args + ["--all"], capsys)
    summary = json.loads((folder / "summary.json").read_text())
    game = Game.from_lists(None, LIST, max_guesses=7)
    everything = game.all_candidates()
    optimum = DordleSolver(game).solve(everything, everything, 7)
    assert code == 0 and summary["proven"] and "proven optimal" in out
    assert "every useful first word searched exactly" in out and "whole game" not in out
    assert summary["best"]["total"] == summary["lower_bound"] == optimum
    results = json.loads((folder / "checkpoint-dordle.json").read_text())["results"]
    assert results["bound"]["steps"] == 0 and results["bound"]["lower"] == optimum
    values = results["values exact"]
    assert len(values) == summary["useful_first_words"]
    solver = DordleSolver(game)
    for word, value in values.items():  # each a word's optimum, or a true lower bound on it
        own = solver.evaluate(everything, everything, game.guess_id(word), 7)[0]
        assert value["total"] == own if value["exact"] else value["total"] <= own


def test_first_word_values_from_workers_are_those_of_one_process(tmp_path, capsys, monkeypatch):
    """`--all --jobs 2` hands the words to workers (here threads, every word sent to them): each
    word's entry is the one a single process writes, the cutoff aside (a word searched beside the
    best one may end with another proven bound, never another exact value)."""
    base = ["--boards", "2", "--answers", LIST, "--budget", "0", "--all", "--quiet"]
    alone, workers = tmp_path / "alone", tmp_path / "workers"
    assert run(base + ["--jobs", "1", "--out", str(alone)], capsys)[0] == 0
    hand_everything_to_the_workers(monkeypatch, "threading")
    monkeypatch.setattr(dordle_questions, "_SOLVERS", {})  # by thread, from now on
    code, out, _ = run(base + ["--jobs", "2", "--backend", "threading", "--out", str(workers)],
                       capsys)
    assert code == 0 and "proven optimal" in out
    assert {key[-1] for key in dordle_questions._SOLVERS} - {threading.get_ident()}

    def values(folder: Path) -> dict:
        path = folder / f"answers39-{RUN}" / "checkpoint-dordle.json"
        return json.loads(path.read_text())["results"]["values exact"]

    one, many = values(alone), values(workers)
    assert set(one) == set(many) and len(one) > 4
    for word, entry in one.items():
        other = many[word]
        if entry["exact"] and other["exact"]:
            assert entry["total"] == other["total"]
        else:  # a bound at least the cutoff it met: never below the least exact total
            assert min(entry["total"], other["total"]) >= min(
                v["total"] for v in one.values() if v["exact"])
    summaries = [json.loads((f / f"answers39-{RUN}" / "summary.json").read_text())
                 for f in (alone, workers)]
    assert summaries[0]["best"]["total"] == summaries[1]["best"]["total"]


@pytest.mark.parametrize("argv, message", [
    (["--boards", "2", "--all", "--beam", "1"], "--boards 2 --all searches every first word"),
    (["--boards", "2", "--hard"], "--boards 2 does not go with --hard"),
    (["--boards", "2", "--from", "salet.BBYBB"], "does not go with --from"),
    (["--sample", "5"], "--sample goes with --boards 2"),
    (["--boards", "2", "--answers", LIST, "--sample", "40"], "cannot sample 40 words"),
    (["--boards", "2", "--budget", "-1"], "--budget: must be"),
    (["--budget", "0"], "0 only with --boards 2"),
])
def test_bad_dordle_options_are_one_line(argv, message, tmp_path, capsys):
    code, _, err = run(argv + ["--out", str(tmp_path)], capsys)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1
    assert not any(tmp_path.iterdir())


def test_only_one_or_two_boards(capsys):
    assert main(["--boards", "3"]) == 2 and "invalid choice" in capsys.readouterr().err


@pytest.mark.slow  # two fresh processes; a crash regression
def test_the_dordle_kernels_load_from_the_disk_cache(tmp_path):
    """The pair kernel is self-recursive and cached on disk: two runs in a row (the second loads
    the compiled code) must both succeed and agree (numba issue #6061 crashes such a load when the
    recursion was compiled for two signatures)."""
    command = [sys.executable, "-m", "optimal.search", "--boards", "2", "--answers", LIST,
               "--no-write", "--quiet", "--top", "2"]
    runs = [subprocess.run(command, capture_output=True, text=True, env=dict(os.environ),
                           cwd=Path(__file__).resolve().parent.parent) for _ in range(2)]
    assert [r.returncode for r in runs] == [0, 0], runs[-1].stderr[-400:]
    assert runs[0].stdout.splitlines()[3] == runs[1].stdout.splitlines()[3]


def test_a_dordle_memo_that_fills_is_cleared_between_words(monkeypatch):
    """A worker searches first word after first word with one solver: its memo filled (after
    about 20 words of the 500-answer proof) and every later word ran without memo entries of its
    own, twice as slow. A memo far too small now fills and is cleared before the next word, and
    every value is still each word's own (as a fresh solver finds it)."""
    from lookahead.kernels import memo
    from lookahead.solvers.setting import SearchSetting
    game = Game.from_lists("original", None, None, "normal", 7).restricted_to(
        list(range(0, 2315, 41)), "sample")
    clears = []
    real = memo.clear_memo
    monkeypatch.setattr(memo, "clear_memo", lambda ws: clears.append(1) or real(ws))
    dordle_questions._SOLVERS.clear()
    words = [g for g, _ in dordle_questions.dordle_ranked_guesses(game)[:5]]
    values = dordle_questions.dordle_values_task(game, words, SearchSetting(cache_mb=0.02), 10**9)
    assert clears  # it did fill, and was cleared
    board = game.all_candidates()
    best = 10**9
    for g, value in zip(words, values):  # each cut off at the best exact total before it
        total, exact = DordleSolver(game, cache_mb=64).evaluate(board, board, g, 7)
        assert exact and (value.total == total if value.exact else best <= value.total <= total)
        best = min(best, total)
    assert any(value.exact for value in values)
    dordle_questions._SOLVERS.clear()
