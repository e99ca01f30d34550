"""`python -m optimal.pangrams [LIST]`: every set of five words with 25 different letters.

Exit 0 on success, 1 when the two solvers disagree, 2 on bad input.
"""

from __future__ import annotations

import sys
import time

import optimal.pangrams
from collections import Counter
from collections.abc import Sequence

from optimal.cli.args import Parser, non_negative_int
from optimal.cli.outputs import writable_file
from optimal.cli.run import run_cli
from optimal.errors import BadInput
from optimal.files import atomic_write_text
from optimal.pangrams.search import (SOLVERS, WORD_LENGTH, Solution, anagram_classes,
                                     bitmask_solutions, cpsat_solutions, expand, expanded_count,
                                     missing_letter, warm_up)
from optimal.words import BUNDLED_LISTS, load_words

EXAMPLES = """examples:
  python -m optimal.pangrams                           # the 12,972 allowed guesses, bitmask search
  python -m optimal.pangrams answers-2315              # the 2,315 original answers (no solution)
  python -m optimal.pangrams nyt-guesses --limit 20    # NYT guesses; print the first 20 solutions
  python -m optimal.pangrams --solver both             # bitmask and CP-SAT must agree (exit 1 if not)
  python -m optimal.pangrams --solver cpsat --limit 0  # counts and time only, CP-SAT
  python -m optimal.pangrams my-words.txt --out pangrams.txt   # a custom list; full list to a file
"""


def _format(solution: Sequence[str]) -> str:
    return f"{' '.join(word.upper() for word in solution)} (missing {missing_letter(solution).upper()})"


def main(argv: list[str] | None = None) -> int:
    """Run `python -m optimal.pangrams` on `argv` and return the exit code: every set of five words
    with 25 different letters, counted by each solver asked (exit 1 when two solvers disagree),
    with the letter each set leaves out and the word solutions (anagrams expanded)."""
    parser = Parser(prog="python -m optimal.pangrams", description=optimal.pangrams.__doc__, epilog=EXAMPLES)
    parser.add_argument("list", nargs="?", default="guesses-12972", metavar="LIST",
                        help=f"word list: a bundled list ({', '.join(BUNDLED_LISTS)}) or a file of "
                             f"five-letter words, one a line (default guesses-12972)")
    parser.add_argument("--solver", choices=SOLVERS, default="bitmask",
                        help="bitmask (rarest letter first, fast), cpsat (OR-Tools, slower) or both, "
                             "which must agree (default bitmask)")
    parser.add_argument("--out", metavar="FILE",
                        help="also write every word solution to FILE, one a line (atomically)")
    parser.add_argument("--limit", type=non_negative_int, metavar="N",
                        help="print only the first N word solutions (0: counts only)")
    args = parser.parse_args(argv)

    def body() -> int:
        if args.out:
            writable_file(args.out)  # before any work
        word_list = load_words(args.list)
        words = list(word_list.words)
        if word_list.length != WORD_LENGTH:
            raise BadInput(f"{args.list}: pangrams need five-letter words; this list has "
                           f"{word_list.length}-letter words")
        classes = anagram_classes(words)
        distinct = sum(len(variants) for variants in classes.values())
        print(f"{word_list.name}: {len(words):,} words, {distinct:,} with no repeated letter, "
              f"in {len(classes):,} anagram classes")
        results: dict[str, list[Solution]] = {}
        for solver in (("bitmask", "cpsat") if args.solver == "both" else (args.solver,)):
            extra = ""
            if solver == "bitmask":
                extra = f" (+{warm_up():.2f} s loading the compiled kernel)"
                start = time.perf_counter()
                solutions = bitmask_solutions(words)
            else:
                start = time.perf_counter()
                solutions = cpsat_solutions(words)
            elapsed = time.perf_counter() - start
            results[solver] = solutions
            print(f"{solver}: {len(solutions):,} letter-set solutions, "
                  f"{expanded_count(solutions, classes):,} word solutions with anagrams, "
                  f"in {elapsed:.3f} s{extra}")
        if args.solver == "both" and results["bitmask"] != results["cpsat"]:
            only_bitmask = sorted(set(results["bitmask"]) - set(results["cpsat"]))
            only_cpsat = sorted(set(results["cpsat"]) - set(results["bitmask"]))
            sys.stderr.write(
                f"{parser.prog}: error: the solvers disagree: bitmask found "
                f"{len(results['bitmask'])} letter-set solutions, cpsat {len(results['cpsat'])}; "
                f"only bitmask: {', '.join(' '.join(s).upper() for s in only_bitmask[:3]) or '-'}; "
                f"only cpsat: {', '.join(' '.join(s).upper() for s in only_cpsat[:3]) or '-'}\n")
            return 1
        if args.solver == "both":
            print("bitmask and cpsat agree")
        class_solutions = next(iter(results.values()))
        tally = Counter(missing_letter(solution) for solution in class_solutions)
        if tally:
            print("missing letter: " + ", ".join(f"{letter.upper()} {tally[letter]}"
                                                 for letter in sorted(tally)) + " (letter-set solutions)")
        word_solutions = expand(class_solutions, classes)
        if args.out:
            text = "".join(_format(solution) + "\n" for solution in word_solutions)
            atomic_write_text(args.out, text)  # an unwritable path: one line from run_cli
            print(f"wrote {len(word_solutions):,} word solutions to {args.out}")
        shown = word_solutions if args.limit is None else word_solutions[:args.limit]
        for solution in shown:
            print(_format(solution))
        if len(shown) < len(word_solutions):
            print(f"... {len(word_solutions) - len(shown):,} more (--limit {args.limit})")
        return 0

    return run_cli(body, parser.prog)

