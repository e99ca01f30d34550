"""Search work split into tasks for joblib: over first guesses, or over the branches of one.

Each worker keeps one `Solver` per game and search setting between tasks (the memo stays warm), and
rebuilds the game from its definition (the reply matrix comes from the disk cache). The same tasks
run on any joblib backend: loky processes by default, threads (the kernels release the GIL), or a
Dask cluster.

With a proof certificate (`certify`: the certificate's token), each task runs on a solver of that
certificate (a fresh memo, so every value it holds has its claim) and brings back, besides its
results, the records its solver wrote (`Chunk`) and each result's claim.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable

from lookahead.kernels.compiled import WorkClock
from lookahead.kernels.bounds import INF
from lookahead.solvers.certificate_log import Chunk
from lookahead.solvers.results import FailingBranch, GuessResult, WorstResult
from lookahead.solvers.single import Solver
from lookahead.kernels.finish import fewest_failures
from optimal.game import Game, ClueState

_SOLVERS: dict[tuple, Solver] = {}
_LOCK = threading.Lock()


MAX_SOLVERS = 3  # per worker: e.g. the exact search and a beam for upper bounds side by side


def solver_for(game: Game, beam: int, cache_mb: float, pair_mb: float = 0, certify: str = "") -> Solver:
    """This worker's solver for a game and search setting (its memo stays warm between tasks), and
    certificate, when `certify` names one. Keyed by thread too: a workspace must never be shared by
    two threads. Solvers of another game are dropped, and of this game at most MAX_SOLVERS are kept
    (the oldest goes), to bound memory. A certifying solver dropped between tasks loses nothing:
    every task takes its records with it, and a new one starts a new section."""
    key = (game.fingerprint, beam, cache_mb, pair_mb, certify, threading.get_ident())
    with _LOCK:
        if key not in _SOLVERS:
            for old in [k for k in _SOLVERS if k[0] != key[0]]:
                del _SOLVERS[old]
            while len(_SOLVERS) >= MAX_SOLVERS:
                del _SOLVERS[next(iter(_SOLVERS))]
            _SOLVERS[key] = Solver(game, beam=beam, cache_mb=cache_mb, pair_mb=pair_mb,
                                   certify=bool(certify))
        return _SOLVERS[key]


def evaluate_guesses_task(game: Game, guesses: list[int], cutoff: int, beam: int, cache_mb: float,
                          candidates, guesses_left: int, state: ClueState | None,
                          tighten: bool = True, certify: str = "", shared: tuple | None = None
                          ) -> tuple[list[GuessResult], Chunk | None, tuple | None]:
    """Values of some guesses at a state, each cut off at `cutoff` (lowered by each exact value
    found, with `tighten`); with the tree of every exact one. `shared` (None: no sharing): the
    pid of the process that sent the task and the memo entries other tasks of this search
    exported, stored first; the task then brings back, third, the entries its own solver stored
    (lookahead.kernels.memo_share says why workers share them; never with a certificate). A task
    run in the process that sent it shares nothing: its solver made those entries, and a scan of
    the memo per item made a small hard-mode job 1.66x slower."""
    if shared is not None and shared[0] == os.getpid():
        shared = None
    solver = solver_for(game, beam, cache_mb, certify=certify)
    for entries in shared[1] if shared is not None else ():
        solver.memo_take(entries)
    mark = solver.memo_mark() if shared is not None else None
    out = []
    for guess in guesses:
        before, clock = solver.counters(), WorkClock()
        value, exact = solver.evaluate(candidates, guess, guesses_left, state, cutoff)
        claim = solver.last_claim if certify else None
        tree = solver.tree(candidates, guesses_left, state, first=guess) if exact else None
        out.append(GuessResult(game.guesses.words[guess], value, exact, beam, guesses_left,
                               clock.seconds, tree, solver.counters_since(before),
                               claim))
        if tighten and exact:
            cutoff = min(cutoff, value)
    return out, solver.take_certificate(), None if mark is None else solver.memo_since(mark)


def solve_branches_task(game: Game, guess: int, codes: list[int], beam: int, cache_mb: float,
                        candidates, guesses_left: int, state: ClueState | None,
                        certify: str = "") -> tuple:
    """Exact values, subtrees and (with a certificate) claims of some branches (reply codes) of
    `guess`: ([(code, value, tree, claim)], counters, chunk)."""
    solver = solver_for(game, beam, cache_mb, certify=certify)
    before = solver.counters()
    wanted = set(codes)
    out = []
    for code, part in solver.parts(candidates, guess):
        if code in wanted:
            child = solver.child_state(state, guess, code)
            value = solver.solve(part, guesses_left - 1, child)
            claim = solver.claim_ref() if certify else None
            tree = solver.tree(part, guesses_left - 1, child) if value < INF else None
            out.append((code, value, tree, claim))
    return out, solver.counters_since(before), solver.take_certificate()


def worst_case_task(game: Game, guesses: list[int], cache_mb: float, pair_mb: float,
                    every_branch: bool, shortfall_words: frozenset[int] = frozenset(),
                    certify: str = "", on_part: Callable[[int, int], None] | None = None
                    ) -> tuple[list[WorstResult], Chunk | None]:
    """Can each guess, as first guess, find every answer within game.max_guesses? Proven either way.

    Checks the branches largest first and stops at the first that cannot be finished, unless
    `every_branch` (then it lists them all, and for the guesses of `shortfall_words`, with three
    guesses left, the fewest answers each branch must lose). In hard and ultra-hard mode, when it
    stops at the first failing branch, it checks them smallest first instead: there the branches
    that cannot be finished are the small families whose greens bind every later guess (LANTS
    BGBYG: 63 answers, every later guess ?A??S with a T), decided in milliseconds, while the
    largest branch can take hours to decide; with every allowed word an answer, CHYND's verdict
    "cannot within 6" took 0.02 s this way and more than 42 minutes largest first. With a
    certificate, a guess that fails gets the claim that it cannot (from the claims of its failing
    branches). `on_part` (run in this process only) sees each branch checked: (branches done,
    branches of the guess)."""
    solver = solver_for(game, 0, cache_mb, pair_mb, certify=certify)
    left = game.max_guesses - 1
    out = []
    for guess in guesses:
        clock, cpu = WorkClock(), time.thread_time()
        failing = []
        claims = []
        parts = solver.parts(game.all_candidates(), guess)
        if game.hard and not every_branch:
            parts.reverse()
        for done, (code, part) in enumerate(parts, 1):
            child = solver.child_state(None, guess, code)
            finished = solver.can_finish(part, left, child)
            if on_part:
                on_part(done, len(parts))
            if finished:
                continue
            claims.append((code, solver.claim_here()))
            lost = None
            if guess in shortfall_words and left == 3:
                solver.load_state(child)
                lost = int(fewest_failures(solver.ws, part, 0, INF))
            failing.append(FailingBranch(game.reply_text(code), int(part.size), lost))
            if not every_branch:
                break
        claim = None
        if certify and failing:
            claim = solver.claim_guess(game.all_candidates(), guess, game.max_guesses, None, INF, claims)
        out.append(WorstResult(game.guesses.words[guess], not failing, failing,
                               every_branch or not failing, clock.seconds,
                               time.thread_time() - cpu, claim))
    return out, solver.take_certificate()
