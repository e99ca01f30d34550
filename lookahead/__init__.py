"""Depth-limited branch and bound, and beam search, for decision trees of least total guesses.

`Solver` is the entry point; the numba kernels in `kernel` do the work. Memoized subproblems are
keyed by frozen candidate sets (with guesses left, and in hard mode the hard-mode state).
"""

from lookahead.solver import INF, FirstGuessResult, Solver

__all__ = ["INF", "FirstGuessResult", "Solver"]
