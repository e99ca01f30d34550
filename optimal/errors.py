"""One small hierarchy of errors, so a CLI can turn any of them into one line on stderr.

The library raises these and never prints or exits; `optimal.cli.run_cli` maps them to exit codes:
`BadInput` -> 2 (the user's input is wrong), `NoTree` -> 1 (no tree exists within the limits).
"""

from collections.abc import Callable


class OptimalError(Exception):
    """Base class of every error the library raises on purpose."""

    exit_code = 2


class BadInput(OptimalError):
    """The input is wrong: a malformed word list, an unknown word, an impossible reply, ..."""

    exit_code = 2


class NoTree(OptimalError):
    """No decision tree meets the limits (e.g. every answer within the allowed guesses)."""

    exit_code = 1


class DefectiveTree(OptimalError):
    """A tree failed verification: it does not solve every answer correctly within the rules."""

    exit_code = 1


class CannotWrite(BadInput, OSError):
    """An output file cannot be written (no permission, a file where a folder should be, disk
    full). Also an OSError, so code that treats a failed write as harmless (the matrix cache) can
    keep catching OSError."""


class SearchIncomplete(OptimalError):
    """A search stopped (a time limit) before it could decide the question: nothing is claimed."""

    exit_code = 1


class CertificateOverflow(OptimalError):
    """A proof certificate's records of one search call would not fit in memory (the buffer a
    kernel writes them to grows, up to a quarter of the machine's): no certificate is written."""

    exit_code = 2


class StrategyFailed(OptimalError):
    """A playing strategy did not find the answer within the turns it is allowed (a defect of the
    strategy, reported like a defective tree)."""

    exit_code = 1


class EmptyCounts(BadInput):
    """Statistics were asked of no guess counts at all."""


def quoted(text: str, limit: int = 40) -> str:
    """User text as an error message shows it: repr'd, and cut after `limit` characters (with the
    full length said), so a 2 MB line pasted by mistake does not come back whole."""
    return shortened(text, limit, repr)


def shortened(text: str, limit: int = 40, show: Callable[[str], str] = str) -> str:
    """Text made of user input (a history of 4,000 characters, say) as a message echoes it:
    whole when short, else cut after `limit` characters with the full length said."""
    text = str(text)
    if len(text) <= limit:
        return show(text)
    return f"{show(text[:limit])}... ({len(text):,} characters)"
