"""The terminal assistant's text, rendered from the assistant's values (`optimal.play.analysis`).

Kept apart from the logic so that the terminal and the web page render the same facts: what a
terminal user reads is pinned byte for byte by tests/golden/assist/.
"""

from __future__ import annotations

import textwrap

from optimal.game import Game
from optimal.play.analysis import Analysis, StepView

BOARD_NAMES = {1: "Wordle", 2: "Dordle", 4: "Quordle", 8: "Octordle", 16: "Sedecordle"}


def plural(n: int, noun: str) -> str:
    """'1 answer', '2 answers', '2 guesses', '2 replies'."""
    if n == 1:
        return f"{n:,} {noun}"
    if noun.endswith("s"):
        return f"{n:,} {noun}es"
    if noun.endswith("y"):
        return f"{n:,} {noun[:-1]}ies"
    return f"{n:,} {noun}s"


def wrap_items(items: list[str], head: str = "", width: int = 100) -> list[str]:
    """Items joined by '; ' on lines of at most `width` characters, never breaking an item (a
    Sedecordle step has 16 of them)."""
    lines, line = [], head
    for item in items:
        piece = item if line in (head, "  ") else "; " + item
        if len(line) + len(piece) > width and line not in (head, "  "):
            lines.append(line + ";")
            line, piece = "  ", item
        line += piece
    return lines + [line]


def game_name(boards: int, absurdle: bool) -> str:
    """'Wordle', 'Quordle', 'Absurdle', '3 boards'."""
    return "Absurdle" if absurdle else BOARD_NAMES.get(boards, f"{boards} boards")


def header_line(game: Game, boards: int, absurdle: bool) -> str:
    """What is being played: the game, its lists, mode and guess limit."""
    limit = "no guess limit" if absurdle else plural(game.max_guesses, "guess")
    weights = "" if game.weights is None else f", answers weighted by {game.weights.name}"
    return (f"{game_name(boards, absurdle)}: {len(game.answers):,} answers ({game.answers.name}"
            f"{weights}), {len(game.guesses):,} allowed guesses ({game.guesses.name}), "
            f"{game.mode_name}, {limit}.")


def step_line(step: StepView, absurdle: bool) -> str:
    """'SALET BBYBB: 99 answers left', or one item per board with several."""
    shown = step.guess.upper()
    if len(step.boards) == 1:
        board = step.boards[0]
        who = "Absurdle replies " if absurdle else ""
        if board.solved:
            return f"{shown} {board.reply}: found it"
        return f"{shown} {who}{board.reply}: {plural(board.left, 'answer')} left"
    parts = []
    for k, board in enumerate(step.boards):
        if board is not None:
            left = "solved" if board.solved else f"{board.left:,} left"
            parts.append(f"board {k + 1} {board.reply} {left}")
    return "\n".join(wrap_items(parts, f"{shown}: "))


HINTS_HIDDEN = "suggestions hidden in a puzzle: type hint to see them (or run with --show)"


def report_lines(analysis: Analysis, show: bool = False, hidden: bool = False) -> list[str]:
    """The state after the last step and the suggested next guesses (or how the game ended);
    `hidden`: a puzzle's, where the suggestions (and an answer already certain) would give it
    away, so only the counts show until the player asks."""
    if analysis.status == "won":
        return [_won_line(analysis)]
    if analysis.status == "lost":
        return _lost_lines(analysis)
    lines = _state_lines(analysis, hidden)
    if hidden:
        return lines + [HINTS_HIDDEN]
    rows = analysis.suggestions
    if analysis.kind != "absurdle" and len(rows) > 1:  # one board, or the last of several
        lines.append("suggestions:")
        lines += [f"  {row.label:<13} {row.word.upper():<8} {row.note}" for row in rows]
        if analysis.verdict:
            lines.append(analysis.verdict)
    else:
        for row in rows:
            lines.append(f"suggested: {row.word.upper()}" + (f" ({row.note})" if row.note else ""))
        if analysis.verdict:
            lines.append(analysis.verdict)
    if show:
        lines += candidate_lines(analysis)
    return lines


def candidate_lines(analysis: Analysis) -> list[str]:
    """The remaining answers (spoilers), per unsolved board."""
    lines = []
    for board in analysis.unsolved:
        words = " ".join(word.upper() for word in board.candidates)
        head = (f"board {board.number}: " if analysis.multi else "") + f"{board.count:,} left: "
        lines += textwrap.wrap(head + words, 100, subsequent_indent="  ")
    return lines or ["no board left to solve"]


def _won_line(analysis: Analysis) -> str:
    n = analysis.played
    if analysis.multi:
        every = "both" if len(analysis.boards) == 2 else f"all {len(analysis.boards)}"
        return f"{every} boards solved in {plural(n, 'guess')}"
    return f"solved in {plural(n, 'guess')}"


def _lost_lines(analysis: Analysis) -> list[str]:
    lines = [f"out of guesses ({analysis.max_guesses} played)"]
    for board in analysis.unsolved:
        where = f"board {board.number}: " if analysis.multi else ""
        if board.answer is not None:
            lines.append(f"{where}the answer was {board.answer.upper()}")
        elif board.count == 1:  # the game is over: no spoiler left to keep
            lines.append(f"{where}the answer was {board.candidates[0].upper()}, the only one "
                         "that still fitted")
        else:
            shown = ": " + " ".join(w.upper() for w in board.candidates) if board.count <= 12 else ""
            lines.append(f"{where}{plural(board.count, 'answer')} still fitted{shown}")
    return lines


def _state_lines(analysis: Analysis, hidden: bool = False) -> list[str]:
    left = analysis.guesses_left
    tail = "" if left is None else f", {plural(left, 'guess')} left"
    if not analysis.multi:
        n = analysis.boards[0].count
        lines = [f"{plural(n, 'answer')} remain{'s' if n == 1 else ''}{tail}"]
        if n == 1 and not hidden:
            lines.append(f"the answer is {analysis.boards[0].candidates[0].upper()}")
        return lines
    parts = []
    for board in analysis.boards:
        n = board.count
        state = ("solved" if board.solved else
                 f"1 left, the answer is {board.candidates[0].upper()}" if n == 1 and not hidden
                 else f"{n:,} left")
        parts.append(f"board {board.number}: {state}")
    head = f"{len(analysis.unsolved)} of {len(analysis.boards)} boards unsolved{tail}"
    return [head] + wrap_items(parts, "  ")
