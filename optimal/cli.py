"""What every command-line driver shares: one-line errors, exit codes, the game options.

Why one place: the rule "bad input gets one clear line on stderr and exit 2, never a traceback" must
hold for every command, so the mapping from library errors to exit codes is written once.
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Callable

from optimal.errors import OptimalError
from optimal.feedback import GAMES
from optimal.game import Game
from optimal.words import LIST_PAIRS


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit 2), like every other bad input."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)

    def error(self, message: str):  # noqa: D102 (argparse's hook)
        sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(2)


def positive_int(text: str) -> int:
    """argparse type for counts that must be at least 1 (a bad value is one line, exit 2)."""
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def non_negative_int(text: str) -> int:
    """argparse type for seeds and other values that must be at least 0."""
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be at least 0, not {value}")
    return value


def widths(minimum: int) -> Callable[[str], list[int]]:
    """argparse type for a comma-separated list of beam widths, each at least `minimum`."""
    def parse(text: str) -> list[int]:
        try:
            values = [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: expected numbers like 1,5,20") from None
        if not values or min(values) < minimum:
            raise argparse.ArgumentTypeError(f"{text!r}: widths must be at least {minimum}")
        return values
    return parse


def _one_line_warning(message, category, filename, lineno, file=None, line=None):
    sys.stderr.write(f"warning: {message}\n")


def run_cli(body: Callable[[], int], prog: str) -> int:
    """Run a command body, turning library errors into one stderr line and their exit code."""
    warnings.showwarning = _one_line_warning
    try:
        return body()
    except OptimalError as error:
        sys.stderr.write(f"{prog}: error: {error}\n")
        return error.exit_code
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: interrupted; files already written are complete\n")
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # an unreadable input or unwritable --out: the user's to fix
        where = f"{error.filename}: " if error.filename else ""
        sys.stderr.write(f"{prog}: error: {where}{error.strerror or error}\n")
        return 2


def add_game_arguments(parser: argparse.ArgumentParser, depth_flag: str = "--max-depth",
                       default_depth: int | None = 6) -> None:
    """--lists/--answers/--guesses, --hard and the guess limit."""
    group = parser.add_argument_group("game")
    group.add_argument("--game", choices=GAMES, default="wordle",
                       help="wordle (default), or jotto: the reply is the number of letters in "
                            "common; the list is the answers with five different letters, one "
                            "per anagram class (1,391 of the 2,309 NYT answers)")
    group.add_argument("--lists", choices=sorted(LIST_PAIRS), default=None,
                       help="named answer/guess lists (default: original = 2,315 answers, 12,972 "
                            "guesses; nyt = 2,309/14,855; nyt-original = 2,309/12,972; "
                            "norvig = the 2,309 answers as both)")
    group.add_argument("--answers", metavar="FILE|NAME", help="answer list: a file, or a bundled "
                       "list (answers-2315, guesses-12972, nyt-answers, nyt-guesses)")
    group.add_argument("--guesses", metavar="FILE|NAME", help="allowed guesses: a file or a bundled list")
    group.add_argument("--hard", action="store_true", help="hard mode (NYT rule)")
    group.add_argument(depth_flag, dest="max_depth", type=int, default=default_depth, metavar="N",
                       help=f"most guesses allowed (default {default_depth})")


def game_from_args(args: argparse.Namespace, default_lists: str | None = None) -> Game:
    """The Game the game options describe."""
    mode = "hard" if args.hard else "normal"
    limit = args.max_depth if args.max_depth is not None else 6
    if getattr(args, "game", "wordle") == "jotto":
        return jotto_game(args, mode, limit)
    lists = args.lists or (None if (args.answers or args.guesses) else default_lists)
    return Game.from_lists(lists, args.answers, args.guesses, mode, limit)


def jotto_game(args: argparse.Namespace, mode: str, limit: int) -> Game:
    """Jotto on the answers' Jotto list (default: Norvig's 2,309 words -> 1,391); guesses are the
    same list unless --guesses is given."""
    from optimal.jotto import JOTTO, jotto_words
    from optimal.words import include_answers, load_lists, load_words

    answers, _ = load_lists(args.lists or ("norvig" if not args.answers else None), args.answers)
    answers = jotto_words(answers)
    guesses = include_answers(answers, load_words(args.guesses)) if args.guesses else answers
    return Game(answers, guesses, mode, limit, JOTTO)
