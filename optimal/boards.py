"""`python -m optimal.boards`: many boards (Quordle 4, Octordle 8, any k >= 2): a strategy's
expected guesses on sampled games with a 95% interval, the greedy baseline on the same games, and
a proven lower bound on the optimum's expectation, so the gap is stated.

The strategy and the baseline are `lookahead.questions.boards`' player (a known answer first,
else the most information summed over the unsolved boards; the strategy adds a bonus for a guess
that may solve a board, the baseline does not). Both play the same games, drawn with `--seed`;
each game's guesses are checked against its answers (`optimal.multiboard.cost`), and the
difference between the two is given with its own interval (paired: the same games). When the
list has no more games than `--games`, every game is played instead and the means are exact
values of the strategies (not of the optimum). The lower bound is `optimal.multiboard`'s.
`--exact` adds, on a small list (every game played, at most 5,000 games and 64 guesses), the
optimum itself by exhaustive search, so the strategy's and the bound's distances from it are
measured, not only bracketed.
"""

from __future__ import annotations

from contextlib import nullcontext
from pathlib import Path

import numpy as np

from lookahead import DEFAULT_SOLVE_BONUS, BoardsPlayer, exact_refusal, exact_total, play_games
from optimal.cli.args import (
    Parser,
    add_game_arguments,
    bounded_int,
    game_from_args,
    non_negative_int,
)
from optimal.cli.outputs import (
    claimed_folder,
    file_set,
    output_folder,
    provenance,
    write_report,
    write_summary,
)
from optimal.cli.progress import Stopwatch, progress_bar
from optimal.cli.run import run_cli
from optimal.errors import BadInput
from optimal.game import Game
from optimal.play.text import plural
from optimal.multiboard import (
    Z95,
    Estimate,
    LowerBound,
    all_games,
    board_limit,
    cost,
    game_count,
    lower_bound,
    most_replies,
    sample_games,
)

EXAMPLES = """examples:
  python -m optimal.boards --boards 4                      # Quordle: 100,000 sampled games
  python -m optimal.boards --boards 8 --games 20000 --seed 2   # Octordle
  python -m optimal.boards --boards 3 --answers tiny.txt   # few answers: every game is played
  python -m optimal.boards --boards 4 --answers answers-2315-sample8-seed1 --exact  # and the optimum
"""
MOST_BOARDS = 64
DEFAULT_GAMES = 100_000
MAX_GAMES = 10_000_000
MIN_SAMPLED = 30  # fewer sampled games: no interval (2 games of 20 guesses gave "20.0000 - 20.0000")


def played(game: Game, player: BoardsPlayer, games: np.ndarray, label: str,
           quiet: bool) -> tuple[np.ndarray, float]:
    """Each game's guesses as `cost` reads them from the words played, and the seconds taken."""
    clock = Stopwatch()
    bar = progress_bar(label, "game", quiet, total=len(games))
    sequences = play_games(player, games, on_game=lambda _: bar.update(1))
    bar.close()
    words = game.guesses.words
    counts = np.array([cost(game, answers, [words[g] for g in guesses])
                       for answers, guesses in zip(games.tolist(), sequences)], dtype=np.int64)
    return counts, clock.seconds


def optimum(game: Game, boards: int, quiet: bool) -> dict:
    """The least total over every game by exhaustive search (`lookahead.exact_total`), its mean
    and a best first guess; total -1 when no strategy finishes every game within the limit."""
    clock = Stopwatch()
    bar = progress_bar("optimum (first guesses)", "guess", quiet, total=len(game.guesses))
    total, first = exact_total(game, boards, board_limit(boards),
                               on_first=lambda done: bar.update(done - bar.n))
    bar.close()
    games = game_count(len(game.answers), boards)
    return {"total": total, "mean": round(total / games, 5) if total >= 0 else None,
            "first": game.guesses.words[first] if total >= 0 else None,
            "seconds": round(clock.seconds, 1)}


def optimum_lines(best: dict, games: int, rows: list[tuple[str, Estimate, float]],
                  bound: LowerBound) -> list[str]:
    """The report's sentence on the optimum: where each strategy and the bound stand from it."""
    if best["total"] < 0:
        return ["", "Optimum (exhaustive search): no strategy finds every game's answers within "
                    "the limit."]
    mean = best["total"] / games
    above = "; ".join(f"{name.split(' (')[0]} {(est.mean - mean) / mean:+.2%}"
                      for name, est, _ in rows)
    return ["", (f"Optimum (exhaustive search over every strategy, `lookahead.exact_total`): "
                 f"**{mean:.4f}** guesses a game (total {best['total']:,}; a best first guess "
                 f"{best['first'].upper()}; {best['seconds']:.0f} s). From it: {above}; the proven "
                 f"lower bound {(bound.mean - mean) / mean:+.2%}.")]


