"""A mid-game state: the best next guess and what the alternatives cost.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

from lookahead import (INF, StateOutcome)
from optimal.game import Game
from optimal.play.text import plural
from optimal.search.render.common import per_answer


def state_text(game: Game, outcome: StateOutcome, history_length: int) -> list[str]:
    """The best next guess, the candidates when few, and the alternatives' table."""
    n = len(outcome.candidates)
    best, beam = outcome.best, outcome.beam
    kind = "proven optimal" if not beam else f"upper bound (beam {beam})"
    per = per_answer(game, best.total, outcome.candidates) if best.total < INF else 0.0
    if game.weights is None:
        lines = [f"Best next guess: {best.word.upper()}: {plural(best.total, 'guess')} in all for the "
                 f"{plural(n, 'answer')} from here (mean {per:.4f} more, "
                 f"{history_length + per:.4f} per game), {kind}."]
        head = "| next guess | total from here | mean from here | status |"
    else:
        lines = [f"Best next guess: {best.word.upper()}: expected {per:.4f} more guesses under "
                 f"weights {game.weights.name} for the {plural(n, 'answer')} from here (weighted total "
                 f"{best.total:,}; {history_length + per:.4f} per game), {kind}."]
        head = "| next guess | weighted total from here | expected from here | status |"
    if n <= 20:
        lines.append("Candidates: " + " ".join(game.answers.words[i].upper() for i in outcome.candidates))
    lines += ["", head, "|---|---:|---:|---|"]
    for row in outcome.rows:
        status = ("no tree" if row.total >= INF else f"best, {kind}" if row is best
                  else f"upper bound (beam {beam})" if beam
                  else "exact" if row.exact else "lower bound")
        shown = "-" if row.total >= INF else str(row.total)
        mean = "-" if row.total >= INF else f"{per_answer(game, row.total, outcome.candidates):.4f}"
        lines.append(f"| {row.word.upper()} | {shown} | {mean} | {status} |")
    how = "each solved exactly" if not beam else f"each with the same beam of {beam}"
    lines.append(f"\n({outcome.seconds:.1f} s; the other rows are the most promising guesses "
                 f"by the search's ordering score, {how})")
    return lines
