"""The first-guess search of `python -m optimal.search`: which words, resumed from where, with what
progress shown; the search itself is the engine's (`lookahead.search_first_guesses`).

A resumed result is trusted only as far as it can be checked: every entry of the checkpoint is
validated on load (see `check_entry`), the best word's tree is rebuilt and verified in this run (the
command refuses a checkpoint whose recorded total differs from it), and words the checkpoint says
tie with the best are solved again (`confirm_resumed_ties`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path


from lookahead import (INF, CertificateLog, FirstGuessOutcome, GuessResult, SearchSetting,
                       ranked_guesses, search_first_guesses, solve_guess, split_bounds)
from optimal.cli.checkpoint import (identity, integer, load_checkpoint, save_checkpoint,
                                    seconds_ok, restart_from_scratch)
from optimal.cli.progress import WordProgress, progress_bar
from optimal.errors import BadInput, NoTree
from optimal.game import Game
from optimal.search.request import DEFAULT_TOP, SearchRequest

CHECKPOINT = "checkpoint-all.json"


@dataclass
class FirstRun:
    """A first-guess search's outcome, how its words were chosen, and which results came from a
    checkpoint (and which one)."""

    outcome: FirstGuessOutcome
    how: str
    resumed: set[str] = field(default_factory=set)
    checkpoint: Path | None = None

    def from_checkpoint(self, result: GuessResult) -> bool:
        """Whether `result` was read from the checkpoint rather than searched in this run."""
        return result.word in self.resumed


def choose_words(game: Game, request: SearchRequest) -> tuple[list[int], str]:
    """The guesses to evaluate and a phrase saying how they were chosen. Named words are taken as
    given, without ranking every guess."""
    if request.first:
        return [game.guess_id(w) for w in request.first], "the words given"
    ranked = ranked_guesses(game, request.setting)
    if not ranked:
        # Every guess's split bound is infinite: some reply leaves more answers than the guesses
        # after it can tell apart. That is a proof by counting, so say it rather than "none of 0".
        raise NoTree(f"no tree exists: no first guess can find every answer within "
                     f"{game.max_guesses} guesses in {game.mode_name} (each leaves some reply with "
                     f"more answers than {game.max_guesses - 1} more guesses can tell apart)")
    if request.every:
        return [g for g, _ in ranked], f"all {len(ranked):,} useful first guesses"
    top = request.top if request.top is not None else DEFAULT_TOP
    return [g for g, _ in ranked[:top]], f"the top {min(top, len(ranked)):,} by the ordering score"


def search_first_words(game: Game, request: SearchRequest, out_dir: Path,
                       certificate: CertificateLog | None = None) -> FirstRun:
    """Run the first-guess search the request asks for (writing its proof to `certificate`)."""
    setting: SearchSetting = request.setting
    words, how = choose_words(game, request)
    path = out_dir / CHECKPOINT
    known: dict[str, GuessResult] = {}
    if request.checkpointed:
        if request.restart:
            restart_from_scratch(path)
        known = load_results(path, game, setting, words, request.below)
    resumed = set(known)
    if request.below is not None and len(words) > 1:  # (one word is solved exactly anyway)
        how += f"; searched below {request.below:,} (--below)"
    single = len(words) == 1
    leader: list[GuessResult | None] = [min((r for r in known.values() if r.exact),
                                            key=lambda r: r.value, default=None)]
    progress = WordProgress(len(words), sum(game.guesses.words[g] in known for g in words),
                            request.quiet or single,
                            (lambda: save_results(path, game, setting, done, request.below))
                            if request.checkpointed else None)
    done = dict(known)
    part_bar = progress_bar(f"{game.guesses.words[words[0]].upper()} branches", "branch",
                            request.quiet or not single)

    def on_result(result: GuessResult) -> None:
        new = result.word not in done
        done[result.word] = result
        resumed.discard(result.word)  # searched again in this run (a tie pass)
        if result.exact and (leader[0] is None or result.value < leader[0].value):
            leader[0] = result
        shown = f"best {leader[0].word.upper()} {leader[0].value_text()}" if leader[0] else "best -"
        progress.step(f"{shown} | {result.word.upper()} {result.value_text()}", new)

    def on_part(finished: int, total: int) -> None:
        part_bar.total = total
        part_bar.update(finished - part_bar.n)

    try:
        outcome = search_first_guesses(game, words, setting, known, request.prove, on_result, on_part,
                                       certificate, cutoff=request.below or INF)
    finally:
        part_bar.close()
        progress.close()
        if request.checkpointed:
            save_results(path, game, setting, done, request.below)
    if resumed:  # what is left in it was not searched again: say so where the claims are read
        how += (f"; {len(resumed):,} resumed from {CHECKPOINT}: those words' bounds rest on its "
                "entries (identity and digest checked, not searched again in this run)")
    run = FirstRun(outcome, how, resumed, path if request.checkpointed else None)
    confirm_resumed_ties(run)
    refuse_contradicting_bounds(run)
    return run


def refuse_contradicting_bounds(run: FirstRun) -> None:
    """A resumed lower bound below the best total is refused. Why: a word is cut off only once it
    cannot beat the best so far, and the best only falls, so no run records a bound below the
    final best; a checkpoint forged with its digest recomputed did, and the run printed the best
    "proven optimal" beside a word it had never shown to need more."""
    outcome = run.outcome
    if outcome.best is None or not outcome.setting.exact:
        return
    for result in outcome.results:
        if run.from_checkpoint(result) and not result.exact and result.value < outcome.best.value:
            raise BadInput(f"checkpoint {run.checkpoint}: {result.word.upper()} is recorded as "
                           f"needing at least {result.value}, below the best total "
                           f"{outcome.best.value}, which no search records; use --restart to set "
                           "it aside and start afresh")


def confirm_resumed_ties(run: FirstRun) -> None:
    """Words the checkpoint records as tying with the best are solved again, so "tied by X
    (proven)" is never a claim this run did not check; a different total refuses the checkpoint."""
    outcome = run.outcome
    if outcome.best is None:
        return
    for word in outcome.ties():
        result = next(r for r in outcome.results if r.word == word)
        if not run.from_checkpoint(result):
            continue
        again = solve_guess(outcome.game, outcome.game.guess_id(word), outcome.setting)
        if again.value != result.value:
            raise BadInput(f"checkpoint {run.checkpoint}: {word.upper()} is recorded with total "
                           f"{result.value}, but solving it again gives {again.value}; use "
                           "--restart to set it aside and start afresh")


