"""`python -m optimal.search.dordle_floor`: one-line refusals, and a checkpoint that resumes and is
refused when an entry cannot be right."""

from __future__ import annotations

import json

from optimal.cli.checkpoint import save_checkpoint
from optimal.search.dordle_floor import CHECKPOINT, FOLDER, main


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
