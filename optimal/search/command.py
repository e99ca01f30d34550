"""`python -m optimal.search`: the main job. Parse the request, compute, render, write.

The steps are kept apart on purpose: the request is checked before any work starts, the engine
returns outcome values and neither prints nor writes, the renderers only format, and the best tree
is verified once, just before it is shown and written.
"""

from __future__ import annotations

import time

from lookahead import dordle_first_word_branches, finishing_tree, ranked_guesses, solve_state
from optimal.cli.backends import parallel_backend
from optimal.cli.outputs import (dordle_tree_path, dordle_tree_stats, provenance, run_dir,
                                 write_report, write_summary, write_tree)
from optimal.cli.run import run_cli
from optimal.dordle import VerifiedDordleTree, verified_branches
from optimal.errors import DefectiveTree, NoTree
from optimal.game import Game, parse_history
from optimal.search import render
from optimal.search.dordle import dordle_game, search_dordle
from optimal.search.exact import rank_exactly
from optimal.search.first import search_first_words
from optimal.search.request import SearchRequest, build_parser, request_from_args
from optimal.search.worst import search_worst
from optimal.tree import verified


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    return run_cli(lambda: run(request_from_args(args, argv)), parser.prog)


def run(request: SearchRequest) -> int:
    """Carry out a request: 0 done, 1 no tree within the limits (NoTree), 2 bad input."""
    game = request.game.build(default_lists="original")
    if request.kind == "dordle":
        return run_dordle(dordle_game(game, request), request)
    with parallel_backend(request.setting.backend, request.scheduler):
        if request.kind == "state":
            return run_state(game, request)
        if request.kind == "worst":
            return run_worst(game, request)
        if request.kind == "exact":
            return run_exact(game, request)
        return run_first(game, request)


def run_first(game: Game, request: SearchRequest) -> int:
    start = time.perf_counter()
    beam = request.setting.beam
    out_dir = run_dir(request.out, game, f"-beam{beam}" if beam else "")
    outcome, how = search_first_words(game, request, out_dir)
    if outcome.best is None:
        if all(not r.feasible for r in outcome.results):
            names = ", ".join(r.word.upper() for r in outcome.results[:5]) + (
                " ..." if len(outcome.results) > 5 else "")
            raise NoTree(f"no tree exists: {names} cannot find every answer within "
                         f"{game.max_guesses} guesses in {game.mode} mode"
                         + (f" (within beam {beam})" if beam else ""))
        raise NoTree("no evaluated word finished below the cutoff")
    tree = verified(outcome.tree_result.tree, game)
    seconds = time.perf_counter() - start
    print(render.first_text(outcome, tree, how, seconds))
    if request.write:
        prov = provenance(seconds, request.argv)
        label = ("proven optimal for this first guess" if outcome.proven
                 else f"upper bound (beam {beam})")
        lower = outcome.value if outcome.proven else outcome.split_bounds.get(outcome.best.word)
        paths = write_tree(out_dir, outcome.tree_result.word, tree, outcome.proven, lower, prov, label)
        summary = render.first_summary(outcome, tree, how, seconds)
        summary["provenance"] = prov
        write_summary(out_dir, summary)
        write_report(out_dir, render.first_markdown(outcome, tree, how, seconds), prov)
        print(f"\nwrote {', '.join(str(p) for p in paths)}, {out_dir / 'summary.json'}, "
              f"{out_dir / 'REPORT.md'}")
    return 0


def run_worst(game: Game, request: SearchRequest) -> int:
    start = time.perf_counter()
    out_dir = run_dir(request.out, game, "-worst")
    results, how = search_worst(game, request, out_dir)
    seconds = time.perf_counter() - start
    feasible = [r for r in results if r.feasible]
    print(render.worst_text(game, results, how, seconds))
    if request.write:
        prov = provenance(seconds, request.argv)
        paths = []
        if feasible:
            word = feasible[0].word
            tree = verified(finishing_tree(game, game.guess_id(word), request.setting), game)
            paths = write_tree(out_dir, word, tree, False, None, prov,
                               f"finds every answer within {game.max_guesses} guesses (not "
                               "optimized for the total)")
        summary = render.worst_summary(game, results, how, seconds)
        summary["provenance"] = prov
        write_summary(out_dir, summary)
        write_report(out_dir, render.worst_markdown(game, results, how, seconds), prov)
        print(f"\nwrote {', '.join(str(p) for p in paths + [out_dir / 'summary.json', out_dir / 'REPORT.md'])}")
    if not feasible:
        raise NoTree(f"no tree exists: none of the {len(results)} evaluated first guesses finds "
                     f"every answer within {game.max_guesses} guesses in {game.mode} mode")
    return 0


