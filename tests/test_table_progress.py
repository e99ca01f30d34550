"""scripts/table_progress.py, the figures a session quotes for a whole exact table: counted here
again from the checkpoint itself, so a row copied from the script says what the file holds."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "table_progress.py"
CHECKPOINT = "results/exact-all/answers-2315-guesses-12972-{}-d6-exact/checkpoint-exact.json"


def run(*args: str) -> str:
    result = subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                            cwd=ROOT, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_the_finished_normal_table_is_counted_as_it_is():
    out = run("normal")
    assert ("normal: 12,972 words, 12,972 exact: 12,972 with values (SALET 7,920 to QAJAQ 9,496"
            in out)
    assert "0 words left" in out


def test_a_partial_table_s_counts_and_the_words_since_a_revision():
    entries = json.loads((ROOT / CHECKPOINT.format("hard")).read_text())["results"]
    none = sum(1 for r in entries.values() if r["exact"] and r["upper"] is None)
    out = run("hard", "--since", "HEAD")
    assert f"hard: {len(entries):,} words" in out and f"and {none:,} with no tree within 6" in out
    assert f"{12_972 - len(entries):,} words left" in out
    committed = subprocess.run(["git", "show", f"HEAD:{CHECKPOINT.format('hard')}"], cwd=ROOT,
                               capture_output=True, check=True).stdout
    added = len(entries) - len(json.loads(committed)["results"])
    assert re.search(rf"since HEAD: \+{added:,} words", out)
