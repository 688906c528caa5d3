"""Opening the store: connection settings, read and write transactions.

Two engines over one file. The reader opens SQLite with ``mode=ro`` so that
browsing can never change the file (not even ``user_version`` or the journal
mode); the writer is created on the first write only. Every connection gets
the settings of SPEC 2 from a ``connect`` listener; every write is one
``BEGIN IMMEDIATE`` transaction, retried with backoff while SQLite says busy.

A store may be read where it cannot be written (a mounted backup, a
read-only folder): a read-only open of a WAL file still creates its ``-wal``
and ``-shm``, and fails when it may not. When no ``-wal`` holds changes,
every committed page is in the main file, so it is then read with
``immutable=1`` and writes are refused with the reason.

The path may come to name another file while we have it open (the demo
regenerated, a backup copied back). :meth:`Store.follow_path` notices it
(``st_dev``/``st_ino``), closes every connection and opens the new file; each
read and write calls it first, and a write checks again inside its
transaction that its connection's file is the one at the path.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING, TypeVar

from ckpt_tui.errors import (
    CkptError,
    ReadOnly,
    StoreMissing,
)
from ckpt_tui.store.connection import (
    BUSY_TIMEOUT_MS,
    FileConnection,
    FileId,
    apply_settings,
    connect,
    file_id,
    has_wal_frames,
    is_busy,
    translate,
)
from ckpt_tui.store.probe import MISSING_HINT, probe, require_file
from ckpt_tui.store.version import CURRENT_VERSION

if TYPE_CHECKING:  # SQLAlchemy is imported on the first query, not with the store
    from sqlalchemy import Connection, Engine

    from ckpt_tui.store.plain_read import PlainRead

T = TypeVar("T")

WRITE_ATTEMPTS = 4


#: How often a write follows a path that keeps naming another file.
REPLACED_ATTEMPTS = 3
#: Plain connections kept between reads (the UI's workers read at most a
#: few at a time).
PLAIN_IDLE = 2


def _engine(path: Path, *, writer: bool, immutable: bool = False) -> Engine:
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import QueuePool

    mode = "rw" if writer else "ro"

    def creator() -> sqlite3.Connection:
        return connect(
            path,
            mode,
            immutable=immutable,
            check_same_thread=False,
            timeout=BUSY_TIMEOUT_MS / 1000,
        )

    engine = create_engine(
        "sqlite+pysqlite://", creator=creator, poolclass=QueuePool, pool_size=4, max_overflow=4
    )
    begin_sql = "BEGIN IMMEDIATE" if writer else "BEGIN"

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):  # noqa: ANN001
        apply_settings(dbapi_conn, writer=writer)

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql(begin_sql)

    return engine


def _log_retry(path: Path, attempt: int) -> None:
    """For the debug log (a no-op unless it is on): another writer held the lock."""
    import logging

    logging.getLogger("ckpt_tui.store").info("%s busy, write retried (attempt %d)", path, attempt)


def _dbapi_error() -> type[Exception]:
    from sqlalchemy.exc import DBAPIError

    return DBAPIError


class _Replaced(Exception):
    """Inside a write: the connection's file is no longer the one at the path."""


