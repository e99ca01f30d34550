"""Tables of guesses by metric: the best and worst first guesses side by side (as in Norvig's
notebook), and the best second guess after each reply to a given first guess."""

from __future__ import annotations

import numpy as np

from greedy.builder import best_guess, pool_for, score_guesses
from greedy.metrics import METRICS
from optimal.game import Game, HardState

FORMATS = {"max": "{:.0f}", "expectation": "{:.2f}", "neg_entropy": "{:.3f}", "parts": "{:.0f}",
           "entropy": "{:.3f}"}
MASS_FORMATS = {**FORMATS, "max": "{:.4f}", "expectation": "{:.4f}"}  # shares of the weight


def ranked_by(game: Game, metric: str, candidates=None, pool=None) -> list[tuple[str, float]]:
    """(word, score) for every guess of the pool (default: all guesses), best first; ties in list
    order."""
    candidates = game.all_candidates() if candidates is None else candidates
    pool = np.arange(len(game.guesses)) if pool is None else pool
    scores, _ = score_guesses(game, METRICS[metric], candidates, pool)
    order = np.argsort(scores, kind="stable")
    return [(game.guesses.words[pool[i]], float(scores[i])) for i in order]


def first_guess_table(game: Game, metrics=("max", "expectation", "neg_entropy"), top: int = 5,
                      bottom: int = 5) -> str:
    """Markdown: the best `top` and worst `bottom` first guesses by each metric, side by side, plus
    the entropy in bits of each neg_entropy word."""
    columns = {m: ranked_by(game, m) for m in metrics}
    formats = FORMATS if game.weights is None else MASS_FORMATS
    n = len(next(iter(columns.values())))
    head = ["rank"]
    for m in metrics:
        head += [f"{m} word", f"{m}"] + (["bits"] if m == "neg_entropy" else [])
    lines = ["| " + " | ".join(head) + " |", "|" + "|".join(["---:"] * len(head)) + "|"]
    rows = list(range(min(top, n))) + ([None] if top + bottom < n else []) + \
        list(range(max(top, n - bottom), n))
    for i in rows:
        if i is None:
            lines.append("| ... |" + " ... |" * (len(head) - 1))
            continue
        cells = [str(i + 1)]
        for m in metrics:
            word, score = columns[m][i]
            cells += [word.upper(), formats[m].format(score)]
            if m == "neg_entropy":
                cells.append(f"{-score:.6f}")
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def second_guess_table(game: Game, first: str, metric: str = "neg_entropy") -> str:
    """Markdown: after `first`, for every reply, the best second guess by the metric among all
    guesses (normal mode) and among the hard-mode legal ones, with the entropy each gives."""
    g = game.guess_id(first)
    replies = game.matrix[g]
    codes, sizes = np.unique(replies, return_counts=True)
    order = np.argsort(-sizes, kind="stable")
    fn = METRICS[metric]
    lines = [f"Second guesses after {first.upper()} ({metric}; bits = entropy of the split)", "",
             "| reply | candidates | best second guess | bits | best hard-mode second guess | bits |",
             "|---|---:|---|---:|---|---:|"]
    for i in order:
        code = int(codes[i])
        if code == game.won:
            continue
        cands = np.nonzero(replies == code)[0]
        if len(cands) == 1:
            word = game.answers.words[cands[0]].upper()
            lines.append(f"| {game.reply_text(code)} | 1 | {word} | 0 | {word} | 0 |")
            continue
        cells = [game.reply_text(code), str(len(cands))]
        state = HardState.initial(game.length).after(first.lower(), code)
        for pool in (np.arange(len(game.guesses)), pool_for(game, "hard", cands, state)):
            best = best_guess(game, fn, cands, pool)
            bits = -score_guesses(game, METRICS["neg_entropy"], cands, np.array([best]))[0][0]
            cells += [game.guesses.words[best].upper(), f"{bits:.3f}"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)
