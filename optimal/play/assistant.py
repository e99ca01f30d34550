"""A game being played, kept apart from any input or output: the assistant's logic.

The terminal assistant (`python -m optimal.assist`) and the web page (`python -m optimal.web`) both
drive an `Assistant`: `play` applies a step (or raises BadInput and changes nothing), `undo` takes
one back, `analysis` describes the state and suggests next guesses by several strategies (greedy
metrics from `greedy`, the proven optimum from `lookahead` when the candidates are few enough) as
values (`optimal.play.analysis`), which the terminal renders as text (`report`, via
`optimal.play.text`) and the web page as JSON. With two boards (Dordle) the suggestion is the
Dordle engine's next guess, proven when its exact search finishes within the time budget (else a
beam's, said so). Nothing here reads input or prints.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import cached_property

import numpy as np

from greedy import METRICS, pool_for, score_guesses
from lookahead import BoardsPlayer
from optimal.adversaries import absurdle_reply
from optimal.errors import BadInput, quoted
from optimal.game import Game, ClueState
from optimal.multiboard import lower_bound, most_replies, proven_dordle_mean, sampled_estimate
from optimal.play.analysis import Analysis, BoardReply, BoardView, Found, StepView, Suggestion
from optimal.play.cache import LruCache
from optimal.play.chance import best_chance, best_chance_of_three
from optimal.play.exact import DirectSearch
from optimal.play.review import first_words, no_answer_fits
from optimal.play.sure_finish import SURE_FINISH_MAX, finish_verdict, sure_finish
from optimal.play.text import candidate_lines, header_line, plural, report_lines, step_line

OPTIMAL_MAX = 300  # exact search above this many candidates can take too long for a prompt
NO_WEIGHTS_IN_ABSURDLE = ("--weights does not go with --absurdle: Absurdle chooses its replies, no "
                          "answer is more likely than another")
NO_WEIGHTS_ON_BOARDS = ("--weights goes with one board: the many-board players and bounds treat "
                        "every answer as equally likely")
PUZZLE_STEPS = (2, 3)  # how many random guesses a practice puzzle starts with
PUZZLE_SEEDS = 1_000_000  # a puzzle drawn without --seed gets one below this, shown to replay it

#: (label, metric name, how to show its score) of the greedy strategies, in display order.
STRATEGIES = (
    ("best entropy", "neg_entropy", lambda s: f"{-s:.2f} bits"),
    ("best max", "max", lambda s: f"at most {int(s)} left"),
    ("best average", "expectation", lambda s: f"{s:.2f} left on average"),
)
#: the same on a weighted game, whose metrics read each group's share of the weight (probability)
WEIGHTED_STRATEGIES = (
    ("best entropy", "neg_entropy", lambda s: f"{-s:.2f} bits"),
    ("best max", "max", lambda s: f"at most {s:.1%} of the weight left"),
    ("best average", "expectation", lambda s: f"{s:.1%} of the weight left on average"),
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
        """Whether the board is solved."""
        return self.solved_at is not None


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
    useful = splits(counts) | is_candidate
    out = []
    for label, metric, show in (STRATEGIES if game.weights is None else WEIGHTED_STRATEGIES):
        scores = METRICS[metric](counts)
        best = choose(scores, useful, is_candidate)
        out.append(Suggestion(label, game.guesses.words[pool[best]], show(scores[best])))
    return out


def splits(counts: np.ndarray) -> np.ndarray:
    """Which guesses split the candidates: no branch holds them all (counts or, on a weighted
    game, masses; a row of one nonzero entry sums to exactly that entry)."""
    return counts.max(axis=1) < counts.sum(axis=1)


def absurdle_suggestion(game: Game, candidates: np.ndarray, pool: np.ndarray) -> Suggestion:
    """Against Absurdle, which keeps the largest group: the guess whose largest group is smallest."""
    _, counts = score_guesses(game.with_weights(None), METRICS["max"], candidates, pool)
    is_candidate = np.isin(pool, game.guess_of_answer[candidates])
    useful = splits(counts) | is_candidate
    scores = METRICS["max"](counts)
    best = choose(scores, useful, is_candidate)
    return Suggestion("smallest largest group", game.guesses.words[pool[best]],
                      f"smallest largest group: at most {int(scores[best]):,} left")


def no_sure_win(what: str, left: int | None, answers: int | None = None) -> str:
    """The verdict when the exact search proved that no strategy is sure to win from here (a
    settled outcome, unlike the greedy tree's "not decided"); with one guess left on one board of
    `answers` equally likely answers, the best there is: guess one of them."""
    line = (f"no sure win (proven): no strategy is sure to find {what} within the "
            f"{plural(left, 'guess')} left")
    if left == 1 and answers:
        line += f"; guess one of them: a 1 in {answers:,} chance"
    return line


def optimal_suggestion(found: Found | None, n: int, left: int | None, optimal_max: int,
                       weight: int | None = None) -> tuple[Suggestion, str | None]:
    """The optimum's row and the verdict line, from what the search found (None: not searched,
    too many candidates). `weight`: on a weighted game, the candidates' summed integer weight (the
    search's total is then a weighted total, shown as the expectation it stands for)."""
    if found is None:
        return (Suggestion("optimal", "-", f"skipped: {n:,} candidates > {optimal_max}",
                           "skipped"), None)
    if found.word is not None:
        each = (f"{plural(found.total, 'guess')} in all for the {plural(n, 'answer')} "
                f"({found.total / n:.3f} each)"
                if weight is None else f"expected {found.total / weight:.3f} more guesses under "
                f"the weights for the {plural(n, 'answer')}")
        decided = (f"decided: every remaining answer can be found within the "
                   f"{plural(left, 'guess')} left")
        if found.proven:
            return Suggestion("optimal", found.word, f"{each}, proven", "proven", found.total), decided
        how = f"beam {found.beam}: {found.why}" if found.beam else found.why
        return (Suggestion("optimal", found.word, f"{each}, upper bound ({how})", "upper bound",
                           found.total), decided)
    if found.proven:
        return (Suggestion("optimal", "-", "no tree within the guesses left", "none"),
                no_sure_win(f"all {n:,} answers", left, n if weight is None else None))
    if found.beam:
        return (Suggestion("optimal", "-", f"no tree found by a beam of {found.beam} ({found.why})",
                           "undecided"), None)
    return Suggestion("optimal", "-", f"no result yet ({found.why})", "pending"), None


