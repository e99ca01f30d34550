"""`python -m greedy`: greedy metric trees, baseline guessers, first- and second-guess tables.

A greedy tree plays, at every node, the guess that minimizes a one-step metric of the split (the
largest branch, the expected branch size, minus the entropy, ...). Output: a report line per tree
and markdown tables. With answer weights (--weights) the metrics score each branch's share of the
candidates' weight instead of its size, and each line adds the expected number of guesses under the
weights.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

from greedy import (BASELINES, METRICS, POOLS, baseline, first_guess_table, greedy_tree,
                    second_guess_table)
from optimal.cli.args import (Parser, add_game_arguments, add_weights_argument, bounded_int,
                              game_from_args, non_negative_int, positive_int)
from optimal.cli.outputs import provenance, tree_stats, writable_file
from optimal.cli.run import run_cli
from optimal.errors import BadInput, quoted
from optimal.report import cumulative_line, report_line, summarize, weighted_line
from optimal.tree import check, write_json, write_selby
from optimal.words import load_words

EXAMPLES = """examples:
  python -m greedy --table norvig                      # Norvig's six trees (2,309 words)
  python -m greedy --metric neg_entropy --pool all     # one tree on the original lists
  python -m greedy --metric max --pool targets --first arise --out tree.json
  python -m greedy --first-guesses 10                  # best/worst first guesses by metric
  python -m greedy --second-guesses salet              # best second guess after each reply
  python -m greedy --baseline random --seeds 5         # random consistent guesser
  python -m greedy --baseline frequent --lists norvig  # needs the 'freq' extra (wordfreq)
  python -m greedy --game jotto --table norvig         # the same six trees for Jotto (1,391 words)
  python -m greedy --weights freq --metric neg_entropy # likely answers weigh more (needs 'freq')
