"""Ties broken by the worst case: the tie-broken tree beside the search's.

Part of `optimal.search.render` (see its docstring: every number shown comes from the outcome)."""

from __future__ import annotations

from lookahead import (ShortestTree)
from optimal.report import histogram_text, report_line
from optimal.tree import VerifiedTree



def tree_depth(tree: VerifiedTree) -> tuple[int, int]:
    """(longest game, answers at that depth) of a verified tree."""
    longest = int(tree.counts.max())
    return longest, int((tree.counts == longest).sum())


def tie_break_claim(shortest: ShortestTree, plain: VerifiedTree, words: list[str]) -> str:
    """What the tie-break proves, as one sentence (`words`: the first words of least total it
    compared)."""
    longest, at = shortest.longest, shortest.at_longest
    plain_longest, plain_at = tree_depth(plain)
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
