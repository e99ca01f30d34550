"""The search for the best next guess, as the assistant runs it: at once in a terminal, or within a
time budget and a bounded number at once behind a web server.

Why two ways: a terminal user asked one question and waits for the proof, so `DirectSearch` runs
the exact search in the caller's thread for as long as it takes. A server answers many people; a
request must come back within its budget and a burst of requests must not start a search each.
`BudgetedSearch` does that:

- Threads, not processes. The branch-and-bound kernel is compiled with `nogil=True`
  (lookahead/kernels/total.py `solve`, lookahead/kernels/scan.py `rank_guesses`), so searches in threads run in
  parallel and share the game's 30 MB reply matrix instead of copying it into worker processes; each
  thread keeps its own solver (`lookahead.parallel.tasks.solver_for` keys them by thread).
- A thread cannot be killed, and a numba kernel cannot be interrupted. So the request waits for the
  exact search only up to its budget; past it, the request gets the best tree of a beam search (an
  upper bound, labelled so) while the exact search keeps running. Its result is cached, so the same
  position asked again (a reload, the next player) gets the proof.
- Bounded: `workers` threads run exact searches and at most `queue` more wait; when that many are
  pending no new one starts (the request goes straight to the beam). One more thread runs the beam
  searches, which take milliseconds at the sizes the assistant searches (<= 300 candidates), with
  the same bound on waiting work. Results are kept for the last `keep` positions.

Both return a `Found` with, on request, the per-answer table of the strategy's tree, replayed with
the plain rule so that its sum (weighted by the game's answer weights, if any) must equal the
search's total.

Two boards (Dordle) go the same two ways (`find_dordle`): the Dordle engine's exact search
(`lookahead.dordle_next_guess`, a rising cutoff, its kernel also `nogil`) within the budget, else
the best guess of a one-guess-per-node beam over pairs, labelled an upper bound. The terminal gives
the exact search DORDLE_BUDGET seconds in its own thread; the server runs it in a lane of its own
(for up to DORDLE_EXACT_SECONDS, so that asking again can get the proof) and answers from the beam
lane when the request's budget runs out. A kernel call cannot be interrupted, and one step of the
rising cutoff on a big state runs far past that time (the state after SALET BYBBB/BBBBB, 22,542
games: more than ten minutes), holding the Dordle lane while the player's next position waits
behind it; so the server proves states of at most DORDLE_PROOF_MAX_GAMES games and gives bigger
ones the beam only. A kernel call that could be cut at a deadline would not change that at a
prompt's budget: of 12 states of 1,312 to 23,647 games after SALET (random answer pairs, seed 1,
2026-12-05, load 3; `benchmarks/bench_dordle_prompt.py`), none was proven within 2 s, four (those
of at most 1,976 games) within 25 s, the rest not within 40 s.
An exact result that is not proven (its time ran out) is not kept: asking again searches again.
States of more than DORDLE_MAX_GAMES games are not searched at a prompt (None: the assistant falls
back to its heuristic).

The lanes' threads are daemon threads: a server told to stop ends at once, whatever kernel runs.
"""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future, wait
from dataclasses import replace
from queue import SimpleQueue

import numpy as np

from lookahead import SearchSetting, best_next_guess, best_next_tree, dordle_next_guess
from optimal.errors import DefectiveTree
from optimal.game import Game, ClueState
from optimal.play.analysis import Found
from optimal.tree import Node, path_of

CACHE_MB = 64  # the exact search's memo: small, since the sets it sees here are small
BEAM = 10  # the fallback beam's width: milliseconds for a few hundred candidates
BUDGET = 2.0  # seconds a web request waits for the exact search
BEAM_WAIT = 1.0  # at least this long for the beam, however small the budget: it is the fallback
DORDLE_BUDGET = 2.0  # seconds the terminal's Dordle suggestion may search exactly before the beam
DORDLE_EXACT_SECONDS = 60.0  # the server's exact Dordle search (checked between cutoff steps)
DORDLE_MAX_GAMES = 40_000  # Dordle states bigger than this are not searched at a prompt
DORDLE_PROOF_MAX_GAMES = 1_000  # the server's exact Dordle search: states of at most this many games
BUSY = "the exact search was not started: too many are running; ask again"
DORDLE_CACHE_MB = 128


