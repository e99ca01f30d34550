"""`python -m optimal.search --objective worst --hunt --first W[,W...]`: look for a tree within
--max-depth guesses, for games whose verdict is too big to prove.

Why a separate question: the worst-case search proves each first word's verdict either way, but in
hard mode on the 12,972-answer game one large branch of a word that does finish in time can take
hours to settle (results/README.md). A hunt (`lookahead.TreeHunt`) only looks for a tree: the
first word given that yields one is the result, its tree replayed on every answer before it is
written. When none is found nothing is proven, and the command says so and exits 1.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from lookahead import TreeHunt
from optimal.cli.outputs import file_set, provenance, write_report, write_summary, write_tree
from optimal.cli.progress import Stopwatch
from optimal.errors import NoTree
from optimal.game import Game
from optimal.play.text import plural
from optimal.search.render import hunt_text
from optimal.search.request import SearchRequest
from optimal.tree import verified

EXACT_SIZE = 300  # parts of at most this many answers go to the exact kernel
CALL_SECONDS = 20.0  # and each such call gets at most this long before its guess is passed over


def run_hunt(game: Game, request: SearchRequest, out_dir: Path) -> int:
    """Hunt for a tree from each word of --first in turn; print and write the first one found."""
    clock = Stopwatch()
    tried: list[dict] = []
    tree = None
    for word in request.first:
        hunt = TreeHunt(game, request.setting.cache_mb, EXACT_SIZE, CALL_SECONDS,
                        on_event=None if request.quiet else _say)
        began, cpu = time.perf_counter(), time.process_time()
        found = hunt.find(game.guess_id(word))
        tried.append(_attempt_record(word, found is not None, hunt, began, cpu))
        if found is not None:
            tree = verified(found, game)
            break
    seconds = clock.seconds
    text = hunt_text(game, tree, tried)
    print(text)
    if request.write and tree is not None:
        prov = provenance(seconds, request.argv)
        with file_set(out_dir, request.out is None) as staging:
            names = [p.name for p in write_tree(
                staging, tried[-1]["word"], tree, False, None, prov,
                f"finds every answer within {plural(game.max_guesses, 'guess')}, found by a hunt (an "
                "upper bound: not optimized for the total, and no other first word is compared)")]
            write_summary(staging, {"question": "hunt", "game": game.describe(), "tried": tried,
                                    "total": tree.total, "provenance": prov})
            write_report(staging, "# A tree within the limit, found by a hunt\n\n" + text, prov)
        print(f"\nwrote {', '.join(str(out_dir / n) for n in names + ['summary.json', 'REPORT.md'])}")
    if tree is None:
        raise NoTree(f"no tree found within {plural(game.max_guesses, 'guess')} for "
                     f"{', '.join(w.upper() for w in request.first)} by the hunt (which proves "
                     "nothing: a hunt is not exhaustive)")
    return 0


def _attempt_record(word: str, found: bool, hunt: TreeHunt, began: float, cpu: float) -> dict:
    c = hunt.counters
    return {"word": word, "found": found, "seconds": round(time.perf_counter() - began, 1),
            "cpu_seconds": round(time.process_time() - cpu, 1), "exact_calls": c.exact_calls,
            "given_up": c.given_up, "large_nodes": c.large_nodes,
            "guesses_tried": c.guesses_tried, "nogood_drops": c.nogood_drops}


def _say(depth: int, text: str) -> None:
    """A hunt's events near the root, on stderr: the only sign of life in a run of hours."""
    sys.stderr.write("  " * depth + text + "\n")
    sys.stderr.flush()
