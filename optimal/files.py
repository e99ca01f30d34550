"""Files written atomically, and the cache directory.

Why: a long search can be interrupted at any moment (Ctrl-C, a killed job on a cluster). Writing to a
temporary file in the same directory and renaming it over the target means a reader sees either the
old complete file or the new complete file, never half of one.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from optimal.errors import CannotWrite


def cache_dir() -> Path:
    """Where derived data (feedback matrices) is cached: `$OPTIMAL_CACHE`, else ~/.cache/optimal."""
    return Path(os.environ.get("OPTIMAL_CACHE") or Path.home() / ".cache" / "optimal")


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` so that the file is never seen half-written. A path that cannot be
    written raises CannotWrite (one line for the user, not a traceback)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise CannotWrite(f"cannot write {path}: {error.strerror or error}") from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # like a plain open(), not mkstemp's private 0600
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as error:  # Ctrl-C included: never leave the temporary file behind
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise CannotWrite(f"cannot write {path}: {error.strerror or error}") from None
        raise


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))
