"""Proof certificates, Python's side: one stream out of the records of every solver of a search.

Each solver that certifies (`Solver(certify=True)`) owns a *section*: its kernels' records and the
claims it makes at the top (a first guess costs at least ...), numbered from 0 in its own order, so
workers never need to agree on numbers. A `CertificateLog` lives in the process that runs the search:
it writes each chunk a task brings back under its section's number (in the order the chunks come,
which is each section's own order), and adds the search's conclusions in section 0, whose records
may cite claims of any section. The records are defined in `lookahead.kernels.proof_records`; `optimal.check` is
the independent reader. The command writes the header and owns the file; this writes the records.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from lookahead.kernels.proof_records import (CLOSED_FORM, OP_CITE_X, OP_CLOSE, OP_CLOSE_EXCEPT, OP_CLOSE_ONLY,
                               OP_END, OP_GUESS, OP_GUESS_X, OP_OPEN, OP_SECTION)
from optimal.game import ClueState

CERTIFICATE_WORDS = 1 << 28  # per solver: 1 GiB, allocated lazily by the OS (only the pages written
# take memory); drained after every call. One call can be large: the 12,972-answer game's single
# first word wrote over 82 million words in one call, past the 16.7 million this was before.


@dataclass(frozen=True)
class ClaimRef:
    """A claim of some solver's section (`token`) by its number there, or a rule (`claim` < 0)."""

    token: str
    claim: int


@dataclass(frozen=True)
class Chunk:
    """Records a solver wrote since the last chunk it gave away."""

    token: str
    words: np.ndarray


def new_token() -> str:
    """A name for a section (or a whole certificate) that no other can have."""
    return secrets.token_hex(8)


def open_words(candidates: np.ndarray, guesses_left: int, state: ClueState | None) -> list[int]:
    """The OPEN record of a node, as the kernels write it (`state`: the node's clue state in a
    strict mode, None in normal mode)."""
    words = [OP_OPEN, guesses_left, len(candidates)] + [int(a) for a in candidates]
    if state is not None:
        words += [value for field in state.kernel_fields().values() for value in field]
    return words


def guess_words(guess: int, parts: Iterable[tuple[int, int]]) -> list[int]:
    """A GUESS record for parts [(reply code, claim or rule)] (closed forms left out)."""
    named = [(code, claim) for code, claim in parts if claim != CLOSED_FORM]
    return [OP_GUESS, guess, len(named)] + [x for pair in named for x in pair]


def close_words(value: int, only: list[int] | None = None, but: list[int] | None = None) -> list[int]:
    """A CLOSE record: every allowed guess (or only those listed, or all but those listed) costs at
    least `value`."""
    if only is not None:
        return [OP_CLOSE_ONLY, value, len(only)] + list(only)
    if but is not None:
        return [OP_CLOSE_EXCEPT, value, len(but)] + list(but)
    return [OP_CLOSE, value]


class CertificateLog:
    """The certificate stream of one search: chunks of the solvers' sections, then the search's
    conclusions (claims about the first guesses, in section 0) and the END record naming them.

    `write(words)` receives the records in file order as int32 arrays."""

    def __init__(self, write: Callable[[np.ndarray], None], candidates: np.ndarray, guesses_left: int,
                 state: ClueState | None):
        self.token = new_token()  # solvers of this search are keyed by it: a fresh memo for each
        self._write = write
        self._sections: dict[str, int] = {}
        self._root = open_words(candidates, guesses_left, state)
        self._claims = 0  # claims of section 0
        self.words = 0

    def _put(self, words: list[int] | np.ndarray) -> None:
        array = np.asarray(words, dtype=np.int32)
        self.words += array.size
        self._write(array)

    def add(self, chunk: Chunk | None) -> None:
        """Write the records a task brought back, under its solver's section."""
        if chunk is None or not chunk.words.size:
            return
        section = self._sections.setdefault(chunk.token, len(self._sections) + 1)
        self._put([OP_SECTION, section])
        self._put(chunk.words)

    def _ref(self, ref: ClaimRef) -> tuple[int, int]:
        """(section, claim) of a reference; section 0 holds this log's own claims."""
        if ref.claim < 0 or ref.token == self.token:
            return 0, ref.claim
        return self._sections[ref.token], ref.claim

    def claim(self, value: int, guesses: dict[int, ClaimRef] | None = None,
              parts: dict[int, list[tuple[int, ClaimRef]]] | None = None,
              only: list[int] | None = None, but: list[int] | None = None) -> ClaimRef:
        """A claim about the first guess (section 0): the guesses in `guesses` cost what the cited
        claims say, those in `parts` n + the sum of their parts; then CLOSE with `value`."""
        words = [OP_SECTION, 0] + self._root
        for guess, parts_of in (parts or {}).items():
            named = [(code, *self._ref(ref)) for code, ref in parts_of if ref.claim != CLOSED_FORM]
            words += [OP_GUESS_X, guess, len(named)] + [x for triple in named for x in triple]
        for ref in dict.fromkeys((guesses or {}).values()):
            words += [OP_CITE_X, *self._ref(ref)]
        words += close_words(value, only, but)
        self._put(words)
        self._claims += 1
        return ClaimRef(self.token, self._claims - 1)

    def finish(self, proves: list[ClaimRef]) -> None:
        """The END record: the claims (of section 0) that are the search's conclusions."""
        words = [OP_SECTION, 0, OP_END, len(proves)]
        for ref in proves:
            words += self._ref(ref)
        self._put(words)


def guess_claim_words(candidates: np.ndarray, guesses_left: int, state: ClueState | None,
                      guess: int, value: int, parts: list[tuple[int, int]]) -> list[int]:
    """A solver's own claim that `guess` costs at least `value` at a node, from its parts' claims
    (`state`: the node's clue state in a strict mode, None in normal mode)."""
    return (open_words(candidates, guesses_left, state) + guess_words(guess, parts)
            + close_words(value, only=[guess]))

