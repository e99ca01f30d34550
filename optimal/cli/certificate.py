"""A proof certificate file: a gzip'd JSON header line naming the game, then the int32 records the
search writes (`lookahead.certificate`), streamed to a temporary file and renamed into place only
when the search has finished, so a certificate on disk is always complete.

`python -m optimal.check CERT [TREE]` reads it; its docstring specifies the records.
"""

from __future__ import annotations

import gzip
import json
import os
import tempfile
from pathlib import Path

import numpy as np

from lookahead import CertificateLog
from optimal.errors import CannotWrite
from optimal.game import Game

FORMAT = "optimal-certificate/1"


class CertificateFile:
    """A certificate being written: `log` goes to the search; `commit()` or `abort()` ends it."""

    def __init__(self, path: str | Path, game: Game, objective: str, provenance: dict):
        self.path = Path(path)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                            dir=self.path.parent)
            self.raw = os.fdopen(fd, "wb")
        except OSError as error:
            raise CannotWrite(f"cannot write {self.path}: {error.strerror or error}") from None
        self.gz = gzip.GzipFile(fileobj=self.raw, mode="wb", compresslevel=6, mtime=0)
        header = {"format": FORMAT, **game.describe(), "objective": objective,
                  "provenance": provenance}
        self.gz.write((json.dumps(header) + "\n").encode())
        self.log = CertificateLog(self.write, game.all_candidates(), game.max_guesses, game.hard,
                                  game.length)

    def write(self, words: np.ndarray) -> None:
        self.gz.write(words.astype("<i4").tobytes())

    def commit(self) -> int:
        """Finish the file and move it into place; returns its size in bytes."""
        self.gz.close()
        self.raw.flush()
        os.fsync(self.raw.fileno())
        self.raw.close()
        os.chmod(self.tmp, 0o644)
        os.replace(self.tmp, self.path)
        return self.path.stat().st_size

    def abort(self) -> None:
        """Drop the unfinished file (the search failed or was interrupted)."""
        try:
            self.gz.close()
            self.raw.close()
        finally:
            if os.path.exists(self.tmp):
                os.unlink(self.tmp)


def certificate_note(path: Path, size: int, words: int) -> str:
    """The line a command prints after writing a certificate."""
    return (f"certificate: {path} ({size / 2**20:.2f} MiB, {words:,} 32-bit numbers in its "
            f"records); check it with python -m optimal.check {path} [TREE]")
