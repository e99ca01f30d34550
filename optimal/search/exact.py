"""`python -m optimal.search --rank exact`: the exact optimum of every first word evaluated.

The engine (`lookahead.exact_values`) gives each word its exact total within a time budget, or its
proven lower bound and a beam tree's total when the budget runs out. This module chooses the words,
resumes from the checkpoint (exact results are kept; words left at their bounds are taken up again
when the new budget is larger than the one they had), shows progress, and verifies every tree
before its figures are reported.
"""

from __future__ import annotations

from pathlib import Path

from lookahead import ExactValue, exact_values
from optimal.cli.checkpoint import load_checkpoint, save_checkpoint
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
    done = load_results(out_dir, game) if request.checkpointed else {}
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
        shown = (f"{result.lower}" if result.exact else f">= {result.lower}, <= {result.upper}")
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


def load_results(out_dir: Path, game: Game) -> dict[str, ExactValue]:
    data = load_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"rank": "exact"})
    return {word: ExactValue(word, r["lower"], r["upper"], r["exact"], r["budget"],
                             r.get("seconds", 0.0), r.get("cpu_seconds", 0.0), worst=r.get("worst"))
            for word, r in data.items()}


def save_results(out_dir: Path, game: Game, done: dict[str, ExactValue]) -> None:
    save_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"rank": "exact"},
                    {w: r.as_dict() for w, r in done.items()})
