"""Opening the service for a store path: the one entry point of the core."""

from __future__ import annotations

import os
from pathlib import Path

from ckpt_tui import paths
from ckpt_tui.core.actions import Service
from ckpt_tui.core.config import Config, load
from ckpt_tui.store import Store
from ckpt_tui.store.journal import JournalFile


def open_service(
    db: str | os.PathLike[str] | None = None,
    *,
    read_only: bool = False,
    config: Config | None = None,
) -> Service:
    """The store at ``db`` (default: SPEC 1), our journal and settings."""
    path = Path(db).expanduser() if db else paths.default_store_path()
    store = Store(path, read_only=read_only)
    cfg = config or load()
    journal = JournalFile(paths.cache_dir() / "journal.db", store.path)
    return Service(store, journal, cfg.history_limit)
