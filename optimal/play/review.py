"""The exact review of a played game: for each turn, what optimal play expected, what the player's
guess cost, and how lucky the reply was, as values (the terminal and the web page render them).

Why exact: every state's optimum is the search's own figure (least total guesses over its
candidates, weighted on a weighted game), so the skill cost of a guess is a difference of two
optima, not a heuristic's score. Per turn t, at the state before the guess (W: the candidates'
weight, their number without weights):

- optimum: the least total from here; `optimum / W` is the expected guesses still needed;
- played: the total after the player's guess, playing optimally from then on: `W` (the guess
  itself) plus the optimum of every reply's state; `played / W` is the expected guesses then;
- cost = (played - optimum) / W, in guesses (0 for a best guess);
- luck = (played - W) / W - after / W', where `after` is the optimum of the state the reply left
  (W' its weight; 0 once won): the expected guesses left over the replies the guess could have got,
  against those left after the reply received (positive: lucky).

Summed over a won game they add up: guesses played = optimum at the start / W + cost - luck.

Where the figures come from: the first guess from the bundled exact first-word tables
(`optimal/data/exact/`, copied from `results/` by scripts/build_exact_tables.py: the optimum over
every first word, proven, and each listed word's exact total), every other state from an exact
search within a time budget. A figure whose search did not finish is a `Bound`: a proven lower
bound (the split bound, `lookahead.split_bounds`) and the total of a real tree (a beam's) beside it,
when the beam is quick there (`played_bounds`, `optimum_bounds`; else the bound alone).

The exact searches run in daemon threads (numba kernels cannot be interrupted; a daemon thread does
not hold up the process's exit), at most `slots` at once, their results kept, so asking again once
they finish gets the proof. The smallest job runs first (across reviews too), so the first turn's
large search does not starve the quick ones of their budget; a server searches no state above its
size limit (`ReviewSearch.largest`).
"""

from __future__ import annotations

import itertools
import json
import queue
import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources

import numpy as np

from lookahead import INF, SearchSetting, best_next_guess, solve_guess, split_bounds
from optimal.errors import BadInput
from optimal.game import Game, ClueState, Step, parse_history, split_history
from optimal.rules import SQUARES
from optimal.play.cache import LruCache
from optimal.play.exact import BEAM, CACHE_MB
from optimal.play.text import plural
from optimal.words import load_words, player_pairings

REVIEW_BUDGET = 60.0  # seconds of exact search a terminal review may take in all
BEAM_MAX = 1000  # the beam's upper bound is searched only at states (and parts) up to this size
BEAM_GAME_MAX = 4000  # ... and a played guess's beam only at states up to this size (see played_bounds)


@dataclass(frozen=True)
class Bound:
    """A total of guesses over a state's candidates: proven when `lower == upper`. Otherwise
    `lower` is a proven lower bound and `upper` the total of a real tree (None: none found).
    `lower` INF: proven that no tree finds every candidate within the guesses left."""

    lower: int
    upper: int | None

    @staticmethod
    def exact(total: int) -> "Bound":
        """A proven total (INF: proven that there is no tree)."""
        return Bound(total, total if total < INF else None)

    @property
    def proven(self) -> bool:
        """Both ends meet (or no tree exists): the figure is exact."""
        return self.lower >= INF or self.lower == self.upper

    @property
    def none(self) -> bool:
        """Proven: no tree within the guesses left."""
        return self.lower >= INF

    def per(self, weight: int) -> tuple[float, float]:
        """The bound as expected guesses (divided by `weight`): (low, high); inf when unknown."""
        high = float("inf") if self.upper is None else self.upper / weight
        return (float("inf") if self.none else self.lower / weight, high)

    def as_dict(self) -> dict:
        """As JSON: `lower` None when no tree exists."""
        return {"lower": None if self.none else self.lower, "upper": self.upper,
                "proven": self.proven, "none": self.none}


Interval = tuple[float, float]


def _minus(a: Interval, b: Interval) -> Interval:
    return (a[0] - b[1], a[1] - b[0])