def run_exact(game: Game, request: SearchRequest) -> int:
    start = time.perf_counter()
    out_dir = run_dir(request.out, game, "-exact")
    rows, how = rank_exactly(game, request, out_dir)
    seconds = time.perf_counter() - start
    print(render.exact_text(game, rows, how, seconds))
    if request.write:
        order = {game.guesses.words[g]: rank for rank, (g, _) in
                 enumerate(ranked_guesses(game, request.setting), start=1)}
        prov = provenance(seconds, request.argv)
        summary = render.exact_summary(game, rows, how, seconds)
        summary["provenance"] = prov
        write_summary(out_dir, summary)
        write_report(out_dir, render.exact_markdown(game, rows, order, how, seconds, request.budget),
                     prov, name="EXACT.md")
        print(f"\nwrote {out_dir / 'summary.json'}, {out_dir / 'EXACT.md'}")
    if not any(r.feasible for r in rows):
        raise NoTree(f"no tree exists: none of the {len(rows)} evaluated first guesses finds every "
                     f"answer within {game.max_guesses} guesses in {game.mode} mode")
    return 0


def run_state(game: Game, request: SearchRequest) -> int:
    history = parse_history(request.history, game)
    candidates = game.check_history(history)
    left = game.max_guesses - len(history)
    played = " ".join(f"{w.upper()} {game.reply_text(c)}" for w, c in history)
    if left < 1:
        raise NoTree(f"after {played} no guesses are left (limit {game.max_guesses})")
    state = game.hard_state(history) if game.hard else None
    outcome = solve_state(game, candidates, left, state, request.setting)
    n = len(candidates)
    print(f"After {played}: {n} candidate answer(s), {left} guess(es) left, {game.mode} mode.")
    if outcome.best is None:
        raise NoTree(f"no tree from here: the {n} candidates cannot all be found within {left} "
                     f"more guesses")
    print("\n".join(render.state_text(game, outcome, len(history))))
    return 0


def run_dordle(game: Game, request: SearchRequest) -> int:
    """Dordle (--boards 2): bounds from both sides; the best tree replayed on every game (and
    written, a branch at a time, only once every game has passed)."""
    start = time.perf_counter()
    out_dir = run_dir(request.out, game, "-boards2")
    run = search_dordle(game, request, out_dir)
    best = run.best
    label = ("proven optimal" if run.proven else "optimal for this first word" if best.exact
             else f"upper bound (beam {best.beam})")

    def document(tree: VerifiedDordleTree) -> tuple[dict, dict]:
        check_total(tree)
        run.seconds = time.perf_counter() - start
        return (dordle_tree_stats(tree, run.proven, run.lower, label),
                provenance(run.seconds, request.argv))

    def check_total(tree: VerifiedDordleTree) -> None:
        if tree.total != best.total:
            raise DefectiveTree(f"{best.word.upper()}: the search reports {best.total} but its "
                                f"tree replays to {tree.total}")

    path = dordle_tree_path(out_dir, best.word, run.games) if request.write else None
    branches = dordle_first_word_branches(game, best.word, best.beam, request.setting.cache_mb)
    tree = verified_branches(best.word, branches, game, path, document)
    check_total(tree)
    run.seconds = time.perf_counter() - start
    print(render.dordle_text(run, tree))
    if request.write:
        prov = provenance(run.seconds, request.argv)
        summary = render.dordle_summary(run, tree)
        summary["provenance"] = prov
        write_summary(out_dir, summary)
        write_report(out_dir, render.dordle_markdown(run, tree), prov)
        print(f"\nwrote {path}, {out_dir / 'summary.json'}, {out_dir / 'REPORT.md'}")
    return 0
