"""`python -m optimal.search --front`: the guess-limit front. For each limit D, the least total over
the chosen first words with every answer found within D, or a proof that no first word can.

For each D (the game with `max_guesses = D`):

1. the chosen words (the top N by the ordering score, or --first / --all) are checked with the
   worst-case objective (`lookahead.check_first_guesses`, exact): a word without a tree within D is
   refuted there, in milliseconds for most;
2. when none of them has a tree, every other first word is checked too (resumable from a
   checkpoint in the cell's folder): a cell says "none" only when every first word is refuted;
3. the words that have a tree are searched for the least total (`search_first_guesses`, exact, or
   a beam's upper bounds with --beam); with `--tie-break worst` the best word (and any word tied with
   it) gets the tree of that total whose longest game is shortest, then with the fewest answers at
   that depth (`lookahead.shortest_optimal_tree`); with --beam --prove the best word's exact value is
   sought within --budget seconds (`lookahead.exact_values`: the value, or proven bounds).

Every tree is verified (`optimal.tree.verified`) as soon as it is made, before any figure of it is
reported or written.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import numpy as np

from lookahead import (INF, ExactValue, FirstGuessOutcome, GuessResult, ShortestTree, WorstResult,
                       check_first_guesses, exact_values, finishing_tree, probe_checks_limits,
                       ranked_guesses, search_first_guesses, shortest_optimal_tree)
from optimal.cli.progress import Stopwatch, WordProgress
from optimal.errors import DefectiveTree
from optimal.files import notice
from optimal.game import Game
from optimal.search.first import choose_words
from optimal.search.request import SearchRequest
from optimal.search.worst import CHECKPOINT as WORST_CHECKPOINT
from optimal.search.worst import load_results as load_refuted
from optimal.search.worst import save_results as save_refuted
from optimal.tree import VerifiedTree, verified


@dataclass
class FrontCell:
    """What the front found at one guess limit.

    words: how many first words were chosen; how: how they were chosen; refuted: those proven to
    have no tree within the limit; checked_all: every first word was checked (so 'none' is proven
    for all); outcome: the total search over the feasible words (None when there were none).
    """

    limit: int
    words: int
    how: str
    refuted: int
    checked_all: bool
    all_words: int
    outcome: FirstGuessOutcome | None = None
    plain: VerifiedTree | None = None  # the search's tree for the best word
    shortest: ShortestTree | None = None  # with --tie-break worst
    shortest_tree: VerifiedTree | None = None
    tie_words: list[str] = field(default_factory=list)  # the first words the tie-break compared
    proof: ExactValue | None = None  # with --beam --prove
    seconds: float = 0.0
    check_seconds: float = 0.0
    notes: list[str] = field(default_factory=list)

    @property
    def plain_kept(self) -> bool:
        """Whether the search's own tree is written beside the tie-broken one (it differs)."""
        return self.shortest is not None and differs(self.shortest, self.shortest_tree, self.plain,
                                                     self.outcome.tree_result.word)

    @property
    def feasible(self) -> bool:
        """Whether the cell's search found a tree."""
        return self.outcome is not None and self.outcome.best is not None

    @property
    def tree(self) -> VerifiedTree | None:
        """The cell's tree: the tie-broken one when there is one."""
        return self.shortest_tree or self.plain

    @property
    def word(self) -> str | None:
        """The cell's first word: the tie-broken one when there is one; None without a tree."""
        if self.shortest is not None:
            return self.shortest.word
        return self.outcome.tree_result.word if self.feasible else None

    @property
    def beam(self) -> int:
        """The beam the cell was searched with (0: exact)."""
        return self.outcome.setting.beam if self.outcome is not None else 0

    @property
    def total(self) -> int | None:
        """The best total found (exact unless a beam's upper bound without a finished proof)."""
        if not self.feasible:
            return None
        if self.proof is not None and self.proof.exact:
            return self.proof.lower
        return self.outcome.value

    @property
    def proven(self) -> bool:
        """The total is the exact least total over the evaluated words (or none exists, proven)."""
        if not self.feasible:
            return self.checked_all or self.refuted == self.words
        return self.outcome.proven