@dataclass(frozen=True)
class Turn:
    """One guess of the game and its figures (totals, see the module docstring).

    candidates/weight: the answers still possible before the guess; best: the best guess(es)
    known there (from the table, or the search's, with the player's own when it ties); after: the
    optimum of the state the reply left (exact 0 once won), over `after_weight`."""

    number: int
    guess: str
    reply: str
    candidates: int
    weight: int
    optimum: Bound
    best: tuple[str, ...]
    played: Bound
    after: Bound
    after_candidates: int
    after_weight: int
    won: bool
    sources: tuple[str, ...] = ()
    wasted: bool = False  # the guess told nothing and could not win: it cost a whole guess

    @property
    def expected_optimal(self) -> Interval:
        """Expected guesses still needed here, playing optimally (the guess counted)."""
        return self.optimum.per(self.weight)

    @property
    def expected_played(self) -> Interval:
        """Expected guesses after the player's guess, optimal from then on (it counted)."""
        return self.played.per(self.weight)

    @property
    def cost(self) -> Interval:
        """Guesses lost by this guess: never negative (no guess beats the optimum); undefined
        (nan) where no tree exists at all. A guess after which no tree exists lost the sure win
        (inf, shown 'none') when a tree was known before it; when none was, whether there was
        one to lose is unknown (nan), not 'at least 0'."""
        if self.optimum.none:
            return (float("nan"), float("nan"))
        if self.played.none:
            lost = float("inf") if self.optimum.upper is not None else float("nan")
            return (lost, lost)
        low, high = _minus(self.expected_played, self.expected_optimal)
        least = 1.0 if self.wasted else 0.0  # the same state, one guess fewer: no cheaper
        return (max(least, low), max(least, high))

    @property
    def expected_left_average(self) -> Interval:
        """Expected guesses left after this guess, over the replies it could have got."""
        low, high = self.expected_played
        return (low - 1, high - 1)

    @property
    def expected_left_after(self) -> Interval:
        """Expected guesses left after the reply received (0 once won)."""
        return (0.0, 0.0) if self.won else self.after.per(self.after_weight)

    @property
    def luck(self) -> Interval:
        """Guesses the reply saved against the average reply (negative: unlucky); undefined
        (nan) when the guess or the reply left a state with no tree (a lost game's last guess)."""
        if self.played.none or (not self.won and self.after.none):
            return (float("nan"), float("nan"))
        return _minus(self.expected_left_average, self.expected_left_after)

    @property
    def proven(self) -> bool:
        """Every figure of the turn is exact."""
        return self.optimum.proven and self.played.proven and self.after.proven

    def as_dict(self) -> dict:
        """As JSON: the totals and the derived figures (intervals as [low, high])."""
        return {"number": self.number, "guess": self.guess, "reply": self.reply,
                "candidates": self.candidates, "weight": self.weight,
                "optimum": self.optimum.as_dict(), "best": list(self.best),
                "played": self.played.as_dict(), "after": self.after.as_dict(),
                "after_candidates": self.after_candidates, "after_weight": self.after_weight,
                "won": self.won, "proven": self.proven, "sources": list(self.sources),
                "expected_optimal": _pair(self.expected_optimal),
                "expected_played": _pair(self.expected_played), "cost": _pair(self.cost),
                "expected_left_average": _pair(self.expected_left_average),
                "expected_left_after": _pair(self.expected_left_after), "luck": _pair(self.luck)}


def _pair(interval: Interval) -> list[float | None]:
    """An interval as JSON: rounded to 6 places, None for an unknown (infinite) end."""
    return [None if not np.isfinite(x) else round(float(x), 6) for x in interval]


@dataclass(frozen=True)
class Review:
    """A reviewed game: its turns and the sums. `answer` when known; `status`: won, lost or
    playing (the answer unknown and not found yet)."""

    turns: tuple[Turn, ...]
    answer: str | None
    status: str
    lists: str
    seconds: float = 0.0
    only_left: str | None = None  # a lost game's answer, when one word alone still fitted

    @property
    def expected_from_start(self) -> Interval:
        """What optimal play expected from the first guess on."""
        return self.turns[0].expected_optimal

    @property
    def lost(self) -> Interval:
        """Guesses lost to optimal play in all."""
        return _sum(t.cost for t in self.turns)

    @property
    def luck(self) -> Interval:
        """Luck in all, in guesses."""
        return _sum(t.luck for t in self.turns)

    @property
    def proven(self) -> bool:
        """Every figure of every turn is exact."""
        return all(t.proven for t in self.turns)

    @property
    def no_sum(self) -> bool:
        """Whether the losses and luck have no sum because the game met a state from which no
        strategy is sure to finish ('none'): not because a figure has no bound yet."""
        return any(t.optimum.none or t.played.none or t.after.none for t in self.turns)

    def as_dict(self) -> dict:
        """As JSON: the sums and every turn (what /api/review returns)."""
        return {"answer": self.answer, "status": self.status, "lists": self.lists,
                "only_left": self.only_left,
                "played": len(self.turns), "proven": self.proven, "no_sum": self.no_sum,
                "expected_from_start": _pair(self.expected_from_start), "lost": _pair(self.lost),
                "luck": _pair(self.luck), "turns": [t.as_dict() for t in self.turns],
                "seconds": round(self.seconds, 3)}


