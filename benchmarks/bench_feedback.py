"""Feedback matrix: cold build and load from cache, 12,972 guesses x 2,315 answers.

Prints the median of several runs, and the ratio to a baseline measured in the same run: the plain
per-pair `reply()` function, timed on a sample of pairs and scaled to the whole matrix.
Usage: python benchmarks/bench_feedback.py
"""

from __future__ import annotations

import tempfile
import time

import numpy as np

from optimal.feedback import feedback_matrix
from optimal.rules.wordle import compute_matrix, reply
from optimal.words import load_lists
from timing import timed


def main() -> None:
    import os

    answers, guesses = load_lists("original")
    g, a = guesses.words, answers.words
    cold, matrix = timed(lambda: compute_matrix(g, a), 3)
    with tempfile.TemporaryDirectory() as cache:
        os.environ["OPTIMAL_CACHE"] = cache
        first, _ = timed(lambda: feedback_matrix(g, a), 1)  # builds and writes the cache file
        warm, loaded = timed(lambda: feedback_matrix(g, a), 5)
    assert np.array_equal(loaded, matrix)
    rng = np.random.default_rng(0)
    sample = 200_000
    rows, cols = rng.integers(0, len(g), sample), rng.integers(0, len(a), sample)
    start = time.perf_counter()
    for i, j in zip(rows, cols):
        reply(g[i], a[j])
    per_pair = (time.perf_counter() - start) / sample
    baseline = per_pair * len(g) * len(a)
    print(f"feedback matrix {len(g):,} x {len(a):,} ({matrix.nbytes / 2**20:.1f} MiB, {matrix.dtype})")
    print(f"  cold build (numpy, no cache):      {cold:.3f} s   (median of 3)")
    print(f"  first call (build + atomic write): {first:.3f} s")
    print(f"  load from cache (digest checked):  {warm:.3f} s   (median of 5)")
    print(f"  baseline, plain reply() per pair:  {baseline:.1f} s   (sampled {sample:,} pairs, scaled)")
    print(f"  speed-up of the vectorized build over the baseline: {baseline / cold:.0f}x")


if __name__ == "__main__":
    main()
