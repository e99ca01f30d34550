"""python -m optimal.search end to end on small custom lists (fast) and on the original lists
(the published optima: SALET 7920, hard 8122, PALET 8206 within 5, no SALET tree within 5 in hard
mode). Every written tree is checked with python -m optimal.verify."""

from __future__ import annotations

import json
import subprocess
import sys
import threading

import pytest

from lookahead import SearchSetting, ranked_guesses
from lookahead.parallel import tasks as parallel
from lookahead.solvers.single import Solver
from optimal.play.text import plural
from optimal.search.command import main as search
from optimal.tree import check, read_tree, verify
from optimal.verify import main as verify_main
from tests.conftest import small_game
from tests.helpers import hand_everything_to_the_workers, plain_parts
from tests.test_search_engine import brute_force


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "optimal.search", *args], capture_output=True,
                          text=True)


@pytest.fixture
def lists(tmp_path):
    game = small_game(90)
    answers, guesses = tmp_path / "answers.txt", tmp_path / "guesses.txt"
    answers.write_text("\n".join(game.answers.words) + "\n")
    guesses.write_text("\n".join(game.guesses.words) + "\n")
    return ["--answers", str(answers), "--guesses", str(guesses), "--out", str(tmp_path / "res"),
            "--quiet"], tmp_path / "res" / "answers-guesses-normal-d6", game


