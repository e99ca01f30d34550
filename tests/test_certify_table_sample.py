"""scripts/certify_table_sample.py, the second check of the exact tables: a table entry re-proven
from scratch in a fresh process and certified by the independent checker, and its sample spread
over the table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "certify_table_sample.py"
sys.path.insert(0, str(ROOT / "scripts"))

from certify_table_sample import sample, table_entries  # noqa: E402


@pytest.mark.slow
def test_a_table_entry_is_certified_with_the_tables_value(tmp_path):
    done = subprocess.run([sys.executable, str(SCRIPT), "--words", "salet", "--keep", str(tmp_path)],
                          capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    row = done.stdout.splitlines()[2]
    assert row.startswith("| SALET | 7,920 | 7,920 | certified optimal"), row
    assert "so 7920 is optimal for SALET" in (tmp_path / "salet" / "salet.check.txt").read_text()


def test_the_sample_holds_the_extremes_and_a_word_without_a_tree():
    entries, cpu = table_entries("hard")
    words = sample(entries, cpu, 2, seed=1)
    valued = {w: v for w, v in entries.items() if v is not None}
    values = {valued[w] for w in words if w in valued}  # (AFFIX and BOOBY tie at the hard maximum)
    assert min(valued.values()) in values and max(valued.values()) in values
    assert max(cpu, key=cpu.get) in words
    assert any(entries[w] is None for w in words)  # hard mode has first words with no tree
    assert len(words) >= 8 and len(set(words)) == len(words)


def test_a_word_not_in_the_table_is_one_line_and_exit_2():
    done = subprocess.run([sys.executable, str(SCRIPT), "--words", "qqqqq"], capture_output=True,
                          text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.strip().splitlines() == ["error: not an exact entry of the normal table: qqqqq"]
