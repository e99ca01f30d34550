"""`--rank exact`: every word's exact optimum, checked against the plain one-word proof."""

from __future__ import annotations

import json

import pytest
from conftest import SMALL_ANSWERS, small_game

from lookahead import INF, SearchSetting, exact_values, ranked_guesses, solve_guess
from lookahead.kernels import memo
from lookahead.kernels.memo import clear_memo
import lookahead.questions.exact_values as exact_values_module
from lookahead.questions.exact_values import exact_values_task, letter_groups, letters_order
from optimal.game import Game, HardState
from optimal.search.command import main as search
from optimal.words import load_lists
from tests.helpers import CouldBeTheAnswer
from tests.test_search_engine import brute_force


@pytest.mark.parametrize("mode", ["normal", "hard"])
def test_exact_values_equal_each_words_own_proof(mode):
    game = small_game(70, mode=mode, max_guesses=5 if mode == "hard" else 6)
    words = [g for g, _ in ranked_guesses(game, SearchSetting())][:12]
    for result in exact_values(game, words, SearchSetting(), budget=30):
        proof = solve_guess(game, game.guess_id(result.word), SearchSetting())
        assert result.exact
        assert result.lower == (proof.value if proof.feasible else INF)
        assert result.upper == (proof.value if proof.feasible else None)


@pytest.mark.parametrize("mode, max_guesses", [("normal", 3), ("normal", 4), ("hard", 3),
                                               ("hard", 4), ("ultra", 3), ("ultra", 4)])
def test_exact_values_equal_plain_brute_force(mode, max_guesses):
    """The table's values a second way, by exhaustive recursion over every guess with no bound
    (`brute_force`) below each first word. Ultra-hard legality is stated plainly there (every
    later guess could be the answer, `CouldBeTheAnswer`); hard mode's is the game's `HardState`,
    itself checked by example in test_game.py. Limits this tight give first
    words with no tree too."""
    game = small_game(100, mode=mode, max_guesses=max_guesses, offset=30)
    ranked = [g for g, _ in ranked_guesses(game, SearchSetting())]
    words = ranked[:4] + ranked[-4:]
    start = {"normal": None, "hard": HardState.initial(5), "ultra": CouldBeTheAnswer()}[mode]
    values = {}
    for g in words:
        word, row, total = game.guesses.words[g], game.matrix[g], float(len(game.answers))
        for code in sorted(set(int(c) for c in row) - {game.won}):
            part = [a for a in range(len(game.answers)) if row[a] == code]
            state = start.after(word, code) if start is not None else None
            total += brute_force(game, part, max_guesses - 1, state)
        values[word] = total
    results = {r.word: r for r in exact_values(game, words, SearchSetting(), budget=30)}
    for word, expected in values.items():
        assert results[word].exact
        assert results[word].lower == (INF if expected == float("inf") else expected), word
    finite = [v < float("inf") for v in values.values()]
    assert all(finite) if max_guesses == 4 else any(finite) and not all(finite)  # both kinds seen


def test_a_memo_that_fills_is_cleared_between_words_and_no_value_changes(monkeypatch):
    """A memo far too small for the words fills and is cleared before the next word: every value
    is still each word's own proof."""
    game = small_game(200)
    words = [g for g, _ in ranked_guesses(game, SearchSetting())][100:108]
    clears = []
    monkeypatch.setattr(memo, "clear_memo", lambda ws: clears.append(1) or clear_memo(ws))
    for result in exact_values_task(game, words, budget=30, cache_mb=0.02):
        proof = solve_guess(game, game.guess_id(result.word), SearchSetting())
        assert result.exact and result.lower == proof.value == result.upper
    assert clears  # it did fill, and was cleared


def test_a_spent_budget_leaves_proven_bounds_around_the_optimum():
    """With no time at all, a word keeps a lower bound at most its optimum and a beam tree's
    total at least it."""
    game = small_game(120)
    words = [g for g, _ in ranked_guesses(game, SearchSetting())][40:46]
    for result in exact_values(game, words, SearchSetting(), budget=1e-9):
        optimum = solve_guess(game, game.guess_id(result.word), SearchSetting()).value
        assert result.lower <= optimum <= result.upper


