"""`python -m optimal.search`: the main job. Parse the request, compute, render, write.

The steps are kept apart on purpose: the request is checked before any work starts, the engine
returns outcome values and neither prints nor writes, the renderers only format, and the best tree
is verified once, just before it is shown and written. Before the work starts the run also says
how much memory it may take (refusing what cannot fit) and claims its results folder (created,
checked writable, locked against a second writer); its files are written as a set at the end.
"""

from __future__ import annotations

import sys
from contextlib import nullcontext
from dataclasses import replace
from functools import partial
from pathlib import Path

from lookahead import (dordle_first_word_branch_count, dordle_first_word_branches, finishing_tree,
                       memory_estimate, ranked_guesses, solve_state)
from optimal.cli.progress import KernelProgress, Stopwatch, progress_bar
from optimal.cli.backends import parallel_backend
from optimal.cli.checkpoint import load_checkpoint
from optimal.cli.certificate import CertificateFile, certificate_note, certificate_target
from optimal.cli.outputs import (check_out_folder, claimed_folder, dordle_tree_path,
                                 dordle_tree_stats, file_set, output_folder, provenance,
                                 write_report, write_summary, write_tree)
from optimal.cli.run import run_cli
from optimal.dordle import VerifiedDordleTree, verified_branches
from optimal.errors import BadInput, DefectiveTree, NoTree, shortened
from optimal.files import memory_bytes, release_notes
from optimal.game import Game, parse_history
from optimal.play.text import plural
from optimal.report import report_line, summarize
from optimal.search import render
from optimal.search.dordle import DordleRun, dordle_game, search_dordle
from optimal.search import exact, first, worst
from optimal.search.exact import rank_exactly
from optimal.search.first import FirstRun, search_first_words
from optimal.search.front import FrontCell, differs, search_front, tie_break
from optimal.search.request import SearchRequest, build_parser, request_from_args
from optimal.search.hunt import checkpoint_name, load_branches, run_hunt
from optimal.search.hunt_notes import notes_name, read_notes
from optimal.search.worst import search_worst
from optimal.tree import verified


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.search` on `argv` and return the exit code (0 done, 1 no tree, 2 bad
    input). A usage error or --help returns its code instead of raising SystemExit."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:  # a usage error (its one line is written) or --help: the exit code
        return stop.code if isinstance(stop.code, int) else 2
    return run_cli(lambda: run(request_from_args(args, argv)), parser.prog)


def run(request: SearchRequest) -> int:
    """Carry out a request: 0 done, 1 no tree within the limits (NoTree), 2 bad input."""
    game = request.game.build(default_lists="original")
    if request.kind == "dordle":
        return run_dordle(dordle_game(game, request), request)
    if request.kind == "state":
        with parallel_backend(request.setting.backend, request.scheduler):
            return run_state(game, request)
    if game.max_guesses == 1 and len(game.answers) > 1:
        raise NoTree(f"no tree exists: with 1 guess only one of the {len(game.answers):,} answers "
                     "can be found (raise --max-depth)")
    for word in request.first:  # an unknown word is bad input, refused before anything is said
        game.guess_id(word)
    estimate = check_memory(game, request)
    beam = request.setting.beam
    suffix = {"worst": "-worst", "hunt": "-hunt", "exact": "-exact"}.get(
        request.kind, f"-beam{beam}" if beam else "")
    out_dir = (front_dir(request, game) if request.kind == "front"
               else output_folder(request.out, game, suffix, request.question))
    inputs = [request.game.answers, request.game.guesses, request.game.weights]
    if request.write:
        check_out_folder(out_dir, inputs)
    if request.certificate:
        certificate_target(request.certificate, inputs, out_dir if request.write else None)
    with claimed_folder(out_dir) if request.write else nullcontext(), \
            parallel_backend(request.setting.backend, request.scheduler):
        if request.write:
            preflight_checkpoint(game, request, out_dir)
        release_notes()  # the input is checked and the folder claimed: the notes held are said
        if estimate:
            sys.stderr.write(estimate + "\n")
        if request.kind == "worst":
            return run_worst(game, request, out_dir)
        if request.kind == "hunt":
            return run_hunt(game, request, out_dir)
        if request.kind == "exact":
            return run_exact(game, request, out_dir)
        if request.kind == "front":
            return run_front(game, request, out_dir)
        return run_first(game, request, out_dir)


def preflight_checkpoint(game: Game, request: SearchRequest, out_dir: Path) -> None:
    """Refuse a damaged or foreign checkpoint before anything is said: format, tool, question and
    digest, as the run's own load checks them (its entries are checked there). Why: the memory
    estimate was printed first, so a damaged checkpoint gave two lines on stderr, not one."""
    if request.kind == "hunt" and not request.restart:
        for word in request.first:
            load_branches(out_dir / checkpoint_name(word), game, word)
            read_notes(out_dir / notes_name(word), game, word)
    if not request.checkpointed or request.restart:
        return
    if request.kind == "first":
        ident = first.checkpoint_identity(game, request.setting.beam, request.below)
        load_checkpoint(out_dir / first.CHECKPOINT, ident, lambda word, entry: None)
    elif request.kind in ("worst", "exact"):
        module = worst if request.kind == "worst" else exact
        load_checkpoint(out_dir / module.CHECKPOINT, module.checkpoint_identity(game),
                        lambda word, entry: None)


def check_memory(game: Game, request: SearchRequest) -> str:
    """Refuse, before the work starts, a run that may take more memory than the machine has; the
    line to say when it is worth saying (workers may start, or it is a good part of the
    machine's), said once the results folder is claimed (so a folder refused stays one line)."""
    setting = request.setting  # a hunt runs in this process alone, its memo the whole --cache-mb
    if request.kind == "hunt":
        setting = replace(setting, jobs=1)
    estimate = memory_estimate(game, setting, request.objective)
    have = memory_bytes() / 2**20
    if estimate.total_mb > have:
        raise BadInput(f"this run may need about {estimate.total_mb:,.0f} MB but the machine has "
                       f"{have:,.0f} MB: lower --cache-mb or --jobs")
    if not request.quiet and (estimate.solvers > 1 or estimate.total_mb > have / 2):
        return estimate.text() + " (see --cache-mb, --jobs)"
    return ""


def certified(request: SearchRequest, game: Game, objective: str, search):
    """Run `search(log)` with a certificate being written (log None without --certificate);
    the file is moved into place only when the search finished. Returns (result, note)."""
    if not request.certificate:
        return search(None), ""
    cert = CertificateFile(request.certificate, game, objective, provenance(None, request.argv))
    try:
        result = search(cert.log)
    except BaseException:
        cert.abort()
        raise
    size = cert.commit()
    return result, certificate_note(cert.path, size, cert.log.words)


def run_first(game: Game, request: SearchRequest, out_dir: Path) -> int:
    """The first-guess search: verify the best tree once (a checkpoint's claim must agree), break
    ties by the longest game when asked, print, and write the trees, summary.json and REPORT.md
    as one set. NoTree when no evaluated word has a tree."""
    clock = Stopwatch()
    beam = request.setting.beam
    run, note = certified(request, game, "total",
                          lambda log: search_first_words(game, request, out_dir, log))
    if note:
        print(note)
    outcome, how = run.outcome, run.how
    if outcome.best is None:
        if all(not r.feasible for r in outcome.results):
            names = ", ".join(r.word.upper() for r in outcome.results[:5]) + (
                " ..." if len(outcome.results) > 5 else "")
            raise NoTree(f"no tree exists: {names} cannot find every answer within "
                         f"{game.max_guesses} guesses in {game.mode_name}"
                         + (f" (within beam {beam})" if beam else ""))
        if request.below is not None:
            raise NoTree(f"no first word is below {request.below:,}: each of the "
                         f"{len(outcome.results):,} evaluated is proven to need at least that "
                         f"(or to have no tree within {game.max_guesses})")
        raise NoTree("no evaluated word finished below the cutoff")
    tree = verified(outcome.tree_result.tree, game)
    check_claim(run, tree.objective)
    shortest = tie_tree = None
    if request.tie_break == "worst":
        shortest, tie_tree, tie_words = tie_break(game, outcome, tree, request.setting)
    seconds = clock.seconds
    print(render.first_text(outcome, tree, how, seconds))
    if shortest is not None:
        print("\n" + render.tie_break_claim(shortest, tree, tie_words))
        print(f"tie-broken tree ({shortest.word.upper()}): {report_line(tie_tree.counts)}")
    if request.write:
        prov = provenance(seconds, request.argv)
        label = ("proven optimal for this first guess" if outcome.proven
                 else f"upper bound (beam {beam})")
        lower = tree.total if outcome.proven else outcome.split_bounds.get(outcome.best.word)
        summary = render.first_summary(outcome, tree, how, seconds)
        markdown = render.first_markdown(outcome, tree, how, seconds)
        if shortest is not None:
            summary["tie_break"] = dict(shortest.as_dict(),
                                        stats=summarize(tie_tree.counts).as_dict())
            markdown += "\n\n" + "\n".join(render.tie_break_lines(shortest, tree, tie_tree,
                                                                   tie_words))
        summary["provenance"] = prov
        with file_set(out_dir, request.out is None) as staging:
            if shortest is None:
                paths = write_tree(staging, outcome.tree_result.word, tree, outcome.proven, lower,
                                   prov, label)
            else:  # the tie-broken tree is the run's tree; the search's own is kept beside it
                paths = write_tree(staging, shortest.word, tie_tree, True, outcome.value, prov,
                                   f"{label}; {TIE_LABEL}")
                if differs(shortest, tie_tree, tree, outcome.tree_result.word):
                    paths += write_tree(staging, outcome.tree_result.word + "-plain", tree, True,
                                        outcome.value, prov, f"{label}; the search's own tree")
            names = [p.name for p in paths]
            write_summary(staging, summary)
            write_report(staging, markdown + render.certificate_markdown(request.certificate), prov)
        print(f"\nwrote {', '.join(str(out_dir / n) for n in names)}, {out_dir / 'summary.json'}, "
              f"{out_dir / 'REPORT.md'}")
    return 0


def check_claim(run: FirstRun, total: int) -> None:
    """The best word's recorded total must be its verified tree's: a checkpoint that says
    otherwise is refused (nothing false is printed), and anything else is a defect of the tool."""
    outcome = run.outcome
    if total == outcome.value:
        return
    word = outcome.tree_result.word.upper()
    if run.from_checkpoint(outcome.best) and outcome.proof is None:
        raise BadInput(f"checkpoint {run.checkpoint}: {word} is recorded with total "
                       f"{outcome.value}, but its tree, rebuilt and verified, totals {total}; use "
                       "--restart to set it aside and start afresh")
    raise DefectiveTree(f"{word}: the search's total {outcome.value} differs from its verified "
                        f"tree's {total}")


TIE_LABEL = ("ties broken by the worst case: of the trees of this total, the longest game is the "
             "least possible, then the fewest answers at that depth (proven)")


def front_dir(request: SearchRequest, game: Game) -> Path:
    """<answers>-<guesses>-<mode>-front[-beamK]: one folder for every limit of a front."""
    beam = request.setting.beam
    return output_folder(request.out, game, f"-front{f'-beam{beam}' if beam else ''}",
                         request.question, limit=False)


def run_front(game: Game, request: SearchRequest, out_dir: Path) -> int:
    """The guess-limit front: one cell per limit, a table, a plot, the verified trees (each
    limit's trees a file set in its d<limit> folder, written when the limit is done; the table's
    files in the front's folder at the end)."""
    clock = Stopwatch()
    beam = request.setting.beam

    paths = []

    def done(cell: FrontCell) -> None:
        """Show a limit's cell and write its trees as soon as it is done (a long front stopped
        later keeps them)."""
        shown = (f"{cell.word.upper()} {cell.total}" if cell.feasible else "none")
        print(f"within {cell.limit}: {shown} ({render.front_proven(game, cell)}; "
              f"{cell.seconds:.1f} s)", flush=True)
        if request.write and cell.feasible:
            folder = out_dir / f"d{cell.limit}"
            folder.mkdir(parents=True, exist_ok=True)
            with file_set(folder, request.out is None) as staging:
                paths.extend(write_front_trees(staging, cell, provenance(
                    clock.seconds, request.argv)))

    cells = search_front(game, request, out_dir, done)
    seconds = clock.seconds
    print("\n" + render.front_text(game, cells, seconds))
    if request.write:
        prov = provenance(seconds, request.argv)
        png = render.front_png(game, cells)
        summary = render.front_summary(game, cells, seconds)
        summary["provenance"] = prov
        how = (f"search: {'exact' if not beam else f'beam of {beam} guesses per node'}"
               f"{', ties broken by the worst case' if request.tie_break == 'worst' else ''}; "
               f"{render.processes(request.setting.jobs, request.setting.backend)}")
        plot = "front.png" if png is not None else None
        with file_set(out_dir, request.out is None) as staging:
            if png is not None:
                (staging / "front.png").write_bytes(png)
            write_summary(staging, summary)
            write_report(staging, render.front_markdown(game, cells, seconds, how, plot), prov)
        print(f"\nwrote {len(paths)} tree files under {out_dir}, {out_dir / 'summary.json'}, "
              f"{out_dir / 'REPORT.md'}" + (f", {out_dir / 'front.png'}" if plot else ""))
    if not any(cell.feasible for cell in cells):
        raise NoTree(f"no tree within any of the limits {', '.join(map(str, request.front))}")
    return 0


def write_front_trees(folder: Path, cell: FrontCell, prov: dict) -> list[Path]:
    """A cell's verified trees: the tie-broken one as <word>.json (when there is one) and the
    search's own (as <word>-plain.json beside it, or <word>.json without a tie-break)."""
    outcome = cell.outcome
    proven = outcome.proven
    label = ("proven optimal for this first guess" if proven
             else f"upper bound (beam {cell.beam})")
    lower = outcome.value if proven else outcome.split_bounds.get(outcome.best.word)
    if cell.shortest is None:
        return write_tree(folder, outcome.tree_result.word, cell.plain, proven, lower, prov, label)
    paths = write_tree(folder, cell.shortest.word, cell.shortest_tree, True, outcome.value, prov,
                       f"{label}; {TIE_LABEL}")
    if cell.plain_kept:
        paths += write_tree(folder, outcome.tree_result.word + "-plain", cell.plain, True,
                            outcome.value, prov, f"{label}; the search's own tree")
    return paths


def run_worst(game: Game, request: SearchRequest, out_dir: Path) -> int:
    """The worst-case question (can every answer be found within the limit?): print each word's
    verdict, build and verify a finishing tree for the first feasible word, write the files, and
    raise NoTree (after writing) when no word is feasible."""
    clock = Stopwatch()
    (results, how), note = certified(request, game, "worst",
                                     lambda log: search_worst(game, request, out_dir, log))
    if note:
        print(note)
    seconds = clock.seconds
    feasible = [r for r in results if r.feasible]
    tree = None
    if feasible:
        word = feasible[0].word
        found = finishing_tree(game, game.guess_id(word), request.setting)
        if found is None:
            raise DefectiveTree(f"{word.upper()}: found feasible, but no finishing tree was built")
        tree = verified(found, game)
    print(render.worst_text(game, results, how, seconds))
    if request.write:
        prov = provenance(seconds, request.argv)
        with file_set(out_dir, request.out is None) as staging:
            names = []
            if tree is not None:
                names = [p.name for p in write_tree(
                    staging, feasible[0].word, tree, False, None, prov,
                    f"finds every answer within {plural(game.max_guesses, 'guess')} (not optimized for the "
                    "total)")]
            summary = render.worst_summary(game, results, how, seconds)
            summary["provenance"] = prov
            write_summary(staging, summary)
            write_report(staging, render.worst_markdown(game, results, how, seconds)
                         + render.certificate_markdown(request.certificate), prov)
        print(f"\nwrote {', '.join(str(out_dir / n) for n in names + ['summary.json', 'REPORT.md'])}")
    if not feasible:
        raise NoTree(f"no tree exists: none of the {len(results)} evaluated first guesses finds "
                     f"every answer within {game.max_guesses} guesses in {game.mode_name}")
    return 0


def run_exact(game: Game, request: SearchRequest, out_dir: Path) -> int:
    """`--rank exact`: every word's exact value or bounds, printed and written as summary.json and
    EXACT.md; NoTree (after writing) when no word has a tree."""
    clock = Stopwatch()
    rows, how = rank_exactly(game, request, out_dir)
    seconds = clock.seconds
    print(render.exact_text(game, rows, how, seconds))
    if request.write:
        order = {game.guesses.words[g]: rank for rank, (g, _) in
                 enumerate(ranked_guesses(game, request.setting), start=1)}
        prov = provenance(seconds, request.argv)
        summary = render.exact_summary(game, rows, how, seconds)
        summary["provenance"] = prov
        with file_set(out_dir, request.out is None) as staging:
            write_summary(staging, summary)
            write_report(staging, render.exact_markdown(game, rows, order, how, seconds,
                                                        request.budget), prov, name="EXACT.md")
        print(f"\nwrote {out_dir / 'summary.json'}, {out_dir / 'EXACT.md'}")
    if not any(r.feasible for r in rows):
        raise NoTree(f"no tree exists: none of the {len(rows)} evaluated first guesses finds every "
                     f"answer within {game.max_guesses} guesses in {game.mode_name}")
    return 0


def run_state(game: Game, request: SearchRequest) -> int:
    """`--from HISTORY`: the best next guess at a mid-game state and its optimal total, printed (no
    files). BadInput when the game is already won, NoTree when no guess is left or no tree
    exists."""
    history = parse_history(request.history, game)
    if len(history) >= game.max_guesses:  # bad input, as `assist --history` says (exit 2)
        raise BadInput(f"--from has {len(history):,} guesses, but the guess limit is "
                       f"{game.max_guesses}: no guess is left to find (raise --max-depth)")
    candidates = game.check_history(history)
    played = shortened(" ".join(f"{w.upper()} {game.reply_text(c)}" for w, c in history), 80)
    if history[-1][1] == game.won:
        raise BadInput(f"after {played} the game is already won: there is no next guess to find")
    left = game.max_guesses - len(history)
    state = game.hard_state(history) if game.hard else None
    # a state of a thousand answers can take minutes: a sign of life after 2 s (nodes searched)
    watch = partial(KernelProgress, "best next guess: search", quiet=request.quiet, delay=2.0)
    outcome = solve_state(game, candidates, left, state, request.setting, watch=watch)
    n = len(candidates)
    print(f"After {played}: {plural(n, 'candidate answer')}, {plural(left, 'guess')} left, "
          f"{game.mode_name}.")
    if outcome.best is None:
        raise NoTree(f"no tree from here: the {n} candidates cannot all be found within {left} "
                     f"more guesses")
    print("\n".join(render.state_text(game, outcome, len(history))))
    return 0


def run_dordle(game: Game, request: SearchRequest) -> int:
    """Dordle (--boards 2): bounds from both sides; the best tree replayed on every game (built a
    branch at a time, each branch written once its games have passed, and the files moved into
    the results folder as a set only once every game has passed)."""
    clock = Stopwatch()
    out_dir = output_folder(request.out, game, "-boards2", request.question)
    with claimed_folder(out_dir) if request.write else nullcontext():
        run = search_dordle(game, request, out_dir)
        if not request.write:
            tree = dordle_tree(game, request, run, None, clock)
            print(render.dordle_text(run, tree))
            return 0
        with file_set(out_dir, request.out is None) as staging:
            path = dordle_tree_path(staging, run.best.word, run.games)
            tree = dordle_tree(game, request, run, path, clock)
            print(render.dordle_text(run, tree))
            prov = provenance(run.seconds, request.argv)
            summary = render.dordle_summary(run, tree)
            summary["provenance"] = prov
            write_summary(staging, summary)
            write_report(staging, render.dordle_markdown(run, tree), prov)
        print(f"\nwrote {out_dir / path.name}, {out_dir / 'summary.json'}, {out_dir / 'REPORT.md'}")
    return 0


def dordle_tree(game: Game, request: SearchRequest, run: DordleRun, path: Path | None,
                clock: Stopwatch) -> VerifiedDordleTree:
    """The best first word's tree, each branch replayed on its games (and written to `path`, when
    given, once they pass); its total must be the one the search reported, or, for a beam's tree,
    at most that (then the run's figures become the tree's: it is the upper bound verified). Why
    a beam's may be less: the tree is searched again a branch at a time, and a limit-aware beam
    keeps the first K guesses not proven impossible, which depends on what the memo holds then
    (the full lists' beam-3 TRACE: 25,381,006 reported, its tree 25,380,996)."""
    best = run.best
    label = ("proven optimal" if run.proven else "optimal for this first word" if best.exact
             else f"upper bound (beam {best.beam})")

    def check_total(tree: VerifiedDordleTree) -> None:
        if tree.total == run.best.total:
            return
        if best.exact or tree.total > best.total:
            raise DefectiveTree(f"{best.word.upper()}: the search reports {best.total} but its "
                                f"tree replays to {tree.total}")
        run.best = replace(best, total=tree.total)
        run.values = [replace(v, total=tree.total) if v.word == best.word else v
                      for v in run.values]

    def document(tree: VerifiedDordleTree) -> tuple[dict, dict]:
        check_total(tree)
        run.seconds = clock.seconds
        return (dordle_tree_stats(tree, run.proven, run.lower, label),
                provenance(run.seconds, request.argv))

    setting = request.setting.with_beam(best.beam)
    bar = progress_bar(f"{best.word.upper()}'s tree, built and replayed", "branch", request.quiet,
                       total=dordle_first_word_branch_count(game, best.word, setting))

    def counted():
        for branch in dordle_first_word_branches(game, best.word, setting):
            yield branch
            bar.update(1)

    tree = verified_branches(best.word, counted(), game, path, document)
    bar.close()
    check_total(tree)
    run.seconds = clock.seconds
    return tree
