"""Opening the store: connection settings, read and write transactions.

Reads run the generated SQL of the read statements (``store/query.py``) on
plain ``sqlite3`` connections opened with ``mode=ro``, so that browsing can
never change the file (not even ``user_version`` or the journal mode); a
few are kept between reads. Writes run through a SQLAlchemy engine, created
on the first write only (importing SQLAlchemy is 0.2-0.4 s no read pays).
Every connection gets the settings of SPEC 2; every write is one
``BEGIN IMMEDIATE`` transaction, retried with backoff while SQLite says busy.
A failing read or write raises the store's one-line error
(``connection.translate``).

Once a file has shown corruption (an SQLite error, or ``doctor``), writes
to it are refused until ``doctor`` finds it whole (``store/damage.py``).

A store may be read where it cannot be written (a mounted backup, a
read-only folder, a read-only file): a read-only open of a WAL file still
creates its ``-wal`` and ``-shm``, and fails when it may not (or leaves
them behind with the file's read-only mode, where the plugin's next save
fails on them). When no ``-wal`` holds changes, every committed page is in
the main file, so it is then read with ``immutable=1`` (``store/probe.py``)
and writes are refused with the reason.

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
    StoreDamaged,
    StoreMissing,
    StoreUnreadable,
)
from ckpt_tui.store import damage
from ckpt_tui.store.connection import (
    BUSY_TIMEOUT_MS,
    FileConnection,
    FileId,
    apply_settings,
    connect,
    file_id,
    has_wal_frames,
    is_busy,
    is_corrupt,
    read_only_file,
    translate,
)
from ckpt_tui.store.probe import MISSING_HINT, probe, require_file
from ckpt_tui.store.query import Query, lenient_text
from ckpt_tui.store.version import CURRENT_VERSION

if TYPE_CHECKING:  # SQLAlchemy is imported on the first write, not with the store
    from sqlalchemy import Connection, Engine

T = TypeVar("T")

WRITE_ATTEMPTS = 4


#: How often a write follows a path that keeps naming another file.
REPLACED_ATTEMPTS = 3
#: Read connections kept between reads (opening one and reading the schema
#: costs about 0.25 ms, more than most reads; the UI's workers read at most
#: a few at a time).
READERS_KEPT = 2


def _write_engine(path: Path) -> Engine:
    from sqlalchemy import create_engine, event
    from sqlalchemy.pool import QueuePool

    def creator() -> sqlite3.Connection:
        return connect(path, "rw", check_same_thread=False, timeout=BUSY_TIMEOUT_MS / 1000)

    engine = create_engine(
        "sqlite+pysqlite://", creator=creator, poolclass=QueuePool, pool_size=4, max_overflow=4
    )

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_conn, _record):  # noqa: ANN001
        apply_settings(dbapi_conn, writer=True)
        # what a write reads (little: ids, a kind, the row it changes) never
        # fails on a byte that is not UTF-8 elsewhere in the row
        dbapi_conn.text_factory = lenient_text

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        conn.exec_driver_sql("BEGIN IMMEDIATE")

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
        self._writer: Engine | None = None  # made on the first write
        self._writer_lock = threading.RLock()  # the engine, the open file, its identity
        self._token_conn: sqlite3.Connection | None = None
        self._token_lock = threading.Lock()
        self._readers: list[FileConnection] = []  # read connections kept, set up
        self._readers_lock = threading.Lock()
        #: What corruption has been seen in the open file (``None``: none),
        #: and the identity it was last looked up for (``store/damage.py``).
        self._damage: str | None = None
        self._damage_looked: FileId | None = None
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
            try:
                version, immutable = self._probe()
            except StoreUnreadable as exc:
                if is_corrupt(exc):  # a later write to this file, once it opens, is refused
                    damage.note(before, self.path, f"SQLite said: {exc}")
                raise
            if file_id(self.path) == before:
                break
        self.identity: FileId | None = before
        self.gone = False  # the path names no file (the one open was removed)
        self.version = version
        self.immutable = immutable
        self._damage, self._damage_looked = None, None

    @property
    def read_only_reason(self) -> str | None:
        """Why writes are refused here, in one line; ``None`` if they are not."""
        return self._why_read_only()

    def _why_read_only(self) -> str | None:
        if self._asked_read_only:
            return "opened with --read-only"
        if self.version > CURRENT_VERSION:
            return (
                f"schema version {self.version} is newer than this ckpt-tui knows "
                f"({CURRENT_VERSION}); browsing read-only"
            )
        if reason := self.damaged():
            return f"the store is damaged ({reason}); run `ckpt-tui doctor` once it is repaired"
        if read_only_file(self.path):
            return "the store file is read-only"
        if self.immutable:
            return "a read-only folder or mount (SQLite cannot create its -wal and -shm there)"
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
        from ckpt_tui.store import migrate  # SQLAlchemy: creating a store is a write

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

    # -- corruption seen ------------------------------------------------------------
    def damaged(self, *, fresh: bool = False) -> str | None:
        """What corruption has been seen in the open file (here, or by
        another ckpt-tui: ``store/damage.py``), or ``None``. Looked up once
        per file (the state directory is not on a read's way), again with
        ``fresh`` (before each write: another process may have seen it)."""
        if self._damage is None and (fresh or self._damage_looked != self.identity):
            self._damage = damage.seen(self.identity)
            self._damage_looked = self.identity
        return self._damage

    def note_damage(self, reason: str) -> None:
        """The open file is damaged: refuse writes to it from now on, here
        and in later processes, until :meth:`found_whole`."""
        self._damage = reason
        damage.note(self.identity, self.path, reason)

    def found_whole(self) -> bool:
        """``doctor`` found the open file whole: writes are allowed again.
        Whether it had been seen damaged."""
        self._damage, self._damage_looked = None, self.identity
        return damage.forget(self.identity)

    def _failed(self, exc: BaseException, **how) -> CkptError:
        """The one-line error for an SQLite failure; corruption is noted."""
        error = translate(exc, self.path, **how)
        if is_corrupt(exc):
            self.note_damage(f"SQLite said: {getattr(exc, 'orig', None) or exc}")
        return error

    # -- reads --------------------------------------------------------------------
    @contextmanager
    def read(self) -> Iterator[Query]:
        """One read transaction: every statement run inside sees one
        snapshot of the file. On a connection kept from an earlier read
        when it opened the file the path names now (a file replaced since
        gets a new one); a store read ``immutable`` opens one each time, as
        its file may change under it."""
        self.follow_path()
        started = monotonic()
        conn = self._reader()
        try:
            conn.execute("BEGIN")
            yield Query(conn)
            conn.execute("COMMIT")  # ends the read: WAL checkpoints may pass it
        except sqlite3.Error as exc:
            conn.close()
            raise self._failed(exc, since=started) from None
        except BaseException:
            conn.close()
            raise
        self._keep(conn)

    def _reader(self) -> FileConnection:
        with self._readers_lock:
            conn = self._readers.pop() if self._readers else None
        # the file open (``follow_path`` has just compared it with the path's);
        # a removed one is still read through the connections that hold it
        if conn is not None and conn.file_id == self.identity:
            return conn
        if conn is not None:
            conn.close()
        started = monotonic()
        try:
            conn = connect(self.path, "ro", immutable=self.immutable, check_same_thread=False)
            apply_settings(conn, writer=False)
        except sqlite3.Error as exc:
            raise self._failed(exc, since=started) from None
        return conn

    def _keep(self, conn: FileConnection) -> None:
        with self._readers_lock:
            if (
                not self.immutable
                and len(self._readers) < READERS_KEPT
                and conn.file_id == self.identity
            ):
                self._readers.append(conn)
                return
        conn.close()

    def _close_connections(self) -> None:
        with self._token_lock:
            if self._token_conn is not None:
                self._token_conn.close()
                self._token_conn = None
        with self._readers_lock:
            idle, self._readers = self._readers, []
        for conn in idle:
            conn.close()
        with self._writer_lock:
            writer, self._writer = self._writer, None
        if writer is not None:
            writer.dispose()

    def close(self) -> None:
        self._close_connections()

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
            if reason := self.damaged(fresh=True):
                raise StoreDamaged(
                    f"{self.path} is damaged ({reason}); writes are refused until it is "
                    "repaired (`ckpt-tui doctor` checks it again); nothing was written"
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
            except (sqlite3.Error, _dbapi_error()) as exc:
                # a read inside the write (``Query.within``) raises sqlite3's own errors
                if is_busy(getattr(exc, "orig", None) or exc) and attempt + 1 < WRITE_ATTEMPTS:
                    import random  # only when busy: no start-up imports it

                    _log_retry(self.path, attempt + 2)
                    time.sleep(delay * (1 + random.random()))
                    delay *= 2
                    continue
                raise self._failed(exc, since=started, attempts=attempt + 1) from None
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

    def _writer_engine(self) -> Engine:
        with self._writer_lock:
            if self._writer is None:
                self._writer = _write_engine(self.path)
            return self._writer