def table_opening(game: Game, table: bool = False) -> Found | None:
    """The opening from the bundled exact first-word tables (`optimal/data/exact/`): their proven
    optimum over every first word, for the games they are for (None otherwise). Why: at the start
    2,315 candidates are too many to search at a prompt, so the assistant said "skipped" of a
    figure that is proven and ships with it. No per-answer table (`table` is not used)."""
    tables = first_words(game)
    if tables is None or not tables.words:
        return None
    return Found(tables.words[0], tables.optimum, True,
                 why="the bundled exact first-word tables: the optimum over every first word")


def opening_verdicts(game: Game, rows: list[Suggestion]) -> list[Suggestion]:
    """The heuristics' first guesses with their proven value from the bundled first-word table,
    where it lists them. Why: in hard mode SOARE and ARISE (the entropy and max picks) have no
    strategy within 6 at all, and the rows suggested them beside "every remaining answer can be
    found" with nothing to say the pick itself cannot. In ultra-hard mode a word its table does
    not list yet is bounded by hard mode's: every guess ultra-hard mode allows, hard mode allows,
    so no hard-mode tree means no ultra-hard one, and a hard-mode total is a lower bound."""
    table = first_words(game)
    looser = first_words(game.with_limits("hard")) if game.mode == "ultra" else None
    if table is None and looser is None:
        return rows
    weight = game.weight_of(game.all_candidates())
    out = []
    for row in rows:
        if table is not None and row.word in table.values:
            value, why = table.values[row.word], ""
        elif looser is not None and row.word in looser.values:
            value, why = looser.values[row.word], " in hard mode, which is less strict"
        else:
            out.append(row)
            continue
        if value is None:
            verdict = f"no strategy after it finds every answer within {game.max_guesses}, proven"
            verdict += f" (not even{why})" if why else ""
        else:
            least = "at least " if why else ""
            verdict = (f"expected {least}{value / weight:.3f} guesses with optimal play after it, "
                       "proven") + (f" (its value{why})" if why else "")
        out.append(replace(row, note=f"{row.note}; {verdict}"))
    return out


