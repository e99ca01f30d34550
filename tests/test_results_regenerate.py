"""`results/regenerate.sh` re-runs what `results/README.md` lists: every command a row of the
README's tables gives is a line of the script (the runs of many CPU-hours as commented lines).

Why a test: the two are edited by hand, a session at a time, and drifted apart (a dozen rows' runs
were missing from the script, and one of its lines had lost the `--all` its row's result needs).
Commands are compared as sets of arguments, so the order of options does not matter; `--quiet`
(the script's) is ignored, and a command with a placeholder (`DIR`, `...`) is not a runnable line.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

RESULTS = Path(__file__).resolve().parent.parent / "results"


def arguments(command: str) -> frozenset[str]:
    """A command line as the set of its words, `--quiet` left out (pairs like `--out X` stay
    distinct enough: the words of two different runs differ)."""
    return frozenset(word for word in shlex.split(command) if word != "--quiet")


def script_commands() -> list[frozenset[str]]:
    """Every `python ...` line of the script, commented out or not, without a trailing `|| true`
    or comment."""
    found = []
    for line in (RESULTS / "regenerate.sh").read_text().splitlines():
        line = line.strip().lstrip("#").strip()
        if line.startswith("python ") or line.startswith("capture "):
            line = line.split(" || ")[0].split("   #")[0]
            found.append(arguments(line))
    return found


def row_commands() -> list[tuple[str, str]]:
    """(folder, command) of every row of the README's tables whose second column names a run."""
    rows = []
    for line in (RESULTS / "README.md").read_text().splitlines():
        if not line.startswith("| `"):
            continue
        columns = line.split(" | ")
        for command in re.findall(r"`(python [^`]+)`", columns[1]):
            if "DIR" not in command.split() and "..." not in command:
                rows.append((columns[0], command))
    return rows


def test_every_rows_run_is_a_line_of_the_regenerate_script():
    lines = script_commands()
    rows = row_commands()
    assert len(rows) >= 50  # the tables were found
    missing = [f"{folder}: {command}" for folder, command in rows
               if not any(arguments(command) <= line for line in lines)]
    assert not missing, "\n".join(missing)


def table_cells(header: str, column: int) -> list[str]:
    """One column of the README's table whose header row starts with `header` (its rows run until
    the first line that is not a table row)."""
    lines = (RESULTS / "README.md").read_text().splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(header))
    cells = []
    for line in lines[start + 2:]:
        if not line.startswith("| "):
            break
        cells.append(line.split(" | ")[column])
    return cells


def searches_in(cells: list[str]) -> list[str]:
    """The `python -m optimal.search` commands written in `cells` (a `...` in place of the
    certificate's path kept; `DIR` placeholders left out)."""
    found = [command for cell in cells
             for command in re.findall(r"`(python -m optimal\.search [^`]+)`", cell)]
    return [command for command in found if "DIR" not in command.split()]


def certify_commands() -> list[frozenset[str]]:
    """The search each `certify DIR NAME TREE ARGS...` line of the script runs: its ARGS and the
    options `certify` adds (the certificate's path, `DIR/NAME.cert.gz`, is left out: the README
    writes it `...`)."""
    found = []
    for line in (RESULTS / "regenerate.sh").read_text().splitlines():
        if line.startswith("certify "):
            words = shlex.split(line)[4:]
            found.append(frozenset(["python", "-m", "optimal.search", *words, "--jobs", "1",
                                    "--no-write", "--certificate"]))
    return found


def test_the_runs_in_progress_and_the_certificates_are_lines_of_the_regenerate_script():
    """The resume commands of the runs in progress, and the commands that wrote the certificates
    (kept ones through the script's `certify`, the rest as lines, commented out where they take
    hours), are in the script too."""
    lines = script_commands() + certify_commands()
    resumes = searches_in(table_cells("| question | how far", 3))
    certificates = searches_in(table_cells("| claim | certificate", 2))
    kept = [command for command in certificates if "..." in command]
    assert len(resumes) >= 6 and len(certificates) >= 15 and len(kept) >= 6  # tables found
    missing = [command for command in resumes + certificates  # `...`: any path
               if not any(arguments(command) - {"..."} <= line for line in lines)]
    assert not missing, "\n".join(missing)
