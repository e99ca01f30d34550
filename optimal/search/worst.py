"""`python -m optimal.search --objective worst --max-depth D`: can every answer be found within D
guesses? (The minimax, or true-adversary, question.)

For each first guess the answer is proven either way by the engine
(`lookahead.check_first_guesses`): a first guess works when every branch it leaves can be finished
within D - 1 guesses; it fails as soon as one branch cannot. With `--shortfall N` those of the
first N words searched that fail also get (every branch searched), when their branches have three
guesses left, the fewest answers that must take longer than D guesses. This module chooses the
words, resumes an --all run from its checkpoint and shows progress.

What a resumed result is trusted for: a word the checkpoint records as feasible gets its finishing
tree built and verified (every answer replayed) in this run, so "finds every answer within D" is
never taken on trust; a word recorded as failing is checked for consistency (its failing branch is
a real reply of that word, with the right number of answers), and otherwise trusted only because
the checkpoint's identity and digest hold (see `optimal.cli.checkpoint`).
"""

from __future__ import annotations

from pathlib import Path

from lookahead import CertificateLog, FailingBranch, WorstResult, check_first_guesses, finishing_tree
from optimal.cli.checkpoint import (identity, integer, load_checkpoint, save_checkpoint,
                                    seconds_ok, restart_from_scratch)
from optimal.cli.progress import WordProgress, progress_bar
from optimal.errors import BadInput, DefectiveTree
from optimal.game import Game
from optimal.search.first import choose_words
from optimal.search.request import SearchRequest
from optimal.tree import verified
from optimal.play.text import plural

CHECKPOINT = "checkpoint-worst-all.json"


def search_worst(game: Game, request: SearchRequest, out_dir: Path,
                 certificate: CertificateLog | None = None) -> tuple[list[WorstResult], str]:
    """The verdict for every chosen first word, in the order chosen; and how they were chosen."""
    words, how = choose_words(game, request)
    path = out_dir / CHECKPOINT
    done: dict[str, WorstResult] = {}
    if request.checkpointed:
        if request.restart:
            restart_from_scratch(path)
        done = load_results(path, game, words)
        confirm_feasible(path, game, request, done)
        if done:
            how += f"; {len(done):,} resumed from {CHECKPOINT}"
    todo = [g for g in words if game.guesses.words[g] not in done]
    shortfall = frozenset(words[:request.shortfall])
    progress = WordProgress(len(words), len(words) - len(todo), request.quiet,
                            (lambda: save_results(path, game, done)) if request.checkpointed else None)
    feasible = [sum(r.feasible for r in done.values())]
    part_bar = progress_bar(f"{game.guesses.words[todo[0]].upper()} branches" if todo else "",
                            "branch", request.quiet or len(todo) != 1)

    def on_part(finished: int, total: int) -> None:
        part_bar.total = total
        part_bar.update(finished - part_bar.n)

    def record(result: WorstResult) -> None:
        done[result.word] = result
        feasible[0] += result.feasible
        progress.step(f"{feasible[0]} within {game.max_guesses} | {result.word.upper()} "
                      f"{'yes' if result.feasible else 'no'}")

    try:
        check_first_guesses(game, todo, request.setting, every_branch=not request.every,
                            shortfall=shortfall, on_result=record, certificate=certificate,
                            on_part=on_part)
    finally:
        part_bar.close()
        progress.close()
        if request.checkpointed:
            save_results(path, game, done)
    resumed_failing = [g for g in words if g not in todo and not done[game.guesses.words[g]].feasible]
    if resumed_failing and not any(done[game.guesses.words[g]].feasible for g in words):
        confirm_failing(path, game, request, resumed_failing)
        how += f" (the {len(resumed_failing):,} resumed failing words searched again)"
    return [done[game.guesses.words[g]] for g in words], how


def confirm_failing(path: Path, game: Game, request: SearchRequest, words: list[int]) -> None:
    """Before "no first word finds every answer" is said, every word the checkpoint recorded as
    failing is searched again: that verdict is the run's headline, and a checkpoint whose digest
    was recomputed by a forger could otherwise make it say so of words that do finish in time."""
    found = []
    check_first_guesses(game, words, request.setting, every_branch=False,
                        on_result=lambda r: found.append(r) if r.feasible else None)
    if found:
        raise BadInput(f"checkpoint {path}: {found[0].word.upper()} is recorded as failing, but it "
                       f"finds every answer within {plural(game.max_guesses, 'guess')}; use --restart to "
                       "set the checkpoint aside and start afresh")