def check_entry(game: Game, words: set[str], bounds: dict[str, int]):
    """The check of one checkpoint entry of the total objective: {"value": int, "exact": bool,
    "seconds": number}, for a word this run evaluates, with a value no lower than the word's proven
    lower bound from its split (`lookahead.split_bounds`, valid for exact and beam values alike)
    and at most INF (no tree); an exact value belongs to a real tree, so it is below INF."""
    def check(word: object, entry: object) -> None:
        if word not in words:
            raise ValueError("not one of the first guesses this run evaluates")
        if not isinstance(entry, dict) or not {"value", "exact"} <= set(entry) or \
                not set(entry) <= {"value", "exact", "seconds"}:
            raise ValueError("expected value, exact and seconds")
        value, exact = entry["value"], entry["exact"]
        if not integer(value) or not isinstance(exact, bool):
            raise ValueError("value must be a whole number and exact true or false")
        if not bounds[word] <= value <= INF:
            raise ValueError(f"value {value} is outside what is possible for it "
                             f"({bounds[word]} to {INF})")
        if exact and value >= INF:
            raise ValueError("an exact value must belong to a tree")
        if "seconds" in entry and not seconds_ok(entry["seconds"]):
            raise ValueError("seconds must be a number, at least 0")
    return check


def checkpoint_identity(game: Game, beam: int, below: int | None = None) -> dict:
    """The question an --all run's checkpoint answers: this game, beam and --below (one place for
    the load, the save and the command's check before it speaks)."""
    return identity(game, "total", beam, below)


def load_results(path: Path, game: Game, setting: SearchSetting, words: list[int],
                 below: int | None = None) -> dict[str, GuessResult]:
    """Results of an interrupted --all run with the same game and search (and --below), if any,
    validated."""
    names = {game.guesses.words[g] for g in words}
    # the plain bound: a checkpoint of an earlier version of the search holds bounds at least it
    bounds = {game.guesses.words[g]: b for g, b in split_bounds(game, words, counting=False).items()}
    data = load_checkpoint(path, checkpoint_identity(game, setting.beam, below),
                           check_entry(game, names, bounds))
    return {word: GuessResult(word, r["value"], r["exact"], setting.beam, game.max_guesses,
                              float(r.get("seconds", 0.0))) for word, r in data.items()}


def save_results(path: Path, game: Game, setting: SearchSetting,
                 done: dict[str, GuessResult], below: int | None = None) -> None:
    """Save the first-guess results so far as the checkpoint at `path`, under this game, beam and
    `--below` (a checkpoint of other settings is refused on resume)."""
    save_checkpoint(path, checkpoint_identity(game, setting.beam, below),
                    {w: {"value": int(r.value), "exact": bool(r.exact),
                         "seconds": round(r.seconds, 3)} for w, r in done.items()})