def paired(base: np.ndarray, new: np.ndarray) -> dict:
    """The mean difference (baseline minus strategy) over the same games, with its 95% interval."""
    d = (base - new).astype(np.float64)
    half = Z95 * float(d.std(ddof=1)) / np.sqrt(d.size) if d.size > 1 else 0.0
    return {"mean": round(float(d.mean()), 5), "interval95": [round(float(d.mean()) - half, 5),
                                                               round(float(d.mean()) + half, 5)]}


def interval_cell(est: Estimate, floor: float) -> str:
    """A sampled strategy's 95% interval as the table shows it: its lower end raised to the proven
    bound on every strategy's expectation (an interval below it held values known impossible), and
    none when every sampled game took the same number of guesses (a normal interval of zero width
    said the mean was known exactly)."""
    if est.std == 0:
        return "none: every sampled game alike"
    low, high = est.interval
    return f"{max(low, floor):.4f} - {high:.4f}"


def report(game: Game, boards: int, exhaustive: bool, seed: int, bound: LowerBound,
           rows: list[tuple[str, Estimate, float]], difference: dict,
           exact: dict | None = None) -> str:
    """REPORT.md: the table of strategies, the bound and the gap (and the optimum, when `exact`
    holds the exhaustive search's)."""
    n = len(game.answers)
    how = ("every game played (exact means of the strategies)" if exhaustive else
           f"{rows[0][1].games:,} games sampled with seed {seed} (95% intervals: normal "
           "approximations, the lower end no lower than the proven bound)")
    lines = [f"# {boards} boards on {game.answers.name} / {game.guesses.name}", "",
             (f"{game_count(n, boards):,} games (ordered {boards}-tuples of different answers); "
             f"{how}; the guess limit is {board_limit(boards)}."), "",
             "| strategy | mean guesses | 95% interval | lost (over the limit) | time |",
             "| --- | ---: | --- | ---: | ---: |"]
    for name, est, seconds in rows:
        interval = "exact" if exhaustive else interval_cell(est, bound.mean)
        lines.append(f"| {name} | {est.mean:.4f} | {interval} | {est.lost:,} | {seconds:.0f} s |")
    best = min((est for _, est, _ in rows), key=lambda est: est.mean)
    gap = (best.mean - bound.mean) / bound.mean
    chance = f"{plural(min(bound.most_replies, n - boards + 1), 'time')} in {n - boards + 1:,}"
    if exhaustive:
        above = f"The best strategy here is {gap:.1%} above it: the optimum lies between."
    else:
        above = (f"The best strategy's sampled mean is {gap:.1%} above it (an estimate): the "
                 f"optimum lies between the bound and that strategy's expectation"
                 + (f", at most {best.interval[1]:.4f} with 95% confidence." if best.std > 0 else
                    " (every sampled game alike: no interval)."))
    spread = ("exact: every game" if exhaustive else f"95% interval {difference['interval95'][0]:+.4f} "
              f"to {difference['interval95'][1]:+.4f}")
    lines += ["", (f"Baseline minus strategy, on the same games: {difference['mean']:+.4f} guesses "
                  f"({spread})."),
              "", (f"Proven lower bound on the optimum's expectation: **{bound.mean:.4f}** "
                  f"(`optimal.multiboard`: at most one board solved per guess, and a board solved "
                  f"within two guesses at most {chance}). {above}")]
    if exact is not None:
        lines += optimum_lines(exact, game_count(n, boards), rows, bound)
    lines += ["", "Histograms (guesses: games):", ""]
    for name, est, _ in rows:
        lines.append(f"- {name}: " + ", ".join(f"{k}: {v:,}" for k, v in sorted(est.histogram.items())))
    return "\n".join(lines)


