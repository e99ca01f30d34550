"""What the two Dordle kernel benchmarks share (`bench_dordle_margin.py`, `bench_dordle_proof.py`;
scripts run as `python benchmarks/X.py`, so this module is importable as `dordle_variants`): the
500-answer proof's game and its first words in the search's order, and the pair kernel's module
compiled again from an edited copy of its source.

Why a copy and not a flag: the shipped kernel's constants (the margin growth) and decorator
options (numba's reference counting) are fixed at compile time, and a benchmark must measure the
same source as it ships with one thing changed; the copy is compiled without the disk cache, so
it never replaces the shipped kernel's cached code."""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Callable

import numpy as np

import lookahead.solvers.pair as pair_solver
from lookahead import dordle_ranked_guesses
from lookahead.solvers.setting import SearchSetting
from optimal.game import Game
from optimal.words import sample_words

KERNEL = Path(pair_solver.__file__).resolve().parent.parent / "kernels" / "pair_total.py"


def proof_game() -> tuple[Game, list]:
    """The Dordle proof's game (500 answers drawn with seed 1, every guess, 7 guesses) and its
    first words ranked as the search ranks them ((guess, bound) pairs)."""
    full = Game.from_lists("original", None, None, "normal", 7)
    sampled = sample_words(full.answers, 500, 1)
    game = full.restricted_to(np.array([full.answer_index[w] for w in sampled.words]), sampled.name)
    return game, dordle_ranked_guesses(game, SearchSetting())


def kernel_variant(name: str, edit: Callable[[str], str]) -> ModuleType:
    """The pair kernel's module loaded again as `name` from `edit(source)`, without the disk
    cache (its functions compile at their first call)."""
    source = edit(KERNEL.read_text())
    source = source.replace("@njit(cache=True, ", "@njit(").replace("@njit(cache=True)", "@njit")
    path = Path(tempfile.mkdtemp()) / f"{name}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
