"""`python -m optimal.antiwordle`: Antiwordle, where every guess must fit every reply so far and
the player wants to avoid the answer for as long as possible.

Reports Norvig's greedy strategy (minimize the entropy of the split: keep branches big) and what
the search engine finds with a beam of K candidates per node, for the mean (most total guesses) and
for the longest game. The engine's trees are real trees, so their figures are lower bounds on the
best possible; with `--beams 0` on a small list the search is exhaustive and exact.
"""

from __future__ import annotations

import sys

import numpy as np

from greedy import greedy_tree
from lookahead import LONGEST, TOTAL, AntiSearch
from optimal.cli.progress import Stopwatch
from optimal.adversaries import check_antiwordle
from optimal.cli.args import Parser, add_game_arguments, game_from_args, widths
from optimal.cli.run import run_cli
from optimal.errors import BadInput
from optimal.game import Game
from optimal.report import report_line, summarize
from optimal.tree import Node, check

EXAMPLES = """examples:
  python -m optimal.antiwordle                    # Norvig's 2,309 words: greedy and beams 1..3
  python -m optimal.antiwordle --beams 1,2,3,5
  python -m optimal.antiwordle --answers small.txt --beams 0   # exact on a small list
"""


def measure(tree: Node, game: Game) -> np.ndarray:
    """Guesses per answer of `tree`, checked as a valid tree and against Antiwordle's rule. The
    guess limit is lifted (one more than the answers), since in Antiwordle more guesses is the
    aim."""
    relaxed = game.with_limits(max_guesses=len(game.answers) + 1)
    counts = check(tree, relaxed)
    check_antiwordle(tree, relaxed)
    return counts


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.antiwordle` on `argv` and return the exit code: a table of Norvig's
    greedy tree against the engine's, by total and by longest game, for each beam width."""
    parser = Parser(prog="python -m optimal.antiwordle", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser, depth_flag=None)  # more guesses is the aim: no limit to set
    parser.add_argument("--beams", type=widths(0), default=[1, 2, 3], metavar="K,K,...",
                        help="beam widths for the engine (0 = every candidate: exact, small lists)")
    args = parser.parse_args(argv)

    def body() -> int:
        if args.hard or args.ultra:
            flag = "--ultra" if args.ultra else "--hard"
            raise BadInput(f"Antiwordle's rule is its own strict mode: drop {flag}")
        beams = args.beams
        if not args.lists and not args.answers:
            args.lists = "norvig"
        game = game_from_args(args).with_limits(max_guesses=64)
        rows = []
        clock = Stopwatch()
        tree = greedy_tree(game, "entropy", "targets")
        rows.append(("greedy: least entropy (Norvig)", tree, measure(tree, game),
                     clock.seconds))
        for objective, label in ((TOTAL, "most guesses in all"), (LONGEST, "longest game")):
            for beam in beams:
                clock = Stopwatch()
                search = AntiSearch(game, beam, objective)
                tree = search.tree()
                kind = "exact" if beam == 0 else f"beam {beam}"
                rows.append((f"engine, {label}, {kind}", tree, measure(tree, game),
                             clock.seconds))
        print(f"Antiwordle over {len(game.answers):,} answers ({game.answers.name}): guesses must fit "
              "every reply; more guesses is better. Engine rows with a beam are lower bounds on the "
              "best possible (real trees).\n")
        print("| strategy | first guess | mean | longest game | total | time |")
        print("|---|---|---:|---:|---:|---:|")
        for name, tree, counts, seconds in rows:
            s = summarize(counts)
            print(f"| {name} | {tree.guess.upper()} | {s.mean:.4f} | {s.worst} | {s.total:,} | "
                  f"{seconds:.2f} s |")
        print()
        for name, tree, counts, _ in rows:
            print(f"{name}: {report_line(counts)}")
        return 0

    return run_cli(body, parser.prog, writes=False)


if __name__ == "__main__":
    sys.exit(main())
