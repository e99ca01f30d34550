"""The Dordle proof on 500 answers (`results/dordle/...-sample500-...`): TRACE's 1,014,786 is the
optimum over every first word. Checked here: the checkpoint read as a resuming run reads it
(digest, identity and every entry checked against the game's own split bounds) holds an exact
search's value for every useful first word, none below TRACE's, and TRACE's own is exact; the
summary says so and no more; and two entries' proofs searched again, independently of the run
(the engine's values themselves are checked against brute force on small games in
`test_dordle_engine.py`; the committed tree is replayed on every game in `test_results_trees.py`)."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from lookahead import DordleSolver, dordle_ranked_guesses
from lookahead.solvers.setting import SearchSetting
from optimal.dordle import read_json
from optimal.game import Game
from optimal.search.dordle import load_state
from optimal.words import sample_words

FOLDER = (Path(__file__).resolve().parent.parent / "results" / "dordle"
          / "answers-2315-sample500-seed1-guesses-12972-normal-d7-boards2")
TRACE = 1_014_786


@pytest.fixture(scope="module")
def game() -> Game:
    """The run's game: 500 answers drawn with seed 1 (as `--sample 500 --seed 1`), every guess."""
    full = Game.from_lists("original", None, None, "normal", 7)
    sampled = sample_words(full.answers, 500, 1)
    index = np.array([full.answer_index[w] for w in sampled.words], dtype=np.int64)
    return full.restricted_to(index, sampled.name)


@pytest.fixture(scope="module")
def state(game) -> dict:
    """The checkpoint as a resuming run reads it (refuses anything altered): read once for the
    tests below."""
    return load_state(FOLDER, game, dict(dordle_ranked_guesses(game, SearchSetting())))


@pytest.mark.slow
def test_every_useful_first_word_searched_and_none_beats_trace(game, state):
    values = state["values exact"]
    ranked = dordle_ranked_guesses(game, SearchSetting())
    assert set(values) == {game.guesses.words[g] for g, _ in ranked}
    assert min(v["total"] for v in values.values()) == TRACE
    assert values["trace"]["exact"] and values["trace"]["total"] == TRACE
    assert state["bound"]["lower"] == TRACE and state["bound"]["word"] == "trace"
    tree, _ = read_json(FOLDER / "trace.dordle.json.gz")
    assert tree.guess == "trace"


def test_the_summary_claims_the_proven_optimum():
    summary = json.loads((FOLDER / "summary.json").read_text())
    assert summary["games"] == 500 * 499 and summary["useful_first_words"] == 12_972
    assert summary["best"]["word"] == "trace" and summary["best"]["total"] == TRACE
    assert summary["best"]["tree"] == "exact" and summary["proven"] is True
    assert summary["lower_bound"] == TRACE and summary["gap"] == 0
    assert len(summary["values"]) == 12_972
    report = (FOLDER / "REPORT.md").read_text()
    assert "proven optimal" in report.split("## First words")[0]
    assert "\n| 1 | TRACE | 1,014,786 | 4.0673 | exact |" in report  # exact before ties' bounds


@pytest.mark.slow
@pytest.mark.parametrize("word", ["dater", "pulao"])
def test_an_entrys_proof_searched_again(game, state, word):
    """From an empty memo, at TRACE's total as the cutoff: the word cannot beat TRACE, and the
    checkpoint's entry says the same."""
    board = game.all_candidates()
    total, exact = DordleSolver(game, cache_mb=256).evaluate(board, board, game.guess_id(word),
                                                             7, TRACE)
    assert total >= TRACE and not (exact and total < TRACE)
    assert state["values exact"][word]["total"] >= TRACE
