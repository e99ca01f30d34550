"""Renderers: a search outcome as the console text, the REPORT.md body and summary.json.

They compute nothing the search did not: every number shown comes from the outcome (and, for the
best word, from the verified tree's replayed counts), so what is printed and what is written
cannot disagree. On a weighted game a search's totals are weighted integers (sum of quantized
weight x guesses, see optimal.weights); they are shown beside the expectation they stand for
(total / W), and the best tree's expectation under the exact weights comes from its counts.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass

import numpy as np

from lookahead import (INF, DordleWordValue, ExactValue, FirstGuessOutcome, GuessResult,
                       ShortestTree, StateOutcome, WorstResult, add_counters)
from optimal.dordle import VerifiedDordleTree, game_count
from optimal.game import Game
from optimal.report import cumulative_line, histogram_text, report_line, summarize, weighted_line, \
    weighted_stats
from optimal.search.dordle import DordleRun
from optimal.search.front import FrontCell
from optimal.tree import VerifiedTree

# ---------------------------------------------------------------- first-guess search


def _title(game: Game) -> str:
    weights = f", answers weighted by {game.weights.name}" if game.weights is not None else ""
    return (f"{game.answers.name} answers ({len(game.answers):,}), {game.guesses.name} guesses "
            f"({len(game.guesses):,}), {game.mode} mode, at most {game.max_guesses} guesses{weights}")


def _per_answer(game: Game, value: int, candidates=None) -> float:
    """A total per answer: the mean (plain), or the expectation with the quantized weights (a
    weighted total over the candidates' summed weight)."""
    candidates = game.all_candidates() if candidates is None else candidates
    return value / game.weight_of(candidates)


def _precision(game: Game) -> str:
    """What a weighted proof is exact for, and how close that is to the exact weights."""
    weights = game.weights
    return (f"Proofs are exact for the quantized weights (integers summing to W = "
            f"{weights.total:,}); a tree's expectation under the exact weights differs from its "
            f"quantized one by at most {weights.error_bound(game.max_guesses):.5f}, so a tree "
            f"proven optimal for the quantized weights is within "
            f"{2 * weights.error_bound(game.max_guesses):.5f} of the optimum for the exact ones. "
            f"Weights: {weights.source} (sha256 {weights.sha256[:16]}).")


def _ranked(outcome: FirstGuessOutcome) -> list[GuessResult]:
    """Exact results first, then by value, ties by word (a rerun gives the same report whatever
    order the workers finished in)."""
    return sorted(outcome.results, key=lambda r: (not r.exact, r.value, r.word))


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
             f"{_per_answer(game, value):.6f} with the quantized weights; plain total {tree.total:,}"
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
                 f"({_per_answer(game, lower):.6f}).")
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
                     f"{len(outcome.results)} evaluated words is proven to need more.")
        elif outcome.uniquely_best():
            text += (f" The best of the {len(outcome.results)} evaluated words, uniquely: every "
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
            row["expected"] = None if row["value"] is None else round(_per_answer(game, row["value"]), 6)
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
    expected = f"{_per_answer(game, r.value):.4f}"
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
    return "\n".join([_title(outcome.game), f"evaluated {how}; {'exact' if not beam else f'beam {beam}'}; "
                      f"{seconds:.1f} s wall, {outcome.cpu_seconds:.1f} s CPU", "", _claim(outcome, tree).replace("**", ""),
                      *weighted, report_line(tree.counts), "", *shown, *more])


def first_markdown(outcome: FirstGuessOutcome, tree: VerifiedTree, how: str, seconds: float) -> str:
    """The REPORT.md body (the provenance is appended when it is written)."""
    counters = _counters(outcome)
    game = outcome.game
    weighted = ([f"`{weighted_line(tree.counts, game.weights, game.max_guesses)}`", "",
                 _precision(game), ""] if game.weights is not None else [])
    return "\n".join([
        f"# Optimal decision trees: {_title(outcome.game)}", "",
        f"Evaluated {how}; {_search_words(outcome)}; {outcome.setting.jobs} worker(s); {seconds:.1f} s "
        f"wall, {outcome.cpu_seconds:.1f} s CPU (all workers).", "",
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


# ---------------------------------------------------------------- worst-case objective


def _worst_title(game: Game) -> str:
    return (f"Can every answer be found within {game.max_guesses} guesses? {game.answers.name} "
            f"answers ({len(game.answers):,}), {game.guesses.name} guesses ({len(game.guesses):,}), "
            f"{game.mode} mode")


def _worst_verdict(game: Game, results: list[WorstResult], how: str) -> str:
    d = game.max_guesses
    feasible = [r for r in results if r.feasible]
    if feasible:
        verdict = (f"{len(feasible)} of the {len(results)} evaluated first guesses find every answer "
                   f"within {d} guesses (proven, with a verified tree), e.g. "
                   f"{', '.join(r.word.upper() for r in feasible[:10])}; the other "
                   f"{len(results) - len(feasible)} cannot (proven).")
    else:
        verdict = (f"No evaluated first guess finds every answer within {d} guesses: proven for "
                   f"all {len(results)} ({how}).")
    measured = [r for r in results if not r.feasible and r.shortfall is not None]
    if measured:
        best = min(measured, key=lambda r: r.shortfall)
        verdict += (f" Fewest answers beyond {d} guesses among the {len(measured)} words measured:"
                    f" {best.word.upper()}, {best.shortfall} of {len(game.answers):,}.")
    return verdict


def _worst_rows(game: Game, results: list[WorstResult]) -> list[str]:
    d = game.max_guesses
    rows = ["| rank | first guess | within %d? | branches that cannot be finished (answers in them) "
            "| fewest answers over %d | seconds |" % (d, d), "|---:|---|---|---|---:|---:|"]
    for rank, r in enumerate(results, start=1):
        failing = r.failing
        if r.feasible:
            branches = "none"
        else:
            listed = ", ".join(f"{f.reply} ({f.answers})" for f in failing[:6])
            more = f", ... ({len(failing)} in all)" if len(failing) > 6 else ""
            branches = f"{len(failing)}: {listed}{more}" if r.complete else f"at least 1: {listed}"
        lost = "" if r.shortfall is None else str(r.shortfall)
        rows.append(f"| {rank} | {r.word.upper()} | {'yes' if r.feasible else 'no'} | "
                    f"{branches} | {lost} | {r.seconds:.2f} |")
    return rows


def _cpu(results: list[WorstResult]) -> float:
    return sum(r.cpu_seconds for r in results)


def worst_text(game: Game, results: list[WorstResult], how: str, seconds: float) -> str:
    rows = _worst_rows(game, results)
    shown = rows[:2 + min(len(results), 40)] + (["| ... | | | | | |"] if len(results) > 40 else [])
    return "\n".join([_worst_title(game), f"evaluated {how}; {seconds:.1f} s wall, "
                      f"{_cpu(results):.1f} s CPU", "",
                      _worst_verdict(game, results, how), "", *shown])


def worst_markdown(game: Game, results: list[WorstResult], how: str, seconds: float) -> str:
    d = game.max_guesses
    return "\n".join([f"# {_worst_title(game)}", "", f"Evaluated {how}; exact; {seconds:.1f} s wall, "
                      f"{_cpu(results):.1f} s CPU (all workers; words restored from a checkpoint "
                      "count the CPU of the run that decided them).", "",
                      "## Verdict", "", _worst_verdict(game, results, how), "",
                      "## Every evaluated first guess", "",
                      "A branch is the set of answers left after the first guess's reply; it "
                      f"'cannot be finished' when no tree finds all of them within {d - 1} more "
                      "guesses. *Fewest answers over* is, with three guesses left in each "
                      "branch, the least number of answers any tree must find late (exact, by "
                      "branch and bound).", "", *_worst_rows(game, results)])


def worst_summary(game: Game, results: list[WorstResult], how: str, seconds: float) -> dict:
    return {"game": game.describe(), "objective": "worst", "max_guesses": game.max_guesses,
            "words": how, "feasible": [r.word for r in results if r.feasible],
            "results": [r.as_dict() for r in results], "seconds": round(seconds, 3),
            "cpu_seconds": round(_cpu(results), 3)}


def certificate_markdown(path: str | None) -> str:
    """A REPORT section naming the run's proof certificate: written, not checked by this run (only
    `python -m optimal.check` may call a result certified)."""
    if not path:
        return ""
    return ("\n\n## Proof certificate\n\nThis run wrote a proof certificate of its lower bounds to "
            f"`{path}`. It is not checked by the run itself; `python -m optimal.check {path} [TREE]` "
            "checks it independently of the search.")


# ---------------------------------------------------------------- mid-game state


def state_text(game: Game, outcome: StateOutcome, history_length: int) -> list[str]:
    """The best next guess, the candidates when few, and the alternatives' table."""
    n = len(outcome.candidates)
    best, beam = outcome.best, outcome.beam
    kind = "proven optimal" if not beam else f"upper bound (beam {beam})"
    per = _per_answer(game, best.total, outcome.candidates) if best.total < INF else 0.0
    if game.weights is None:
        lines = [f"Best next guess: {best.word.upper()}: {best.total} guesses in all for the {n} "
                 f"answer(s) from here (mean {per:.4f} more, "
                 f"{history_length + per:.4f} per game), {kind}."]
        head = "| next guess | total from here | mean from here | status |"
    else:
        lines = [f"Best next guess: {best.word.upper()}: expected {per:.4f} more guesses under "
                 f"weights {game.weights.name} for the {n} answer(s) from here (weighted total "
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
        mean = "-" if row.total >= INF else f"{_per_answer(game, row.total, outcome.candidates):.4f}"
        lines.append(f"| {row.word.upper()} | {shown} | {mean} | {status} |")
    how = "each solved exactly" if not beam else f"each with the same beam of {beam}"
    lines.append(f"\n({outcome.seconds:.1f} s; the other rows are the most promising guesses "
                 f"by the search's ordering score, {how})")
    return lines


# ---------------------------------------------------------------- exact ranking

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
    n_exact = sum(r.exact for r in rows)
    cpu = sum(r.cpu_seconds for r in rows)
    table = [f"| rank | first guess | {_exact_head(game)} | worst case | status | seconds |",
             "|---:|---|---:|---:|---:|---|---:|"]
    for rank, r in enumerate(rows, start=1):
        total, mean, worst, status = _exact_cells(game, r)
        table.append(f"| {rank} | {r.word.upper()} | {total} | {mean} | {worst} | {status} | "
                     f"{r.seconds:.2f} |")
    return "\n".join([
        f"# Exact value of every first guess: {_title(game)}", "",
        f"Evaluated {how}; each word's optimum by exhaustive search within {budget:g} s "
        f"(checked between steps); {n_exact:,} of {len(rows):,} exact. This run: {seconds:.1f} s "
        f"wall; CPU of the searches (all words, earlier runs included): {cpu:,.1f} s.", "",
        "*exact*: the optimum for that first guess, proven; its tree was replayed against every "
        "answer (worst case = its longest game). *bounds*: the budget ran out: a proven lower "
        "bound and the total of a real (beam) tree, replayed too.", "",
        "## Throughput", "", *throughput(rows, order, len(game.guesses)), "",
        "## Every evaluated first guess", "", *table])


def exact_text(game: Game, rows: list[ExactValue], how: str, seconds: float) -> str:
    shown = rows[:25]
    lines = [_title(game), f"exact value of {how}; {seconds:.1f} s", "",
             f"| rank | first guess | {_exact_head(game)} | worst case | status |",
             "|---:|---|---:|---:|---:|---|"]
    for rank, r in enumerate(shown, start=1):
        total, mean, worst, status = _exact_cells(game, r)
        lines.append(f"| {rank} | {r.word.upper()} | {total} | {mean} | {worst} | {status} |")
    if len(rows) > len(shown):
        lines.append("| ... | | | | | |")
    return "\n".join(lines)


def exact_summary(game: Game, rows: list[ExactValue], how: str, seconds: float) -> dict:
    return {"game": game.describe(), "rank": "exact", "words": how,
            "results": [r.as_dict() for r in rows], "seconds": round(seconds, 3),
            "cpu_seconds": round(sum(r.cpu_seconds for r in rows), 3)}


# ---------------------------------------------------------------- ties broken by the worst case


def _depth(tree: VerifiedTree) -> tuple[int, int]:
    """(longest game, answers at that depth) of a verified tree."""
    longest = int(tree.counts.max())
    return longest, int((tree.counts == longest).sum())


def tie_break_claim(shortest: ShortestTree, plain: VerifiedTree, words: list[str]) -> str:
    """What the tie-break proves, as one sentence (`words`: the first words of least total it
    compared)."""
    longest, at = shortest.longest, shortest.at_longest
    plain_longest, plain_at = _depth(plain)
    change = ("as in the search's own tree" if (longest, at) == (plain_longest, plain_at)
              else f"the search's own tree: longest {plain_longest}, {plain_at} answer(s) there")
    starting = (f"starting with {words[0].upper()}" if len(words) == 1 else
                f"starting with any of {', '.join(w.upper() for w in words)} (the first words "
                f"of that total)")
    return (f"Among the trees of total {shortest.total} {starting}, the longest game takes at "
            f"least {longest} guesses, and at least {at} answer(s) take {longest}; "
            f"{shortest.word.upper()}'s tie-broken tree achieves both (proven by exhaustive "
            f"search; {change}).")


def tie_break_lines(shortest: ShortestTree, plain: VerifiedTree, tree: VerifiedTree,
                    words: list[str]) -> list[str]:
    """The tie-break section of a report: the claim and both trees' histograms."""
    return ["## Ties broken by the worst case", "", tie_break_claim(shortest, plain, words), "",
            "The search's tree of least total:", "", f"`{report_line(plain.counts)}`", "", "```",
            histogram_text(plain.counts), "```", "",
            "The tie-broken tree (same total, shortest longest game, fewest answers at that depth):",
            "", f"`{report_line(tree.counts)}`", "", "```", histogram_text(tree.counts), "```"]


# ---------------------------------------------------------------- the guess-limit front


def _front_title(game: Game) -> str:
    return (f"{game.answers.name} answers ({len(game.answers):,}), {game.guesses.name} guesses "
            f"({len(game.guesses):,}), {game.mode} mode")


def front_proven(game: Game, cell: FrontCell) -> str:
    """What a front cell proves, in words."""
    d = cell.limit
    if not cell.feasible:
        if cell.checked_all:
            rest = len(game.guesses) - cell.all_words
            how = (f"the worst-case search refutes each of the {cell.all_words:,} words whose "
                   f"split allows a tree at all" + (
                       f"; the other {rest:,} are refuted by their split alone (a part that "
                       f"cannot be finished in the guesses left, or no split at all, which would "
                       f"need a tree within {d - 1})" if rest else ""))
            if not cell.all_words:
                how = (f"each leaves some reply with more answers than {d - 1} more guesses can "
                       "tell apart")
            return f"none exists, proven for all {len(game.guesses):,} first words ({how})"
        return f"none among the {cell.words} evaluated words (proven for each)"
    refuted = (f"; {cell.refuted} of them have no tree within {d} (proven)" if cell.refuted else "")
    among = (f"over all {len(game.guesses):,} words" if cell.checked_all and cell.words >= cell.all_words
             else f"among {cell.how}")
    if cell.beam:
        best = cell.outcome.best.word.upper()
        text = (f"upper bound: a verified tree from a beam of {cell.beam} guesses per node, the "
                f"best of {cell.how}{refuted}")
        if cell.proof is not None:
            p = cell.proof
            text += (f"; exact search for {best}: total {p.lower}, proven" if p.exact else
                     f"; exact search for {best} within {p.budget:g} s: proven lower bound {p.lower}")
        else:
            text += f"; proven lower bound for {best}: {cell.outcome.split_bounds.get(cell.outcome.best.word)}"
        return text
    text = f"least total {among}, proven{refuted}"
    if cell.shortest is not None:
        text += (f"; among trees of that total, longest game {cell.shortest.longest} is the least "
                 f"possible and {cell.shortest.at_longest} answer(s) at that depth the fewest (proven)")
    return text


def _front_row(game: Game, cell: FrontCell) -> dict:
    n = len(game.answers)
    row = {"limit": cell.limit, "words": cell.words, "how": cell.how, "refuted": cell.refuted,
           "checked_all_words": cell.checked_all, "feasible": cell.feasible,
           "proven": front_proven(game, cell), "seconds": round(cell.seconds, 3),
           "check_seconds": round(cell.check_seconds, 3), "notes": cell.notes}
    if cell.feasible:
        plain_longest, plain_at = _depth(cell.plain)
        row.update({"word": cell.word, "total": cell.total, "mean": round(cell.total / n, 4),
                    "exact": cell.proven or bool(cell.proof and cell.proof.exact),
                    "beam": cell.beam, "plain": {"word": cell.outcome.tree_result.word,
                                                 "total": cell.plain.total,
                                                 "longest": plain_longest, "at_longest": plain_at,
                                                 "stats": summarize(cell.plain.counts).as_dict()}})
        if cell.shortest is not None:
            row["tie_break"] = dict(cell.shortest.as_dict(),
                                    stats=summarize(cell.shortest_tree.counts).as_dict())
        if cell.proof is not None:
            row["proof"] = cell.proof.as_dict()
    return row


def _front_table(game: Game, cells: list[FrontCell]) -> list[str]:
    n = len(game.answers)
    lines = ["| D | first word | total | mean | longest game (answers at it) | answers found in 1, 2, 3, ... "
             "guesses | what is proven | seconds |",
             "|---:|---|---:|---:|---|---|---|---:|"]
    for cell in cells:
        if not cell.feasible:
            lines.append(f"| {cell.limit} | - | none | - | - | - | {front_proven(game, cell)} | "
                         f"{cell.seconds:.1f} |")
            continue
        exact = cell.proven or bool(cell.proof and cell.proof.exact)
        total = f"{cell.total}" if exact else f"<= {cell.total}"
        mean = f"{cell.total / n:.4f}" if exact else f"<= {cell.total / n:.4f}"
        longest, at = _depth(cell.plain)
        depth = f"{longest} ({at})"
        if cell.shortest is not None:
            depth = (f"{cell.shortest.longest} ({cell.shortest.at_longest}); search's tree: {depth}"
                     if (cell.shortest.longest, cell.shortest.at_longest) != (longest, at)
                     else f"{depth}, least possible")
        histogram = f"{depth_counts(cell.plain.counts)}"
        if cell.shortest is not None:
            histogram = (f"search's tree: {histogram}; tie-broken: "
                         f"{depth_counts(cell.shortest_tree.counts)}")
        lines.append(f"| {cell.limit} | {cell.word.upper()} | {total} | {mean} | {depth} | "
                     f"{histogram} | {front_proven(game, cell)} | {cell.seconds:.1f} |")
    return lines


def depth_counts(counts) -> str:
    """A tree's depth histogram in one cell: how many answers are found in 1, 2, 3, ... guesses,
    from one guess to its longest game ('1/131/999/1065/119')."""
    counts = np.asarray(counts)
    return "/".join(str(int((counts == k).sum())) for k in range(1, int(counts.max()) + 1))


def front_text(game: Game, cells: list[FrontCell], seconds: float) -> str:
    return "\n".join([f"Guess-limit front: {_front_title(game)}", f"{seconds:.1f} s", "",
                      *_front_table(game, cells)])


def front_markdown(game: Game, cells: list[FrontCell], seconds: float, setting_text: str,
                   plot: str | None) -> str:
    """The front's REPORT.md body: the table, the plot, and per limit the trees' histograms."""
    lines = [f"# The guess-limit front: {_front_title(game)}", "",
             f"For each guess limit D: the least total number of guesses over the chosen first "
             f"words with every answer found within D, or a proof that no first word can. "
             f"{setting_text}; {seconds:.1f} s in all.", "",
             "How each cell is decided: the chosen words are checked with the worst-case search "
             "(exact: can every answer be found within D?); if none has a tree, every other first "
             "word is checked too, so a 'none' is proven for all words; the words with a tree are "
             "searched for the least total (exact branch and bound unless a beam is named). Every "
             "tree was replayed against every answer before it was written.", "",
             *_front_table(game, cells), ""]
    if plot:
        lines += [f"![total and mean against the guess limit]({plot})", ""]
    for cell in cells:
        lines += [f"## D = {cell.limit}", "", front_proven(game, cell) + ".", ""]
        lines += [f"- {note}" for note in cell.notes] + ([""] if cell.notes else [])
        lines.append(f"Worst-case check: {cell.check_seconds:.1f} s; whole cell: "
                     f"{cell.seconds:.1f} s.")
        lines.append("")
        if not cell.feasible:
            continue
        plain_word = cell.outcome.tree_result.word
        written = (f"`d{cell.limit}/{plain_word}{'-plain' if cell.plain_kept else ''}.json`"
                   if cell.shortest is None or cell.plain_kept else "the same profile as the tie-broken tree")
        lines += [f"Search's tree ({plain_word.upper()}, {written}): "
                  f"`{report_line(cell.plain.counts)}`", "", "```", histogram_text(cell.plain.counts),
                  "```", ""]
        if cell.shortest is not None:
            lines += [tie_break_claim(cell.shortest, cell.plain, cell.tie_words), "",
                      f"Tie-broken tree ({cell.shortest.word.upper()}, `d{cell.limit}/"
                      f"{cell.shortest.word}.json`): `{report_line(cell.shortest_tree.counts)}`", "",
                      "```", histogram_text(cell.shortest_tree.counts), "```", ""]
        if cell.outcome is not None and len(cell.outcome.results) > 1:
            ranked = sorted(cell.outcome.results, key=lambda r: (not r.exact, r.value, r.word))[:10]
            lines += ["Best evaluated words: " + ", ".join(f"{r.word.upper()} {r.value_text()}"
                                                           for r in ranked) + ".", ""]
    return "\n".join(lines)


def front_summary(game: Game, cells: list[FrontCell], seconds: float) -> dict:
    return {"game": game.describe(), "front": [_front_row(game, c) for c in cells],
            "seconds": round(seconds, 3)}


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
    exact = cell.proven or bool(cell.proof and cell.proof.exact)
    return FrontPoint(cell.limit, cell.total if cell.feasible else None, cell.word, exact)


def front_png(game: Game, cells: list[FrontCell]) -> bytes | None:
    """The plot of a front run's cells (see `front_points_png`)."""
    return front_points_png(f"{game.answers.name} / {game.guesses.name}, {game.mode} mode",
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


# ---------------------------------------------------------------- Dordle (--boards 2)


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
    ordered = sorted(run.values, key=lambda v: (not v.feasible, v.total, v.word))
    for rank, v in enumerate(ordered, start=1):
        total = "none" if not v.feasible else _dordle_total_text(v, v.total, ",")
        mean = "-" if not v.feasible else _dordle_total_text(v, v.total / run.games, ".4f")
        rows.append(f"| {rank} | {v.word.upper()} | {total} | {mean} | {_dordle_status(v)} | "
                    f"{v.lower:,} | {v.seconds:.2f} |")
    return rows


def _dordle_bound_line(run: DordleRun) -> str:
    bound = run.bound
    how = (f"an exact search of the whole game finished below its cutoff: the optimum, "
           f"{bound.word.upper()}" if bound.exact else
           f"every first word proven to need at least {run.lower:,}")
    return (f"Lower bound: from {run.split_bound:,} (the least split bound of the {run.useful:,} "
            f"useful first words) to {run.lower:,} ({how}); {bound.steps} search step(s), "
            f"{bound.seconds:.1f} s in all runs, {run.seconds_bound:.1f} s in this one.")


def dordle_text(run: DordleRun, tree: VerifiedDordleTree) -> str:
    return "\n".join([_dordle_title(run.game),
                      f"upper bound from {run.how}; {'exact' if not run.beam else f'beam {run.beam}'}; "
                      f"{run.seconds:.1f} s", "",
                      dordle_claim(run, tree).replace("**", ""), report_line(tree.counts), "",
                      *_dordle_values_table(run), "", _dordle_bound_line(run)])


def dordle_markdown(run: DordleRun, tree: VerifiedDordleTree) -> str:
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
