"""Searching over guesses at a state: which is best, and by how much, with proof.

`search_guesses` evaluates a list of guesses, each cut off at the best total found so far, so a
guess that cannot win stops early with a proven lower bound. `solve_guess` proves the exact value
of one guess and builds its tree. `search_first_guesses` is the whole first-word search: a quick
beam probe for a cutoff, the cut-off search, a second pass for words that might tie, the best
word's tree, and (for a beam) an exact proof of the best word. Work starts in this process and
moves to joblib workers only when the measured rate says it pays (`lookahead.parallel.schedule`).

Given a `CertificateLog`, every value found is also written down with its proof (see
`lookahead.solvers.certificate_log`), and the search ends with its conclusions about the first guess: the best
word costs at least its value, every other at least the least of theirs, every word at least the
best value.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from lookahead.kernels.compiled import WorkClock
from lookahead.kernels.bounds import INF, counted_lower_bound, guess_lower_bound, heaviest_parts, \
    set_lower_bound
from lookahead.kernels.scan import most_parts
from lookahead.solvers.certificate_log import CertificateLog, ClaimRef
from lookahead.parallel.tasks import evaluate_guesses_task, solve_branches_task, solver_for
from lookahead.solvers.results import GuessResult
from lookahead.parallel.schedule import run_paced
from lookahead.solvers.setting import SearchSetting
from lookahead.solvers.single import BEAM_FINISH
from optimal.game import Game, ClueState
from optimal.tree import Node

OnResult = Callable[[GuessResult, int], None]

PROBE_BEAM = 5
SHARED_TASKS = 2  # per worker: the latest tasks whose memo entries go with each task handed out
PROBE_WORDS = 64


def ranked_guesses(game: Game, setting: SearchSetting, candidates=None, guesses_left: int | None = None,
                   state: ClueState | None = None, limit: int | None = None) -> list[tuple[int, int]]:
    """(guess, lower bound) most promising first, by the search's own ordering score: every useful
    guess, whatever the setting's beam (a beam limits the search below a guess, not which guesses
    are ranked)."""
    solver = solver_for(game, 0, setting.memo_mb)
    candidates = game.all_candidates() if candidates is None else candidates
    return solver.ranked_guesses(candidates, guesses_left or game.max_guesses, state, limit)


def split_bounds(game: Game, guesses: list[int], candidates=None,
                 guesses_left: int | None = None, counting: bool = True) -> dict[int, int]:
    """Each guess's lower bound from its split alone (`3n - k - green`, weighted
    `3W - 2 w_green - top`, see lookahead.kernels.bounds), unweighted with the counting bound on
    its parts larger than the game's parts cap (`parts_cap`; `counted_lower_bound`): valid whatever
    the beam, so it stands beside a beam's upper bounds (`counting=False`: the plain bound, which
    every value any version of the search recorded is at least). Vectorized over blocks of guesses, so a
    few words cost microseconds and every word a fraction of a second."""
    candidates = game.all_candidates() if candidates is None else np.asarray(candidates)
    d = guesses_left or game.max_guesses
    n = len(candidates)
    w = game.answer_weights[candidates]
    weight = int(w.sum())
    top = np.concatenate([[0], np.cumsum(np.sort(w)[::-1])]).astype(np.int64)  # j heaviest: top[j]
    cap = None if game.weighted or not counting else parts_cap(game)
    out: dict[int, int] = {}
    for start in range(0, len(guesses), 512):
        block = np.asarray(guesses[start:start + 512])
        codes = game.matrix[np.ix_(block, candidates)]
        replies = np.sort(codes, axis=1)
        classes = 1 + np.count_nonzero(replies[:, 1:] != replies[:, :-1], axis=1)
        green_weight = ((codes == game.won) * w).sum(axis=1)
        green = (replies == game.won).any(axis=1)
        large = np.zeros((len(block), 0), np.int64) if cap is None else _large_parts(codes, game.n_codes, cap)
        for g, k, won, gw, parts in zip(block, classes, green, green_weight, large):
            top_parts = heaviest_parts(top, int(k) - int(won), int(gw))
            bound = int(guess_lower_bound(n, int(k), int(won), d, weight, int(gw), top_parts))
            for c in parts[parts > 0]:  # a large part: the counting bound instead of 2c - 1
                bound += int(counted_lower_bound(int(c), cap, d - 1)) - (2 * int(c) - 1)
            out[int(g)] = min(bound, INF)
    return out


def _large_parts(codes: np.ndarray, n_codes: int, cap: int) -> np.ndarray:
    """Per row of replies, the sizes of its parts larger than cap + 1 (others as 0)."""
    rows = codes.shape[0]
    sizes = np.bincount((codes.astype(np.int64) + n_codes * np.arange(rows)[:, None]).ravel(),
                        minlength=rows * n_codes).reshape(rows, n_codes)
    return np.where(sizes > cap + 1, sizes, 0)


_PARTS_CAPS: dict[str, int] = {}  # by game fingerprint: a scan of the whole matrix each


def parts_cap(game: Game) -> int:
    """The most parts (replies other than the win) any guess makes of all the game's answers: no
    guess makes more of any set of them, the cap of the counting bound (`counted_lower_bound`)."""
    if game.fingerprint not in _PARTS_CAPS:
        _PARTS_CAPS[game.fingerprint] = int(most_parts(game.matrix, game.won, game.n_codes))
    return _PARTS_CAPS[game.fingerprint]


def task_results(output: tuple, certificate: CertificateLog | None) -> list:
    """A task's results, its proof records first written to the certificate (every task over
    first guesses, of either objective, brings back (results, chunk), and may bring more after)."""
    batch_results, chunk = output[:2]
    if certificate:
        certificate.add(chunk)
    return batch_results


def search_guesses(game: Game, guesses: list[int], setting: SearchSetting, candidates=None,
                   guesses_left: int | None = None, state: ClueState | None = None,
                   cutoff: int = INF, tighten: bool = True,
                   on_result: OnResult | None = None,
                   certificate: CertificateLog | None = None) -> list[GuessResult]:
    """Evaluate `guesses` at a state, each cut off at the best exact total so far (or `cutoff`;
    with `tighten=False` always at `cutoff`, e.g. to find every word that ties with the best).

    Results come back as they complete; `on_result(result, best)` sees each one. A result is exact
    when it is below the cutoff it ran with; otherwise its value is a lower bound at least that
    cutoff, which is enough to show the guess does not beat the best.
    """
    candidates = game.all_candidates() if candidates is None else np.asarray(candidates)
    guesses_left = guesses_left or game.max_guesses
    best = [cutoff]
    results: list[GuessResult] = []

    def record(result: GuessResult) -> None:
        if tighten and result.exact and result.value < best[0]:
            best[0] = result.value
        results.append(result)
        if on_result:
            on_result(result, best[0])

    # the memo entries of the tasks that came back last, handed to each next task: with workers
    # every task's entries reach the others within a few tasks (lookahead.kernels.memo_share)
    share = setting.jobs > 1 and certificate is None
    recent: deque = deque(maxlen=SHARED_TASKS * setting.jobs)

    def call(batch: list[int]) -> tuple:  # best[0] is read as each batch is handed out
        return evaluate_guesses_task, (game, batch, best[0], setting.beam, setting.memo_mb,
                                       candidates, guesses_left, state, tighten,
                                       certificate.token if certificate else "",
                                       (os.getpid(), tuple(recent)) if share else None)

    def take(output: tuple) -> None:
        if share and output[2] is not None:
            recent.append(output[2])
        for result in task_results(output, certificate):
            record(result)

    run_paced(list(guesses), call, setting, take)
    return results


def solve_guess(game: Game, guess: int, setting: SearchSetting, candidates=None,
                guesses_left: int | None = None, state: ClueState | None = None,
                on_part: Callable[[int, int], None] | None = None,
                certificate: CertificateLog | None = None) -> GuessResult:
    """Exact value (within the setting's beam) and tree of one guess at a state. The branches are
    solved largest first, here, and go to the workers only when the rest is worth a pool. With a
    certificate, the result's claim (that the guess costs at least its value) is written there."""
    clock = WorkClock()
    candidates = game.all_candidates() if candidates is None else np.asarray(candidates)
    guesses_left = guesses_left or game.max_guesses
    word = game.guesses.words[guess]
    solver = solver_for(game, setting.beam, setting.memo_mb)
    parts = solver.parts(candidates, guess)
    claims: list[tuple[int, ClaimRef]] = []
    if guesses_left < 1 or any(set_lower_bound(p.size, p.size, 1, guesses_left - 1) >= INF
                               for _, p in parts):
        claim = certificate.claim(INF, parts={guess: []}, only=[guess]) if certificate else None
        return GuessResult(word, INF, False, setting.beam, guesses_left, clock.seconds,
                           claim=claim)
    node, total, counters = Node(word), game.weight_of(candidates), []
    done = [0]

    def take(branch_results: list, worker_counters: dict, chunk) -> None:
        nonlocal total
        counters.append(worker_counters)
        if certificate:
            certificate.add(chunk)
        for code, value, subtree, claim in branch_results:
            claims.append((code, claim))
            total = min(total + value, INF)
            if subtree is not None:
                node.branches[code] = subtree
            done[0] += 1
            if on_part:
                on_part(done[0], len(parts))

    def call(codes: list[int]) -> tuple:
        return solve_branches_task, (game, guess, codes, setting.beam, setting.memo_mb,
                                     candidates, guesses_left, state,
                                     certificate.token if certificate else "")

    run_paced([code for code, _ in parts], call, setting, lambda out: take(*out),
              stop=lambda: total >= INF)
    feasible = total < INF
    claim = certificate.claim(total, parts={guess: claims}, only=[guess]) if certificate else None
    return GuessResult(word, total, feasible, setting.beam, guesses_left,
                       clock.seconds, node if feasible else None,
                       add_counters(counters), claim)


def add_counters(counters: list[dict]) -> dict:
    """The work of several tasks added up (each task reports only its own work)."""
    out: dict = {}
    for c in counters:
        for key, value in c.items():
            out[key] = max(out.get(key, 0), value) if key == "memo_slots" else out.get(key, 0) + value
    return out


# ---------------------------------------------------------------- the first-word search


@dataclass
class FirstGuessOutcome:
    """Everything a first-guess search found, for the renderers and writers of a command.

    results: one per evaluated guess, in the order they were asked for; best: the least exact
    total (ties: the earlier guess), with its tree; proof: with `prove`, the exact search's value
    and tree for the beam's best word; split_bounds: each evaluated guess's lower bound from its
    split alone (the proven lower bound beside a beam's upper bound).
    """

    game: Game
    setting: SearchSetting
    results: list[GuessResult]
    best: GuessResult | None
    proof: GuessResult | None
    split_bounds: dict[str, int]
    seconds: float
    cpu_seconds: float = 0.0  # of every search task (probe and tie passes included), all workers

    @property
    def tree_result(self) -> GuessResult | None:
        """The result whose tree is the run's tree: the proof when there is one."""
        if self.proof is not None and self.proof.tree is not None:
            return self.proof
        return self.best

    @property
    def proven(self) -> bool:
        """Whether the best word's value is an exact optimum (not a beam's upper bound)."""
        return self.proof is not None or self.setting.exact

    @property
    def value(self) -> int:
        """The best word's total (exact when `proven`, else the beam's upper bound)."""
        return self.proof.value if self.proof is not None else self.best.value

    def lower_bound(self, result: GuessResult) -> int | None:
        """The proven lower bound on a guess's optimum (None when no tree exists)."""
        if self.proof is not None and result.word == self.best.word:
            value = self.proof.value
        elif self.setting.exact:
            value = result.value
        else:
            value = self.split_bounds.get(result.word, 0)
        return None if value >= INF else value

    def ties(self) -> list[str]:
        """The other words proven to tie with the best (exact search only)."""
        return [r.word for r in self.results if r.word != self.best.word and r.exact
                and r.value == self.value] if self.setting.exact else []

    def uniquely_best(self) -> bool:
        """Every other evaluated word is proven to need more than the best (exact search only)."""
        return self.setting.exact and all(r.value > self.value for r in self.results
                                          if r.word != self.best.word)


def search_first_guesses(game: Game, guesses: list[int], setting: SearchSetting,
                         known: dict[str, GuessResult] | None = None, prove: bool = False,
                         on_result: Callable[[GuessResult], None] | None = None,
                         on_part: Callable[[int, int], None] | None = None,
                         certificate: CertificateLog | None = None,
                         cutoff: int = INF) -> FirstGuessOutcome:
    """Evaluate first guesses (`known`: results of an interrupted run, not searched again; none
    with a `certificate`, which must hold every claim; `cutoff`: 1 + the total of a tree the
    caller already has, so every word is cut off there from the start and no probe runs; no word
    below it leaves `best` None).

    With one guess, its exact value and tree are computed (`on_part` sees each branch). With
    several, each is cut off at the best total so far, after a quick beam probe has provided a
    first cutoff and an order; words stopped exactly at the best total are searched again with the
    cutoff one higher, so each is proven worse or found to tie. `on_result` sees every result as it
    comes (and again when a tie pass replaces it)."""
    start = time.perf_counter()
    done: dict[str, GuessResult] = dict(known or {})
    cpu = [0.0]

    def record(result: GuessResult, _best: int = 0) -> None:
        done[result.word] = result
        cpu[0] += result.counters.get("cpu_seconds", 0.0)
        if on_result:
            on_result(result)

    if certificate and (done or not setting.exact or prove):
        raise ValueError("a certificate needs an exact search from scratch")
    words = [game.guesses.words[g] for g in guesses]
    todo = [g for g, w in zip(guesses, words) if w not in done]
    if len(guesses) == 1 and todo:
        record(solve_guess(game, todo[0], setting, on_part=on_part, certificate=certificate))
    elif todo:
        best_value = min([r.value for r in done.values() if r.exact] + [cutoff])
        if len(todo) > 1 and best_value >= INF and setting.exact:
            best_value, todo, probe_cpu = probe_upper_bound(game, todo, setting)
            cpu[0] += probe_cpu
        search_guesses(game, todo, setting, cutoff=best_value, on_result=record,
                       certificate=certificate)
    if setting.exact:
        settle_ties(game, done, setting, record, certificate)
    results = [done[w] for w in words if w in done]
    order = {w: i for i, w in enumerate(words)}
    exact = [r for r in results if r.exact]
    best = min(exact, key=lambda r: (r.value, order[r.word])) if exact else None
    if best is not None and best.tree is None:  # a result from a checkpoint, or cut off: rebuild
        rebuilt = solve_guess(game, game.guess_id(best.word), setting)
        best.tree, best.counters = rebuilt.tree, rebuilt.counters
        cpu[0] += rebuilt.counters.get("cpu_seconds", 0.0)
    if certificate:
        conclude(game, setting, results, best, certificate)
    proof = None
    if prove and best is not None and not setting.exact:
        proof = solve_guess(game, game.guess_id(best.word), setting.with_beam(0))
        cpu[0] += proof.counters.get("cpu_seconds", 0.0)
    bounds = split_bounds(game, [game.guess_id(r.word) for r in results])
    return FirstGuessOutcome(game, setting, results, best, proof,
                             {game.guesses.words[g]: b for g, b in bounds.items()},
                             time.perf_counter() - start, cpu[0])


def settle_ties(game: Game, done: dict[str, GuessResult], setting: SearchSetting,
                record: Callable[[GuessResult], None], certificate: CertificateLog | None = None) -> None:
    """Words stopped exactly at the best total might tie with it: search them again with the
    cutoff one higher, so each is either proven worse or found to tie (then its total is exact).
    Quickest first (by the time each took to stop at the best total), so a pass that is stopped
    has settled as many words as it could. Each result is recorded as it comes, so the caller's
    checkpoint holds it: recorded only at the end, a tie pass over 11,113 words (hard mode,
    extended list) stopped after 14 minutes had saved none of the thousands it had settled."""
    best = min([r.value for r in done.values() if r.exact] + [INF])
    open_results = sorted((r for r in done.values() if not r.exact and r.value == best),
                          key=lambda r: r.seconds)
    open_words = [game.guess_id(r.word) for r in open_results]
    if best >= INF or not open_words:
        return
    search_guesses(game, open_words, setting, cutoff=best + 1, tighten=False,
                   on_result=lambda result, _best: record(result), certificate=certificate)


def conclude(game: Game, setting: SearchSetting, results: list[GuessResult],
             best: GuessResult | None, certificate: CertificateLog) -> None:
    """The certificate's conclusions: the best word costs at least its value; every other word at
    least the least of theirs; and (when every useful first guess was evaluated) every first guess
    at least the least value of all. A claim about 'every other' word is made for the words
    evaluated, or for all but the best when that is every guess of the list."""
    claims = {game.guess_id(r.word): r.claim for r in results}
    values = {game.guess_id(r.word): r.value for r in results}
    proves = [best.claim] if best is not None else []
    first = game.guess_id(best.word) if best is not None else -1
    others = [g for g in claims if g != first]
    if others:
        every = len(claims) == len(game.guesses)
        proves.append(certificate.claim(min(min(values[g] for g in others), INF),
                                        {g: claims[g] for g in others},
                                        but=[first] if every and first >= 0 else None,
                                        only=None if every else others))
    if len(claims) > 1 and set(useful_first_guesses(game)) <= set(claims):
        proves.append(certificate.claim(min(min(values.values()), INF), claims))
    certificate.finish(proves)


def useful_first_guesses(game: Game) -> list[int]:
    """The first guesses that split the answers or may win at once (the others are never best)."""
    M = game.matrix
    return np.nonzero((M.min(axis=1) != M.max(axis=1)) | (M == game.won).any(axis=1))[0].tolist()


def probe_checks_limits(game: Game) -> bool:
    """Whether `probe_upper_bound`'s beam would prove feasibility from the first reply on: a
    limit-aware beam checks it at nodes with at most BEAM_FINISH guesses left, so with a limit of
    BEAM_FINISH + 1 at every node below the first guess. In hard mode those checks cost minutes a
    word (NYT lists, hard mode, limit 5: over 4 minutes for REAST's beam of 5, which found no tree),
    so a caller that knows a word with a tree cuts off at that tree's total instead (the front
    does, with a finishing tree)."""
    return game.hard and game.max_guesses <= BEAM_FINISH + 1


def probe_upper_bound(game: Game, words: list[int],
                      setting: SearchSetting) -> tuple[int, list[int], float]:
    """A cutoff and an order to start an exact search with, from a quick beam search (a few
    guesses per node) of the first words.

    Why: an exact search without a cutoff must prove every branch's optimum and can take ten times
    longer than one that only has to show a word cannot beat the best. A beam's total belongs to a
    real tree, so 1 + the best beam total is a safe cutoff (the best word's exact total is below
    it), and trying words in the order of their beam totals puts the likely best first, so every
    later word runs with a tight cutoff. Also returns the CPU seconds the probe took.
    """
    probed = words[:PROBE_WORDS]
    results = search_guesses(game, probed, setting.with_beam(PROBE_BEAM))
    found = {r.word: r.value for r in results if r.exact}
    order = sorted(probed, key=lambda g: (found.get(game.guesses.words[g], INF), probed.index(g)))
    return (min(list(found.values()) + [INF - 1]) + 1, order + words[PROBE_WORDS:],
            sum(r.counters.get("cpu_seconds", 0.0) for r in results))
