"""The worst-case objective's face: can every answer be found within the guess limit?

`check_first_guesses` proves, for each first guess, whether every branch it leaves can be finished
within the guesses left (and, on request, how many answers a failing one must find late);
`finishing_tree` builds a tree that does it. The work is the `can_finish` kernel of
`lookahead.kernels.finish`, run in this process or on workers by the same pacing as the total objective.
With a `CertificateLog`, each failing guess's claim is written with its proof, and when every
useful first guess fails, so is the claim that none can. It does not depend on answer weights: a
weighted game is checked as the same game without them.
"""

from __future__ import annotations

from collections.abc import Callable

from lookahead.kernels.bounds import INF
from lookahead.solvers.certificate_log import CertificateLog
from lookahead.questions.first_guesses import task_results, useful_first_guesses
from lookahead.parallel.tasks import solver_for, worst_case_task
from lookahead.solvers.results import WorstResult
from lookahead.parallel.schedule import run_paced
from lookahead.solvers.setting import SearchSetting
from optimal.errors import BadInput
from optimal.game import Game
from optimal.tree import Node

PAIR_MB = 512  # per solver, for the pair bitsets of nodes with three guesses left


def check_first_guesses(game: Game, guesses: list[int], setting: SearchSetting,
                        every_branch: bool, shortfall: frozenset[int] = frozenset(),
                        on_result: Callable[[WorstResult], None] | None = None,
                        certificate: CertificateLog | None = None,
                        on_part: Callable[[int, int], None] | None = None) -> list[WorstResult]:
    """Whether each first guess finds every answer within game.max_guesses, proven either way.

    Without `every_branch` a guess stops at its first failing branch; with it, every failing
    branch is listed, and for the guesses in `shortfall` (when branches have three guesses left)
    each one's fewest answers found late is measured. Results come in completion order. One guess
    is checked here, in this process, with `on_part` seeing each branch (a single word can take an
    hour: its bar is the only sign of life)."""
    if setting.beam:
        raise BadInput("the worst-case objective is always exact: no beam")
    if game.max_guesses < 2:
        raise BadInput("the worst-case objective needs a guess limit of at least 2")
    results: list[WorstResult] = []
    game = game.with_weights(None)

    def call(batch: list[int]) -> tuple:
        return worst_case_task, (game, batch, setting.memo_mb, PAIR_MB, every_branch,
                                 frozenset(shortfall) & frozenset(batch),
                                 certificate.token if certificate else "")

    def take(output: tuple) -> None:
        for result in task_results(output, certificate):
            results.append(result)
            if on_result:
                on_result(result)

    if len(guesses) == 1:
        function, arguments = call(list(guesses))
        take(function(*arguments, on_part=on_part))
    else:
        run_paced(list(guesses), call, setting, take)
    if certificate:
        claims = {game.guess_id(r.word): r.claim for r in results if not r.feasible}
        proves = list(claims.values())
        if len(claims) > 1 and set(useful_first_guesses(game)) <= set(claims):
            proves.append(certificate.claim(INF, claims))
        certificate.finish(proves)
    return results


def finishing_tree(game: Game, first: int, setting: SearchSetting) -> Node | None:
    """A tree starting with guess `first` that finds every answer within game.max_guesses (None
    when there is none). Not optimized for the total."""
    solver = solver_for(game.with_weights(None), 0, setting.memo_mb, PAIR_MB)
    return solver.finishing_tree(game.all_candidates(), game.max_guesses, first=first)