def _sum(intervals) -> Interval:
    lows, highs = zip(*intervals)
    return (sum(lows), sum(highs))


# ------------------------------------------------------------------ the bundled first-word tables


@dataclass(frozen=True)
class FirstWords:
    """A bundled exact first-word table: the proven optimum from the start, its words, and each
    listed word's exact total (None: proven to have no tree within the limit)."""

    optimum: int
    words: tuple[str, ...]
    values: dict[str, int | None] = field(repr=False)


def _table_name(game: Game) -> str:
    weights = "" if game.weights is None else f"-w{game.weights.name}"
    return f"{game.answers.name}-{game.guesses.name}-{game.mode}-d{game.max_guesses}{weights}.json"


def first_words(game: Game) -> FirstWords | None:
    """The bundled table for this game (None when there is none, or the lists differ by content
    from the table's, or the answers' weights do: a weighted table's totals are of those weights,
    as `--weights freq` quantized them with the run's wordfreq, named by their sha256)."""
    path = resources.files("optimal").joinpath("data", "exact", _table_name(game))
    try:  # a weights file's long name can make the table's name too long for the file system
        if not path.is_file():
            return None
        table = json.loads(path.read_text())
    except OSError:
        return None
    if not game.matches(table["game"]):
        return None
    return FirstWords(table["optimum"]["total"], tuple(table["optimum"]["words"]),
                      table["values"])


OTHER_LIMITS = range(2, 11)  # the guess limits whose bundled tables may bound another limit's


def other_limit_bounds(game: Game, word: str) -> tuple[Bound, Bound, tuple[str, ...]] | None:
    """Bounds on the first state's optimum and on `word`'s total from the bundled tables of the
    same game at other guess limits (None when there is none), and the best words of the table
    whose tree gives the optimum's upper bound (none without one). Why: with fewer guesses allowed
    no total is lower (the table's values are lower bounds, and 'no tree' stays 'no tree'); with
    more allowed none is higher (its values are real trees' totals, upper bounds). Within 5 in
    normal mode SALET's 7,920 within 6 makes the start exact once a beam finds a 7,920 tree within
    5; within 7 SALET's tree within 6 is the best tree known, so SALET is the best guess shown."""
    low_opt, high_opt, low_word, high_word, high_words = 0, None, 0, None, ()
    for limit in OTHER_LIMITS:
        if limit == game.max_guesses:
            continue
        table = first_words(game.with_limits(game.mode, limit))
        if table is None:
            continue
        value = table.values.get(word, -1)  # -1: the table does not list the word
        if limit > game.max_guesses:
            low_opt = max(low_opt, table.optimum)
            if value != -1:
                low_word = max(low_word, INF if value is None else value)
        else:
            if high_opt is None or table.optimum < high_opt:
                high_opt, high_words = table.optimum, tuple(table.words)
            if value not in (-1, None):
                high_word = value if high_word is None else min(high_word, value)
    if low_opt == 0 and high_opt is None:
        return None
    return Bound(low_opt, high_opt), Bound(low_word, high_word), high_words


def _tightest(a: Bound, b: Bound) -> Bound:
    """Both bounds' information: the higher lower bound, the lower upper bound."""
    uppers = [u for u in (a.upper, b.upper) if u is not None]
    return Bound(max(a.lower, b.lower), min(uppers) if uppers else None)


# ------------------------------------------------------------------ the searches, within a budget


class _Job:
    def __init__(self):
        self.done = threading.Event()
        self.result = None
        self.error: BaseException | None = None


