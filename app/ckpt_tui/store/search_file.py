"""The search index's own SQLite file: its layout, and a document in or out.

SPEC 1 forbids adding anything to the plugin's store, so the full-text index
lives in ckpt-tui's state dir, one file per store (named by a hash of the
store's real path). This module owns that file: the schema and its version
(an older layout, or a damaged file, is deleted and rebuilt from the store:
it is derived data), opening it in WAL mode, the ``meta`` and ``counts``
bookkeeping, write transactions, and the one place documents enter and
leave the FTS5 tables (``fts`` for all, ``recent`` for the newest).

One document per snapshot (by id) and one per current checkpoint (by
session), a column per payload field so a search can be limited to one.
The FTS5 tables are contentless (the text is not stored twice, which halves
the file); FTS5 in this SQLite (3.40) can only delete a contentless row
when it is handed the row's indexed values again, so each document keeps
them compressed in ``bodies`` (``store.search_text``; appended in the order
they are indexed, apart from ``docs``, whose rowids are times and so arrive
out of order). A body holds the text as the store has it, so a search can
also cut its snippets from it (``core.search``).

Deciding what to add or remove is ``store.search_sync``'s job; reading
matches is ``store.search_query``'s.
"""

from __future__ import annotations

import os
import sqlite3
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ckpt_tui import timeutil
from ckpt_tui.store.connection import BUSY_TIMEOUT_MS
from ckpt_tui.store.search_text import COLUMNS, indexed, pack, unpack

#: Bump when the index's layout changes: an older file is rebuilt. (4: the
#: bodies keep a lone surrogate as it is, not cleaned, for the snippets.)
INDEX_FORMAT = 4

#: A document's rowid is its time: epoch milliseconds shifted left by this
#: many bits, plus a sequence for documents of the same millisecond (a
#: snapshot's the order they were indexed in, the store's rowid order; more
#: than 16 in one millisecond spill into the next). FTS5 walks a term's
#: documents in rowid order, so "newest first" is a walk that stops at the
#: page's end, never a sort of every match. Few bits keep the index small:
#: FTS5 stores rowid deltas as varints (20 bits cost 15% more on the bench).
TIME_SHIFT = 4
_MAX_MS = (1 << (62 - TIME_SHIFT)) - 1

#: Pages the WAL may hold before a checkpoint (SQLite's default: 1,000):
#: fewer checkpoints, each an fsync, on the catch-ups the live poll runs.
WAL_PAGES = 10_000
NO_FLOOR = (1 << 63) - 1  # ``recent`` empty: nothing is at or above it

#: FTS5 merges a level's segments once it holds this many (its default: 4).
#: After each write FTS5 does merge work in proportion to the pages written
#: times the number of levels (7 at 200k), so with 4 a catch-up of 1,000
#: snapshots spent 100 ms of its CPU merging; with 16 a page is merged
#: fewer times (log16 instead of log4 of the index), the catch-up's median
#: CPU went from 289 to 179 ms over 21 rounds, and first pages stayed
#: under 17 ms after them (each level holds at most 15 segments to look up).
#: A first build keeps FTS5's 4 (``BUILD_AUTOMERGE``): with 16 it left an
#: index 18% larger (668 MB against 565 at 200k), less merged.
AUTOMERGE = 16
BUILD_AUTOMERGE = 4

SNAPSHOT = "snapshot"
CURRENT = "current"
RECENT = "recent"  # the count of documents in ``recent`` (``counts``)

_SCHEMA = f"""
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT);
CREATE TABLE IF NOT EXISTS docs (
  rowid      INTEGER PRIMARY KEY,
  doc_type   TEXT NOT NULL,
  ref        TEXT NOT NULL,
  session_id TEXT NOT NULL,
  project_id TEXT NOT NULL,
  kind       TEXT NOT NULL,
  name       TEXT NOT NULL,
  at         TEXT NOT NULL,
  src_rowid  INTEGER,
  stamp      TEXT,
  body_id    INTEGER NOT NULL,
  UNIQUE (doc_type, ref)
);
CREATE TABLE IF NOT EXISTS bodies (rowid INTEGER PRIMARY KEY, body BLOB NOT NULL);
CREATE INDEX IF NOT EXISTS docs_session_idx ON docs (doc_type, session_id, src_rowid);
CREATE INDEX IF NOT EXISTS docs_src_idx ON docs (src_rowid);
CREATE TABLE IF NOT EXISTS counts (doc_type TEXT PRIMARY KEY, n INTEGER NOT NULL);
INSERT OR IGNORE INTO counts VALUES ('snapshot', 0), ('current', 0), ('recent', 0);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
  {", ".join(COLUMNS)}, content='', tokenize='unicode61 remove_diacritics 2'
);
INSERT INTO fts (fts, rank) VALUES ('hashsize', {16 * 1024 * 1024});
INSERT INTO fts (fts, rank) VALUES ('automerge', {AUTOMERGE});
CREATE VIRTUAL TABLE IF NOT EXISTS recent USING fts5(
  {", ".join(COLUMNS)}, content='', tokenize='unicode61 remove_diacritics 2'
);
"""