def confirm_feasible(path: Path, game: Game, request: SearchRequest,
                     done: dict[str, WorstResult]) -> None:
    """Every word the checkpoint records as feasible must have a finishing tree that verifies."""
    for word, result in done.items():
        if not result.feasible:
            continue
        tree = finishing_tree(game, game.guess_id(word), request.setting)
        try:
            if tree is None:
                raise DefectiveTree("no finishing tree exists")
            verified(tree, game)
        except DefectiveTree:
            raise BadInput(f"checkpoint {path}: {word.upper()} is recorded as finding every answer "
                           f"within {game.max_guesses} guesses, but it does not; use --restart "
                           "to set it aside and start afresh") from None


def check_entry(game: Game, words: set[str]):
    """The check of one checkpoint entry of the worst-case objective: the word's own verdict
    (feasible, its failing branches, whether they are all listed, seconds), consistent in itself
    and with the game: each failing branch is a real reply of that word, named once, holding the
    number of answers it says."""
    keys = {"word", "feasible", "failing", "complete", "seconds", "cpu_seconds"}

    def check(word: object, entry: object) -> None:
        if word not in words:
            raise ValueError("not one of the first guesses this run evaluates")
        if not isinstance(entry, dict) or set(entry) != keys or entry["word"] != word:
            raise ValueError(f"expected {', '.join(sorted(keys))}, for this word")
        feasible, failing, complete = entry["feasible"], entry["failing"], entry["complete"]
        if not isinstance(feasible, bool) or not isinstance(complete, bool) \
                or not isinstance(failing, list):
            raise ValueError("feasible and complete must be true or false, failing a list")
        if feasible != (not failing) or (feasible and not complete):
            raise ValueError("feasible must mean no failing branch")
        if not seconds_ok(entry["seconds"]) or not seconds_ok(entry["cpu_seconds"]):
            raise ValueError("seconds must be a number, at least 0")
        row = game.matrix[game.guess_id(word)]
        seen = set()
        for branch in failing:
            if not isinstance(branch, dict) or set(branch) != {"reply", "answers", "lost"} \
                    or not isinstance(branch["reply"], str):
                raise ValueError("a failing branch needs reply, answers and lost")
            try:
                code = game.parse_reply(branch["reply"])
            except BadInput:
                raise ValueError(f"{branch['reply'][:20]!r} is not a reply") from None
            size = int((row == code).sum())
            if code in seen or code == game.won or not integer(branch["answers"]) \
                    or branch["answers"] != size or size == 0:
                raise ValueError(f"branch {branch['reply'][:20]} does not match the word's replies")
            lost = branch["lost"]
            if lost is not None and (not integer(lost) or not 0 <= lost <= size):
                raise ValueError("lost must be empty or a number of the branch's answers")
            seen.add(code)
    return check


def checkpoint_identity(game: Game) -> dict:
    """The question the worst-case --all run's checkpoint answers (one place for the load, the
    save and the command's check before it speaks)."""
    return identity(game, "worst", 0)


def load_results(path: Path, game: Game, words: list[int]) -> dict[str, WorstResult]:
    """The worst-case results a checkpoint at `path` holds for this game, each entry checked against
    `words`."""
    names = {game.guesses.words[g] for g in words}
    data = load_checkpoint(path, checkpoint_identity(game), check_entry(game, names))
    return {word: WorstResult(word, r["feasible"], [FailingBranch(**f) for f in r["failing"]],
                              r["complete"], float(r["seconds"]), float(r["cpu_seconds"]))
            for word, r in data.items()}


def save_results(path: Path, game: Game, done: dict[str, WorstResult]) -> None:
    """Save the worst-case results so far as this game's checkpoint at `path`."""
    save_checkpoint(path, checkpoint_identity(game), {w: r.as_dict() for w, r in done.items()})
