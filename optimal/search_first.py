"""The first-guess search behind `python -m optimal.search` (see optimal.search for the CLI).

Why a table of statuses rather than one number: a branch-and-bound run proves different things about
different words. The best word's total is exact; every other word is only proven not to beat it
(its value is a lower bound); a beam's totals are achieved by real trees, so they are upper bounds.
The table says which is which, and so does every file written.
"""

from __future__ import annotations

import time
from pathlib import Path

from lookahead.bounds import INF
from lookahead.firstguess import (SearchSetting, add_counters, ranked_guesses, search_guesses,
                                  solve_guess)
from lookahead.solver import FirstGuessResult
from optimal.errors import BadInput, NoTree
from optimal.checkpoint import load_checkpoint, save_checkpoint
from optimal.game import Game
from optimal.progress import WordProgress
from optimal.report import cumulative_line, histogram_text, report_line, summarize
from optimal.results import provenance, run_dir, write_report, write_summary, write_tree

CHECKPOINT = "checkpoint-all.json"
DEFAULT_TOP = 1000  # about a minute on 2 cores for the original lists


def status_of(result: FirstGuessResult, beam: int, max_depth: int) -> str:
    """What a result proves, in words."""
    if result.exact:
        return f"upper bound (beam {beam})" if beam else "proven"
    if result.value >= INF:
        return f"no tree within {max_depth} guesses" + (f" (in beam {beam})" if beam else "")
    return f"beam cut off (> best within beam {beam})" if beam else "lower bound (cut off)"


def value_text(result: FirstGuessResult, beam: int) -> str:
    if result.value >= INF:
        return "none"
    if result.exact:
        return f"<= {result.value}" if beam else f"{result.value}"
    return f">= {result.value}" if not beam else "-"


def choose_words(game: Game, args, setting: SearchSetting) -> tuple[list[int], str, dict[int, int]]:
    """The guesses to evaluate, a phrase saying how they were chosen, and every guess's root lower
    bound (valid whatever the beam)."""
    ranked = ranked_guesses(game, setting)
    bounds = dict(ranked)
    if args.first:
        words = [w.strip() for w in args.first.split(",") if w.strip()]
        if not words:
            raise BadInput("--first needs at least one word")
        ids = [game.guess_id(w) for w in words]
        return list(dict.fromkeys(ids)), "given", bounds
    if args.all:
        return [g for g, _ in ranked], f"all {len(ranked):,} useful first guesses", bounds
    top = args.top if args.top is not None else DEFAULT_TOP
    if top < 1:
        raise BadInput("--top must be at least 1")
    return [g for g, _ in ranked[:top]], f"the top {min(top, len(ranked))} by the ordering score", bounds


