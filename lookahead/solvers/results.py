"""What a search found, as values that carry their own meaning.

Why the meaning lives here: a branch-and-bound run proves different things about different words.
A word's total is exact when it finished below its cutoff; otherwise it is a proven lower bound;
and every total a beam finds belongs to a real tree, so it is an upper bound on the optimum. A
result knows which it is (`status`, `value_text`), so no command has to reconstruct it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lookahead.kernels.bounds import INF
from lookahead.solvers.certificate_log import ClaimRef
from optimal.tree import Node


@dataclass
class GuessResult:
    """What the search learned about one guess at one state (usually the first guess).

    value: the total when `exact`, else a proven lower bound (INF: no tree within the limit).
    exact: the value is this search's optimum for the guess; with a beam (`beam` > 0) that is the
    total of a real tree, an upper bound on the true optimum.
    """

    word: str
    value: int
    exact: bool
    beam: int = 0
    limit: int = 6  # the guess limit the value is for
    seconds: float = 0.0
    tree: Node | None = field(default=None, repr=False)
    counters: dict = field(default_factory=dict, repr=False)  # work done for this result
    claim: ClaimRef | None = field(default=None, repr=False)  # its proof certificate's claim

    @property
    def feasible(self) -> bool:
        """Whether a tree within the guess limit exists (as far as this search knows)."""
        return self.value < INF

    @property
    def proven(self) -> bool:
        """The value is the exact optimum for this guess (exhaustive search, no beam)."""
        return self.exact and not self.beam

    def status(self) -> str:
        """What the result proves, in words."""
        beam = self.beam
        if self.exact:
            return f"upper bound (beam {beam})" if beam else "proven"
        if self.value >= INF:
            return f"no tree within {self.limit} guesses" + (f" (in beam {beam})" if beam else "")
        return f"beam cut off (> best within beam {beam})" if beam else "lower bound (cut off)"

    def value_text(self) -> str:
        """The value as a table shows it: '7920', '>= 7921', '<= 7925', 'none' or '-'."""
        if self.value >= INF:
            return "none"
        if self.exact:
            return f"<= {self.value}" if self.beam else f"{self.value}"
        return f">= {self.value}" if not self.beam else "-"


@dataclass
class FailingBranch:
    """A branch of a first guess that cannot be finished in time: its reply, its answers, and
    (when measured) the fewest of them any tree must find late."""

    reply: str
    answers: int
    lost: int | None = None


@dataclass
class WorstResult:
    """Can a first guess find every answer within the guess limit? Proven either way.

    failing: the branches that cannot be finished (all of them when `complete`, else the first
    found); seconds: the time it took.
    """

    word: str
    feasible: bool
    failing: list[FailingBranch] = field(default_factory=list)
    complete: bool = True
    seconds: float = 0.0
    cpu_seconds: float = 0.0
    claim: ClaimRef | None = field(default=None, repr=False)  # "cannot", in a proof certificate

    @property
    def shortfall(self) -> int | None:
        """The fewest answers beyond the limit, when every failing branch was measured."""
        if self.feasible:
            return 0
        if not self.complete or not self.failing or any(f.lost is None for f in self.failing):
            return None
        return sum(f.lost for f in self.failing)

    def as_dict(self) -> dict:
        """The result as a JSON-ready dict, without the certificate claim (seconds rounded to
        milliseconds)."""
        return {"word": self.word, "feasible": self.feasible,
                "failing": [vars(f) for f in self.failing], "complete": self.complete,
                "seconds": round(self.seconds, 3), "cpu_seconds": round(self.cpu_seconds, 3)}
