import re
from pathlib import Path

from tests.bad_input_cases import CASES

ROOT = Path(__file__).resolve().parent.parent


def test_ci_runs_the_readme_test_command():
    readme = (ROOT / "README.md").read_text().splitlines()
    commands = [line for line in readme if line.startswith("python3 -m venv")]
    assert len(commands) == 2 and "optimal.search --max-depth 6" in commands[0]
    assert "pytest" in commands[1]
    assert commands[1] in (ROOT / ".ci" / "run").read_text()


def test_the_readme_counts_the_bad_input_cases_there_are():
    """The README said 279 cases when the file held 283: a count said in prose drifts."""
    said = re.search(r"`tests/bad_input_cases.py` lists the ([\d,]+) cases",
                     (ROOT / "README.md").read_text())
    assert said and int(said.group(1).replace(",", "")) == len(CASES)
