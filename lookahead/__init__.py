"""The search engine's one face: what commands may use of `lookahead`.

Branch and bound (and beam) for the least total number of guesses, the worst-case objective, and
the adversary searches, over any `optimal.game.Game`; and Dordle (two boards, `lookahead.dordle`):
the same search over pairs of candidate sets. Commands import from here only; the modules
behind it (numba kernels, workspace, memo, scheduling) may change shape freely.

The compiled kernels are cached in a folder named by a hash of every kernel source, checked before
numba uses it (a damaged cache is moved aside and the kernels compiled afresh): see
`lookahead.kernel_cache`.
"""

import os as _os

import numba as _numba

from lookahead.kernel_cache import check_kernel_cache as _check, kernel_cache_dir as _cache_folder

if not _os.environ.get("NUMBA_CACHE_DIR"):
    _numba.config.CACHE_DIR = str(_cache_folder())
    _check(_cache_folder(), _numba.__version__)

from lookahead.adversaries import LONGEST, TOTAL, AbsurdleSearch, AntiSearch  # noqa: E402
from lookahead.bounds import INF  # noqa: E402
from lookahead.certificate import CertificateLog  # noqa: E402
from lookahead.dordle import DordleSolver, pair_state  # noqa: E402
from lookahead.dordlesearch import (DordleBound, DordleIncumbent, DordleSuggestion,  # noqa: E402
                                    DordleWordValue, dordle_first_word_branches, dordle_next_guess,
                                    dordle_raise_bound, dordle_ranked_guesses, dordle_word_values)
from lookahead.exact import ExactValue, exact_values  # noqa: E402
from lookahead.memory import MemoryEstimate, memory_estimate  # noqa: E402
from lookahead.firstguess import (FirstGuessOutcome, add_counters, probe_checks_limits,  # noqa: E402
                                  ranked_guesses, search_first_guesses, search_guesses, solve_guess,
                                  split_bounds)
from lookahead.results import FailingBranch, GuessResult, WorstResult  # noqa: E402
from lookahead.setting import BACKENDS, SearchSetting  # noqa: E402
from lookahead.state import (NextGuess, StateOutcome, best_next_guess, best_next_tree,  # noqa: E402
                             solve_state)
from lookahead.tiebreak import ShortestTree, shortest_optimal_tree  # noqa: E402
from lookahead.worstcase import check_first_guesses, finishing_tree  # noqa: E402

__all__ = ["BACKENDS", "INF", "LONGEST", "TOTAL", "AbsurdleSearch", "AntiSearch", "CertificateLog",
           "DordleBound", "DordleIncumbent", "DordleSolver", "DordleSuggestion", "DordleWordValue",
           "ExactValue", "FailingBranch", "FirstGuessOutcome", "GuessResult", "MemoryEstimate",
           "NextGuess", "SearchSetting", "ShortestTree", "StateOutcome", "WorstResult", "add_counters",
           "best_next_guess", "best_next_tree", "check_first_guesses", "dordle_first_word_branches",
           "dordle_next_guess", "dordle_raise_bound", "dordle_ranked_guesses", "dordle_word_values",
           "exact_values", "finishing_tree", "memory_estimate", "pair_state", "probe_checks_limits",
           "ranked_guesses",
           "search_first_guesses", "search_guesses", "shortest_optimal_tree", "solve_guess",
           "solve_state", "split_bounds"]
