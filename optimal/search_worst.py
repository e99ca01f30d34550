"""`python -m optimal.search --objective worst --max-depth D`: can every answer be found within D
guesses? (The minimax, or true-adversary, question.)

For each first guess the answer is proven either way: a first guess works when every branch it
leaves can be finished within D - 1 guesses (and then a tree that does it is built, verified and
written); it fails as soon as one branch cannot. With `--shortfall N` those of the first N words
searched that fail also get (every branch searched), when their branches have three guesses left, the fewest answers that must take longer
than D guesses: how far short they fall.
"""

from __future__ import annotations

import time
from lookahead.firstguess import SearchSetting
from lookahead.parallel import solver_for, worst_case_task
from optimal.errors import BadInput, NoTree
from optimal.checkpoint import load_checkpoint, save_checkpoint
from optimal.game import Game
from optimal.progress import WordProgress
from optimal.results import provenance, run_dir, write_report, write_summary, write_tree
from optimal.search_first import choose_words

CHECKPOINT = "checkpoint-worst-all.json"
PAIR_MB = 512  # per worker, for the pair bitsets of nodes with three guesses left


def search_worst(game: Game, args, setting: SearchSetting, argv) -> int:
    if setting.beam:
        raise BadInput("--objective worst is always exact: drop --beam")
    if args.max_depth < 2:
        raise BadInput("--max-depth must be at least 2 for --objective worst")
    start = time.perf_counter()
    words, how, _ = choose_words(game, args, setting)
    out_dir = run_dir(args.out, game, "-worst")
    every_branch = not args.all
    done: dict[str, dict] = {}
    if args.all and not args.no_write:
        done = load_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"objective": "worst"})
    todo = [g for g in words if game.guesses.words[g] not in done]
    shortfall_words = {game.guesses.words[g] for g in words[:args.shortfall]}
    checkpointed = args.all and not args.no_write

    def save() -> None:
        save_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"objective": "worst"}, done)

    progress = WordProgress(len(words), len(words) - len(todo), args.quiet,
                            save if checkpointed else None)
    feasible = [sum(r["feasible"] for r in done.values())]

    def record(result: dict) -> None:
        done[result["word"]] = result
        feasible[0] += bool(result["feasible"])
        progress.step(f"{feasible[0]} within {game.max_guesses} | {result['word'].upper()} "
                      f"{'yes' if result['feasible'] else 'no'}")

    def task(g: int):
        word = game.guesses.words[g]
        return (game, g, setting.cache_mb, PAIR_MB, every_branch, word in shortfall_words)

    try:
        if setting.jobs <= 1:
            for g in todo:
                record(worst_case_task(*task(g)))
        else:
            from joblib import delayed

            for result in setting.parallel(len(todo))(delayed(worst_case_task)(*task(g)) for g in todo):
                record(result)
    finally:
        progress.close()
        if checkpointed:
            save()

    results = [done[game.guesses.words[g]] for g in words]
    seconds = time.perf_counter() - start
    feasible = [r for r in results if r["feasible"]]
    text, markdown = compose(game, results, how, seconds, args)
    print(text)
    summary = {"game": game.describe(), "objective": "worst", "max_guesses": game.max_guesses,
               "words": how, "feasible": [r["word"] for r in feasible], "results": results,
               "seconds": round(seconds, 3)}
    if not args.no_write:
        prov = provenance(seconds, argv)
        paths = []
        if feasible:
            word = feasible[0]["word"]
            solver = solver_for(game, 0, setting.cache_mb, PAIR_MB)
            tree = solver.finishing_tree(game.all_candidates(), game.max_guesses,
                                         first=game.guess_id(word))
            _, paths = write_tree(out_dir, word, tree, game, False, None, prov,
                                  f"finds every answer within {game.max_guesses} guesses (not "
                                  "optimized for the total)")
        summary["provenance"] = prov
        write_summary(out_dir, summary)
        write_report(out_dir, markdown, prov)
        print(f"\nwrote {', '.join(str(p) for p in paths + [out_dir / 'summary.json', out_dir / 'REPORT.md'])}")
    if not feasible:
        raise NoTree(f"no tree exists: none of the {len(results)} evaluated first guesses finds "
                     f"every answer within {game.max_guesses} guesses in {game.mode} mode")
    return 0


def compose(game: Game, results: list[dict], how: str, seconds: float, args) -> tuple[str, str]:
    """The console text and the REPORT.md body."""
    d = game.max_guesses
    feasible = [r for r in results if r["feasible"]]
    title = (f"Can every answer be found within {d} guesses? {game.answers.name} answers "
             f"({len(game.answers):,}), {game.guesses.name} guesses ({len(game.guesses):,}), "
             f"{game.mode} mode")
    if feasible:
        verdict = (f"{len(feasible)} of the {len(results)} evaluated first guesses find every answer "
                   f"within {d} guesses (proven, with a verified tree), e.g. "
                   f"{', '.join(r['word'].upper() for r in feasible[:10])}; the other "
                   f"{len(results) - len(feasible)} cannot (proven).")
    else:
        verdict = (f"No evaluated first guess finds every answer within {d} guesses: proven for "
                   f"all {len(results)} ({how}).")
    shortfalls = [r for r in results if not r["feasible"] and r["complete"]
                  and all(f["lost"] is not None for f in r["failing"])]
    if shortfalls:
        best = min(shortfalls, key=lambda r: sum(f["lost"] for f in r["failing"]))
        lost = sum(f["lost"] for f in best["failing"])
        verdict += (f" Fewest answers beyond {d} guesses among the {len(shortfalls)} words measured:"
                    f" {best['word'].upper()}, {lost} of {len(game.answers):,}.")
    rows = ["| rank | first guess | within %d? | branches that cannot be finished (answers in them) "
            "| fewest answers over %d | seconds |" % (d, d), "|---:|---|---|---|---:|---:|"]
    for rank, r in enumerate(results, start=1):
        failing = r["failing"]
        if r["feasible"]:
            branches = "none"
        else:
            listed = ", ".join(f"{f['reply']} ({f['answers']})" for f in failing[:6])
            more = f", ... ({len(failing)} in all)" if len(failing) > 6 else ""
            branches = (f"{len(failing)}: {listed}{more}" if r["complete"]
                        else f"at least 1: {listed}")
        lost = ("0" if r["feasible"] else str(sum(f["lost"] for f in failing))
                if r["complete"] and failing and all(f["lost"] is not None for f in failing) else "")
        rows.append(f"| {rank} | {r['word'].upper()} | {'yes' if r['feasible'] else 'no'} | "
                    f"{branches} | {lost} | {r['seconds']:.2f} |")
    shown = rows[:2 + min(len(results), 40)] + (["| ... | | | | | |"] if len(results) > 40 else [])
    text = "\n".join([title, f"evaluated {how}; {seconds:.1f} s", "", verdict, "", *shown])
    markdown = "\n".join([f"# {title}", "", f"Evaluated {how}; exact; {seconds:.1f} s.", "",
                          "## Verdict", "", verdict, "", "## Every evaluated first guess", "",
                          "A branch is the set of answers left after the first guess's reply; it "
                          f"'cannot be finished' when no tree finds all of them within {d - 1} more "
                          "guesses. *Fewest answers over* is, with three guesses left in each "
                          "branch, the least number of answers any tree must find late (exact, by "
                          "branch and bound).", "", *rows])
    return text, markdown
