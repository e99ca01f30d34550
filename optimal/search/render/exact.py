"""The exact table: each first word's own optimum, with throughput by rank band.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

from lookahead import (ExactValue)
from optimal.game import Game
from optimal.search.render.common import game_title


BANDS = ((1, 100), (101, 1000), (1001, 5000), (5001, None))


def _exact_cells(game: Game, r: ExactValue) -> tuple[str, str, str, str]:
    """(total, mean, worst, status) of one word (weighted: the mean is the expectation)."""
    n = game.weight_of(game.all_candidates())
    if not r.feasible:
        return "none", "-", "-", f"no tree within {game.max_guesses} guesses (proven)"
    worst = "-" if r.worst is None else str(r.worst)
    if r.exact:
        return str(r.lower), f"{r.lower / n:.4f}", worst, "exact"
    upper = "?" if r.upper is None else str(r.upper)
    mean = "-" if r.upper is None else f"<= {r.upper / n:.4f}"
    return (f">= {r.lower}, <= {upper}", mean, worst,
            f"bounds (budget {r.budget:g} s ran out; upper: beam tree)")


def _exact_head(game: Game) -> str:
    return "total | mean" if game.weights is None else "weighted total | expected"


def throughput(rows: list[ExactValue], order: dict[str, int], total_words: int) -> list[str]:
    """Words per CPU-hour by ranking band (the search's ordering score), and the projected CPU time
    for all words from those rates."""
    lines, projected, covered = [], 0.0, True
    for low, high in BANDS:
        top = high or total_words
        if low > total_words:
            break
        band = [r for r in rows if low <= order.get(r.word, total_words) <= top]
        cpu = sum(r.cpu_seconds for r in band)
        if not band or cpu <= 0:
            covered = False
            lines.append(f"| {low:,}-{top:,} | 0 | - | - |")
            continue
        rate = len(band) / (cpu / 3600)
        projected += (top - low + 1) / rate
        exact = sum(r.exact for r in band)
        lines.append(f"| {low:,}-{top:,} | {len(band):,} ({exact:,} exact) | {rate:,.0f} | "
                     f"{cpu / len(band):.2f} |")
    head = ["| rank band | words measured | words per CPU-hour | CPU s per word |",
            "|---|---:|---:|---:|"]
    tail = ([f"Projected CPU time for all {total_words:,} words at these rates: "
             f"{projected:,.1f} CPU-hours."] if covered else
            ["A band with no measured word has no rate: no projection for all words yet."])
    return head + lines + [""] + tail


def exact_markdown(game: Game, rows: list[ExactValue], order: dict[str, int], how: str,
                   seconds: float, budget: float) -> str:
    """EXACT.md of `--rank exact`: how many words are exact, the run's wall and CPU seconds,
    throughput against the search's ordering (`order`: word to rank), and every word's row."""
    n_exact = sum(r.exact for r in rows)
    cpu = sum(r.cpu_seconds for r in rows)
    table = [f"| rank | first guess | {_exact_head(game)} | worst case | status | seconds |",
             "|---:|---|---:|---:|---:|---|---:|"]
    for rank, r in enumerate(rows, start=1):
        total, mean, worst, status = _exact_cells(game, r)
        table.append(f"| {rank} | {r.word.upper()} | {total} | {mean} | {worst} | {status} | "
                     f"{r.seconds:.2f} |")
    return "\n".join([
        f"# Exact value of every first guess: {game_title(game)}", "",
        f"Evaluated {how}; each word's optimum by exhaustive search within {budget:g} s "
        f"(checked between steps); {n_exact:,} of {len(rows):,} exact. This run: {seconds:.1f} s "
        f"wall; CPU of the searches (all words, earlier runs included): {cpu:,.1f} s.", "",
        "*exact*: the optimum for that first guess, proven; its tree was replayed against every "
        "answer (worst case = its longest game). *bounds*: the budget ran out: a proven lower "
        "bound and the total of a real (beam) tree, replayed too.", "",
        "## Throughput", "", *throughput(rows, order, len(game.guesses)), "",
        "## Every evaluated first guess", "", *table])


def exact_text(game: Game, rows: list[ExactValue], how: str, seconds: float) -> str:
    """The console table of `--rank exact`: the first 25 words' totals, worst cases and status."""
    shown = rows[:25]
    lines = [game_title(game), f"exact value of {how}; {seconds:.1f} s", "",
             f"| rank | first guess | {_exact_head(game)} | worst case | status |",
             "|---:|---|---:|---:|---:|---|"]
    for rank, r in enumerate(shown, start=1):
        total, mean, worst, status = _exact_cells(game, r)
        lines.append(f"| {rank} | {r.word.upper()} | {total} | {mean} | {worst} | {status} |")
    if len(rows) > len(shown):
        lines.append("| ... | | | | | |")
    return "\n".join(lines)


def exact_summary(game: Game, rows: list[ExactValue], how: str, seconds: float) -> dict:
    """summary.json of `--rank exact`: every word's value (see `ExactValue.as_dict`), wall and CPU
    seconds."""
    return {"game": game.describe(), "rank": "exact", "words": how,
            "results": [r.as_dict() for r in rows], "seconds": round(seconds, 3),
            "cpu_seconds": round(sum(r.cpu_seconds for r in rows), 3)}
