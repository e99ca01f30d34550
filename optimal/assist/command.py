"""`python -m optimal.assist`: help a human play Wordle, Dordle/Quordle/Octordle/Sedecordle or Absurdle.

Type each guess and the colours the game showed. The assistant keeps the answers that still fit and
suggests a next guess by several strategies, so a player can see how they differ: the most
information (entropy), the smallest worst case (largest group), the smallest expected group, a
random word that could still be the answer, and the proven optimum (least total guesses) when the
candidates are few enough to search exactly (with more, whether every answer can still be found
within the guesses left, shown by a greedy tree that does it when one does). Spoilers are hidden: only counts are shown unless you
type `list` or pass --show.

With two boards (Dordle) the suggestion is the Dordle engine's least-total next guess over the
pairs of answers still possible, said to be proven when its exact search finishes within two
seconds (else the best a narrow beam found), once the state is small enough to search at a
prompt. With more boards, or a two-board state too big, the same guess is scored on every
unsolved board: the suggestion is the guess with the most information summed over them, plus a
bonus for a chance to solve one (`python -m optimal.boards` measures it), except that a board
whose answer is already certain is finished first. With --absurdle the assistant plays the adversary itself; with --puzzle it invents a
half-played game to practise on. With --weights (one board) the greedy strategies weigh the
answers and the optimum is the least expected number of guesses under the weights.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TextIO

from optimal.cli.args import (Parser, add_game_arguments, add_weights_argument, bounded_int,
                              different_words, game_from_args, non_negative_int)
from optimal.cli.run import run_cli
from optimal.errors import BadInput, OptimalError, quoted
from optimal.game import split_history
from optimal.play.assistant import (NO_WEIGHTS_IN_ABSURDLE, NO_WEIGHTS_ON_BOARDS, OPTIMAL_MAX,
                                    Assistant)

INPUT_HELP = """\
input, one step per line:
  salet BBYBB          the guess, then its colours (also salet=BBYBB; G/Y/B, 2/1/0, '.' or '-'
                       for grey, lower case, or the coloured squares)
  salet BBYBB GYBBB    several boards: one reply per unsolved board, in board order; a board
                       already solved takes no reply
  salet                --absurdle, --puzzle or --answer: the assistant replies itself
