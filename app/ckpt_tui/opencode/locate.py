"""Which database files opencode's data dir holds, in the order they win.

opencode picks its database as ``Database.path()`` does: ``$OPENCODE_DB``
when set (``:memory:`` or an absolute path as given, any other value a
name inside the data dir), else ``opencode.db`` for the latest/beta/prod
channels and ``opencode-<channel>.db`` for the others. Sessions written by
another channel or under another ``OPENCODE_DB`` stay in their own file, so
every ``opencode*.db`` is read; the one opencode would open now comes first,
so its copy of a session wins over a stale one elsewhere.
"""

from __future__ import annotations

import os
from pathlib import Path

MAIN_DB = "opencode.db"
STORAGE_DIR = "storage"


def opencode_db_env() -> str | None:
    """``$OPENCODE_DB`` as opencode reads it (empty means unset)."""
    return os.environ.get("OPENCODE_DB") or None


def configured_db(data_dir: Path, opencode_db: str | None) -> Path | None:
    """The file ``OPENCODE_DB`` names, resolved as opencode resolves it;
    ``None`` when unset or ``:memory:`` (nothing on disk to read)."""
    if not opencode_db or opencode_db == ":memory:":
        return None
    path = Path(opencode_db).expanduser()
    return path if path.is_absolute() else data_dir / path


def database_files(data_dir: Path, opencode_db: str | None = None) -> list[Path]:
    """Every database to read, the one opencode uses now first.

    Only regular files named ``opencode*.db``: the ``-wal`` and ``-shm``
    companions end differently and are SQLite's business, not ours.
    """
    found = []
    if data_dir.is_dir():
        found = sorted(
            p for p in data_dir.glob("opencode*.db") if p.is_file() and p.name.endswith(".db")
        )
    first = configured_db(data_dir, opencode_db)
    if first is None:
        first = data_dir / MAIN_DB
    ordered = [first] if (first.is_file() or opencode_db) else []
    ordered += [p for p in found if p != first]
    return ordered


def storage_dir(data_dir: Path) -> Path:
    return data_dir / STORAGE_DIR
