"""The review as terminal text: the turn table and the summary, from `optimal.play.review` values.

Why a module of its own: the web page draws the same values as a table and a chart; this is the
terminal's rendering only, so the figures cannot differ between the two.
"""

from __future__ import annotations

import math

from optimal.play.review import Interval, Review, Turn
from optimal.play.text import plural

HEAD = ("turn", "guess", "reply", "left", "optimal", "after guess", "cost", "best",
        "expected left", "after reply", "luck")


def figure(interval: Interval, signed: bool = False) -> str:
    """An exact figure ('3.4212'), or a bound as its range ('2.4286..2.4524'; '>= 2.43' when no
    tree was found to bound it above; 'none' when no tree exists)."""
    low, high = interval
    if math.isnan(low) or math.isnan(high) or (math.isinf(low) and math.isinf(high) and low < 0):
        return "-"  # no figure, or no bound on either side (not ">= -inf")
    if math.isinf(low) and low > 0:
        return "none"
    sign = "+" if signed else ""
    if math.isclose(low, high, abs_tol=5e-7):
        return f"{low:{sign}.4f}"
    if math.isinf(high):
        return f">= {low:{sign}.4f}"
    if math.isinf(low):
        return f"<= {high:{sign}.4f}"
    return f"{low:{sign}.4f}..{high:{sign}.4f}"


def best_cell(turn: Turn) -> str:
    """The best guesses; '?' after them when the optimum is not proven (the best tree found's
    word, not the proven best), '?' alone when no tree was found; '-' where no tree exists."""
    words = " ".join(w.upper() for w in turn.best[:3])
    if turn.optimum.none or turn.optimum.proven:
        return words or "-"
    return words + "?"


def turn_row(turn: Turn) -> tuple[str, ...]:
    """One turn's cells, in HEAD's order."""
    best = best_cell(turn)
    return (str(turn.number), turn.guess.upper(), turn.reply, f"{turn.candidates:,}",
            figure(turn.expected_optimal), figure(turn.expected_played), figure(turn.cost), best,
            figure(turn.expected_left_average), figure(turn.expected_left_after),
            figure(turn.luck, signed=True))


def review_lines(review: Review, mode: str, weighted: bool, max_guesses: int = 6,
                 rule: str = "wordle") -> list[str]:
    """The header, the turn table and the summary lines. The header names the game as played:
    the rule when it is not Wordle's and the guess limit when it is not 6 (a 'none' in the table
    means no sure finish within that limit)."""
    what = review.answer.upper() if review.answer else "a game with no answer given"
    played = plural(len(review.turns), "guess")
    outcome = {"won": f"won in {len(review.turns)}", "lost": "lost",
               "playing": f"{played} played, not solved yet"}[review.status]
    if review.only_left:
        outcome += f"; the answer was {review.only_left.upper()}, the only word that still fitted"
    game = f"{mode} mode" if rule == "wordle" else rule.capitalize()  # Jotto has no modes
    if max_guesses != 6:
        game += f", within {max_guesses} guesses"
    lines = [f"Review of {what} ({review.lists}, {game}"
             + (", weighted answers: expectations under the quantized weights" if weighted else "")
             + f"): {outcome}",
             "expected guesses still needed, playing optimally (the guess counted); cost: guesses "
             "lost by the guess; best: a best guess (others may tie), and the one played when "
             "it is as good; luck: expected guesses left over the replies the guess could have "
             "got, minus those left after the reply received", ""]
    rows = [HEAD] + [turn_row(t) for t in review.turns]
    widths = [max(len(row[i]) for row in rows) for i in range(len(HEAD))]
    for row in rows:
        lines.append("  ".join(cell.ljust(width) for cell, width in zip(row, widths)).rstrip())
    lines.append("")
    lines += summary_lines(review)
    return lines


def summary_lines(review: Review) -> list[str]:
    """The sums, and whether every figure is proven (else what the ranges mean)."""
    lost, luck = figure(review.lost), figure(review.luck, signed=True)
    sums = (f"this game lost {lost} to it and had {luck} of luck" if not review.no_sum
            else "its losses and luck have no sum: after a guess marked 'none' no strategy "
                 "could be sure to find the answer in the guesses left")
    start = review.turns[0].optimum
    expected = (f"optimal play expected {figure(review.expected_from_start)} guesses from the "
                "first guess on" if not start.none else
                "no strategy was sure to find every answer in the guesses the game allows")
    lines = [f"{expected}; {sums}"]
    if any(math.isinf(t.expected_optimal[0]) or math.isinf(t.expected_played[0])
           for t in review.turns):
        lines.append("none: no strategy finds every remaining answer within the guesses left "
                     "(proven); as a cost, the guess gave up a sure finish; -: no figure (an "
                     "expectation over a state with no such strategy)")
    played = review.expected_from_start[0] + review.lost[0] - review.luck[0]
    if review.status == "won" and review.proven and math.isfinite(played):  # no sum: no check
        lines.append(f"check: {figure(review.expected_from_start)} + lost - luck = {played:.4f}, "
                     f"the {plural(len(review.turns), 'guess')} played")
    if review.proven:
        lines.append("every figure is proven (exact search, or the committed exact first-word "
                     "table)")
    else:
        lines.append("a range is proven bounds: below, the split bound; above, a real tree's "
                     "total (a beam's); at the first guess also the bundled tables of other guess "
                     "limits; '>= x' where no tree was found to bound it above; the exact search "
                     "did not finish within the budget (--budget); a best guess with '?': the "
                     "best tree's first guess, not proven the best ('?' alone: no tree found)")
    return lines
