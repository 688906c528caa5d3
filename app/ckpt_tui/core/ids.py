"""Ids from the store for shell completion (``ckpt-tui __complete``)."""

from __future__ import annotations

from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.store.ids import read_ids


def candidates(what: str, db: str | None = None, session: str | None = None) -> list[str]:
    """Session or project ids, or a session's snapshot names; never raises."""
    path = Path(db).expanduser() if db else paths.default_store_path()
    return read_ids(path, what, session)
