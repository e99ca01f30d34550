"""Five words, 25 different letters: the anagram classes, the bitmask exact-cover search (numba)
and the CP-SAT model that cross-checks it (see the package docstring for how each works)."""

from __future__ import annotations

import itertools
import time
from collections.abc import Iterable, Sequence

import numpy as np

from lookahead import letter_covers
from optimal.errors import BadInput, SearchIncomplete

WORD_LENGTH = 5  # five words of five letters: 25 of the 26 letters
WORDS_PER_SOLUTION = 5
ALPHABET = "abcdefghijklmnopqrstuvwxyz"
FULL_MASK = (1 << 26) - 1

#: A solution over anagram classes: the representatives (alphabetically first word of each class),
#: sorted. A solution over words has the same shape, with any variant in place of a representative.
Solution = tuple[str, ...]

SOLVERS = ("bitmask", "cpsat", "both")



# ---------------------------------------------------------------------------------------------
# Anagram classes


def letter_mask(word: str) -> int:
    """The 26-bit set of letters of a lower-case word (bit 0 = 'a')."""
    mask = 0
    for char in word:
        mask |= 1 << (ord(char) - 97)
    return mask


def mask_letters(mask: int) -> str:
    """The letters of a mask, in alphabetical order."""
    return "".join(ALPHABET[i] for i in range(26) if mask >> i & 1)


def anagram_classes(words: Iterable[str]) -> dict[int, list[str]]:
    """The words with no repeated letter, grouped by letter set: {mask: sorted anagram variants}.

    Why drop repeated letters here: such a word covers fewer distinct letters than it has, so five
    of them can never reach 25. Why group: anagrams are interchangeable in a solution, so searching
    classes instead of words shrinks the search and each class solution is expanded afterwards.
    The dict is ordered by mask, so everything derived from it is deterministic.
    """
    groups: dict[int, list[str]] = {}
    for word in words:
        mask = letter_mask(word)
        if mask.bit_count() == len(word):
            groups.setdefault(mask, []).append(word)
    return {mask: sorted(groups[mask]) for mask in sorted(groups)}


def _check_words(words: Sequence[str]) -> None:
    """Five-letter lower-case words only: the 25-of-26 puzzle means nothing for other lengths."""
    for word in words:
        if len(word) != WORD_LENGTH or not (word.isascii() and word.isalpha() and word.islower()):
            raise BadInput(f"pangrams need lower-case five-letter words (a-z); got {word!r}")


def _representatives(classes: dict[int, list[str]], masks: Iterable[int]) -> Solution:
    """A class solution as the sorted tuple of its classes' first words."""
    return tuple(sorted(classes[mask][0] for mask in masks))


def solution_mask(solution: Sequence[str]) -> int:
    """The letters a solution covers."""
    mask = 0
    for word in solution:
        mask |= letter_mask(word)
    return mask


def missing_letter(solution: Sequence[str]) -> str:
    """The one letter of the alphabet a solution does not use."""
    missing = FULL_MASK & ~solution_mask(solution)
    if missing.bit_count() != 1:
        raise BadInput(f"{solution} leaves out {mask_letters(missing)!r}, not exactly one letter")
    return ALPHABET[missing.bit_length() - 1]


def expand(solutions: Iterable[Sequence[str]], classes: dict[int, list[str]]) -> list[Solution]:
    """Every word solution: each class solution with its classes' anagram variants in all combinations.

    Each result is a sorted tuple of words and the list is sorted, so two runs (or two solvers)
    compare equal exactly when they found the same solutions.
    """
    expanded: list[Solution] = []
    for solution in solutions:
        variants = [classes[letter_mask(word)] for word in solution]
        expanded.extend(tuple(sorted(combo)) for combo in itertools.product(*variants))
    return sorted(expanded)


def expanded_count(solutions: Iterable[Sequence[str]], classes: dict[int, list[str]]) -> int:
    """How many word solutions `expand` would return, without building them."""
    total = 0
    for solution in solutions:
        count = 1
        for word in solution:
            count *= len(classes[letter_mask(word)])
        total += count
    return total


