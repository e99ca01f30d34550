"""Files written atomically, the cache directory, and what the machine can hold.

Why atomic: a long search can be interrupted at any moment (Ctrl-C, a killed job on a cluster).
Writing to a temporary file in the same directory and renaming it over the target means a reader
sees either the old complete file or the new complete file, never half of one.

Why the cache directory is checked: it holds the feedback matrices and numba's compiled kernels,
which are pickles, so it must be trusted like the code. When `$OPTIMAL_CACHE` (or ~/.cache/optimal)
cannot be used (a file stands there, or it is not writable), a private fallback folder under the
temporary directory is used instead, and the user is told so once.
"""

from __future__ import annotations

import errno
import functools
import os
import stat
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from optimal.errors import CannotWrite

MB = 2**20


def notice(text: str) -> None:
    """One line on stderr about the environment (a cache moved aside, a fallback folder used, the
    workers capped): what the user should know although nothing failed. Results never go here."""
    say(f"optimal: note: {text}")


class _HeldNotes(threading.local):
    """Per thread, the notes held by the commands it runs (`stack`, innermost last). Per thread,
    because a command run in one thread (a web server's request, a test's) must not hold, and so
    swallow, a note another thread says: the suite once lost a kernel-cache notice that way, held
    by a command still running elsewhere."""

    def __init__(self) -> None:
        self.stack: list[list[str] | None] = []


_HELD = _HeldNotes()


def say(line: str) -> None:
    """Write a note or warning line to stderr, or hold it while a command checks its input (see
    `notes_held`)."""
    held = _HELD.stack
    if held and held[-1] is not None:
        held[-1].append(line)
        return
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


@contextmanager
def notes_held() -> Iterator[None]:
    """Hold the notes and warnings said inside until `release_notes` (the input is checked and
    the work starts) or the end. Why: bad input must give one line on stderr, and a note said on
    the way (the --jobs cap, a list repaired, a cache folder replaced) came before the error, two
    lines. If the block fails before the release the held notes are dropped (the error is the
    one line; nothing ran that they were about); if it ends normally they are said then."""
    held = _HELD.stack
    held.append([])
    try:
        yield
    except BaseException:
        held.pop()
        raise
    release_notes()
    held.pop()


def release_notes() -> None:
    """The input is checked: say the notes held so far, and say the rest as they come."""
    held = _HELD.stack
    if held and held[-1] is not None:
        lines, held[-1] = held[-1], None
        for line in lines:
            sys.stderr.write(line + "\n")
        sys.stderr.flush()


def cache_dir() -> Path:
    """Where derived data (feedback matrices, compiled kernels) is cached: `$OPTIMAL_CACHE`, else
    ~/.cache/optimal; a private fallback under the temporary directory when that is unusable."""
    return _usable_cache_dir(os.environ.get("OPTIMAL_CACHE") or str(Path.home() / ".cache" / "optimal"))


@functools.lru_cache(maxsize=None)
def _usable_cache_dir(wanted: str) -> Path:
    path = Path(wanted)
    why = _unusable(path)
    if why is None:
        return path
    fallback = _private_fallback()
    notice(f"cache folder {wanted} {why}; using {fallback} instead (set OPTIMAL_CACHE to choose)")
    os.environ["OPTIMAL_CACHE"] = str(fallback)  # worker processes inherit the choice, silently
    return fallback


def _unusable(path: Path) -> str | None:
    """Why a folder cannot serve as the cache (None when it can): it must be a folder we can
    create and write in."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        return "is not a folder"
    except OSError as error:
        return f"cannot be created ({error.strerror or error})"
    if not path.is_dir():
        return "is not a folder"
    try:
        fd, probe = tempfile.mkstemp(prefix=".probe-", dir=path)
        os.close(fd)
        os.unlink(probe)
    except OSError as error:
        return f"is not writable ({error.strerror or error})"
    return None


def _private_fallback() -> Path:
    """A cache folder under the temporary directory that only this user can write: the shared
    name when it is ours and private (so the cache survives between runs), else a fresh one."""
    shared = Path(tempfile.gettempdir()) / f"optimal-cache-{os.getuid()}"
    try:
        shared.mkdir(mode=0o700, exist_ok=True)
        info = os.lstat(shared)
        if (stat.S_ISDIR(info.st_mode) and info.st_uid == os.getuid()
                and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH) and _unusable(shared) is None):
            return shared
    except OSError:
        pass
    return Path(tempfile.mkdtemp(prefix="optimal-cache-"))


def memory_bytes() -> int:
    """The machine's physical memory, in bytes (what a run must fit in)."""
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return 8 * 2**30  # unknown: assume a small machine


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def read_regular(path: str | Path) -> bytes:
    """The bytes of a regular file. Why: every input a command reads comes through here, and a
    FIFO named as one blocked the command forever (its open waits for a writer), while a device
    (/dev/zero, or a symlink to it) was read until memory ran out. The file is opened without
    blocking and what was opened is checked (not its name, so a symlink cannot slip past): any
    other kind of file is refused with an OSError naming it (one line for the user)."""
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        kind = os.fstat(fd).st_mode
        if not stat.S_ISREG(kind):
            what = ("a folder" if stat.S_ISDIR(kind) else "a FIFO" if stat.S_ISFIFO(kind)
                    else "a socket" if stat.S_ISSOCK(kind) else "a device")
            raise OSError(errno.EINVAL, f"not a regular file ({what})", str(path))
        with os.fdopen(os.dup(fd), "rb") as handle:
            return handle.read()
    finally:
        os.close(fd)


def atomic_write_bytes(path: str | Path, data: bytes) -> None:
    """Write `data` to `path` so that the file is never seen half-written. A path that cannot be
    written raises CannotWrite (one line for the user, not a traceback)."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as error:
        raise CannotWrite(f"cannot write {path}: {error.strerror or error}") from None
    try:
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # like a plain open(), not mkstemp's private 0600
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as error:  # Ctrl-C included: never leave the temporary file behind
        try:
            os.unlink(tmp)
        except OSError:
            pass
        if isinstance(error, OSError):
            raise CannotWrite(f"cannot write {path}: {error.strerror or error}") from None
        raise


def atomic_write_text(path: str | Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` atomically."""
    atomic_write_bytes(path, text.encode("utf-8"))
