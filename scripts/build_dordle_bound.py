"""Copy the proven lower bound on the Dordle optimum (full original lists, 7 guesses) into the
package (optimal/data/dordle/), for the assistant's note at the start of a Dordle game.

Why bundled: the assistant quoted the generic many-board bound (`optimal.multiboard.lower_bound`,
3.869 guesses a game) while `results/dordle/` proves more (single-board floors over every first
word, `python -m optimal.search.dordle_floor`), and the package cannot read `results/`. The bound is
recomputed here from the committed checkpoint, read as a resuming run reads it (format, tool and
digest checked: a damaged one stops the build with one line), and each first word's split bound
(seconds), by the floor command's own functions, so the copy cannot say more than the run proved.

    python scripts/build_dordle_bound.py   # from the repository root; rewrites optimal/data/dordle/
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from optimal.cli.checkpoint import intact_checkpoint, load_checkpoint  # noqa: E402  (digest: module)
from optimal.errors import BadInput  # noqa: E402
from optimal.search.dordle_floor import (CHECKPOINT, FOLDER, check_entry,  # noqa: E402
                                         full_lists_game, least_bound, split_bounds)

SOURCE = ROOT / "results" / "dordle" / FOLDER / CHECKPOINT
OUT = ROOT / "optimal" / "data" / "dordle"


def main() -> None:
    """Write the bound of the committed floor checkpoint (see module)."""
    game = full_lists_game()
    recorded, _ = intact_checkpoint(SOURCE)
    if not game.matches(recorded) or not str(recorded.get("objective", "")).startswith("dordle-floor"):
        raise SystemExit(f"{SOURCE}: not a Dordle floor checkpoint of this game")
    split = split_bounds(game)
    saved = load_checkpoint(SOURCE, recorded, check_entry(game, set(split)))  # every entry checked
    g, lower = least_bound(split, saved, game.guesses.words)
    n = len(game.answers)
    bound = {"format": "optimal-dordle-bound/1",
             "game": game.describe(),
             "boards": 2, "games": n * (n - 1), "lower": lower, "word": game.guesses.words[g],
             "source": str(SOURCE.relative_to(ROOT))}
    OUT.mkdir(parents=True, exist_ok=True)
    target = OUT / f"{FOLDER}.json"
    target.write_text(json.dumps(bound, indent=1) + "\n")
    print(f"{target.relative_to(ROOT)}: proven lower bound {lower:,} over {n * (n - 1):,} games "
          f"(mean >= {lower / (n * (n - 1)):.4f}), {bound['word'].upper()}'s")


if __name__ == "__main__":
    try:
        main()
    except BadInput as error:  # a damaged checkpoint: one line, nothing written
        sys.exit(f"error: {error}")