def search_front(game: Game, request: SearchRequest, out_dir: Path,
                 on_cell=None) -> list[FrontCell]:
    """Every limit of the request's front, in increasing order; `on_cell(cell)` sees each as it is
    done. The largest limit goes first: it is usually the quickest (every top word has a tree, the
    bounds cut early), while a limit with no tree at all needs every first word refuted."""
    cells = []
    for limit in sorted(request.front, reverse=True):
        cell = front_cell(game.with_limits(max_guesses=limit), request, out_dir / f"d{limit}")
        cells.append(cell)
        if on_cell:
            on_cell(cell)
    return sorted(cells, key=lambda cell: cell.limit)


def front_cell(game: Game, request: SearchRequest, folder: Path) -> FrontCell:
    """The front at one limit (the game's max_guesses)."""
    clock = Stopwatch()
    exact_setting = request.setting.with_beam(0)
    all_words = [g for g, _ in ranked_guesses(game, exact_setting)]
    if not all_words and not request.first:  # every split bound infinite: none, by counting
        cell = FrontCell(game.max_guesses, 0, "no first word (every split leaves a part too large "
                         "for the guesses left)", 0, True, 0)
        cell.seconds = cell.check_seconds = clock.seconds
        return cell
    words, how = choose_words(game, request)
    verdicts = check_words(game, words, request, None)
    feasible = [g for g in words if verdicts[game.guesses.words[g]].feasible]
    checked_all = set(words) >= set(all_words)
    cell = FrontCell(game.max_guesses, len(words), how, len(words) - len(feasible), checked_all,
                     len(all_words))
    if not feasible and not request.first and not checked_all:
        chosen = set(words)
        rest = [g for g in all_words if g not in chosen]
        if not request.quiet:  # --top does not bound this part: say so before it starts
            resume = "; resumable: the same command goes on" if request.write else ""
            notice(f"within {game.max_guesses}: none of the {len(words):,} chosen words has a "
                   f"tree, so every other first word ({len(rest):,}) is checked before the cell "
                   f"can say 'none' or name the best (can take hours{resume})")
        verdicts.update(check_words(game, rest, request, folder if request.write else None))
        cell.checked_all = True
        feasible = [g for g in all_words if verdicts[game.guesses.words[g]].feasible]
        if feasible:
            top = request.top or len(words)
            cell.notes.append(f"none of the {len(words)} chosen words has a tree within "
                              f"{game.max_guesses}, but {len(feasible)} other words do: the "
                              f"{min(top, len(feasible))} best-ranked of them were searched")
            feasible = feasible[:top]
            cell.words, cell.refuted = len(feasible), 0
            cell.how = f"the top {len(feasible):,} of the words with a tree within {game.max_guesses}"
    cell.check_seconds = clock.seconds
    if feasible:
        search_totals(game, feasible, request, cell)
    cell.seconds = clock.seconds
    return cell


def check_words(game: Game, words: list[int], request: SearchRequest,
                folder: Path | None) -> dict[str, WorstResult]:
    """Whether each word has a tree within the limit (proven either way), resumable from a
    checkpoint in `folder` when it is given (the run over every first word)."""
    path = folder / WORST_CHECKPOINT if folder is not None else None
    done: dict[str, WorstResult] = {}
    if path is not None:
        folder.mkdir(parents=True, exist_ok=True)
        done = load_refuted(path, game, words)
    save = partial(save_refuted, path, game, done) if path is not None else None
    todo = [g for g in words if game.guesses.words[g] not in done]
    progress = WordProgress(len(words), len(words) - len(todo), request.quiet or len(words) < 50,
                            save)
    found = [0]

    def record(result: WorstResult) -> None:
        done[result.word] = result
        found[0] += result.feasible
        progress.step(f"within {game.max_guesses}: {found[0]} | {result.word.upper()} "
                      f"{'yes' if result.feasible else 'no'}")

    try:
        check_first_guesses(game, todo, request.setting.with_beam(0), every_branch=False,
                            on_result=record)
    finally:
        progress.close()
        if save is not None:
            save()
    return done


