"""Run one golden case as a subprocess and return its normalized record.

Shared by scripts/capture_golden.py (which writes the records to expected/) and
tests/test_golden.py (which compares against them). The command runs as
`<python> -m <module> <args>` from the repository root, with the caller's environment (plus
PYTHONIOENCODING=utf-8), no standard input unless the case gives some, and "{OUT}" in its
arguments replaced by a fresh temporary directory.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
EXPECTED = HERE / "expected"
TIMEOUT = 600  # seconds; a cold numba cache makes the first command compile for a minute or so

from .normalize import IGNORED_SUFFIXES, normalize


class SetupFailed(RuntimeError):
    pass


def _substitute(args: list[str], out: str) -> list[str]:
    return [arg.replace("{OUT}", out) for arg in args]


def _snapshot(directory: Path) -> dict[str, bytes]:
    return {str(p.relative_to(directory)).replace(os.sep, "/"): p.read_bytes()
            for p in sorted(directory.rglob("*")) if p.is_file()}


def _env(case: dict, tmp: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["PYTHONIOENCODING"] = "utf-8"
    return env


def run_case(case: dict, python: str | None = None) -> dict:
    """Run the case (and its setup) in a fresh temporary directory; the normalized record."""
    python = python or sys.executable
    tmp = Path(tempfile.mkdtemp(prefix="golden-"))
    out = tmp / "out"
    out.mkdir()
    try:
        env = _env(case, tmp)
        for module, args in case.get("setup", []):
            done = subprocess.run([python, "-m", module, *_substitute(args, str(out))], cwd=ROOT,
                                  env=env, stdin=subprocess.DEVNULL, capture_output=True,
                                  timeout=TIMEOUT)
            if done.returncode != 0:
                raise SetupFailed(f"setup {module} {' '.join(args)} exited {done.returncode}:\n"
                                  f"{done.stderr.decode(errors='replace')}")
        before = _snapshot(out)
        stdin = case.get("stdin")
        done = subprocess.run([python, "-m", case["module"], *_substitute(case["args"], str(out))],
                              cwd=ROOT, env=env, capture_output=True, timeout=TIMEOUT,
                              input=stdin.encode() if stdin is not None else None,
                              stdin=subprocess.DEVNULL if stdin is None else None)
        after = _snapshot(out)
        files = {}
        for rel, data in after.items():
            if before.get(rel) == data or rel.endswith(IGNORED_SUFFIXES):
                continue
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                text = f"<binary file, {len(data)} bytes>"
            files[rel] = normalize(text, str(out), str(ROOT), "file")
        record = {"name": case["name"], "module": case["module"], "argv": list(case["args"])}
        if case.get("setup"):
            record["setup"] = [[module, list(args)] for module, args in case["setup"]]
        if stdin is not None:
            record["stdin"] = stdin
        record.update({
            "exit_code": done.returncode,
            "stdout": normalize(done.stdout.decode("utf-8", errors="replace"), str(out), str(ROOT)),
            "stderr": normalize(done.stderr.decode("utf-8", errors="replace"), str(out), str(ROOT),
                                "stderr"),
            "files": files,
        })
        return record
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def expected_path(name: str) -> Path:
    return EXPECTED / f"{name}.json"


def load_expected(name: str) -> dict:
    return json.loads(expected_path(name).read_text(encoding="utf-8"))


def dump(record: dict) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"
