"""`python -m optimal.search`: the main job. Optimal (or beam) decision trees, with proof.

Evaluates first guesses with branch and bound: each is searched with the best total so far as a
cutoff, so a word that cannot win stops early with a proven lower bound. The final table lists every
evaluated word with its status (proven, >= lower bound, or <= upper bound for a beam), and the best
tree is verified and written to results/ with its report.
"""

from __future__ import annotations

import os
import sys

from optimal.cli import Parser, add_game_arguments, game_from_args, run_cli
from optimal.errors import BadInput

EXAMPLES = """examples:
  python -m optimal.search --max-depth 6                 # top 1,000 first words, best proven
  python -m optimal.search --first salet                 # prove SALET's optimum (7920)
  python -m optimal.search --first salet --hard          # hard mode (8122)
  python -m optimal.search --first palet --hard --max-depth 5
  python -m optimal.search --top 20 --beam 20            # fast upper bounds for 20 words
  python -m optimal.search --first salet,crate,trace --jobs 2
  python -m optimal.search --all --out results           # every first word (long; resumable)
  python -m optimal.search --from salet.BBYBB            # best next guess in a mid-game state
  python -m optimal.search --lists nyt --top 10          # NYT lists
  python -m optimal.search --objective worst --max-depth 4 --all   # no first word guarantees 4
  python -m optimal.search --objective worst --max-depth 5 --first salet,palet --hard
  python -m optimal.search --objective worst --max-depth 4 --top 10 --shortfall 10
  python -m optimal.search --answers my.txt --guesses all.txt --first crane
"""



def build_parser() -> Parser:
    from optimal.search_first import DEFAULT_TOP

    parser = Parser(prog="python -m optimal.search", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser)
    which = parser.add_argument_group("which first guesses")
    pick = which.add_mutually_exclusive_group()
    pick.add_argument("--first", metavar="WORD[,WORD...]", help="evaluate these first guesses")
    pick.add_argument("--top", type=int, metavar="N",
                      help=f"the N most promising first guesses by the search's ordering score "
                           f"(default {DEFAULT_TOP})")
    pick.add_argument("--all", action="store_true",
                      help="every useful first guess (long; resumable from a checkpoint in --out)")
    pick.add_argument("--from", dest="history", metavar="HISTORY",
                      help="solve a mid-game state, e.g. salet.BBYBB or salet.BBYBB.clint.BYYBB: "
                           "best next guess and its optimal total")
    search = parser.add_argument_group("search")
    search.add_argument("--objective", choices=["total", "worst"], default="total",
                        help="total: least total guesses (default); worst: can every answer be "
                             "found within --max-depth guesses?")
    search.add_argument("--shortfall", type=int, default=0, metavar="N",
                        help="with --objective worst: for each of the first N words searched that "
                             "fails, the fewest answers that must take longer (when branches have "
                             "3 guesses left); with --first or --top, not --all")
    search.add_argument("--beam", type=int, default=0, metavar="K",
                        help="consider only the K most promising guesses at each node: fast, gives "
                             "upper bounds (default: all guesses, exact)")
    search.add_argument("--prove", action="store_true",
                        help="with --beam: then prove the best word's value by exact search")
    search.add_argument("--jobs", type=int, default=os.cpu_count() or 1, metavar="N",
                        help="parallel workers (default: all cores); over first words, or over "
                             "the branches of a single first word")
    search.add_argument("--backend", default="loky",
                        choices=["loky", "multiprocessing", "threading", "dask"],
                        help="joblib backend (dask needs --scheduler and the 'dask' extra)")
    search.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
    search.add_argument("--cache-mb", type=float, default=1024, metavar="MB",
                        help="memory for the memo of solved subproblems, per worker (default 1024)")
    out = parser.add_argument_group("output")
    out.add_argument("--out", default="results", metavar="DIR",
                     help="results directory (default: results)")
    out.add_argument("--no-write", action="store_true", help="print only; write no files")
    out.add_argument("--quiet", action="store_true", help="no progress bars")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return run_cli(lambda: run(args, argv), parser.prog)


def run(args, argv) -> int:
    from lookahead.firstguess import SearchSetting

    if args.beam < 0:
        raise BadInput("--beam must be positive")
    if args.jobs < 1:
        raise BadInput("--jobs must be at least 1")
    if args.prove and not args.beam:
        raise BadInput("--prove goes with --beam")
    if args.shortfall and args.objective != "worst":
        raise BadInput("--shortfall goes with --objective worst")
    if args.shortfall < 0:
        raise BadInput("--shortfall must be positive")
    if args.shortfall and args.all:
        raise BadInput("--shortfall needs every branch of a word searched, --all stops at the first "
                       "failing one: use --first or --top with --shortfall")
    game = game_from_args(args, default_lists="original")
    setting = SearchSetting(args.beam, args.cache_mb, args.jobs, args.backend)
    with backend_context(args):
        if args.history:
            from optimal.search_state import solve_state

            return solve_state(game, args, setting, argv)
        if args.objective == "worst":
            from optimal.search_worst import search_worst

            return search_worst(game, args, setting, argv)
        from optimal.search_first import search_first_words

        return search_first_words(game, args, setting, argv)


class backend_context:
    """Connects joblib to a Dask cluster for `--backend dask`; a no-op otherwise."""

    def __init__(self, args):
        self.args, self.client, self.config = args, None, None

    def __enter__(self):
        if self.args.backend != "dask":
            return self
        try:
            from dask.distributed import Client
        except ImportError:
            raise BadInput("--backend dask needs the dask extra: pip install 'optimal[dask]'") from None
        if not self.args.scheduler:
            raise BadInput("--backend dask needs --scheduler ADDRESS (a running Dask scheduler)")
        try:
            self.client = Client(self.args.scheduler, timeout=10)
        except OSError as error:
            raise BadInput(f"cannot reach the Dask scheduler {self.args.scheduler}: {error}") from None
        from joblib import parallel_config

        self.config = parallel_config(backend="dask")
        self.config.__enter__()
        return self

    def __exit__(self, *exc):
        if self.config is not None:
            self.config.__exit__(*exc)
        if self.client is not None:
            self.client.close()
        return False


if __name__ == "__main__":
    sys.exit(main())