"""


MAX_SEEDS = 10_000  # each seed plays every answer once
DEFAULT_METRIC = "neg_entropy"  # --metric's default (None until given: the tables refuse it)


def build_parser() -> Parser:
    """The argument parser of `python -m greedy`: the game options, metric and pool, and one of the
    tables or a baseline."""
    parser = Parser(prog="python -m greedy", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser, depth_flag="--max-guesses", default_depth=None,
                       depth_default_help="default 6")  # None until given: the tables refuse it
    add_weights_argument(parser)
    parser.add_argument("--metric", choices=sorted(METRICS), default=None,
                        help="what each node's guess minimises over its split: neg_entropy (the "
                             "most information, default), max (the largest branch), expectation "
                             "(the expected branch size), parts (the most branches), entropy (the "
                             "least information: Antiwordle's)")
    parser.add_argument("--pool", choices=POOLS, default=None,
                        help="which guesses a node may play (default: all; with --hard or "
                             "--ultra, hard: the guesses the mode allows)")
    parser.add_argument("--first", metavar="WORD", help="fix the first guess")
    parser.add_argument("--candidates", metavar="FILE|WORD,WORD",
                        help="start with only these answers possible (a file or a comma list)")
    parser.add_argument("--out", metavar="FILE", help="write the tree (JSON; .txt for Selby lines)")
    what = parser.add_mutually_exclusive_group()
    what.add_argument("--table", choices=["norvig"], help="the six-row comparison of metrics and pools")
    what.add_argument("--first-guesses", type=positive_int, metavar="N",
                      help="table of the best and worst N first guesses")
    what.add_argument("--second-guesses", metavar="WORD", help="best second guess after each reply to WORD")
    what.add_argument("--baseline", choices=BASELINES, help="play a baseline guesser")
    parser.add_argument("--seed", type=non_negative_int, default=None,
                        help="first random seed of --baseline random or top10 (default 0)")
    parser.add_argument("--seeds", type=bounded_int(1, MAX_SEEDS), default=1,
                        help=f"number of seeds for random baselines (1 to {MAX_SEEDS:,})")
    return parser


#: What each table or baseline does not use: given with it, each was silently ignored (the same
#: table printed whatever --metric, --first or --candidates said).
IGNORED_BY = {
    "--table": ("--metric", "--first", "--pool", "--candidates", "--hard", "--ultra", "--seed",
                "--max-guesses"),
    "--first-guesses": ("--metric", "--first", "--pool", "--candidates", "--hard", "--ultra",
                        "--seed", "--max-guesses"),
    "--second-guesses": ("--first", "--pool", "--candidates", "--hard", "--ultra", "--seed",
                         "--max-guesses"),
    "--baseline": ("--metric", "--first", "--pool", "--candidates"),
}


def given_options(args) -> set[str]:
    """The options of IGNORED_BY a parsed command line gives."""
    values = {"--metric": args.metric, "--first": args.first, "--pool": args.pool,
              "--candidates": args.candidates, "--hard": args.hard, "--ultra": args.ultra,
              "--seed": args.seed is not None, "--max-guesses": args.max_depth is not None}
    return {flag for flag, value in values.items() if value}


def refuse_ignored_options(args) -> None:
    """BadInput naming the options the chosen table or baseline would ignore."""
    chosen = next((flag for flag, used in (("--table", args.table),
                                           ("--first-guesses", args.first_guesses is not None),
                                           ("--second-guesses", args.second_guesses),
                                           ("--baseline", args.baseline)) if used), None)
    ignored = set(IGNORED_BY[chosen]) if chosen else {"--seed"}
    if chosen == "--baseline" and args.baseline == "frequent":
        ignored.add("--seed")  # deterministic: one game per answer
    found = [flag for flag in sorted(given_options(args)) if flag in ignored]
    if found:
        name = f"{chosen} {args.baseline}" if chosen == "--baseline" else chosen
        what = f"{name} does not use" if chosen else "a greedy tree does not use"
        note = (" (the tables are normal mode's; --second-guesses shows the hard-mode column "
                "itself)" if {"--hard", "--ultra"} & set(found) else "")
        raise BadInput(f"{what} {', '.join(found)}: leave {'it' if len(found) == 1 else 'them'} "
                       f"out{note}")


def tree_row(game, metric: str, pool: str, first: str | None = None, candidates=None) -> dict:
    """Build one greedy tree (verified) and measure it."""
    start = time.perf_counter()
    tree = greedy_tree(game, metric, pool, first, candidates, verify=False)
    scope = game if candidates is None else game.restricted_to(candidates)
    counts = check(tree, scope.with_limits(max_guesses=64))  # the one verification, timed too
    seconds = time.perf_counter() - start
    return {"metric": metric, "pool": pool, "tree": tree, "counts": counts, "seconds": seconds,
            "game": scope}


def parse_candidates(game, text: str):
    """Answer indices from a file of words or a comma-separated list."""
    try:
        is_file = Path(text).is_file()
    except (OSError, ValueError):
        is_file = False
    if not is_file and ("/" in text or text.endswith(".txt")):  # meant as a file
        raise BadInput(f"--candidates: no file {quoted(text)}")
    words = load_words(text).words if is_file else tuple(
        w.strip().lower() for w in text.split(",") if w.strip())
    if not words:
        raise BadInput(f"--candidates {quoted(text)} names no word")
    unknown = [w for w in words if w not in game.answer_index]
    if unknown:
        shown = ", ".join(quoted(w) for w in unknown[:5]) + (", ..." if len(unknown) > 5 else "")
        raise BadInput(f"--candidates: {shown} not in the answer list {game.answers.name}")
    return np.array(sorted({game.answer_index[w] for w in words}))  # 'aback,aback': one answer


def describe_row(game, row: dict) -> str:
    """One line on a greedy tree: metric, pool, first guess, its guess counts, wins within the limit
    and time (plus the expected count under weights)."""
    s = summarize(row["counts"])
    wins = int(np.sum(row["counts"] <= game.max_guesses))
    line = (f"{row['metric']}, pool {row['pool']}: first guess {row['tree'].guess.upper()}; "
            f"{report_line(row['counts'])}; wins within {game.max_guesses}: {wins}/{s.n}; "
            f"{row['seconds']:.2f} s")
    return line + expected_line(row["game"], row["counts"])


def expected_line(game, counts) -> str:
    """On a weighted game: a second line with the expectation under the weights."""
    if game.weights is None:
        return ""
    return "\n  " + weighted_line(counts, game.weights, max(game.max_guesses, int(np.max(counts))))


def norvig_table(game) -> str:
    """Norvig's comparison: three metrics, consistent guesses only vs inconsistent allowed."""
    start = time.perf_counter()
    rows = {(m, p): tree_row(game, m, p) for m in ("max", "expectation", "neg_entropy")
            for p in ("targets", "targets+inconsistent")}
    lines = [f"Greedy trees over {len(game.answers):,} answers ({game.answers.name}), guesses from "
             f"{game.guesses.name}; {time.perf_counter() - start:.2f} s for all six", "",
             "| metric | inconsistent prohibited: mean (worst), first guess | "
             "inconsistent allowed: mean (worst), first guess |", "|---|---|---|"]
    for m in ("max", "expectation", "neg_entropy"):
        cells = []
        for p in ("targets", "targets+inconsistent"):
            s = summarize(rows[m, p]["counts"])
            cells.append(f"{s.mean:.2f} ({s.worst}), {rows[m, p]['tree'].guess.upper()}")
        lines.append(f"| {m} | {cells[0]} | {cells[1]} |")
    lines += ["", "Cumulative lines:", ""]
    for (m, p), row in rows.items():
        lines.append(f"- {m}, {'prohibited' if p == 'targets' else 'allowed'}: "
                     f"{cumulative_line(row['counts'])}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Run `python -m greedy` on `argv` and return the exit code (bad input: one line on stderr, 2)."""
    parser = build_parser()
    args = parser.parse_args(argv)

    def body() -> int:
        table = args.table or args.first_guesses is not None or args.second_guesses or args.baseline
        if args.out and table:  # a table writes no tree: --out was silently ignored
            raise BadInput("--out writes a greedy tree: not with --table, --first-guesses, "
                           "--second-guesses or --baseline, which print tables")
        refuse_ignored_options(args)
        metric = args.metric or DEFAULT_METRIC
        if args.seeds != 1 and args.baseline in (None, "frequent"):
            raise BadInput("--seeds goes with the random baselines (--baseline random or top10): "
                           "the others play one game per answer")
        if args.out:
            writable_file(args.out)  # before any work: a tree that cannot be saved is not built
            if not args.out.lower().endswith((".json", ".txt")):  # 't.yaml' got JSON unsaid
                raise BadInput(f"--out {quoted(args.out)}: name a .json file (or .txt for Selby's "
                               "lines)")
        if (args.table == "norvig" or args.game == "jotto") and not (args.lists or args.answers
                                                                        or args.guesses):
            args.lists = "norvig"
        game = game_from_args(args, default_lists="original")
        if args.out and args.out.endswith(".txt"):
            refuse_selby_lines(game)
        if args.table == "norvig":
            print(norvig_table(game))
            return 0
        if args.first_guesses is not None:
            print(first_guess_table(game, top=args.first_guesses, bottom=args.first_guesses))
            return 0
        if args.second_guesses:
            print(second_guess_table(game, args.second_guesses, metric))
            return 0
        if args.baseline:
            first_seed = args.seed or 0
            seeds = list(range(first_seed, first_seed + args.seeds))
            runs = baseline(game, args.baseline, seeds)
            for seed, counts in zip(seeds if args.baseline != "frequent" else [None], runs):
                wins = int(np.sum(counts <= game.max_guesses))
                label = f"seed {seed}" if seed is not None else "deterministic"
                print(f"{args.baseline} ({label}): {report_line(counts)}; wins within "
                      f"{game.max_guesses}: {wins}/{len(counts)}{expected_line(game, counts)}")
            if len(runs) > 1:
                means = [c.mean() for c in runs]
                print(f"over {len(runs)} seeds: mean {np.mean(means):.3f} (sd {np.std(means, ddof=1):.3f}) "
                      f"(spread {min(means):.3f} .. {max(means):.3f})")
            return 0
        candidates = parse_candidates(game, args.candidates) if args.candidates else None
        row = tree_row(game, metric, pool_for_mode(game, args.pool), args.first, candidates)
        print(describe_row(game, row))
        if args.out:
            write_tree(row["game"], row, args.out)
        return 0

    return run_cli(body, parser.prog)


def pool_for_mode(game, pool: str | None) -> str:
    """The guess pool: the one asked for, else every guess (the mode's legal ones in hard and
    ultra-hard mode). Why: `--hard` with the default pool of every guess built a tree that broke
    hard mode and failed its own check after the work; a pool that ignores the mode is refused
    before it."""
    if not game.hard:
        return pool or "all"
    if pool in ("all", "targets+inconsistent"):  # (the candidates, 'targets', fit every clue)
        raise BadInput(f"--pool {pool} plays guesses {game.mode_name} does not allow: leave it "
                       "out (or --pool hard or targets) with --hard or --ultra")
    return pool or "hard"


def refuse_selby_lines(game) -> None:
    """Selby's line format spells replies as colours: a rule whose replies are not colours cannot
    be written in it (checked before any work, and again before writing)."""
    if not game.rule.colour_replies:
        raise BadInput(f"Selby's line format (.txt) holds Wordle trees only; write {game.rule.name} "
                       "trees as JSON (a path ending in .json)")


def write_tree(game, row: dict, path: str) -> None:
    """Write a greedy tree to `path` (JSON, or Selby lines for .txt) and say so. The JSON's guess
    limit is raised to the tree's longest game, since a greedy tree may exceed the game's limit."""
    relaxed = game.with_limits(max_guesses=max(game.max_guesses, int(row["counts"].max())))
    if path.endswith(".txt"):
        refuse_selby_lines(game)
        write_selby(path, row["tree"], game.answers.words)
    else:
        stats = tree_stats(row["counts"], False, None,
                           f"greedy {row['metric']} tree, pool {row['pool']}", relaxed)
        write_json(path, row["tree"], relaxed, stats, provenance(row["seconds"]))
    print(f"wrote {path}"
          + (f" (a tree within {relaxed.max_guesses} guesses: its longest game is more than the "
             f"game's limit of {game.max_guesses})" if relaxed.max_guesses > game.max_guesses else ""))


if __name__ == "__main__":
    sys.exit(main())
