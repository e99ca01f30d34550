"""What every outcome's rendering shares: the game's title and how a total reads per answer.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

from optimal.game import Game



def game_title(game: Game) -> str:
    """One line naming the game: the lists and their sizes, mode, guess limit and the weights, if
    any."""
    weights = f", answers weighted by {game.weights.name}" if game.weights is not None else ""
    return (f"{game.answers.name} answers ({len(game.answers):,}), {game.guesses.name} guesses "
            f"({len(game.guesses):,}), {game.mode_name}, at most {game.max_guesses} guesses{weights}")


def per_answer(game: Game, value: int, candidates=None) -> float:
    """A total per answer: the mean (plain), or the expectation with the quantized weights (a
    weighted total over the candidates' summed weight)."""
    candidates = game.all_candidates() if candidates is None else candidates
    return value / game.weight_of(candidates)


def processes(jobs: int, backend: str = "loky") -> str:
    """What --jobs asked for, as a report says it. Why not "2 worker(s)": workers start only when
    the measured work pays for them, so a report could not say how many ran; it says what was
    allowed (on Dask, the cluster's workers)."""
    if backend == "dask":
        return f"--jobs {jobs} on a Dask cluster's workers"
    return "1 process" if jobs <= 1 else (f"--jobs {jobs}: up to {jobs} worker processes, started "
                                          "when the work pays for them")


def precision(game: Game) -> str:
    """What a weighted proof is exact for, and how close that is to the exact weights."""
    return game.weights.precision(game.max_guesses)
