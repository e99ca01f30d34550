"""`python -m optimal.search --objective worst --max-depth D`: can every answer be found within D
guesses? (The minimax, or true-adversary, question.)

For each first guess the answer is proven either way by the engine
(`lookahead.check_first_guesses`): a first guess works when every branch it leaves can be finished
within D - 1 guesses; it fails as soon as one branch cannot. With `--shortfall N` those of the
first N words searched that fail also get (every branch searched), when their branches have three
guesses left, the fewest answers that must take longer than D guesses. This module chooses the
words, resumes an --all run from its checkpoint and shows progress.
"""

from __future__ import annotations

from pathlib import Path

from lookahead import CertificateLog, FailingBranch, WorstResult, check_first_guesses
from optimal.cli.checkpoint import load_checkpoint, save_checkpoint
from optimal.cli.progress import WordProgress
from optimal.errors import BadInput
from optimal.game import Game
from optimal.search.first import choose_words
from optimal.search.request import SearchRequest

CHECKPOINT = "checkpoint-worst-all.json"
SETTINGS = {"objective": "worst"}


def search_worst(game: Game, request: SearchRequest, out_dir: Path,
                 certificate: CertificateLog | None = None) -> tuple[list[WorstResult], str]:
    """The verdict for every chosen first word, in the order chosen; and how they were chosen."""
    if request.setting.beam:
        raise BadInput("--objective worst is always exact: drop --beam")
    if game.max_guesses < 2:
        raise BadInput("--max-depth must be at least 2 for --objective worst")
    words, how = choose_words(game, request)
    done: dict[str, WorstResult] = load_results(out_dir, game) if request.checkpointed else {}
    todo = [g for g in words if game.guesses.words[g] not in done]
    shortfall = frozenset(words[:request.shortfall])
    progress = WordProgress(len(words), len(words) - len(todo), request.quiet,
                            (lambda: save_results(out_dir, game, done)) if request.checkpointed else None)
    feasible = [sum(r.feasible for r in done.values())]

    def record(result: WorstResult) -> None:
        done[result.word] = result
        feasible[0] += result.feasible
        progress.step(f"{feasible[0]} within {game.max_guesses} | {result.word.upper()} "
                      f"{'yes' if result.feasible else 'no'}")

    try:
        check_first_guesses(game, todo, request.setting, every_branch=not request.every,
                            shortfall=shortfall, on_result=record, certificate=certificate)
    finally:
        progress.close()
        if request.checkpointed:
            save_results(out_dir, game, done)
    return [done[game.guesses.words[g]] for g in words], how


def load_results(out_dir: Path, game: Game) -> dict[str, WorstResult]:
    data = load_checkpoint(out_dir / CHECKPOINT, game.fingerprint, SETTINGS)
    return {word: WorstResult(word, r["feasible"], [FailingBranch(**f) for f in r["failing"]],
                              r["complete"], r.get("seconds", 0.0)) for word, r in data.items()}


def save_results(out_dir: Path, game: Game, done: dict[str, WorstResult]) -> None:
    save_checkpoint(out_dir / CHECKPOINT, game.fingerprint, SETTINGS,
                    {w: r.as_dict() for w, r in done.items()})
