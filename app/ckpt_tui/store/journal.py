"""ckpt-tui's own undo journal: a small SQLite file in our state dir.

The checkpoint store belongs to the plugin and gets no tables of ours
(SPEC 1), so the undo/redo history lives here, one file per machine, keyed
by the store's real path. It holds full payloads, so pruning in the store
cannot take a redo away. The policy that reads it is in
:mod:`ckpt_tui.core.history`.

Older versions kept it in the cache dir, which cache cleaners empty; the
first use of the journal moves it from there (:func:`move_former`).
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from sqlalchemy import (
    Column,
    Integer,
    MetaData,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.exc import OperationalError
from sqlalchemy.schema import CreateTable

from ckpt_tui import timeutil

KEEP_PER_SESSION = 200

_meta = MetaData()
entries = Table(
    "entries",
    _meta,
    Column("store_key", Text, primary_key=True),
    Column("session_id", Text, primary_key=True),
    Column("seq", Integer, primary_key=True),
    Column("action", Text, nullable=False),
    Column("label", Text, nullable=False),
    Column("before", Text, nullable=False),
    Column("after", Text, nullable=False),
    Column("before_snapshot_id", Text),
    Column("after_snapshot_id", Text),
    Column("detail", Text, nullable=False, server_default="{}"),
    Column("done", Integer, nullable=False),
    Column("created_at", Text, nullable=False),
)
ours = Table(
    "our_snapshots",
    _meta,
    Column("store_key", Text, primary_key=True),
    Column("snapshot_id", Text, primary_key=True),
    Column("session_id", Text, nullable=False),
)


@dataclass(frozen=True)
class Entry:
    seq: int
    action: str
    label: str
    before: str
    after: str
    before_snapshot_id: str | None
    after_snapshot_id: str | None
    detail: dict[str, Any]
    done: bool


SIDE_FILES = ("-wal", "-shm")


def move_former(path: Path, former: Path) -> bool:
    """Move the journal at ``former`` (where an older ckpt-tui kept it) to
    ``path``, once: only while nothing is at ``path``. Whether it moved.

    Copied with SQLite's backup API, so the entries still in its ``-wal``
    come along and a ckpt-tui using the old file meanwhile is no harm; the
    copy is complete and on disk before it appears at ``path``, by a hard
    link that fails if anything is there already. So when several processes
    start at once, exactly one copy wins and the others throw theirs away;
    only the winner removes the old file. An old file that cannot be read
    stays where it is, untouched, and a new journal starts.
    """
    if path.exists() or not former.is_file():
        return False
    try:
        if former.resolve() == path.resolve():
            return False
    except OSError:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(f"{path.name}.{os.getpid()}-{threading.get_ident()}.moving")
    try:
        try:
            _copy(former, tmp)
        except (sqlite3.Error, OSError):
            return False
        try:
            os.link(tmp, path)
        except FileExistsError:
            return False  # another process moved it first: its copy is the journal
    finally:
        for suffix in ("", *SIDE_FILES):
            Path(f"{tmp}{suffix}").unlink(missing_ok=True)
    for suffix in (*SIDE_FILES, ""):  # the -wal first: a db without it is only older
        Path(f"{former}{suffix}").unlink(missing_ok=True)
    return True


def _copy(source: Path, target: Path) -> None:
    """``source`` with its ``-wal`` into a new, closed, synced ``target``."""
    src = sqlite3.connect(f"file:{quote(str(source))}?mode=rw", uri=True, timeout=5)
    try:
        dst = sqlite3.connect(target)
        try:
            src.backup(dst)
            dst.execute("PRAGMA journal_mode=DELETE")  # nothing left beside it
            count = "SELECT count(*) FROM entries"
            if dst.execute(count).fetchone() != src.execute(count).fetchone():
                raise sqlite3.DatabaseError("the copy of the old journal differs")
        finally:
            dst.close()
    finally:
        src.close()
    fd = os.open(target, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


#: Tries at opening a journal that other processes are creating at once.
FIRST_USE_ATTEMPTS = 20


class JournalFile:
    """Persistence only: append, flip, rewrite entries of one store."""

    def __init__(self, path: Path, store_path: Path, former: Path | None = None) -> None:
        """``former``: where an older ckpt-tui kept the journal, moved to
        ``path`` on first use."""
        if former is not None:
            move_former(path, former)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.store_key = str(store_path.resolve())
        self._engine = create_engine(f"sqlite:///{path}")

        @event.listens_for(self._engine, "connect")
        def _settings(dbapi_conn, _record):  # noqa: ANN001
            dbapi_conn.execute("PRAGMA busy_timeout=5000")
            dbapi_conn.execute("PRAGMA journal_mode=WAL")
            # No fsync per commit (2 per restore, ~4 ms each): a power cut may
            # lose the newest entries, and undo then falls back to the newest
            # pre-restore snapshot, as after any crash before the journal write.
            dbapi_conn.execute("PRAGMA synchronous=NORMAL")

        # IF NOT EXISTS: several ckpt-tui processes may open a brand-new
        # journal at once, and create_all's look-then-create lets all but one
        # fail with "table already exists".
        for attempt in range(FIRST_USE_ATTEMPTS):
            try:
                with self._engine.begin() as conn:
                    for table in _meta.sorted_tables:
                        conn.execute(CreateTable(table, if_not_exists=True))
                break
            except OperationalError as exc:
                # While another process turns the brand-new file into WAL,
                # SQLite answers "locked" at once, without waiting the busy
                # timeout: wait a little and try again (16 processes at once
                # lost one in three rounds of eight).
                if "locked" not in str(exc) or attempt == FIRST_USE_ATTEMPTS - 1:
                    raise
                self._engine.dispose()
                time.sleep(0.02 * (attempt + 1))

    def exists(self) -> bool:
        """Open, so there (:meth:`LazyJournal.exists` answers before that)."""
        return True

    def close(self) -> None:
        self._engine.dispose()

    def _entry(self, r) -> Entry:
        return Entry(
            seq=r.seq,
            action=r.action,
            label=r.label,
            before=r.before,
            after=r.after,
            before_snapshot_id=r.before_snapshot_id,
            after_snapshot_id=r.after_snapshot_id,
            detail=json.loads(r.detail or "{}"),
            done=bool(r.done),
        )

    def _scope(self, session_id: str):
        return (entries.c.store_key == self.store_key, entries.c.session_id == session_id)

    def last_done(self, session_id: str) -> Entry | None:
        with self._engine.connect() as conn:
            r = conn.execute(
                select(entries)
                .where(*self._scope(session_id), entries.c.done == 1)
                .order_by(entries.c.seq.desc())
                .limit(1)
            ).first()
        return self._entry(r) if r else None

    def first_undone(self, session_id: str) -> Entry | None:
        with self._engine.connect() as conn:
            r = conn.execute(
                select(entries)
                .where(*self._scope(session_id), entries.c.done == 0)
                .order_by(entries.c.seq.asc())
                .limit(1)
            ).first()
        return self._entry(r) if r else None

    def is_ours(self, snapshot_id: str | None) -> bool:
        if snapshot_id is None:
            return False
        with self._engine.connect() as conn:
            return (
                conn.execute(
                    select(ours.c.snapshot_id).where(
                        ours.c.store_key == self.store_key, ours.c.snapshot_id == snapshot_id
                    )
                ).first()
                is not None
            )

    def push(
        self,
        session_id: str,
        *,
        action: str,
        label: str,
        before: str,
        after: str,
        before_snapshot_id: str | None,
        after_snapshot_id: str | None,
        detail: dict[str, Any] | None = None,
        done: bool = True,
        reset: bool = False,
    ) -> None:
        """Append a done entry, dropping the redo tail (or the whole history
        when ``reset``), and remember the snapshot we created."""
        with self._engine.begin() as conn:
            scope = self._scope(session_id)
            if reset:
                conn.execute(delete(entries).where(*scope))
            else:
                conn.execute(delete(entries).where(*scope, entries.c.done == 0))
            top = conn.execute(select(func.max(entries.c.seq)).where(*scope)).scalar() or 0
            conn.execute(
                insert(entries).values(
                    store_key=self.store_key,
                    session_id=session_id,
                    seq=top + 1,
                    action=action,
                    label=label,
                    before=before,
                    after=after,
                    before_snapshot_id=before_snapshot_id,
                    after_snapshot_id=after_snapshot_id,
                    detail=json.dumps(detail or {}),
                    done=int(done),
                    created_at=timeutil.now_iso(),
                )
            )
            conn.execute(delete(entries).where(*scope, entries.c.seq <= top + 1 - KEEP_PER_SESSION))
        self.remember(session_id, before_snapshot_id if done else after_snapshot_id)

    def flip(self, session_id: str, seq: int, *, done: bool, **values: Any) -> None:
        """Mark an entry undone or redone, rewriting the side it overwrote."""
        with self._engine.begin() as conn:
            conn.execute(
                update(entries)
                .where(*self._scope(session_id), entries.c.seq == seq)
                .values(done=int(done), **values)
            )

    def remember(self, session_id: str, snapshot_id: str | None) -> None:
        if snapshot_id is None:
            return
        with self._engine.begin() as conn:
            conn.execute(
                insert(ours)
                .prefix_with("OR IGNORE")
                .values(store_key=self.store_key, snapshot_id=snapshot_id, session_id=session_id)
            )

    def forget_session(self, session_id: str) -> None:
        with self._engine.begin() as conn:
            conn.execute(delete(entries).where(*self._scope(session_id)))
