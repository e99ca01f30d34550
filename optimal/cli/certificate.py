"""A proof certificate file: a gzip'd JSON header line naming the game, then the int32 records the
search writes (`lookahead.solvers.certificate_log`), streamed to a temporary file and renamed into place only
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
from optimal.cli.outputs import make_folders, remove_empty, writable_file
from optimal.errors import BadInput, CannotWrite
from optimal.game import Game

FORMAT = "optimal-certificate/1"


def certificate_target(text: str, inputs: list[str | None], run_folder: Path | None) -> Path:
    """Where `--certificate` may write, checked before any work. Why: it once overwrote the
    --answers file with gzip data, and named the run's own summary.json or .lock it reported
    success and the file was then replaced or deleted; an existing folder failed only after the
    search. So it may not name an input of the run (a list file), nor the run's folder or
    anything in it (its trees, summary, lock, checkpoint, staging), nor a folder."""
    path = Path(text)
    where = path.resolve()
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise CannotWrite(f"--certificate {text}: it names a folder; give a file name")
    for source in inputs:
        if source is not None and Path(source).exists() and Path(source).resolve() == where:
            raise BadInput(f"--certificate {text}: it names an input of this run ({source}); "
                           "give another file name")
    if run_folder is not None:
        folder = run_folder.resolve()
        if where == folder or folder in where.parents:
            raise BadInput(f"--certificate {text}: it is inside this run's results folder "
                           f"{run_folder}, whose files the run writes; give a path outside it")
    return writable_file(path)


class CertificateFile:
    """A certificate being written: `log` goes to the search; `commit()` or `abort()` ends it
    (either way nothing is left but the finished file: no temporary file, and no folder this
    created for it when it is not written)."""

    def __init__(self, path: str | Path, game: Game, objective: str, provenance: dict):
        self.path = Path(path)
        self.tmp: str | None = None
        self.created = make_folders(self.path.parent)
        try:
            fd, self.tmp = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".tmp",
                                            dir=self.path.parent)
            self.raw = os.fdopen(fd, "wb")
            self.gz = gzip.GzipFile(fileobj=self.raw, mode="wb", compresslevel=6, mtime=0)
            header = {"format": FORMAT, **game.describe(), "objective": objective,
                      "provenance": provenance}
            self.gz.write((json.dumps(header) + "\n").encode())
        except OSError as error:
            self.abort()
            raise self.cannot(error) from None
        self.log = CertificateLog(self.write, game.all_candidates(), game.max_guesses,
                                  game.start_state())

    def cannot(self, error: OSError) -> CannotWrite:
        """A failed write (a full disk) as one line that names the certificate."""
        return CannotWrite(f"cannot write the certificate {self.path}: {error.strerror or error}")

    def write(self, words: np.ndarray) -> None:
        """Append proof-record words to the compressed file, as little-endian int32 (the sink `log`
        writes to); CannotWrite naming the certificate when the write fails (a full disk)."""
        try:
            self.gz.write(words.astype("<i4").tobytes())
        except OSError as error:
            raise self.cannot(error) from None

    def commit(self) -> int:
        """Finish the file and move it into place; returns its size in bytes. A failure (a full
        disk) drops the unfinished file and says which file could not be written."""
        try:
            self.gz.close()
            self.raw.flush()
            os.fsync(self.raw.fileno())
            self.raw.close()
            os.chmod(self.tmp, 0o644)
            os.replace(self.tmp, self.path)
            return self.path.stat().st_size
        except OSError as error:
            self.abort()
            raise self.cannot(error) from None

    def abort(self) -> None:
        """Drop the unfinished file (the search failed or was interrupted), and the folders
        made for it."""
        for stream in ("gz", "raw"):
            try:
                getattr(self, stream).close()
            except (OSError, AttributeError):  # a full disk's last flush; never opened
                pass
        if self.tmp is not None and os.path.exists(self.tmp):
            os.unlink(self.tmp)
        remove_empty(self.created)


def certificate_note(path: Path, size: int, words: int) -> str:
    """The line a command prints after writing a certificate."""
    return (f"certificate: {path} ({size / 2**20:.2f} MiB, {words:,} 32-bit numbers in its "
            f"records); check it with python -m optimal.check {path} [TREE]")
