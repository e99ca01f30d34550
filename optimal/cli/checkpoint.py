"""Checkpoints of long `--all` runs: what is already decided, so an interrupted run resumes.

A checkpoint must never make the tool claim what it did not prove, so it carries:
- the tool's version, and the identity of the question it belongs to: both lists (name, count,
  sha256), the rule, the mode, the guess limit, the objective and the beam;
- a sha256 digest of that identity and of every result, so a damaged file (a disk error, a
  truncated copy) or a casual edit (a value changed by hand) is detected.
On loading, the file must parse, carry this version's format and the same identity, match its
digest, and every entry must pass the command's own check (types, the word among those this run
evaluates, the value within what is possible for it). Anything that does not fit is refused with one
line naming the file; `--restart` sets the file aside (renamed, never deleted) and starts afresh.

Why a digest and not a signature (an HMAC with a key kept in the cache folder): the digest protects
against accidental damage and casual edits, not against a determined forger, who can recompute it.
A key in the cache folder would tie a checkpoint to one machine and one cache (clearing the cache,
or resuming on a cluster node, would lose hours of work), while adding little: whoever can rewrite
the results folder can as well rewrite the reports in it. What the tool prints is protected
differently: every claim about the best word rests on a tree rebuilt and verified in the final run
(see `optimal.search`), and the report says how many results were taken from the checkpoint, since
"every other word needs more" rests on their recorded lower bounds.

The file is rewritten atomically, so an interruption at any moment leaves the previous complete
version.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
from collections.abc import Callable
from pathlib import Path

from optimal import __version__
from optimal.errors import BadInput
from optimal.files import atomic_write_text, notice, read_regular
from optimal.game import Game

FORMAT = "optimal-checkpoint/2"
TOOL = f"optimal {__version__}"
RESTART = "use --restart to set it aside and start afresh"


def identity(game: Game, objective: str, beam: int, below: int | None = None) -> dict:
    """What a checkpoint's results are answers to: the game (with its answer weights, if any),
    the objective, the beam, and the cutoff of `--below` if any (a word cut off there is only
    known to need that much, which a run with another cutoff must not take as settled)."""
    ident = {"rule": game.rule.name, "answers": game.answers.describe(),
             "guesses": game.guesses.describe(), "mode": game.mode,
             "max_guesses": game.max_guesses, "objective": objective, "beam": int(beam)}
    if game.weights is not None:  # weighted values are other numbers: never mixed with plain ones
        ident["weights"] = game.weights.describe()
    if below is not None:
        ident["below"] = int(below)
    return ident


def _digest(ident: dict, results: dict) -> str:
    text = json.dumps({"format": FORMAT, "tool": TOOL, "identity": ident, "results": results},
                      sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def load_checkpoint(path: Path, ident: dict,
                    check: Callable[[str, object], None]) -> dict[str, dict]:
    """The results recorded for this question ({} when there is no checkpoint). `check(word,
    entry)` raises ValueError (with the reason) for an entry that cannot be right; any problem is
    refused with one line naming the file."""
    if not path.exists() and not path.is_symlink():
        return {}

    def refuse(reason: str) -> BadInput:
        return BadInput(f"checkpoint {path}: {reason}; {RESTART}")

    try:
        raw = read_regular(path)
    except OSError as error:
        raise refuse(f"cannot be read ({error.strerror or error})") from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise refuse("is not a checkpoint (damaged, or not JSON)") from None
    if not isinstance(data, dict):
        raise refuse("is not a checkpoint (not a JSON object)")
    if data.get("format") != FORMAT:
        raise refuse(f"has another format ({str(data.get('format', 'none'))[:40]}, expected {FORMAT})")
    if data.get("tool") != TOOL:
        raise refuse(f"was written by {str(data.get('tool'))[:40]}, not {TOOL}")
    recorded = data.get("identity")
    if recorded != ident:
        raise refuse(f"belongs to another question ({_difference(recorded, ident)})")
    results = data.get("results")
    if not isinstance(results, dict):
        raise refuse("has no results object")
    if data.get("digest") != _digest(ident, results):
        raise refuse("does not match its digest (damaged or edited)")
    for word, entry in results.items():
        try:
            check(word, entry)
        except ValueError as error:
            raise refuse(f"entry {str(word)[:20]!r}: {error}") from None
    return results


def intact_checkpoint(path: Path) -> tuple[dict, dict[str, dict]]:
    """(identity, results) of a committed checkpoint read as evidence, by a script that copies or
    compares its figures rather than resuming it: format, tool and digest checked as a resuming run
    checks them (a damaged file is refused with one line), the identity taken as recorded."""
    try:
        recorded = json.loads(read_regular(path).decode("utf-8")).get("identity")
    except (OSError, UnicodeDecodeError, ValueError, RecursionError, AttributeError):
        recorded = None
    if not isinstance(recorded, dict):
        raise BadInput(f"checkpoint {path}: is not a checkpoint (damaged, or not JSON)")
    return recorded, load_checkpoint(path, recorded, lambda word, entry: None)


def _difference(recorded: object, ident: dict) -> str:
    """Which part of the identity differs, in words."""
    if not isinstance(recorded, dict):
        return "no identity recorded"
    for key, value in ident.items():
        if recorded.get(key) != value:
            return f"{key} differs"
    return "identity differs"


def save_checkpoint(path: Path, ident: dict, results: dict[str, dict]) -> None:
    """Write the checkpoint (atomically), with its identity and digest."""
    atomic_write_text(path, json.dumps({"format": FORMAT, "tool": TOOL, "identity": ident,
                                        "digest": _digest(ident, results),
                                        "results": results}) + "\n")


def set_aside(path: Path) -> Path | None:
    """Rename a checkpoint out of the way (never delete it): the new path, or None when there was
    none."""
    if not path.exists() and not path.is_symlink():
        return None
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.name}.set-aside-{stamp}" + (f"-{n}" if n else ""))
        if not target.exists():
            os.replace(path, target)
            return target
    raise BadInput(f"cannot set {path} aside: too many set-aside copies")


def restart_from_scratch(path: Path) -> None:
    """What `--restart` does before a run: the checkpoint set aside, and the user told where."""
    aside = set_aside(path)
    if aside is not None:
        notice(f"--restart: set the checkpoint aside as {aside}")


def integer(value: object) -> bool:
    """A JSON whole number (not a boolean, which Python counts as one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def seconds_ok(value: object) -> bool:
    """A run time: a finite number, at least 0."""
    return (integer(value) or isinstance(value, float)) and 0 <= value < float("inf")