def search_totals(game: Game, words: list[int], request: SearchRequest, cell: FrontCell) -> None:
    """The least total over `words` (all with a tree within the limit), its verified tree, and the
    tie-break or the proof the request asks for."""
    setting = request.setting
    cutoff = starting_cutoff(game, words, setting, cell)
    progress = WordProgress(len(words), 0, request.quiet or len(words) == 1, None)
    seen: set[str] = set()

    def on_result(result: GuessResult) -> None:
        """One step per word: a word the tie pass searches again is not counted twice."""
        progress.step(f"{result.word.upper()} {result.value_text()}", result.word not in seen)
        seen.add(result.word)

    try:
        outcome = search_first_guesses(game, words, setting, cutoff=cutoff, on_result=on_result)
    finally:
        progress.close()
    cell.outcome = outcome
    if outcome.best is None:
        raise DefectiveTree(f"within {game.max_guesses}: the worst-case check found a tree for "
                            f"{len(words)} word(s) but the search none")
    cell.plain = verified(outcome.tree_result.tree, game)
    if cell.plain.total != outcome.tree_result.value:
        raise DefectiveTree(f"{outcome.tree_result.word.upper()}: the search reports "
                            f"{outcome.tree_result.value} but its tree replays to {cell.plain.total}")
    if request.tie_break == "worst":
        cell.shortest, cell.shortest_tree, cell.tie_words = tie_break(game, outcome, cell.plain,
                                                                      setting)
    if setting.beam and request.prove:
        proofs = exact_values(game, [game.guess_id(outcome.best.word)], setting, request.budget)
        cell.proof = proofs[0]
        if cell.proof.tree is not None:
            checked = verified(cell.proof.tree, game)
            if checked.total != cell.proof.upper:
                raise DefectiveTree(f"{cell.proof.word.upper()}: the search reports "
                                    f"{cell.proof.upper} but its tree replays to {checked.total}")
            cell.proof.worst, cell.proof.tree = int(checked.counts.max()), None


def starting_cutoff(game: Game, words: list[int], setting, cell: FrontCell) -> int:
    """Where the exact search over `words` (each with a tree within the limit) starts cutting off:
    INF (the search's own beam probe finds a cutoff), except where that probe would check
    feasibility at every node (`lookahead.probe_checks_limits`, hard mode at limit 5): there, 1 +
    the total of the first word's finishing tree, verified. The first word has a tree below it,
    so the search still finds the least total."""
    if setting.beam or len(words) < 2 or not probe_checks_limits(game):
        return INF
    tree = finishing_tree(game, words[0], setting)
    if tree is None:
        raise DefectiveTree(f"within {game.max_guesses}: the worst-case check found a tree for "
                            f"{game.guesses.words[words[0]].upper()} but the finishing search none")
    total = verified(tree, game).total
    cell.notes.append(f"the search cut off from the start at {total + 1:,}: "
                      f"{game.guesses.words[words[0]].upper()}'s finishing tree totals {total:,} "
                      f"(a beam probe would check the limit at every node)")
    return total + 1


def differs(shortest: ShortestTree, tree: VerifiedTree, plain: VerifiedTree, plain_word: str) -> bool:
    """Whether the tie-broken tree plays differently from the search's own (another first word,
    or some answer found after another number of guesses)."""
    return shortest.word != plain_word or not np.array_equal(tree.counts, plain.counts)


def tie_break(game: Game, outcome: FirstGuessOutcome, plain: VerifiedTree,
              setting) -> tuple[ShortestTree, VerifiedTree, list[str]]:
    """Among the best word and the words proven to tie with it: the tree of least total whose
    longest game is shortest, then with the fewest answers at that depth (ties: list order); and
    the words compared."""
    best = outcome.best
    words = [best.word] + outcome.ties()
    chosen: tuple[ShortestTree, VerifiedTree] | None = None
    for word in words:
        longest = int(plain.counts.max()) if word == best.word else None
        result = shortest_optimal_tree(game, game.guess_id(word), outcome.value, setting, longest)
        tree = verified(result.tree, game)
        depth = int(tree.counts.max())
        if (tree.total != result.total or depth != result.longest
                or int((tree.counts == depth).sum()) != result.at_longest):
            raise DefectiveTree(f"{word.upper()}: the tie-break reports total {result.total}, "
                                f"longest {result.longest} ({result.at_longest} answers) but its "
                                f"tree replays to {tree.total}, longest {depth} "
                                f"({int((tree.counts == depth).sum())} answers)")
        if chosen is None or (result.longest, result.at_longest) < (chosen[0].longest,
                                                                     chosen[0].at_longest):
            chosen = (result, tree)
    return chosen[0], chosen[1], words