class ReviewSearch:
    """Exact searches for reviews in daemon threads, bounded in number, their results kept (see
    the module docstring); the bounds that stand in for a search not finished in time.

    Why smallest first, across reviews, and a `largest` size: a search runs to its end (a kernel
    cannot be stopped) though its review has long been answered with bounds, and on a server the
    searches of every player share the slots. One review of FUZZY CRANE CIGAR queued the optimum
    of 1,352 answers (minutes to hours), and every later review, even of states of 40 answers,
    waited behind it and got bounds until the server restarted. So the queue runs the smallest
    job first (its size: the state's answers), and a server queues no job above `largest` (None:
    no limit, as in a terminal, which exits after its review)."""

    def __init__(self, slots: int = 1, queue_size: int = 16, keep: int = 2048,
                 largest: int | None = None):
        self._queue: queue.PriorityQueue = queue.PriorityQueue()
        self._capacity = slots + queue_size
        self.largest = largest
        self._jobs: dict[tuple, _Job] = {}
        self._kept = LruCache(keep)
        self._lock = threading.Lock()
        self._order = itertools.count()  # ties of size in submission order (keys do not compare)
        self.finished = 0  # searches ended, for a progress display
        for number in range(slots):
            threading.Thread(target=self._work, name=f"optimal-review-{number}",
                             daemon=True).start()

    def _work(self) -> None:
        while True:
            _, _, key, job, work = self._queue.get()
            try:
                job.result = work()
            except BaseException as error:  # handed to the waiting caller, which raises it
                job.error = error
            if job.error is None:
                self._kept.get(key, lambda: job.result)
            with self._lock:
                self._jobs.pop(key, None)
                self.finished += 1
            job.done.set()

    def submit(self, key: tuple, work: Callable[[], object], size: int = 0) -> _Job | None:
        """The job of `key` (kept, running or new), or None when too many are pending or `size`
        is above `largest` (then the caller's bounds stand)."""
        kept = self._kept.peek(key)
        if kept is not None:
            job = _Job()
            job.result = kept
            job.done.set()
            return job
        if self.largest is not None and size > self.largest:
            return None
        with self._lock:
            job = self._jobs.get(key)
            if job is None:
                if len(self._jobs) >= self._capacity:
                    return None
                job = self._jobs[key] = _Job()
                self._queue.put((size, next(self._order), key, job, work))
        return job

    @staticmethod
    def wait(job: _Job | None, deadline: float):
        """The job's result if it is ready by `deadline` (time.monotonic()), else None."""
        if job is None or not job.done.wait(max(0.0, deadline - time.monotonic())):
            return None
        if job.error is not None:
            raise job.error
        return job.result

    def busy(self) -> int:
        """Searches running or waiting, for the server's health endpoint."""
        with self._lock:
            return len(self._jobs)


def _key(game: Game, candidates: np.ndarray, left: int, state: ClueState | None, what) -> tuple:
    return (game.fingerprint, np.asarray(candidates).tobytes(), left, state, what)


def optimum_job(search: ReviewSearch, game: Game, candidates: np.ndarray, left: int,
                state: ClueState | None) -> _Job | None:
    """Queue the exact optimum of a state: (total or INF, best word or None)."""
    def work():
        best = best_next_guess(game, candidates, left, state, SearchSetting(cache_mb=CACHE_MB))
        return (INF, None) if best is None else (best.total, best.word)
    return search.submit(_key(game, candidates, left, state, "optimum"), work, len(candidates))


def played_job(search: ReviewSearch, game: Game, candidates: np.ndarray, guess: int, left: int,
               state: ClueState | None) -> _Job | None:
    """Queue the exact total of one guess at a state, optimal from then on."""
    def work():
        result = solve_guess(game, guess, SearchSetting(cache_mb=CACHE_MB), candidates, left,
                             state)
        return result.value if result.value < INF else INF
    # sized by the state, as the optimum's: a first guess not in a bundled table is a whole
    # first-word search, however small its parts
    return search.submit(_key(game, candidates, left, state, ("guess", guess)), work,
                         len(candidates))


def optimum_bounds(game: Game, candidates: np.ndarray, left: int,
                   state: ClueState | None) -> tuple[Bound, str | None]:
    """A state's optimum when its exact search did not finish: the least split bound over the
    legal guesses (proven), and a beam's total (a real tree) with its word when the state is small
    enough for the beam to be quick."""
    legal = game.legal_ids(state).tolist()
    lower = min(split_bounds(game, legal, candidates, left).values())
    if len(candidates) > BEAM_MAX:
        return Bound(lower, None), None
    best = best_next_guess(game, candidates, left, state, SearchSetting(beam=BEAM, cache_mb=CACHE_MB))
    if best is None:
        return Bound(lower, None), None
    return Bound(min(lower, best.total), best.total), best.word


