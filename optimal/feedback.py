"""The feedback matrix: the reply of every guess to every answer, built once and cached on disk.

It is the one table every search reads. Building it is the rule's business (`Rule.matrix`); this
module only names it by content (both lists, in order, and the rule's version) and keeps it in the
cache directory, so a second run loads it in milliseconds and a changed list or rule never reuses a
stale one.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from optimal.files import atomic_write_bytes, cache_dir
from optimal.rules import WORDLE, Rule

_MAGIC = b"optimal-feedback-matrix/1\n"


def matrix_key(guesses: Sequence[str], answers: Sequence[str], rule_version: str = WORDLE.version) -> str:
    """Content hash naming a matrix in the cache: both lists, in order, and the rule's version."""
    digest = hashlib.sha256(rule_version.encode())
    digest.update("\n".join(guesses).encode() + b"\0" + "\n".join(answers).encode())
    return digest.hexdigest()[:32]


def _load_cached(path: Path, shape: tuple[int, int], dtype: type) -> np.ndarray | None:
    """The cached matrix, or None when missing, truncated or corrupt (then it is rebuilt)."""
    try:
        data = path.read_bytes()
    except OSError:
        return None
    header_end = len(_MAGIC) + 64
    if not data.startswith(_MAGIC) or len(data) != header_end + shape[0] * shape[1] * np.dtype(dtype).itemsize:
        return None
    body = memoryview(data)[header_end:]
    if hashlib.blake2b(body, digest_size=32).hexdigest().encode() != data[len(_MAGIC):header_end]:
        return None
    return np.frombuffer(body, dtype=dtype).reshape(shape)


def feedback_matrix(guesses: Sequence[str], answers: Sequence[str], cache: bool = True,
                    rule: Rule = WORDLE) -> np.ndarray:
    """The (guesses x answers) reply matrix, from the disk cache when present and intact.

    The cache file holds a magic line, a blake2b digest of the body and the raw array; it is written
    atomically, so a crash never leaves a file that loads wrongly, and a damaged file is rebuilt.
    """
    shape = (len(guesses), len(answers))
    dtype = rule.dtype(len(guesses[0]))
    if not cache:
        return _read_only(rule.matrix(guesses, answers))
    path = cache_dir() / f"feedback-{matrix_key(guesses, answers, rule.version)}.bin"
    matrix = _load_cached(path, shape, dtype)
    if matrix is None:
        matrix = rule.matrix(guesses, answers)
        body = matrix.tobytes()
        digest = hashlib.blake2b(body, digest_size=32).hexdigest().encode()
        try:
            atomic_write_bytes(path, _MAGIC + digest + body)
        except OSError:
            pass  # a read-only cache only costs speed, never correctness
    return _read_only(matrix)


def _read_only(matrix: np.ndarray) -> np.ndarray:
    """The matrix, made read-only. Why: a matrix loaded from the cache is read-only (a view of the
    file's bytes) and a computed one was writable, and numba compiles a kernel once per array type,
    read-only being part of the type: a user's second run (matrix loaded) compiled 40 of the first
    run's 49 kernel functions again (80 s). Read-only both ways, they are compiled once."""
    matrix.setflags(write=False)
    return matrix