class Assistant:
    """The state of one game being played (or watched): boards, history, and the suggestions.

    Kept apart from any input or output, so the prompt loop, --history, the web page and the tests
    drive the same object: `play` applies a step (or raises BadInput and changes nothing),
    `analysis` describes the state and suggests next guesses as values, `report` renders them as
    the terminal's lines.

    `search` finds the optimum (default: the exact search in this thread; a web server passes a
    `BudgetedSearch`), `scores` keeps greedy scores between steps (a server shares one between
    requests). `book(game, table)`, when given, may know the opening (before any step) without a
    search: a `Found` from a tree already built (the web page's bundled SALET trees), or None;
    the opening has too many candidates to search at a prompt. Without one, the bundled exact
    first-word tables are the book (`table_opening`).
    """

    def __init__(self, game: Game, boards: int = 1, absurdle: bool = False,
                 secrets: list[str] | None = None, puzzle: bool = False, seed: int | None = None,
                 optimal_max: int = OPTIMAL_MAX, show: bool = False, search=None,
                 scores: LruCache | None = None, book=None):
        self._check_options(game, boards, absurdle, secrets, puzzle)
        if puzzle and seed is None:  # a puzzle is replayed by its seed: draw one and show it
            seed = random.SystemRandom().randrange(PUZZLE_SEEDS)
        self.game, self.absurdle, self.puzzle = game, absurdle, puzzle
        self.optimal_max, self.show, self.seed = optimal_max, show, seed
        self.search = search or DirectSearch()
        self.book = book if book is not None else table_opening
        self.scores = scores if scores is not None else LruCache(64)
        self.rng = random.Random(seed)
        if puzzle and not secrets:
            if boards > len(game.answers):
                raise BadInput(f"{boards} boards need {boards} different answers; the list has "
                               f"{len(game.answers)}")
            secrets = self.rng.sample(game.answers.words, boards)
        ids = [game.answer_index[w.lower()] for w in secrets] if secrets else [None] * boards
        self.boards = [Board(game.all_candidates(), secret) for secret in ids]
        self.history: list[tuple[str, list[int | None]]] = []
        self.steps: list[StepView] = []
        self._undo: list[tuple[list[Board], list, list]] = []
        self._opening: list[str] | None = None  # a puzzle's moves, played once, as shown

    @staticmethod
    def _check_options(game: Game, boards: int, absurdle: bool, secrets: list[str] | None,
                       puzzle: bool) -> None:
        """Reject combinations that make no sense, before any play, with a one-line reason."""
        if not 1 <= boards <= 64:
            raise BadInput(f"--boards must be between 1 and 64, not {boards}")
        if not game.rule.colour_replies:
            raise BadInput("the assistant is for Wordle replies only")
        if game.hard and boards > 1:
            raise BadInput(f"--{game.mode} goes with one board (multi-board games have no "
                           f"{game.mode_name})")
        if absurdle and game.weights is not None:
            raise BadInput(NO_WEIGHTS_IN_ABSURDLE)
        if boards > 1 and game.weights is not None:
            raise BadInput(NO_WEIGHTS_ON_BOARDS)
        if absurdle and (boards > 1 or puzzle or secrets):
            raise BadInput("--absurdle is one board, with no --puzzle or --answer "
                           "(Absurdle has no fixed answer)")
        if secrets:
            if len(secrets) != boards:
                raise BadInput(f"--answer needs {plural(boards, 'word')}, one per board; got "
                               f"{len(secrets)}")
            for word in secrets:
                game.answer_id(word)  # BadInput naming the lists that have it

    # ------------------------------------------------------------ state

    @property
    def multi(self) -> bool:
        """Whether the game has more than one board."""
        return len(self.boards) > 1

    @property
    def unsolved(self) -> list[int]:
        """The numbers (from 0) of the boards not solved yet."""
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
        """Whether every board is solved."""
        return not self.unsolved

    @property
    def over(self) -> bool:
        """Every board solved, or no guess left."""
        return self.won or self.guesses_left == 0

    def hard_state(self) -> ClueState | None:
        """The hard-mode constraints so far (one board only: --hard is refused with several)."""
        if not self.game.hard:
            return None
        return self.game.hard_state([(word, codes[0]) for word, codes in self.history])

    # ------------------------------------------------------------ playing

    def play(self, word: str, replies: list[str]) -> list[str]:
        """Apply one step: the guess and its reply texts (one per unsolved board, or none when the
        assistant replies itself). Raises BadInput, leaving the state unchanged, on a wrong step.
        Returns the step's line of terminal text."""
        if self.over:
            solved = ("the answer is found" if not self.multi else "both boards are solved"
                      if len(self.boards) == 2 else "every board is solved")
            raise BadInput("the game is over: " + (solved if self.won else "no guess is left"))
        guess = self.game.guess_id(word)
        word = self.game.guesses.words[guess]
        self._check_hard(word)
        earlier = next((n for n, (played, _) in enumerate(self.history, 1) if played == word), None)
        codes = self._codes(guess, replies)
        boards = self._filtered(guess, codes)
        self._undo.append((self.boards, self.history, self.steps))
        self.boards = boards
        self.history = self.history + [(word, [codes.get(k) for k in range(len(boards))])]
        step = StepView(word, tuple(
            None if k not in codes else
            BoardReply(self.game.reply_text(codes[k]), len(boards[k].candidates),
                       codes[k] == self.game.won)
            for k in range(len(boards))))
        self.steps = self.steps + [step]
        lines = [step_line(step, self.absurdle)]
        if earlier is not None:
            lines.append(f"(a repeat of guess {earlier}: {word.upper()} tells nothing new "
                         "and costs a guess)")
        return lines

    def undo(self) -> list[str]:
        """Take back the last step (a mistyped reply that still fitted some answer)."""
        if not self._undo:
            raise BadInput("nothing to undo")
        word = self.history[-1][0]
        self.boards, self.history, self.steps = self._undo.pop()
        return [f"took back {word.upper()}"]

    def _check_hard(self, word: str) -> None:
        state = self.hard_state()
        why = state.violation(word) if state is not None else None
        if why:
            raise BadInput(f"{word.upper()} is not allowed in {self.game.mode_name}: {why}")

    def _codes(self, guess: int, replies: list[str]) -> dict[int, int]:
        """The reply code on each unsolved board: typed, or computed when the assistant knows the
        reply (Absurdle, a known secret)."""
        word = self.game.guesses.words[guess].upper()
        self.no_word_as_reply(replies)
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
                raise BadInput(f"{word} takes one reply; got {len(replies):,}: {quoted(' '.join(replies))}")
            which = ", ".join(str(k + 1) for k in unsolved)
            raise BadInput(f"{word} needs {plural(len(unsolved), 'reply')}, one per unsolved board "
                           f"({'board' if len(unsolved) == 1 else 'boards'} {which}); got "
                           f"{len(replies)}")
        codes = {k: self._parse_reply(text, k) for k, text in zip(unsolved, replies)}
        wins = [k + 1 for k, code in codes.items() if code == self.game.won]
        if len(wins) > 1:
            raise BadInput(f"{word} cannot win boards {' and '.join(map(str, wins))} at once: the "
                           f"boards' answers are different words")
        return codes

    def no_word_as_reply(self, replies: list[str]) -> None:
        """Where the assistant replies itself a step needs no reply, so letters that read as no
        reply after a word are the next word mistyped ('salet,crnoy': CRNOY is not a guess, so
        the history syntax took it for SALET's reply): said as the unknown word it is, rather
        than as a reply with unknown marks or one typed where none is wanted."""
        if not (self.absurdle or self.replies_itself):
            return
        for text in replies:
            if text.isalpha():
                try:
                    self.game.parse_reply(text)
                except BadInput:
                    self.game.guess_id(text)  # raises: not in the guess list, with its hints

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
                word = self.game.guesses.words[guess]
                where = f" on board {k + 1}" if self.multi else ""
                check = (f"check the colours of {word.upper()}{where} "
                         f"({self.game.reply_text(code)} leaves no candidate)")
                if self.multi or self.absurdle:
                    raise BadInput(f"no answer fits: {check}")
                # as the review: a reply outside the chosen answer list may fit another
                steps = [(w, c[0]) for w, c in self.history] + [(word, code)]
                raise BadInput(no_answer_fits(self.game, steps, check))
            out[k] = replace(board, candidates=kept,
                             solved_at=number if code == self.game.won else None)
        return out

    def random_guess(self) -> str:
        """A random allowed (and in hard mode legal) guess that is no board's secret and not
        played yet: the moves of a practice puzzle, which must not finish a board by chance nor
        repeat themselves."""
        pool = self.game.legal_ids(self.hard_state())
        secrets = {int(self.game.guess_of_answer[b.secret]) for b in self.boards if b.secret is not None}
        played = {word for word, _ in self.history}
        while True:
            guess = int(pool[self.rng.randrange(len(pool))])
            if guess not in secrets and self.game.guesses.words[guess] not in played:
                return self.game.guesses.words[guess]

    def start(self) -> list[str]:
        """The opening lines: what is being played and, for a puzzle, its random first moves
        (played once, on the first call)."""
        lines = [header_line(self.game, len(self.boards), self.absurdle)]
        if self.puzzle:
            # no "type a word" here: a --history run types nothing, and the loop says how to play
            lines.append(f"puzzle (seed {self.seed}): random first guesses, played for you:")
            if self._opening is None:
                self._opening = []
                steps = min(self.rng.choice(PUZZLE_STEPS), self.game.max_guesses - 1)
                for _ in range(steps):  # at least one guess is left for the player
                    self._opening += self.play(self.random_guess(), [])
                self._undo.clear()  # the puzzle's moves are not the player's to take back
            lines += self._opening
        return lines

    @property
    def opening_steps(self) -> int:
        """How many of the steps are the puzzle's own moves (not the player's)."""
        return 0 if self._opening is None else len(self._opening)

    # ------------------------------------------------------------ describing

    def analysis(self, table: bool = False) -> Analysis:
        """The state after the last step and the advice for the next guess, as values. With
        `table`, the optimum also comes with the guesses each remaining answer needs."""
        kind = "absurdle" if self.absurdle else "boards" if self.multi else "wordle"
        status = "won" if self.won else "lost" if self.over else "playing"
        views = tuple(self._board_view(k, board) for k, board in enumerate(self.boards))
        suggestions, verdict, found = (), None, None
        if status == "playing":
            if self.absurdle:
                suggestions = (self._absurdle_row(),)
            elif len(self.boards) == 2:
                suggestions, verdict, found = self._dordle_rows()
            elif self.multi and len(self.unsolved) == 1:  # the last board: a Wordle game
                suggestions, verdict, found = self._single_rows(table, self.unsolved[0])
            elif self.multi:
                suggestions = (self._multi_row(),)
            else:
                suggestions, verdict, found = self._single_rows(table)
        pick = None
        if suggestions:
            chance = next((s.word for s in suggestions if s.label == "best chance"), None)
            pick = (found.word if found is not None and found.word else
                    chance or suggestions[0].word)
        return Analysis(kind, status, self.guesses_left,
                        None if self.absurdle else self.game.max_guesses, tuple(self.steps), views,
                        tuple(suggestions), verdict, found, pick)

    def report(self, hints: bool = False) -> list[str]:
        """The terminal's lines for the state after the last step and the suggested next guesses
        (or how the game ended). In a puzzle the suggestions wait for `hints` (or --show): they
        would name the answer the player is practising to find."""
        hidden = self.puzzle and not (self.show or hints)
        return report_lines(self.analysis(), self.show, hidden)

    def candidate_lines(self) -> list[str]:
        """The remaining answers (spoilers), per unsolved board."""
        return candidate_lines(self.analysis_of_boards())

    def analysis_of_boards(self) -> Analysis:
        """The boards only (no suggestions computed): what listing the answers needs."""
        views = tuple(self._board_view(k, board) for k, board in enumerate(self.boards))
        return Analysis("boards" if self.multi else "wordle", "playing", self.guesses_left,
                        self.game.max_guesses, tuple(self.steps), views)

    def _board_view(self, k: int, board: Board) -> BoardView:
        words = self.game.answers.words
        answer = words[board.secret] if board.secret is not None and self.over else None
        return BoardView(k + 1, tuple(words[int(i)] for i in board.candidates), board.solved_at,
                         answer)

    def _pool(self, candidates: np.ndarray) -> np.ndarray:
        """Every allowed guess, or in hard mode the legal ones; with one guess left, the answers
        still possible only (any other word cannot win, yet it splits them best: the greedy rows
        named AWFUL on the last guess over MIGHT, RIGHT and SIGHT)."""
        state = self.hard_state()
        if self.guesses_left == 1:
            return pool_for(self.game, "targets", candidates, state)
        return pool_for(self.game, "hard" if state is not None else "all", candidates, state)

    def _single_rows(self, table: bool, board: int = 0
                     ) -> tuple[list[Suggestion], str | None, Found | None]:
        """One board's suggestions (the game's only one, or the last unsolved of several, which
        is a Wordle game of its own): the greedy strategies' and the optimum's."""
        candidates = self.boards[board].candidates
        if len(candidates) == 1:
            word = self.game.answers.words[int(candidates[0])]
            return [Suggestion("the answer", word, "", "answer")], None, None
        key = ("greedy", self.game.fingerprint, candidates.tobytes(), self.hard_state())
        rows = list(self.scores.get(key, lambda: greedy_suggestions(self.game, candidates,
                                                                    self._pool(candidates))))
        if not self.history:
            rows = opening_verdicts(self.game, rows)
        pick = self.game.answers.words[int(candidates[self.rng.randrange(len(candidates))])]
        rows.append(Suggestion("random word", pick, "a possible answer"
                               + (f", seed {self.seed}" if self.seed is not None else ""),
                               "random"))
        found = self.book(self.game, table) if self.book is not None and not self.history else None
        if found is None and len(candidates) <= self.optimal_max:
            found = self.search.find(self.game, candidates, self.guesses_left, self.hard_state(),
                                     table)
        weight = self.game.weight_of(candidates) if self.game.weights is not None else None
        optimal, verdict = optimal_suggestion(found, len(candidates), self.guesses_left,
                                              self.optimal_max, weight)
        if found is None and len(candidates) <= SURE_FINISH_MAX:  # skipped: still say if sure
            start = next((r.word for r in rows if r.label == "best max"), None)
            state, left = self.hard_state(), self.guesses_left
            key = ("finish", self.game.fingerprint, candidates.tobytes(), state, start, left)
            first, needed = self.scores.get(key, lambda: sure_finish(self.game, candidates, state,
                                                                     left, start))
            verdict = finish_verdict(first, needed, self.guesses_left,
                                     f"{len(candidates):,} candidates > {self.optimal_max}")
        if (found is not None and found.proven and found.word is None
                and self.guesses_left in (2, 3)):
            row, verdict = self._chance_row(candidates, verdict)
            if row is not None:
                rows.append(row)
        rows.append(optimal)
        return rows, verdict, found

    def _chance_row(self, candidates: np.ndarray, verdict: str | None
                    ) -> tuple[Suggestion | None, str | None]:
        """No sure win with two or three guesses left: the guess that finds the most answers
        (`optimal.play.chance`), as a row and at the end of the verdict (no row when the
        three-guess search passed its deadline)."""
        state, left = self.hard_state(), self.guesses_left
        key = ("chance", self.game.fingerprint, candidates.tobytes(), state, left)
        chance = self.scores.get(key, lambda: (
            best_chance(self.game, candidates, state) if left == 2 else
            best_chance_of_three(self.game, candidates, state)))
        if chance is None:
            return None, verdict
        word, n = self.game.guesses.words[chance.guess], len(candidates)
        if self.game.weights is None:
            share = f"{chance.found} of the {n:,} answers ({chance.found / n:.0%})"
        else:
            share = f"{chance.found / chance.whole:.1%} of the answers' weight"
        note = f"finds {share} within the {left} guesses left: no guess finds more"
        said = f"; the best chance: {word.upper()} finds {share}"
        return Suggestion("best chance", word, note, "proven"), (verdict or "") + said

    def _absurdle_row(self) -> Suggestion:
        candidates = self.boards[0].candidates
        key = ("absurdle", self.game.fingerprint, candidates.tobytes(), self.hard_state())
        return self.scores.get(key, lambda: absurdle_suggestion(self.game, candidates,
                                                                self._pool(candidates)))

    def _dordle_rows(self) -> tuple[tuple[Suggestion, ...], str | None, Found | None]:
        """Two boards' suggestions: the Dordle engine's row alone, or the heuristic's when the
        engine has none; while its exact search runs (behind a server) and nothing is found yet,
        the heuristic's and a pending row that says the search runs."""
        row, verdict, found = self._dordle_row()
        if row is not None:
            return (row,), verdict, found
        if found is not None and found.running and found.pending:
            return (self._multi_row(), Suggestion(
                "optimal", "-", f"no result yet: the exact search is running ({found.why})",
                "pending")), verdict, found
        return (self._multi_row(),), verdict, found

    def _dordle_row(self) -> tuple[Suggestion | None, str | None, Found | None]:
        """Two boards: the Dordle engine's least-total next guess over the games still possible
        (ordered pairs of different answers, or one board's answers once the other is solved),
        proven when its exact search finished within the budget, else a beam's (an upper bound).
        (None, None, None) when the state is too big to search at a prompt; with no tree within
        the guesses left, no row but the verdict (proven) or nothing (a beam's failure)."""
        boards = [None if b.solved else b.candidates for b in self.boards]
        found = self.search.find_dordle(self.game, boards[0], boards[1], self.guesses_left)
        if found is None:
            return None, None, None
        if found.word is None:
            verdict = None
            if found.proven:
                verdict = no_sure_win("every answer", self.guesses_left)
            return None, verdict, found
        what = "game" if len(self.unsolved) == 2 else "answer"
        # "more": from here on, this guess counted (beside the game's proven bound from the
        # start, a bare "3.806 each" read as beating it)
        each = (f"{plural(found.total, 'guess')} in all for the {plural(found.games, what)} "
                f"left, {found.total / found.games:.3f} more each")
        if found.proven:
            return Suggestion("optimal", found.word, f"{each}; proven optimal", "proven",
                              found.total), None, found
        why = f": {found.why}" if found.why else ""
        return (Suggestion("optimal", found.word,
                           f"{each}; best found by a beam of {found.beam}, not proven{why}",
                           "upper bound", found.total), None, found)

    def _multi_row(self) -> Suggestion:
        """The many-board player's guess (`lookahead.BoardsPlayer`): a board whose answer is
        certain first; else the most information summed over the unsolved boards, with a bonus
        for a chance to solve one. A heuristic; at the start of a game the note gives the proven
        lower bound on any strategy's average (`_boards_bound`), or says the game cannot be won
        when fewer guesses are left than boards unsolved."""
        for k in self.unsolved:
            if len(self.boards[k].candidates) == 1:
                word = self.game.answers.words[int(self.boards[k].candidates[0])]
                return Suggestion("known answer", word, f"board {k + 1}'s answer is known")
        boards = [self.boards[k].candidates for k in self.unsolved]
        guess = self._boards_player.next_guess(boards)
        bits, chance = self._boards_player.figures(boards, guess)
        note = f"{bits:.2f} bits over {plural(len(self.unsolved), 'unsolved board')}"
        if chance:
            note += f", a {chance:.0%} chance to solve one"
        if self.guesses_left < len(self.unsolved):  # a guess solves at most one board
            note += (f"; the game cannot be won: {plural(len(self.unsolved), 'board')} unsolved "
                     f"and {plural(self.guesses_left, 'guess')} left, and a guess solves at most one")
        elif not self.history:
            bound = self.scores.get(("boards bound", self.game.fingerprint, len(self.boards)),
                                    self._boards_bound)
            note += f"; a heuristic{self._boards_estimate()}: no strategy averages fewer than "
            note += f"{bound:.3f} guesses over {len(self.boards)} boards (a proven lower bound)"
        else:
            note += "; a heuristic"
        return Suggestion("most information", self.game.guesses.words[guess], note)

    def _boards_bound(self) -> float:
        """The proven lower bound on the mean guesses of any strategy for these boards: for two
        boards of the full lists, the one `results/dordle/` proves (`proven_dordle_mean`), else
        the generic many-board bound (`optimal.multiboard.lower_bound`)."""
        if len(self.boards) == 2:
            proven = proven_dordle_mean(self.game)
            if proven is not None:
                return proven
        return lower_bound(len(self.game.answers), len(self.boards), most_replies(self.game)).mean

    def _boards_estimate(self) -> str:
        """What this player averages here, from a committed sampled run (`sampled_estimate`),
        said as the estimate it is; '' for a game no run played."""
        record = sampled_estimate(self.game, len(self.boards), self._boards_player.solve_bonus)
        if record is None:
            return ""
        low, high = record["interval95"]
        return (f" that averages {record['mean']:.3f} guesses (95% interval {low:.3f}-{high:.3f}, "
                f"an estimate from {record['sampled']['games']:,} sampled games)")

    @cached_property
    def _boards_player(self) -> BoardsPlayer:
        return BoardsPlayer(self.game)
