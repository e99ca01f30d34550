"""The search command's request: the command line turned, in one place, into a frozen value.

Why: every check of the options happens here, before any work starts, and what the computation
receives is a value that cannot change under it (no argparse namespace travels further).
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass

from lookahead import BACKENDS, SearchSetting
from optimal.cli.args import GameOptions, Parser, add_game_arguments
from optimal.errors import BadInput

DEFAULT_TOP = 1000  # about a minute on 2 cores for the original lists

DESCRIPTION = """Optimal (or beam) decision trees, with proof: `python -m optimal.search`.

Evaluates first guesses with branch and bound: each is searched with the best total so far as a
cutoff, so a word that cannot win stops early with a proven lower bound. The final table lists every
evaluated word with its status (proven, >= lower bound, or <= upper bound for a beam), and the best
tree is verified and written to results/ with its report.
"""

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
  python -m optimal.search --first salet --certificate salet.cert.gz   # then: python -m optimal.check
"""


@dataclass(frozen=True)
class SearchRequest:
    """What to search and how. Exactly one of `first`, `top`, `every` (--all) and `history`
    chooses the guesses (`top` is the default)."""

    game: GameOptions
    setting: SearchSetting
    first: tuple[str, ...] = ()
    top: int | None = None
    every: bool = False
    history: str | None = None
    objective: str = "total"
    shortfall: int = 0
    prove: bool = False
    scheduler: str | None = None
    out: str = "results"
    write: bool = True
    quiet: bool = False
    argv: tuple[str, ...] | None = None  # the command line, for provenance (None: sys.argv)
    certificate: str | None = None  # where to write a proof certificate of the lower bounds

    @property
    def kind(self) -> str:
        """'state' (--from), 'worst' (--objective worst) or 'first' (first-guess search)."""
        if self.history is not None:
            return "state"
        return "worst" if self.objective == "worst" else "first"

    @property
    def checkpointed(self) -> bool:
        """Long --all runs keep a checkpoint in the results folder, to resume from (not when they
        write a certificate, which must hold the proof of every word)."""
        return self.every and self.write and not self.certificate


def build_parser() -> Parser:
    parser = Parser(prog="python -m optimal.search", description=DESCRIPTION, epilog=EXAMPLES)
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
    search.add_argument("--backend", default="loky", choices=BACKENDS,
                        help="joblib backend (dask needs --scheduler and the 'dask' extra)")
    search.add_argument("--scheduler", metavar="ADDRESS", help="Dask scheduler address, e.g. tcp://host:8786")
    search.add_argument("--cache-mb", type=float, default=1024, metavar="MB",
                        help="memory for the memo of solved subproblems, per worker (default 1024)")
    out = parser.add_argument_group("output")
    out.add_argument("--out", default="results", metavar="DIR",
                     help="results directory (default: results)")
    out.add_argument("--no-write", action="store_true", help="print only; write no files")
    out.add_argument("--quiet", action="store_true", help="no progress bars")
    out.add_argument("--certificate", metavar="FILE",
                     help="also write a proof certificate of every lower bound the search proves "
                          "(check it with python -m optimal.check FILE [TREE]); exact search only; "
                          "an --all run then starts afresh instead of from its checkpoint")
    return parser


def request_from_args(args: argparse.Namespace, argv: list[str] | None) -> SearchRequest:
    """The request a parsed command line describes; BadInput for options that do not fit."""
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
    first: tuple[str, ...] = ()
    if args.first is not None:
        first = tuple(dict.fromkeys(w.strip().lower() for w in args.first.split(",") if w.strip()))
        if not first:
            raise BadInput("--first needs at least one word")
    if args.top is not None and args.top < 1:
        raise BadInput("--top must be at least 1")
    if args.certificate and (args.beam or args.history is not None):
        raise BadInput("--certificate goes with an exact first-guess search (no --beam, no --from)")
    setting = SearchSetting(args.beam, args.cache_mb, args.jobs, args.backend)
    return SearchRequest(GameOptions.from_args(args), setting, first, args.top, args.all,
                         args.history, args.objective, args.shortfall, args.prove, args.scheduler,
                         args.out, not args.no_write, args.quiet,
                         tuple(argv) if argv is not None else None, args.certificate)
