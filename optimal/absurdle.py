"""`python -m optimal.absurdle`: the fewest guesses that force a win against Absurdle.

Absurdle keeps, after each guess, the largest bucket of answers that fit; ties go to the reply with
the fewest greens, then the fewest yellows, then the first by its text (B < Y < G, left to right).
The search proves that no win exists within fewer guesses (every first guess checked) and shows one
that exists; `--target` asks for a win on a given word (Absurdle's challenge mode); `--count` lists
the first guesses from which a win within k guesses exists.
"""

from __future__ import annotations

import sys

from lookahead import AbsurdleSearch
from optimal.cli.progress import KernelProgress, Stopwatch
from optimal.adversaries import absurdle_replay
from optimal.cli.args import Parser, add_game_arguments, bounded_int, game_from_args, played_words
from optimal.cli.run import run_cli
from optimal.errors import BadInput, NoTree
from optimal.game import Game
from optimal.play.text import plural

DEFAULT_MOST = 6

EXAMPLES = """examples:
  python -m optimal.absurdle                         # proves no 3-guess win, finds a 4-guess win
  python -m optimal.absurdle --target crane          # challenge mode: force CRANE
  python -m optimal.absurdle --pool answers --count 4   # answer-list first guesses with a 4-guess win
  python -m optimal.absurdle --play aesir,yauld,tench,whoop   # what Absurdle replies
"""


def show(game: Game, guesses: list[str]) -> str:
    """'AESIR BBBBB (1,234 left) -> ...': Absurdle's replies to a sequence of guesses."""
    steps = absurdle_replay(game, guesses)
    return " -> ".join(f"{g.upper()} {game.reply_text(c)} ({n} left)" for g, c, n in steps)


def refuse_ignored_options(args) -> None:
    """BadInput for options the chosen question would ignore (each was accepted and did nothing:
    `--count 3 --target mercy` listed the untargeted first guesses)."""
    if args.play:
        given = [flag for flag, used in (("--target", args.target), ("--count", args.count),
                                         ("--most", args.max_depth is not None),
                                         ("--pool", args.pool)) if used]
        if given:
            raise BadInput(f"--play shows Absurdle's replies to the guesses given: leave out "
                           f"{', '.join(given)}")
    elif args.count:
        given = [flag for flag, used in (("--target", args.target),
                                         ("--most", args.max_depth is not None)) if used]
        if given:
            raise BadInput(f"--count K lists the first guesses that start a win within K guesses, "
                           f"whatever the answer: leave out {', '.join(given)}")


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.absurdle` on `argv` and return the exit code: the shortest win (or a
    win on `--target`) found by raising the guess count from 2, the first guesses that win within
    `--count`, or Absurdle's replies to `--play`."""
    parser = Parser(prog="python -m optimal.absurdle", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser, depth_flag="--most", default_depth=None,  # None when not given:
                       depth_default_help=f"default {DEFAULT_MOST}")  # --count and --play refuse it
    parser.add_argument("--target", metavar="WORD", help="challenge mode: force a win on WORD")
    parser.add_argument("--pool", choices=["all", "answers"], default=None,
                        help="guesses allowed: every allowed guess (default) or answer-list words only")
    parser.add_argument("--count", type=bounded_int(1, AbsurdleSearch.MAX_GUESSES), metavar="K",
                        help="list the first guesses from which a win within K guesses exists")
    parser.add_argument("--play", type=played_words, metavar="WORD,WORD,...",
                        help="show Absurdle's replies to these guesses (each as played, a repeat "
                             "too)")
    args = parser.parse_args(argv)

    def body() -> int:
        if args.hard or args.ultra:
            raise BadInput("Absurdle here is normal mode only: leave out --hard and --ultra")
        refuse_ignored_options(args)
        most = DEFAULT_MOST if args.max_depth is None else args.max_depth
        if most > AbsurdleSearch.MAX_GUESSES:
            raise BadInput(f"--most must be at most {AbsurdleSearch.MAX_GUESSES} (the search's "
                           "look-ahead)")
        game = game_from_args(args, default_lists="original")
        if args.play:
            print(show(game, list(args.play)))
            return 0
        if args.target:
            game.answer_id(args.target)  # BadInput naming the lists that have it
        search = AbsurdleSearch(game, args.pool or "all")
        pool = "every allowed guess" if args.pool != "answers" else "answer-list words only"
        if args.count:
            clock = Stopwatch()
            words = search.first_guesses_with_win(args.count)
            print(f"{len(words)} of {len(search.guesses):,} first guesses ({pool}) start a win within "
                  f"{plural(args.count, 'guess')}; {clock.seconds:.1f} s")
            if words:
                print(" ".join(w.upper() for w in words))
            return 0
        target = args.target.strip().lower() if args.target else None
        what = f"win on {target.upper()}" if target else "win"
        for k in range(min(2, most), most + 1):  # 1 guess only when asked: a 1-answer list
            clock = Stopwatch()
            with KernelProgress(f"{what} within {plural(k, 'guess')}", search.nodes_searched, quiet=False):
                plan = search.win(k, target)
            seconds = clock.seconds
            if plan is None:
                print(f"no {what} within {plural(k, 'guess')} ({pool}): proven, every first "
                      f"guess checked; {seconds:.1f} s")
                continue
            print(f"a {what} in {plural(len(plan), 'guess')} ({pool}), found in {seconds:.1f} s:")
            print("  " + show(game, plan))
            return 0
        raise NoTree(f"no {what} within {plural(most, 'guess')} (raise --most)")

    return run_cli(body, parser.prog, writes=False)


if __name__ == "__main__":
    sys.exit(main())
