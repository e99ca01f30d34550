"""Depth-limited branch and bound, and beam search, for decision trees of least total guesses.

`Solver` is the entry point; the numba kernels in `kernel`, `scan`, `memo`, `hardmode` and `bounds`
do the work. Memoized subproblems are keyed by frozen candidate sets (with guesses left, and in hard
mode the hard-mode state).

numba's on-disk cache only notices a change to the file that defines a function, not to the
functions it calls from other files; so the kernels are cached in a directory named by a hash of
all their sources, and a changed kernel can never run stale compiled code.
"""

import hashlib as _hashlib
import os as _os
from pathlib import Path as _Path

_KERNEL_FILES = ("bounds.py", "memo.py", "hardmode.py", "scan.py", "kernel.py", "worst.py", "absurdle.py", "antiwordle.py")


def _kernel_cache_dir() -> str:
    here = _Path(__file__).parent
    digest = _hashlib.sha256()
    for name in _KERNEL_FILES:
        digest.update((here / name).read_bytes())
    from optimal.files import cache_dir

    return str(cache_dir() / f"numba-{digest.hexdigest()[:16]}")


if not _os.environ.get("NUMBA_CACHE_DIR"):
    import numba as _numba

    _numba.config.CACHE_DIR = _kernel_cache_dir()

from lookahead.bounds import INF  # noqa: E402
from lookahead.solver import FirstGuessResult, Solver  # noqa: E402

__all__ = ["INF", "FirstGuessResult", "Solver"]
