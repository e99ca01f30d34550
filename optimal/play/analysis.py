"""What the assistant knows about a game, as plain values: the one description that the terminal
text (`optimal.play.text`) and the web page's JSON (`optimal.web`) are both rendered from.

Why values and not lines: the terminal prints sentences, the web page draws squares, hides spoilers
behind a click and colours a proven result differently from an upper bound. Both need the same
facts (counts, the suggestions with their words and notes, whether the optimum is proven, how many
guesses each answer still needs), computed once, by `Assistant.analysis`.
"""

from __future__ import annotations

from dataclasses import dataclass

#: What a suggestion's word is: a heuristic's choice, a random possible answer, the only answer
#: left, or the optimum's state (see `Found`): proven, an upper bound (beam), none (no tree exists
#: within the guesses left, proven), undecided (a beam found no tree), pending (no search finished
#: within the time budget), skipped (too many candidates to search at a prompt).
STATUSES = ("heuristic", "random", "answer", "proven", "upper bound", "none", "undecided",
            "pending", "skipped")


@dataclass(frozen=True)
class Suggestion:
    """One strategy's next guess ('-' when it has none), with a short note on why and what the
    word is (one of STATUSES); `total` is the guesses in all for the remaining answers, when a
    search found it."""

    label: str
    word: str
    note: str
    status: str = "heuristic"
    total: int | None = None

    def as_dict(self) -> dict:
        """The suggestion as a JSON-ready dict (the web page's form)."""
        return {"label": self.label, "word": self.word, "note": self.note, "status": self.status,
                "total": self.total}


@dataclass(frozen=True)
class Found:
    """What a search for the best next guess at a state found.

    word/total: the guess of least total and that total; None when there is none (`proven`: no
    tree finds every answer within the guesses left) or when nothing was found (a beam without a
    tree, or no search finished in time). proven: the search was exhaustive; otherwise a beam's
    (`beam` > 0) total, the total of a real tree, so an upper bound on the optimum. table: for each
    remaining answer, the guesses the strategy's tree needs from here (its sum is the total: checked
    by replaying each answer with the plain rule). why: why the result is not the exact search's
    (the time budget ran out, the server was busy), for the note. games: with two boards (Dordle),
    how many games the total is over (ordered pairs of different answers, or one board's answers
    once the other is solved); None on one board, where they are the candidates. running: the
    exact search for this state is still going on (behind a web server), so asking again may
    get the proof; the page says so and asks again.
    """

    word: str | None
    total: int | None
    proven: bool
    beam: int = 0
    table: tuple[tuple[str, int], ...] | None = None
    seconds: float = 0.0
    why: str = ""
    games: int | None = None
    running: bool = False

    @property
    def pending(self) -> bool:
        """No search finished: nothing is known yet."""
        return self.word is None and not self.proven and not self.beam


@dataclass(frozen=True)
class BoardReply:
    """One board's reply to a step: its text (G/Y/B), the answers that still fit after it, and
    whether it solved the board."""

    reply: str
    left: int
    solved: bool

    def as_dict(self) -> dict:
        """The reply as a JSON-ready dict."""
        return {"reply": self.reply, "left": self.left, "solved": self.solved}


@dataclass(frozen=True)
class StepView:
    """One played guess and its reply on each board (None on a board solved before it)."""

    guess: str
    boards: tuple[BoardReply | None, ...]

    def as_dict(self) -> dict:
        """The step as a JSON-ready dict (null for a board solved before it)."""
        return {"guess": self.guess,
                "boards": [None if b is None else b.as_dict() for b in self.boards]}


@dataclass(frozen=True)
class BoardView:
    """One board now: the answers that still fit (spoilers: a renderer decides whether to show
    them), the guess number that solved it, and its secret answer once the game is over and the
    assistant knew it (a puzzle, --answer); never earlier, since that would spoil the game."""

    number: int
    candidates: tuple[str, ...]
    solved_at: int | None = None
    answer: str | None = None

    @property
    def count(self) -> int:
        """How many answers still fit."""
        return len(self.candidates)

    @property
    def solved(self) -> bool:
        """Whether the board is solved."""
        return self.solved_at is not None

    def as_dict(self) -> dict:
        """The board as a JSON-ready dict, candidates included (whether to show them is the page's
        choice)."""
        return {"number": self.number, "count": self.count, "candidates": list(self.candidates),
                "solved_at": self.solved_at, "answer": self.answer}


@dataclass(frozen=True)
class Analysis:
    """The state of a game and the advice for its next guess.

    kind: 'wordle' (one board), 'boards' (several), 'absurdle'. status: 'playing', 'won' or 'lost'.
    suggestions: every strategy's row on one board (or on the last unsolved one of several); the
    one suggested guess with several boards or in Absurdle; none once the game is over. verdict:
    whether every remaining answer can be found within the guesses left, when a search decided
    it, or (the exact search skipped) what a greedy tree shows or leaves undecided. optimal: the search's result (one board,
    or two boards with the Dordle engine, when it ran). pick: the guess the assistant itself would play next (the optimum when known,
    else the first suggestion), e.g. for a page that guesses the player's word.
    """

    kind: str
    status: str
    guesses_left: int | None
    max_guesses: int | None
    steps: tuple[StepView, ...]
    boards: tuple[BoardView, ...]
    suggestions: tuple[Suggestion, ...] = ()
    verdict: str | None = None
    optimal: Found | None = None
    pick: str | None = None

    @property
    def played(self) -> int:
        """How many guesses have been played."""
        return len(self.steps)

    @property
    def multi(self) -> bool:
        """Whether the game has more than one board."""
        return len(self.boards) > 1

    @property
    def unsolved(self) -> list[BoardView]:
        """The boards not solved yet."""
        return [board for board in self.boards if not board.solved]
