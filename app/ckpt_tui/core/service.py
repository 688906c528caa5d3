"""Opening the service for a store path: the one entry point of the core."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from ckpt_tui import debuglog, paths
from ckpt_tui.core.actions import Service
from ckpt_tui.core.config import Config, load
from ckpt_tui.errors import JournalError
from ckpt_tui.store import Store


class LazyJournal:
    """The undo journal, opened on first use: a session that only browses
    never creates it, and start-up does not import SQLAlchemy for it. Its
    failures (an unusable state dir, a damaged file) are :class:`JournalError`,
    one line like every other, never a traceback."""

    def __init__(self, path: Path, store: Store, former: Path | None = None) -> None:
        self._args = (path, store, former)
        self._file = None

    def __getattr__(self, name: str):
        from sqlalchemy.exc import SQLAlchemyError

        from ckpt_tui.store.file_identity import FileIdentityError

        def guarded(*args, **kwargs):
            try:
                if self._file is None:
                    from ckpt_tui.store.journal import JournalFile

                    self._file = JournalFile(*self._args)
                return getattr(self._file, name)(*args, **kwargs)
            except (OSError, ValueError, sqlite3.Error, SQLAlchemyError, FileIdentityError) as exc:
                reason = str(getattr(exc, "orig", None) or exc).splitlines()[0] or type(exc).__name__
                raise JournalError(
                    f"the undo journal {self._args[0]} cannot be used ({reason})"
                ) from None

        return guarded

    def exists(self) -> bool:
        """Whether there is a journal to read, without creating it (nor
        importing SQLAlchemy): asking what undo would do must not."""
        path, _store, former = self._args
        return self._file is not None or path.exists() or bool(former and former.exists())

    def close(self) -> None:
        if self._file is not None:
            self._file.close()


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
    journal = LazyJournal(paths.state_dir() / "journal.db", store, paths.former_journal_file())
    service = Service(store, journal, cfg.history_limit)
    if debuglog.enabled():
        debuglog.instrument(service, "service")
    return service