def test_single_first_word_writes_a_verified_tree(lists, capsys):
    args, out_dir, game = lists
    assert search(args + ["--first", "trace", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    parts = plain_parts(game, game.guess_id("trace"), game.all_candidates())
    optimum = len(game.answers) + sum(brute_force(game, p, 5) for c, p in parts.items() if c != game.won)
    assert f"TRACE: total {optimum} (mean {optimum / 90:.4f}, worst " in printed
    assert "proven optimal for this first guess" in printed
    tree_file = read_tree(out_dir / "trace.json")
    assert tree_file.meta["stats"]["proven_optimal"]
    assert check(tree_file.tree, game).sum() == optimum
    assert verify_main([str(out_dir / "trace.json"), *args[:4]]) == 0
    assert verify_main([str(out_dir / "trace.tree.txt"), *args[:4]]) == 0
    summary = json.loads((out_dir / "summary.json").read_text())
    assert summary["best"]["word"] == "trace" and summary["best"]["proven"]
    assert "## Provenance" in (out_dir / "REPORT.md").read_text()


def check_results(summary: dict, game, words: list[str]) -> None:
    """A summary's best word and total, and every row, against each word's exact value computed on
    its own (no cutoff): an exact row has the true total; a cut-off row is proven worse than the
    best by a true lower bound."""
    exact = {w: Solver(game, cache_mb=64).evaluate(game.all_candidates(), game.guess_id(w), 6)
             for w in words}
    assert all(is_exact for _, is_exact in exact.values())
    best = min(value for value, _ in exact.values())
    best_word = next(w for w in words if exact[w][0] == best)  # ties: the earlier word
    assert (summary["best"]["word"], summary["best"]["total"], summary["best"]["proven"]) == \
        (best_word, best, True)
    assert sorted(r["word"] for r in summary["results"]) == sorted(words)
    for r in summary["results"]:
        true = exact[r["word"]][0]
        if r["exact"]:
            assert (r["value"], r["status"], r["lower_bound"]) == (true, "proven", true)
        else:
            assert r["status"] == "lower bound (cut off)" and best < r["value"] <= true


def test_top_words_are_the_most_promising_and_their_values_true(lists, capsys):
    args, out_dir, game = lists
    assert search(args + ["--top", "6", "--jobs", "1"]) == 0
    summary = json.loads((out_dir / "summary.json").read_text())
    top = [game.guesses.words[g] for g, _ in ranked_guesses(game, SearchSetting(), limit=6)]
    check_results(summary, game, top)
    best = summary["best"]
    assert f"{best['word'].upper()}: total {best['total']} (" in capsys.readouterr().out


FIRST_WORDS = ["trace", "crane", "salet", "slate", "roate", "fjord"]


@pytest.mark.parametrize("backend", ["threading", pytest.param("loky", marks=pytest.mark.slow)])
def test_parallel_backend_gives_the_exact_values(lists, monkeypatch, backend):
    """Each word evaluated in a worker: the best word and total are those of a serial run and of
    each word's exact value computed on its own; a cut-off word is proven worse than the best by a
    true lower bound."""
    args, out_dir, game = lists
    first = ["--first", ",".join(FIRST_WORDS)]
    assert search(args + first + ["--jobs", "1"]) == 0
    serial = json.loads((out_dir / "summary.json").read_text())
    hand_everything_to_the_workers(monkeypatch, backend)
    monkeypatch.setattr(parallel, "_SOLVERS", {})  # this process's solvers, by thread, from now on
    main_thread = threading.get_ident()
    assert search(args + first + ["--jobs", "2", "--backend", backend]) == 0
    parallel_run = json.loads((out_dir / "summary.json").read_text())
    assert parallel_run["search"]["backend"] == backend
    if backend == "threading":  # the words were solved by other threads than this one
        assert any(key[-1] != main_thread for key in parallel._SOLVERS)
    for run in (serial, parallel_run):
        check_results(run, game, FIRST_WORDS)


def test_beam_is_labelled_an_upper_bound(lists, capsys):
    """--top 4 --beam 2: the four most promising words (the beam narrows each node's guesses, not
    the words asked for); the best total is a real tree's, at least the exact optimum, labelled an
    upper bound; each proven lower bound is at most the exact value; --prove adds the exact value."""
    args, out_dir, game = lists
    assert search(args + ["--top", "4", "--beam", "2", "--jobs", "1"]) == 0
    printed = capsys.readouterr().out
    beam_dir = out_dir.parent / "answers-guesses-normal-d6-beam2"
    summary = json.loads((beam_dir / "summary.json").read_text())
    top = [game.guesses.words[g] for g, _ in ranked_guesses(game, SearchSetting(), limit=4)]
    assert sorted(r["word"] for r in summary["results"]) == sorted(top)
    exact = {w: Solver(game, cache_mb=64).evaluate(game.all_candidates(), game.guess_id(w), 6)[0]
             for w in top}
    best = summary["best"]
    assert not best["proven"] and best["total"] >= exact[best["word"]] >= min(exact.values())
    assert check(read_tree(beam_dir / f"{best['word']}.json").tree, game).sum() == best["total"]
    assert f"{best['word'].upper()}: total <= {best['total']} (" in printed
    assert "an upper bound from a beam of 2 guesses per node" in printed
    assert all(r["lower_bound"] <= exact[r["word"]] for r in summary["results"])
    assert search(args + ["--top", "4", "--beam", "2", "--prove", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"(Beam value {best['total']}; exact search proves {exact[best['word']]}.)" in out
    # the table's row of the proven word is the proof's, as the headline (it kept the beam's)
    assert f"| 1 | {best['word'].upper()} | {exact[best['word']]} | proven |" in out


def test_all_first_words_checkpoint_and_resume(lists, capsys):
    args, out_dir, game = lists
    assert search(args + ["--all", "--jobs", "1"]) == 0
    checkpoint = json.loads((out_dir / "checkpoint-all.json").read_text())
    assert len(checkpoint["results"]) > 50
    assert search(args + ["--all", "--jobs", "1"]) == 0  # resumes: nothing left to do
    first = json.loads((out_dir / "summary.json").read_text())["best"]["total"]
    assert first == min(r["value"] for r in checkpoint["results"].values() if r["exact"])


def test_below_cuts_off_at_a_known_total_and_finds_the_same_optimum(lists, capsys):
    """--below N (1 + a known tree's total) skips the probe: at the optimum + 1 it finds the same
    best word and total as the plain run; at the optimum itself no word is below it (exit 1, one
    line), and its checkpoint, which holds only 'at least N' for the words, is not taken up by a
    run with another cutoff."""
    args, out_dir, game = lists
    unwritten = args[:args.index("--out")] + args[args.index("--out") + 2:]
    assert search(unwritten + ["--all", "--jobs", "1", "--no-write"]) == 0
    plain = capsys.readouterr().out
    best = next(line for line in plain.splitlines() if "total" in line)
    word, total = best.split(":")[0].strip(), int(best.split("total ")[1].split()[0])
    assert search(args + ["--all", "--jobs", "1", f"--below={total + 1}"]) == 0
    summary = json.loads((out_dir / "summary.json").read_text())
    assert (summary["best"]["word"].upper(), summary["best"]["total"]) == (word.upper(), total)
    assert f"searched below {total + 1:,}" in capsys.readouterr().out
    assert search(args + ["--all", "--jobs", "1", f"--below={total}", "--out",
                          str(out_dir.parent / "at")]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and f"no first word is below {total:,}" in err
    checkpoint = json.loads((out_dir.parent / "at" / out_dir.name / "checkpoint-all.json").read_text())
    assert checkpoint["identity"]["below"] == total
    assert all(not r["exact"] and r["value"] >= total for r in checkpoint["results"].values())
    assert search(args + ["--all", "--jobs", "1", "--out", str(out_dir.parent / "at")]) == 2
    assert "checkpoint" in capsys.readouterr().err


@pytest.mark.parametrize("extra", [["--beam", "3"], ["--front", "4"], ["--rank", "exact"],
                                   ["--objective", "worst"], ["--below", "0"]])
def test_below_goes_with_an_exact_first_guess_search_only(lists, capsys, extra):
    args, out_dir, _ = lists
    assert search(args + ["--below", "500"] + extra) == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1
    assert not out_dir.exists()


def test_from_state_agrees_with_the_full_tree(lists, capsys):
    args, out_dir, game = lists
    assert search(args + ["--first", "trace", "--jobs", "1"]) == 0
    capsys.readouterr()
    tree = read_tree(out_dir / "trace.json").tree
    counts = verify(tree, game).guesses
    row = game.matrix[game.guess_id("trace")]
    for code in list(tree.branches)[:5]:
        branch = [game.answers.words[j] for j in range(len(row)) if row[j] == code]
        in_tree = sum(counts[w] - 1 for w in branch)
        assert search(args + ["--from", f"trace.{game.reply_text(code)}", "--jobs", "1"]) == 0
        printed = capsys.readouterr().out
        assert (f": {plural(in_tree, 'guess')} in all for the {plural(len(branch), 'answer')}"
                in printed)


@pytest.mark.parametrize("extra, code, message", [
    (["--first", "zzzzz"], 2, "not in the guess list"),
    (["--from", "trace.GGGGY"], 2, "impossible"),
    (["--beam", "-3"], 2, "--beam"),
    (["--first", "trace", "--max-depth", "2"], 1, "no tree exists"),
    (["--top", "0"], 2, "--top"),
    (["--first", "trace", "--out", "/dev/null/results"], 2, "cannot write"),
    (["--objective", "worst", "--all", "--shortfall", "3"], 2, "--shortfall"),
])
def test_bad_input_and_no_tree(lists, capsys, extra, code, message):
    args, out_dir, game = lists
    assert search(args + extra) == code
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and message in err
    assert not out_dir.exists()  # nothing written


# ---------------------------------------------------------------- the published optima


@pytest.mark.slow
def test_salet_7920_proof(tmp_path):
    result = run("--first", "salet", "--max-depth", "6", "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    assert "SALET: total 7920" in result.stdout and "proven optimal" in result.stdout
    path = tmp_path / "answers-2315-guesses-12972-normal-d6" / "salet.json"
    check = subprocess.run([sys.executable, "-m", "optimal.verify", str(path)], capture_output=True, text=True)
    assert check.returncode == 0 and "total 7920, mean 3.4212, worst 5" in check.stdout


@pytest.mark.slow
def test_hard_mode_salet_8122_and_palet_8206(tmp_path):
    result = run("--first", "salet", "--hard", "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0 and "SALET: total 8122" in result.stdout
    result = run("--first", "palet", "--hard", "--max-depth", "5", "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0 and "PALET: total 8206" in result.stdout
    path = tmp_path / "answers-2315-guesses-12972-hard-d5" / "palet.json"
    check = subprocess.run([sys.executable, "-m", "optimal.verify", str(path)], capture_output=True, text=True)
    assert check.returncode == 0 and "total 8206" in check.stdout
    result = run("--first", "salet", "--hard", "--max-depth", "5", "--out", str(tmp_path), "--quiet")
    assert result.returncode == 1 and "no tree exists" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


@pytest.mark.slow
def test_beam_over_top_words_finds_salet(tmp_path):
    result = run("--top", "20", "--beam", "20", "--out", str(tmp_path), "--quiet")
    assert result.returncode == 0, result.stderr
    assert "SALET: total <= 7920" in result.stdout and "upper bound" in result.stdout


@pytest.mark.slow
def test_from_state_on_the_original_lists(original):
    result = run("--from", "salet.BBYBB", "--quiet", "--no-write")
    assert result.returncode == 0, result.stderr
    assert "99 candidate answers, 5 guesses left" in result.stdout
    candidates = original.candidates([("salet", original.parse_reply("BBYBB"))])
    total, guess = Solver(original, cache_mb=64).best_guess(candidates, 5, None)
    assert (f"Best next guess: {original.guesses.words[guess].upper()}: {total} guesses in all "
            f"for the 99 answers from here") in result.stdout


def test_dask_backend_on_a_local_cluster(lists):
    distributed = pytest.importorskip("dask.distributed")
    args, out_dir, game = lists
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        assert search(args + ["--top", "4", "--jobs", "2", "--backend", "dask", "--scheduler",
                              cluster.scheduler_address]) == 0
    dask_best = json.loads((out_dir / "summary.json").read_text())["best"]["total"]
    assert search(args + ["--top", "4", "--jobs", "1"]) == 0
    assert json.loads((out_dir / "summary.json").read_text())["best"]["total"] == dask_best


def test_dask_backend_needs_a_scheduler(lists, capsys):
    args, out_dir, game = lists
    assert search(args + ["--first", "trace", "--backend", "dask"]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "--scheduler" in err


@pytest.mark.slow
def test_the_main_job_shows_progress_out_of_a_terminal(tmp_path):
    """With stderr a pipe (a log, a scheduler's capture), the main job still shows how far it has
    got: plain lines (no carriage returns), each with the words done, the best so far, and the
    word just searched (`OPTIMAL_PROGRESS_EVERY=0` asks for a line at every step instead of every
    10 s). tqdm alone shows nothing there: an `--all` run in the background once showed no sign of
    life for hours."""
    from tests.conftest import SMALL_ANSWERS

    words = tmp_path / "a.txt"
    words.write_text("\n".join(sorted(SMALL_ANSWERS[:60])) + "\n")
    env = {**__import__("os").environ, "OPTIMAL_PROGRESS_EVERY": "0"}
    process = subprocess.Popen([sys.executable, "-m", "optimal.search", "--answers", str(words),
                                "--guesses", str(words), "--max-depth", "6", "--no-write"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    lines = []
    for line in process.stderr:  # read while it runs
        lines.append(line)
    assert process.wait(timeout=600) == 0
    progress = [line for line in lines if line.startswith("first guesses: ")]
    assert len(progress) >= 10, lines
    assert all("\r" not in line for line in lines)
    assert progress[-1].startswith("first guesses: 60/60 words") and "best " in progress[-1]
    assert "proven" in process.stdout.read()


def test_default_folder_is_the_users_and_names_the_question(lists, capsys, monkeypatch, tmp_path):
    """Without --out nothing lands in results/: each question gets its own folder under runs/ (or
    $OPTIMAL_RUNS), so --first, --top and --tie-break never overwrite each other's files, and the
    same question rerun replaces its own set (a file of the earlier set that the new one lacks is
    removed)."""
    args = lists[0][:4] + ["--quiet", "--jobs", "1"]  # the lists, no --out
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv("OPTIMAL_RUNS", raising=False)
    assert search(args + ["--first", "trace"]) == 0
    assert search(args + ["--top", "3"]) == 0
    assert search(args + ["--first", "trace", "--tie-break", "worst"]) == 0
    runs = work / "runs"
    names = sorted(p.name for p in runs.iterdir())
    assert names == ["answers-guesses-normal-d6-first-trace",
                     "answers-guesses-normal-d6-first-trace-tie-worst",
                     "answers-guesses-normal-d6-top3"]
    assert not (work / "results").exists()
    one = runs / "answers-guesses-normal-d6-first-trace"
    assert json.loads((one / "summary.json").read_text())["best"]["word"] == "trace"
    assert "| 1 | TRACE |" in (one / "REPORT.md").read_text()
    stale = one / "stale.json"
    stale.write_text("{}")
    manifest = json.loads((one / "MANIFEST.json").read_text())
    manifest["files"]["stale.json"] = "0" * 64
    (one / "MANIFEST.json").write_text(json.dumps(manifest))
    assert search(args + ["--first", "trace"]) == 0
    assert not stale.exists()
    assert sorted(json.loads((one / "MANIFEST.json").read_text())["files"]) == [
        "REPORT.md", "summary.json", "trace.json", "trace.tree.txt"]
    elsewhere = tmp_path / "elsewhere"
    monkeypatch.setenv("OPTIMAL_RUNS", str(elsewhere))
    assert search(args + ["--first", "trace"]) == 0
    assert (elsewhere / "answers-guesses-normal-d6-first-trace" / "trace.json").is_file()
    capsys.readouterr()


def test_from_state_shows_the_search_going(monkeypatch, capsys):
    """`--from fuzzy=BBBBB` (about 1,350 answers) searched for minutes with nothing on stderr; the
    search is now watched by a progress display that reads the nodes searched while it runs."""
    import optimal.search.command as command

    seen = []

    class Recording:  # a KernelProgress that keeps the counts it was shown
        def __init__(self, desc, count, quiet=False, **_):
            self.desc, self.count = desc, count

        def __enter__(self):
            seen.append((self.desc, self.count()))
            return self

        def __exit__(self, *exc):
            seen.append((self.desc, self.count()))

    monkeypatch.setattr(command, "KernelProgress", Recording)
    assert search(["--from", "salet.BBYBB", "--no-write", "--quiet"]) == 0
    assert "Best next guess" in capsys.readouterr().out
    (desc, before), (_, after) = seen
    assert desc == "best next guess: search" and after > before  # nodes searched meanwhile
