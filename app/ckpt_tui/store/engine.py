"""Opening the store: connection settings, read and write transactions.

Two engines over one file. The reader opens SQLite with ``mode=ro`` so that
browsing can never change the file (not even ``user_version`` or the journal
mode); the writer is created on the first write only. Every connection gets
the settings of SPEC 2 from a ``connect`` listener; every write is one
``BEGIN IMMEDIATE`` transaction, retried with backoff while SQLite says busy.
"""

from __future__ import annotations

import os
import random
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar
from urllib.parse import quote

from ckpt_tui.errors import (
    CkptError,
    ReadOnly,
    StoreBusy,
    StoreMissing,
    StoreUnreadable,
)
from ckpt_tui.store.version import CURRENT_VERSION

if TYPE_CHECKING:  # SQLAlchemy is imported on the first query, not with the store
    from sqlalchemy import Connection, Engine

T = TypeVar("T")

BUSY_TIMEOUT_MS = 5000
WRITE_ATTEMPTS = 4

_MISSING_HINT = "the plugin creates it on its first save; `ckpt-tui demo` writes a sample store"


def sqlite_uri(path: Path, mode: str) -> str:
    return f"file:{quote(str(path))}?mode={mode}"


def _is_busy(exc: BaseException) -> bool:
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def translate(exc: BaseException, path: Path) -> CkptError:
    """One readable line for a SQLite failure."""
    orig = getattr(exc, "orig", None) or exc
    text = str(orig).lower()
    if _is_busy(orig):
        return StoreBusy(
            f"{path} is locked by another process (waited {BUSY_TIMEOUT_MS // 1000} s); "
            "try again in a moment"
        )
    if "not a database" in text or "malformed" in text or "corrupt" in text:
        return StoreUnreadable(f"{path} is not a readable SQLite database ({orig})")
    if "readonly" in text or "read-only" in text:
        return ReadOnly(f"{path} cannot be written: {orig}")
    if "unable to open" in text:
        return StoreUnreadable(f"cannot open {path}: {orig}")
    return CkptError(f"store error on {path}: {orig}")


def apply_settings(dbapi_conn: sqlite3.Connection, *, writer: bool) -> None:
    """SPEC 2 on every connection. Readers leave the journal mode alone: they
    open read-only and a WAL switch would be a write."""
    dbapi_conn.isolation_level = None  # we issue BEGIN ourselves
    cur = dbapi_conn.cursor()
    cur.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    if writer:
        cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=NORMAL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()


