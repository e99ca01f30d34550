"""`python -m optimal.review`: the exact review of a played Wordle game, turn by turn.

For each guess: the answers still possible, the expected number of guesses optimal play still
needed there, the expected number after the guess played (optimal from then on), the difference
(the guess's skill cost, in guesses), the best guess(es), and the luck of the reply: the expected
guesses left over the replies the guess could have got, against those left after the reply it
got. Then the sums: guesses lost to optimal play, luck, and what optimal play expected from the
first guess on. Every figure is proven (the first guess from the committed exact first-word
tables, every later state by exact search) or, when the search does not finish within --budget,
shown as a range of proven bounds.

Give the game as a history of guesses and replies (the same syntax as `optimal.search --from`),
as the guesses and the answer (the replies are computed), or as the guesses and the pasted share
grid (the emoji rows). Lists default to the original 2,315 answers; today's newspaper draws from
more (`--lists nyt-extended`, 3,158), and a game that leaves no candidate in the chosen list says
which bundled list it fits.
"""

from __future__ import annotations


from optimal.cli.args import (Parser, add_game_arguments, add_weights_argument, game_from_args,
                              played_words, seconds)
from optimal.cli.progress import KernelProgress
from optimal.cli.run import run_cli
from optimal.play.review import REVIEW_BUDGET, ReviewSearch, played_game, review_game
from optimal.review.render import review_lines

EXAMPLES = """\
examples:
  python -m optimal.review --answer cigar --history soare=BBYYB,radar=BBBGG,cigar=GGGGG
  python -m optimal.review --answer cigar --words soare,radar,cigar     # replies computed
  python -m optimal.review --history salet=BBYBB,clint=BYYBB             # answer unknown
  python -m optimal.review --words soare,radar,cigar --grid "Wordle 1 3/6
  ⬛⬛🟨🟨⬛
  ⬛⬛⬛🟩🟩
  🟩🟩🟩🟩🟩"                                                             # the share text pasted
  python -m optimal.review --lists nyt-extended --hard --history ...
"""


def build_parser() -> Parser:
    """The command line: the game options every command has, and the played game."""
    parser = Parser(prog="python -m optimal.review", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser)
    add_weights_argument(parser)
    game = parser.add_argument_group("the played game")
    game.add_argument("--history", metavar="STEPS",
                      help="guesses and replies, e.g. soare=BBYYB,radar=BBBGG (as --from)")
    game.add_argument("--words", type=played_words, metavar="WORD[,WORD...]",
                      help="the guesses alone, with --answer or --grid")
    game.add_argument("--grid", metavar="TEXT",
                      help="the share text (rows of coloured squares), beside --words")
    game.add_argument("--answer", metavar="WORD",
                      help="the answer: replies are computed from it (or checked against it)")
    parser.add_argument("--budget", type=seconds, default=REVIEW_BUDGET, metavar="S",
                        help=f"seconds of exact search in all (default {REVIEW_BUDGET:g}); "
                             "figures not found by then are shown as proven bounds (computing "
                             "those, and loading the kernels, takes a few seconds more)")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Parse, check the game, review it and print the table (exit 2 on bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)

    def body() -> int:
        game = game_from_args(args, default_lists="original")
        steps = played_game(game, args.history, args.words, args.grid, args.answer)
        search = ReviewSearch()
        # a review may search for its whole budget: a sign of life after 2 s (10 s out of a terminal)
        desc = f"review: searching (budget {args.budget:g} s, then bounds); exact searches finished"
        with KernelProgress(desc, lambda: search.finished, quiet=False, unit="search", delay=2.0):
            review = review_game(game, steps, args.answer and args.answer.strip().lower(),
                                 search, args.budget)
        for line in review_lines(review, game.mode_name.removesuffix(" mode"), game.weights is not None,
                                 game.max_guesses, game.rule.name):
            print(line)
        if game.weights is not None:  # the figures are expectations under the quantized weights
            print(game.weights.precision(game.max_guesses))
        return 0

    return run_cli(body, parser.prog)
