"""Files written atomically, and the cache directory.

Why: a long search can be interrupted at any moment (Ctrl-C, a killed job on a cluster). Writing to a
temporary file in the same directory and renaming it over the target means a reader sees either the
old complete file or the new complete file, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path


def cache_dir() -> Path:
    """Where derived data (feedback matrices) is cached: `$OPTIMAL_CACHE`, else ~/.cache/optimal."""
    return Path(os.environ.get("OPTIMAL_CACHE") or Path.home() / ".cache" / "optimal")


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` so that the file is never seen half-written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # like a plain open(), not mkstemp's private 0600
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))
