"""What file a store path names, whether it is a checkpoint store that can
be read, and how to open it for reading: the checks
:class:`~ckpt_tui.store.engine.Store` makes when it opens, without the
engine. Search and completion open the file this way too.

A read-only open of a WAL file creates its ``-wal`` and ``-shm`` beside it.
Where it may not (a read-only folder or mount) it fails; beside a store
file that is read-only it leaves them with the file's mode, and the
plugin's next save fails on them once the file is writable again. In both
cases, when no ``-wal`` holds changes (so the main file has every
committed page), the file is read with ``immutable=1``, which creates
nothing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from time import monotonic

from ckpt_tui.errors import StoreMissing, StoreUnreadable
from ckpt_tui.store.connection import (
    BUSY_TIMEOUT_MS,
    SIDE_FILES_REFUSED,
    FileConnection,
    connect,
    has_wal_frames,
    read_only_file,
    translate,
)

MISSING_HINT = "the plugin creates it on its first save; `ckpt-tui demo` writes a sample store"
#: The tables every version of the plugin's schema has.
STORE_TABLES = {"projects", "sessions", "checkpoints", "snapshots"}


def require_file(path: Path) -> None:
    """One clear line if ``path`` names no file, or a folder."""
    if not path.exists():
        raise StoreMissing(f"no checkpoint store at {path}: {MISSING_HINT}")
    if path.is_dir():
        raise StoreUnreadable(f"{path} is a directory, not a checkpoint store")


def probe(path: Path) -> tuple[int, bool]:
    """The schema version, and whether the file must be read ``immutable``
    (:func:`open_read`)."""
    started = monotonic()
    try:
        conn, immutable = open_read(path)
    except sqlite3.Error as exc:
        raise translate(exc, path, since=started) from None
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    except sqlite3.Error as exc:
        raise translate(exc, path, since=started) from None
    finally:
        conn.close()
    if not tables >= STORE_TABLES:
        raise StoreUnreadable(
            f"{path} is not a checkpoint store (no checkpoint tables; user_version {version})"
        )
    return int(version), immutable


def _leaves_side_files(path: Path) -> bool:
    """Whether a read of this read-only store file would leave ``-wal`` or
    ``-shm`` behind with its mode, and need not: no ``-wal`` holds changes."""
    if not read_only_file(path) or has_wal_frames(path):
        return False
    return not all(Path(f"{path}{suffix}").exists() for suffix in ("-wal", "-shm"))


def open_read(path: Path, timeout: float = BUSY_TIMEOUT_MS / 1000) -> tuple[FileConnection, bool]:
    """A read-only connection to the store file, and whether it reads it
    ``immutable`` (see the top). Raises ``sqlite3.Error``, or
    :class:`StoreUnreadable` for a ``-wal`` that cannot be read here."""
    if _leaves_side_files(path):
        return connect(path, "ro", immutable=True, timeout=timeout, check_same_thread=False), True
    conn = connect(path, "ro", timeout=timeout, check_same_thread=False)
    try:
        conn.execute("PRAGMA schema_version").fetchone()  # opens the -wal and -shm
    except sqlite3.Error as exc:
        conn.close()
        if getattr(exc, "sqlite_errorcode", None) not in SIDE_FILES_REFUSED:
            raise
        if has_wal_frames(path):
            raise StoreUnreadable(
                f"cannot read {path}: its -wal holds changes that SQLite reads "
                f"only with a -shm beside it, which cannot be created there ({exc})"
            ) from None
        return connect(path, "ro", immutable=True, timeout=timeout, check_same_thread=False), True
    return conn, False
