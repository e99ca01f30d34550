"""Argument parsing every command shares: the parser whose usage errors are one line, the
argument types, and the game options (lists, rule, mode, guess limit, answer weights) with the Game
they describe.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from dataclasses import dataclass

from optimal.errors import BadInput
from optimal.game import Game
from optimal.rules import GAMES
from optimal.rules.jotto import JOTTO, jotto_words
from optimal.weights import load_weights
from optimal.words import BUNDLED_LISTS, LIST_PAIRS, include_answers, load_lists, load_words


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
                            "norvig = the 2,309 answers as both; nyt-extended = the extended "
                            "3,158 answers with the 14,855 guesses; len4, len6, len7 = other word "
                            "lengths: 1,000/2,108, 2,705/4,635 and 2,577/5,495 dictionary words)")
    group.add_argument("--answers", metavar="FILE|NAME", help="answer list: a file, or a bundled "
                       f"list ({', '.join(BUNDLED_LISTS)})")
    group.add_argument("--guesses", metavar="FILE|NAME", help="allowed guesses: a file or a bundled list")
    group.add_argument("--hard", action="store_true", help="hard mode (NYT rule)")
    group.add_argument(depth_flag, dest="max_depth", type=int, default=default_depth, metavar="N",
                       help=f"most guesses allowed (default {default_depth})")


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

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> "GameOptions":
        for flag in ("answers", "guesses"):
            if getattr(args, flag, None) == "":
                raise BadInput(f"--{flag} needs a value (a file or a bundled list name)")
        if getattr(args, "weights", None) is not None and not args.weights.strip():
            raise BadInput("--weights needs a value: a file of 'word weight' lines, or freq")
        return cls(getattr(args, "game", "wordle"), args.lists, args.answers, args.guesses,
                   bool(args.hard), args.max_depth, getattr(args, "weights", None))

    def build(self, default_lists: str | None = None) -> Game:
        """The Game these options describe (guess limit 6 unless given)."""
        mode = "hard" if self.hard else "normal"
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
