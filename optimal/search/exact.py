"""`python -m optimal.search --rank exact`: the exact optimum of every first word evaluated.

The engine (`lookahead.exact_values`) gives each word its exact total within a time budget, or its
proven lower bound and a beam tree's total when the budget runs out. This module chooses the words,
resumes from the checkpoint (exact results are kept; words left at their bounds are taken up again
when the new budget is larger than the one they had), shows progress, and verifies every tree
before its figures are reported.

A resumed entry is validated like the --all checkpoints' (`optimal.search.first`): a word this run
evaluates, a lower bound no lower than the word's bound from its split, an upper bound no lower
than it (equal when exact), a longest game within the guess limit. Its figures are otherwise taken
on the checkpoint's digest and identity: its tree was verified by the run that computed it.
"""

from __future__ import annotations

from pathlib import Path

from lookahead import INF, ExactValue, exact_values, split_bounds
from optimal.cli.checkpoint import (identity, integer, load_checkpoint, save_checkpoint,
                                    seconds_ok, restart_from_scratch)
from optimal.cli.progress import WordProgress
from optimal.errors import DefectiveTree
from optimal.game import Game
from optimal.search.first import choose_words
from optimal.search.request import SearchRequest
from optimal.tree import verified

CHECKPOINT = "checkpoint-exact.json"


def rank_exactly(game: Game, request: SearchRequest, out_dir: Path) -> tuple[list[ExactValue], str]:
    """Every chosen word's exact value or bounds, best first; and how the words were chosen. The
    tree behind each upper bound is verified (its longest game recorded) as it comes in; words
    restored from the checkpoint had theirs verified by the run that computed them."""
    words, how = choose_words(game, request)
    done: dict[str, ExactValue] = {}
    if request.checkpointed:
        if request.restart:
            restart_from_scratch(out_dir / CHECKPOINT)
        done = load_results(out_dir, game, words)
        if done:
            how += f"; {len(done):,} resumed from {CHECKPOINT}"
    todo = [g for g in words
            if not (game.guesses.words[g] in done and (done[game.guesses.words[g]].exact
                                                      or done[game.guesses.words[g]].budget >= request.budget))]
    progress = WordProgress(len(words), len(words) - len(todo), request.quiet,
                            (lambda: save_results(out_dir, game, done)) if request.checkpointed else None)

    def record(result: ExactValue) -> None:
        if result.tree is not None:
            tree = verified(result.tree, game)
            if tree.objective != result.upper:
                raise DefectiveTree(f"{result.word.upper()}: the search reports {result.upper} but "
                                    f"its tree replays to {tree.objective}")
            result.worst, result.tree = int(tree.counts.max()), None
        done[result.word] = result
        shown = (f"no tree within {game.max_guesses}" if result.exact and result.lower >= INF
                 else f"{result.lower}" if result.exact
                 else f">= {result.lower}" + (f", <= {result.upper}" if result.upper is not None else ""))
        progress.step(f"{result.word.upper()} {shown} ({result.seconds:.1f} s)")

    try:
        exact_values(game, todo, request.setting, request.budget, record)
    finally:
        progress.close()
        if request.checkpointed:
            save_results(out_dir, game, done)
    rows = [done[game.guesses.words[g]] for g in words]
    rows.sort(key=lambda row: (row.lower, not row.exact))
    return rows, how


def check_entry(game: Game, words: set[str], bounds: dict[str, int]):
    """The check of one --rank exact checkpoint entry (see the module docstring)."""
    keys = {"word", "lower", "upper", "exact", "budget", "seconds", "cpu_seconds", "worst"}

    def check(word: object, entry: object) -> None:
        if word not in words:
            raise ValueError("not one of the first guesses this run evaluates")
        if not isinstance(entry, dict) or set(entry) != keys or entry["word"] != word:
            raise ValueError(f"expected {', '.join(sorted(keys))}, for this word")
        lower, upper, exact, worst = entry["lower"], entry["upper"], entry["exact"], entry["worst"]
        if not integer(lower) or not isinstance(exact, bool) or not (upper is None or integer(upper)):
            raise ValueError("lower and upper must be whole numbers, exact true or false")
        if not bounds[word] <= lower <= INF or (upper is not None and not lower <= upper <= INF):
            raise ValueError(f"bounds {lower} and {upper} are outside what is possible for it")
        no_tree = lower >= INF and upper is None and worst is None  # proven: none within the limit
        if exact and not (no_tree or (upper == lower < INF)):
            raise ValueError("an exact value must be both bounds, of a real tree, or be the proof "
                             "that the word has no tree within the limit")
        if worst is not None and (not integer(worst) or not 1 <= worst <= game.max_guesses):
            raise ValueError("the longest game must be within the guess limit")
        if not all(seconds_ok(entry[k]) for k in ("budget", "seconds", "cpu_seconds")):
            raise ValueError("budget and seconds must be numbers, at least 0")
    return check


def checkpoint_identity(game: Game) -> dict:
    """The question the exact table's checkpoint answers (one place for the load, the save and
    the command's check before it speaks)."""
    return identity(game, "rank-exact", 0)


def load_results(out_dir: Path, game: Game, words: list[int]) -> dict[str, ExactValue]:
    """The exact values a checkpoint in `out_dir` holds for this game, each entry checked against
    `words` and their split bounds."""
    names = {game.guesses.words[g] for g in words}
    # the plain bound: a checkpoint of an earlier version of the search holds bounds at least it
    bounds = {game.guesses.words[g]: b for g, b in split_bounds(game, words, counting=False).items()}
    data = load_checkpoint(out_dir / CHECKPOINT, checkpoint_identity(game),
                           check_entry(game, names, bounds))
    return {word: ExactValue(word, r["lower"], r["upper"], r["exact"], float(r["budget"]),
                             float(r["seconds"]), float(r["cpu_seconds"]), worst=r["worst"])
            for word, r in data.items()}


def save_results(out_dir: Path, game: Game, done: dict[str, ExactValue]) -> None:
    """Save the exact values found so far as this game's checkpoint in `out_dir`."""
    save_checkpoint(out_dir / CHECKPOINT, checkpoint_identity(game),
                    {w: r.as_dict() for w, r in done.items()})
