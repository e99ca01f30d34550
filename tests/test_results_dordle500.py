"""The Dordle proof on 500 answers (`results/dordle/...-sample500-...`, a word-by-word run in
progress): its checkpoint read as the resuming run reads it (digest, identity and every entry
checked against the game's own split bounds); no first word searched so far beats TRACE's
1,014,786, the committed tree's total; and one entry's proof searched again here, independently
of the run (the engine's values themselves are checked against brute force on small games in
`test_dordle_engine.py`)."""

from __future__ import annotations

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


@pytest.mark.slow
def test_no_first_word_searched_so_far_beats_trace(game):
    ranked = dordle_ranked_guesses(game, SearchSetting())
    state = load_state(FOLDER, game, dict(ranked))  # refuses anything altered
    values = state["values exact"]
    assert len(values) >= 480
    assert all(v["total"] >= TRACE for v in values.values())
    assert values["trace"]["exact"] and values["trace"]["total"] == TRACE
    tree, _ = read_json(FOLDER / "trace.dordle.json.gz")  # replayed on every game: test_results_trees
    assert tree.guess == "trace"
    # one word's proof again, from an empty memo: DATER cannot beat TRACE
    word = game.guess_id("dater")
    board = game.all_candidates()
    total, exact = DordleSolver(game, cache_mb=256).evaluate(board, board, word, 7, TRACE)
    assert total >= TRACE and not (exact and total < TRACE)
    assert values["dater"]["total"] >= TRACE
