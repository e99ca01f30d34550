"""The guess-limit front: least total within each limit, as text, markdown and JSON.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations


import numpy as np

from optimal.game import Game
from optimal.report import histogram_text, report_line, summarize
from optimal.search.front import FrontCell
from optimal.search.render.tie_break import tree_depth, tie_break_claim


def _front_title(game: Game) -> str:
    return (f"{game.answers.name} answers ({len(game.answers):,}), {game.guesses.name} guesses "
            f"({len(game.guesses):,}), {game.mode_name}")


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
        plain_longest, plain_at = tree_depth(cell.plain)
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
        longest, at = tree_depth(cell.plain)
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
    """The console text of the guess-limit front: the title, seconds and the table of one row per
    limit."""
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
    """summary.json of the guess-limit front: the game and one row per limit."""
    return {"game": game.describe(), "front": [_front_row(game, c) for c in cells],
            "seconds": round(seconds, 3)}
