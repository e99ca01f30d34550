"""optimal: provably optimal and near-optimal decision trees for Wordle and its relatives.

The core model lives here (word lists, feedback, game, trees, reports). This module stays light on
purpose: it imports no driver, no `greedy` and no `lookahead`, so there is no import cycle.
"""

__version__ = "0.1.0"