def make_parser() -> Parser:
    """The command's options (the game, the boards, the sample, where to write)."""
    parser = Parser(prog="python -m optimal.boards", description=__doc__, epilog=EXAMPLES)
    add_game_arguments(parser, default_depth=None,
                       depth_default_help="the limit of k boards is k + 5, the only one played",
                       most_depth=board_limit(MOST_BOARDS))
    parser.add_argument("--boards", type=bounded_int(2, MOST_BOARDS), default=4,
                        help=f"boards played at once, 2 to {MOST_BOARDS} (default 4: Quordle; 8: "
                             "Octordle)")
    parser.add_argument("--games", type=bounded_int(2, MAX_GAMES), default=DEFAULT_GAMES,
                        help=f"games sampled, at least {MIN_SAMPLED} (default {DEFAULT_GAMES:,}); "
                             "when the list makes no more games than this, every game is played")
    parser.add_argument("--seed", type=non_negative_int, default=1,
                        help="seed of the sampled games (default 1)")
    parser.add_argument("--solve-bonus", type=float, default=DEFAULT_SOLVE_BONUS, metavar="BITS",
                        help=f"the strategy's bonus, in bits, for the chance a guess solves a board "
                             f"(default {DEFAULT_SOLVE_BONUS:g}; the baseline's is 0)")
    parser.add_argument("--out", metavar="DIR",
                        help="results root: writes DIR/<lists>-normal-d<limit>-boards<K>/ (default: "
                             "runs/<that name>-games<N>-seed<S>/ under the current folder, or "
                             "under $OPTIMAL_RUNS)")
    parser.add_argument("--exact", action="store_true",
                        help="also the optimum, by exhaustive search over every strategy: small "
                             "lists only (every game played; at most 5,000 games and 64 guesses)")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument("--quiet", action="store_true", help="no progress display")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.boards` on `argv` and return the exit code."""
    parser = make_parser()
    args = parser.parse_args(argv)

    def body() -> int:
        if args.hard or args.ultra:
            raise BadInput("the many-board games have no hard mode: drop --hard/--ultra")
        if args.max_depth not in (None, board_limit(args.boards)):
            raise BadInput(f"the guess limit of k boards is k + 5 ({board_limit(args.boards)} for "
                           f"{args.boards}): leave out --max-depth")
        if not 0 <= args.solve_bonus <= 100:  # (false for nan too)
            raise BadInput(f"--solve-bonus must be between 0 and 100 bits, not {args.solve_bonus:g}")
        boards = args.boards
        game = game_from_args(args, default_lists="original").with_limits(
            max_guesses=board_limit(boards))
        n = len(game.answers)
        if boards > n:
            raise BadInput(f"{boards} boards need {boards} different answers; the list has {n}")
        exhaustive = game_count(n, boards) <= args.games
        refusal = exact_refusal(game, boards) if args.exact else None
        if refusal:
            raise BadInput(f"--exact: {refusal}")
        if args.exact and not exhaustive:
            raise BadInput(f"--exact plays every game: the list makes {game_count(n, boards):,}, "
                           f"more than --games {args.games:,}")
        if not exhaustive and args.games < MIN_SAMPLED:
            raise BadInput(f"--games {args.games}: sample at least {MIN_SAMPLED} games (the 95% "
                           "intervals are normal approximations, wrong on a handful of games)")
        question = "-all-games" if exhaustive else f"-games{args.games}-seed{args.seed}"
        out_dir = output_folder(args.out, game, f"-boards{boards}", question)
        with claimed_folder(out_dir) if not args.no_write else nullcontext():
            return run(game, boards, exhaustive, out_dir, argv)

    def run(game: Game, boards: int, exhaustive: bool, out_dir: Path, argv) -> int:
        clock = Stopwatch()
        games = (np.array(list(all_games(len(game.answers), boards)), dtype=np.int64) if exhaustive
                 else sample_games(len(game.answers), boards, args.games, args.seed))
        bound = lower_bound(len(game.answers), boards, most_replies(game))
        rows = []
        for name, bonus in ((f"strategy (solve bonus {args.solve_bonus:g} bits)", args.solve_bonus),
                            ("greedy baseline (most information)", 0.0)):
            counts, seconds = played(game, BoardsPlayer(game, solve_bonus=bonus), games,
                                     name.split(" (")[0], args.quiet)
            rows.append((name, Estimate.of(counts, board_limit(boards)), seconds, counts))
        difference = paired(rows[1][3], rows[0][3])
        table = [(name, est, seconds) for name, est, seconds, _ in rows]
        best = optimum(game, boards, args.quiet) if args.exact else None
        text = report(game, boards, exhaustive, args.seed, bound, table, difference, best)
        print("\n".join(text.splitlines()[2:]))
        summary = {"game": game.describe(), "boards": boards, "limit": board_limit(boards),
                   "games": game_count(len(game.answers), boards),
                   "sampled": None if exhaustive else {"games": len(games), "seed": args.seed},
                   "lower_bound": bound.as_dict(),
                   "strategies": [{"name": name, "solve_bonus": bonus, **est.as_dict(),
                                   "seconds": round(seconds, 1)}
                                  for (name, est, seconds), bonus in
                                  zip(table, (args.solve_bonus, 0.0))],
                   "baseline_minus_strategy": difference, "optimum": best}
        if args.no_write:
            return 0
        with file_set(out_dir, args.out is None) as staging:
            prov = provenance(clock.seconds, argv)
            write_summary(staging, {**summary, "provenance": prov})
            write_report(staging, text, prov)
        print(f"\nwrote {out_dir / 'summary.json'}, {out_dir / 'REPORT.md'}")
        return 0

    return run_cli(body, parser.prog)


if __name__ == "__main__":
    from optimal.cli.run import exit_as_script
    exit_as_script(main, "python -m optimal.boards")
