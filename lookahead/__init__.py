"""The search engine's one face: what commands may use of `lookahead`.

Branch and bound (and beam) for the least total number of guesses, the worst-case objective, and
the adversary searches, over any `optimal.game.Game`; and Dordle (two boards, `lookahead.solvers.pair`):
the same search over pairs of candidate sets; and many boards (Quordle, Octordle:
`lookahead.questions.boards`), a player and small games' exact optima. Commands import from here
only; the modules behind it (numba kernels, workspace, memo, scheduling) may change shape freely.

The names below are grouped by question. Behind the face the engine is five rooms, lowest first
(kernels, spaces, solvers, parallel, questions; docs/ARCHITECTURE.md). Importing it touches no
disk: the compiled kernels' cache (a folder named by a hash of every kernel source, checked before
numba uses it) is set up when the first workspace is made (`lookahead.spaces.kernel_cache`).
"""


# how a search runs, and what its values mean
from lookahead.kernels.bounds import INF
from lookahead.solvers.results import FailingBranch, GuessResult, WorstResult
from lookahead.solvers.setting import BACKENDS, SearchSetting
from lookahead.questions.memory import MemoryEstimate, memory_estimate
from lookahead.kernels.compiled import CompileClock, WorkClock, compile_clock
from lookahead.solvers.certificate_log import CertificateLog
from lookahead.parallel.schedule import close_workers
from lookahead.spaces.stop import clear_stop, request_stop

# first guesses: the best of a list, with proof; each word's exact value; ties by the longest game
from lookahead.questions.first_guesses import (FirstGuessOutcome, add_counters, probe_checks_limits,
                                               ranked_guesses, search_first_guesses, search_guesses,
                                               solve_guess, split_bounds)
from lookahead.questions.exact_values import ExactValue, exact_values
from lookahead.questions.tie_break import ShortestTree, shortest_optimal_tree

# a mid-game state: the best next guess and the alternatives
from lookahead.questions.state import (NextGuess, StateOutcome, best_next_guess, best_next_tree,
                                       solve_state)

# the worst case: can every answer be found within the limit?
from lookahead.questions.worst_case import check_first_guesses, finishing_tree
from lookahead.questions.tree_hunt import NodePath, TreeHunt

# Dordle: two boards
from lookahead.questions.dordle_floor import first_word_floor, floor_solver
from lookahead.solvers.pair import PAIR_BEAM_FINISH, DordleSolver, pair_state
from lookahead.questions.dordle import (DordleBound, DordleIncumbent, DordleSuggestion,
                                        DordleWordValue, dordle_first_word_branch_count,
                                        dordle_first_word_branches,
                                        dordle_next_guess, dordle_raise_bound,
                                        dordle_ranked_guesses, dordle_word_values)

# many boards (Quordle, Octordle): a player, games played by it, the exact optimum of small games
from lookahead.questions.boards import (
    DEFAULT_SOLVE_BONUS,
    BoardsPlayer,
    exact_refusal,
    exact_total,
    play_games,
)

# five-word pangrams: the compiled letter-cover search
from lookahead.questions.letter_cover import letter_covers

# the adversaries: Absurdle and Antiwordle
from lookahead.solvers.adversaries import LONGEST, TOTAL, AbsurdleSearch, AntiSearch

__all__ = [
    "INF", "FailingBranch", "GuessResult", "WorstResult", "BACKENDS", "SearchSetting",
    "MemoryEstimate", "memory_estimate", "CompileClock", "WorkClock", "compile_clock", "CertificateLog", "close_workers",
    "clear_stop", "request_stop", "TreeHunt", "NodePath",
    "FirstGuessOutcome", "add_counters", "probe_checks_limits", "ranked_guesses",
    "search_first_guesses", "search_guesses", "solve_guess", "split_bounds", "ExactValue",
    "exact_values", "ShortestTree", "shortest_optimal_tree",
    "NextGuess", "StateOutcome", "best_next_guess", "best_next_tree", "solve_state",
    "check_first_guesses", "finishing_tree",
    "DordleSolver", "PAIR_BEAM_FINISH", "first_word_floor", "floor_solver", "pair_state", "DordleBound", "DordleIncumbent", "DordleSuggestion",
    "DordleWordValue", "dordle_first_word_branch_count", "dordle_first_word_branches", "dordle_next_guess", "dordle_raise_bound",
    "dordle_ranked_guesses", "dordle_word_values",
    "DEFAULT_SOLVE_BONUS", "BoardsPlayer", "exact_refusal", "exact_total", "play_games",
    "letter_covers", "LONGEST", "TOTAL", "AbsurdleSearch", "AntiSearch",
]
