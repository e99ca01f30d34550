"""`python -m optimal.search --boards 2`: Dordle, bounded from both sides and proven where it can be.

The upper bound is the total of a real tree: the exact optimum of each chosen first word (cut off
at the best so far) or a beam's tree. The lower bound covers every useful first word: it starts at
the least split bound and is raised for --budget seconds by exact searches of the whole game cut
off a little above it (`lookahead.dordle_raise_bound`); a search that finishes below its cutoff
has found the optimum. When the bound reaches the best total, that total is the proven optimum.
This module chooses the words, keeps the bound in a checkpoint (a rerun goes on raising it), shows
progress; the command builds the best tree and verifies it before anything is shown or written.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from lookahead import (INF, PAIR_BEAM_FINISH, DordleBound, DordleIncumbent, DordleWordValue,
                       dordle_raise_bound, dordle_ranked_guesses, dordle_word_values)
from optimal.cli.checkpoint import (identity, integer, load_checkpoint, save_checkpoint,
                                    restart_from_scratch, seconds_ok)
from optimal.cli.progress import Stopwatch, WordProgress, progress_bar
from optimal.dordle import game_count
from optimal.errors import NoTree
from optimal.game import Game
from optimal.search.request import DORDLE_TOP, SearchRequest
from optimal.words import sample_words

CHECKPOINT = "checkpoint-dordle.json"
OBJECTIVE = "dordle-total"  # the checkpoint's question: two boards, least total guesses


def dordle_game(game: Game, request: SearchRequest) -> Game:
    """The game the request plays: with --sample, a seeded subset of the answers (every guess
    kept)."""
    if request.sample is None:
        return game
    sampled = sample_words(game.answers, request.sample, request.seed)
    index = np.array([game.answer_index[w] for w in sampled.words], dtype=np.int64)
    return game.restricted_to(index, sampled.name)


@dataclass
class DordleRun:
    """What a Dordle run found: the values of the chosen first words (the upper-bound phase), the
    proven lower bound over every first word, and the best tree's first word and total (the
    command builds that tree, a branch at a time, and verifies it)."""

    game: Game
    values: list[DordleWordValue]
    bound: DordleBound
    split_bound: int  # the least split bound of any useful first word: where the bound started
    useful: int  # how many first words are useful (split a board or win one)
    best: DordleIncumbent
    how: str
    beam: int
    seconds_bound: float  # spent raising the bound in this run
    seconds: float = 0.0
    word_by_word: bool = False  # every useful first word has an exact search's value (--all)

    @property
    def games(self) -> int:
        """How many games the total is over (ordered pairs of different answers)."""
        return game_count(len(self.game.answers))

    @property
    def lower(self) -> int:
        """The proven lower bound on the optimum over every first word."""
        return min(self.bound.lower, self.best.total)

    @property
    def proven(self) -> bool:
        """Whether the best tree is proven optimal (the lower bound has reached its total)."""
        return self.bound.lower >= self.best.total


def choose_words(game: Game, request: SearchRequest,
                 ranked: list[tuple[int, int]]) -> tuple[list[int], str]:
    """The first words of the upper-bound phase and how they were chosen: the `--first` words,
    every useful word (`--all`), else the `--top` N (default DORDLE_TOP) of `ranked`."""
    if request.every:
        return [g for g, _ in ranked], f"every useful first word ({len(ranked):,})"
    if request.first:
        return [game.guess_id(w) for w in request.first], "the words given"
    top = request.top or DORDLE_TOP
    return [g for g, _ in ranked[:top]], f"the top {min(top, len(ranked)):,} by the ordering score"


def values_key(beam: int | tuple[int, ...]) -> str:
    """The checkpoint entry holding the first-word values of one kind of search: exact, or a beam
    of a given width (limit-aware near the guess limit, as `PAIR_BEAM_FINISH` says): the values of
    different searches are different numbers and never mixed."""
    if not beam:
        return "values exact"
    widths = ",".join(str(b) for b in beam) if isinstance(beam, tuple) else str(beam)
    return f"values beam {widths} limit-aware {PAIR_BEAM_FINISH}"


def search_dordle(game: Game, request: SearchRequest, out_dir: Path) -> DordleRun:
    """Run the Dordle search the request asks for (see module)."""
    clock = Stopwatch()
    beam = request.setting.beam
    ranked = dordle_ranked_guesses(game, request.setting)
    if not ranked:
        raise NoTree(f"no first word can finish a Dordle game within {game.max_guesses} guesses")
    words, how = choose_words(game, request, ranked)
    split_bound = min(b for _, b in ranked)
    if request.write and request.restart:
        restart_from_scratch(out_dir / CHECKPOINT)
    state = load_state(out_dir, game, dict(ranked)) if request.write else {}
    key = values_key(beam)
    saved = state.setdefault(key, {})
    chosen = set(words)
    done = [value_from(word, entry, beam) for word, entry in saved.items()
            if game.guess_id(word) in chosen]
    todo = [g for g in words if game.guesses.words[g] not in saved]
    save = (lambda: save_state(out_dir, game, state)) if request.write else None
    progress = WordProgress(len(words), len(done), request.quiet, save)

    def shown(value: DordleWordValue) -> None:
        saved[value.word] = value_entry(value)
        text = ("none" if not value.feasible else f"<= {value.total}" if beam
                else f"{value.total}" if value.exact else f">= {value.total}")
        progress.step(f"{value.word.upper()} {text}")

    cutoff = min((v.total for v in done if v.exact and not beam), default=INF)
    try:
        fresh = dordle_word_values(game, todo, request.setting, cutoff, on_result=shown)
    finally:
        progress.close()
        if save and todo:
            save()
    order = {g: i for i, g in enumerate(words)}
    values = sorted(done + fresh, key=lambda v: order[game.guess_id(v.word)])
    b = state.get("bound")
    bound = (DordleBound(b["lower"], b["step"], b["word"], float(b["seconds"]), b["steps"]) if b
             else DordleBound(split_bound))
    word_by_word = not beam and {game.guess_id(v.word) for v in values} >= {g for g, _ in ranked}
    if word_by_word:
        covered(bound, values)
        if save:
            state["bound"] = bound.as_dict()
            save()
    best = best_of(values, bound)
    seconds_bound = 0.0
    if request.budget > 0 and not bound.exact:
        seconds_bound = raise_bound(game, request, out_dir, bound, best, state)
        best = best_of(values, bound)
    if best is None:
        raise NoTree(f"no Dordle tree finds both answers within {game.max_guesses} guesses"
                     + (" (proven)" if bound.lower >= INF else
                        f" among the first words evaluated ({how}); lower bound {bound.lower}"))
    return DordleRun(game, values, bound, split_bound, len(ranked), best, how, beam, seconds_bound,
                     clock.seconds, word_by_word)


def covered(bound: DordleBound, values: list[DordleWordValue]) -> None:
    """Raise `bound` (in place) from exact-search values of every useful first word: each is that
    word's optimum, or a proven lower bound on it (cut off at a best total), so their least is a
    lower bound on the game's optimum, and the optimum itself when it is an exact value. Why: a
    search of the whole game is one kernel call (hours for 500 answers, lost when stopped), while
    word values are kept in the checkpoint one by one."""
    least = min(values, key=lambda v: (v.total, not v.exact))  # an exact value first on a tie
    if bound.exact or least.total < bound.lower:
        return  # (a bound from cutoffs can be the lesser: an exact value never is)
    bound.lower = least.total
    if least.exact:
        bound.word = least.word


def raise_bound(game: Game, request: SearchRequest, out_dir: Path, bound: DordleBound,
                best: DordleIncumbent | None, state: dict) -> float:
    """Raise the lower bound for --budget seconds (never past the best total), with a progress
    line and the checkpoint (`state`, the word values kept beside the bound) saved after each
    step; the seconds it took."""
    bar = progress_bar("raising the lower bound", "step", request.quiet)
    began = time.perf_counter()

    def step(now: DordleBound) -> None:
        bar.update(1)
        bar.set_postfix_str(f"optimum {now.lower}" if now.exact else f">= {now.lower}")
        if request.write:
            state["bound"] = now.as_dict()
            save_state(out_dir, game, state)

    try:
        dordle_raise_bound(game, bound, best.total if best else INF, request.budget,
                           request.setting, step)
    finally:
        bar.close()
    return time.perf_counter() - began


def best_of(values: list[DordleWordValue], bound: DordleBound) -> DordleIncumbent | None:
    """The least total of a real tree: among the evaluated words (exact values, or a beam's), and
    the optimum itself once the bound is exact."""
    trees = [DordleIncumbent(v.word, v.total, v.beam) for v in values
             if v.feasible and (v.exact or v.beam)]
    if bound.exact:
        trees.append(DordleIncumbent(bound.word, bound.lower, 0))
    return min(trees, key=lambda t: (t.total, not t.exact), default=None)


def value_entry(value: DordleWordValue) -> dict:
    """A first word's value as the checkpoint keeps it."""
    return {"total": int(value.total), "exact": bool(value.exact), "lower": int(value.lower),
            "seconds": round(value.seconds, 3)}


def value_from(word: str, entry: dict, beam: int | tuple[int, ...]) -> DordleWordValue:
    """A first word's value read back from the checkpoint (already checked)."""
    return DordleWordValue(word, entry["total"], entry["exact"], beam, entry["lower"],
                           float(entry["seconds"]))


def check_bound(entry: object, split_bound: int, game: Game) -> None:
    """The "bound" entry: whole numbers where they must be, a bound no lower than where the search
    starts (the least split bound), a word among the guesses."""
    if not isinstance(entry, dict) or set(entry) != {"lower", "step", "word", "seconds", "steps"}:
        raise ValueError("expected a bound object (lower, step, word, seconds, steps)")
    lower, step, word = entry.get("lower"), entry.get("step"), entry.get("word")
    if not integer(lower) or not split_bound <= lower <= INF:
        raise ValueError(f"the lower bound must be a whole number from {split_bound} up")
    if not integer(step) or step < 1:
        raise ValueError("the step must be a whole number, at least 1")
    if word is not None and (not isinstance(word, str) or word not in game.guess_index):
        raise ValueError("the optimal first word must be an allowed guess")
    if not seconds_ok(entry.get("seconds")) or not integer(entry.get("steps")) or entry["steps"] < 0:
        raise ValueError("seconds and steps must be numbers, at least 0")


def check_values(entry: object, split_bounds: dict[int, int], game: Game) -> None:
    """A "values ..." entry: for each useful first word, a total no lower than the word's split
    bound (recomputed here, and equal to the recorded one), whether it is exact, and seconds."""
    if not isinstance(entry, dict):
        raise ValueError("expected an object of first-word values")
    for word, value in entry.items():
        g = game.guess_index.get(word) if isinstance(word, str) else None
        if g is None or g not in split_bounds:
            raise ValueError(f"{str(word)[:20]!r} is not a useful first word of this game")
        if not isinstance(value, dict) or set(value) != {"total", "exact", "lower", "seconds"}:
            raise ValueError(f"{word}: expected total, exact, lower and seconds")
        if value["lower"] != split_bounds[g] or not integer(value["total"]) \
                or not split_bounds[g] <= value["total"] <= INF:
            raise ValueError(f"{word}: its split bound is {split_bounds[g]} and its total at least that")
        if not isinstance(value["exact"], bool) or not seconds_ok(value["seconds"]):
            raise ValueError(f"{word}: 'exact' must be true or false and seconds a number")


def check_entry(game: Game, split_bounds: dict[int, int]):
    """The checkpoint's entries, checked before they are believed: "bound" (the lower bound over
    every first word) and one "values ..." per kind of search; the digest guards the rest."""
    split_bound = min(split_bounds.values())

    def check(key: str, entry: object) -> None:
        if key == "bound":
            check_bound(entry, split_bound, game)
        elif key == "values exact" or key.startswith("values beam "):
            check_values(entry, split_bounds, game)
        else:
            raise ValueError("expected 'bound' or first-word values")
    return check


def load_state(out_dir: Path, game: Game, split_bounds: dict[int, int]) -> dict:
    """What earlier runs of this game saved in `out_dir` (the bound and first-word values),
    checked against the game ({} when nothing was saved)."""
    return load_checkpoint(out_dir / CHECKPOINT, identity(game, OBJECTIVE, 0),
                           check_entry(game, split_bounds))


def save_state(out_dir: Path, game: Game, state: dict) -> None:
    """Save the bound and the first-word values as this game's checkpoint in `out_dir`, so the
    next run goes on from them."""
    out_dir.mkdir(parents=True, exist_ok=True)
    save_checkpoint(out_dir / CHECKPOINT, identity(game, OBJECTIVE, 0), state)