class Store:
    """One checkpoint store file, opened for reading and, if allowed, writing."""

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False) -> None:
        self.path = Path(path).expanduser()
        require_file(self.path)
        self._asked_read_only = read_only
        self._reader: Engine | None = None  # made on the first read
        self._writer: Engine | None = None
        self._writer_lock = threading.RLock()  # engines, the open file, its identity
        self._token_conn: sqlite3.Connection | None = None
        self._token_lock = threading.Lock()
        self._plain_idle: list[FileConnection] = []  # plain_read's connections, set up
        self._plain_lock = threading.Lock()
        #: One line each, for the person: the path named another file, or none.
        self._notices: list[str] = []
        self._noticed: object = None  # what the last notice was about, said once
        self._open()

    def _open(self) -> None:
        """Probe the file the path names now: which file, its version, how it
        reads (``immutable``) and why it may not be written."""
        for _ in range(REPLACED_ATTEMPTS):
            before = file_id(self.path)
            if before is None:
                raise StoreMissing(f"no checkpoint store at {self.path}: {MISSING_HINT}")
            version, immutable = self._probe()
            if file_id(self.path) == before:
                break
        self.identity: FileId | None = before
        self.gone = False  # the path names no file (the one open was removed)
        self.version = version
        self.immutable = immutable
        self.read_only_reason: str | None = self._why_read_only()

    def _why_read_only(self) -> str | None:
        if self._asked_read_only:
            return "opened with --read-only"
        if self.version > CURRENT_VERSION:
            return (
                f"schema version {self.version} is newer than this ckpt-tui knows "
                f"({CURRENT_VERSION}); browsing read-only"
            )
        if self.immutable:
            return "a read-only folder or mount (SQLite cannot create its -wal and -shm there)"
        if not os.access(self.path, os.W_OK):
            return "the store file is read-only"
        side = [Path(f"{self.path}{s}") for s in ("-wal", "-shm")]
        if not os.access(self.path.parent, os.W_OK | os.X_OK) and not all(
            p.is_file() and os.access(p, os.W_OK) for p in side
        ):
            return f"the store's folder is read-only (SQLite needs {self.path.name}-wal beside it)"
        return None

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> Store:
        """A brand-new store at the current version (SPEC 4: 0 -> 2)."""
        path = Path(path).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        started = monotonic()
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        from ckpt_tui.store import migrate

        try:
            apply_settings(conn, writer=True)
            migrate.create_current(conn)
        except sqlite3.Error as exc:
            raise translate(exc, path, since=started) from None
        finally:
            conn.close()
        return cls(path)

    def _probe(self) -> tuple[int, bool]:
        return probe(self.path)

    # -- the path may name another file ------------------------------------------------
    def follow_path(self) -> bool:
        """Reopen if the path now names another file than the one open (or,
        read ``immutable``, if the file changed); whether it reopened.

        A replacement queues a one-line notice (:meth:`take_notices`); a
        path that names nothing leaves everything open for reading and
        makes writes refuse. The new file's version and read-only reason
        replace the old ones.
        """
        with self._writer_lock:
            now = file_id(self.path)
            if now is None:
                self.gone = True
                self._say(
                    "gone",
                    f"{self.path} was removed: what shows is what it held; "
                    "writes are refused until a store is back at this path",
                )
                return False
            if self.gone and now == self.identity:  # the same file, moved back
                self.gone = False
                self._noticed = now
                return False
            stale = self.immutable and has_wal_frames(self.path)
            if now == self.identity and not stale:
                return False
            replaced = now != self.identity
            self._close_connections()
            try:
                self._open()
            except CkptError as exc:
                self.identity = None  # every read and write tries again
                self._say(now, f"{self.path} now names another file, which cannot be opened: {exc}")
                raise
            if replaced:
                mode = f"; read-only: {self.read_only_reason}" if self.read_only_reason else ""
                self._say(now, f"{self.path} was replaced by another file: reopened it{mode}")
            return True

    def _say(self, about: object, notice: str) -> None:
        if about != self._noticed:
            self._noticed = about
            self._notices.append(notice)

    def take_notices(self) -> list[str]:
        """The notices since the last call (the app shows each once)."""
        with self._writer_lock:
            notices, self._notices = self._notices, []
            return notices

    def change_token(self) -> int:
        """A number that changes whenever any connection commits to the file.

        ``PRAGMA data_version`` on one long-lived read-only connection: cheap
        enough to poll every second for live updates.
        """
        with self._token_lock:
            if self._token_conn is None:
                self._token_conn = connect(
                    self.path, "ro", immutable=self.immutable, check_same_thread=False, timeout=1
                )
            started = monotonic()
            try:
                return int(self._token_conn.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error as exc:
                raise translate(exc, self.path, since=started) from None

    @property
    def writable(self) -> bool:
        return self.read_only_reason is None

    def plain_read(self) -> PlainRead:
        """A plain ``sqlite3`` read transaction (``store.plain_read``), on a
        connection kept from an earlier one when it opened the file the
        path names now (a file replaced since gets a new one); a store read
        ``immutable`` opens one each time, as its file may change under it."""
        from ckpt_tui.store.plain_read import PlainRead

        with self._plain_lock:
            conn = self._plain_idle.pop() if self._plain_idle else None
        if conn is not None and conn.file_id != file_id(self.path):
            conn.close()
            conn = None
        keep = None if self.immutable else self._keep_plain
        return PlainRead(self.path, self.immutable, conn, keep)

    def _keep_plain(self, conn: FileConnection) -> None:
        with self._plain_lock:
            if len(self._plain_idle) < PLAIN_IDLE and conn.file_id == self.identity:
                self._plain_idle.append(conn)
                return
        conn.close()

    def _close_connections(self) -> None:
        with self._token_lock:
            if self._token_conn is not None:
                self._token_conn.close()
                self._token_conn = None
        with self._plain_lock:
            idle, self._plain_idle = self._plain_idle, []
        for conn in idle:
            conn.close()
        with self._writer_lock:
            reader, writer, self._reader, self._writer = self._reader, self._writer, None, None
        if reader is not None:
            reader.dispose()
        if writer is not None:
            writer.dispose()

    def close(self) -> None:
        self._close_connections()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A short deferred transaction: every query inside sees one snapshot."""
        self.follow_path()
        started = monotonic()
        try:
            with self._reader_engine().begin() as conn:
                yield conn
        except _dbapi_error() as exc:
            raise translate(exc, self.path, since=started) from None

    def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction, retrying on busy.

        ``work`` must re-read what it depends on: a retry runs it again from
        the start, after the lock is ours. The file written is the one at the
        path when the lock is taken: a replaced file is followed first, and
        never written.
        """
        for _ in range(REPLACED_ATTEMPTS):
            self.follow_path()
            if self.gone:
                raise StoreMissing(
                    f"{self.path} no longer exists (removed while open); nothing was written"
                )
            if self.read_only_reason:
                raise ReadOnly(f"{self.path} is read-only here: {self.read_only_reason}")
            try:
                return self._write_once(work)
            except _Replaced:
                continue
        raise CkptError(f"{self.path} keeps being replaced by other files; nothing was written")

    def _write_once(self, work: Callable[[Connection], T]) -> T:
        engine = self._writer_engine()
        delay = 0.05
        started = monotonic()
        for attempt in range(WRITE_ATTEMPTS):
            try:
                with engine.begin() as conn:
                    self._check_same_file(conn)
                    self._check_version(conn)
                    return work(conn)
            except _dbapi_error() as exc:
                if is_busy(exc.orig or exc) and attempt + 1 < WRITE_ATTEMPTS:
                    import random  # only when busy: no start-up imports it

                    _log_retry(self.path, attempt + 2)
                    time.sleep(delay * (1 + random.random()))
                    delay *= 2
                    continue
                raise translate(exc, self.path, since=started, attempts=attempt + 1) from None
        raise AssertionError("unreachable")

    def _check_same_file(self, conn: Connection) -> None:
        """With the write lock held: the connection's file is the one at the path."""
        opened = getattr(conn.connection.dbapi_connection, "file_id", None)
        if opened is None or opened != file_id(self.path):
            raise _Replaced

    def _check_version(self, conn: Connection) -> None:
        version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
        if version > CURRENT_VERSION:
            raise ReadOnly(
                f"{self.path} was migrated to schema version {version} meanwhile; refusing to write"
            )

    def _reader_engine(self) -> Engine:
        with self._writer_lock:
            if self._reader is None:
                self._reader = _engine(self.path, writer=False, immutable=self.immutable)
            return self._reader

    def _writer_engine(self) -> Engine:
        with self._writer_lock:
            if self._writer is None:
                self._writer = _engine(self.path, writer=True)
            return self._writer
