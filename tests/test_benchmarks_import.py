"""Every benchmark script still imports: they run only by hand, so an engine function renamed
under one went unnoticed (`bench_feedback.py` imported `compute_matrix` from a module that no
longer had it, and the README pointed readers at it). Importing runs no benchmark: each script's
work is behind `if __name__ == "__main__"`."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"
SCRIPTS = sorted(p for p in BENCHMARKS.glob("bench_*.py"))


def test_there_are_benchmarks():
    assert len(SCRIPTS) >= 20


@pytest.mark.parametrize("script", SCRIPTS, ids=[p.stem for p in SCRIPTS])
def test_a_benchmark_imports_and_runs_nothing_on_import(script, monkeypatch, capsys):
    monkeypatch.syspath_prepend(str(BENCHMARKS))  # their shared `timing` helper
    spec = importlib.util.spec_from_file_location(f"benchmark_{script.stem}", script)
    module = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, spec.name, module)
    spec.loader.exec_module(module)
    assert callable(getattr(module, "main", None)), f"{script.name} has no main()"
    assert 'if __name__ == "__main__":' in script.read_text()
    out, err = capsys.readouterr()
    assert out == "", f"{script.name} printed on import"
