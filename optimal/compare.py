"""`python -m optimal.compare`: greedy, beam and optimal trees side by side, in one report.

For one game (lists and mode) it builds the greedy trees (three metrics, each guess pool that the
mode allows), beam trees of several widths and the optimal tree for one first word (the beam and
optimal trees share it, so the table shows what lookahead buys), verifies each, plays Evil Wordle
against each, and writes `COMPARE.md` with one PNG histogram
overlaying them, to runs/<answers>-<guesses>-<mode>-d<max>-compare.../ (or --out DIR/<...-d<max>>/).

With answer weights (--weights) the greedy metrics weigh the candidates, the beam and optimal trees
minimise the expected number of guesses, and the table gains a column, the expectation under the
weights; the uniform-optimal tree for the same first word is added as a row, so its expectation
under the weights stands beside the weighted-optimal tree's, and their plain means the other way
round.
"""

from __future__ import annotations

import argparse
from contextlib import nullcontext
from pathlib import Path

import numpy as np

from greedy import greedy_tree
from lookahead import SearchSetting, ranked_guesses, search_guesses, solve_guess
from optimal.cli.progress import Stopwatch
from optimal.adversaries import evil_game
from optimal.cli.args import (Parser, add_game_arguments, add_weights_argument, capped_workers,
                              game_from_args, widths, workers)
from optimal.cli.outputs import claimed_folder, file_set, output_folder, provenance, write_report
from optimal.cli.run import run_cli
from optimal.play.text import plural
from optimal.errors import NoTree
from optimal.game import Game
from optimal.report import TableRow, comparison_table, cumulative_line, histogram_png
from optimal.tree import Node, check
from optimal.weights import Weights

EXAMPLES = """examples:
  python -m optimal.compare                       # original lists, normal mode
  python -m optimal.compare --hard
  python -m optimal.compare --first salet --beams 1,5,20
  python -m optimal.compare --lists nyt --out /tmp/results
  python -m optimal.compare --weights freq --first salet   # weighted vs uniform optimum
"""


def counts_of(tree: Node, game: Game) -> np.ndarray:
    """Guesses per answer, verified (a greedy tree may go past the guess limit: the limit is
    relaxed for measuring, and the table shows the worst case)."""
    return check(tree, game.with_limits(max_guesses=64))


def build_rows(game: Game, first: str | None, beams: list[int], jobs: int) -> tuple[list[TableRow], str]:
    """The comparison's rows (greedy trees by metric and pool, beam trees and the proven optimum for
    one first word, and under weights the uniform optimum too) and a sentence on how the first
    word was chosen and what is missing from the table. Every tree is verified as its row is
    added."""
    rows: list[TableRow] = []

    def add(name: str, tree: Node, seconds: float) -> None:
        counts = counts_of(tree, game)
        within = int(np.sum(counts <= game.max_guesses))
        rows.append(TableRow(name, tree.guess, counts, seconds,
                             {"Evil Wordle": len(evil_game(tree, game)),
                              f"found within {game.max_guesses}": f"{within}/{len(counts)}"}))

    pools = ["targets", "targets+inconsistent", "all"] if not game.hard else ["targets", "hard"]
    for metric in ("max", "expectation", "neg_entropy"):
        for pool in pools:
            clock = Stopwatch()
            tree = greedy_tree(game, metric, pool, verify=False)  # add() verifies it
            add(f"greedy {metric}, {pool}", tree, clock.seconds)
    exact = SearchSetting(0, 1024, jobs)
    if first is None:  # the best of a quick beam over the most promising first words
        clock = Stopwatch()
        words = [g for g, _ in ranked_guesses(game, exact, limit=20)]
        for beam in (5, 20, 0):  # a narrow beam may find no tree within the limit: widen it
            found = [r for r in search_guesses(game, words, SearchSetting(beam, 1024, jobs))
                     if r.exact]
            if found:
                break
        if not found:
            raise NoTree(f"none of the 20 most promising first words finds every answer within "
                         f"{plural(game.max_guesses, 'guess')} (exact search): raise --max-depth")
        first = min(found, key=lambda r: (r.value, words.index(game.guess_id(r.word)))).word
        search = f"a beam of {beam}" if beam else "exact search"
        how = (f"{first.upper()}, the best of the 20 most promising first words by {search} "
               f"({clock.seconds:.1f} s)")
    else:
        how = f"{first.upper()}, as given"
    guess = game.guess_id(first)
    missing = []
    for beam in beams:
        result = solve_guess(game, guess, SearchSetting(beam, 1024, jobs))
        if result.tree is not None:
            add(f"beam {beam}, first {first.upper()}", result.tree, result.seconds)
        else:
            missing.append(f"beam {beam} finds no tree within {plural(game.max_guesses, 'guess')} for "
                           f"{first.upper()} (too few guesses per node to keep every answer in time)")
    result = solve_guess(game, guess, exact)
    weighted = f", weights {game.weights.name}" if game.weights is not None else ""
    if result.tree is not None:
        add(f"optimal for {first.upper()}{weighted} (proven)", result.tree, result.seconds)
    else:  # then no beam could find one: its narrowness is not the reason
        missing = [f"no tree within {plural(game.max_guesses, 'guess')} exists for {first.upper()} "
                   f"(proven), so no beam finds one"]
    if game.weights is not None and result.tree is not None:
        uniform = solve_guess(game.with_weights(None), guess, exact)
        add(f"optimal for {first.upper()}, uniform (proven)", uniform.tree, uniform.seconds)
    if missing:
        how += ". Not in the table: " + "; ".join(missing)
    return rows, how


