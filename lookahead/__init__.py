"""The search engine's one face: what commands may use of `lookahead`.

Branch and bound (and beam) for the least total number of guesses, the worst-case objective, and
the adversary searches, over any `optimal.game.Game`; and Dordle (two boards, `lookahead.dordle`):
the same search over pairs of candidate sets. Commands import from here only; the modules
behind it (numba kernels, workspace, memo, scheduling) may change shape freely.

numba's on-disk cache only notices a change to the file that defines a function, not to the
functions it calls from other files; so the kernels are cached in a directory named by a hash of
every kernel source (each module here that compiles with `@njit`), and a changed kernel can never
run stale compiled code.
"""

import hashlib as _hashlib
import os as _os
from pathlib import Path as _Path

from optimal.files import cache_dir as _cache_dir


def _kernel_cache_dir() -> str:
    digest = _hashlib.sha256()
    for path in sorted(_Path(__file__).parent.glob("*.py")):
        source = path.read_bytes()
        if b"@njit" in source:
            digest.update(path.name.encode() + b"\0" + source)
    return str(_cache_dir() / f"numba-{digest.hexdigest()[:16]}")


if not _os.environ.get("NUMBA_CACHE_DIR"):
    import numba as _numba

    _numba.config.CACHE_DIR = _kernel_cache_dir()

from lookahead.adversaries import LONGEST, TOTAL, AbsurdleSearch, AntiSearch  # noqa: E402
from lookahead.bounds import INF  # noqa: E402
from lookahead.dordle import DordleSolver, pair_state  # noqa: E402
from lookahead.dordlesearch import (DordleBound, DordleIncumbent, DordleSuggestion,  # noqa: E402
                                    DordleWordValue, dordle_first_word_branches, dordle_next_guess,
                                    dordle_raise_bound, dordle_ranked_guesses, dordle_word_values)
from lookahead.exact import ExactValue, exact_values  # noqa: E402
from lookahead.firstguess import (FirstGuessOutcome, add_counters, ranked_guesses,  # noqa: E402
                                  search_first_guesses, search_guesses, solve_guess, split_bounds)
from lookahead.results import FailingBranch, GuessResult, WorstResult  # noqa: E402
from lookahead.setting import BACKENDS, SearchSetting  # noqa: E402
from lookahead.state import NextGuess, StateOutcome, best_next_guess, solve_state  # noqa: E402
from lookahead.worstcase import check_first_guesses, finishing_tree  # noqa: E402

__all__ = ["BACKENDS", "INF", "LONGEST", "TOTAL", "AbsurdleSearch", "AntiSearch", "DordleBound",
           "DordleIncumbent", "DordleSolver", "DordleSuggestion", "DordleWordValue", "ExactValue",
           "FailingBranch", "dordle_first_word_branches", "dordle_next_guess", "dordle_raise_bound",
           "dordle_ranked_guesses", "dordle_word_values", "pair_state",
           "FirstGuessOutcome", "GuessResult", "NextGuess", "SearchSetting", "StateOutcome",
           "WorstResult", "add_counters", "best_next_guess", "check_first_guesses", "exact_values",
           "finishing_tree", "ranked_guesses", "search_first_guesses", "search_guesses",
           "solve_guess", "solve_state", "split_bounds"]
