"""`python -m optimal.search.dordle_floor`: a lower bound on the Dordle optimum over every first word
of the full lists, from single-board optima (`lookahead.questions.dordle_floor`).

Each useful first word's bound is the larger of its split bound (where the search starts) and its
floor. The floor is first computed with capped single-board searches (a part of m answers searched
up to --cap guesses per answer: cheap, and still a lower bound); then, lazily, the word with the
least bound gets its floor from exact single-board optima, until the least bound is an exact floor.
Every word's bound is proven at every stage, so their least is a proven lower bound on the optimum
whenever the run stops; the lazy stage only raises it.

Per word, the floor is saved in a checkpoint in --out (validated on load, as every checkpoint is):
an interrupted run resumes, and a rerun with more --budget goes on from it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from lookahead import DordleSolver, first_word_floor, floor_solver
from optimal.cli.args import Parser
from optimal.cli.checkpoint import identity, integer, load_checkpoint, save_checkpoint, seconds_ok
from optimal.cli.progress import progress_bar
from optimal.errors import BadInput, CannotWrite
from optimal.game import Game
from optimal.words import load_lists

CHECKPOINT = "checkpoint-dordle-floor.json"
FOLDER = "answers-2315-guesses-12972-normal-d7-boards2"
SAVE_EVERY = 30.0  # seconds between checkpoint saves while floors come in


def check_entry(game: Game, useful: set[int]):
    """A saved floor: a useful first word, a whole number, whether it is the exact-optima floor."""
    def check(word: str, entry: object) -> None:
        if game.guess_index.get(word) not in useful:
            raise ValueError("not a useful first word of this game")
        if not isinstance(entry, dict) or set(entry) != {"floor", "exact", "seconds"}:
            raise ValueError("expected floor, exact and seconds")
        if not integer(entry["floor"]) or entry["floor"] < 0 or not isinstance(entry["exact"], bool) \
                or not seconds_ok(entry["seconds"]):
            raise ValueError("the floor must be a whole number, exact true or false")
    return check


def full_lists_game() -> Game:
    """The Dordle game this bound is for: the original lists, 7 guesses, normal mode."""
    answers, guesses = load_lists("original")
    return Game(answers, guesses, max_guesses=7)


def split_bounds(game: Game) -> dict[int, int]:
    """Every useful first word's split bound over every pair of answers (where the search starts)."""
    everything = game.all_candidates()
    return dict(DordleSolver(game, cache_mb=64).ranked_guesses(everything, everything,
                                                               game.max_guesses))


def word_bound(split: dict[int, int], saved: dict[str, dict], words: list[str], g: int) -> int:
    """First word g's proven bound: its split bound, or its saved floor (capped or exact) when that
    is larger."""
    entry = saved.get(words[g])
    return max(split[g], entry["floor"]) if entry else split[g]


def least_bound(split: dict[int, int], saved: dict[str, dict], words: list[str]) -> tuple[int, int]:
    """(first word, its bound) of the least bound over every useful first word: a proven lower
    bound on the Dordle optimum, whatever is left to compute (`scripts/build_dordle_bound.py`
    copies it for the assistant)."""
    g = min(split, key=lambda h: (word_bound(split, saved, words, h), h))
    return g, word_bound(split, saved, words, g)


EXAMPLES = """examples:
  python -m optimal.search.dordle_floor --out results/dordle --budget 3600  # the committed run
  python -m optimal.search.dordle_floor --out /tmp/floors --budget 60 --cap 2.2  # a quick pass
"""


def parse(argv: list[str] | None) -> argparse.Namespace:
    """The command's options (BadInput for a cap or budget that cannot be meant)."""
    parser = Parser(prog="python -m optimal.search.dordle_floor", description=__doc__,
                    epilog=EXAMPLES)
    parser.add_argument("--out", default="runs/dordle", help="folder of the checkpoint (default runs/dordle)")
    parser.add_argument("--cap", type=float, default=2.6,
                        help="guesses per answer up to which a part is searched in the first pass")
    parser.add_argument("--budget", type=float, default=3600.0, metavar="SECONDS",
                        help="stop (resumably) after this long (default 3600)")
    parser.add_argument("--quiet", action="store_true")
    args = parser.parse_args(argv)
    if not args.cap > 0 or not args.budget >= 0:
        raise BadInput("--cap must be above 0 and --budget at least 0")
    return args


def main(argv: list[str] | None = None) -> int:
    """The command: one line on stderr and exit 2 for bad input, 130 when interrupted (the
    checkpoint saved)."""
    try:
        return run(parse(argv))
    except (BadInput, CannotWrite) as error:
        sys.stderr.write(f"python -m optimal.search.dordle_floor: {error}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("python -m optimal.search.dordle_floor: interrupted (the checkpoint is saved)\n")
        return 130


def run(args: argparse.Namespace) -> int:
    """Compute and report the bound (see module)."""
    game = full_lists_game()
    split = split_bounds(game)
    path = Path(args.out) / FOLDER / CHECKPOINT
    ident = identity(game, f"dordle-floor cap {args.cap:g}", 0)
    saved = load_checkpoint(path, ident, check_entry(game, set(split)))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise CannotWrite(f"cannot write {path.parent} ({error.strerror or error})") from None
    solver = floor_solver(game)
    start = last_save = time.perf_counter()
    words = game.guesses.words

    def record(g: int, exact: bool) -> None:
        nonlocal last_save
        began = time.process_time()
        floor = first_word_floor(game, g, solver, None if exact else args.cap)
        saved[words[g]] = {"floor": floor, "exact": exact,
                           "seconds": round(time.process_time() - began, 3)}
        if time.perf_counter() - last_save > SAVE_EVERY:
            save_checkpoint(path, ident, saved)
            last_save = time.perf_counter()

    def out_of_time() -> bool:
        return time.perf_counter() - start > args.budget

    todo = [g for g in split if words[g] not in saved]
    bar = progress_bar("capped floors", "word", args.quiet, total=len(split), initial=len(split) - len(todo))
    try:
        for g in todo:
            if out_of_time():
                break
            record(g, False)
            bar.update(1)
    finally:
        bar.close()
        save_checkpoint(path, ident, saved)

    refined = 0
    try:
        while len(saved) == len(split) and not out_of_time():
            g, least = least_bound(split, saved, words)
            if saved[words[g]]["exact"] or least == split[g]:
                break
            record(g, True)
            refined += 1
    finally:
        save_checkpoint(path, ident, saved)
    g, least = least_bound(split, saved, words)
    n = len(game.answers)
    settled = len(saved) == len(split) and (saved[words[g]]["exact"] or least == split[g])
    exact_words = sum(1 for e in saved.values() if e["exact"])
    print(f"{len(saved):,} of {len(split):,} useful first words have a capped floor; "
          f"{exact_words:,} an exact one ({refined} this run)")
    # every word's bound (its split bound, or the larger floor, capped or exact) is proven, so their
    # least is a proven bound on the optimum whatever is left to do; refining only raises it
    print(f"proven lower bound over every first word: {least:,} (mean >= "
          f"{least / (n * (n - 1)):.4f}), {words[g].upper()}'s "
          + ("(settled: the least bound is an exact floor or the split bound)" if settled else
             "(not settled yet: rerun the same command to go on)"))
    print(f"checkpoint: {path}")
    return 0


if __name__ == "__main__":
    from optimal.cli.run import exit_as_script

    exit_as_script(main, "python -m optimal.search.dordle_floor")
