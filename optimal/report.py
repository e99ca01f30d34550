"""Statistics of a strategy: guesses per answer -> the numbers, lines and tables a researcher reads.

Everything takes the plain array of guess counts (one entry per answer), so a greedy tree, an
optimal tree and a published tree are all reported the same way. With answer weights
(optimal.weights) the expectation under them is computed here from the same counts, never taken
from a search.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from optimal.errors import EmptyCounts
from optimal.files import atomic_write_bytes
from optimal.weights import Weights


@dataclass(frozen=True)
class Stats:
    """Summary of guess counts over all answers."""

    n: int
    total: int
    mean: float
    median: float
    std: float
    worst: int
    best: int
    histogram: dict[int, int]  # guesses -> number of answers

    def as_dict(self) -> dict:
        """The statistics as a JSON-ready dict (mean and std rounded to 4 places, histogram keys as
        strings)."""
        return {"answers": self.n, "total": self.total, "mean": round(self.mean, 4),
                "median": self.median, "std": round(self.std, 4), "worst": self.worst,
                "best": self.best, "histogram": {str(k): v for k, v in self.histogram.items()}}


def summarize(counts) -> Stats:
    """The statistics of an array of guess counts (sample standard deviation, as Norvig reports)."""
    counts = np.asarray(counts, dtype=np.int64)
    if counts.size == 0:
        raise EmptyCounts("no guess counts to summarize")
    values, numbers = np.unique(counts, return_counts=True)
    median = float(np.median(counts))
    return Stats(int(counts.size), int(counts.sum()), float(counts.mean()),
                 int(median) if median.is_integer() else median,
                 float(counts.std(ddof=1)) if counts.size > 1 else 0.0,
                 int(counts.max()), int(counts.min()),
                 {int(v): int(c) for v, c in zip(values, numbers)})


def weighted_stats(counts, weights: Weights, max_guesses: int) -> dict:
    """The weighted figures of a strategy from its guess counts: the expectation under the
    weights' probabilities, the integer total the search minimises (sum of quantized weight x
    guesses) over their sum W, and how far apart the two can be for any tree within `max_guesses`
    (`error_bound`; the tree's own difference is `expected - quantized_expected`)."""
    counts = np.asarray(counts, dtype=np.int64)
    if counts.size == 0:
        raise EmptyCounts("no guess counts to summarize")
    total = weights.weighted_total(counts)
    return {"weights": weights.name, "sha256": weights.sha256,
            "expected": round(weights.expectation(counts), 6), "weighted_total": total,
            "weight_total": weights.total, "quantized_expected": round(total / weights.total, 6),
            "error_bound": round(weights.error_bound(max_guesses), 6)}


def weighted_line(counts, weights: Weights, max_guesses: int) -> str:
    """One line: the expectation under the weights, beside the plain mean and total."""
    s, w = summarize(counts), weighted_stats(counts, weights, max_guesses)
    return (f"expected guesses under weights {weights.name}: {w['expected']:.4f} (quantized "
            f"{w['weighted_total']:,} / {w['weight_total']:,} = {w['quantized_expected']:.4f}; any "
            f"tree's two expectations differ by at most {w['error_bound']:.4f}); plain mean "
            f"{s.mean:.4f}, total {s.total:,}")


def percent_text(fraction: float) -> str:
    """A share as text: whole percent, but one decimal strictly between 99 and 100 %, since that
    is where strategies differ (Norvig's convention; 99.96 % shows as 99.9 %, not 100.0 %)."""
    percent = 100 * fraction
    if 99 < percent < 100:
        text = f"{percent:.1f}"
        return ("99.9" if text == "100.0" else text) + "%"  # never claim all when it is not
    return f"{percent:.0f}%"


def cumulative_line(counts, start: int = 2) -> str:
    """'<=2:2%, <=3:50%, <=4:95%, <=5:99.6%, <=6:100%': share of answers found within k guesses,
    from `start` up to the worst case."""
    counts = np.asarray(counts)
    worst = int(counts.max())
    return ", ".join(f"<={k}:{percent_text(float(np.mean(counts <= k)))}"
                     for k in range(min(start, worst), worst + 1))


def report_line(counts) -> str:
    """One line in Norvig's words (median, mean and standard deviation, worst, best) plus the total,
    then the cumulative line. The spread is labelled 'sd': written 'mean ± x' it read as the
    uncertainty of the mean, which a tree's exact replay does not have."""
    s = summarize(counts)
    return (f"median: {s.median:.0f} guess{'es' if s.median != 1 else ''}, mean: {s.mean:.4f} (sd {s.std:.2f}), worst: {s.worst}, "
            f"best: {s.best}, total: {s.total}; cumulative: {cumulative_line(counts)}")


def histogram_text(counts, width: int = 50) -> str:
    """The distribution as a text bar chart, one row per number of guesses."""
    s = summarize(counts)
    top = max(s.histogram.values())
    rows = []
    for k in range(s.best, s.worst + 1):
        n = s.histogram.get(k, 0)
        bar = "*" * (round(width * n / top) if n else 0)
        rows.append(f"{k:>2} | {bar:<{width}} {n:>6,} ({100 * n / s.n:5.1f}%)")
    return "\n".join(rows)


def histogram_png(named_counts: dict[str, np.ndarray], path: str | Path, title: str = "") -> bool:
    """Overlay the distributions of several strategies in one PNG (bars side by side).

    Returns False, writing nothing, when matplotlib is not installed (it is the optional 'plot' extra).
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return False
    worst = max(int(np.max(c)) for c in named_counts.values())
    best = min(int(np.min(c)) for c in named_counts.values())
    ks = np.arange(best, worst + 1)
    width = 0.8 / max(1, len(named_counts))
    fig, ax = plt.subplots(figsize=(8, 4.5))
    for i, (name, counts) in enumerate(named_counts.items()):
        counts = np.asarray(counts)
        share = [100 * np.mean(counts == k) for k in ks]
        ax.bar(ks + (i - (len(named_counts) - 1) / 2) * width, share, width,
               label=f"{name} (mean {counts.mean():.3f})")
    ax.set_xticks(ks)
    ax.set_xlabel("guesses")
    ax.set_ylabel("% of answers")
    ax.set_title(title)
    ax.legend(fontsize=8)
    fig.tight_layout()
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png", dpi=100)
    plt.close(fig)
    atomic_write_bytes(path, buffer.getvalue())
    return True


@dataclass
class TableRow:
    """One strategy in a comparison table."""

    name: str
    first_guess: str
    counts: np.ndarray
    seconds: float | None = None
    extra: dict | None = None  # more columns, e.g. {'Evil Wordle': 6}


def comparison_table(rows: list[TableRow], within: tuple[int, ...] = (3, 4),
                     weights: Weights | None = None) -> str:
    """A markdown table comparing strategies side by side: name, first guess, total, mean, (with
    weights: the expectation under them), worst, share within k guesses, any extra columns,
    time."""
    extra_names: list[str] = []
    for row in rows:
        for key in (row.extra or {}):
            if key not in extra_names:
                extra_names.append(key)
    expected = [f"expected ({weights.name})"] if weights is not None else []
    head = (["strategy", "first guess", "total", "mean"] + expected + ["worst"]
            + [f"<={k}" for k in within] + extra_names + ["time"])
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---"] * len(head)) + "|"]
    for row in rows:
        s = summarize(row.counts)
        cells = [row.name, row.first_guess.upper(), f"{s.total:,}", f"{s.mean:.4f}"]
        if weights is not None:
            cells.append(f"{weights.expectation(row.counts):.4f}")
        cells.append(str(s.worst))
        cells += [percent_text(float(np.mean(np.asarray(row.counts) <= k))) for k in within]
        cells += [str((row.extra or {}).get(name, "")) for name in extra_names]
        cells.append("" if row.seconds is None else f"{row.seconds:.2f} s")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
