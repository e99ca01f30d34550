"""One-step metric strategies: the classic greedy trees and the baselines every search result is
compared against (Norvig's 'Winning Wordle' and 'Jotto' notebooks)."""

from greedy.metrics import METRICS, Metric
from greedy.builder import POOLS, greedy_tree

__all__ = ["METRICS", "Metric", "POOLS", "greedy_tree"]
