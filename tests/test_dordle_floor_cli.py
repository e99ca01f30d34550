"""`python -m optimal.search.dordle_floor`: one-line refusals, a checkpoint that resumes and is
refused when an entry cannot be right, and the bound bundled for the assistant."""

from __future__ import annotations

import json
from pathlib import Path

from conftest import small_game
from optimal.cli.checkpoint import intact_checkpoint, save_checkpoint
from optimal.multiboard import lower_bound, most_replies, proven_dordle_mean
from optimal.play.assistant import Assistant
from optimal.search.dordle_floor import (CHECKPOINT, FOLDER, full_lists_game, least_bound, main,
                                         split_bounds)

ROOT = Path(__file__).resolve().parent.parent


def test_bad_options_are_one_line(tmp_path, capsys):
    assert main(["--cap", "0", "--out", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert "--cap" in err and len(err.strip().splitlines()) == 1 and not any(tmp_path.iterdir())


def test_floors_resume_and_a_wrong_entry_is_refused(tmp_path, capsys):
    args = ["--out", str(tmp_path), "--budget", "3", "--quiet"]
    assert main(args) == 0
    out = capsys.readouterr().out
    assert "not settled yet" in out  # a few seconds cover a few hundred words of 12,972
    assert "proven lower bound over every first word: 20,8" in out  # the split bounds' least
    path = tmp_path / FOLDER / CHECKPOINT
    data = json.loads(path.read_text())
    first = dict(data["results"])
    assert first and all(e["floor"] > 20_000_000 and not e["exact"] for e in first.values())
    assert main(args) == 0
    again = json.loads(path.read_text())["results"]
    assert len(again) > len(first) and all(again[w] == e for w, e in first.items())
    word = next(iter(again))
    again[word]["floor"] = -5
    save_checkpoint(path, data["identity"], again)
    before = path.read_bytes()
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "checkpoint" in err and len(err.strip().splitlines()) == 1 and path.read_bytes() == before


def test_the_bundled_bound_is_the_committed_floors_least_and_the_assistant_quotes_it():
    """optimal/data/dordle/ holds what the committed floor checkpoint proves (recomputed here from
    that checkpoint, digest checked, and every first word's split bound), above the generic
    many-board bound; the assistant's Dordle opening quotes it, and another game gets none."""
    game = full_lists_game()
    _, saved = intact_checkpoint(ROOT / "results" / "dordle" / FOLDER / CHECKPOINT)
    word, lower = least_bound(split_bounds(game), saved, game.guesses.words)
    n = len(game.answers)
    assert proven_dordle_mean(game) == lower / (n * (n - 1))
    assert game.guesses.words[word] == "salet" and saved["salet"]["exact"]
    generic = lower_bound(n, 2, most_replies(game)).mean
    assert 3.95 < proven_dordle_mean(game) and generic < 3.9
    assert proven_dordle_mean(game.with_limits(max_guesses=8)) is None
    assert proven_dordle_mean(small_game(24).with_limits(max_guesses=7)) is None
    note = Assistant(game, boards=2).analysis().suggestions[0].note
    assert f"fewer than {lower / (n * (n - 1)):.3f} guesses over 2 boards" in note
    assert f"{generic:.3f}" not in note
