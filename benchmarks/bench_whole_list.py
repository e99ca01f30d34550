"""The whole-list runs' wall and CPU times, and the exact ranking's throughput by rank band.

    python benchmarks/bench_whole_list.py              # the committed runs' figures (seconds)
    python benchmarks/bench_whole_list.py --measure 3  # and the throughput timed afresh,
                                                       # 3 words per rank band (a few minutes)
    python benchmarks/bench_whole_list.py --letters 12 # what searching words of alike letters
                                                       # one after another saves (10 minutes)
    python benchmarks/bench_whole_list.py --measure 2 --mode hard   # the same for hard mode
    python benchmarks/bench_whole_list.py --retime 20  # the committed table's CPU against today's
                                                       # engine on 20 words a band (20 minutes)

Why both: a whole-list run takes minutes to hours (every first word, one list pairing, one mode,
one guess limit), too long to repeat for a benchmark, so its figures are the ones its own run
recorded (`summary.json` under `results/all-first-words/`, written by the run with its provenance:
command, date, machine). The exact ranking (`--rank exact`) is the long job of issue 12 §2: its
throughput by rank band comes from the committed checkpoints (each word's CPU seconds, ranked by
the search's ordering score), and the projection for the whole 12,972-word table from those rates.
`--measure N` times it again now, on N words spread over each band, against a baseline measured in
the same run (SALET's exact value from an empty memo, the quickest exact job there is), so the
figures can be compared across machines as ratios. The words of a band share one memo, as they do
in a real `--rank exact --all` run. `--letters N` measures the order such a run uses
(`lookahead.questions.exact_values.letters_order`): N weakest-band words that follow one another in
that order, searched with one memo, against the same words each from an empty memo; and, as a
control, N words spread over the band (far apart in that order) the same two ways.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from lookahead import SearchSetting, exact_values, ranked_guesses  # noqa: E402
from lookahead.kernels.memo import clear_memo  # noqa: E402
from lookahead.parallel.tasks import solver_for  # noqa: E402
from lookahead.questions.exact_values import letters_order  # noqa: E402
from optimal.game import Game  # noqa: E402

RESULTS = ROOT / "results"
EXACT_TABLE = "answers-2315-guesses-12972-{mode}-d6-exact"  # the folder each exact run writes
BANDS = [(1, 200), (201, 1000), (1001, 2000), (2001, 5000), (5001, 12972)]


def whole_list_runs() -> None:
    """Every committed every-first-word run: its best word and total and its recorded times."""
    print("Every first word searched (results/all-first-words/), as each run recorded it:")
    print(f"{'lists':<34} {'mode':<6} {'D':>2} {'best':<12} {'proven':<8} {'wall s':>8} "
          f"{'CPU s':>8}  date")
    for summary in sorted((RESULTS / "all-first-words").glob("*/summary.json")):
        data = json.loads(summary.read_text())
        game, best = data["game"], data.get("best") or {}
        lists = f"{game['answers']['name']} / {game['guesses']['name']}"
        shown = f"{best.get('word', '-').upper()} {best.get('total', '-')}"
        cpu = data.get("cpu_seconds")  # (not recorded by the oldest runs)
        words = data["search"]["words"]
        part = "  (the last part only: " + words.split("; ")[-1] + ")" if "resumed" in words else ""
        print(f"{lists:<34} {game['mode']:<6} {game['max_guesses']:>2} {shown:<12} "
              f"{str(bool(best.get('proven'))):<8} {data['seconds']:>8.0f} "
              f"{f'{cpu:.0f}' if cpu is not None else 'n/a':>8}  "
              f"{data['provenance']['date'][:10]}{part}")
    for checkpoint in sorted((RESULTS / "all-first-words").glob("*/checkpoint-all.json")):
        if (checkpoint.parent / "summary.json").exists():
            continue
        results = json.loads(checkpoint.read_text())["results"]
        exact = [r for r in results.values() if r["exact"]]
        best = min(r["value"] for r in exact) if exact else None
        open_ties = sum(1 for r in results.values() if not r["exact"] and r["value"] == best)
        task = sum(r["seconds"] for r in results.values())
        print(f"{checkpoint.parent.name}: unfinished, {len(results):,} words searched, best "
              f"{best}, {open_ties:,} possible ties not yet settled; {task:,.0f} s of search "
              f"time in the checkpoint (the words' last searches)")


def ranks(game: Game) -> dict[str, int]:
    """Each first word's rank by the search's ordering score (1 = searched first)."""
    order = ranked_guesses(game, SearchSetting())
    return {game.guesses.words[g]: i + 1 for i, (g, _) in enumerate(order)}


def committed_entries(mode: str) -> tuple[dict[str, float], dict[str, int], set[str]]:
    """From every committed exact-ranking checkpoint of the original lists in `mode` (a word in
    several counted once, from its last): each exact word's recorded CPU seconds, the values of
    those with one, and those proven to have no tree within 6."""
    words: dict[str, float] = {}
    totals: dict[str, int] = {}  # the exact values (a word with no tree within 6 has none)
    no_tree: set[str] = set()
    for folder in ("exact", "exact-all", "exact-sample"):
        path = RESULTS / folder / EXACT_TABLE.format(mode=mode) / "checkpoint-exact.json"
        if path.exists():
            for word, value in json.loads(path.read_text())["results"].items():
                if value["exact"]:
                    words[word] = value["cpu_seconds"]
                    if value["upper"] is None:
                        no_tree.add(word)
                        totals.pop(word, None)
                    else:
                        totals[word] = value["upper"]
    return words, totals, no_tree


def committed_throughput(rank: dict[str, int], mode: str = "normal") -> None:
    """Words per CPU-hour by rank band, from every committed exact-ranking checkpoint of the
    original lists in `mode` (ranks are the ordering score's in that mode). A word proven to have
    no tree within 6 counts as exact."""
    words, totals, no_tree = committed_entries(mode)
    if not words:
        return
    print(f"\nExact ranking (--rank exact), original lists, {mode} mode, from the committed "
          "checkpoints:")
    print(f"{'ranks':<12} {'words':>6} {'CPU s':>8} {'words per CPU-hour':>19}")
    rates = {}
    for low, high in BANDS:
        band = [cpu for word, cpu in words.items() if low <= rank.get(word, 0) <= high]
        if band:
            rates[low, high] = len(band) / max(sum(band), 1e-9) * 3600
            print(f"{low:>5}-{high:<6} {len(band):>6} {sum(band):>8.0f} {rates[low, high]:>19,.0f}")
    done = len(words)
    if len(rates) == len(BANDS):
        hours = sum((high - low + 1) / rates[low, high] for low, high in BANDS)
        print(f"projected for all 12,972 words: {hours:.1f} CPU-hours; {done:,} words exact so far")
    else:
        print(f"{done:,} words exact so far; too few bands reached to project the rest")
    if no_tree:
        print(f"of them {len(no_tree):,} proven to have no tree within 6")
    table_summary(totals, words)


def table_summary(totals: dict[str, int], cpu: dict[str, float]) -> None:
    """The table's figures so far: its values' best, worst and mean, and the CPU seconds a word
    took (mean, median, most), so a finished table is committed with what a reader asks first."""
    if not totals:
        return
    best, worst = min(totals, key=totals.get), max(totals, key=totals.get)
    seconds = sorted(cpu.values())
    slowest = max(cpu, key=cpu.get)
    print(f"values of the {len(totals):,} words with one: best {best.upper()} {totals[best]:,}, "
          f"worst {worst.upper()} {totals[worst]:,}, mean {sum(totals.values()) / len(totals):,.1f}")
    print(f"CPU seconds per word: mean {sum(seconds) / len(seconds):.1f}, median "
          f"{seconds[len(seconds) // 2]:.1f}, most {cpu[slowest]:.0f} ({slowest.upper()})")


def measured_throughput(game: Game, rank: dict[str, int], per_band: int) -> None:
    """Words per CPU-hour now, `per_band` words spread over each band, against SALET's proof."""
    by_rank = {r: w for w, r in rank.items()}
    setting = SearchSetting()
    exact_values(game, [game.guess_id("salet")], setting, 60)  # warm: kernels and matrix
    fresh = SearchSetting(cache_mb=setting.cache_mb / 2)  # another solver: its memo starts empty
    start = time.thread_time()
    exact_values(game, [game.guess_id("salet")], fresh, 60)
    baseline = time.thread_time() - start
    print(f"\nMeasured now, {game.mode_name}: baseline, SALET's exact value: {baseline:.2f} CPU s")
    print(f"{'ranks':<12} {'words':>6} {'CPU s':>8} {'words per CPU-hour':>19} "
          f"{'s per word / baseline':>22}")
    for low, high in BANDS:
        high = min(high, len(by_rank))
        step = max(1, (high - low + 1) // per_band)
        words = [by_rank[r] for r in range(low + step // 2, high + 1, step)][:per_band]
        values = exact_values(game, [game.guess_id(w) for w in words], setting, 60)
        cpu = sum(v.cpu_seconds for v in values)
        left = sum(1 for v in values if not v.exact)
        note = f" ({left} left at their bounds)" if left else ""
        print(f"{low:>5}-{high:<6} {len(words):>6} {cpu:>8.1f} {len(words) / cpu * 3600:>19,.0f} "
              f"{cpu / len(words) / baseline:>22.1f}{note}")


def cpu_of(game: Game, words: list[str], setting: SearchSetting, shared: bool) -> float:
    """CPU seconds of the words' exact values in the order given: one memo for all (`shared`), or
    each word from an empty memo."""
    clear_memo(solver_for(game, 0, setting.memo_mb).ws)
    cpu = 0.0
    for word in words:
        if not shared:
            clear_memo(solver_for(game, 0, setting.memo_mb).ws)
        cpu += exact_values(game, [game.guess_id(word)], setting, 600)[0].cpu_seconds
    return cpu


def measured_letters_order(game: Game, rank: dict[str, int], n: int) -> None:
    """What the order by letters saves on the weakest band (see module)."""
    band = sorted((w for w, r in rank.items() if r >= BANDS[-1][0]), key=rank.get)
    ids = letters_order(game, [game.guess_id(w) for w in band], block=len(band))
    middle = len(ids) // 2
    same_letters = [game.guesses.words[g] for g in ids[middle:middle + n]]
    spread = band[::max(1, len(band) // n)][:n]
    setting = SearchSetting(cache_mb=4096)
    exact_values(game, [game.guess_id("salet")], setting, 60)  # warm: kernels and matrix
    print(f"\nThe order by letters, {game.mode_name}, ranks {BANDS[-1][0]:,}+ ({n} words each way, "
          "CPU seconds):")
    print(f"{'words':<44} {'one memo':>9} {'empty memo each':>16} {'saved':>6}")
    for name, words in ((f"same letters: {same_letters[0].upper()} ... {same_letters[-1].upper()}",
                         same_letters),
                        (f"spread over the band: {spread[0].upper()} ...", spread)):
        shared, alone = cpu_of(game, words, setting, True), cpu_of(game, words, setting, False)
        print(f"{name:<44} {shared:>9.1f} {alone:>16.1f} {1 - shared / alone:>6.0%}")


def retimed_table(game: Game, mode: str, rank: dict[str, int], n: int) -> None:
    """The committed table's CPU against today's engine on the same words, by band: n words of
    each band that follow one another in the order a table run searches them (`letters_order`,
    from the middle of the band), one memo, as in a run. Why: a table's entries keep the CPU of
    the engine that ran them, and the engine changed while the tables ran (the memo cleared when
    full, letter groups), so its projection can overstate what a rerun costs today."""
    recorded, _, _ = committed_entries(mode)
    setting = SearchSetting(cache_mb=4096)
    exact_values(game, [game.guess_id("salet")], setting, 60)  # warm: kernels and matrix
    print(f"\nThe committed {mode} table retimed now ({n} words a band, in the order a "
          "table run searches them, one memo; CPU seconds):")
    print(f"{'ranks':<12} {'words':>6} {'recorded':>9} {'now':>8} {'now/recorded':>13} "
          f"{'band recorded':>14} {'band now (est.)':>16}")
    projected = 0.0
    for low, high in BANDS:
        band = sorted((w for w, r in rank.items() if low <= r <= high), key=rank.get)
        ids = letters_order(game, [game.guess_id(w) for w in band])
        middle = max(0, len(ids) // 2 - n // 2)
        words = [game.guesses.words[g] for g in ids[middle:middle + n]]
        now = cpu_of(game, words, setting, True)
        then = sum(recorded[w] for w in words)
        whole = sum(recorded.get(w, 0.0) for w in band)
        projected += whole * now / then
        print(f"{low:>5}-{high:<6} {len(words):>6} {then:>9.1f} {now:>8.1f} {now / then:>13.2f} "
              f"{whole / 3600:>12.2f} h {whole * now / then / 3600:>14.2f} h")
    print(f"the whole table: {sum(recorded.values()) / 3600:.1f} CPU-hours recorded, about "
          f"{projected / 3600:.1f} at today's rates (each band's recorded CPU times its ratio)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--measure", type=int, default=0, metavar="N",
                        help="also time N words per rank band now")
    parser.add_argument("--letters", type=int, default=0, metavar="N",
                        help="also measure the order by letters on N words (and N spread words)")
    parser.add_argument("--retime", type=int, default=0, metavar="N",
                        help="also rerun N words a band of the committed table and compare their "
                             "CPU with the recorded")
    parser.add_argument("--mode", choices=("normal", "hard", "ultra"), default="normal",
                        help="the rule --measure and --letters time (default: normal)")
    args = parser.parse_args()
    whole_list_runs()
    rank = {}
    for mode in ("normal", "hard", "ultra"):
        rank[mode] = ranks(Game.from_lists("original", mode=mode))
        committed_throughput(rank[mode], mode)
    game = Game.from_lists("original", mode=args.mode)
    if args.measure > 0:
        measured_throughput(game, rank[args.mode], args.measure)
    if args.letters > 0:
        measured_letters_order(game, rank[args.mode], args.letters)
    if args.retime > 0:
        retimed_table(game, args.mode, rank[args.mode], args.retime)


if __name__ == "__main__":
    main()