def played_bounds(game: Game, candidates: np.ndarray, guess: int, left: int,
                  state: ClueState | None) -> Bound:
    """One guess's total when its exact search did not finish: its split bound and a beam's tree
    (quick when the guess's parts are small: the beam searches below this one guess). As for a
    state, a part of more than BEAM_MAX answers gets no beam, only the lower bound: XYLYL in hard
    mode within 5 guesses (a part of 1,334) kept a review with a 5 s budget busy over 200 s; nor
    does a state of more than BEAM_GAME_MAX answers (SALET first with all 12,972 words as answers,
    parts of at most 1,000 or so: also over 200 s)."""
    lower = split_bounds(game, [guess], candidates, left)[guess]
    if lower >= INF:
        return Bound(INF, None)
    parts = np.bincount(game.matrix[guess, candidates], minlength=game.n_codes)
    parts[game.won] = 0
    if parts.max() > BEAM_MAX or len(candidates) > BEAM_GAME_MAX:
        return Bound(lower, None)
    result = solve_guess(game, guess, SearchSetting(beam=BEAM, cache_mb=CACHE_MB), candidates, left,
                         state)
    return Bound(lower, result.value if result.value < INF else None)


# ------------------------------------------------------------------ the played game


LETTER_ROW = re.compile(r"[BYGbyg012]+")  # a row typed as letters (B grey, Y yellow, G green) or 2/1/0
GRID_HEADER = re.compile(r"Wordle\s+[\d,.\s]*?\b([1-9X])/([1-9])(\*?)",  # 'Wordle 1,234 3/6*'
                         re.IGNORECASE)  # guesses, limit, '*' for hard mode


def grid_replies(text: str, game: Game) -> list[int]:
    """The replies of a pasted share grid ('Wordle 1,234 3/6' and its rows of coloured squares,
    or rows typed as letters, BBYYB, or as 2/1/0): every whitespace-separated row of the game's
    length is a row; anything else is skipped, but a header that disagrees with the rows is
    refused (`check_header`): reviewing another game than the one played would be a wrong review,
    not a rough one."""
    header = GRID_HEADER.search(text)
    body = text[:header.start()] + " " + text[header.end():] if header else text  # its number
    rows = []
    tokens = [token.replace("\ufe0f", "") for token in body.replace(",", " ").split()]  # 'bbyyb,bbbgg'
    squares = any(t and all(mark in SQUARES for mark in t) for t in tokens)
    for marks in tokens:
        letters = LETTER_ROW.fullmatch(marks) and len(marks) >= 3  # 'BBYB': a row mistyped
        # a number in the text, not a row: one of another length, or any beside a grid of squares
        # ('Played 22222' in pasted statistics read as a row of greens)
        if marks.isdigit() and (len(marks) != game.length or squares):
            continue
        if len(marks) == game.length and not set(marks) <= set(".-_"):  # not a '-----' rule
            letters = letters or _reads_as_reply(game, marks)  # 'xxyxx', '..Y..': the rule's marks
        if not marks or not (letters or all(mark in SQUARES for mark in marks)):
            continue
        if len(marks) != game.length:
            raise BadInput(f"row {len(rows) + 1} of the grid has {len(marks)} squares, not "
                           f"{game.length}")
        rows.append(game.parse_reply(marks))
    if not rows:
        raise BadInput("the grid has no row of coloured squares (paste the game's share text)")
    if header:
        check_header(header, rows, game)
    return rows


def _reads_as_reply(game: Game, marks: str) -> bool:
    """Whether `marks` spells a reply in any of the marks the rule reads (x, w, '.' for a miss)."""
    try:
        game.parse_reply(marks)
    except BadInput:
        return False
    return True


