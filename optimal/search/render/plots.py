"""Plots: the front's points as a PNG (matplotlib, an optional extra: None without it).

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

import io
from dataclasses import dataclass


from optimal.game import Game
from optimal.search.front import FrontCell



@dataclass(frozen=True)
class FrontPoint:
    """One limit of a front as plotted: its least total (None: no tree within the limit), the first
    word that has it, and whether the point is proven (a total: exact; None: refuted for every
    first word) or only a verified tree's upper bound / no tree found."""

    limit: int
    total: int | None
    word: str | None
    proven: bool


def cell_point(cell: FrontCell) -> FrontPoint:
    """A front cell as a plot point: its limit, total (None without a tree), first word, and whether
    the total is proven (by the search, or by `--prove`'s exact search)."""
    exact = cell.proven or bool(cell.proof and cell.proof.exact)
    return FrontPoint(cell.limit, cell.total if cell.feasible else None, cell.word, exact)


def front_png(game: Game, cells: list[FrontCell]) -> bytes | None:
    """The plot of a front run's cells (see `front_points_png`)."""
    return front_points_png(f"{game.answers.name} / {game.guesses.name}, {game.mode_name}",
                            len(game.answers), [cell_point(c) for c in cells])


def front_points_png(title: str, n: int, points: list[FrontPoint]) -> bytes | None:
    """A plot of the least total (left axis) and mean (right axis) against the guess limit; limits
    with no tree are marked on the axis (n: the answers, for the mean). None when matplotlib (the
    'plot' extra) is missing. Also drawn from several runs' summaries (`scripts/front_plots.py`)."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return None
    fig, ax = plt.subplots(figsize=(7, 4.2))
    exact = [(p.limit, p.total) for p in points if p.total is not None and p.proven]
    upper = [(p.limit, p.total) for p in points if p.total is not None and not p.proven]
    if exact:
        ax.plot(*zip(*exact), "o-", color="tab:blue", label="least total (proven)")
    if upper:
        ax.plot(*zip(*upper), "o--", color="tab:orange", mfc="none",
                label="upper bound (a verified tree)")
    for p in points:
        if p.total is not None:
            ax.annotate(f"{p.word.upper()} {p.total}", (p.limit, p.total),
                        textcoords="offset points", xytext=(0, 8), ha="center", fontsize=8)
    none = [p for p in points if p.total is None]
    totals = [p.total for p in points if p.total is not None]
    low = min(totals) if totals else n
    high = max(totals) if totals else 2 * n
    span = max(high - low, 0.02 * high)
    ax.set_ylim(low - 0.6 * span, high + 0.4 * span)
    for p in none:
        ax.plot([p.limit], [low - 0.45 * span], "x", color="tab:red", ms=10)
        ax.annotate("no tree (proven)" if p.proven else "none found",
                    (p.limit, low - 0.45 * span), textcoords="offset points", xytext=(0, 8),
                    ha="center", fontsize=8, color="tab:red")
    ax.set_xticks([p.limit for p in points])
    ax.set_xlim(min(p.limit for p in points) - 0.5, max(p.limit for p in points) + 0.5)
    ax.set_xlabel("guess limit D")
    ax.set_ylabel("total guesses over all answers")
    right = ax.secondary_yaxis("right", functions=(lambda t: t / n, lambda m: m * n))
    right.set_ylabel("mean guesses per answer")
    ax.set_title(f"Guess-limit front: {title}", fontsize=10)
    if exact or upper:
        ax.legend(fontsize=8, loc="upper right")
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    return buffer.getvalue()
