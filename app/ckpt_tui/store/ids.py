"""Ids for shell completion, read with plain ``sqlite3`` (no SQLAlchemy):
a TAB must answer in a blink and must never wait on a writer."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from ckpt_tui.store.connection import sqlite_uri

#: At most this many candidates: a shell shows no more than a screenful.
LIMIT = 500

_QUERIES = {
    "sessions": "SELECT id FROM sessions ORDER BY updated_at DESC LIMIT ?",
    "projects": "SELECT id FROM projects ORDER BY updated_at DESC LIMIT ?",
    "snapshots": (
        "SELECT name FROM snapshots WHERE session_id = ? ORDER BY captured_at DESC LIMIT ?"
    ),
}


def read_ids(path: Path, what: str, session: str | None = None) -> list[str]:
    """``what`` is sessions, projects or snapshots (names, of ``session``).
    Read only; any error (no file, locked, not a store) means no candidates."""
    if what not in _QUERIES or not path.is_file():
        return []
    params: tuple = (LIMIT,) if what != "snapshots" else (session or "", LIMIT)
    try:
        conn = sqlite3.connect(sqlite_uri(path, "ro"), uri=True, timeout=0.2)
    except sqlite3.Error:
        return []
    try:
        return [row[0] for row in conn.execute(_QUERIES[what], params) if isinstance(row[0], str)]
    except sqlite3.Error:
        return []
    finally:
        conn.close()
