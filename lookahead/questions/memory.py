"""What a search costs in memory, known before it starts, so a run can say it (and refuse what
cannot fit) instead of running out of memory halfway.

Measured on the 2-core development machine (original lists, 12,972 x 2,315): a process that runs
the search holds about 160 MB of its own (the interpreter, numpy, numba and the loaded kernels),
the reply matrix and the two copies of it its work space keeps (a transposed one and a gathered
block), and its memo; a worker is such a process, so each costs about 240 MB besides its memo. The
worst-case objective adds pair bitsets (`PAIR_MB` at most per solver), and so does a beam, whose
nodes near the guess limit use them (`BEAM_PAIR_MB`, `lookahead.kernels.beam`). numpy allocates the memo
and bitsets lazily, so these are upper bounds: pages never touched cost nothing.
"""

from __future__ import annotations

from dataclasses import dataclass

from lookahead.solvers.setting import SearchSetting
from lookahead.solvers.single import BEAM_PAIR_MB
from lookahead.questions.worst_case import PAIR_MB
from optimal.game import Game

PROCESS_MB = 160  # interpreter, numpy, numba, compiled kernels (measured)
WORKSPACE_COPIES = 2  # a work space keeps the matrix transposed and a gathered block of it


@dataclass(frozen=True)
class MemoryEstimate:
    """Up to how much memory a search may take, over this process and its local workers."""

    processes: int  # this one and its worker processes (loky); threads and a cluster add none
    solvers: int  # work spaces with a memo: one per process, or per thread
    process_mb: float  # one process's own share: interpreter, kernels, the matrix
    solver_mb: float  # one solver: its work space and memo (and pair bitsets)

    @property
    def total_mb(self) -> float:
        """Megabytes over every process and every solver."""
        return self.processes * self.process_mb + self.solvers * self.solver_mb

    def text(self) -> str:
        """The one line a command prints before its search: the total, and when there are workers
        how it is spread over them."""
        if self.solvers == 1:
            return f"memory: up to about {self.total_mb:,.0f} MB"
        where = (f"this process and {self.processes - 1} worker(s), each about "
                 f"{self.process_mb + self.solver_mb:,.0f} MB" if self.processes > 1 else
                 f"{self.solvers} threads in this process")
        return f"memory: up to about {self.total_mb:,.0f} MB in all if the workers start ({where})"


def memory_estimate(game: Game, setting: SearchSetting, objective: str = "total") -> MemoryEstimate:
    """Up to how much memory a search of `game` with `setting` takes on this machine (a Dask
    cluster's workers use their own machines' memory)."""
    matrix = game.matrix_bytes / 2**20
    solvers = setting.solvers if setting.backend != "dask" else 1
    processes = solvers if setting.backend == "loky" else 1
    pairs = PAIR_MB if objective == "worst" else (BEAM_PAIR_MB if setting.beam else 0)
    solver = WORKSPACE_COPIES * matrix + setting.memo_mb + pairs
    return MemoryEstimate(processes, solvers, PROCESS_MB + matrix, solver)
