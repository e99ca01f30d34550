"""Argument parsing every command shares: the parser whose usage errors are one line, the
argument types, and the game options (lists, rule, mode, guess limit, answer weights) with the Game
they describe.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass

from optimal.cli.progress import show_compiles
from optimal.errors import BadInput, quoted
from optimal.files import MB, cores, memory_bytes, notice
from optimal.game import Game, split_words
from optimal.rules import GAMES
from optimal.rules.jotto import JOTTO, jotto_words
from optimal.weights import load_weights
from optimal.words import BUNDLED_LISTS, LIST_PAIRS, include_answers, load_lists, load_words


#: The most guesses any game here allows: no tree needs more (tree replay stops there too), and
#: the search allocates work space per guess, so a limit of 100,000,000 must be refused, not tried.
MAX_DEPTH = 64
#: The widest beam: more guesses per node than any list has (and a numba int32 stays safe).
MAX_BEAM = 1_000_000
INT32 = 2**31 - 1


class Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (and exit 2), like every other bad input,
    and an empty value (`--first ''`) is refused rather than taken as "not given". Options named in
    `empty_ok` (dest names) may be empty on purpose (e.g. assist's `--history ''`: no step yet)."""

    def __init__(self, *args, empty_ok: tuple[str, ...] = (), **kwargs):
        kwargs.setdefault("formatter_class", argparse.RawDescriptionHelpFormatter)
        super().__init__(*args, **kwargs)
        self.empty_ok = set(empty_ok)
        tolerant_streams()

    def parse_args(self, args=None, namespace=None):  # noqa: D102 (argparse's)
        """argparse's, and then kernel compiles are reported on stderr (not with --quiet): only
        once the input is known to be good, so bad input still gets its one line."""
        parsed = super().parse_args(args, namespace)
        show_compiles(bool(getattr(parsed, "quiet", False)))
        return parsed

    def error(self, message: str):  # noqa: D102 (argparse's hook)
        """argparse's usage-error hook: one line on stderr naming the program (none when stderr is
        closed), then exit 2 (argparse would print the whole usage first)."""
        if sys.stderr is not None:  # closed (`2>&-`): the exit code still says it
            sys.stderr.write(f"{self.prog}: error: {message} (see --help)\n")
        raise SystemExit(2)

    def _get_value(self, action, arg_string):  # argparse's hook for every value it converts
        name = "/".join(action.option_strings) or action.metavar or action.dest
        if not arg_string.strip() and action.dest not in self.empty_ok:
            self.error(f"argument {name}: needs a value, not an empty string")
        if "\0" in arg_string:  # only a program calling main() can pass one; no path may hold it
            self.error(f"argument {name}: contains a NUL character")
        return super()._get_value(action, arg_string)


def tolerant_streams() -> None:
    """Let stdout and stderr replace what their encoding cannot show. Why: the help's share-grid
    squares, a weights source's '∝' and the web page's tiles are not in a Windows console's
    cp1252, and printing them raised UnicodeEncodeError (a traceback, exit 1) instead of output."""
    for stream in (sys.stdout, sys.stderr):
        if stream is not None and hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):  # closed or detached: nothing to print to anyway
                pass


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """argparse type for a whole number between `low` and `high` (a bad value is one line, exit 2)."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip())
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"must be at least {low}, not {value:,}")
        if value > high:
            raise argparse.ArgumentTypeError(f"must be at most {high:,}, not {value:,}")
        return value
    parse.__name__ = "whole number"
    return parse


positive_int = bounded_int(1, INT32)  # counts that must be at least 1
non_negative_int = bounded_int(0, INT32)  # seeds and other values that must be at least 0


def workers(text: str) -> int:
    """argparse type for --jobs: at least 1; more than the cores available is capped (with a note,
    see `capped_workers`), since a worker per task would only cost memory."""
    return positive_int(text)


def capped_workers(jobs: int) -> int:
    """`jobs`, or the number of cores when it is larger (saying so on stderr)."""
    available = cores()
    if jobs > available:
        notice(f"--jobs {jobs:,} capped at the {available} core(s) available")
        return available
    return jobs


def memory_mb(text: str) -> float:
    """argparse type for a memory size in MB: positive, finite, and within the machine's memory."""
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of MB") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive number of MB, not {text.strip()}")
    total = memory_bytes() / MB
    if value > total:
        raise argparse.ArgumentTypeError(f"{value:,.0f} MB is more than this machine's "
                                         f"{total:,.0f} MB of memory")
    return value


