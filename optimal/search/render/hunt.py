"""The hunt's outcome (`optimal.search.hunt`) as text: the tree's figures from its replayed counts,
and each first word tried with what its hunt did."""

from __future__ import annotations

from optimal.game import Game
from optimal.play.text import plural
from optimal.tree import VerifiedTree


def hunt_text(game: Game, tree: VerifiedTree | None, tried: list[dict]) -> str:
    """What the hunt found, in words: the tree's figures, and each word tried with its time."""
    lines = []
    if tree is not None:
        worst = int(tree.counts.max())
        lines.append(f"{tried[-1]['word'].upper()} finds every one of the {len(game.answers):,} "
                     f"answers within {plural(game.max_guesses, 'guess')} in {game.mode_name} "
                     f"(the tree replayed on every answer): total {tree.total:,}, mean "
                     f"{tree.total / len(game.answers):.4f}, longest game {worst}. An upper bound "
                     "on the least total within the limit, not a proven optimum.")
    else:
        lines.append("No tree found (a hunt is not exhaustive: this proves nothing).")
    lines.append("")
    lines.append("| first word | tree found | wall s | CPU s | exact calls (given up) | "
                 "large nodes | guesses tried | nogood drops |")
    lines.append("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for r in tried:
        lines.append(f"| {r['word'].upper()} | {'yes' if r['found'] else 'no'} | {r['seconds']:,.0f} "
                     f"| {r['cpu_seconds']:,.0f} | {r['exact_calls']:,} ({r['given_up']:,}) | "
                     f"{r['large_nodes']:,} | {r['guesses_tried']:,} | {r['nogood_drops']:,} |")
    return "\n".join(lines)
