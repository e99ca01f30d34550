"""Where results go and what they record: runs/ (the user's, by default) or results/ (--out).

Layout (DESIGN.md): `<root>/<answers>-<guesses>-<mode>-d<max_depth>[-<question>]/` holds `<first>.json`,
`<first>.tree.txt`, `summary.json` and `REPORT.md`. Every tree is verified by replaying every answer
before it is written, and every file is written atomically.

A run claims its folder before any work starts (`claimed_folder`: created, checked writable, and
locked with a file naming the owner's pid, so a second writer is refused with one line), and writes
its files as a set (`file_set`): each is written into a staging folder, and only when all are
written are they moved into place and `MANIFEST.json`, naming each with its sha256, written last.
An error on the way (a path blocked by a folder, a full disk) leaves the folder as it was; a crash
in the middle of the moves leaves no manifest, and `read_file_set` refuses a folder whose files do
not match theirs.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import json
import os
import platform
import shutil
import socket
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import version
from pathlib import Path

import numpy as np

from optimal import __version__
from optimal.errors import BadInput, CannotWrite
from optimal.files import atomic_write_text, read_regular
from optimal import dordle
from optimal.game import Game
from optimal.report import summarize, weighted_stats
from optimal.tree import VerifiedTree, write_json, write_selby

GZIP_GAMES = 100_000  # Dordle trees for more games than this are written gzipped
RUNS_ENV = "OPTIMAL_RUNS"  # where runs go without --out (default: runs/ under the current folder)


def run_dir(root: str | Path, game: Game, suffix: str = "", limit: bool = True) -> Path:
    """results/<answers>-<guesses>-<mode>-d<max_depth>[-w<weights>][<suffix>] for a game (without
    the -d<max_depth> part when `limit` is False: a run over several limits)."""
    depth = f"-d{game.max_guesses}" if limit else ""
    weights = f"-w{Path(game.weights.name).stem}" if game.weights is not None else ""
    lists = f"{game.answers.name}-{game.guesses.name}"
    return Path(root) / f"{game.rule.results_prefix}{lists}-{game.mode}{depth}{weights}{suffix}"


def runs_root() -> Path:
    """The folder a run writes under when no --out is given: $OPTIMAL_RUNS, else runs/ in the
    current folder (git ignores it). Why: a plain run must never touch the committed results/."""
    return Path(os.environ.get(RUNS_ENV, "").strip() or "runs")


def output_folder(out: str | None, game: Game, suffix: str, question: str,
                  limit: bool = True) -> Path:
    """A run's folder. With an explicit `--out DIR`, results/'s layout: DIR/<game><suffix>, one
    folder per game and kind of run (the committed results and their checkpoints live there).
    Without it, runs_root()/<game><suffix><question>: the folder name also says which question
    was asked, so two different questions never write into the same folder."""
    if out is not None:
        return run_dir(out, game, suffix, limit)
    return run_dir(runs_root(), game, suffix + question, limit)


def provenance(seconds: float | None = None, argv: list[str] | None = None) -> dict:
    """Who made a result, how and when: tool version, command line, date, run time, machine."""
    return {"tool": f"optimal {__version__}",
            "command": " ".join(["python -m " + _module_name()] + list(argv if argv is not None else sys.argv[1:])),
            "date": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat(),
            "seconds": None if seconds is None else round(seconds, 3),
            "python": platform.python_version(), "numpy": np.__version__, "numba": version("numba"),
            "machine": f"{platform.machine()}, {os.cpu_count()} cores"}


def _module_name() -> str:
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    name = spec.name if spec and spec.name else Path(sys.argv[0]).stem
    return name.removesuffix(".__main__")  # `python -m optimal.search` runs optimal.search.__main__


def tree_stats(counts: np.ndarray, proven: bool, lower_bound: int | None = None,
               label: str = "", game: Game | None = None) -> dict:
    """The `stats` block of a tree file: totals from the replayed counts, and what is proven. On
    a weighted game (its objective is the expectation under the weights) the block `weighted` has
    the weighted figures, and `proven_optimal` and the lower bound (`weighted.lower_bound`, in
    weighted units) are about that objective; the top-level `lower_bound` is then None."""
    stats = summarize(counts).as_dict()
    stats["proven_optimal"] = bool(proven)
    if game is not None and game.weights is not None:
        weighted = weighted_stats(counts, game.weights, game.max_guesses)
        weighted["lower_bound"] = int(weighted["weighted_total"] if proven else (lower_bound or 0))
        stats["lower_bound"] = None
        stats["weighted"] = weighted
    else:
        stats["lower_bound"] = int(stats["total"] if proven else (lower_bound or 0))
    if label:
        stats["status"] = label
    return stats


def write_tree(directory: str | Path, name: str, tree: VerifiedTree, proven: bool,
               lower_bound: int | None, prov: dict, label: str = "") -> list[Path]:
    """Write a verified tree as <name>.json and, for Wordle, <name>.tree.txt; returns the paths."""
    directory, game = Path(directory), tree.game
    stats = tree_stats(tree.counts, proven, lower_bound, label, game)
    paths = [directory / f"{name}.json"]
    write_json(paths[0], tree.tree, game, stats, prov)
    if game.rule.colour_replies:  # Selby's line format spells colours
        paths.append(directory / f"{name}.tree.txt")
        write_selby(paths[1], tree.tree, game.answers.words)
    return paths


def write_summary(directory: str | Path, summary: dict) -> Path:
    """Write `summary` as <directory>/summary.json, atomically; returns its path."""
    path = Path(directory) / "summary.json"
    atomic_write_text(path, json.dumps(summary, indent=1) + "\n")
    return path


def write_report(directory: str | Path, text: str, prov: dict, name: str = "REPORT.md") -> Path:
    """Write a markdown report with its provenance (how, when and where it was made) at the end."""
    path = Path(directory) / name
    atomic_write_text(path, text.rstrip() + "\n\n## Provenance\n\n```\n" + json.dumps(prov, indent=1)
                      + "\n```\n")
    return path


def dordle_tree_path(directory: str | Path, name: str, games: int) -> Path:
    """Where a Dordle tree goes: <name>.dordle.json, or .json.gz beyond GZIP_GAMES games (a tree
    has a node per state, millions for the full lists)."""
    suffix = ".dordle.json.gz" if games > GZIP_GAMES else ".dordle.json"
    return Path(directory) / f"{name}{suffix}"


def dordle_tree_stats(tree: dordle.VerifiedDordleTree, proven: bool, lower_bound: int,
                      label: str) -> dict:
    """The `stats` block of a Dordle tree file, from the replayed counts."""
    stats = tree.stats()
    stats.update(proven_optimal=bool(proven), lower_bound=int(lower_bound), status=label)
    return stats


# ---------------------------------------------------------------- claiming a folder

LOCK = ".lock"
PID_MAX = 2**22  # Linux's largest pid (pid_max's ceiling); a lock naming more is stale
MANIFEST = "MANIFEST.json"


@contextmanager
def claimed_folder(directory: str | Path) -> Iterator[Path]:
    """Claim a run's folder before any work starts: create it, check that a file can be written
    there, and take its lock (a file naming this process), so that a run that could not save its
    results fails at once, and a second run writing to the same folder is refused with one line.
    On exit the lock is released, and folders this created are removed again if nothing was
    written in them."""
    directory = Path(directory)
    created = make_folders(directory)
    try:
        _probe(directory)
        _take_lock(directory / LOCK)
    except BaseException:
        remove_empty(created)
        raise
    try:
        yield directory
    finally:
        try:
            os.unlink(directory / LOCK)
        except OSError:
            pass
        remove_empty(created)


def make_folders(directory: Path) -> list[Path]:
    """Create `directory` and its missing parents; the ones created, deepest first (so that a
    run that writes nothing can remove them again, `remove_empty`). A failure part way (a name
    too long) removes the ones already made: no empty `out/` is left behind."""
    missing = []
    for folder in [directory, *directory.parents]:
        if folder.exists() or folder.is_symlink():
            break
        missing.append(folder)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        remove_empty([f for f in missing if os.path.isdir(f)])
        raise CannotWrite(f"cannot write {directory}: a file stands where the folder should be") from None
    except OSError as error:
        remove_empty([f for f in missing if os.path.isdir(f)])
        raise CannotWrite(f"cannot write {directory}: {error.strerror or error}") from None
    if not directory.is_dir():
        raise CannotWrite(f"cannot write {directory}: not a folder")
    return missing


def _probe(directory: Path, wanted: str | None = None) -> None:
    """Create and remove a file in `directory`; CannotWrite naming `wanted` (the file the user
    asked for, when the folder tried is only its nearest existing parent) if that fails."""
    try:
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=directory)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        reason = error.strerror or error
        raise CannotWrite(f"cannot write {directory}: {reason}" if wanted is None else
                          f"cannot write {wanted}: no file can be made in {directory} ({reason})") from None


def remove_empty(folders: list[Path]) -> None:
    """Remove the folders `make_folders` created (deepest first), as long as they are empty."""
    for folder in folders:  # deepest first
        try:
            folder.rmdir()
        except OSError:
            return


def _take_lock(path: Path) -> None:
    """Create the lock file; refuse when a live process on this machine holds it. A lock left by a
    process that no longer runs (killed, machine restarted) is taken over."""
    me = {"pid": os.getpid(), "host": socket.gethostname(),
          "started": _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()}
    for _ in range(3):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            owner = _lock_owner(path)
            if owner is not None:
                where = "" if owner.get("host") == me["host"] else f" on {owner.get('host')}"
                raise BadInput(f"{path.parent} is being written by another run (pid "
                               f"{owner.get('pid')}{where}, since {owner.get('started')}); wait "
                               f"for it, use another --out, or delete {path} if no run is active")
            try:
                os.unlink(path)  # stale: its owner is gone
            except FileNotFoundError:
                pass
            continue
        except OSError as error:
            raise CannotWrite(f"cannot write {path}: {error.strerror or error}") from None
        with os.fdopen(fd, "w") as handle:
            handle.write(json.dumps(me) + "\n")
        return
    raise BadInput(f"{path.parent}: another run keeps taking the lock {path}")


def _lock_owner(path: Path) -> dict | None:
    """Who holds a lock, when that process still runs (None for a stale or unreadable lock, and
    for one that is not a regular file: a FIFO there once blocked the run forever; like a symlink,
    it is replaced, never followed)."""
    try:
        owner = json.loads(read_regular(path))
        pid = int(owner["pid"])
    except (OSError, ValueError, KeyError, TypeError, RecursionError):
        return None
    if not 0 < pid <= PID_MAX:  # a pid no process can have (os.kill raised OverflowError)
        return None
    if owner.get("host") != socket.gethostname():
        return owner  # another machine's process: cannot be checked, so it is respected
    if pid == os.getpid():
        return None
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except PermissionError:
        return owner  # alive, another user's
    return owner


# ---------------------------------------------------------------- a run's files as a set


@contextmanager
def file_set(directory: str | Path, replace: bool = False) -> Iterator[Path]:
    """Write a run's files as a set: the caller writes them into the staging folder this yields;
    when it finishes without error every file is moved into `directory` and MANIFEST.json (each
    file's sha256) is written last. An error before the moves (a write that fails, a target path
    taken by a folder) leaves `directory` as it was. With `replace` (a folder that belongs to one
    question) the files of the previous set that this one lacks are removed too, so a rerun
    leaves no stale tree beside the new one. Without it (a folder the user named, which several
    commands may write into) the manifest keeps listing the earlier sets' files beside this one's,
    so `read_file_set` still checks them."""
    directory = Path(directory)
    previous = _previous_set(directory)
    try:
        staging = Path(tempfile.mkdtemp(prefix=".staging-", dir=directory))
    except OSError as error:
        raise CannotWrite(f"cannot write {directory}: {error.strerror or error}") from None
    try:
        yield staging
        names = sorted(path.name for path in staging.iterdir())
        for name in names + [MANIFEST]:
            target = directory / name
            if target.is_dir() or (target.exists() and not target.is_file()):
                raise CannotWrite(f"cannot write {target}: something other than a file is there")
        files = {name: _sha256(staging / name) for name in names}
        others = [name for name in previous if name not in files and (directory / name).is_file()]
        kept = {} if replace else {name: previous[name] for name in others}
        try:
            os.unlink(directory / MANIFEST)  # no manifest while the set is incomplete
        except FileNotFoundError:
            pass
        for name in names:
            os.replace(staging / name, directory / name)
        atomic_write_text(directory / MANIFEST, json.dumps(
            {"format": "optimal-run/1", "files": dict(sorted({**kept, **files}.items()))},
            indent=1) + "\n")
        for name in others if replace else ():
            os.unlink(directory / name)
    except OSError as error:
        if isinstance(error, CannotWrite):
            raise
        raise CannotWrite(f"cannot write {error.filename or directory}: "
                          f"{error.strerror or error}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)


def _previous_set(directory: Path) -> dict[str, str]:
    """The plain file names the folder's manifest lists, with their recorded sha256 (none when it
    has no readable one)."""
    try:
        files = json.loads((directory / MANIFEST).read_text())["files"]
        return {name: str(digest) for name, digest in files.items()
                if name == Path(name).name and name != MANIFEST}
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return {}


def read_file_set(directory: str | Path) -> dict[str, str]:
    """The files of the last complete run in a folder ({name: sha256}), after checking each still
    has the content the manifest names; BadInput when the set is incomplete or changed."""
    directory = Path(directory)
    try:
        files = json.loads((directory / MANIFEST).read_text())["files"]
    except (OSError, ValueError, KeyError, TypeError):
        raise BadInput(f"{directory}: no complete run (no readable {MANIFEST})") from None
    for name, digest in files.items():
        path = directory / name
        if not path.is_file() or _sha256(path) != digest:
            raise BadInput(f"{directory}: {name} is not the file of the last complete run")
    return files


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def writable_file(path: str | Path) -> Path:
    """Check, before any work, that a single output file (greedy --out, pangrams --out) can be
    written: a file name (not a folder), under a folder that accepts files (missing folders in
    between are created when the file is written)."""
    text = str(path)
    path = Path(path)
    if text.endswith(("/", os.sep)) or path.is_dir():
        raise CannotWrite(f"cannot write {text}: it names a folder; give a file name")
    if path.exists() and not path.is_file():
        raise CannotWrite(f"cannot write {text}: not a regular file")
    folder = path.parent  # it, or the nearest folder above it that exists (the rest is created)
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise CannotWrite(f"cannot write {text}: {folder} is not a folder")
    _probe(folder, text)
    return path


def check_out_folder(run_folder: Path, inputs: list[str | None], flag: str = "--out") -> None:
    """The folder a run writes (and replaces as a set) may not hold an input of the same run: a
    list or weights file inside it would be overwritten or removed with the old set. Checked
    before any work."""
    folder = run_folder.resolve()
    for source in inputs:
        if source is None or not Path(source).exists():
            continue
        where = Path(source).resolve()
        if where == folder or folder in where.parents:
            raise BadInput(f"{flag}: the results folder {run_folder} holds an input of this run "
                           f"({source}), which writing the results would replace; choose another "
                           "folder or move the input")
