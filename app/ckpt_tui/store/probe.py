"""What file a store path names, and whether it is a checkpoint store that
can be read: the checks :class:`~ckpt_tui.store.engine.Store` makes when it
opens, without the engine.

The search command checks the store this way before it searches; it needs
no engine, and importing one was most of what kept it slower than
``list projects``.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from time import monotonic

from ckpt_tui.errors import StoreMissing, StoreUnreadable
from ckpt_tui.store.connection import (
    BUSY_TIMEOUT_MS,
    SIDE_FILES_REFUSED,
    connect,
    has_wal_frames,
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
    """The schema version, and whether the file must be read ``immutable``:
    a read-only open that cannot create its side files, with no ``-wal``
    holding changes (so the main file has every committed page)."""
    started = monotonic()
    try:
        return _version(path, immutable=False), False
    except sqlite3.Error as exc:
        if getattr(exc, "sqlite_errorcode", None) not in SIDE_FILES_REFUSED:
            raise translate(exc, path, since=started) from None
        if has_wal_frames(path):
            raise StoreUnreadable(
                f"cannot read {path}: its -wal holds changes that SQLite reads "
                f"only with a -shm beside it, which cannot be created there ({exc})"
            ) from None
        first = exc
    try:
        return _version(path, immutable=True), True
    except sqlite3.Error:
        raise translate(first, path, since=started) from None


def _version(path: Path, *, immutable: bool) -> int:
    conn = connect(path, "ro", immutable=immutable, timeout=BUSY_TIMEOUT_MS / 1000)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    finally:
        conn.close()
    if not tables >= STORE_TABLES:
        raise StoreUnreadable(
            f"{path} is not a checkpoint store (no checkpoint tables; user_version {version})"
        )
    return int(version)
