"""Answer weights (priors): how likely each answer is, so a tree can aim at the likely ones.

With weights the objective is the expected number of guesses, the sum over answers of
p_a * guesses(a), instead of the plain total. The search works in integers so that "proven" stays
exact: the normalised probabilities are quantized to w_a = max(1, round(p_a * SCALE)) and the
search minimises sum w_a * guesses(a) exactly. Its precision, for any tree whose games take 1 to D
guesses: with q_a = w_a / W (W = sum w_a) and delta = sum |q_a - p_a|, the expectations under q and
p differ by at most delta * (D - 1) / 2 (since sum (q_a - p_a) = 0, the depths can be measured from
the middle of 1..D); so a tree proven optimal for q is within twice that of the optimum for p. With
SCALE = 2**20 and the 2,315 original answers, delta is about 1e-3 (the figure is printed with every
weighted result, from the weights actually used).

Two sources of weights:

- a file of lines `word weight` (any positive numbers; '#' starts a comment). Every answer must be
  listed; listed words that are not answers are ignored (a frequency list may cover more words),
  and their number is reported.
- `freq`: English word frequency from the `wordfreq` package (the `freq` extra), mapped to a
  probability by a logistic in log-frequency, p ∝ 1 / (1 + exp(-(z - 3.0) / 0.5)) with z the
  Zipf frequency (log10 of occurrences per billion words). Why a logistic and not p ∝ frequency:
  the answer lists are curated, so a common word is about as likely an answer as a very common one
  (ABOUT is 10**5 times as frequent as GAYLY, not 10**5 times as likely to be chosen); only rare
  words are discounted. The centre, Zipf 3.0 (once per million words), is where the 3,000th to
  4,000th most common five-letter word lies, the midpoint 3Blue1Brown's Wordle prior uses (the
  3,000 most common words likely, a sigmoid over the frequency ranks); the width 0.5 takes a word
  from 12 % to 88 % of the common words' weight across two Zipf units. The mapping is pinned here
  and the `wordfreq` version is recorded with the weights, since its data may change between
  versions.
"""

from __future__ import annotations

import hashlib
import math
import sys
from dataclasses import dataclass
from functools import cached_property
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import numpy as np

from optimal.errors import BadInput, quoted
from optimal.files import read_regular
from optimal.words import WordList

SCALE = 1 << 20  # quantized weights sum to about this: totals stay far below the kernel's limits
MAX_TOTAL = 3 << 19  # larger sums would overflow the search's packed sort keys (see lookahead.kernels.scan)
FREQ = "freq"
FREQ_CENTER, FREQ_WIDTH = 3.0, 0.5  # Zipf units (see the module docstring)


@dataclass(frozen=True, eq=False)
class Weights:
    """Weights of the answers of one list, in list order: the normalised probabilities and their
    quantized integers (what the search optimises). Equal when their hashes are."""

    name: str  # 'freq' or the file's name
    source: str  # how they were made, for provenance
    probabilities: np.ndarray  # float64, sums to 1
    integers: np.ndarray  # int64, each at least 1

    def __len__(self) -> int:
        return int(self.integers.size)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Weights) and other.sha256 == self.sha256

    def __hash__(self) -> int:
        return hash(self.sha256)

    @cached_property
    def total(self) -> int:
        """W, the sum of the quantized weights."""
        return int(self.integers.sum())

    @cached_property
    def sha256(self) -> str:
        """Hash of the quantized weights, to name them in provenance and in checkpoints.

        Why the integers alone: they are what the search optimises and what every proven total is
        a total of, and they are the same on every machine. The float probabilities are not
        bit-for-bit the same everywhere (a vectorised sum or exp may round its last bit differently
        on another CPU), and hashing them made a committed tree look as if it had been made with
        other weights on a machine with another instruction set."""
        return hashlib.sha256(np.ascontiguousarray(self.integers, dtype="<i8").tobytes()).hexdigest()

    @cached_property
    def deviation(self) -> float:
        """delta = sum |w_a / W - p_a|: how far the quantized weights are from the probabilities."""
        return float(np.abs(self.integers / self.total - self.probabilities).sum())

    def error_bound(self, max_guesses: int) -> float:
        """The most the expectation under the quantized weights can differ from the expectation
        under the probabilities, for a tree whose games take 1 to `max_guesses` guesses."""
        return self.deviation * (max(1, max_guesses) - 1) / 2

    def precision(self, max_guesses: int) -> str:
        """What a weighted proof is exact for, and how close that is to the exact weights: the
        sentence every weighted figure (a search's report, a review) is printed with."""
        bound = self.error_bound(max_guesses)
        return (f"Proofs are exact for the quantized weights (integers summing to W = "
                f"{self.total:,}); a tree's expectation under the exact weights differs from its "
                f"quantized one by at most {bound:.5f}, so a tree proven optimal for the quantized "
                f"weights is within {2 * bound:.5f} of the optimum for the exact ones. "
                f"Weights: {self.source} (sha256 {self.sha256[:16]}).")

    def expectation(self, counts: np.ndarray) -> float:
        """Expected number of guesses under the probabilities (counts: guesses per answer)."""
        return float(np.dot(self.probabilities, np.asarray(counts, dtype=np.float64)))

    def weighted_total(self, counts: np.ndarray) -> int:
        """sum w_a * guesses(a): the integer the search minimises."""
        return int(np.dot(self.integers, np.asarray(counts, dtype=np.int64)))

    def restricted(self, candidates: np.ndarray) -> "Weights":
        """The weights of some of the answers (renormalised; the integers are kept as they are)."""
        candidates = np.asarray(candidates)
        p = self.probabilities[candidates]
        return Weights(self.name, self.source, p / math.fsum(p), self.integers[candidates].copy())

    def describe(self) -> dict:
        """The weights as the `game` block of a tree file names them."""
        return {"name": self.name, "source": self.source, "scale": SCALE, "total": self.total,
                "deviation": round(self.deviation, 9), "sha256": self.sha256}


