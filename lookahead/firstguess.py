"""Searching over guesses at a state: which is best, and by how much, with proof.

`search_guesses` evaluates a list of guesses, each cut off at the best total found so far, so a
guess that cannot win stops early with a proven lower bound. `solve_guess` proves the exact value
of one guess and builds its tree, splitting the branches over workers. Both run in this process
when `jobs == 1` and through joblib otherwise.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import numpy as np

from lookahead.bounds import INF, set_lower_bound
from lookahead.parallel import evaluate_guess_task, solve_branches_task, solver_for
from lookahead.solver import FirstGuessResult
from optimal.game import Game, HardState
from optimal.tree import Node


class SearchSetting:
    """How to search: beam width (0 = exact), memo size, workers and joblib backend."""

    def __init__(self, beam: int = 0, cache_mb: float = 1024, jobs: int = 1, backend: str = "loky"):
        self.beam, self.cache_mb, self.jobs, self.backend = int(beam or 0), cache_mb, jobs, backend

    def parallel(self, n_tasks: int):
        """A joblib Parallel for this setting (results as they complete). The 'dask' backend is
        the one joblib's `parallel_config(backend='dask')` sets up (see optimal.search)."""
        from joblib import Parallel

        backend = None if self.backend == "dask" else self.backend
        return Parallel(n_jobs=min(self.jobs, max(1, n_tasks)), backend=backend,
                        return_as="generator_unordered", pre_dispatch="n_jobs", batch_size=1)


def ranked_guesses(game: Game, setting: SearchSetting, candidates=None, guesses_left: int | None = None,
                   state: HardState | None = None, limit: int | None = None) -> list[tuple[int, int]]:
    """(guess, lower bound) most promising first, by the search's own ordering score."""
    solver = solver_for(game, setting.beam, setting.cache_mb)
    candidates = game.all_candidates() if candidates is None else candidates
    return solver.ranked_guesses(candidates, guesses_left or game.max_guesses, state, limit)


def search_guesses(game: Game, guesses: list[int], setting: SearchSetting, candidates=None,
                   guesses_left: int | None = None, state: HardState | None = None,
                   cutoff: int = INF, tighten: bool = True,
                   on_result: Callable[[FirstGuessResult, int], None] | None = None
                   ) -> list[FirstGuessResult]:
    """Evaluate `guesses` at a state, each cut off at the best exact total so far (or `cutoff`;
    with `tighten=False` always at `cutoff`, e.g. to find every word that ties with the best).

    Results come back as they complete; `on_result(result, best)` sees each one. A result is exact
    when it is below the cutoff it ran with; otherwise its value is a lower bound at least that
    cutoff, which is enough to show the guess does not beat the best.
    """
    candidates = game.all_candidates() if candidates is None else np.asarray(candidates)
    guesses_left = guesses_left or game.max_guesses
    best = [cutoff]
    results: list[FirstGuessResult] = []

    def record(result: FirstGuessResult) -> None:
        if tighten and result.exact and result.value < best[0]:
            best[0] = result.value
        results.append(result)
        if on_result:
            on_result(result, best[0])

    if setting.jobs <= 1:
        for guess in guesses:
            record(evaluate_guess_task(game, guess, best[0], setting.beam, setting.cache_mb,
                                       candidates, guesses_left, state))
        return results

    from joblib import delayed

    def tasks():
        for guess in guesses:  # read best[0] when each task is handed out: cutoffs tighten
            yield delayed(evaluate_guess_task)(game, guess, best[0], setting.beam, setting.cache_mb,
                                               candidates, guesses_left, state)

    for result in setting.parallel(len(guesses))(tasks()):
        record(result)
    return results


def solve_guess(game: Game, guess: int, setting: SearchSetting, candidates=None,
                guesses_left: int | None = None, state: HardState | None = None,
                on_part: Callable[[int, int], None] | None = None) -> FirstGuessResult:
    """Exact value (within the setting's beam) and tree of one guess at a state; the branches are
    spread over the workers, largest first, when jobs > 1."""
    start = time.perf_counter()
    candidates = game.all_candidates() if candidates is None else np.asarray(candidates)
    guesses_left = guesses_left or game.max_guesses
    word = game.guesses.words[guess]
    if setting.jobs <= 1:
        solver = solver_for(game, setting.beam, setting.cache_mb)
        before = solver.counters()
        value, exact = solver.evaluate(candidates, guess, guesses_left, state,
                                       on_part=(lambda done, total, _: on_part(done, total))
                                       if on_part else None)
        tree = solver.tree(candidates, guesses_left, state, first=guess) if value < INF else None
        return FirstGuessResult(word, value, exact, time.perf_counter() - start, tree,
                                solver.counters_since(before))
    from joblib import delayed

    solver = solver_for(game, setting.beam, setting.cache_mb)
    parts = solver.parts(candidates, guess)
    if any(set_lower_bound(p.size, guesses_left - 1) >= INF for _, p in parts):
        return FirstGuessResult(word, INF, False, time.perf_counter() - start)
    # deal the branches out largest first, round robin, a few tasks per worker
    n_tasks = min(len(parts), 4 * setting.jobs)
    batches = [[code for code, _ in parts[i::n_tasks]] for i in range(n_tasks)]
    node, total, done, counters = Node(word), len(candidates), 0, []
    jobs = (delayed(solve_branches_task)(game, guess, batch, setting.beam, setting.cache_mb,
                                         candidates, guesses_left, state) for batch in batches)
    for branch_results, worker_counters in setting.parallel(len(batches))(jobs):
        counters.append(worker_counters)
        for code, value, subtree in branch_results:
            total += value
            if subtree is not None:
                node.branches[code] = subtree
            done += 1
            if on_part:
                on_part(done, len(parts))
    total = min(total, INF)
    return FirstGuessResult(word, total, total < INF, time.perf_counter() - start,
                            node if total < INF else None, add_counters(counters))


def add_counters(counters: list[dict]) -> dict:
    """The work of several tasks added up (each task reports only its own work)."""
    out: dict = {}
    for c in counters:
        for key, value in c.items():
            out[key] = max(out.get(key, 0), value) if key == "memo_slots" else out.get(key, 0) + value
    return out
