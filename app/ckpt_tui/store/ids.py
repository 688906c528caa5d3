"""Ids for shell completion, read with plain ``sqlite3`` (no SQLAlchemy):
a TAB must answer in a blink and must never wait on a writer. Statements:
``statements/ids.py``."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ckpt_tui.errors import CkptError
from ckpt_tui.store.probe import open_read
from ckpt_tui.store.query import Query, not_utf8

#: At most this many candidates: a shell shows no more than a screenful.
LIMIT = 500


def read_ids(path: Path, what: str, session: str | None = None) -> list[str]:
    """``what`` is sessions, projects or snapshots (names, of ``session``).
    Read only, opened as a Store reads the file (nothing left beside a
    read-only one); any error (no file, locked, not a store) means no
    candidates."""
    if what not in ("sessions", "projects", "snapshots") or not path.is_file():
        return []
    try:
        conn, _ = open_read(path, timeout=0.2)
    except (sqlite3.Error, OSError, CkptError):
        return []
    try:
        rows = Query(conn).run(f"ids_{what}", session_id=session or "", limit=LIMIT)
        # an id that is not UTF-8 cannot be typed back: not offered
        return [row[0] for row in rows if isinstance(row[0], str) and not not_utf8(row[0])]
    except sqlite3.Error:
        return []
    finally:
        conn.close()
