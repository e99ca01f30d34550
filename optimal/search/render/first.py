"""The first-guess search: the best word's claim, the table of words, the weighted view.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

import re

from lookahead import (INF, FirstGuessOutcome, GuessResult,
                       add_counters)
from optimal.game import Game
from optimal.report import cumulative_line, histogram_text, report_line, summarize, weighted_line, \
    weighted_stats
from optimal.tree import VerifiedTree
from optimal.search.render.common import per_answer, precision, processes, game_title


def _ranked(outcome: FirstGuessOutcome) -> list[GuessResult]:
    """Exact results first, then by value, ties by word (a rerun gives the same report whatever
    order the workers finished in). With --prove the best word's row is its proof's (the table
    said '<= 7921 upper bound (beam 5)' under a headline of SALET 7920 proven)."""
    proof = outcome.proof
    results = [proof if proof is not None and r.word == proof.word else r
               for r in outcome.results]
    return sorted(results, key=lambda r: (not r.exact, r.value, r.word))


def _claim(outcome: FirstGuessOutcome, tree: VerifiedTree) -> str:
    """The headline sentence about the best word (markdown bold)."""
    game, best, value = outcome.game, outcome.best, tree.total  # the verified tree's total
    worst = int(tree.counts.max())
    beam = outcome.setting.beam
    if game.weights is not None:
        return _weighted_claim(outcome, tree)
    if outcome.proven:
        claim = (f"**{best.word.upper()}: total {value}** (mean {value / len(game.answers):.4f}, "
                 f"worst {worst}), proven optimal for this first guess by exhaustive search.")
    else:
        claim = (f"**{best.word.upper()}: total <= {value}** (mean {value / len(game.answers):.4f}, "
                 f"worst {worst}): an upper bound from a beam of {beam} guesses per node; "
                 f"proven lower bound beside it: {outcome.split_bounds.get(best.word)}.")
    return claim + _against_the_others(outcome, f"{best.value}", f"{outcome.proof.value}"
                                       if outcome.proof is not None else "", f"at least {value + 1}")


def _weighted_claim(outcome: FirstGuessOutcome, tree: VerifiedTree) -> str:
    """The headline sentence about the best word on a weighted game (markdown bold)."""
    game, best, value = outcome.game, outcome.best, tree.objective  # the verified tree's
    stats = weighted_stats(tree.counts, game.weights, game.max_guesses)
    plain = (f"weighted total {value:,} of W = {game.weights.total:,}, "
             f"{per_answer(game, value):.6f} with the quantized weights; plain total {tree.total:,}"
             f", mean {tree.total / len(game.answers):.4f}, worst {int(tree.counts.max())}")
    head = f"**{best.word.upper()}: expected {stats['expected']:.4f} guesses under weights " \
           f"{game.weights.name}**"
    if outcome.proven:
        claim = (f"{head} ({plain}), proven optimal for this first guess by exhaustive search "
                 f"(for the quantized weights).")
    else:
        lower = outcome.split_bounds.get(best.word)
        claim = (f"{head} ({plain}): an upper bound from a beam of {outcome.setting.beam} guesses "
                 f"per node; proven lower bound beside it: {lower:,} "
                 f"({per_answer(game, lower):.6f}).")
    return claim + _against_the_others(outcome, f"{best.value:,}", f"{outcome.proof.value:,}"
                                       if outcome.proof is not None else "",
                                       f"a weighted total of at least {value + 1:,}")


def _against_the_others(outcome: FirstGuessOutcome, beam_value: str, proof_value: str,
                        need: str) -> str:
    """The headline's second half, the same for plain and weighted totals: a beam value's proof,
    and how the best word stands against the other evaluated words."""
    text = f" (Beam value {beam_value}; exact search proves {proof_value}.)" if proof_value else ""
    if outcome.setting.exact and len(outcome.results) > 1:
        ties = [w.upper() for w in outcome.ties()]
        if ties:
            text += (f" Tied by {', '.join(ties)} (proven); every other of the "
                     f"{len(outcome.results):,} evaluated words is proven to need more.")
        elif outcome.uniquely_best():
            text += (f" The best of the {len(outcome.results):,} evaluated words, uniquely: every "
                     f"other is proven to need {need}.")
    return text


def _rows(outcome: FirstGuessOutcome) -> list[dict]:
    game = outcome.game
    rows = [{"rank": rank, "word": r.word, "value": None if r.value >= INF else r.value,
             "exact": r.exact, "status": r.status(), "lower_bound": outcome.lower_bound(r),
             "seconds": round(r.seconds, 3)}
            for rank, r in enumerate(_ranked(outcome), start=1)]
    if game.weights is not None:  # the value per unit of weight: the expectation it stands for
        for row in rows:
            row["expected"] = None if row["value"] is None else round(per_answer(game, row["value"]), 6)
    return rows


def _table(outcome: FirstGuessOutcome) -> list[str]:
    if outcome.game.weights is not None:
        return _weighted_table(outcome)
    lines = ["| rank | first guess | total | status | proven lower bound | seconds |",
             "|---:|---|---:|---|---:|---:|"]
    for r, row in zip(_ranked(outcome), _rows(outcome)):
        lb = "-" if row["lower_bound"] is None else row["lower_bound"]
        lines.append(f"| {row['rank']} | {row['word'].upper()} | {r.value_text()} | {row['status']} | "
                     f"{lb} | {row['seconds']:.2f} |")
    return lines


def _weighted_table(outcome: FirstGuessOutcome) -> list[str]:
    """The table on a weighted game: the weighted total and the expectation it stands for."""
    game = outcome.game
    lines = ["| rank | first guess | weighted total | expected guesses | status | "
             "proven lower bound | seconds |", "|---:|---|---:|---:|---|---:|---:|"]
    for r, row in zip(_ranked(outcome), _rows(outcome)):
        lb = "-" if row["lower_bound"] is None else f"{row['lower_bound']:,}"
        value = re.sub(r"\d+", lambda m: f"{int(m.group()):,}", r.value_text())  # as lb: 3,506,583
        lines.append(f"| {row['rank']} | {row['word'].upper()} | {value} | "
                     f"{_expected_text(game, r)} | {row['status']} | {lb} | {row['seconds']:.2f} |")
    return lines


def _expected_text(game: Game, r: GuessResult) -> str:
    """A weighted result's value as the expectation it stands for, marked like `value_text`."""
    if r.value >= INF:
        return "none"
    expected = f"{per_answer(game, r.value):.4f}"
    if r.exact:
        return f"<= {expected}" if r.beam else expected
    return f">= {expected}" if not r.beam else "-"


