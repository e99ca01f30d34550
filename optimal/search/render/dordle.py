"""Dordle (two boards): the bounds from both sides and the best word's tree.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

from lookahead import (DordleWordValue)
from optimal.dordle import VerifiedDordleTree, game_count
from optimal.game import Game
from optimal.report import cumulative_line, histogram_text, report_line
from optimal.search.dordle import DordleRun



def _dordle_title(game: Game) -> str:
    n = len(game.answers)
    return (f"Dordle: {game.answers.name} answers ({n:,}), {game.guesses.name} guesses "
            f"({len(game.guesses):,}), at most {game.max_guesses} guesses; "
            f"{game_count(n):,} games (ordered pairs of different answers)")


def dordle_claim(run: DordleRun, tree: VerifiedDordleTree) -> str:
    """The headline about the best first word (markdown bold)."""
    best, games, lower = run.best, run.games, run.lower
    worst = int(tree.counts.max())
    if run.proven:
        return (f"**{best.word.upper()}: total {best.total:,}** over the {games:,} games (mean "
                f"{best.total / games:.4f} guesses per game, worst {worst}), **proven optimal** "
                f"over every first word.")
    kind = ("its optimal tree (exact search of that first word)" if best.exact
            else f"the tree of a beam of {best.beam} guess{'es' if best.beam != 1 else ''} per node")
    gap = best.total - lower
    return (f"**{best.word.upper()}: total <= {best.total:,}** (mean <= {best.total / games:.4f}, "
            f"worst {worst}): the total of {kind}, replayed on every game. Proven lower bound "
            f"over every first word: **{lower:,}** (mean >= {lower / games:.4f}); gap {gap:,} "
            f"({gap / lower:.2%} of the bound).")


def _dordle_status(value: DordleWordValue) -> str:
    if not value.feasible:
        return "no tree within the limit" + (f" (in beam {value.beam})" if value.beam else "")
    if value.beam:
        return f"upper bound (beam {value.beam})"
    return "exact" if value.exact else "lower bound (cut off)"


def _dordle_total_text(value: DordleWordValue, number: float, digits: str) -> str:
    sign = "<= " if value.beam else "" if value.exact else ">= "
    return f"{sign}{number:{digits}}"


def _dordle_values_table(run: DordleRun) -> list[str]:
    rows = ["| rank | first word | total | mean | status | split bound | seconds |",
            "|---:|---|---:|---:|---|---:|---:|"]
    ordered = sorted(run.values, key=lambda v: (not v.feasible, v.total, not v.exact, v.word))
    for rank, v in enumerate(ordered, start=1):
        total = "none" if not v.feasible else _dordle_total_text(v, v.total, ",")
        mean = "-" if not v.feasible else _dordle_total_text(v, v.total / run.games, ".4f")
        rows.append(f"| {rank} | {v.word.upper()} | {total} | {mean} | {_dordle_status(v)} | "
                    f"{v.lower:,} | {v.seconds:.2f} |")
    return rows


def _dordle_bound_line(run: DordleRun) -> str:
    bound = run.bound
    how = (f"every useful first word searched exactly, each cut off at the best total so far: "
           f"the least is the optimum, {bound.word.upper()}" if bound.exact and run.word_by_word else
           f"an exact search of the whole game finished below its cutoff: the optimum, "
           f"{bound.word.upper()}" if bound.exact else
           f"every first word proven to need at least {run.lower:,}")
    return (f"Lower bound: from {run.split_bound:,} (the least split bound of the {run.useful:,} "
            f"useful first words) to {run.lower:,} ({how}); {bound.steps} search step(s), "
            f"{bound.seconds:.1f} s in all runs, {run.seconds_bound:.1f} s in this one.")


def dordle_text(run: DordleRun, tree: VerifiedDordleTree) -> str:
    """The console text of a Dordle run: how the upper bound was found, the best first word's claim
    and guess counts, the values table and the lower-bound line."""
    return "\n".join([_dordle_title(run.game),
                      f"upper bound from {run.how}; {'exact' if not run.beam else f'beam {run.beam}'}; "
                      f"{run.seconds:.1f} s", "",
                      dordle_claim(run, tree).replace("**", ""), report_line(tree.counts), "",
                      *_dordle_values_table(run), "", _dordle_bound_line(run)])


def dordle_markdown(run: DordleRun, tree: VerifiedDordleTree) -> str:
    """REPORT.md of a Dordle run: what a game is and how the total counts, the best first word with
    its histogram, the first words of the upper bound, and the lower bound over every first word."""
    return "\n".join([
        f"# {_dordle_title(run.game)}", "",
        "The games are the ordered pairs (a, b) of different answers, a on board 1 and b on board "
        "2 (Dordle never puts one word on both boards); a game costs the guesses until both are "
        "found, and the total is the sum over the games (the mean is the total divided by "
        f"{run.games:,}).", "",
        "## Best first word", "", dordle_claim(run, tree), "",
        f"`{report_line(tree.counts)}`", "", "```", histogram_text(tree.counts), "```", "",
        f"## First words evaluated for the upper bound ({run.how})", "",
        "*exact*: the optimum for that first word, proven; *lower bound (cut off)*: the search "
        "stopped once the word could not beat the best; *upper bound (beam K)*: the total of a "
        "real tree with K guesses per node. The split bound is each word's proven bound from the "
        "sizes of the parts its replies leave on the two boards.", "", *_dordle_values_table(run),
        "", "## Lower bound over every first word", "",
        "Each useful first word starts at its split bound; exact searches of the whole game (every "
        "first word), each cut off a little above the bound reached, raise it step by step.", "",
        _dordle_bound_line(run)])


def dordle_summary(run: DordleRun, tree: VerifiedDordleTree) -> dict:
    """summary.json of a Dordle run: the best tree and its statistics, the proven lower bound and
    the gap, each evaluated word's value and the bound search."""
    best = run.best
    return {"game": run.game.describe(), "boards": 2, "games": run.games,
            "objective": "total guesses over the ordered pairs of different answers",
            "best": {"word": best.word, "total": best.total, "mean": round(best.total / run.games, 6),
                     "tree": "exact" if best.exact else f"beam {best.beam}",
                     "stats": tree.stats(), "cumulative": cumulative_line(tree.counts)},
            "lower_bound": run.lower, "proven": run.proven, "gap": best.total - run.lower,
            "split_bound": run.split_bound, "useful_first_words": run.useful,
            "bound_search": run.bound.as_dict(), "upper_bound_words": run.how,
            "values": [{"word": v.word, "total": None if not v.feasible else v.total,
                        "status": _dordle_status(v), "split_bound": v.lower,
                        "seconds": round(v.seconds, 3)} for v in run.values],
            "bound_search_this_run": {"seconds": round(run.seconds_bound, 3)},
            "seconds": round(run.seconds, 3)}
