"""Five-word pangrams: every set of five letter masks covering 25 different letters, by the
compiled rarest-letter-first search (`lookahead.kernels.letter_cover`).

Why a question of its own: the pangram command's kernel is the engine's like every other (compiled
into the checked kernel cache), and this is where the cache is set up before it runs.
"""

from __future__ import annotations

import numpy as np

from lookahead.kernels.letter_cover import cover_search
from lookahead.spaces.kernel_cache import use_kernel_cache


def letter_covers(masks: np.ndarray, starts: np.ndarray, out: np.ndarray) -> int:
    """How many solutions there are; the first `len(out)` written to `out` as rows of five
    positions into `masks` (remapped class masks sorted by rarest letter; `starts`: each rank's
    first entry, 27 of them). A caller whose `out` was too small calls again with room for all."""
    use_kernel_cache()
    return int(cover_search(masks, starts, out))