def answer_table(tree: Node, game: Game, candidates: np.ndarray,
                 total: int) -> tuple[tuple[str, int], ...]:
    """(answer, guesses the tree needs for it from here) for every candidate, fewest first. Each
    answer is replayed through the tree with the rule's plain reply, and the sum must be the
    search's total: DefectiveTree otherwise (a search bug must not be shown as a proof)."""
    rows = []
    for answer in candidates:
        word = game.answers.words[int(answer)]
        rows.append((word, len(path_of(tree, word, rule=game.rule))))
    replayed = int(np.dot(game.answer_weights[np.asarray(candidates)], [n for _, n in rows]))
    if replayed != total:  # on a weighted game both are weighted totals
        raise DefectiveTree(f"the tree from {tree.guess.upper()} needs {replayed} guesses in all"
                            f"{' (weighted)' if game.weights is not None else ''}, not the "
                            f"search's {total}")
    return tuple(sorted(rows, key=lambda row: (row[1], row[0])))


def search_next(game: Game, candidates: np.ndarray, guesses_left: int, state: ClueState | None,
                setting: SearchSetting, table: bool = False) -> Found:
    """The best next guess at a state by one search (exact, or within `setting.beam`), with the
    per-answer table of its tree when `table`."""
    start = time.perf_counter()
    if not table:
        best = best_next_guess(game, candidates, guesses_left, state, setting)
        rows = None
    else:
        found = best_next_tree(game, candidates, guesses_left, state, setting)
        best = None if found is None else found[0]
        rows = None if found is None else answer_table(found[1], game, candidates, best.total)
    if best is None:
        return Found(None, None, setting.exact, setting.beam, None, time.perf_counter() - start)
    return Found(best.word, best.total, setting.exact, setting.beam, rows,
                 time.perf_counter() - start)


def search_dordle(game: Game, board1: np.ndarray | None, board2: np.ndarray | None,
                  guesses_left: int, budget: float, why: str = "") -> Found | None:
    """The Dordle engine's best next guess for two boards (None: solved): exact when its search
    finishes within `budget` seconds (0: the beam's at once), else a beam's (upper bound, with
    `why` or the budget as the reason). None when the state is too big to search at a prompt."""
    start = time.perf_counter()
    best = dordle_next_guess(game, board1, board2, guesses_left, budget, DORDLE_MAX_GAMES,
                             SearchSetting(cache_mb=DORDLE_CACHE_MB))
    seconds = time.perf_counter() - start
    if best is None:
        return None
    if best.word is None:  # no tree within the guesses left: proven, or a beam found none
        return Found(None, None, best.proven, 0 if best.proven else 1, None, seconds, why,
                     best.games)
    if best.proven:
        return Found(best.word, best.total, True, 0, None, seconds, "", best.games)
    why = why or (f"the exact search took longer than {budget:g} s" if budget > 0 else "")
    return Found(best.word, best.total, False, 1, None, seconds, why, best.games)


class DirectSearch:
    """The exact search in the calling thread, as long as it takes (the terminal assistant); for
    two boards, the Dordle engine's exact search for DORDLE_BUDGET seconds, then a beam's."""

    def find(self, game: Game, candidates: np.ndarray, guesses_left: int,
             state: ClueState | None, table: bool = False) -> Found:
        """The best next guess by one exact search, however long it takes (see `search_next`)."""
        return search_next(game, candidates, guesses_left, state, SearchSetting(cache_mb=CACHE_MB),
                           table)

    def find_dordle(self, game: Game, board1: np.ndarray | None, board2: np.ndarray | None,
                    guesses_left: int) -> Found | None:
        """The Dordle engine's next guess for two boards: exact within DORDLE_BUDGET seconds, else a
        beam's (see `search_dordle`). Like the page, a state of more than DORDLE_PROOF_MAX_GAMES
        games gets the beam at once: the budget is looked at between steps of a rising cutoff, and
        one step on a big state can be a kernel call of a minute (a 10,098-game state kept the
        prompt waiting about 60 s for its "2 s")."""
        games = pair_games(board1, board2)
        if games > DORDLE_PROOF_MAX_GAMES:
            return search_dordle(game, board1, board2, guesses_left, 0.0, too_many_to_prove(games))
        return search_dordle(game, board1, board2, guesses_left, DORDLE_BUDGET)


def too_many_to_prove(games: int) -> str:
    """Why a Dordle state gets a beam's guess and no exact search (terminal and page alike)."""
    return (f"too many games ({games:,}) to prove at a prompt; the exact search runs at up to "
            f"{DORDLE_PROOF_MAX_GAMES:,}")


def _bytes(board: np.ndarray | None) -> bytes:
    return b"" if board is None else np.asarray(board).tobytes()