# ---------------------------------------------------------------------------------------------
# Solver 1: rarest letter first, over bitmasks


def rarity_order(masks: Sequence[int]) -> list[int]:
    """Letters (0-25) from rarest to commonest, counting the classes that contain each.

    Ties are broken by the letter, so the order -- and the order solutions are found in -- is
    deterministic.
    """
    array = np.array(masks, dtype=np.int64).reshape(-1, 1)
    counts = ((array >> np.arange(26)) & 1).sum(axis=0).tolist()
    return sorted(range(26), key=lambda letter: (counts[letter], letter))


def _remap(mask: int, order: Sequence[int]) -> int:
    """A mask with its letters renumbered by rarity: bit r = the r-th rarest letter.

    After this, a class's rarest letter is its lowest set bit and the rarest uncovered letter is
    the lowest clear bit of the covered set -- both a couple of integer operations.
    """
    remapped = 0
    for rank, letter in enumerate(order):
        remapped |= (mask >> letter & 1) << rank
    return remapped


def _index(masks: Sequence[int]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The search index: (remapped masks sorted by rarest letter, class number of each, bucket starts).

    Classes filed under rank r are entries starts[r] to starts[r + 1] - 1. Built with numpy (26
    whole-array operations) so that it costs milliseconds next to the search.
    """
    order = rarity_order(masks)
    original = np.array(masks, dtype=np.int64)
    remapped = np.zeros_like(original)
    for rank, letter in enumerate(order):
        remapped |= ((original >> letter) & 1) << rank
    lowest = remapped & -remapped
    rarest = np.log2(lowest.astype(np.float64)).round().astype(np.int64)  # exact: powers of two
    position = np.argsort(rarest, kind="stable")
    starts = np.searchsorted(rarest[position], np.arange(27)).astype(np.int64)
    return remapped[position], position.astype(np.int64), starts


def search_masks(masks: Sequence[int], capacity: int = 4096) -> list[tuple[int, ...]]:
    """All 5-class exact covers of 25 letters among `masks`, by the compiled rarest-letter search.

    `masks` are distinct five-letter masks (as `anagram_classes` gives). Returns sorted tuples of
    masks (original letter numbering), in a sorted list. `capacity` is the first size of the
    result array; when more solutions exist the search runs again with room for all of them.
    """
    masks = list(masks)
    if len(masks) < WORDS_PER_SOLUTION:
        return []
    sorted_masks, class_of, starts = _index(masks)
    capacity = max(1, capacity)
    while True:
        out = np.empty((capacity, WORDS_PER_SOLUTION), dtype=np.int64)
        found = letter_covers(sorted_masks, starts, out)
        if found <= capacity:
            break
        capacity = found
    return sorted(tuple(sorted(masks[class_of[k]] for k in row)) for row in out[:found].tolist())


def search_masks_python(masks: Sequence[int]) -> list[tuple[int, ...]]:
    """The same rarest-letter search in pure Python (recursive, ints as bitmasks).

    Why keep it: it is the readable statement of the algorithm, a check on the compiled kernel in
    the tests, and the benchmark's measure of what numba buys.
    """
    masks = list(masks)
    order = rarity_order(masks)
    buckets: list[list[tuple[int, int]]] = [[] for _ in range(27)]
    for mask in masks:
        remapped = _remap(mask, order)
        buckets[(remapped & -remapped).bit_length() - 1].append((remapped, mask))
    found: list[tuple[int, ...]] = []
    chosen: list[int] = []

    def cover(used: int, skipped: bool) -> None:
        rank = (~used & (used + 1)).bit_length() - 1  # the rarest letter not yet covered
        for remapped, mask in buckets[rank]:
            if not remapped & used:
                chosen.append(mask)
                if len(chosen) == WORDS_PER_SOLUTION:
                    found.append(tuple(sorted(chosen)))
                else:
                    cover(used | remapped, skipped)
                chosen.pop()
        if not skipped:
            cover(used | 1 << rank, True)  # this letter is the one left out

    if len(masks) >= WORDS_PER_SOLUTION:
        cover(0, False)
    return sorted(found)


def bitmask_solutions(words: Sequence[str]) -> list[Solution]:
    """Class solutions by the rarest-letter-first search: sorted tuples of class representatives.

    A representative is the alphabetically first word of its anagram class; pass the result to
    `expand` (with `anagram_classes(words)`) for every word solution.
    """
    _check_words(words)
    classes = anagram_classes(words)
    return sorted(_representatives(classes, combo) for combo in search_masks(list(classes)))


def warm_up() -> float:
    """Load (or compile, the first time) the numba kernel; returns the seconds it took.

    Why separate: a compile costs seconds once and is then cached on disk, so timings of the
    search itself should not include it.
    """
    start = time.perf_counter()
    search_masks([letter_mask(word) for word in ("abcde", "fghij", "klmno", "pqrst", "uvwxy")])
    return time.perf_counter() - start


# ---------------------------------------------------------------------------------------------
# Solver 2: CP-SAT


def cpsat_masks(masks: Sequence[int], time_limit: float | None = None) -> list[tuple[int, ...]]:
    """Every 5-class exact cover of 25 letters among `masks`, enumerated by OR-Tools CP-SAT.

    Model: chosen[c] = class c is in the solution; missing[l] = letter l is the one left out. For
    each letter, sum(chosen[c] for c containing l) + missing[l] == 1 (covered exactly once, or
    missing); exactly one letter is missing and exactly five classes are chosen. `missing` is fixed
    by `chosen`, so each solution is enumerated once. Raises SearchIncomplete when the time limit stops
    the enumeration early, since a partial list would look like a disagreement.

    Cost: seconds where the bitmask search takes milliseconds, and it grows with the number of
    solutions (~0.1 s per solution on dense lists), so keep test instances to tens of solutions.
    """
    try:
        from ortools.sat.python import cp_model
    except ImportError:  # pragma: no cover - ortools is a dependency
        raise BadInput("the cpsat solver needs OR-Tools: pip install 'ortools>=9.8'") from None
    masks = list(masks)
    model = cp_model.CpModel()
    chosen = [model.NewBoolVar(f"c{i}") for i in range(len(masks))]
    missing = [model.NewBoolVar(f"missing_{ALPHABET[l]}") for l in range(26)]
    for letter in range(26):
        holders = [x for x, mask in zip(chosen, masks) if mask >> letter & 1]
        model.Add(sum(holders) + missing[letter] == 1)
    model.AddExactlyOne(missing)
    model.Add(sum(chosen) == WORDS_PER_SOLUTION)

    found: list[tuple[int, ...]] = []

    class Collector(cp_model.CpSolverSolutionCallback):
        def on_solution_callback(self) -> None:  # noqa: N802 (OR-Tools' name)
            picked = [mask for x, mask in zip(chosen, masks) if self.BooleanValue(x)]
            found.append(tuple(sorted(picked)))

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1  # enumerating every solution needs a single worker
    # Presolve is left out: with enumerate_all_solutions it must keep every feasible solution and,
    # on the 12,972-word list, took about 30 of the 37 s; without it the enumeration takes ~6 s.
    solver.parameters.cp_model_presolve = False
    if time_limit is not None:
        solver.parameters.max_time_in_seconds = time_limit
    status = solver.Solve(model, Collector())
    if status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise SearchIncomplete(f"CP-SAT stopped before enumerating every solution "
                           f"({solver.StatusName(status)}, {len(found)} found)")
    return sorted(found)


def cpsat_solutions(words: Sequence[str], time_limit: float | None = None) -> list[Solution]:
    """Class solutions enumerated by CP-SAT, in the same form as `bitmask_solutions`."""
    _check_words(words)
    classes = anagram_classes(words)
    return sorted(_representatives(classes, combo) for combo in cpsat_masks(list(classes), time_limit))
