"""One-step metric strategies: the classic greedy trees and the baselines every search result is
compared against (Norvig's 'Winning Wordle' and 'Jotto' notebooks).

This is the engine's one face: commands import from here only.
"""

from greedy.baselines import BASELINES, baseline
from greedy.builder import POOLS, best_guess, greedy_tree, pool_for, score_guesses
from greedy.metrics import METRICS, Metric, counts_matrix
from greedy.tables import first_guess_table, second_guess_table

__all__ = ["BASELINES", "METRICS", "Metric", "POOLS", "baseline", "best_guess", "counts_matrix",
           "first_guess_table", "greedy_tree", "pool_for", "score_guesses", "second_guess_table"]