def pair_games(board1: np.ndarray | None, board2: np.ndarray | None) -> int:
    """How many Dordle games two boards' candidate sets stand for (boards filtered by the same
    guesses hold the same set or disjoint ones): the size check before a search is queued."""
    sizes = [0 if b is None else len(b) for b in (board1, board2)]
    if 0 in sizes:
        return max(sizes)
    if sizes[0] == sizes[1] and np.array_equal(board1, board2):
        return sizes[0] * (sizes[0] - 1)
    return sizes[0] * sizes[1]


class _Lane:
    """One pool of threads with a bound on its unfinished jobs and a cache of their futures by key.

    Daemon threads, not a ThreadPoolExecutor's: a numba kernel cannot be interrupted, and Python
    joins an executor's threads at exit, so a server told to stop (SIGTERM) closed its port and
    then computed on for minutes. A daemon thread ends with the process. A finished job whose
    result `final` refuses (an exact search that ran out of time) is not kept: asking again
    searches again, rather than getting the fallback forever."""

    def __init__(self, name: str, workers: int, queue: int, keep: int):
        self.capacity = workers + queue
        self.keep = keep
        self.pending = 0
        self.jobs: OrderedDict[tuple, Future] = OrderedDict()
        self.lock = threading.Lock()
        self._queue: SimpleQueue = SimpleQueue()
        self._closed = False
        for number in range(workers):
            threading.Thread(target=self._serve, name=f"{name}-{number}", daemon=True).start()

    def job(self, key: tuple, work: Callable[[], Found],
            final: Callable[[Found | None], bool] | None = None) -> Future | None:
        """The future of `key`'s job: the cached one, a new one, or None when the lane is full
        (or closed)."""
        with self.lock:
            future = self.jobs.get(key)
            if future is not None and not self._spent(future, final):
                self.jobs.move_to_end(key)
                return future
            if self.pending >= self.capacity or self._closed:
                return None
            self.pending += 1
            future = Future()
            self.jobs[key] = future
            self.jobs.move_to_end(key)
            while len(self.jobs) > self.keep:
                self.jobs.popitem(last=False)  # a running job evicted here still finishes
        future.add_done_callback(self._finished)
        self._queue.put((future, work))
        return future

    @staticmethod
    def _spent(future: Future, final: Callable[[Found | None], bool] | None) -> bool:
        """Whether a cached job is done with a result that must not be kept (see the class)."""
        if final is None or not future.done() or future.cancelled() or future.exception():
            return False
        return not final(future.result())

    def _serve(self) -> None:
        while True:
            item = self._queue.get()
            if item is None:
                return
            future, work = item
            if not future.set_running_or_notify_cancel():
                continue
            try:
                future.set_result(work())
            except BaseException as error:  # the waiting request re-raises it
                future.set_exception(error)

    def _finished(self, _future: Future) -> None:
        with self.lock:
            self.pending -= 1

    def busy(self) -> int:
        with self.lock:
            return self.pending

    def close(self) -> None:
        """Take no more jobs, cancel the waiting ones and let the threads end (a running kernel
        finishes in its daemon thread, or ends with the process)."""
        with self.lock:
            self._closed = True
            futures = list(self.jobs.values())
        for future in futures:
            future.cancel()  # only jobs not yet started are cancelled
        for _ in range(self.capacity):
            self._queue.put(None)


def proven(found: Found | None) -> bool:
    """An exact result to keep: proven (or None: nothing to search)."""
    return found is None or found.proven


