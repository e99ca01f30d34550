"""Running a command: library errors become one line on stderr and their exit code.

Why one place: the rule "bad input gets one clear line on stderr and exit 2, never a traceback" must
hold for every command, so the mapping from library errors to exit codes is written once.
"""

from __future__ import annotations

import sys
import warnings
from collections.abc import Callable

from optimal.errors import OptimalError


def _one_line_warning(message, category, filename, lineno, file=None, line=None):
    sys.stderr.write(f"warning: {message}\n")


def run_cli(body: Callable[[], int], prog: str) -> int:
    """Run a command body, turning library errors into one stderr line and their exit code."""
    warnings.showwarning = _one_line_warning
    try:
        return body()
    except OptimalError as error:
        sys.stderr.write(f"{prog}: error: {error}\n")
        return error.exit_code
    except KeyboardInterrupt:
        sys.stderr.write(f"{prog}: interrupted; files already written are complete\n")
        return 130
    except BrokenPipeError:
        return 0
    except OSError as error:  # an unreadable input or unwritable --out: the user's to fix
        where = f"{error.filename}: " if error.filename else ""
        sys.stderr.write(f"{prog}: error: {where}{error.strerror or error}\n")
        return 2