def _counters(outcome: FirstGuessOutcome) -> dict:
    counters = add_counters([r.counters or {} for r in outcome.results
                             + ([outcome.proof] if outcome.proof else [])])
    counters["kernel_seconds"] = round(counters.get("kernel_seconds", 0), 2)
    counters["cpu_seconds"] = round(counters.get("cpu_seconds", 0), 2)
    return counters


def _search_words(outcome: FirstGuessOutcome) -> str:
    beam = outcome.setting.beam
    return "exact search" if not beam else f"beam of {beam}"


def first_text(outcome: FirstGuessOutcome, tree: VerifiedTree, how: str, seconds: float) -> str:
    """What the console shows: the claim, the report line and the table (first 25 rows)."""
    beam = outcome.setting.beam
    table = _table(outcome)
    shown = table[:2 + min(len(outcome.results), 25)]
    more = ["| ... | | | | | |"] if len(outcome.results) > 25 else []
    weighted = ([weighted_line(tree.counts, outcome.game.weights, outcome.game.max_guesses)]
                if outcome.game.weights is not None else [])
    return "\n".join([game_title(outcome.game), f"evaluated {how}; {'exact' if not beam else f'beam {beam}'}; "
                      f"{seconds:.1f} s wall, {outcome.cpu_seconds:.1f} s CPU", "", _claim(outcome, tree).replace("**", ""),
                      *weighted, report_line(tree.counts), "", *shown, *more])


def first_markdown(outcome: FirstGuessOutcome, tree: VerifiedTree, how: str, seconds: float) -> str:
    """The REPORT.md body (the provenance is appended when it is written)."""
    counters = _counters(outcome)
    game = outcome.game
    weighted = ([f"`{weighted_line(tree.counts, game.weights, game.max_guesses)}`", "",
                 precision(game), ""] if game.weights is not None else [])
    return "\n".join([
        f"# Optimal decision trees: {game_title(outcome.game)}", "",
        f"Evaluated {how}; {_search_words(outcome)}; {processes(outcome.setting.jobs, outcome.setting.backend)}; "
        f"{seconds:.1f} s wall, {outcome.cpu_seconds:.1f} s CPU (all workers).", "",
        "## Best first guess", "", _claim(outcome, tree), "", *weighted,
        f"`{report_line(tree.counts)}`", "", "```", histogram_text(tree.counts), "```", "",
        "## Every evaluated first guess", "",
        "Status: *proven* = exact optimum for that first guess; *lower bound (cut off)* = the search "
        "stopped once the word could not beat the best, so its total is at least the value shown; "
        "*upper bound (beam K)* = total of a real tree found with K guesses per node.", "",
        *_table(outcome), "",
        "## Work", "", ", ".join(f"{k}: {v:,}" if isinstance(v, int) else f"{k}: {v}"
                                  for k, v in counters.items()),
    ])


def first_summary(outcome: FirstGuessOutcome, tree: VerifiedTree, how: str, seconds: float) -> dict:
    """summary.json (the provenance is added when it is written)."""
    setting, game = outcome.setting, outcome.game
    best = {"word": outcome.best.word, "total": tree.objective, "proven": outcome.proven,
            "stats": summarize(tree.counts).as_dict(), "cumulative": cumulative_line(tree.counts)}
    if game.weights is not None:  # "total" is then the weighted total the search minimised
        best["weighted"] = weighted_stats(tree.counts, game.weights, game.max_guesses)
    return {"game": game.describe(),
            "search": {"beam": setting.beam, "jobs": setting.jobs, "backend": setting.backend,
                       "words": how},
            "best": best,
            "results": _rows(outcome), "counters": _counters(outcome), "seconds": round(seconds, 3),
            "cpu_seconds": round(outcome.cpu_seconds, 3)}