def check_header(header: re.Match, rows: list[int], game: Game) -> None:
    """BadInput when a share grid's header ('3/6', 'X/6', '3/6*') disagrees with its rows or the
    game: a won game's count is its rows and its last row is all green; a lost one ('X') has as
    many rows as the limit and no green row; the limit is the game's; '*' is hard mode, and a
    header without it is a normal-mode game."""
    count, limit, hard = header.groups()
    count = count.upper()  # 'x/6' as typed by hand
    said = f"the grid's header says {count}/{limit}{hard}"
    won = rows[-1] == game.won
    if count == "X" and (won or len(rows) != int(limit)):
        raise BadInput(f"{said} (lost) but " + ("its last row is all green" if won else
                       f"it has {plural(len(rows), 'row')}, not {limit}"))
    if count != "X" and int(count) != len(rows):
        raise BadInput(f"{said} but it has {plural(len(rows), 'row')}")
    if count != "X" and not won:
        raise BadInput(f"{said} (won) but its last row is not all green")
    if int(limit) != game.max_guesses:
        raise BadInput(f"{said}: a game of {limit} guesses; review it with --max-depth {limit} "
                       f"(this review allows {game.max_guesses})")
    if hard and game.mode == "normal":
        raise BadInput(f"{said}, which marks a hard-mode game: review it in hard mode (--hard), "
                       "or drop the '*' to review it as a normal-mode game")
    if not hard and game.mode == "hard":  # the newspaper's share text marks hard mode '*'
        raise BadInput(f"{said}, with no '*': a normal-mode game; review it without --hard, or "
                       "add the '*' to review it as a hard-mode game")


def steps_from(game: Game, words: list[str], replies: list[int] | None,
               answer: str | None) -> list[Step]:
    """The played steps from the guesses and either their replies (a grid) or the answer (the
    replies computed from it); with both, every reply must be the answer's."""
    for word in words:
        game.guess_id(word)
    if replies is None:
        if answer is None:
            raise BadInput("give the replies (a history or the share grid) or the answer")
        replies = [int(game.rule.reply(word, answer)) for word in words]
    if len(replies) != len(words):
        raise BadInput(f"{plural(len(words), 'guess')} but {plural(len(replies), 'row')} in the "
                       "grid")
    steps = list(zip(words, replies))
    if answer is None and replies and replies[-1] == game.won:  # a won grid names its answer:
        check_answer(game, steps, words[-1])  # the step whose row it contradicts is said
    return check_answer(game, steps, answer)


def check_answer(game: Game, steps: list[Step], answer: str | None) -> list[Step]:
    """The steps, checked against the answer when it is known: each reply must be the one the
    answer gives (BadInput names the first step that differs)."""
    if answer is None:
        return steps
    for number, (word, code) in enumerate(steps, start=1):
        expected = int(game.rule.reply(word, answer))
        if code != expected:
            raise BadInput(f"step {number}: {word.upper()} gets {game.reply_text(expected)} from "
                           f"{answer.upper()}, not {game.reply_text(code)}")
    return steps


def no_answer_fits(game: Game, steps: list[Step], check: str) -> str:
    """The sentence for replies no answer of the chosen list fits: first the other bundled answer
    lists they fit (a newer answer is no mistake of the player's), then `check`, what to look at
    when none does (a mistyped reply)."""
    fits = fitting_lists(game, steps)
    if not fits:
        return f"no answer fits: {check}"
    return (f"no answer of {game.answers.name} fits, but the game fits {fits}; if that is not "
            f"the list played, {check}")


def fitting_lists(game: Game, steps: list[Step]) -> str:
    """How many answers of each other bundled answer list fit every reply ('' for none): players
    play the newspaper's current list, and a word outside the chosen one is no mistake."""
    hints = []
    for pair, (answers_name, _) in player_pairings().items():
        if answers_name == game.answers.name:
            continue
        words = load_words(answers_name).words
        if not words or len(words[0]) != game.length:
            continue
        fits = [w for w in words if all(int(game.rule.reply(g, w)) == code for g, code in steps)]
        if fits:
            hints.append(f"{plural(len(fits), 'answer')} of {answers_name} (--lists {pair})")
    return ", ".join(hints)


def checked_steps(game: Game, steps: list[Step], answer: str | None) -> list[Step]:
    """The steps, validated as a played game (known words, hard-mode legal, at most the guess
    limit, nothing after the win, some answer left); a reply or answer outside the chosen answer
    list says which bundled list it fits."""
    if not steps:
        raise BadInput("no guess to review")
    if len(steps) > game.max_guesses:
        raise BadInput(f"{len(steps)} guesses: review it with --max-depth {len(steps)} (this "
                       f"review allows {game.max_guesses})")
    if answer is not None:
        game.answer_id(answer)  # BadInput naming the lists that have it
    try:
        game.check_history(steps)
    except BadInput as error:
        if game.hard and f"is not allowed in {game.mode_name}" in str(error):
            raise BadInput(f"{error} (a game that broke the rule can be reviewed as a normal-mode "
                           f"game: without --{game.mode})") from None
        if not str(error).startswith("no answer fits: "):
            raise
        raise BadInput(no_answer_fits(game, steps, str(error).removeprefix("no answer fits: ")
                                      )) from None
    return steps