def weights_from_values(name: str, source: str, values) -> Weights:
    """Weights from positive numbers per answer (normalised, then quantized)."""
    values = np.asarray(values, dtype=np.float64)
    if values.size == 0 or not np.all(np.isfinite(values)) or np.any(values <= 0):
        raise BadInput(f"weights {name}: every weight must be a positive number")
    try:
        p = values / math.fsum(values)  # a correctly rounded sum: the same on every machine
    except OverflowError:
        raise BadInput(f"weights {name}: the weights are too large to add up (their sum passes "
                       f"{sys.float_info.max:.3g}); scale them down") from None
    integers = np.maximum(1, np.rint(p * SCALE)).astype(np.int64)
    if integers.sum() > MAX_TOTAL:
        raise BadInput(f"weights {name}: {values.size:,} answers are too many to weigh (the "
                       f"quantized weights must sum to at most {MAX_TOTAL:,})")
    return Weights(name, source, p, integers)


def parse_weights(lines: list[str], source: str, answers: WordList) -> Weights:
    """Weights from the lines of a `word weight` file (see the module docstring)."""
    found: dict[str, float] = {}
    for number, line in enumerate(lines, start=1):
        text = line.split("#", 1)[0].strip()
        if not text:
            continue
        fields = text.split()
        where = f"{source}, line {number}"
        if len(fields) != 2:
            raise BadInput(f"{where}: expected 'word weight', got {quoted(line.strip())}")
        word = fields[0].lower()
        try:
            weight = float(fields[1])
        except ValueError:
            raise BadInput(f"{where}: {quoted(fields[1])} is not a number") from None
        if not (weight > 0 and math.isfinite(weight)):
            raise BadInput(f"{where}: the weight of {quoted(word.upper())} must be a positive "
                           f"number, not {quoted(fields[1])}")
        if word in found:
            raise BadInput(f"{where}: {quoted(word.upper())} is listed twice")
        found[word] = weight
    missing = [w for w in answers.words if w not in found]
    if missing:
        shown = ", ".join(w.upper() for w in missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise BadInput(f"{source}: {len(missing):,} of the {len(answers):,} answers have no weight "
                       f"({shown})")
    ignored = len(found) - len(answers)
    note = f"{source}, {len(answers):,} answers" + (f" ({ignored:,} other words ignored)"
                                                    if ignored else "")
    return weights_from_values(Path(source).name, note, [found[w] for w in answers.words])


def weights_from_file(path: str | Path, answers: WordList) -> Weights:
    """Weights from a `word weight` file (BadInput with the line for anything malformed)."""
    path = Path(path)
    try:
        is_file = path.is_file()
    except (OSError, ValueError):  # a name too long, or with a NUL byte
        is_file = False
    if not is_file:
        raise BadInput(f"--weights {quoted(str(path))}: no such file (or 'freq' for word "
                       "frequencies)")
    try:
        text = read_regular(path).decode("utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadInput(f"cannot read weights {quoted(str(path))}: {error}") from None
    return parse_weights(text.splitlines(), str(path), answers)


def frequency_prior(zipf: np.ndarray) -> np.ndarray:
    """The pinned mapping from Zipf frequency to (unnormalised) probability: a logistic."""
    # math.exp, not np.exp: numpy picks a vectorised exp by CPU, whose last bit may differ
    zipf = np.asarray(zipf, dtype=np.float64)
    return np.array([1.0 / (1.0 + math.exp(-(z - FREQ_CENTER) / FREQ_WIDTH)) for z in zipf.ravel()],
                    dtype=np.float64).reshape(zipf.shape)


def weights_from_frequency(answers: WordList) -> Weights:
    """The `freq` weights: English word frequency (wordfreq) through `frequency_prior`."""
    try:
        from wordfreq import zipf_frequency
        release = version("wordfreq")
    except (ImportError, PackageNotFoundError):
        raise BadInput("--weights freq needs the wordfreq package: pip install 'optimal[freq]'") \
            from None
    zipf = np.array([zipf_frequency(w, "en") for w in answers.words])
    source = (f"wordfreq {release} 'en' Zipf frequency z, p ∝ 1 / (1 + exp(-(z - {FREQ_CENTER})"
              f" / {FREQ_WIDTH}))")
    return weights_from_values(FREQ, source, frequency_prior(zipf))


def load_weights(spec: str, answers: WordList) -> Weights:
    """`--weights SPEC`: 'freq', or a file of `word weight` lines."""
    spec = spec.strip()
    if not spec:
        raise BadInput("--weights needs a value: a file of 'word weight' lines, or freq")
    if spec == FREQ:
        return weights_from_frequency(answers)
    return weights_from_file(spec, answers)
