"""Draw each list pairing's whole guess-limit front from the runs committed under `results/`.

    python scripts/front_plots.py   # write results/front/plots/*.png, print each point's source

Why: one `--front` run covers the limits it was asked for, but several cells of issue 12's front
were settled by other runs (every first word searched within a limit with `--below`; "no tree
within 4" by the worst-case search over every first word). Each front run's own `front.png` shows
only its limits (the original lists' hard-mode front showed a single point). This reads every
committed `summary.json`, takes for each (lists, mode, limit) the strongest result, and plots the
front with `render.front_points_png`, the same drawing the front command uses. Nothing is typed in:
every point comes from a summary written by a verified run, and `tests/test_results_front.py`
checks each point's total against the replayed tree it names.

The strongest result per limit: an exact search over every first word, then a front run's exact
search over its top words, then any verified tree (a beam's, or one word's: an upper bound). "No
tree" comes from the worst-case search over every first word, or from a front run that refuted
every first word. In hard and ultra-hard mode "no tree within D" follows from normal mode's (a
hard-mode or ultra-hard tree is a normal-mode tree), which is how their D = 4 points are drawn.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from optimal.search.render import FrontPoint, front_points_png  # noqa: E402

RESULTS = ROOT / "results"
PLOTS = RESULTS / "front" / "plots"
#: the kinds of source a point has, strongest first (the strongest wins at a limit); a "no tree"
#: point is proven for every first word, so nothing outranks it
STRENGTH = {"none (all words)": 4, "none (implied by normal mode)": 4, "all words": 3, "front": 2,
            "beam": 1, "upper bound": 1}


@dataclass(frozen=True)
class Sourced:
    """A point and where it comes from: the summary's folder, how strong the proof is, and the tree
    file that has its total (None for 'no tree')."""

    point: FrontPoint
    kind: str  # a key of STRENGTH ('upper bound': one word's tree)
    folder: Path
    tree: Path | None


Key = tuple[str, str, str]  # answers list, guesses list, mode


def game_key(game: dict) -> Key | None:
    """The pairing a summary's game belongs to; None for other games (another rule, another word
    length, weighted answers), whose totals are not on these fronts."""
    if game.get("rule", "wordle") != "wordle" or game.get("length", 5) != 5 or "weights" in game:
        return None
    return game["answers"]["name"], game["guesses"]["name"], game["mode"]


def read_points(summary: Path) -> tuple[Key | None, bool, list[Sourced]]:
    """The pairing of one committed summary, whether it is a front run's, and the front points it
    proves (none for summaries of other kinds)."""
    data = json.loads(summary.read_text())
    key = game_key(data.get("game", {}))
    folder = summary.parent
    if key is None:
        return None, False, []
    out = []
    if "front" in data:
        for cell in data["front"]:
            limit = cell["limit"]
            if cell["feasible"]:
                beam = cell.get("beam", 0)
                exact = cell.get("exact", False) and not beam
                point = FrontPoint(limit, cell["total"], cell["word"], exact)
                out.append(Sourced(point, "front" if exact else "beam", folder,
                                   folder / f"d{limit}" / f"{cell['word']}.json"))
            elif cell.get("checked_all_words"):
                out.append(Sourced(FrontPoint(limit, None, None, True), "none (all words)",
                                   folder, None))
    elif data.get("objective") == "worst":
        every = str(data.get("words", "")).startswith("all ")
        if every and not data.get("feasible"):
            out.append(Sourced(FrontPoint(data["max_guesses"], None, None, True),
                               "none (all words)", folder, None))
    elif "best" in data and "search" in data:
        best, search = data["best"], data["search"]
        every = str(search.get("words", "")).startswith("all ")
        if best:  # proven over every first word, or else any verified tree: an upper bound
            proven = bool(best.get("proven")) and every and not search.get("beam")
            point = FrontPoint(data["game"]["max_guesses"], best["total"], best["word"], proven)
            out.append(Sourced(point, "all words" if proven else "upper bound", folder,
                               folder / f"{best['word']}.json"))
    return key, "front" in data, out


def collect(results: Path = RESULTS) -> dict[Key, dict[int, Sourced]]:
    """Every (lists, mode)'s strongest point per limit, from every committed summary."""
    fronts: dict[Key, dict[int, Sourced]] = {}
    fronted: set[Key] = set()  # the pairings a front run was made for
    for summary in sorted(results.rglob("summary.json")):
        key, front_run, points = read_points(summary)
        if front_run:
            fronted.add(key)
        for sourced in points:
            cells = fronts.setdefault(key, {})
            old = cells.get(sourced.point.limit)
            if old is None or STRENGTH[sourced.kind] > STRENGTH[old.kind]:
                cells[sourced.point.limit] = sourced
    for (answers, guesses, mode), cells in list(fronts.items()):
        if mode != "normal":
            continue
        for strict in ("hard", "ultra"):
            stricter = fronts.get((answers, guesses, strict))
            for limit, sourced in cells.items():
                if stricter is not None and sourced.kind == "none (all words)" and limit not in stricter:
                    stricter[limit] = Sourced(sourced.point, "none (implied by normal mode)",
                                              sourced.folder, None)
    # a front is drawn where a front run was made (other pairings have single searches only)
    return {key: dict(sorted(cells.items())) for key, cells in fronts.items()
            if key in fronted and len(cells) >= 2}


def plot_name(key: Key) -> str:
    return "-".join(key) + ".png"


def answer_count(cells: dict[int, Sourced]) -> int:
    """The pairing's number of answers (the mean axis divides by it)."""
    summary = json.loads((next(iter(cells.values())).folder / "summary.json").read_text())
    return summary["game"]["answers"]["count"]


def shown(path: Path) -> str:
    """A path as printed: from the repository's root when it is inside it."""
    return str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, default=PLOTS)
    args = parser.parse_args()
    fronts = collect()
    args.out.mkdir(parents=True, exist_ok=True)
    for key, cells in fronts.items():
        title = f"{key[0]} / {key[1]}, {key[2]} mode (every committed run)"
        png = front_points_png(title, answer_count(cells), [s.point for s in cells.values()])
        if png is None:
            sys.stderr.write("front_plots: matplotlib is missing (pip install '.[plot]')\n")
            return 2
        path = args.out / plot_name(key)
        path.write_bytes(png)
        print(f"{shown(path)}:")
        for limit, sourced in cells.items():
            p = sourced.point
            value = f"{p.word.upper()} {p.total}" if p.total is not None else "no tree"
            print(f"  D = {limit}: {value} ({sourced.kind}; {shown(sourced.folder)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
