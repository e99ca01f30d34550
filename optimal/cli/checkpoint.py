"""Checkpoints of long `--all` runs: what is already decided, so an interrupted run resumes.

The file names the game (its fingerprint) and the search settings it belongs to, so a checkpoint
is never applied to another question; it is rewritten atomically, so an interruption at any moment
leaves the previous complete version.
"""

from __future__ import annotations

import json
from pathlib import Path

from optimal.errors import BadInput
from optimal.files import atomic_write_text


def load_checkpoint(path: Path, fingerprint: str, settings: dict) -> dict[str, dict]:
    """The results recorded for this game and settings ({} when there is no checkpoint)."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        raise BadInput(f"{path} is damaged; delete it to start the --all run afresh") from None
    if data.get("game") != fingerprint or data.get("settings") != settings:
        raise BadInput(f"{path} belongs to another game or search; delete it or use another --out")
    return data["results"]


def save_checkpoint(path: Path, fingerprint: str, settings: dict, results: dict[str, dict]) -> None:
    atomic_write_text(path, json.dumps({"game": fingerprint, "settings": settings,
                                        "results": results}) + "\n")
