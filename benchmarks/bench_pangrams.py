"""Five words with 25 different letters on the 12,972 allowed guesses: both solvers and a baseline.

Prints the solution counts (letter sets and words with anagrams expanded), the compiled
rarest-letter search (median of several runs after a warm-up that loads or compiles the numba
kernel), the same search in pure Python, CP-SAT (one run: it takes seconds), and a baseline: a plain
recursive search over the classes in a fixed order, each level keeping only the later classes
disjoint from the letters chosen so far -- no rarest-letter index, no skip. The baseline takes
minutes in full, so it is timed on a stratified sample of its top-level branches (one random first
class in every block of BLOCK) and scaled up; its solutions, in the sampled branches and in the
branches that hold the fast search's solutions, are checked against the fast search's.
Usage: python benchmarks/bench_pangrams.py [--cpsat-runs N] [--block N]
"""

from __future__ import annotations

import argparse
import random
import time

from optimal.pangrams.search import (anagram_classes, bitmask_solutions, cpsat_solutions, expanded_count,
                              missing_letter, search_masks, search_masks_python, warm_up)
from optimal.words import load_words
from timing import timed

BAR = 0.5  # seconds the compiled search must stay under on this list


def baseline_branch(masks: list[int], first: int) -> list[tuple[int, ...]]:
    """Every solution whose first class (in list order) is masks[first], by plain recursion."""
    found: list[tuple[int, ...]] = []

    def extend(chosen: list[int], used: int, candidates: list[int]) -> None:
        for k, mask in enumerate(candidates):
            if len(chosen) == 4:
                found.append(tuple(sorted(chosen + [mask])))
            else:
                joint = used | mask
                extend(chosen + [mask], joint, [m for m in candidates[k + 1:] if not m & joint])

    head = masks[first]
    extend([head], head, [m for m in masks[first + 1:] if not m & head])
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--block", type=int, default=50, help="baseline: one sampled branch per N")
    parser.add_argument("--cpsat-runs", type=int, default=1)
    args = parser.parse_args()

    words = load_words("guesses-12972").words
    classes = anagram_classes(words)
    masks = list(classes)
    compile_time = warm_up()
    fast, solutions = timed(lambda: bitmask_solutions(words), 9)
    kernel, mask_solutions = timed(lambda: search_masks(masks), 9)
    python, python_solutions = timed(lambda: search_masks_python(masks), 3)
    cpsat, cpsat_found = timed(lambda: cpsat_solutions(words), args.cpsat_runs)

    rng = random.Random(0)
    estimate, sampled = 0.0, 0
    head_of = {combo: min(masks.index(mask) for mask in combo) for combo in mask_solutions}
    for block_start in range(0, len(masks), args.block):
        block = range(block_start, min(block_start + args.block, len(masks)))
        first = rng.choice(block)
        start = time.perf_counter()
        found = baseline_branch(masks, first)
        estimate += (time.perf_counter() - start) * len(block)
        sampled += 1
        assert sorted(found) == sorted(c for c, h in head_of.items() if h == first), first
    # Solutions are rare, so the random branches hold few or none: also run (untimed) the branches
    # that must find each solution, to show the baseline is a real search and not just slow.
    for head in sorted(set(head_of.values())):
        found = baseline_branch(masks, head)
        assert sorted(found) == sorted(c for c, h in head_of.items() if h == head), head

    words_count = expanded_count(solutions, classes)
    print(f"guesses-12972: {len(words):,} words, {sum(map(len, classes.values())):,} with no repeated "
          f"letter, {len(classes):,} anagram classes")
    print(f"  solutions: {len(solutions)} letter sets, {words_count} words with anagrams expanded "
          f"(letter sets listed by their classes' first words)")
    agree = cpsat_found == solutions and python_solutions == mask_solutions
    print(f"  bitmask, pure-Python bitmask and CP-SAT agree: {agree}")
    for solution in solutions:
        print(f"    {' '.join(w.upper() for w in solution)} (missing {missing_letter(solution).upper()})")
    print(f"  numba load/compile (once, cached on disk): {compile_time:.3f} s")
    print(f"  bitmask search, numba, whole call:  {fast:.4f} s   (median of 9; bar {BAR} s: "
          f"{'met' if fast < BAR else 'MISSED'})")
    print(f"    of which the compiled search:     {kernel:.4f} s   (search_masks, median of 9)")
    print(f"  bitmask search, pure Python:        {python:.3f} s    (median of 3; "
          f"{python / kernel:.0f}x the compiled one)")
    print(f"  CP-SAT enumeration:                 {cpsat:.2f} s    (median of {args.cpsat_runs}; "
          f"{cpsat / fast:.0f}x the bitmask search)")
    print(f"  baseline, plain recursion (Python): ~{estimate:.0f} s  (extrapolated from {sampled} "
          f"sampled top-level branches of {len(masks):,}, one per block of {args.block}; "
          f"the {len(set(head_of.values()))} branches holding solutions find exactly them)")
    print(f"  ratio baseline / bitmask search:    ~{estimate / fast:,.0f}x  "
          f"(pure-Python rarest-letter search: ~{estimate / python:.0f}x faster than the baseline)")


if __name__ == "__main__":
    main()