def seconds(text: str) -> float:
    """argparse type for a time in seconds: positive and finite (at most a year)."""
    try:
        value = float(text.strip())
    except ValueError:
        raise argparse.ArgumentTypeError(f"{quoted(text)} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= 365 * 86400:
        raise argparse.ArgumentTypeError(f"must be a positive number of seconds, at most a year, "
                                         f"not {text.strip()}")
    return value


def widths(minimum: int) -> Callable[[str], list[int]]:
    """argparse type for a comma-separated list of beam widths, each at least `minimum`; a width
    given twice is kept once (it printed the same row twice)."""
    def parse(text: str) -> list[int]:
        if re.search(r"(^|,)\s*(,|$)", text.strip()) and text.strip():  # '1,,5': a width lost
            raise argparse.ArgumentTypeError(f"{quoted(text)}: an empty place between commas")
        try:
            values = [int(part) for part in text.split(",") if part.strip()]
        except ValueError:
            raise argparse.ArgumentTypeError(f"{quoted(text)}: expected numbers like 1,5,20") from None
        if not values or min(values) < minimum:
            raise argparse.ArgumentTypeError(f"{quoted(text)}: widths must be at least {minimum}")
        if max(values) > MAX_BEAM:
            raise argparse.ArgumentTypeError(f"{quoted(text)}: widths must be at most {MAX_BEAM:,}")
        return list(dict.fromkeys(values))
    return parse


def played_words(text: str) -> tuple[str, ...]:
    """argparse type for the guesses of a game, WORD[,WORD...] (or separated by spaces): lower
    case, in order, a repeated guess kept (it was played, and costs a guess); at least one."""
    try:
        return split_words(text)  # commas or spaces
    except BadInput as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def word_list(text: str) -> tuple[str, ...]:
    """argparse type for a set of words, WORD[,WORD...] (first words to search): lower case,
    without repeats; at least one."""
    return tuple(dict.fromkeys(played_words(text)))


def different_words(text: str) -> tuple[str, ...]:
    """argparse type for the answers of several boards: different words (as in the game), so a
    repeat is refused rather than dropped."""
    words = played_words(text)
    repeated = next((w for i, w in enumerate(words) if w in words[:i]), None)
    if repeated is not None:
        raise argparse.ArgumentTypeError(f"{repeated.upper()} is named twice: the boards' answers "
                                         f"are different words")
    return words


def add_game_arguments(parser: argparse.ArgumentParser, depth_flag: str | None = "--max-depth",
                       default_depth: int | None = 6, depth_default_help: str | None = None,
                       rules: bool = True, most_depth: int = MAX_DEPTH) -> None:
    """--game (unless `rules` is False: a command for Wordle's replies only), --lists/--answers/
    --guesses, --hard or --ultra, and the guess limit (`depth_default_help`: what the help says of
    its default, where the command sets it; no limit option when `depth_flag` is None; at most
    `most_depth`, where a command plays longer games than the searches' MAX_DEPTH)."""
    group = parser.add_argument_group("game")
    if rules:
        group.add_argument("--game", choices=GAMES, default="wordle",
                           help="wordle (default), or jotto: the reply is the number of letters "
                                "in common; the list is the answers with five different letters, "
                                "one per anagram class (1,391 of the 2,309 NYT answers)")
    else:  # no option to refuse later
        parser.set_defaults(game="wordle")
    group.add_argument("--lists", choices=sorted(LIST_PAIRS), default=None,
                       help="named answer/guess lists (default: original = 2,315 answers, 12,972 "
                            "guesses; nyt = 2,309/14,855; nyt-original = 2,309/12,972; "
                            "norvig = the 2,309 answers as both; nyt-extended = the extended "
                            "3,158 answers with the 14,855 guesses; big = every one of the 12,972 "
                            "allowed words an answer; len4, len6, len7 = other word "
                            "lengths: 1,000/2,108, 2,705/4,635 and 2,577/5,495 dictionary words)")
    group.add_argument("--answers", metavar="FILE|NAME", help="answer list: a file, or a bundled "
                       f"list ({', '.join(BUNDLED_LISTS)}), or a seeded sample of one "
                       "(answers-2315-sample12-seed1: 12 of its words, seed 1); given alone (no "
                       "--guesses or --lists), its words are the guesses too")
    group.add_argument("--guesses", metavar="FILE|NAME", help="allowed guesses: a file, a bundled "
                       "list or a sample of one (guesses-12972-sample50-seed1; the answers are "
                       "added)")
    strict = group.add_mutually_exclusive_group()
    if depth_flag is None:  # a game with no guess limit (Antiwordle): no option to ignore
        parser.set_defaults(max_depth=None)
    strict.add_argument("--hard", action="store_true",
                        help="hard mode (NYT rule: greens kept in place, scored letters kept)")
    strict.add_argument("--ultra", action="store_true",
                        help="ultra-hard mode: every guess must fit every clue so far, i.e. could "
                             "be the answer (greens kept, yellows kept and moved, greys dropped)")
    if depth_flag is not None:
        shown = depth_default_help or (f"default {default_depth}" if default_depth is not None
                                       else "default: the tree file's limit, else 6")
        # every command also takes the searches' name, so one spelling works everywhere
        flags = [depth_flag] + (["--max-depth"] if depth_flag != "--max-depth" else [])
        group.add_argument(*flags, dest="max_depth", type=bounded_int(1, most_depth),
                           default=default_depth, metavar="N",
                           help=f"most guesses allowed, 1 to {most_depth} ({shown})")


def add_weights_argument(parser: argparse.ArgumentParser) -> None:
    """--weights: answer priors, for the commands whose objective can be an expectation."""
    parser.add_argument("--weights", metavar="FILE|freq",
                        help="weigh the answers: a file of 'word weight' lines (any positive "
                             "numbers, normalised), or freq for English word frequency (the 'freq' "
                             "extra; a logistic in log-frequency, see optimal/weights.py); the "
                             "objective becomes the expected number of guesses under the weights")


@dataclass(frozen=True)
class GameOptions:
    """The game options of a command line, as a value: which rule and lists, mode and limit, and
    the answer weights (a file or 'freq'; None: unweighted)."""

    rule: str = "wordle"
    lists: str | None = None
    answers: str | None = None
    guesses: str | None = None
    hard: bool = False
    max_depth: int | None = None
    weights: str | None = None
    ultra: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> "GameOptions":
        """The options of parsed arguments; BadInput for an empty `--answers`, `--guesses` or
        `--weights` (checked here, since argparse takes '' as a value). Commands without a
        `--game` or `--weights` flag get Wordle and no weights."""
        for flag in ("answers", "guesses"):
            if getattr(args, flag, None) == "":
                raise BadInput(f"--{flag} needs a value (a file or a bundled list name)")
        if getattr(args, "weights", None) is not None and not args.weights.strip():
            raise BadInput("--weights needs a value: a file of 'word weight' lines, or freq")
        return cls(getattr(args, "game", "wordle"), args.lists, args.answers, args.guesses,
                   bool(args.hard), args.max_depth, getattr(args, "weights", None),
                   bool(getattr(args, "ultra", False)))

    def build(self, default_lists: str | None = None) -> Game:
        """The Game these options describe (guess limit 6 unless given)."""
        mode = "ultra" if self.ultra else "hard" if self.hard else "normal"
        limit = self.max_depth if self.max_depth is not None else 6
        if self.rule == "jotto":
            game = self._jotto(mode, limit)
        else:
            lists = self.lists or (None if (self.answers or self.guesses) else default_lists)
            game = Game.from_lists(lists, self.answers, self.guesses, mode, limit)
        if self.weights is None:
            return game
        return game.with_weights(load_weights(self.weights, game.answers))

    def _jotto(self, mode: str, limit: int) -> Game:
        """Jotto on the answers' Jotto list (default: Norvig's 2,309 words -> 1,391); guesses are
        the same list unless --guesses is given."""
        answers, _ = load_lists(self.lists or ("norvig" if not self.answers else None), self.answers)
        answers = jotto_words(answers)
        guesses = include_answers(answers, load_words(self.guesses)) if self.guesses else answers
        return Game(answers, guesses, mode, limit, JOTTO)


def game_from_args(args: argparse.Namespace, default_lists: str | None = None) -> Game:
    """The Game the game options of a command line describe."""
    return GameOptions.from_args(args).build(default_lists)
