"""Golden outputs: every README command, on small lists, prints and writes what it did when the
records in tests/golden/expected/ were captured (scripts/capture_golden.py), apart from times,
dates, provenance and the search's work counters (tests/golden/normalize.py).

Each case runs `sys.executable -m <module> ...` from the repository root with this process's
environment, so the package under test is the one that interpreter imports there. On a mismatch the
failure shows a unified diff of each differing part.
"""

from __future__ import annotations

import difflib
import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from golden.cases import CASES  # noqa: E402
from golden.runner import expected_path, load_expected, run_case  # noqa: E402


#: The quick suite (`-m "not slow"`) runs one case each of search, verify and assist; every case
#: runs in the full one. Each command also has quick tests of its values in-process, so the quick suite stays
#: within its minute.
QUICK = {"search-first-salet", "verify-selby", "assist-history"}


def _param(case: dict):
    marks = [pytest.mark.slow] if case.get("slow") or case["name"] not in QUICK else []
    return pytest.param(case, id=case["name"], marks=marks)


def _diff(label: str, expected: str, actual: str) -> str:
    return "".join(difflib.unified_diff(expected.splitlines(keepends=True),
                                        actual.splitlines(keepends=True),
                                        f"expected {label}", f"actual {label}"))


def differences(expected: dict, actual: dict) -> list[str]:
    """Human-readable differences between two records (empty when they agree)."""
    out = []
    if expected["exit_code"] != actual["exit_code"]:
        out.append(f"exit code: expected {expected['exit_code']}, got {actual['exit_code']}")
    for part in ("stdout", "stderr"):
        if expected[part] != actual[part]:
            out.append(_diff(part, expected[part], actual[part]) or f"{part} differs (whitespace)")
    for rel in sorted(set(expected["files"]) | set(actual["files"])):
        if rel not in actual["files"]:
            out.append(f"file {rel}: expected, not written")
        elif rel not in expected["files"]:
            out.append(f"file {rel}: written, not expected")
        elif expected["files"][rel] != actual["files"][rel]:
            out.append(_diff(rel, expected["files"][rel], actual["files"][rel]))
    for key in ("argv", "setup", "stdin", "module"):
        if expected.get(key) != actual.get(key):
            out.append(f"{key}: the case changed since capture (expected {json.dumps(expected.get(key))}, "
                       f"now {json.dumps(actual.get(key))}); re-capture with scripts/capture_golden.py")
    return out


@pytest.mark.parametrize("case", [_param(c) for c in CASES])
def test_golden(case):
    if not expected_path(case["name"]).exists():
        pytest.fail(f"no golden record {expected_path(case['name'])}: run scripts/capture_golden.py")
    expected = load_expected(case["name"])
    actual = run_case(case)
    problems = differences(expected, actual)
    if problems:
        pytest.fail(f"{case['name']}: output differs from the golden record\n"
                    f"command: python -m {case['module']} {' '.join(case['args'])}\n\n"
                    + "\n".join(problems), pytrace=False)