def _statements(script: str) -> Iterator[str]:
    """The statements of ``script`` one by one (trigger bodies hold ``;``)."""
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            yield pending.strip()
            pending = ""


def is_damaged(exc: sqlite3.DatabaseError) -> bool:
    """A damaged index file (not a busy one, nor a constraint)."""
    text = str(exc).lower()
    return type(exc) is sqlite3.DatabaseError and ("malformed" in text or "not a database" in text)


def time_key(at: str) -> int:
    """The lowest rowid of a document of time ``at`` (unparseable: 1970)."""
    moment = timeutil.parse(at)
    ms = 0 if moment is None else min(max(timeutil.epoch_ms(moment), 0), _MAX_MS)
    return ms << TIME_SHIFT


def _sha256_hex(data: bytes) -> str:
    """sha256 from CPython's own module when there is one: ``hashlib`` loads
    OpenSSL, about 2.3 ms of a 50 ms ``ckpt-tui search``. Same digest. The
    module is picked by version: a failed import searches all of sys.path."""
    try:
        if sys.version_info >= (3, 12):
            from _sha2 import sha256
        else:
            from _sha256 import sha256
    except ImportError:  # a build without CPython's own
        from hashlib import sha256
    return sha256(data).hexdigest()


def index_path(state_dir: Path, store_path: Path) -> Path:
    """One index per store, named by a hash of the store's real path."""
    real = os.path.realpath(store_path)
    digest = _sha256_hex(real.encode("utf-8", "surrogateescape"))[:20]
    return state_dir / "search" / f"index-{digest}.db"


