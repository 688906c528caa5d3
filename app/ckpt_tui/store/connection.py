"""Plain ``sqlite3`` connections to the store, without SQLAlchemy: the URI,
the identity of the file a connection opened, the settings of SPEC 2, and
SQLite's failures as one readable line.

Every connection to the store is made here: the reads' (``Store.read``,
search, completion) and the write engine's (as its ``creator``), so all
open a file the same way.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path
from time import monotonic
from urllib.parse import quote

from ckpt_tui.errors import CkptError, ReadOnly, StoreBusy, StoreUnreadable

BUSY_TIMEOUT_MS = 5000

#: SQLite's answers when a read-only open cannot create the ``-wal`` or
#: ``-shm`` beside the file: CANTOPEN (a read-only mount), READONLY and its
#: DIRECTORY, CANTINIT, CANTLOCK and RECOVERY variants (a folder we may not write).
SIDE_FILES_REFUSED = {14, 8, 1544, 1288, 520, 264}
FileId = tuple[int, int]


def sqlite_uri(path: Path, mode: str, *, immutable: bool = False) -> str:
    return f"file:{quote(str(path))}?mode={mode}" + ("&immutable=1" if immutable else "")


def file_id(path: Path) -> FileId | None:
    """``(st_dev, st_ino)`` of the file the path names now; ``None`` if none."""
    try:
        st = os.stat(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    return (st.st_dev, st.st_ino)


class FileConnection(sqlite3.Connection):
    """A connection that knows which file it opened: the path's identity,
    the same before and after the open (``None`` if it changed meanwhile)."""

    file_id: FileId | None = None


def connect(path: Path, mode: str, *, immutable: bool = False, **kwargs) -> FileConnection:
    before = file_id(path)
    conn = sqlite3.connect(
        sqlite_uri(path, mode, immutable=immutable), uri=True, factory=FileConnection, **kwargs
    )
    conn.file_id = before if file_id(path) == before else None
    return conn


def has_wal_frames(path: Path) -> bool:
    wal = Path(f"{path}-wal")
    try:
        return wal.is_file() and wal.stat().st_size > 0
    except OSError:
        return False


def read_only_file(path: Path) -> bool:
    """Whether the store file itself is read-only: we may not write it, or
    its mode lets nobody write it (root may, but the plugin would not)."""
    try:
        return not (os.stat(path).st_mode & 0o222) or not os.access(path, os.W_OK)
    except OSError:
        return False


def is_busy(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def is_corrupt(exc: BaseException) -> bool:
    """Whether SQLite found the file damaged (SQLITE_CORRUPT), rather than
    not a database at all or not there."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    return "malformed" in text or "corrupt" in text


def translate(
    exc: BaseException, path: Path, *, since: float | None = None, attempts: int = 1
) -> CkptError:
    """One readable line for a SQLite failure.

    ``since`` is the ``monotonic()`` time the failed operation started: a
    lock message states the wait that really happened (every attempt's busy
    timeout and the backoff between them), not one configured timeout.
    """
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    if is_busy(orig):
        waited = monotonic() - since if since is not None else BUSY_TIMEOUT_MS / 1000
        tries = f" over {attempts} attempts" if attempts > 1 else ""
        return StoreBusy(
            f"{path} is locked by another process (waited {waited:.1f} s{tries}); "
            "try again in a moment"
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StoreUnreadable(f"{path} is not a readable SQLite database ({orig})")
    if "readonly" in text or "read-only" in text:
        return ReadOnly(f"{path} is read-only here ({orig})")
    if "unable to open" in text:
        return StoreUnreadable(f"cannot open {path}: {orig}")
    return CkptError(f"store error on {path}: {orig}")


def apply_settings(dbapi_conn: sqlite3.Connection, *, writer: bool) -> None:
    """SPEC 2 on every connection. Readers leave the journal mode alone: they
    open read-only and a WAL switch would be a write."""
    dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    if writer:
        cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
