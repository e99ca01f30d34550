"""numba's cache of compiled kernels: where it lives, and a check that it is intact before use.

Where: numba's on-disk cache only notices a change to the file that defines a function, not to the
functions it calls from other files; so the kernels are cached in a folder named by a hash of every
kernel source (each module here that compiles with numba's decorator), and a changed kernel can
never run stale compiled code. The folder is under `optimal.files.cache_dir()`, which falls back to
a private folder (keeping the hash) when `$OPTIMAL_CACHE` is unusable.

Why check it: numba loads its index (`.nbi`) and data (`.nbc`) files with pickle and, when one is
damaged (empty, truncated, overwritten), raises UnpicklingError or EOFError at the first call of
the kernel, in every run, until the folder is deleted by hand. So before numba uses the folder,
every index and every data file an index names is read as numba would read it (only the files
changed since the last check: their sizes and times are kept in `checked.json`); a damaged kernel's
files (its index and every data file of it) are moved aside (into a sibling folder, not deleted),
numba compiles that kernel afresh, and the user is told in one line. Only that kernel: numba compiles
the kernels a kernel calls into its own code, so the others' cached files stand on their own, and a
damaged file costs seconds of compiling, not the minutes of compiling every kernel. numba's cache
is pickle: the cache folder must be trusted like the code itself.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import io
import json
import os
import pickle
from pathlib import Path

import numba

from lookahead.kernels.compiled import caching_enabled, enable_caching
from optimal.files import atomic_write_text, cache_dir, notice

STAMP = "checked.json"
KERNELS = Path(__file__).resolve().parent.parent / "kernels"


def kernel_cache_dir() -> Path:
    """`<cache>/numba-<hash of every kernel source>` (every module of `lookahead/kernels/`, the
    decorator's own included)."""
    digest = hashlib.sha256()
    for path in sorted(KERNELS.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return cache_dir() / f"numba-{digest.hexdigest()[:16]}"


def use_kernel_cache() -> None:
    """Set up the kernels' cache on first use (not at import: importing the engine touches no disk):
    check the folder (moving a damaged one aside) and switch numba's cache on there. With
    `$NUMBA_CACHE_DIR` set, numba's own folder is used unchecked, as numba would. Cheap after the
    first call."""
    if caching_enabled():
        return
    if os.environ.get("NUMBA_CACHE_DIR"):
        enable_caching(None)
        return
    folder = kernel_cache_dir()
    check_kernel_cache(folder, numba.__version__)
    enable_caching(str(folder))


def check_kernel_cache(folder: Path, numba_version: str) -> None:
    """Make sure numba will not trip over a damaged file in `folder`: move the folder aside (and
    say so) when one is found; remember what was checked."""
    if not folder.is_dir():
        return
    seen = _stamp(folder)
    now: dict[str, list[int]] = {}
    damaged: list[tuple[Path, str]] = []
    for index in sorted(folder.glob("*/*.nbi")):
        problem = _check_index(index, numba_version, seen, now)
        if problem:
            damaged.append((index, problem))
    if damaged:
        _move_aside(folder, damaged)
    if now != seen:
        try:
            atomic_write_text(folder / STAMP, json.dumps(now) + "\n")
        except OSError:
            pass  # a read-only cache is checked again next time: slower, never wrong


def _stamp(folder: Path) -> dict:
    try:
        data = json.loads((folder / STAMP).read_text())
        return data if isinstance(data, dict) else {}
    except (OSError, ValueError):
        return {}


def _signature(path: Path) -> list[int] | None:
    try:
        info = path.stat()
    except OSError:
        return None
    return [info.st_size, info.st_mtime_ns]


def _check_index(index: Path, numba_version: str, seen: dict, now: dict) -> str | None:
    """The problem with an index file or a data file it names (None when numba can load them)."""
    name = f"{index.parent.name}/{index.name}"
    try:
        data = index.read_bytes()
        stream = io.BytesIO(data)
        version = pickle.load(stream)
        if version != numba_version:
            return None  # another numba's index: numba itself ignores it
        _, overloads = pickle.loads(stream.read())
        if not isinstance(overloads, dict):
            raise ValueError("not an index")
    except Exception as error:  # noqa: BLE001 (whatever unpickling garbage raises)
        return f"{name}: {type(error).__name__}"
    now[name] = _signature(index)
    for data_name in overloads.values():
        path = index.parent / str(data_name)
        key = f"{index.parent.name}/{path.name}"
        signature = _signature(path)
        if signature is None:
            continue  # numba treats a missing data file as not cached
        if seen.get(key) != signature:
            try:
                pickle.loads(path.read_bytes())
            except Exception as error:  # noqa: BLE001
                return f"{key}: {type(error).__name__}"
        now[key] = signature
    return None


def _move_aside(folder: Path, damaged: list[tuple[Path, str]]) -> None:
    """Move each damaged kernel's index and data files into `<folder>.damaged-<time>-<pid>/`, and
    say so in one line."""
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    aside = folder.with_name(f"{folder.name}.damaged-{stamp}-{os.getpid()}")
    problems = "; ".join(problem for _, problem in damaged[:3]) + ("; ..." if len(damaged) > 3 else "")
    try:
        for index, _ in damaged:
            (aside / index.parent.name).mkdir(parents=True, exist_ok=True)
            for path in [index, *index.parent.glob(index.name[:-len(".nbi")] + ".*.nbc")]:
                if path.exists():  # (another process may have moved it meanwhile)
                    os.replace(path, aside / index.parent.name / path.name)
    except OSError as error:
        notice(f"the compiled-kernel cache {folder} is damaged ({problems}) and cannot be moved "
               f"aside ({error.strerror or error}); delete it")
        return
    kernels = "kernel" if len(damaged) == 1 else f"{len(damaged)} kernels"
    notice(f"the compiled-kernel cache {folder} was damaged ({problems}); moved the {kernels}' files to "
           f"{aside} and compiling afresh (seconds to a minute, once)")
