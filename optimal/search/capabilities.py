"""Which options of `python -m optimal.search` go together: one table, read in order.

Why a table: each question the engine answers (a first-guess search, a mid-game state, the worst
case, the exact table, the front, the tie-break, Dordle) supports some options and not others, and
that was spread over two dozen `if`s checking options against each other pair by pair. Here every
combination rule is one row: the option it is about, the options it needs (one of) or refuses
(any of), and the one line the user reads. `request.py` checks the table before anything else;
`tests/test_capabilities.py` checks that every refusal of a combination in the bad-input corpus
comes from a row of it. Rows are checked in order, so the first rule broken is the one reported.

A new question or option is a new feature below and its rows; nothing else in `request.py` changes.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass

from optimal.errors import BadInput

#: What a command line uses, by the name the messages give it.
FEATURES: dict[str, Callable[[argparse.Namespace], bool]] = {
    "--all": lambda a: bool(a.all),
    "--backend dask": lambda a: a.backend == "dask",
    "--beam": lambda a: bool(a.beam),
    "--below": lambda a: a.below is not None,
    "--boards 2": lambda a: a.boards == 2,
    "--boards 2 --all": lambda a: a.boards == 2 and bool(a.all),
    "--budget": lambda a: a.budget is not None,
    "--budget 0": lambda a: a.budget == 0,
    "--certificate": lambda a: a.certificate is not None,
    "--from": lambda a: a.history is not None,
    "--front": lambda a: a.front is not None,
    "--front --prove": lambda a: a.front is not None and bool(a.prove),
    "--game jotto": lambda a: a.game != "wordle",
    "--first": lambda a: bool(a.first),
    "--hard": lambda a: bool(a.hard),
    "--hunt": lambda a: bool(a.hunt),
    "--ultra": lambda a: bool(getattr(a, "ultra", False)),
    "--max-depth 4": lambda a: a.max_depth == 4,
    "--no-write": lambda a: bool(a.no_write),
    "--out": lambda a: a.out is not None,
    "--objective worst": lambda a: a.objective != "total",
    "--prove": lambda a: bool(a.prove),
    "--rank exact": lambda a: a.rank == "exact",
    "--restart": lambda a: bool(a.restart),
    "--sample": lambda a: a.sample is not None,
    "--scheduler": lambda a: a.scheduler is not None,
    "--seed": lambda a: a.seed is not None,
    "--shortfall": lambda a: bool(a.shortfall),
    "--tie-break worst": lambda a: a.tie_break == "worst",
    "--weights": lambda a: a.weights is not None,
}


class Clash(BadInput):
    """Options that do not go together (a BadInput like any other: one line, exit 2), raised from a
    row of `TABLE` only, so a test can tell a combination refused by the table from any other."""


@dataclass(frozen=True)
class Row:
    """`option`, when used, needs one of `needs` (if any) and none of `refuses`; else `message`.
    A message may name the refused options it found with `{found}`."""

    option: str
    message: str
    needs: tuple[str, ...] = ()
    refuses: tuple[str, ...] = ()

    def broken_by(self, used: set[str]) -> list[str] | None:
        """The options that break this row in `used` (None when it holds)."""
        if self.option not in used:
            return None
        if self.needs and not used & set(self.needs):
            return []
        found = [name for name in self.refuses if name in used]
        return found or None


ONE_BOARD = ("--hard", "--ultra", "--game jotto", "--from", "--objective worst", "--rank exact",
             "--prove", "--backend dask", "--weights", "--certificate")

TABLE: tuple[Row, ...] = (
    Row("--prove", "--prove goes with --beam", needs=("--beam",)),
    Row("--weights", "--weights goes with the total objective: whether every answer can be found "
        "in time does not depend on weights", refuses=("--objective worst",)),
    Row("--shortfall", "--shortfall goes with --objective worst", needs=("--objective worst",)),
    # its column was left empty at any other limit
    Row("--shortfall", "--shortfall measures the branches that have three guesses left: it goes "
        "with --max-depth 4", needs=("--max-depth 4",)),
    Row("--shortfall", "--shortfall needs every branch of a word searched, --all stops at the first "
        "failing one: use --first or --top with --shortfall", refuses=("--all",)),
    Row("--rank exact", "--rank exact goes with the total objective, without --beam or --from",
        refuses=("--objective worst", "--beam", "--from")),
    Row("--certificate", "--certificate goes with an exact first-guess search (no --beam, --from or "
        "--rank exact)", refuses=("--beam", "--from", "--rank exact")),
    Row("--certificate", "--certificate is for unweighted games: the checker knows no weights "
        "(leave out --weights)", refuses=("--weights",)),
    Row("--objective worst", "--objective worst is about first guesses: it does not go with --from",
        refuses=("--from",)),
    Row("--objective worst", "--objective worst is always exact: drop --beam", refuses=("--beam",)),
    Row("--hunt", "--hunt goes with --objective worst", needs=("--objective worst",)),
    Row("--hunt", "--hunt looks for a tree from the words of --first: give them", needs=("--first",)),
    Row("--hunt", "--hunt looks for a tree and proves nothing: not with {found}",
        refuses=("--all", "--certificate", "--shortfall")),
    Row("--restart", "--restart goes with --all, --rank exact, --hunt or --boards 2 (the runs that "
        "keep a checkpoint)", needs=("--all", "--rank exact", "--hunt", "--boards 2")),
    Row("--restart", "--restart goes with a results folder: drop --no-write", refuses=("--no-write",)),
    Row("--scheduler", "--scheduler goes with --backend dask", needs=("--backend dask",)),
    Row("--backend dask", "--backend dask needs --scheduler ADDRESS (a running Dask scheduler)",
        needs=("--scheduler",)),
    Row("--sample", "--sample goes with --boards 2", needs=("--boards 2",)),
    # both were accepted and did nothing: a seed with no sample to seed, a folder never written
    Row("--seed", "--seed goes with --sample (it seeds the sampled answers)", needs=("--sample",)),
    Row("--no-write", "--no-write writes no results folder: leave out --out (or --no-write)",
        refuses=("--out",)),
    Row("--boards 2 --all", "--boards 2 --all searches every first word exactly, its values "
        "together a proven lower bound: not with {found}", refuses=("--beam",)),
    Row("--boards 2", "--boards 2 does not go with {found} (the lower bound covers every first "
        "word; raise --budget to prove more)", refuses=ONE_BOARD),
    Row("--budget 0", "--budget must be a positive number of seconds (0 only with --boards 2)",
        needs=("--boards 2",)),
    # a search of --first or --top runs to its end: a budget there was silently ignored (a user's
    # '--first qajaq --budget 5' ran 171 s)
    Row("--budget", "--budget goes with --rank exact, --front --beam --prove or --boards 2 (a "
        "search of --first, --top, --from or --front runs until it is proven; `python -m "
        "optimal.review` and the assistant answer within a time budget)",
        needs=("--rank exact", "--front --prove", "--boards 2")),
    Row("--front", "--front goes with the total objective, without --rank exact or --from",
        refuses=("--objective worst", "--rank exact", "--from")),
    Row("--front", "--front goes with one board: leave out --boards 2", refuses=("--boards 2",)),
    Row("--tie-break worst", "--tie-break worst breaks ties among the exact search's trees of least "
        "total: not with --beam, --objective worst, --rank exact, --from or --boards 2",
        refuses=("--beam", "--objective worst", "--rank exact", "--from", "--boards 2")),
    Row("--front", "--restart goes with --all or --rank exact (the runs that keep a checkpoint), "
        "not --front", refuses=("--restart",)),
    Row("--weights", "--front and --tie-break worst run on unweighted games (their worst-case "
        "proofs do not take weights): leave out --weights", refuses=("--front", "--tie-break worst")),
    Row("--front", "--certificate goes with an exact first-guess search, not --front",
        refuses=("--certificate",)),
    Row("--below", "--below goes with an exact first-guess search of the total: not with --beam, "
        "--front, --rank exact, --objective worst, --from or --boards 2",
        refuses=("--beam", "--front", "--rank exact", "--objective worst", "--from", "--boards 2")),
)


def used_features(args: argparse.Namespace) -> set[str]:
    """The features of `FEATURES` a parsed command line uses."""
    return {name for name, test in FEATURES.items() if test(args)}


def check_combinations(args: argparse.Namespace) -> None:
    """Raise `Clash` with the first row of `TABLE` the command line breaks."""
    used = used_features(args)
    for row in TABLE:
        found = row.broken_by(used)
        if found is not None:
            raise Clash(row.message.format(found=", ".join(found)))