def weighted_contrast(rows: list[TableRow], weights: Weights) -> str:
    """One sentence: the weighted-optimal and the uniform-optimal tree for the same first word,
    each measured under the other's objective (from their replayed counts)."""
    found = {("uniform" if "uniform" in row.name else "weighted"): row for row in rows
             if row.name.startswith("optimal for ")}
    if len(found) < 2:
        return ""
    w, u = found["weighted"], found["uniform"]
    ew, eu = weights.expectation(w.counts), weights.expectation(u.counts)
    mw, mu = float(np.mean(w.counts)), float(np.mean(u.counts))
    return (f"For {w.first_guess.upper()}: under the weights the weighted optimum expects {ew:.4f} "
            f"guesses and the uniform optimum {eu:.4f} ({eu - ew:+.4f} for ignoring the weights); "
            f"in plain mean the uniform optimum takes {mu:.4f} and the weighted one {mw:.4f} "
            f"({mw - mu:+.4f} for weighing the answers).")


def compare(game: Game, args, beams: list[int], jobs: int, out_dir: Path,
            argv: list[str] | None) -> int:
    """Build, print and (unless --no-write) write the comparison."""
    clock = Stopwatch()
    rows, how = build_rows(game, args.first.strip().lower() if args.first else None, beams, jobs)
    seconds = clock.seconds
    title = (f"{game.answers.name} answers ({len(game.answers):,}), {game.guesses.name} guesses "
             f"({len(game.guesses):,}), {game.mode_name}, limit {game.max_guesses}")
    weighted = ""
    if game.weights is not None:
        title += f", answers weighted by {game.weights.name}"
        weighted = (f" *expected ({game.weights.name})* is each tree's expected number of "
                    "guesses under the weights (from its replayed counts): the weighted-optimal "
                    "tree minimises it, the uniform-optimal tree minimises the plain *mean*; "
                    f"weights: {game.weights.source}.")
    table = comparison_table(rows, weights=game.weights)
    contrast = weighted_contrast(rows, game.weights) if game.weights is not None else ""
    lines = [f"# Greedy, beam and optimal trees: {title}", "",
             f"First word of the beam and optimal trees: {how}. Greedy trees choose their own. "
             "Every tree is verified by replaying every answer; *Evil Wordle* is the length of "
             "the game an adversary forces by always replying with the largest branch (ties: the "
             "branch whose earliest answer comes first in the list). Greedy trees are measured "
             "without the guess limit; the column *found within* says how many answers they "
             f"find in time.{weighted} Total run time {seconds:.1f} s.", "", table, "",
             *([contrast, ""] if contrast else []),
             "Cumulative lines:", ""]
    lines += [f"- {row.name}: {cumulative_line(row.counts)}" for row in rows]
    print("\n".join(lines[2:]))
    if not args.no_write:
        with file_set(out_dir, args.out is None) as staging:
            if histogram_png({r.name: r.counts for r in rows}, staging / "compare.png", title):
                lines += ["", "![distributions](compare.png)"]
            write_report(staging, "\n".join(lines), provenance(seconds, argv), name="COMPARE.md")
            drawn = (staging / "compare.png").exists()
        print(f"\nwrote {out_dir / 'COMPARE.md'}" + (f", {out_dir / 'compare.png'}" if drawn else ""))
    return 0


DEFAULT_BEAMS = [1, 5, 20]


def compare_question(args: argparse.Namespace) -> str:
    """The question of a comparison, for the default folder's name: why: a comparison for
    another first word or other beams must not replace this one's files."""
    first = f"-first-{args.first.lower()}" if args.first else ""
    beams = "" if args.beams == DEFAULT_BEAMS else "-beams" + ",".join(map(str, args.beams))
    return f"-compare{first}{beams}"


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.compare` on `argv` and return the exit code; the results folder is
    claimed before any work unless `--no-write`."""
    parser = Parser(prog="python -m optimal.compare", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser)
    add_weights_argument(parser)
    parser.add_argument("--first", metavar="WORD", help="first word of the beam and optimal trees "
                        "(default: the best of the 20 most promising by a quick beam)")
    parser.add_argument("--beams", type=widths(1), default=DEFAULT_BEAMS, metavar="K,K,...",
                        help="beam widths, at least 1 (default 1,5,20; the optimal tree is always added)")
    parser.add_argument("--jobs", type=workers, default=2,
                        help="parallel workers (default 2; more than the cores available are capped)")
    parser.add_argument("--out", metavar="DIR",
                        help="results root: writes DIR/<lists>-<mode>-d<limit>/COMPARE.md, the "
                             "layout of the committed results/ (default: runs/<that name>-compare"
                             "[-first-WORD][-beamsK,K]/ under the current folder, or under "
                             "$OPTIMAL_RUNS)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)

    def body() -> int:
        beams = args.beams
        jobs = capped_workers(args.jobs)
        game = game_from_args(args, default_lists="original")
        if args.first:
            game.guess_id(args.first)
        out_dir = output_folder(args.out, game, "", compare_question(args))
        with claimed_folder(out_dir) if not args.no_write else nullcontext():
            return compare(game, args, beams, jobs, out_dir, argv)

    return run_cli(body, parser.prog)


if __name__ == "__main__":
    from optimal.cli.run import exit_as_script

    exit_as_script(main, "python -m optimal.compare")
