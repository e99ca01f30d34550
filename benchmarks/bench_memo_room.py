"""How the exact tables hand words to their two workers, in one run: CPU per word as the tables
ran before 2026-12-07 against today, and the ratio.

Before: in the slow bands each task was one word, handed to whichever worker was free, so two
words of the same letters (FUGLY, GULFY), which share most of their states, usually went to
different workers; and a worker's memo, once full, was never cleared again (its drops were
counted from each task's start), so every later word ran without memo entries of its own. In the
hard table's band of F, G and H words each word then cost about 3x a fresh run of it (FUNGI 75.7 s
of CPU in the table, 21 s fresh; HOUFS 34.8 s against 10.8 s). Today
(`lookahead.questions.exact_values`): a task holds whole groups of words of the same letters
(`letter_groups`), and a memo that dropped entries is cleared before the next group
(`memo.make_room`), its count kept across tasks.

Both ways here run two solvers standing for the two workers, fed in turn (words before, groups
today); they alternate word by word which goes first (a busy machine hurts both alike); the
values must agree. With the tables' memo (--cache-mb 683, the default) a dozen words do not fill
it: this measures what keeping the words of the same letters together saves. A small memo
(--cache-mb 48) fills within each word, and then neither way keeps much.

    python benchmarks/bench_memo_room.py [--words fugly,gulfy,...] [--mode hard] [--cache-mb 683]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import lookahead.questions.exact_values as exact_values  # noqa: E402
from lookahead.solvers.single import Solver  # noqa: E402
from optimal.game import Game  # noqa: E402

# consecutive words of the hard table's letters order in its slow band (2026-12-07)
WORDS = "fugly,gulfy,fungo,gonof,fungs,forgo,frogs,groof,grouf,goffs,goofs,gowfs"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--words", default=WORDS)
    parser.add_argument("--mode", choices=("normal", "hard", "ultra"), default="hard")
    parser.add_argument("--cache-mb", type=float, default=683)
    args = parser.parse_args()
    game = Game.from_lists("original").with_limits(args.mode, 6)
    ids = [game.guess_id(w) for w in args.words.split(",")]
    groups = exact_values.letter_groups(game, ids)
    tasks = {"before": [[g] for group in groups for g in group], "today": groups}
    worker = {"before": {}, "today": {}}  # word -> the solver (memo size) standing for its worker
    for way, sizes in (("before", (args.cache_mb, args.cache_mb + 1e-3)),
                       ("today", (args.cache_mb + 2e-3, args.cache_mb + 3e-3))):
        for i, task in enumerate(tasks[way]):
            for g in task:
                worker[way][g] = (sizes[i % 2], g == task[0])
    # four solvers (a worker keeps at most three: `solver_for` would drop one, memo and all)
    solvers = {size: Solver(game, cache_mb=args.cache_mb) for size, _ in
               [*worker["before"].values(), *worker["today"].values()]}
    exact_values.solver_for = lambda game, beam, cache_mb, *rest: solvers[cache_mb]
    make_room = exact_values.make_room
    seconds = {"before": 0.0, "today": 0.0}
    print(f"{'word':<6} {'value':>6} {'before s':>9} {'today s':>9} {'ratio':>6}")
    for i, g in enumerate(exact_values.letters_order(game, ids)):
        spent, values = {}, {}
        for way in (("before", "today") if i % 2 == 0 else ("today", "before")):
            size, first = worker[way][g]
            # before: a full memo was never cleared again; today: make_room before each group
            exact_values.make_room = make_room if way == "today" and first else (lambda ws: False)
            start = time.thread_time()
            (value,) = exact_values.exact_values_task(game, [g], float("inf"), size)
            spent[way] = time.thread_time() - start
            seconds[way] += spent[way]
            values[way] = (value.lower, value.exact)
        exact_values.make_room = make_room
        assert values["before"] == values["today"] and values["today"][1], values
        print(f"{game.guesses.words[g].upper():<6} {values['today'][0]:>6} {spent['before']:>9.2f} "
              f"{spent['today']:>9.2f} {spent['today'] / spent['before']:>6.2f}", flush=True)
    dropped = {way: sum(solvers[size].counters()["memo_dropped"]
                        for size in {s for s, _ in worker[way].values()}) for way in worker}
    print(f"\n{len(ids)} words in {len(groups)} groups of the same letters ({args.mode} mode, two "
          f"solvers a way, {args.cache_mb:g} MB a memo): before {seconds['before']:.1f} CPU s "
          f"({dropped['before']:,} memo entries dropped), today {seconds['today']:.1f} CPU s "
          f"({dropped['today']:,}); ratio {seconds['today'] / seconds['before']:.3f} (below 1: "
          "today is faster)")


if __name__ == "__main__":
    main()