def search_first_words(game: Game, args, setting: SearchSetting, argv) -> int:
    from tqdm import tqdm

    start = time.perf_counter()
    words, how, root_bounds = choose_words(game, args, setting)
    suffix = f"-beam{setting.beam}" if setting.beam else ""
    out_dir = run_dir(args.out, game, suffix)
    done: dict[str, FirstGuessResult] = {}
    if args.all and not args.no_write:
        done = load_results(out_dir, game, setting)
    todo = [g for g in words if game.guesses.words[g] not in done]
    best_value = min([r.value for r in done.values() if r.exact] + [INF])
    single = len(words) == 1 and bool(args.first)
    checkpointed = args.all and not args.no_write
    progress = WordProgress(len(words), len(words) - len(todo), args.quiet or single,
                            (lambda: save_results(out_dir, game, setting, done)) if checkpointed else None)
    leader = [min((r for r in done.values() if r.exact), key=lambda r: r.value, default=None)]

    def on_result(result: FirstGuessResult, best: int) -> None:
        done[result.word] = result
        if result.exact and (leader[0] is None or result.value < leader[0].value):
            leader[0] = result
        shown = f"best {leader[0].word.upper()} {value_text(leader[0], setting.beam)}" if leader[0] else "best -"
        progress.step(f"{shown} | {result.word.upper()} {value_text(result, setting.beam)}")

    try:
        if single:
            part_bar = tqdm(desc=f"{game.guesses.words[words[0]].upper()} branches", unit="branch",
                            disable=True if args.quiet else None, mininterval=0.5, dynamic_ncols=True)

            def on_part(finished: int, total: int) -> None:
                part_bar.total = total
                part_bar.update(finished - part_bar.n)

            result = solve_guess(game, words[0], setting, on_part=on_part)
            part_bar.close()
            on_result(result, result.value)
        else:
            if len(todo) > 1 and best_value >= INF and not setting.beam:
                best_value, todo = probe_upper_bound(game, todo, setting)
            search_guesses(game, todo, setting, cutoff=best_value, on_result=on_result)
        if not setting.beam:
            settle_ties(game, done, setting)
    finally:
        progress.close()
        if checkpointed:
            save_results(out_dir, game, setting, done)

    results = [done[game.guesses.words[g]] for g in words if game.guesses.words[g] in done]
    exact = [r for r in results if r.exact]
    if not exact:
        if all(r.value >= INF for r in results):
            names = ", ".join(r.word.upper() for r in results[:5]) + (" ..." if len(results) > 5 else "")
            raise NoTree(f"no tree exists: {names} cannot find every answer within "
                         f"{game.max_guesses} guesses in {game.mode} mode"
                         + (f" (within beam {setting.beam})" if setting.beam else ""))
        raise NoTree("no evaluated word finished below the cutoff")
    best = min(exact, key=lambda r: (r.value, words.index(game.guess_id(r.word))))
    if best.tree is None:  # a result restored from a checkpoint: rebuild its tree
        rebuilt = solve_guess(game, game.guess_id(best.word), setting)
        best.tree, best.counters = rebuilt.tree, rebuilt.counters
    proof = None
    if setting.beam and args.prove:
        exact_setting = SearchSetting(0, setting.cache_mb, setting.jobs, setting.backend)
        proof = solve_guess(game, game.guess_id(best.word), exact_setting)
    seconds = time.perf_counter() - start
    report = compose_report(game, results, best, proof, setting, how, root_bounds, seconds, argv)
    print(report["text"])
    if not args.no_write:
        prov = provenance(seconds, argv)
        tree_result = proof if proof is not None and proof.tree is not None else best
        proven = proof is not None or not setting.beam
        label = "proven optimal for this first guess" if proven else f"upper bound (beam {setting.beam})"
        counts, paths = write_tree(out_dir, tree_result.word, tree_result.tree, game, proven,
                                   tree_result.value if proven else root_bounds.get(game.guess_id(best.word)),
                                   prov, label)
        report["summary"]["provenance"] = prov
        write_summary(out_dir, report["summary"])
        write_report(out_dir, report["markdown"], prov)
        print(f"\nwrote {', '.join(str(p) for p in paths)}, {out_dir / 'summary.json'}, "
              f"{out_dir / 'REPORT.md'}")
    return 0


def settle_ties(game: Game, done: dict[str, FirstGuessResult], setting: SearchSetting) -> None:
    """Words stopped exactly at the best total might tie with it: search them again with the
    cutoff one higher, so each is either proven worse or found to tie (then its total is exact)."""
    best = min([r.value for r in done.values() if r.exact] + [INF])
    open_words = [game.guess_id(w) for w, r in done.items() if not r.exact and r.value == best]
    if best >= INF or not open_words:
        return
    for result in search_guesses(game, open_words, setting, cutoff=best + 1, tighten=False):
        done[result.word] = result


PROBE_BEAM = 5
PROBE_WORDS = 64


def probe_upper_bound(game: Game, words: list[int], setting: SearchSetting) -> tuple[int, list[int]]:
    """A cutoff and an order to start an exact search with, from a quick beam search (a few
    guesses per node) of the first words.

    Why: an exact search without a cutoff must prove every branch's optimum and can take ten times
    longer than one that only has to show a word cannot beat the best. A beam's total belongs to a
    real tree, so 1 + the best beam total is a safe cutoff (the best word's exact total is below
    it), and trying words in the order of their beam totals puts the likely best first, so every
    later word runs with a tight cutoff.
    """
    probe = SearchSetting(PROBE_BEAM, setting.cache_mb, setting.jobs, setting.backend)
    probed = words[:PROBE_WORDS]
    found = {r.word: r.value for r in search_guesses(game, probed, probe) if r.exact}
    order = sorted(probed, key=lambda g: (found.get(game.guesses.words[g], INF), probed.index(g)))
    return min(list(found.values()) + [INF - 1]) + 1, order + words[PROBE_WORDS:]


