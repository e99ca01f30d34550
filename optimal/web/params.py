"""The web API's inputs, checked before any work: query parameters -> frozen requests.

Why a module of its own: every request is validated the same way, and a wrong value must come back
as a 4xx with one clear sentence and the name of the input it concerns (`field`, and `step` for a
step of the history), so the page can show the message next to that input. Nothing a client sends
is ever used as a file path: trees are named by catalogue ids, looked up in a dictionary.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

from optimal.errors import BadInput
from optimal.game import split_words

MODES = ("assist", "absurdle", "puzzle", "guess")
BOARDS = (1, 2, 4, 8, 16)
MAX_HISTORY_CHARS = 4000  # 21 Sedecordle steps of 16 replies fit in about 2,200
MAX_SEED = 2**31 - 1


class FieldError(BadInput):
    """Bad input that belongs to one input of the page (`field`), or to one step of the history."""

    def __init__(self, field: str, message: str, step: int | None = None, status: int = 400):
        super().__init__(message)
        self.field, self.step, self.status = field, step, status

    def as_dict(self) -> dict:
        """The error as the JSON body the page reads: message and field, and the step when it is
        about one."""
        out = {"error": str(self), "field": self.field}
        if self.step is not None:
            out["step"] = self.step
        return out


class Busy(Exception):
    """Too much work is waiting: the request is refused (503) rather than queued without bound."""


def _flag(params: Mapping[str, str], name: str) -> bool:
    text = params.get(name, "0").strip().lower()
    if text in ("1", "true", "yes", "on"):
        return True
    if text in ("", "0", "false", "no", "off"):
        return False
    raise FieldError(name, f"{name} must be 0 or 1, not {text!r}")


def _integer(params: Mapping[str, str], name: str, low: int, high: int,
             default: int | None) -> int | None:
    text = params.get(name, "").strip()
    if not text:
        return default
    try:
        value = int(text)
    except ValueError:
        raise FieldError(name, f"{name} must be a whole number, not {text!r}") from None
    if not low <= value <= high:
        raise FieldError(name, f"{name} must be between {low} and {high}, not {value}")
    return value


def _seconds(params: Mapping[str, str], name: str, high: float) -> float | None:
    text = params.get(name, "").strip()
    if not text:
        return None
    try:
        value = float(text)
    except ValueError:
        raise FieldError(name, f"{name} must be a number of seconds, not {text!r}") from None
    if not 0 <= value <= high:
        raise FieldError(name, f"{name} must be between 0 and {high:g} seconds, not {value:g}")
    return value


@dataclass(frozen=True)
class GameRequest:
    """One position of one game, as the URL describes it.

    mode: assist (the player types guesses and colours), absurdle (the page replies as Absurdle),
    puzzle (a random half-played game from `seed`, the page replies), guess (the page proposes
    guesses, the player gives the colours). history: the player's steps, 'salet=BBYBB,clint=BYYBB'
    ('salet=BBYBB/GYBBB' with several boards; guesses only where the page replies).
    """

    mode: str = "assist"
    boards: int = 1
    hard: bool = False
    history: str = ""
    seed: int | None = None
    budget: float | None = None

    @classmethod
    def from_params(cls, params: Mapping[str, str], max_budget: float) -> "GameRequest":
        """The request a URL's query describes, every value checked (FieldError names the bad one);
        a puzzle without a seed gets a random one, and a budget must lie within 0 to `max_budget`
        seconds."""
        mode = params.get("mode", "assist").strip().lower() or "assist"
        if mode not in MODES:
            raise FieldError("mode", f"unknown mode {mode!r}; choose {', '.join(MODES)}")
        boards = _integer(params, "boards", 1, 16, 1)
        if boards not in BOARDS:
            raise FieldError("boards", f"boards must be one of {', '.join(map(str, BOARDS))}, "
                                       f"not {boards}")
        hard = _flag(params, "hard")
        if hard and boards > 1:
            raise FieldError("hard", "hard mode goes with one board (multi-board games have none)")
        if mode in ("absurdle", "guess") and boards > 1:
            raise FieldError("boards", f"{mode} is played on one board")
        history = params.get("history", "")
        if len(history) > MAX_HISTORY_CHARS:
            raise FieldError("history", f"the history is too long ({len(history):,} characters; "
                                        f"at most {MAX_HISTORY_CHARS:,})")
        seed = _integer(params, "seed", 0, MAX_SEED, None)
        if mode == "puzzle" and seed is None:
            seed = random.SystemRandom().randrange(1, 10**6)
        return cls(mode, boards, hard, history, seed, _seconds(params, "budget", max_budget))

    @property
    def max_guesses(self) -> int:
        """Six guesses on one board; boards + 5 with several (Dordle 7, Quordle 9, ...)."""
        return 6 if self.boards == 1 else self.boards + 5


REVIEW_BUDGET = 10.0  # seconds a review request may search exactly (more when asked again)


@dataclass(frozen=True)
class ReviewRequest:
    """A played game to review, as the Review tab's address describes it: the history
    ('soare=BBYYB,radar=BBBGG'), or the guesses ('soare,radar') with the answer or the pasted share
    grid; hard mode; the search budget."""

    history: str | None = None
    words: tuple[str, ...] = ()
    grid: str | None = None
    answer: str | None = None
    hard: bool = False
    budget: float = REVIEW_BUDGET

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> "ReviewRequest":
        """The request a query string describes (FieldError names the input that is wrong)."""
        texts = {name: params.get(name, "").strip() for name in ("history", "words", "grid",
                                                               "answer")}
        for name, text in texts.items():
            if len(text) > MAX_HISTORY_CHARS:
                raise FieldError(name, f"{name} is too long ({len(text):,} characters; at most "
                                       f"{MAX_HISTORY_CHARS:,})")
        try:
            words = split_words(texts["words"]) if texts["words"] else ()
        except BadInput as error:
            raise FieldError("words", str(error)) from None
        budget = _seconds(params, "budget", REVIEW_BUDGET)
        return cls(texts["history"] or None, words, texts["grid"] or None,
                   texts["answer"] or None, _flag(params, "hard"),
                   REVIEW_BUDGET if budget is None else budget)


@dataclass(frozen=True)
class TreeOptions:
    """How to read an uploaded tree whose file does not say (Selby's line format): the mode and
    the guess limit. A JSON tree's own game block wins."""

    hard: bool = False
    max_guesses: int = 6
    name: str = "pasted tree"

    @classmethod
    def from_params(cls, params: Mapping[str, str]) -> "TreeOptions":
        """The options of an upload's query: hard mode, guess limit (1 to 12, default 6) and a name
        of at most 80 characters."""
        name = params.get("name", "").strip()[:80] or "pasted tree"
        return cls(_flag(params, "hard"), _integer(params, "max_guesses", 1, 12, 6), name)


def reply_path(text: str) -> list[str]:
    """A path in a tree as reply texts: 'BBYBB.BYBBG' (also ',' or '/' between steps)."""
    parts = [part for part in text.replace(",", ".").replace("/", ".").split(".") if part.strip()]
    if len(parts) > 32:
        raise FieldError("path", "the path is too long")
    return [part.strip() for part in parts]
