"""The search command's request: the command line turned, in one place, into a frozen value.

Why: every check of the options happens here, before any work starts, and what the computation
receives is a value that cannot change under it (no argparse namespace travels further).
"""

from __future__ import annotations

import argparse
import hashlib
import os
from dataclasses import dataclass

from lookahead import BACKENDS, SearchSetting
from optimal.cli.args import (MAX_BEAM, GameOptions, Parser, add_game_arguments, add_weights_argument,
                              bounded_int, capped_workers, memory_mb, non_negative_int, positive_int,
                              seconds, word_list, workers)
from optimal.cli.backends import check_scheduler
from optimal.errors import BadInput
from optimal.search.capabilities import check_combinations

DEFAULT_TOP = 1000  # about a minute on 2 cores for the original lists
DEFAULT_FRONT_TOP = 100  # per guess limit of --front: a few minutes per limit on 2 cores
FRONT_LIMITS = {"normal": (4, 5, 6), "hard": (4, 5, 6, 7)}  # strict-mode trees run longer
DORDLE_TOP = 5  # Dordle: first words whose trees give the upper bound, unless --first or --top
DORDLE_BUDGET = 60.0  # Dordle: seconds spent raising the proven lower bound, unless --budget

DESCRIPTION = """Optimal (or beam) decision trees, with proof: `python -m optimal.search`.

Evaluates first guesses with branch and bound: each is searched with the best total so far as a
cutoff, so a word that cannot win stops early with a proven lower bound. The final table lists every
evaluated word with its status (proven, >= lower bound, or <= upper bound for a beam), and the best
tree is verified and written with its report to runs/ (or --out DIR).
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
  python -m optimal.search --rank exact --top 200 --budget 60   # exact value of every word
  python -m optimal.search --front --tie-break worst     # least total within 4, 5, 6 guesses
  python -m optimal.search --front 5,6 --hard --top 20   # hard mode, limits 5 and 6
  python -m optimal.search --first salet --tie-break worst   # shortest longest game at 7920
  python -m optimal.search --answers guesses-12972 --guesses guesses-12972 --front 6,7 --top 3 --beam 10
  python -m optimal.search --boards 2 --sample 100 --seed 1      # Dordle, proven optimum (100 answers)
  python -m optimal.search --boards 2 --beam 1 --top 1 --budget 600   # Dordle bounds, all answers
  python -m optimal.search --weights freq --top 20       # least expected guesses, likely words weigh more
  python -m optimal.search --weights my-priors.txt --first salet   # lines 'word weight'
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
    rank: str = "bound"
    budget: float = 60.0
    front: tuple[int, ...] = ()  # --front: the guess limits of the front (empty: no front)
    tie_break: str = "none"  # "worst": among trees of least total, the shortest longest game
    boards: int = 1
    sample: int | None = None
    seed: int = 1
    out: str | None = None  # --out: the results root (None: runs/, one folder per question)
    write: bool = True
    quiet: bool = False
    restart: bool = False
    argv: tuple[str, ...] | None = None  # the command line, for provenance (None: sys.argv)
    certificate: str | None = None  # where to write a proof certificate of the lower bounds
    below: int | None = None  # --below: search only for totals below this (1 + a known tree's total)
    hunt: bool = False  # --hunt: look for a tree within the limit instead of proving the verdict

    @property
    def kind(self) -> str:
        """'dordle' (--boards 2), 'state' (--from), 'worst' (--objective worst), 'hunt' (with
        --hunt), 'exact' (--rank exact), 'front' (--front) or 'first' (first-guess search)."""
        if self.boards == 2:
            return "dordle"
        if self.history is not None:
            return "state"
        if self.front:
            return "front"
        if self.objective == "worst":
            return "hunt" if self.hunt else "worst"
        return "exact" if self.rank == "exact" else "first"

    @property
    def question(self) -> str:
        """The question, as the end of the default folder's name ('-top1000', '-first-salet',
        '-first-salet-tie-worst', '-d4,5,6-top100', ...): why: without --out each question gets
        its own folder, so no run overwrites another question's files. Only what changes the
        answer is named (not --jobs, --cache-mb or --budget, which a resumed run may change)."""
        parts = ["d" + ",".join(map(str, self.front))] if self.front else []
        parts.append(self._words())
        if self.boards == 2 and self.setting.beam:
            parts.append(f"beam{self.setting.beam}")
        for asked, text in ((self.prove, "prove"), (self.hunt, "hunt"),
                            (self.tie_break == "worst", "tie-worst"),
                            (self.below is not None, f"below{self.below}"),
                            (self.shortfall, f"shortfall{self.shortfall}")):
            if asked:
                parts.append(text)
        return "".join("-" + part for part in parts)

    def _words(self) -> str:
        """Which first words: 'all', 'first-salet+crane' (a long list by its count and digest),
        or 'topN' with the default N of the kind of run."""
        if self.every:
            return "all"
        if self.first:
            text = "+".join(self.first)
            if len(text) > 60:
                text = f"{len(self.first)}words-{hashlib.sha256(text.encode()).hexdigest()[:10]}"
            return f"first-{text}"
        default = DORDLE_TOP if self.boards == 2 else DEFAULT_FRONT_TOP if self.front else DEFAULT_TOP
        return f"top{self.top or default}"

    @property
    def checkpointed(self) -> bool:
        """Long runs (--all, and every --rank exact run) keep a checkpoint in the results folder,
        to resume from (not when they write a certificate, which must hold the proof of every
        word)."""
        return (self.every or self.rank == "exact") and self.write and not self.certificate


def build_parser() -> Parser:
    """The argument parser of `python -m optimal.search`: the game options, then one group each for
    Dordle, which first guesses, the search and the output (in that order, which `--help` shows)."""
    parser = Parser(prog="python -m optimal.search", description=DESCRIPTION, epilog=EXAMPLES)
    add_game_arguments(parser, default_depth=None)
    add_weights_argument(parser)
    for action in parser._actions:
        if action.dest == "max_depth":
            action.help = "most guesses allowed (default 6; with --boards 2, 7 as in Dordle)"
    _add_dordle_arguments(parser)
    _add_which_arguments(parser)
    _add_search_arguments(parser)
    _add_output_arguments(parser)
    return parser


def _add_dordle_arguments(parser: Parser) -> None:
    """The "Dordle (two boards)" group: --boards, --sample, --seed."""
    dordle = parser.add_argument_group("Dordle (two boards)")
    dordle.add_argument("--boards", type=int, choices=[1, 2], default=1,
                        help="2: Dordle, every guess played on two boards, the game won when both "
                             "answers are found; the total is over the ordered pairs of different "
                             "answers. Upper bound: the trees of --first words or the --top N "
                             f"(default {DORDLE_TOP}), exact or --beam; proven lower bound: raised "
                             "over every first word for --budget seconds (default "
                             f"{DORDLE_BUDGET:g}), resumable; proven optimal when they meet. "
                             "--all: every useful first word's exact value, saved one by one, "
                             "their least the proven optimum")
    dordle.add_argument("--sample", type=positive_int, metavar="N",
                        help="with --boards 2: play on N answers drawn from the answer list "
                             "(seeded by --seed), with every allowed guess")
    dordle.add_argument("--seed", type=non_negative_int, default=None, metavar="S",
                        help="the seed of --sample (default 1)")


def _add_which_arguments(parser: Parser) -> None:
    """The "which first guesses" group, one of: --first, --top, --all, --from (a mid-game state)."""
    which = parser.add_argument_group("which first guesses")
    pick = which.add_mutually_exclusive_group()
    pick.add_argument("--first", type=word_list, metavar="WORD[,WORD...]",
                      help="evaluate these first guesses")
    pick.add_argument("--top", type=positive_int, metavar="N",
                      help=f"the N most promising first guesses by the search's ordering score "
                           f"(default {DEFAULT_TOP})")
    pick.add_argument("--all", action="store_true",
                      help="every useful first guess (long; resumable from a checkpoint in --out)")
    pick.add_argument("--from", dest="history", metavar="HISTORY",
                      help="solve a mid-game state, e.g. salet.BBYBB or salet.BBYBB.clint.BYYBB: "
                           "best next guess and its optimal total. Steps and their parts are "
                           "separated by ',', ';', '=', spaces, or a '.' after a word or a whole "
                           "reply; a reply always has one mark per letter, so '.' inside it is a "
                           "miss (salet.B.Y..)")


def _add_search_arguments(parser: Parser) -> None:
    """The "search" group: the question (objective, rank, front, tie-break, bounds and budget) and
    how it runs (beam, workers, backend, memo size)."""
    search = parser.add_argument_group("search")
    search.add_argument("--objective", choices=["total", "worst"], default="total",
                        help="total: least total guesses (default); worst: can every answer be "
                             "found within --max-depth guesses?")
    search.add_argument("--shortfall", type=non_negative_int, default=0, metavar="N",
                        help="with --objective worst --max-depth 4: for each of the first N words "
                             "searched that fails, the fewest answers that must take longer (its "
                             "branches have 3 guesses left); with --first or --top, not --all")
    search.add_argument("--hunt", action="store_true",
                        help="with --objective worst --first W[,W...]: look for a tree within "
                             "--max-depth depth first, for games too large to prove either way "
                             "(a tree found is replayed on every answer and written; none found "
                             "proves nothing, exit 1)")
    search.add_argument("--rank", choices=["bound", "exact"], default="bound",
                        help="bound: prove the best word, the others only not better (default); "
                             "exact: the exact optimum of every word evaluated, each within "
                             "--budget seconds (else its proven lower bound and a beam's upper "
                             "bound); resumable with --all")
    search.add_argument("--budget", type=seconds_or_none, default=None, metavar="SECONDS",
                        help="with --rank exact: time per word before it is left at its bounds "
                             "(default 60; a rerun with a larger budget takes those words up "
                             "again); with --front --beam --prove: the exact search's time; "
                             "with --boards 2: time spent raising the proven lower bound "
                             f"(default {DORDLE_BUDGET:g}; 0: none)")
    search.add_argument("--below", type=positive_int, default=None, metavar="N",
                        help="exact first-guess search only for totals below N (1 + the total of "
                             "a tree you have, e.g. from another run): every word is cut off at N "
                             "from the start instead of at a beam probe's total. Every word's "
                             "result is still proven; if none is below N the run says so (exit 1)")
    search.add_argument("--front", nargs="?", const="", default=None, metavar="D[,D...]",
                        help="the guess-limit front: for each limit D (default 4,5,6, and 7 in "
                             "hard mode) the least total over the chosen first words (--top, "
                             f"default {DEFAULT_FRONT_TOP}) with every answer found within D, or a "
                             "proof over every first word that none exists; a table, a plot and "
                             "the trees in --out/front-style folders")
    search.add_argument("--tie-break", choices=["none", "worst"], default="none",
                        help="worst: among the trees of least total, the one whose longest game is "
                             "shortest, then with the fewest answers at that depth (exact; both "
                             "trees' histograms are reported)")
    search.add_argument("--beam", type=bounded_int(0, MAX_BEAM), default=0, metavar="K",
                        help="consider only the K most promising guesses at each node: fast, gives "
                             "upper bounds (default: all guesses, exact)")
    search.add_argument("--prove", action="store_true",
                        help="with --beam: then prove the best word's value by exact search "
                             "(with --front: within --budget seconds per limit, else its proven "
                             "lower bound)")
    search.add_argument("--jobs", type=workers, default=os.cpu_count() or 1, metavar="N",
                        help="parallel workers (default: all cores; more than the cores available "
                             "are capped); over first words, or over the branches of a single "
                             "first word. Workers start only when the work is big enough to pay "
                             "for them; each costs about 240 MB besides its share of --cache-mb. "
                             "With --backend dask, any N > 1 uses every worker thread of the "
                             "cluster (1: this process only)")
    search.add_argument("--backend", default="loky", choices=BACKENDS,
                        help="joblib backend: loky (worker processes, default), threading, or "
                             "dask (needs --scheduler and the 'dask' extra)")
    search.add_argument("--scheduler", metavar="ADDRESS",
                        help="with --backend dask: the Dask scheduler's address, e.g. "
                             "tcp://127.0.0.1:8786, or tls://host:8786 with Dask's TLS settings "
                             "(DASK_DISTRIBUTED__COMM__TLS__...; README)")
    search.add_argument("--cache-mb", type=memory_mb, default=1024, metavar="MB",
                        help="memory for the memos of solved subproblems, in all: split evenly "
                             "between this process and each worker (default 1024)")


def _add_output_arguments(parser: Parser) -> None:
    """The "output" group: results folder, --no-write, --quiet, --restart, --certificate."""
    out = parser.add_argument_group("output")
    out.add_argument("--out", metavar="DIR",
                     help="results root: the run writes DIR/<lists>-<mode>-d<limit>[-kind]/, the "
                          "layout of the committed results/ (default: runs/<that name>-<the "
                          "question>/ under the current folder, or under $OPTIMAL_RUNS)")
    out.add_argument("--no-write", action="store_true", help="print only; write no files")
    out.add_argument("--quiet", action="store_true", help="no progress bars, no memory estimate")
    out.add_argument("--restart", action="store_true",
                     help="with --all, --rank exact or --boards 2: set the checkpoint in --out aside (renamed, never deleted) "
                          "and start afresh")
    out.add_argument("--certificate", metavar="FILE",
                     help="also write a proof certificate of every lower bound the search proves "
                          "(check it with python -m optimal.check FILE [TREE]); exact search only; "
                          "an --all run then starts afresh instead of from its checkpoint")


def seconds_or_none(text: str) -> float:
    """argparse type for --budget: a positive time in seconds, or 0 (Dordle: no lower-bound
    search; refused for --rank exact in request_from_args)."""
    try:
        if float(text.strip()) == 0:
            return 0.0
    except ValueError:
        pass
    return seconds(text)


def request_from_args(args: argparse.Namespace, argv: list[str] | None) -> SearchRequest:
    """The request a parsed command line describes; BadInput for options that do not fit. Nothing
    here reads a file or starts work."""
    check_combinations(args)  # every rule about options that go together: capabilities.TABLE
    if args.objective == "worst" and args.max_depth is not None and args.max_depth < 2:
        raise BadInput("--max-depth must be at least 2 for --objective worst")
    if args.backend == "dask":
        check_scheduler(args.scheduler)
    budget = args.budget if args.budget is not None else (
        DORDLE_BUDGET if args.boards == 2 else 60.0)
    if args.max_depth is None:
        args.max_depth = 7 if args.boards == 2 else 6
    front = front_limits(args)
    first = args.first or ()
    top = args.top if args.top is not None or not front or first or args.all else DEFAULT_FRONT_TOP
    game = GameOptions.from_args(args)
    jobs = args.jobs if args.backend == "dask" else capped_workers(args.jobs)  # a cluster has its own cores
    setting = SearchSetting(args.beam, args.cache_mb, jobs, args.backend)
    seed = 1 if args.seed is None else args.seed  # None until here: --seed without --sample refused
    return SearchRequest(game, setting, first, top, args.all, args.history,
                         args.objective, args.shortfall, args.prove, args.scheduler, args.rank,
                         budget, front, args.tie_break, args.boards, args.sample, seed,
                         args.out, not args.no_write, args.quiet, args.restart,
                         tuple(argv) if argv is not None else None, args.certificate, args.below,
                         args.hunt)


def front_limits(args: argparse.Namespace) -> tuple[int, ...]:
    """The guess limits of --front, in increasing order (empty without --front)."""
    if args.front is None:
        return ()
    if not args.front.strip():
        return FRONT_LIMITS["hard" if args.hard or args.ultra else "normal"]
    try:
        limits = sorted({int(part) for part in args.front.split(",") if part.strip()})
    except ValueError:
        raise BadInput(f"--front {args.front!r}: expected guess limits like 4,5,6") from None
    if not limits or limits[0] < 2:
        raise BadInput(f"--front {args.front!r}: guess limits must be at least 2")
    if limits[-1] > 32:
        raise BadInput(f"--front {args.front!r}: guess limits above 32 are not supported")
    return tuple(limits)