commands: list (show the remaining answers: spoilers), undo (take back the last step), hint (a
  puzzle's suggestions, hidden until asked), help, quit
"""

EXAMPLES = INPUT_HELP + """
examples:
  python -m optimal.assist                                   # interactive: type steps, then quit
  python -m optimal.assist --history salet=BBYBB,clint=BYYBB   # suggestions for a game so far
  python -m optimal.assist --history salet=BBYBB,clint=BYYBB --show   # ... and the answers left
  python -m optimal.assist --history salet=BBYBB --hard      # hard-mode-legal suggestions only
  python -m optimal.assist --boards 2 --history "salet=BBYBB/GYBBB"   # Dordle: one reply per board
  python -m optimal.assist --boards 4                         # Quordle, interactive
  python -m optimal.assist --absurdle --history salet,crony  # Absurdle replies itself
  python -m optimal.assist --puzzle --seed 7                 # practise on a random half-played game
  python -m optimal.assist --puzzle --seed 7 --history crony # ... and play CRONY in it
  python -m optimal.assist --lists nyt --history crane=BYBBB
  python -m optimal.assist --weights freq --history salet=BBYBB   # likely answers weigh more
"""


def _prompted(lines: Iterable[str], out: TextIO, prompt: str) -> Iterator[str]:
    """The input lines, writing the prompt before each read (for a terminal)."""
    source = iter(lines)
    while True:
        if prompt:
            out.write(prompt)
            out.flush()
        try:
            yield next(source)
        except StopIteration:
            return


def _write(out: TextIO, lines: list[str]) -> None:
    for line in lines:
        out.write(line + "\n")
    out.flush()


COMMANDS = ("list", "undo", "hint", "help", "quit")


def handle(assistant: Assistant, line: str) -> list[str]:
    """One input line: a command or a step. Raises BadInput on a wrong step."""
    command = line.strip().lower()
    if command == "list":
        return assistant.candidate_lines()
    if command in ("help", "?"):
        return INPUT_HELP.rstrip().splitlines()
    if command == "undo":
        return assistant.undo() + assistant.report()
    if command == "hint":
        return assistant.report(hints=True)
    try:
        return play_steps(assistant, line) + assistant.report()
    except BadInput:
        close = difflib.get_close_matches(command, COMMANDS, n=1, cutoff=0.6)
        typo = " " not in command and command not in assistant.game.guess_index
        if close and typo:  # 'lsit': a command mistyped ('audit' is a word without its colours)
            raise BadInput(f"{quoted(command)} is no command and no step: did you mean "
                           f"{close[0]}?") from None
        raise


def play_steps(assistant: Assistant, line: str) -> list[str]:
    """The steps of a typed line, in the one history syntax of every tool (`split_history`:
    'salet BBYBB', 'salet.B.Y..', 'salet⬛⬛🟨⬛⬛', several steps at once), all or none: a wrong
    step takes back the ones before it on the line, so the line can be typed again whole."""
    steps = split_history(line, assistant.game)
    if not steps:
        raise BadInput("empty step: type a guess and its colours, like salet BBYBB")
    lines: list[str] = []
    played = 0
    try:
        for word, replies in steps:
            lines += assistant.play(word, replies)
            played += 1
    except OptimalError:
        for _ in range(played):
            assistant.undo()
        raise
    return lines


GAME_OVER = "the game is over: undo takes back the last step (a mistyped reply?), quit leaves"


def example_step(assistant: Assistant) -> str:
    """A step as this game types it: a word of its length and one reply per board ('salet BBYBB',
    'salet BBYBB BBBYB' for two boards)."""
    game = assistant.game
    word = "salet" if "salet" in game.guess_index else game.guesses.words[0]
    replies = ["B" * k + "Y" + "B" * (game.length - k - 1)
               for k in ((2 + b) % game.length for b in range(len(assistant.boards)))]
    return " ".join([word, *replies])


def run_loop(assistant: Assistant, lines: Iterable[str], out: TextIO, prompt: str = "") -> int:
    """The interactive game: read lines until EOF or `quit` (or the end of a game the assistant
    replies to itself). A wrong line is reported on `out` and the game goes on, so any stream (a
    terminal, a test's StringIO) drives it. Why the loop outlives a game whose colours the player
    typed: a mistyped GGGGG or a last reply typed wrong ends the game, and undo must still reach
    it."""
    _write(out, assistant.start() + assistant.report())
    if assistant.over:
        return 0
    step = ("a guess (the assistant replies)" if assistant.replies_itself
            else f"a guess and its colours (e.g. {example_step(assistant)})")
    hint = ", hint" if assistant.puzzle else ""
    _write(out, [f"type {step}, list, undo{hint}, help or quit"])
    try:
        for line in _prompted(lines, out, prompt):
            if not line.strip():
                continue
            if line.strip().lower() in ("quit", "exit", "q"):
                break
            try:
                _write(out, handle(assistant, line))
            except OptimalError as error:
                _write(out, [f"error: {error}"])
                continue
            if assistant.over:
                if assistant.replies_itself:
                    break
                _write(out, [GAME_OVER])
    except KeyboardInterrupt:
        out.write("\n")
        return 130
    return 0


def run_history(assistant: Assistant, text: str, out: TextIO) -> int:
    """Non-interactive: apply a whole history, print the state and the suggestions, exit. A wrong
    step raises BadInput (one stderr line, exit 2, via run_cli)."""
    lines = assistant.start()
    for number, (word, replies) in enumerate(split_history(text, assistant.game), start=1):
        _at_step(number, assistant.game.guess_id, word)
        # a mistyped next word, taken for this step's reply: said at the next step
        _at_step(number + 1, assistant.no_word_as_reply, replies)
        lines += _at_step(number, assistant.play, word, replies)
    _write(out, lines + assistant.report())
    return 0


def _at_step(number: int, call: Callable, *args):
    """`call(*args)`, its BadInput said at step `number` of the history."""
    try:
        return call(*args)
    except BadInput as error:
        raise BadInput(f"step {number}: {error}") from None


def build_parser() -> Parser:
    """The argument parser of `python -m optimal.assist`: the game options and the play group
    (history, boards, Absurdle, puzzle, answers, seed, spoilers, exact-search size). `--history
    ''` is allowed: no step yet."""
    parser = Parser(prog="python -m optimal.assist", description=__doc__, epilog=EXAMPLES,
                    empty_ok=("history",))  # --history '': no step yet, the opening suggestions
    add_game_arguments(parser, default_depth=None, rules=False)  # Wordle replies only
    for action in parser._actions:
        if action.dest == "max_depth":
            action.help = "most guesses allowed (default: 6 for one board, boards + 5 for several)"
    add_weights_argument(parser)
    play = parser.add_argument_group("play")
    play.add_argument("--history", metavar="STEPS",
                      help="non-interactive: the steps so far, e.g. salet=BBYBB,clint=BYYBB "
                           "(several boards: salet=BBYBB/GYBBB; '' for none yet); prints the state "
                           "and suggestions")
    play.add_argument("--boards", type=bounded_int(1, 64), default=1, metavar="N",
                      help="boards played at once: 2 Dordle, 4 Quordle, 8 Octordle, 16 Sedecordle")
    play.add_argument("--absurdle", action="store_true",
                      help="Absurdle: type only guesses; the assistant replies as Absurdle")
    play.add_argument("--puzzle", action="store_true",
                      help="practise: a random answer and 2 or 3 random guesses already played")
    play.add_argument("--answer", type=different_words, metavar="WORD[,WORD...]",
                      help="the secret answer (one per board): the assistant replies itself")
    play.add_argument("--seed", type=int, metavar="N",
                      help="seed for the puzzle and the random-word suggestion (repeatable runs)")
    play.add_argument("--show", action="store_true",
                      help="spoilers: print the remaining answers after every step")
    play.add_argument("--optimal-max", type=non_negative_int, default=None, metavar="N",
                      help=f"one board: run the exact search only up to N candidates (default "
                           f"{OPTIMAL_MAX})")
    return parser


def assistant_from_args(args) -> Assistant:
    """The Assistant the options describe (the guess limit defaults to boards + 5)."""
    refuse_ignored(args)
    if args.max_depth is None:
        args.max_depth = args.boards + 5 if args.boards > 1 else 6
    if args.absurdle and args.weights is not None:  # before the weights file is read
        raise BadInput(NO_WEIGHTS_IN_ABSURDLE)
    if args.boards > 1 and args.weights is not None:  # as Assistant checks, before the file is read
        raise BadInput(NO_WEIGHTS_ON_BOARDS)
    game = game_from_args(args, default_lists="original")
    secrets = list(args.answer) if args.answer else None
    optimal_max = OPTIMAL_MAX if args.optimal_max is None else args.optimal_max
    return Assistant(game, args.boards, args.absurdle, secrets, args.puzzle, args.seed,
                     optimal_max, args.show)


def refuse_ignored(args) -> None:
    """One line for an option the game asked for would silently ignore: Absurdle has no guess
    limit, and the exact search's size (--optimal-max) is one board's (several boards have their
    own engine, Absurdle its own rule)."""
    if args.absurdle and args.max_depth is not None:
        raise BadInput("--max-depth: Absurdle has no guess limit (it ends when the answer is "
                       "found): leave it out")
    if args.optimal_max is not None and (args.boards > 1 or args.absurdle):
        what = "--absurdle" if args.absurdle else f"--boards {args.boards}"
        raise BadInput(f"--optimal-max sizes the one-board exact search, which {what} does not "
                       "use: leave it out")


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.assist` on `argv` and return the exit code: a whole `--history` at
    once, or the interactive game on stdin (prompting only at a terminal)."""
    parser = build_parser()
    args = parser.parse_args(argv)

    def body() -> int:
        assistant = assistant_from_args(args)
        if args.history is not None:
            return run_history(assistant, args.history, sys.stdout)
        if sys.stdin is None or sys.stdin.closed:
            raise BadInput("standard input is closed: type steps at a terminal, pipe them in, or "
                           "give them with --history")
        return run_loop(assistant, sys.stdin, sys.stdout, "> " if sys.stdin.isatty() else "")

    return run_cli(body, parser.prog, writes=False)

