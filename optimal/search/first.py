"""The first-guess search of `python -m optimal.search`: which words, resumed from where, with what
progress shown; the search itself is the engine's (`lookahead.search_first_guesses`).
"""

from __future__ import annotations

from pathlib import Path

from tqdm import tqdm

from lookahead import (CertificateLog, FirstGuessOutcome, GuessResult, SearchSetting, ranked_guesses,
                       search_first_guesses)
from optimal.cli.checkpoint import load_checkpoint, save_checkpoint
from optimal.cli.progress import WordProgress
from optimal.game import Game
from optimal.search.request import DEFAULT_TOP, SearchRequest

CHECKPOINT = "checkpoint-all.json"


def choose_words(game: Game, request: SearchRequest) -> tuple[list[int], str]:
    """The guesses to evaluate and a phrase saying how they were chosen. Named words are taken as
    given, without ranking every guess."""
    if request.first:
        return [game.guess_id(w) for w in request.first], "given"
    ranked = ranked_guesses(game, request.setting)
    if request.every:
        return [g for g, _ in ranked], f"all {len(ranked):,} useful first guesses"
    top = request.top if request.top is not None else DEFAULT_TOP
    return [g for g, _ in ranked[:top]], f"the top {min(top, len(ranked))} by the ordering score"


def search_first_words(game: Game, request: SearchRequest, out_dir: Path,
                       certificate: CertificateLog | None = None) -> tuple[FirstGuessOutcome, str]:
    """Run the first-guess search the request asks for; (outcome, how the words were chosen)."""
    setting: SearchSetting = request.setting
    words, how = choose_words(game, request)
    known = load_results(out_dir, game, setting) if request.checkpointed else {}
    single = len(words) == 1
    leader: list[GuessResult | None] = [min((r for r in known.values() if r.exact),
                                            key=lambda r: r.value, default=None)]
    progress = WordProgress(len(words), sum(game.guesses.words[g] in known for g in words),
                            request.quiet or single,
                            (lambda: save_results(out_dir, game, setting, done))
                            if request.checkpointed else None)
    done = dict(known)
    part_bar = tqdm(desc=f"{game.guesses.words[words[0]].upper()} branches", unit="branch",
                    disable=True if (request.quiet or not single) else None, mininterval=0.5,
                    dynamic_ncols=True)

    def on_result(result: GuessResult) -> None:
        done[result.word] = result
        if result.exact and (leader[0] is None or result.value < leader[0].value):
            leader[0] = result
        shown = f"best {leader[0].word.upper()} {leader[0].value_text()}" if leader[0] else "best -"
        progress.step(f"{shown} | {result.word.upper()} {result.value_text()}")

    def on_part(finished: int, total: int) -> None:
        part_bar.total = total
        part_bar.update(finished - part_bar.n)

    try:
        outcome = search_first_guesses(game, words, setting, known, request.prove, on_result, on_part,
                                       certificate)
    finally:
        part_bar.close()
        progress.close()
        if request.checkpointed:
            save_results(out_dir, game, setting, done)
    return outcome, how


def load_results(out_dir: Path, game: Game, setting: SearchSetting) -> dict[str, GuessResult]:
    """Results of an interrupted --all run with the same game and search, if any."""
    data = load_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"beam": setting.beam})
    return {word: GuessResult(word, r["value"], r["exact"], setting.beam, game.max_guesses,
                              r.get("seconds", 0.0)) for word, r in data.items()}


def save_results(out_dir: Path, game: Game, setting: SearchSetting,
                 done: dict[str, GuessResult]) -> None:
    save_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"beam": setting.beam},
                    {w: {"value": r.value, "exact": r.exact, "seconds": round(r.seconds, 3)}
                     for w, r in done.items()})