class BudgetedSearch:
    """Exact searches off the caller's thread, bounded in time per request and in number at once,
    with a beam search as the labelled fallback (see the module docstring for why threads)."""

    def __init__(self, budget: float = BUDGET, workers: int = 1, queue: int = 4, beam: int = BEAM,
                 keep: int = 512):
        self.budget, self.beam = float(budget), int(beam)
        self._exact = _Lane("optimal-exact", workers, queue, keep)
        self._beam = _Lane("optimal-beam", 1, max(queue, 16), keep)
        self._dordle = _Lane("optimal-dordle", 1, queue, keep)

    def _budget(self, budget: float | None) -> float:
        return self.budget if budget is None else max(0.0, min(float(budget), self.budget))

    def _answer(self, exact: Future | None, why_not: str, budget: float,
                beam: Callable[[], Future | None], start: float) -> Found | None:
        """The exact job's result if it is ready within `budget` seconds; else the beam job's
        (waited for up to the server's budget, at least BEAM_WAIT), with why it is not the
        exact one and whether the exact search goes on; else a pending `Found` saying so."""
        if exact is not None:
            wait([exact], timeout=budget)
            if exact.done():
                return exact.result()
            why_not = (f"the exact search took longer than the {budget:g} s budget; it goes on, "
                       "ask again for the proof")
        running = exact is not None
        future = beam()
        if future is not None:
            wait([future], timeout=max(self.budget, BEAM_WAIT))
            if future.done():
                found = future.result()
                return None if found is None else replace(found, why=why_not, running=running)
        return Found(None, None, False, 0, None, time.perf_counter() - start,
                     why_not + "; no beam result in time either", running=running)

    def find(self, game: Game, candidates: np.ndarray, guesses_left: int,
             state: ClueState | None, table: bool = False, budget: float | None = None) -> Found:
        """The exact result if it is (or becomes) ready within `budget` seconds (at most the
        server's), else the beam's (waited for up to the server's budget, at least BEAM_WAIT),
        else a pending `Found` that says why."""
        budget, start = self._budget(budget), time.perf_counter()
        key = (game.fingerprint, np.asarray(candidates).tobytes(), guesses_left, state, table)

        def run(setting: SearchSetting) -> Callable[[], Found]:
            return lambda: search_next(game, candidates, guesses_left, state, setting, table)

        exact = self._exact.job(key, run(SearchSetting(cache_mb=CACHE_MB)))
        return self._answer(exact, BUSY, budget, lambda: self._beam.job(
            key, run(SearchSetting(beam=self.beam, cache_mb=CACHE_MB))), start)

    def find_dordle(self, game: Game, board1: np.ndarray | None, board2: np.ndarray | None,
                    guesses_left: int, budget: float | None = None) -> Found | None:
        """Two boards: the Dordle engine's exact result if it is (or becomes) ready within
        `budget` seconds (at most the server's), else the best guess of its beam (waited for as
        `find` waits), else a pending `Found`. None when the state is too big to search. States of
        more than DORDLE_PROOF_MAX_GAMES games get the beam only: the exact search of one would
        hold the one Dordle thread for many minutes in a kernel call that cannot be cut, and the
        player's next position (often a proof of a fraction of a second) would wait behind it."""
        budget, start = self._budget(budget), time.perf_counter()
        games = pair_games(board1, board2)
        if games > DORDLE_MAX_GAMES:
            return None
        key = ("dordle", game.fingerprint, _bytes(board1), _bytes(board2), guesses_left)
        exact, why_not = None, too_many_to_prove(games)
        if games <= DORDLE_PROOF_MAX_GAMES:
            exact = self._dordle.job(key, lambda: search_dordle(
                game, board1, board2, guesses_left, DORDLE_EXACT_SECONDS), final=proven)
            why_not = BUSY
        return self._answer(exact, why_not, budget, lambda: self._beam.job(
            key, lambda: search_dordle(game, board1, board2, guesses_left, 0.0)), start)

    def warm_up(self, games: list[Game], dordle: Game) -> None:
        """Load (or compile) every kernel a request uses, in the threads that will run them, and
        wait for them: the exact search with its table on each of `games` (normal and hard mode),
        the beam, and the Dordle engine's exact and beam searches on `dordle`."""
        jobs = []
        for game in games:
            few = game.all_candidates()[:20]
            state = game.hard_state([]) if game.hard else None
            jobs.append(self._exact.job(("warm-up", game.fingerprint), lambda g=game, f=few, s=state:
                        search_next(g, f, g.max_guesses, s, SearchSetting(cache_mb=CACHE_MB),
                                    True)))
        few = games[0].all_candidates()[:20]
        jobs.append(self._beam.job(("warm-up", "beam"), lambda: search_next(
            games[0], few, games[0].max_guesses, None,
            SearchSetting(beam=self.beam, cache_mb=CACHE_MB), True)))
        pair = dordle.all_candidates()[:6], dordle.all_candidates()[6:12]
        jobs.append(self._dordle.job(("warm-up", "dordle"), lambda: search_dordle(
            dordle, *pair, dordle.max_guesses, DORDLE_EXACT_SECONDS)))
        jobs.append(self._beam.job(("warm-up", "dordle-beam"), lambda: search_dordle(
            dordle, *pair, dordle.max_guesses, 0.0)))
        for job in jobs:
            if job is not None:
                job.result()

    def busy(self) -> dict:
        """Unfinished jobs (running or waiting) per lane, for a status endpoint."""
        return {"exact": self._exact.busy(), "beam": self._beam.busy(),
                "dordle": self._dordle.busy()}

    def close(self) -> None:
        """Stop taking work; queued jobs are dropped, running ones end with their daemon threads."""
        for lane in (self._exact, self._beam, self._dordle):
            lane.close()
