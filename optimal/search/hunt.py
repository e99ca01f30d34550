"""`python -m optimal.search --objective worst --hunt --first W[,W...]`: look for a tree within
--max-depth guesses, for games whose verdict is too big to prove.

Why a separate question: the worst-case search proves each first word's verdict either way, but in
hard mode on the 12,972-answer game one large branch of a word that does finish in time can take
hours to settle (results/README.md). A hunt (`lookahead.TreeHunt`) only looks for a tree: the
first word given that yields one is the result, its tree replayed on every answer before it is
written. When none is found nothing is proven, and the command says so and exits 1.

A hunt writing to a results folder keeps each branch of the first word it has found in
`checkpoint-hunt-WORD.json` there (digest checked, each branch replayed on its answers when it is
read back), so a run stopped after hours goes on from those branches instead of from nothing;
and what it settled inside the branches not yet found in `checkpoint-hunt-WORD-inside.json`
(`optimal.search.hunt_notes`), so even a branch of hours is not begun again.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from lookahead import TreeHunt
from optimal.cli.checkpoint import load_checkpoint, restart_from_scratch, save_checkpoint
from optimal.cli.outputs import file_set, provenance, write_report, write_summary, write_tree
from optimal.cli.progress import Stopwatch
from optimal.errors import BadInput, NoTree
from optimal.game import Game
from optimal.play.text import plural
from optimal.search.hunt_notes import HuntNotes, check_subtree, checkpoint_identity, notes_name
from optimal.search.render import hunt_text
from optimal.search.request import SearchRequest
from optimal.tree import node_from_json, node_to_json, verified

EXACT_SIZE = 300  # parts of at most this many answers go to the exact kernel
CALL_SECONDS = 20.0  # and each such call this much CPU time before its guess is passed over
BREADTH = 16  # guesses tried at a large node inside a branch before it is passed over


def run_hunt(game: Game, request: SearchRequest, out_dir: Path) -> int:
    """Hunt for a tree from each word of --first in turn; print and write the first one found."""
    clock = Stopwatch()
    tried: list[dict] = []
    tree = None
    for word in request.first:
        notes = HuntNotes(out_dir / notes_name(word), game, word) if request.write else None
        hunt = TreeHunt(game, request.setting.cache_mb, EXACT_SIZE, CALL_SECONDS,
                        on_event=None if request.quiet else _say, breadth=BREADTH,
                        on_settled=notes.heard if notes else None)
        path = out_dir / checkpoint_name(word) if request.write else None
        if path and request.restart:
            restart_from_scratch(path)
            restart_from_scratch(notes.path)
        done = load_branches(path, game, word) if path else {}
        kept = {game.reply_text(code): node_to_json(branch, game.length, game.rule)
                for code, branch in done.items()}

        def keep(code: int, subtree, path=path, kept=kept, word=word) -> None:
            kept[game.reply_text(code)] = node_to_json(subtree, game.length, game.rule)
            save_checkpoint(path, checkpoint_identity(game, word), kept)
            notes.branch_kept(code)

        if done and not request.quiet:
            _say(0, f"{word.upper()}: {len(done):,} branches resumed from {path.name}")
        inside = notes.resume(hunt, set(done)) if notes else 0
        if inside and not request.quiet:
            _say(0, f"{word.upper()}: {plural(inside, 'node')} inside the other branches resumed "
                    f"from {notes.path.name}")
        began, cpu = time.perf_counter(), time.process_time()
        try:
            found = hunt.find(game.guess_id(word), done, keep if path else None)
        finally:  # stopped or not, what was settled inside the branches is kept
            if notes:
                notes.save()
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


def checkpoint_name(word: str) -> str:
    """The file in the results folder that keeps a hunt's branches found so far."""
    return f"checkpoint-hunt-{word}.json"


def load_branches(path: Path, game: Game, word: str) -> dict:
    """The branches (reply code -> subtree) a hunt's checkpoint holds, each replayed on the answers
    of its branch before it is taken (a damaged or edited one is refused with one line)."""
    first = game.guess_id(word)
    branches = {}

    def check(reply: str, entry: object) -> None:
        try:
            code = game.parse_reply(reply)
            subtree = node_from_json(entry, game.length, game.rule)
        except BadInput as error:
            raise ValueError(str(error)) from None
        if code == game.won or not (game.matrix[first] == code).any():
            raise ValueError(f"{reply} is not a reply {word.upper()} gets")
        check_subtree(game, ((first, code),), subtree)
        branches[code] = subtree

    load_checkpoint(path, checkpoint_identity(game, word), check)
    return branches


def _attempt_record(word: str, found: bool, hunt: TreeHunt, began: float, cpu: float) -> dict:
    c = hunt.counters
    return {"word": word, "found": found, "seconds": round(time.perf_counter() - began, 1),
            "cpu_seconds": round(time.process_time() - cpu, 1), "exact_calls": c.exact_calls,
            "given_up": c.given_up, "large_nodes": c.large_nodes, "cut_short": c.cut_short,
            "guesses_tried": c.guesses_tried, "nogood_drops": c.nogood_drops}


def _say(depth: int, text: str) -> None:
    """A hunt's events near the root, on stderr: the only sign of life in a run of hours."""
    sys.stderr.write("  " * depth + text + "\n")
    sys.stderr.flush()