def _engine(path: Path, *, writer: bool) -> Engine:
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import QueuePool

    mode = "rw" if writer else "ro"

    def connect() -> sqlite3.Connection:
        return sqlite3.connect(
            sqlite_uri(path, mode),
            uri=True,
            check_same_thread=False,
            timeout=BUSY_TIMEOUT_MS / 1000,
        )

    engine = create_engine(
        "sqlite+pysqlite://", creator=connect, poolclass=QueuePool, pool_size=4, max_overflow=4
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


class Store:
    """One checkpoint store file, opened for reading and, if allowed, writing."""

    def __init__(self, path: str | os.PathLike[str], *, read_only: bool = False) -> None:
        self.path = Path(path).expanduser()
        if not self.path.exists():
            raise StoreMissing(f"no checkpoint store at {self.path}: {_MISSING_HINT}")
        if self.path.is_dir():
            raise StoreUnreadable(f"{self.path} is a directory, not a checkpoint store")
        self.version = self._probe_version()
        self.read_only_reason: str | None = None
        if read_only:
            self.read_only_reason = "opened with --read-only"
        elif self.version > CURRENT_VERSION:
            self.read_only_reason = (
                f"schema version {self.version} is newer than this ckpt-tui knows "
                f"({CURRENT_VERSION}); browsing read-only"
            )
        elif not os.access(self.path, os.W_OK):
            self.read_only_reason = "the store file is read-only"
        self._reader: Engine | None = None  # made on the first read
        self._writer: Engine | None = None
        self._writer_lock = threading.Lock()
        self._token_conn: sqlite3.Connection | None = None
        self._token_lock = threading.Lock()

    @classmethod
    def create(cls, path: str | os.PathLike[str]) -> Store:
        """A brand-new store at the current version (SPEC 4: 0 -> 2)."""
        path = Path(path).expanduser()
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_MS / 1000)
        from ckpt_tui.store import migrate

        try:
            apply_settings(conn, writer=True)
            migrate.create_current(conn)
        except sqlite3.Error as exc:
            raise translate(exc, path) from None
        finally:
            conn.close()
        return cls(path)

    def _probe_version(self) -> int:
        try:
            conn = sqlite3.connect(
                sqlite_uri(self.path, "ro"), uri=True, timeout=BUSY_TIMEOUT_MS / 1000
            )
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        try:
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        finally:
            conn.close()
        if not {"projects", "sessions", "checkpoints", "snapshots"} <= tables:
            raise StoreUnreadable(
                f"{self.path} is not a checkpoint store (no checkpoint tables; "
                f"user_version {version})"
            )
        return int(version)

    def change_token(self) -> int:
        """A number that changes whenever any connection commits to the file.

        ``PRAGMA data_version`` on one long-lived read-only connection: cheap
        enough to poll every second for live updates.
        """
        with self._token_lock:
            if self._token_conn is None:
                self._token_conn = sqlite3.connect(
                    sqlite_uri(self.path, "ro"), uri=True, check_same_thread=False, timeout=1
                )
            try:
                return int(self._token_conn.execute("PRAGMA data_version").fetchone()[0])
            except sqlite3.Error as exc:
                raise translate(exc, self.path) from None

    @property
    def writable(self) -> bool:
        return self.read_only_reason is None

    def close(self) -> None:
        with self._token_lock:
            if self._token_conn is not None:
                self._token_conn.close()
                self._token_conn = None
        if self._reader is not None:
            self._reader.dispose()
        if self._writer is not None:
            self._writer.dispose()

    @contextmanager
    def read(self) -> Iterator[Connection]:
        """A short deferred transaction: every query inside sees one snapshot."""
        try:
            with self._reader_engine().begin() as conn:
                yield conn
        except _dbapi_error() as exc:
            raise translate(exc, self.path) from None

    def write(self, work: Callable[[Connection], T]) -> T:
        """Run ``work`` in one ``BEGIN IMMEDIATE`` transaction, retrying on busy.

        ``work`` must re-read what it depends on: a retry runs it again from
        the start, after the lock is ours.
        """
        if self.read_only_reason:
            raise ReadOnly(f"{self.path} is read-only here: {self.read_only_reason}")
        engine = self._writer_engine()
        delay = 0.05
        for attempt in range(WRITE_ATTEMPTS):
            try:
                with engine.begin() as conn:
                    self._check_version(conn)
                    return work(conn)
            except _dbapi_error() as exc:
                if _is_busy(exc.orig or exc) and attempt + 1 < WRITE_ATTEMPTS:
                    _log_retry(self.path, attempt + 2)
                    time.sleep(delay * (1 + random.random()))
                    delay *= 2
                    continue
                raise translate(exc, self.path) from None
        raise AssertionError("unreachable")

    def _check_version(self, conn: Connection) -> None:
        version = conn.exec_driver_sql("PRAGMA user_version").scalar_one()
        if version > CURRENT_VERSION:
            raise ReadOnly(
                f"{self.path} was migrated to schema version {version} meanwhile; refusing to write"
            )

    def _reader_engine(self) -> Engine:
        with self._writer_lock:
            if self._reader is None:
                self._reader = _engine(self.path, writer=False)
            return self._reader

    def _writer_engine(self) -> Engine:
        with self._writer_lock:
            if self._writer is None:
                self._writer = _engine(self.path, writer=True)
            return self._writer