@dataclass(frozen=True)
class _State:
    candidates: np.ndarray
    left: int
    hard: ClueState | None


def _states(game: Game, steps: list[Step]) -> list[_State]:
    """The state before each guess and the one after the last reply."""
    hard = game.start_state()
    candidates = game.all_candidates()
    out = [_State(candidates, game.max_guesses, hard)]
    for number, (word, code) in enumerate(steps, start=1):
        candidates = candidates[game.matrix[game.guess_id(word), candidates] == code]
        hard = hard.after(word, code) if hard is not None else None
        out.append(_State(candidates, game.max_guesses - number, hard))
    return out


def _queue_jobs(search: ReviewSearch, game: Game, steps: list[Step], states: list[_State],
                table: FirstWords | None, won: bool) -> dict[tuple, _Job | None]:
    """Every exact search the review needs, queued from the last state back (small ones first);
    the first state's come from the table when it has them."""
    jobs: dict[tuple, _Job | None] = {}
    for t in reversed(range(len(states))):
        s = states[t]
        if t < len(steps) and not (t == 0 and table and steps[0][0] in table.values):
            jobs["played", t] = played_job(search, game, s.candidates,
                                           game.guess_id(steps[t][0]), s.left, s.hard)
        if not (t == 0 and table) and not (t == len(steps) and won) and s.left > 0:
            jobs["optimum", t] = optimum_job(search, game, s.candidates, s.left, s.hard)
    return jobs


def _optimum(game: Game, states: list[_State], t: int, jobs: dict, deadline: float,
             table: FirstWords | None, won: bool) -> tuple[Bound, tuple[str, ...], str]:
    """State t's optimum, its best word(s) and where the figure comes from."""
    s = states[t]
    if t == 0 and table:
        return Bound.exact(table.optimum), table.words, "table"
    if t == len(states) - 1 and won:
        return Bound.exact(0), (), "won"
    if s.left == 0:
        return Bound.exact(INF), (), "no guess left"
    found = ReviewSearch.wait(jobs["optimum", t], deadline)
    if found is not None:
        total, word = found
        return Bound.exact(total), (word,) if word else (), "search"
    bound, word = optimum_bounds(game, s.candidates, s.left, s.hard)
    return bound, (word,) if word else (), "bounds"


def _played(game: Game, states: list[_State], steps: list[Step], t: int, jobs: dict,
            deadline: float, table: FirstWords | None) -> tuple[Bound, str]:
    """Turn t's total after the player's guess, and where it comes from."""
    s, word = states[t], steps[t][0]
    if t == 0 and table and word in table.values:
        value = table.values[word]
        return Bound.exact(INF if value is None else value), "table"
    found = ReviewSearch.wait(jobs["played", t], deadline)
    if found is not None:
        return Bound.exact(found), "search"
    return played_bounds(game, s.candidates, game.guess_id(word), s.left, s.hard), "bounds"


def _wasted(game: Game, candidates: np.ndarray, word: str) -> bool:
    """Whether guessing `word` tells nothing and cannot win: every candidate gives it the same
    reply, and none is it (a repeated guess, or a letter-for-letter duplicate of what is known)."""
    replies = game.replies_to(word, candidates)
    return bool((replies == replies[0]).all() and replies[0] != game.won)


