"""A game being played, kept apart from any input or output: the assistant's logic.

The terminal assistant (`python -m optimal.assist`) and the web page (`python -m optimal.web`) both
drive an `Assistant`: `play` applies a step (or raises BadInput and changes nothing), `undo` takes
one back, `report` describes the state and suggests next guesses by several strategies (greedy
metrics from `greedy`, the proven optimum from `lookahead` when the candidates are few enough).
Nothing here reads input or prints.
"""

from __future__ import annotations

import random
import re
import textwrap
from dataclasses import dataclass, replace

import numpy as np

from greedy import METRICS, pool_for, score_guesses
from lookahead import SearchSetting, best_next_guess, dordle_next_guess
from optimal.adversaries import absurdle_reply
from optimal.errors import BadInput
from optimal.game import Game, HardState

OPTIMAL_MAX = 300  # exact search above this many candidates can take too long for a prompt
DORDLE_BUDGET = 2.0  # seconds the Dordle engine may search for a two-board suggestion
CACHE_MB = 64  # the exact search's memo: small, since the sets it sees here are small
PUZZLE_STEPS = (2, 3)  # how many random guesses a practice puzzle starts with
BOARD_NAMES = {1: "Wordle", 2: "Dordle", 4: "Quordle", 8: "Octordle", 16: "Sedecordle"}

#: (label, metric name, how to show its score) of the greedy strategies, in display order.
STRATEGIES = (
    ("best entropy", "neg_entropy", lambda s: f"{-s:.2f} bits"),
    ("best max", "max", lambda s: f"at most {int(s)} left"),
    ("best average", "expectation", lambda s: f"{s:.2f} left on average"),
)

@dataclass(frozen=True)
class Board:
    """One board: the answers (indices) that still fit, its secret answer when the assistant knows
    it (puzzle, --answer), and the guess number that solved it."""

    candidates: np.ndarray
    secret: int | None = None
    solved_at: int | None = None

    @property
    def solved(self) -> bool:
        return self.solved_at is not None


@dataclass
class Suggestion:
    """One strategy's next guess, with a short note on why (its score)."""

    label: str
    word: str
    note: str


def plural(n: int, noun: str) -> str:
    """'1 answer', '2 answers', '2 guesses', '2 replies'."""
    if n == 1:
        return f"{n:,} {noun}"
    if noun.endswith("s"):
        return f"{n:,} {noun}es"
    if noun.endswith("y"):
        return f"{n:,} {noun[:-1]}ies"
    return f"{n:,} {noun}s"


def wrap_items(items: list[str], head: str = "", width: int = 100) -> list[str]:
    """Items joined by '; ' on lines of at most `width` characters, never breaking an item (a
    Sedecordle step has 16 of them)."""
    lines, line = [], head
    for item in items:
        piece = item if line in (head, "  ") else "; " + item
        if len(line) + len(piece) > width and line not in (head, "  "):
            lines.append(line + ";")
            line, piece = "  ", item
        line += piece
    return lines + [line]


def parse_step(text: str) -> tuple[str, list[str]]:
    """A typed step as (guess, reply texts): 'salet BBYBB', 'salet=BBYBB', 'salet BBYBB/GYBBB'.
    Replies are not decoded here, since how many there should be depends on the game."""
    tokens = [t for t in re.split(r"[=\s/:,;]+", text.strip()) if t]
    if not tokens:
        raise BadInput("empty step: type a guess and its colours, like salet BBYBB")
    return tokens[0].lower(), tokens[1:]


def split_history(text: str) -> list[tuple[str, list[str]]]:
    """The steps of a --history text: 'salet=BBYBB,clint=BYYBB' (steps apart by ',' or ';'). An
    empty text is no step: the opening suggestions, or a puzzle as generated."""
    steps = [part for part in re.split(r"[,;]", text) if part.strip()]
    return [parse_step(part) for part in steps]