class IndexFile:
    """The index file of one store, opened on first use. Not shared between
    threads: the app makes one per worker group (search, sync) and SQLite's
    own locking keeps two processes writing the same file consistent."""

    def __init__(self, path: Path) -> None:
        self.path = Path(path)
        self._conn: sqlite3.Connection | None = None
        #: Documents from this rowid on are in ``recent`` too (``search_sync``).
        self._floor = NO_FLOOR
        #: Documents added (-removed) by kind in this transaction, and in
        #: ``recent``: written to ``counts`` once, before it commits. (Triggers
        #: did it per row, but a trigger makes SQLite keep a statement journal
        #: for each insert: 5x slower inserts.)
        self._deltas: Counter[str] = Counter()
        self._opened: tuple[int, int] | None = None

    # -- the index file ---------------------------------------------------------
    def _connection(self) -> sqlite3.Connection:
        """Open (or reopen, when the file was deleted or replaced) the index."""
        if self._conn is not None:
            try:
                st = os.stat(self.path)
                if (st.st_dev, st.st_ino) == self._opened:
                    return self._conn
            except OSError:
                pass
            self._conn.close()
            self._conn = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._open()
        except sqlite3.DatabaseError as exc:
            if not is_damaged(exc):
                raise
            self._remove_files()  # derived data: rebuilt from the store
            return self._open()

    def _remove_files(self) -> None:
        self.close()
        for suffix in ("", "-wal", "-shm", "-journal"):
            try:
                os.unlink(f"{self.path}{suffix}")
            except FileNotFoundError:
                pass

    def _open(self) -> sqlite3.Connection:
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            conn.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, INDEX_FORMAT):
                conn.close()
                self.path.unlink()  # an older layout: rebuilt from the store
                return self._connection()
            if version == 0:
                conn.execute("BEGIN IMMEDIATE")  # two processes may create it at once
                for statement in _statements(_SCHEMA):
                    conn.execute(statement)
                conn.execute(f"PRAGMA user_version={INDEX_FORMAT}")
                conn.execute("COMMIT")
        except sqlite3.Error:
            conn.close()
            raise
        st = os.stat(self.path)
        self._opened = (st.st_dev, st.st_ino)
        self._conn = conn
        return conn

    def close(self) -> None:
        self._opened = None
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        # Read in the transaction: another process may have moved it.
        self._floor = int(self._meta(conn, "recent_floor", str(NO_FLOOR)))
        self._deltas.clear()
        try:
            yield conn
            for kind, delta in self._deltas.items():
                if delta:
                    conn.execute("UPDATE counts SET n = n + ? WHERE doc_type = ?", (delta, kind))
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        conn.execute("COMMIT")

    def _meta(self, conn: sqlite3.Connection, key: str, default: str = "") -> str:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return row[0] if row else default

    @staticmethod
    def _set_automerge(w: sqlite3.Connection, value: int) -> None:
        """FTS5's merge setting of ``fts`` (kept in the file, read by every
        connection at its next statement); written only when it differs."""
        row = w.execute("SELECT v FROM fts_config WHERE k = 'automerge'").fetchone()
        if row is None or row[0] != value:
            w.execute("INSERT INTO fts (fts, rank) VALUES ('automerge', ?)", (value,))

    @staticmethod
    def _set_meta(conn: sqlite3.Connection, key: str, value: object) -> None:
        conn.execute(
            "INSERT INTO meta (key, value) VALUES (?, ?) "
            "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
            (key, str(value)),
        )

    def size_bytes(self) -> int:
        total = 0
        for suffix in ("", "-wal"):
            try:
                total += os.path.getsize(f"{self.path}{suffix}")
            except OSError:
                pass
        return total

    def is_built(self) -> bool:
        """Whether a sync has ever completed (a first build shows progress)."""
        return self._meta(self._connection(), "synced") == "1"

    def counts(self) -> tuple[int, int]:
        """(snapshots, current checkpoints) indexed."""
        conn = self._connection()
        rows = dict(conn.execute("SELECT doc_type, n FROM counts"))  # kept by _write
        return rows.get(SNAPSHOT, 0), rows.get(CURRENT, 0)

    # -- a document in or out -------------------------------------------------------------
    def _insert(self, w: sqlite3.Connection, rowid: int, docs_row: tuple, values: list[str]):
        """One document: its row in ``docs``, its values (as the store has
        them, in ``COLUMNS`` order) in ``bodies``, and cleaned in the FTS table."""
        body_id = w.execute("INSERT INTO bodies (body) VALUES (?)", (pack(values),)).lastrowid
        values = indexed(values)
        try:
            w.execute(
                "INSERT INTO docs (rowid, doc_type, ref, session_id, project_id, kind, name, at, "
                "src_rowid, stamp, body_id) VALUES (?,?,?,?,?,?,?,?,?,?,?)",
                (rowid, *docs_row, body_id),
            )
        except sqlite3.IntegrityError:
            w.execute("DELETE FROM bodies WHERE rowid = ?", (body_id,))
            raise
        self._fts_insert(w, "fts", rowid, values)
        if rowid >= self._floor:
            self._fts_insert(w, "recent", rowid, values)
            self._deltas[RECENT] += 1

    def _delete(self, w: sqlite3.Connection, rowids: Iterable[int]) -> int:
        count = 0
        for rowid in rowids:
            body = w.execute(
                "SELECT b.body, b.rowid, d.doc_type FROM docs d "
                "JOIN bodies b ON b.rowid = d.body_id "
                "WHERE d.rowid = ?",
                (rowid,),
            ).fetchone()
            if body is None:
                continue
            values = indexed(unpack(body[0]))
            for table in ("fts", "recent") if rowid >= self._floor else ("fts",):
                w.execute(
                    f"INSERT INTO {table} ({table}, rowid, {', '.join(COLUMNS)}) "
                    f"VALUES ('delete', ?{', ?' * len(COLUMNS)})",
                    (rowid, *values),
                )
            if rowid >= self._floor:
                self._deltas[RECENT] -= 1
            self._deltas[body[2]] -= 1
            w.execute("DELETE FROM docs WHERE rowid = ?", (rowid,))
            w.execute("DELETE FROM bodies WHERE rowid = ?", (body[1],))
            count += 1
        return count

    @staticmethod
    def _fts_insert(w: sqlite3.Connection, table: str, rowid: int, values: list[str]) -> None:
        w.execute(
            f"INSERT INTO {table} (rowid, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})",
            (rowid, *values),
        )