def test_cli_ranks_exactly_and_resumes(tmp_path, capsys):
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:60])) + "\n")
    argv = ["--answers", str(answers), "--rank", "exact", "--top", "8", "--jobs", "1",
            "--quiet", "--out", str(tmp_path / "out")]
    assert search(argv) == 0
    folder = next((tmp_path / "out").iterdir())
    summary = json.loads((folder / "summary.json").read_text())
    values = [r["lower"] for r in summary["results"]]
    assert values == sorted(values) and all(r["exact"] for r in summary["results"])
    assert all(r["worst"] >= 2 for r in summary["results"])
    # the eight most promising words, each with the value of its own one-word proof
    game = Game(*load_lists(answers=str(answers)))
    top = [game.guesses.words[g] for g, _ in ranked_guesses(game, SearchSetting(), limit=8)]
    assert sorted(r["word"] for r in summary["results"]) == sorted(top)
    for r in summary["results"]:
        proof = solve_guess(game, game.guess_id(r["word"]), SearchSetting())
        assert r["lower"] == r["upper"] == proof.value
    best = summary["results"][0]
    assert (f"| 1 | {best['word'].upper()} | {best['lower']} | {best['lower'] / 60:.4f} | "
            f"{best['worst']} | exact |") in (folder / "EXACT.md").read_text()
    capsys.readouterr()
    assert search(argv) == 0  # resumed: nothing left to do, same table
    again = json.loads((folder / "summary.json").read_text())
    assert [r["lower"] for r in again["results"]] == values


def test_words_with_no_tree_resume_as_proven(tmp_path, capsys):
    """Hard mode within 3 on 60 answers: some of the top words have no tree at all (exact, no
    value). Their checkpoint entries are taken back on resuming (an earlier loader refused its
    own run's entry, which stopped the hard-mode table from resuming), with the same table."""
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:60])) + "\n")
    argv = ["--answers", str(answers), "--rank", "exact", "--top", "12", "--hard",
            "--max-depth", "3", "--jobs", "1", "--quiet", "--out", str(tmp_path / "out")]
    first = search(argv)
    folder = next((tmp_path / "out").iterdir())
    summary = json.loads((folder / "summary.json").read_text())
    game = Game(*load_lists(answers=str(answers)), mode="hard", max_guesses=3)
    for r in summary["results"]:
        proof = solve_guess(game, game.guess_id(r["word"]), SearchSetting())
        assert r["exact"] and r["lower"] == (proof.value if proof.feasible else INF)
    assert any(r["lower"] >= INF for r in summary["results"])
    assert any(r["lower"] < INF for r in summary["results"])
    capsys.readouterr()
    assert search(argv) == first  # resumed: every entry taken back, nothing searched again
    assert json.loads((folder / "summary.json").read_text())["results"] == summary["results"]


def test_progress_says_no_tree_not_the_internal_infinity(tmp_path, capsys, monkeypatch):
    """A word proven to have no tree within the limit shows as such on the progress line (it once
    showed the search's internal infinity, 268435456, as if it were a total)."""
    monkeypatch.setenv("OPTIMAL_PROGRESS_EVERY", "0")  # a line for every word
    answers = tmp_path / "answers.txt"
    answers.write_text("\n".join(sorted(SMALL_ANSWERS[:60])) + "\n")
    search(["--answers", str(answers), "--rank", "exact", "--top", "12", "--hard", "--max-depth", "3",
            "--jobs", "1", "--no-write"])
    lines = [line for line in capsys.readouterr().err.splitlines() if "first guesses" in line]
    assert any("no tree within 3" in line for line in lines), lines
    assert not any(str(INF) in line for line in lines)


def test_words_of_the_same_letters_come_together_and_blocks_keep_their_order(original):
    game = original
    words = game.guesses.words
    ids = [game.guess_id(w) for w in ("trace", "crate", "salet", "react", "slate", "caret")]
    ordered = letters_order(game, ids, block=3)
    assert sorted(ordered) == sorted(ids)
    assert set(ordered[:3]) == set(ids[:3]) and set(ordered[3:]) == set(ids[3:])  # blocks in order
    whole = [words[g] for g in letters_order(game, ids)]
    assert whole == ["caret", "crate", "react", "trace", "salet", "slate"]  # same letters adjacent
    fugly = game.guess_id("fugly")
    groups = [[words[g] for g in group] for group in letter_groups(game, ids + [fugly])]
    assert groups == [["caret", "crate", "react", "trace"], ["salet", "slate"], ["fugly"]]


def test_words_of_the_same_letters_go_to_one_task_and_share_its_memo(original, monkeypatch):
    """The slow bands go to the workers one word a task, and FUGLY and GULFY went to different
    workers (GULFY 0.7 s of CPU right after FUGLY in one process, 25 s on its own). A batch now
    holds whole groups of words of the same letters, and the memo is not cleared between them."""
    batches = []
    monkeypatch.setattr(exact_values_module, "collect_paced",
                        lambda items, call, setting, on_item: batches.extend(
                            call(items[i:i + 1])[1][1] for i in range(len(items))))
    words = ("salet", "caret", "trace", "slate", "fugly")
    exact_values_module.exact_values(original, [original.guess_id(w) for w in words],
                                     SearchSetting(0, 64, 2), 60)
    assert [[original.guesses.words[g] for g in b] for b in batches] == \
        [["caret", "trace"], ["salet", "slate"], ["fugly"]]