def choose(scores: np.ndarray, useful: np.ndarray, is_candidate: np.ndarray) -> int:
    """Position of the best guess: least score among useful guesses; on a tie a possible answer
    (it may win at once), then list order. Useless guesses (no split, not a candidate) never."""
    if not useful.any():
        raise BadInput("no allowed guess splits the remaining answers")
    order = np.lexsort((~is_candidate, np.where(useful, scores, np.inf)))
    return int(order[0])


def greedy_suggestions(game: Game, candidates: np.ndarray, pool: np.ndarray) -> list[Suggestion]:
    """The three greedy strategies' guesses from one count of how every pool guess splits the
    candidates (one pass over the reply matrix instead of one per metric)."""
    _, counts = score_guesses(game, METRICS["max"], candidates, pool)
    is_candidate = np.isin(pool, game.guess_of_answer[candidates])
    useful = (counts.max(axis=1) < len(candidates)) | is_candidate
    out = []
    for label, metric, show in STRATEGIES:
        scores = METRICS[metric](counts)
        best = choose(scores, useful, is_candidate)
        out.append(Suggestion(label, game.guesses.words[pool[best]], show(scores[best])))
    return out


class Assistant:
    """The state of one game being played (or watched): boards, history, and the suggestions.

    Kept apart from any input or output, so the prompt loop, --history and the tests drive the same
    object: `play` applies a step (or raises BadInput and changes nothing), `report` describes the
    state and suggests next guesses, `candidate_lines` shows the spoilers.
    """

    def __init__(self, game: Game, boards: int = 1, absurdle: bool = False,
                 secrets: list[str] | None = None, puzzle: bool = False, seed: int | None = None,
                 optimal_max: int = OPTIMAL_MAX, show: bool = False):
        self._check_options(game, boards, absurdle, secrets, puzzle)
        self.game, self.absurdle, self.puzzle = game, absurdle, puzzle
        self.optimal_max, self.show, self.seed = optimal_max, show, seed
        self.rng = random.Random(seed)
        if puzzle and not secrets:
            if boards > len(game.answers):
                raise BadInput(f"{boards} boards need {boards} different answers; the list has "
                               f"{len(game.answers)}")
            secrets = self.rng.sample(game.answers.words, boards)
        ids = [game.answer_index[w.lower()] for w in secrets] if secrets else [None] * boards
        self.boards = [Board(game.all_candidates(), secret) for secret in ids]
        self.history: list[tuple[str, list[int | None]]] = []
        self._undo: list[tuple[list[Board], list]] = []
        self._opening: list[str] | None = None  # a puzzle's moves, played once, as shown
        self._split_cache: dict[bytes, tuple[np.ndarray, np.ndarray, np.ndarray]] = {}

    @staticmethod
    def _check_options(game: Game, boards: int, absurdle: bool, secrets: list[str] | None,
                       puzzle: bool) -> None:
        """Reject combinations that make no sense, before any play, with a one-line reason."""
        if not 1 <= boards <= 64:
            raise BadInput(f"--boards must be between 1 and 64, not {boards}")
        if game.rule.name != "wordle":
            raise BadInput("the assistant is for Wordle replies only")
        if game.hard and boards > 1:
            raise BadInput("--hard goes with one board (multi-board games have no hard mode)")
        if absurdle and (boards > 1 or puzzle or secrets):
            raise BadInput("--absurdle is one board, with no --puzzle or --answer "
                           "(Absurdle has no fixed answer)")
        if secrets:
            if len(secrets) != boards:
                raise BadInput(f"--answer needs {boards} word(s), one per board; got {len(secrets)}")
            for word in secrets:
                if word.lower() not in game.answer_index:
                    raise BadInput(f"{word.upper()!r} is not in the answer list {game.answers.name}")

    # ------------------------------------------------------------ state

    @property
    def multi(self) -> bool:
        return len(self.boards) > 1

    @property
    def unsolved(self) -> list[int]:
        return [k for k, board in enumerate(self.boards) if not board.solved]

    @property
    def replies_itself(self) -> bool:
        """Whether the assistant computes the replies (Absurdle, or every secret known)."""
        return self.absurdle or all(board.secret is not None for board in self.boards)

    @property
    def guesses_left(self) -> int | None:
        """Guesses still allowed (None in Absurdle, which has no limit)."""
        return None if self.absurdle else self.game.max_guesses - len(self.history)

    @property
    def won(self) -> bool:
        return not self.unsolved

    @property
    def over(self) -> bool:
        """Every board solved, or no guess left."""
        return self.won or self.guesses_left == 0

    def hard_state(self) -> HardState | None:
        """The hard-mode constraints so far (one board only: --hard is refused with several)."""
        if not self.game.hard:
            return None
        return self.game.hard_state([(word, codes[0]) for word, codes in self.history])

    # ------------------------------------------------------------ playing

    def play(self, word: str, replies: list[str]) -> list[str]:
        """Apply one step: the guess and its reply texts (one per unsolved board, or none when the
        assistant replies itself). Raises BadInput, leaving the state unchanged, on a wrong step."""
        if self.over:
            raise BadInput("the game is over: " + ("every board is solved" if self.won
                                                   else "no guess is left"))
        guess = self.game.guess_id(word)
        word = self.game.guesses.words[guess]
        self._check_hard(word)
        codes = self._codes(guess, replies)
        boards = self._filtered(guess, codes)
        self._undo.append((self.boards, self.history))
        self.boards = boards
        self.history = self.history + [(word, [codes.get(k) for k in range(len(boards))])]
        return [self._step_line(word, codes)]

    def undo(self) -> list[str]:
        """Take back the last step (a mistyped reply that still fitted some answer)."""
        if not self._undo:
            raise BadInput("nothing to undo")
        word = self.history[-1][0]
        self.boards, self.history = self._undo.pop()
        return [f"took back {word.upper()}"]

    def _check_hard(self, word: str) -> None:
        state = self.hard_state()
        why = state.violation(word) if state is not None else None
        if why:
            raise BadInput(f"{word.upper()} is not allowed in hard mode: {why}")

    def _codes(self, guess: int, replies: list[str]) -> dict[int, int]:
        """The reply code on each unsolved board: typed, or computed when the assistant knows the
        reply (Absurdle, a known secret)."""
        word = self.game.guesses.words[guess].upper()
        if self.absurdle:
            if replies:
                raise BadInput("with --absurdle type only the guess: the assistant computes "
                               "Absurdle's reply")
            code, _ = absurdle_reply(self.game, self.boards[0].candidates,
                                     self.game.guesses.words[guess])
            return {0: code}
        unsolved = self.unsolved
        if self.replies_itself:
            true = {k: int(self.game.matrix[guess, self.boards[k].secret]) for k in unsolved}
            if replies:
                self._check_typed(word, unsolved, replies, true)
            return true
        if not replies:
            example = " ".join(["BBYBB"] * len(unsolved))
            raise BadInput(f"type {word} and its colours, e.g. {word.lower()} {example}")
        if len(replies) != len(unsolved):
            if not self.multi:
                raise BadInput(f"{word} takes one reply; got {len(replies)}: {' '.join(replies)}")
            which = ", ".join(str(k + 1) for k in unsolved)
            raise BadInput(f"{word} needs {plural(len(unsolved), 'reply')}, one per unsolved board "
                           f"({which}); got {len(replies)}")
        return {k: self._parse_reply(text, k) for k, text in zip(unsolved, replies)}

    def _parse_reply(self, text: str, board: int) -> int:
        try:
            return self.game.parse_reply(text)
        except BadInput as error:
            if not self.multi:
                raise
            raise BadInput(f"board {board + 1}: {error}") from None

    def _check_typed(self, word: str, unsolved: list[int], replies: list[str],
                     true: dict[int, int]) -> None:
        """When the assistant knows the answer, a typed reply must be the real one."""
        if len(replies) != len(unsolved):
            raise BadInput(f"{word}: type no reply (the assistant knows the answer) or "
                           f"{plural(len(unsolved), 'reply')}")
        for k, text in zip(unsolved, replies):
            code = self._parse_reply(text, k)
            if code != true[k]:
                where = f" on board {k + 1}" if self.multi else ""
                raise BadInput(f"the reply to {word}{where} is {self.game.reply_text(true[k])}, "
                               f"not {self.game.reply_text(code)}")

    def _filtered(self, guess: int, codes: dict[int, int]) -> list[Board]:
        """The boards after the step; BadInput when a reply leaves a board with no answer, since
        that means a typing mistake in the guess or its colours."""
        out = list(self.boards)
        number = len(self.history) + 1
        for k, code in codes.items():
            board = self.boards[k]
            kept = board.candidates[self.game.matrix[guess, board.candidates] == code]
            if kept.size == 0:
                where = f" on board {k + 1}" if self.multi else ""
                raise BadInput(f"no answer fits: check the colours of "
                               f"{self.game.guesses.words[guess].upper()}{where} "
                               f"({self.game.reply_text(code)} leaves no candidate)")
            out[k] = replace(board, candidates=kept,
                             solved_at=number if code == self.game.won else None)
        return out

    def _step_line(self, word: str, codes: dict[int, int]) -> str:
        shown = word.upper()
        if not self.multi:
            code = codes[0]
            who = "Absurdle replies " if self.absurdle else ""
            if code == self.game.won:
                return f"{shown} {self.game.reply_text(code)}: found it"
            return (f"{shown} {who}{self.game.reply_text(code)}: "
                    f"{plural(len(self.boards[0].candidates), 'answer')} left")
        parts = []
        for k, code in codes.items():
            reply = self.game.reply_text(code)
            left = ("solved" if code == self.game.won
                    else f"{len(self.boards[k].candidates):,} left")
            parts.append(f"board {k + 1} {reply} {left}")
        return "\n".join(wrap_items(parts, f"{shown}: "))

    def random_guess(self) -> str:
        """A random allowed (and in hard mode legal) guess that is no board's secret: the moves
        of a practice puzzle, which must not finish a board by chance."""
        pool = np.nonzero(self.game.legal_mask(self.hard_state()))[0]
        secrets = {int(self.game.guess_of_answer[b.secret]) for b in self.boards if b.secret is not None}
        while True:
            guess = int(pool[self.rng.randrange(len(pool))])
            if guess not in secrets:
                return self.game.guesses.words[guess]

    def start(self) -> list[str]:
        """The opening lines: what is being played and, for a puzzle, its random first moves."""
        game = self.game
        what = "Absurdle" if self.absurdle else BOARD_NAMES.get(len(self.boards),
                                                                f"{len(self.boards)} boards")
        limit = "no guess limit" if self.absurdle else plural(game.max_guesses, "guess")
        lines = [f"{what}: {len(game.answers):,} answers ({game.answers.name}), "
                 f"{len(game.guesses):,} allowed guesses ({game.guesses.name}), {game.mode} mode, "
                 f"{limit}."]
        if self.puzzle:
            lines.append(f"puzzle (seed {self.seed}): the first guesses are played; you continue "
                         f"(type a word, the assistant replies)")
            if self._opening is None:
                self._opening = []
                steps = min(self.rng.choice(PUZZLE_STEPS), self.game.max_guesses - 1)
                for _ in range(steps):  # at least one guess is left for the player
                    self._opening += self.play(self.random_guess(), [])
                self._undo.clear()  # the puzzle's moves are not the player's to take back
            lines += self._opening
        return lines

    # ------------------------------------------------------------ reporting

    def report(self) -> list[str]:
        """The state after the last step and the suggested next guesses (or how the game ended)."""
        if self.won:
            return [self._won_line()]
        if self.over:
            return self._lost_lines()
        lines = self._state_lines()
        if self.absurdle:
            lines += self._absurdle_lines()
        elif self.multi:
            lines += self._multi_lines()
        else:
            lines += self._single_lines()
        if self.show:
            lines += self.candidate_lines()
        return lines

    def _won_line(self) -> str:
        n = len(self.history)
        if self.multi:
            return f"all {len(self.boards)} boards solved in {plural(n, 'guess')}"
        return f"solved in {plural(n, 'guess')}"

    def _lost_lines(self) -> list[str]:
        lines = [f"out of guesses ({self.game.max_guesses} played)"]
        for k in self.unsolved:
            board, where = self.boards[k], (f"board {k + 1}: " if self.multi else "")
            if board.secret is not None:
                lines.append(f"{where}the answer was {self.game.answers.words[board.secret].upper()}")
            else:
                lines.append(f"{where}{plural(len(board.candidates), 'answer')} still fitted")
        return lines

    def _state_lines(self) -> list[str]:
        left = self.guesses_left
        tail = "" if left is None else f", {plural(left, 'guess')} left"
        if not self.multi:
            n = len(self.boards[0].candidates)
            lines = [f"{plural(n, 'answer')} remain{'s' if n == 1 else ''}{tail}"]
            if n == 1:
                lines.append(f"the answer is {self._only(self.boards[0])}")
            return lines
        parts = []
        for k, board in enumerate(self.boards):
            n = len(board.candidates)
            state = ("solved" if board.solved else
                     f"1 left, the answer is {self._only(board)}" if n == 1 else f"{n:,} left")
            parts.append(f"board {k + 1}: {state}")
        head = f"{len(self.unsolved)} of {len(self.boards)} boards unsolved{tail}"
        return [head] + wrap_items(parts, "  ")

    def _only(self, board: Board) -> str:
        return self.game.answers.words[int(board.candidates[0])].upper()

    def _pool(self, candidates: np.ndarray) -> np.ndarray:
        """Every allowed guess, or in hard mode the legal ones."""
        state = self.hard_state()
        return pool_for(self.game, "hard" if state is not None else "all", candidates, state)

    def _single_lines(self) -> list[str]:
        candidates = self.boards[0].candidates
        if len(candidates) == 1:
            return [f"suggested: {self._only(self.boards[0])}"]
        rows = greedy_suggestions(self.game, candidates, self._pool(candidates))
        pick = self.game.answers.words[int(candidates[self.rng.randrange(len(candidates))])]
        rows.append(Suggestion("random word", pick, "a possible answer"
                               + (f", seed {self.seed}" if self.seed is not None else "")))
        optimal, verdict = self._optimal(candidates)
        rows.append(optimal)
        lines = ["suggestions:"]
        lines += [f"  {row.label:<13} {row.word.upper():<8} {row.note}" for row in rows]
        return lines + ([verdict] if verdict else [])

    def _optimal(self, candidates: np.ndarray) -> tuple[Suggestion, str | None]:
        """The exact best next guess (least total guesses) when the set is small enough to search
        at a prompt, and whether every answer can still be found within the guesses left."""
        n = len(candidates)
        if n > self.optimal_max:
            return Suggestion("optimal", "-", f"skipped: {n:,} candidates > {self.optimal_max}"), None
        left = self.guesses_left
        best = best_next_guess(self.game, candidates, left, self.hard_state(),
                               SearchSetting(cache_mb=CACHE_MB))
        if best is None:
            return (Suggestion("optimal", "-", "no tree within the guesses left"),
                    f"not decided: no strategy is sure to find all {n:,} answers within the "
                    f"{plural(left, 'guess')} left")
        return (Suggestion("optimal", best.word,
                           f"{best.total:,} guesses in all for the {n:,} answers "
                           f"({best.total / n:.3f} each), proven"),
                f"decided: every remaining answer can be found within the {plural(left, 'guess')} "
                f"left")

    def _absurdle_lines(self) -> list[str]:
        candidates = self.boards[0].candidates
        pool = self._pool(candidates)
        _, counts = score_guesses(self.game, METRICS["max"], candidates, pool)
        is_candidate = np.isin(pool, self.game.guess_of_answer[candidates])
        useful = (counts.max(axis=1) < len(candidates)) | is_candidate
        scores = METRICS["max"](counts)
        best = choose(scores, useful, is_candidate)
        word = self.game.guesses.words[pool[best]].upper()
        return [f"suggested: {word} (smallest largest group: at most {int(scores[best]):,} left)"]

    def _multi_lines(self) -> list[str]:
        """Two boards: the Dordle engine's best guess when it finishes in time. Otherwise finish
        a board whose answer is certain first; else the most information summed over the
        unsolved boards."""
        if len(self.boards) == 2:
            line = self._dordle_line()
            if line:
                return [line]
        for k in self.unsolved:
            if len(self.boards[k].candidates) == 1:
                return [f"suggested: {self._only(self.boards[k])} (board {k + 1}'s answer is known)"]
        pool = np.arange(len(self.game.guesses))
        total = np.zeros(len(pool))
        useful = np.zeros(len(pool), dtype=bool)
        is_candidate = np.zeros(len(pool), dtype=bool)
        for k in self.unsolved:
            scores, splits, candidate = self._board_split(self.boards[k].candidates, pool)
            total += scores
            useful |= splits | candidate
            is_candidate |= candidate
        best = choose(total, useful, is_candidate)
        word = self.game.guesses.words[pool[best]].upper()
        return [f"suggested: {word} ({-total[best]:.2f} bits over "
                f"{plural(len(self.unsolved), 'unsolved board')})"]

    def _dordle_line(self) -> str | None:
        """The least-total next guess over the games still possible (pairs of different answers,
        or one board's answers once the other is solved), proven when the exact search finished
        within DORDLE_BUDGET seconds; None when the state is too big to search at a prompt."""
        boards = [None if b.solved else b.candidates for b in self.boards]
        best = dordle_next_guess(self.game, boards[0], boards[1], self.guesses_left, DORDLE_BUDGET)
        if best is None:
            return None
        what = "games" if len(self.unsolved) == 2 else "answers"
        proof = "proven optimal" if best.proven else "best found, not proven"
        return (f"suggested: {best.word.upper()} ({best.total:,} guesses in all for the "
                f"{best.games:,} {what} left, {best.total / best.games:.3f} each; {proof})")

    def _board_split(self, candidates: np.ndarray,
                     pool: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Entropy score, 'splits' and 'is a candidate' of every guess on one board; cached by
        candidate set, since boards often share one (all of them at the start)."""
        key = candidates.tobytes()
        if key not in self._split_cache:
            scores, counts = score_guesses(self.game, METRICS["neg_entropy"], candidates, pool)
            splits = counts.max(axis=1) < len(candidates)
            self._split_cache[key] = (scores, splits,
                                      np.isin(pool, self.game.guess_of_answer[candidates]))
        return self._split_cache[key]

    def candidate_lines(self) -> list[str]:
        """The remaining answers (spoilers), per unsolved board."""
        lines = []
        for k in self.unsolved:
            board = self.boards[k]
            words = " ".join(self.game.answers.words[i].upper() for i in board.candidates)
            head = (f"board {k + 1}: " if self.multi else "") + f"{len(board.candidates):,} left: "
            lines += textwrap.wrap(head + words, 100, subsequent_indent="  ")
        return lines or ["no board left to solve"]


# ---------------------------------------------------------------- driving it