def review_game(game: Game, steps: list[Step], answer: str | None, search: ReviewSearch,
                budget: float = REVIEW_BUDGET) -> Review:
    """The review of a played game (steps already checked: `checked_steps`), its exact searches
    sharing one deadline `budget` seconds away; figures not found by then are bounds."""
    start = time.monotonic()
    deadline = start + budget
    won = steps[-1][1] == game.won
    answer = answer or (steps[-1][0] if won else None)
    states = _states(game, steps)
    table = first_words(game)
    jobs = _queue_jobs(search, game, steps, states, table, won)
    optima = [_optimum(game, states, t, jobs, deadline, table, won) for t in range(len(states))]
    played = [_played(game, states, steps, t, jobs, deadline, table) for t in range(len(steps))]
    other = None if table else other_limit_bounds(game, steps[0][0])
    if other is not None:  # the first state bounded by the tables of other guess limits
        (optimum, best, source), (bound, played_source) = optima[0], played[0]
        tightest = _tightest(optimum, other[0])
        if tightest.upper is not None and tightest.upper != optimum.upper:
            best = other[2]  # the upper bound is that table's tree: name its first guess
        optima[0] = (tightest, best, source + "+tables")
        played[0] = (_tightest(bound, other[1]), played_source + "+tables")
    wasted = [False] * len(steps)
    for t, (bound, played_source) in enumerate(played):
        optimum, best, source = optima[t]
        # the player's tree is a tree too: an upper bound of the optimum; and no guess beats the
        # optimum, so its lower bound holds for the guess played (a split bound alone fell below
        # the proven optimum from the table: "after guess 3.0361.." beside "optimal 3.5526")
        uppers = [u for u in (optimum.upper, bound.upper) if u is not None]
        tightened = Bound(optimum.lower, min(uppers) if uppers else None)
        if source.startswith("bounds") and tightened.upper != optimum.upper:
            # the beam's word was the tree of optimum.upper: the player's does better, so its
            # guess is the best tree's first guess ('?' alone said nothing of which tree)
            best = (steps[t][0],)
        optima[t] = (tightened, best, source)
        # a guess that tells nothing (one reply for every candidate) and cannot win costs a whole
        # guess: optimal play from the same state with one guess fewer is no cheaper
        wasted[t] = not optimum.none and _wasted(game, states[t].candidates, steps[t][0])
        floor = optimum.lower + (game.weight_of(states[t].candidates) if wasted[t] else 0)
        if floor > bound.lower:
            played[t] = (Bound(floor, bound.upper), played_source)
    turns = []
    for t, (word, code) in enumerate(steps):
        (optimum, best, optimum_source), (guess, source) = optima[t], played[t]
        if (guess.proven and optimum.proven and not optimum.none and guess.lower == optimum.lower
                and word not in best):  # (with no tree at all, no guess is "best")
            best = best + (word,)
        after, _, after_source = optima[t + 1]
        s, nxt = states[t], states[t + 1]
        turns.append(Turn(t + 1, word, game.reply_text(code), len(s.candidates),
                          game.weight_of(s.candidates), optimum, best, guess, after,
                          len(nxt.candidates), game.weight_of(nxt.candidates),
                          code == game.won, (optimum_source, source, after_source),
                          wasted[t]))
    status = "won" if won else ("lost" if states[-1].left == 0 else "playing")
    last = states[-1].candidates
    # a lost game's grid or history may leave one word: the answer, as the assistant says
    only_left = (game.answers.words[int(last[0])] if status == "lost" and answer is None
                 and len(last) == 1 else None)
    return Review(tuple(turns), answer, status, f"{game.answers.name} / {game.guesses.name}",
                  time.monotonic() - start, only_left)


def _history_steps(history: str, game: Game) -> list[Step]:
    """`parse_history`, and where every step is a word alone (the guesses without their replies,
    'salet,brond,cigar'), the option that takes those said."""
    try:
        return parse_history(history, game)
    except BadInput as error:
        steps = split_history(history, game)
        if steps and not any(replies for _, replies in steps):
            raise BadInput(f"{error} (guesses alone go to --words, with --answer or --grid)") \
                from None
        raise


def played_game(game: Game, history: str | None, words: list[str] | None, grid: str | None,
                answer: str | None) -> list[Step]:
    """The checked steps of a game given as a history of guesses and replies (`--from`'s syntax),
    or as the guesses with the answer (replies computed) or the share grid; the terminal and the
    web page both read a game here. BadInput with one line when it is not a playable game."""
    answer = answer.strip().lower() if answer and answer.strip() else None
    if answer is not None:
        game.answer_id(answer)  # so its replies can be computed (the answers are guesses too)
    if history is not None and (words or grid is not None):
        raise BadInput("give either the history or the guesses (with the answer or the grid), "
                       "not both")
    if history is not None:
        steps = check_answer(game, _history_steps(history, game), answer)
    elif words:
        replies = grid_replies(grid, game) if grid is not None else None
        steps = steps_from(game, list(words), replies, answer)
    elif grid is not None:  # the grid's squares are the colours only: the words are not in it
        raise BadInput("a share grid shows the colours only: give the guesses played with it "
                       "(--words)")
    else:
        raise BadInput("give the game: its history (guesses and replies), or its guesses with "
                       "the answer or the share grid")
    return checked_steps(game, steps, answer)