def compose_report(game: Game, results, best: FirstGuessResult, proof, setting: SearchSetting,
                   how: str, root_bounds: dict[int, int], seconds: float, argv) -> dict:
    """The console text, the REPORT.md body and summary.json for a first-guess search."""
    from optimal.tree import check

    counts = check(best.tree if proof is None else proof.tree, game)
    stats = summarize(counts)
    beam = setting.beam
    proven_best = proof is not None or not beam
    ranked = sorted(results, key=lambda r: (not r.exact, r.value))
    rows = []
    for rank, r in enumerate(ranked, start=1):
        lb = r.value if not beam else root_bounds.get(game.guess_id(r.word), 0)
        if proof is not None and r.word == best.word:
            lb = proof.value
        rows.append({"rank": rank, "word": r.word, "value": None if r.value >= INF else r.value,
                     "exact": r.exact, "status": status_of(r, beam, game.max_guesses),
                     "lower_bound": None if lb >= INF else lb, "seconds": round(r.seconds, 3)})
    title = (f"{game.answers.name} answers ({len(game.answers):,}), {game.guesses.name} guesses "
             f"({len(game.guesses):,}), {game.mode} mode, at most {game.max_guesses} guesses")
    value = proof.value if proof is not None else best.value
    if proven_best:
        claim = (f"**{best.word.upper()}: total {value}** (mean {value / len(game.answers):.4f}, "
                 f"worst {stats.worst}), proven optimal for this first guess by exhaustive search.")
    else:
        claim = (f"**{best.word.upper()}: total <= {value}** (mean {value / len(game.answers):.4f}, "
                 f"worst {stats.worst}): an upper bound from a beam of {beam} guesses per node; "
                 f"proven lower bound beside it: {root_bounds.get(game.guess_id(best.word))}.")
    if proof is not None:
        claim += f" (Beam value {best.value}; exact search proves {proof.value}.)"
    others = [r for r in results if r.word != best.word]
    if not beam and others:
        ties = [r.word.upper() for r in others if r.exact and r.value == value]
        if ties:
            claim += (f" Tied by {', '.join(ties)} (proven); every other of the {len(results)} "
                      "evaluated words is proven to need more.")
        elif all(r.value > value for r in others):
            claim += (f" The best of the {len(results)} evaluated words, uniquely: every other is "
                      f"proven to need at least {value + 1}.")
    table = ["| rank | first guess | total | status | proven lower bound | seconds |",
             "|---:|---|---:|---|---:|---:|"]
    for r, row in zip(ranked, rows):
        table.append(f"| {row['rank']} | {row['word'].upper()} | {value_text(r, beam)} | "
                     f"{row['status']} | {'-' if row['lower_bound'] is None else row['lower_bound']} | "
                     f"{row['seconds']:.2f} |")
    counters = add_counters([r.counters or {} for r in results + ([proof] if proof else [])])
    counters["kernel_seconds"] = round(counters.get("kernel_seconds", 0), 2)
    markdown = "\n".join([
        f"# Optimal decision trees: {title}", "",
        f"Evaluated {how}; {'exact search' if not beam else f'beam of {beam}'}; "
        f"{setting.jobs} worker(s); {seconds:.1f} s.", "",
        "## Best first guess", "", claim, "",
        f"`{report_line(counts)}`", "", "```", histogram_text(counts), "```", "",
        "## Every evaluated first guess", "",
        "Status: *proven* = exact optimum for that first guess; *lower bound (cut off)* = the search "
        "stopped once the word could not beat the best, so its total is at least the value shown; "
        "*upper bound (beam K)* = total of a real tree found with K guesses per node.", "",
        *table, "",
        "## Work", "", ", ".join(f"{k}: {v:,}" if isinstance(v, int) else f"{k}: {v}"
                                  for k, v in counters.items()),
    ])
    text = "\n".join([title, f"evaluated {how}; {'exact' if not beam else f'beam {beam}'}; "
                      f"{seconds:.1f} s", "", claim.replace("**", ""), report_line(counts), "",
                      *table[:2 + min(len(rows), 25)],
                      *(["| ... | | | | | |"] if len(rows) > 25 else [])])
    summary = {"game": game.describe(), "search": {"beam": beam, "jobs": setting.jobs,
                                                    "backend": setting.backend, "words": how},
               "best": {"word": best.word, "total": value, "proven": proven_best,
                        "stats": stats.as_dict(), "cumulative": cumulative_line(counts)},
               "results": rows, "counters": counters, "seconds": round(seconds, 3)}
    return {"text": text, "markdown": markdown, "summary": summary}


def load_results(out_dir: Path, game: Game, setting: SearchSetting) -> dict[str, FirstGuessResult]:
    """Results of an interrupted --all run with the same game and search, if any."""
    data = load_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"beam": setting.beam})
    return {word: FirstGuessResult(word, r["value"], r["exact"], r.get("seconds", 0.0))
            for word, r in data.items()}


def save_results(out_dir: Path, game: Game, setting: SearchSetting,
                 done: dict[str, FirstGuessResult]) -> None:
    save_checkpoint(out_dir / CHECKPOINT, game.fingerprint, {"beam": setting.beam},
                    {w: {"value": r.value, "exact": r.exact, "seconds": round(r.seconds, 3)}
                     for w, r in done.items()})
