"""The full-text index of a checkpoint store: its own SQLite file with FTS5.

SPEC 1 forbids adding anything to the plugin's store, so the index lives in
ckpt-tui's state dir, one file per store (named by a hash of the store's
real path), and the store is only ever read (``mode=ro``): a read-only store
is searchable too.

One document per snapshot (by id) and one per current checkpoint (by
session), a column per payload field so a search can be limited to one.
The FTS5 table is contentless (the text is not stored twice, which halves
the file); FTS5 in this SQLite (3.40) can only delete a contentless row
when it is handed the row's indexed values again, so each document keeps
them compressed in ``bodies`` (appended in the order they are indexed,
apart from ``docs``, whose rowids are times and so arrive out of order).

Keeping it current (:meth:`SearchIndex.sync`), cheap when little changed:

* Snapshots never change after they are written, only disappear. New rows
  are found by the store's rowid (``rowid > last seen``), in batches, each
  its own transaction that also records how far it got: a build killed
  halfway leaves a consistent index that the next sync continues.
* Removals (pruning, undo of a manual snapshot, legacy undo, a VACUUM that
  renumbered rowids) are found by comparing counts; when they differ, each
  session's ``(count, sum of rowids)`` in the store and in the index, and
  the sessions that differ are compared id by id. The newest rowids already
  seen are re-checked by id on each sync, since SQLite reuses the rowid of
  a deleted newest row.
* Checkpoints are compared by ``(session_id, updated_at)``.
* A store file replaced by another (a different inode) starts the index
  afresh; so does deleting the index file.

Reads of the store go through plain ``sqlite3`` (like ``store.plain_read``):
the command line answers without importing SQLAlchemy.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import zlib
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ckpt_tui import timeutil
from ckpt_tui.store.connection import BUSY_TIMEOUT_MS, sqlite_uri, translate

#: Bump when the index's layout changes: an older file is rebuilt.
INDEX_FORMAT = 3

#: The payload's fields (SPEC 5.1) that get a column, in payload order;
#: ``core.search`` checks this against ``core.model.FIELDS``.
FIELD_COLUMNS = (
    "title",
    "objective",
    "status",
    "summary",
    "currentPlan",
    "completedSteps",
    "nextSteps",
    "blockers",
    "filesTouched",
    "notes",
)
#: Every indexed column: the snapshot's name, the fields, and ``extra``
#: (unknown payload keys, or the raw text of a damaged payload).
COLUMNS = ("name", *FIELD_COLUMNS, "extra")
_META_KEYS = ("schemaVersion", "synthesized")
#: payload key -> checkpoints column, for the fields that differ.
_CHECKPOINT_COLUMN = {
    "currentPlan": "current_plan",
    "completedSteps": "completed_steps",
    "nextSteps": "next_steps",
    "filesTouched": "files_touched",
}

#: Snapshots read and indexed per transaction.
BATCH = 4000
#: A document's rowid is its time: epoch milliseconds shifted left by this
#: many bits, plus a sequence for documents of the same millisecond (a
#: snapshot's the order they were indexed in, the store's rowid order; more
#: than 16 in one millisecond spill into the next). FTS5 walks a term's
#: documents in rowid order, so "newest first" is a walk that stops at the
#: page's end, never a sort of every match. Few bits keep the index small:
#: FTS5 stores rowid deltas as varints (20 bits cost 15% more on the bench).
TIME_SHIFT = 4
_MAX_MS = (1 << (62 - TIME_SHIFT)) - 1
#: Relevance ranks with bm25 the matches among the newest documents only:
#: the ``recent`` FTS5 table holds every document from ``recent_floor`` on,
#: RECENT_DOCS of them when it is cut back, which happens once it holds
#: more than RECENT_MAX (rarely: a cut-back re-indexes RECENT_DOCS
#: documents). Older matches follow, newest first. bm25 counts every
#: document that holds each term before it scores one (10-40 ms for a word
#: most of the 200,000 bench documents hold, and the ranking itself sorted
#: all of them: 0.4-0.6 s); in ``recent`` both are small.
RECENT_DOCS = 2000
RECENT_MAX = 10_000
#: Pages the WAL may hold before a checkpoint (SQLite's default: 1,000):
#: fewer checkpoints, each an fsync, on the catch-ups the live poll runs.
WAL_PAGES = 10_000
_NO_FLOOR = (1 << 63) - 1  # ``recent`` empty: nothing is at or above it
#: Page cache of the index connection while a first build runs (KiB).
BUILD_CACHE_KIB = 64 * 1024
_DEFAULT_CACHE = -2000  # SQLite's default
#: The newest rowids already indexed that each sync re-checks by id.
RECHECK_NEWEST = 64

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


def _damaged(exc: sqlite3.DatabaseError) -> bool:
    """A damaged index file (not a busy one, nor a constraint)."""
    text = str(exc).lower()
    return type(exc) is sqlite3.DatabaseError and ("malformed" in text or "not a database" in text)


def index_path(state_dir: Path, store_path: Path) -> Path:
    """One index per store, named by a hash of the store's real path."""
    real = os.path.realpath(store_path)
    digest = hashlib.sha256(real.encode("utf-8", "surrogateescape")).hexdigest()[:20]
    return state_dir / "search" / f"index-{digest}.db"


# -- documents -----------------------------------------------------------------


def _as_text(value: object) -> str:
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return "\n".join(_as_text(item) for item in value)
    return json.dumps(value, ensure_ascii=False)


def payload_columns(name: str, payload: object) -> dict[str, str]:
    """The indexed text of a snapshot: its name and each payload field.

    A list field is its items, one a line; a value of an unexpected type is
    its JSON; unknown keys go to ``extra`` as ``key: value`` lines, and a
    payload that is not a JSON object goes there whole, as it is.
    """
    columns = dict.fromkeys(COLUMNS, "")
    columns["name"] = name
    text = payload if isinstance(payload, str) else _as_text(payload)
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        data = None
    if not isinstance(data, dict):
        columns["extra"] = text
        return columns
    extra = []
    for key, value in data.items():
        if key in FIELD_COLUMNS:
            columns[key] = _as_text(value)
        elif key not in _META_KEYS:
            extra.append(f"{key}: {_as_text(value)}")
    columns["extra"] = "\n".join(extra)
    return columns


def checkpoint_columns(row: sqlite3.Row) -> dict[str, str]:
    """The indexed text of a current checkpoint row (list columns are JSON)."""
    columns = dict.fromkeys(COLUMNS, "")
    for field in FIELD_COLUMNS:
        value = row[_CHECKPOINT_COLUMN.get(field, field)]
        if field in ("completedSteps", "nextSteps", "blockers", "filesTouched"):
            try:
                value = json.loads(value) if isinstance(value, str) else value
            except (ValueError, RecursionError):
                pass  # damaged: index the text as it is
        columns[field] = _as_text(value)
    return columns


def _pack(values: Sequence[str]) -> bytes:
    """The indexed values (already cleaned), compressed: the byte length of
    each, a line, then the values back to back (no JSON round trip)."""
    encoded = [v.encode("utf-8") for v in values]
    head = ",".join(str(len(b)) for b in encoded).encode("ascii")
    # Raw deflate with a 4 KB window and little memory: the same size for
    # these 1-3 KB texts, 3-4x faster than zlib.compress, whose setup of a
    # 32 KB window dominated the build's Python time.
    packer = zlib.compressobj(1, zlib.DEFLATED, -12, 4)
    return packer.compress(head + b"\n" + b"".join(encoded)) + packer.flush()


def _unpack(body: bytes) -> list[str]:
    raw = zlib.decompress(body, -12)
    cut = raw.index(b"\n")
    out, at = [], cut + 1
    for size in raw[:cut].decode("ascii").split(","):
        out.append(raw[at : at + int(size)].decode("utf-8"))
        at += int(size)
    return out


def time_key(at: str) -> int:
    """The lowest rowid of a document of time ``at`` (unparseable: 1970)."""
    moment = timeutil.parse(at)
    ms = 0 if moment is None else min(max(timeutil.epoch_ms(moment), 0), _MAX_MS)
    return ms << TIME_SHIFT


def _clean(text: str) -> str:
    """FTS5 stores UTF-8: a lone surrogate (from a damaged payload) would fail."""
    return text.encode("utf-8", "replace").decode("utf-8") if not text.isascii() else text


@contextmanager
def read_store(store_path: Path) -> Iterator[sqlite3.Connection]:
    """A read-only connection to the checkpoint store (rows as ``sqlite3.Row``)."""
    try:
        conn = sqlite3.connect(
            sqlite_uri(store_path, "ro"),
            uri=True,
            isolation_level=None,
            timeout=BUSY_TIMEOUT_MS / 1000,
            check_same_thread=False,
        )
    except sqlite3.Error as exc:
        raise translate(exc, store_path) from None
    conn.row_factory = sqlite3.Row
    try:
        conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        yield conn
    except sqlite3.Error as exc:
        raise translate(exc, store_path) from None
    finally:
        conn.close()


# -- rows the queries return -------------------------------------------------------


@dataclass(frozen=True)
class IndexHit:
    """One matching document, as the index knows it."""

    doc_type: str  # SNAPSHOT or CURRENT
    ref: str  # the snapshot id, or the session id of a current checkpoint
    session_id: str
    project_id: str
    kind: str
    name: str
    at: str
    score: float


@dataclass(frozen=True)
class SyncStats:
    added: int = 0
    removed: int = 0
    checkpoints: int = 0
    rebuilt: bool = False


#: ``progress(done, total)`` while a sync works through new snapshots.
Progress = Callable[[int, int], None]


class SearchIndex:
    """The index file of one store. Not shared between threads: the app
    makes one per worker group (search, sync) and SQLite's own locking
    keeps two processes syncing the same file consistent."""

    def __init__(self, path: Path, store_path: Path) -> None:
        self.path = Path(path)
        self.store_path = Path(store_path)
        self._conn: sqlite3.Connection | None = None
        #: base rowid -> where its crowded millisecond continues (_place).
        self._spill: dict[int, int] = {}
        #: Documents from this rowid on are in ``recent`` too (RECENT_DOCS).
        self._floor = _NO_FLOOR
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
            if not _damaged(exc):
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
        self._floor = int(self._meta(conn, "recent_floor", str(_NO_FLOOR)))
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

    # -- the store, read only ---------------------------------------------------------
    def _store(self):
        return read_store(self.store_path)

    def _identity(self) -> str:
        st = os.stat(self.store_path)
        return f"{st.st_dev}:{st.st_ino}"

    # -- keeping it current -------------------------------------------------------------
    def sync(self, progress: Progress | None = None) -> SyncStats:
        """Bring the index up to the store's committed rows (a damaged index
        file is deleted and built again)."""
        try:
            return self._sync(progress)
        except sqlite3.DatabaseError as exc:
            if not _damaged(exc):
                raise
        self._remove_files()
        return self._sync(progress)

    def _sync(self, progress: Progress | None) -> SyncStats:
        conn = self._connection()
        rebuilt = False
        self._spill.clear()
        identity = self._identity()
        if self._meta(conn, "store") != identity:
            rebuilt = conn.execute("SELECT 1 FROM docs LIMIT 1").fetchone() is not None
            with self._write() as w:
                w.execute("DELETE FROM docs")
                w.execute("DELETE FROM bodies")
                w.execute("UPDATE counts SET n = 0")
                w.execute("INSERT INTO fts (fts) VALUES ('delete-all')")
                w.execute("INSERT INTO recent (recent) VALUES ('delete-all')")
                w.execute("DELETE FROM meta")
                self._set_meta(w, "store", identity)
                self._set_meta(w, "store_path", self.store_path)
        with self._store() as store:
            added = self._add_new_snapshots(store, progress)
            removed = self._reconcile_snapshots(store)
            checkpoints = self._sync_checkpoints(store)
        with self._write() as w:
            self._refresh_recent(w)
            self._set_meta(w, "synced", 1)
        return SyncStats(added, removed, checkpoints, rebuilt)

    def _empty_recent(self, w: sqlite3.Connection) -> None:
        w.execute("INSERT INTO recent (recent) VALUES ('delete-all')")
        self._floor = _NO_FLOOR
        self._set_meta(w, "recent_floor", _NO_FLOOR)
        w.execute("UPDATE counts SET n = 0 WHERE doc_type = ?", (RECENT,))

    def _refresh_recent(self, w: sqlite3.Connection) -> None:
        """Cut ``recent`` back to the newest RECENT_DOCS documents when it
        has more than RECENT_MAX, or fill it after a build left it empty."""
        count = w.execute("SELECT n FROM counts WHERE doc_type = ?", (RECENT,)).fetchone()[0]
        if self._floor != _NO_FLOOR and count <= RECENT_MAX:
            return
        self._empty_recent(w)
        row = w.execute(
            "SELECT rowid FROM docs ORDER BY rowid DESC LIMIT 1 OFFSET ?", (RECENT_DOCS - 1,)
        ).fetchone()
        floor = row[0] if row else 0
        count = 0
        for rowid, body in w.execute(
            "SELECT d.rowid, b.body FROM docs d JOIN bodies b ON b.rowid = d.body_id "
            "WHERE d.rowid >= ?",
            (floor,),
        ).fetchall():
            self._fts_insert(w, "recent", rowid, _unpack(body))
            count += 1
        self._floor = floor
        self._set_meta(w, "recent_floor", floor)
        w.execute("UPDATE counts SET n = ? WHERE doc_type = ?", (count, RECENT))

    @staticmethod
    def _fts_insert(w: sqlite3.Connection, table: str, rowid: int, values: list[str]) -> None:
        w.execute(
            f"INSERT INTO {table} (rowid, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})",
            (rowid, *values),
        )


    def _add_new_snapshots(self, store: sqlite3.Connection, progress: Progress | None) -> int:
        conn = self._connection()
        store_max = store.execute("SELECT coalesce(max(rowid), 0) FROM snapshots").fetchone()[0]
        # Up to the newest row now: what the plugin adds meanwhile is the next
        # sync's (a plugin writing as fast as we index cannot keep this going).
        seen = min(int(self._meta(conn, "max_rowid", "0")), store_max)
        start = seen
        if progress is not None:
            progress(0, store_max - start)
        build = store_max - start > BATCH
        if build:
            # A (first) build: the b-trees it grows stay in memory, and no
            # fsync at each WAL checkpoint. A killed process still leaves the
            # last committed batch (the WAL does that whatever ``synchronous``
            # says); only a power cut mid-build could damage the file, and a
            # damaged index is deleted and rebuilt (``_connection``).
            conn.execute(f"PRAGMA cache_size=-{BUILD_CACHE_KIB}")
            conn.execute("PRAGMA synchronous=OFF")
            with self._write() as w:  # filled once at the end (_refresh_recent)
                self._empty_recent(w)
        try:
            return self._add_batches(store, seen, store_max, progress)
        finally:
            if build:
                conn.execute(f"PRAGMA cache_size={_DEFAULT_CACHE}")
                conn.execute("PRAGMA synchronous=NORMAL")

    def _add_batches(
        self, store: sqlite3.Connection, seen: int, store_max: int, progress: Progress | None
    ) -> int:
        conn = self._connection()
        start, added = seen, 0
        while True:
            rows = store.execute(
                "SELECT rowid AS src, id, session_id, project_id, name, kind, captured_at, "
                "payload FROM snapshots WHERE rowid > ? AND rowid <= ? ORDER BY rowid LIMIT ?",
                (seen, store_max, BATCH),
            ).fetchall()
            if not rows:
                break
            with self._write() as w:
                for row in rows:
                    added += self._put_snapshot(w, row)
                seen = rows[-1]["src"]
                self._set_meta(w, "max_rowid", seen)
            if progress is not None:
                progress(min(seen, store_max) - start, max(store_max - start, seen - start))
        if seen != int(self._meta(conn, "max_rowid", "0")):
            with self._write() as w:  # the store's newest rows were deleted
                self._set_meta(w, "max_rowid", seen)
        return added

    def _put_snapshot(self, w: sqlite3.Connection, row: sqlite3.Row) -> int:
        """Index one snapshot row; 1 if it was new.

        The insert itself finds a snapshot already indexed (the unique
        ``(doc_type, ref)``): no lookup per row on the build's path."""
        at = timeutil.normalize(row["captured_at"])
        src = row["src"]
        docs_row = (
            SNAPSHOT,
            row["id"],
            row["session_id"],
            row["project_id"],
            str(row["kind"]),
            str(row["name"]),
            at,
            src,
            None,
        )
        values = [_clean(v) for v in payload_columns(docs_row[5], row["payload"]).values()]
        if self._place(w, time_key(at), docs_row, values):
            return 1
        known = w.execute(
            "SELECT rowid, src_rowid FROM docs WHERE doc_type = ? AND ref = ?",
            (SNAPSHOT, row["id"]),
        ).fetchone()
        if known[1] != src:
            w.execute("UPDATE docs SET src_rowid = ? WHERE rowid = ?", (src, known[0]))
        return 0

    def _place(self, w: sqlite3.Connection, base: int, docs_row: tuple, values: list[str]) -> bool:
        """Insert a document at the first free rowid of its millisecond
        (``base``), later ones of the same millisecond after it, so ties keep
        the order they were written in; False if it is indexed already.

        The insert finds both a taken rowid and a document already indexed
        (the unique ``(doc_type, ref)``): no lookup per row on the build's
        path. ``_spill`` remembers where a crowded millisecond continues, so
        a burst of writes in one millisecond costs no walk per row."""
        rowid = self._spill.get(base, base)
        while True:
            try:
                self._insert(w, rowid, docs_row, values)
                break
            except sqlite3.IntegrityError:
                if w.execute(
                    "SELECT 1 FROM docs WHERE doc_type = ? AND ref = ?", docs_row[:2]
                ).fetchone():
                    return False
                if not w.execute("SELECT 1 FROM docs WHERE rowid = ?", (rowid,)).fetchone():
                    raise  # not a taken rowid: a real error
                rowid = w.execute(
                    "SELECT d.rowid + 1 FROM docs d WHERE d.rowid >= ? AND NOT EXISTS "
                    "(SELECT 1 FROM docs e WHERE e.rowid = d.rowid + 1) ORDER BY d.rowid LIMIT 1",
                    (rowid,),
                ).fetchone()[0]
        if rowid != base:
            self._spill[base] = rowid + 1
        self._deltas[docs_row[0]] += 1
        return True

    def _insert(self, w: sqlite3.Connection, rowid: int, docs_row: tuple, values: list[str]):
        """One document: its row in ``docs`` and its values (cleaned, in
        ``COLUMNS`` order) in the FTS table."""
        body_id = w.execute("INSERT INTO bodies (body) VALUES (?)", (_pack(values),)).lastrowid
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
            values = _unpack(body[0])
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

    def _reconcile_snapshots(self, store: sqlite3.Connection) -> int:
        """Remove what the store no longer has; fix reused and renumbered rowids."""
        conn = self._connection()
        removed = self._recheck_newest(store)
        store_count = store.execute("SELECT count(*) FROM snapshots").fetchone()[0]
        ours = self.counts()[0]
        if store_count == ours:
            return removed
        theirs = {
            r[0]: (r[1], r[2])
            for r in store.execute(
                "SELECT session_id, count(*), total(rowid) FROM snapshots GROUP BY session_id"
            )
        }
        mine = {
            r[0]: (r[1], r[2])
            for r in conn.execute(
                "SELECT session_id, count(*), total(src_rowid) FROM docs "
                "WHERE doc_type = ? GROUP BY session_id",
                (SNAPSHOT,),
            )
        }
        for session_id in sorted(
            s for s in mine.keys() | theirs.keys() if mine.get(s) != theirs.get(s)
        ):
            removed += self._reconcile_session(store, session_id)
        return removed

    def _recheck_newest(self, store: sqlite3.Connection) -> int:
        """SQLite gives a new row the rowid of a deleted newest one: compare
        the newest rowids seen so far by id."""
        conn = self._connection()
        seen = int(self._meta(conn, "max_rowid", "0"))
        low = seen - RECHECK_NEWEST
        theirs = dict(
            store.execute(
                "SELECT rowid, id FROM snapshots WHERE rowid > ? AND rowid <= ?", (low, seen)
            )
        )
        mine = {
            src: (rowid, ref)
            for rowid, src, ref in conn.execute(
                "SELECT rowid, src_rowid, ref FROM docs WHERE doc_type = ? AND src_rowid > ? "
                "AND src_rowid <= ?",
                (SNAPSHOT, low, seen),
            )
        }
        changed = {mine[s][0] for s in mine if theirs.get(s) != mine[s][1]}
        fresh = [s for s, i in theirs.items() if mine.get(s, (None, None))[1] != i]
        if not changed and not fresh:
            return 0
        with self._write() as w:
            removed = self._delete(w, changed)
            for src in fresh:
                row = store.execute(
                    "SELECT rowid AS src, id, session_id, project_id, name, kind, captured_at, "
                    "payload FROM snapshots WHERE rowid = ?",
                    (src,),
                ).fetchone()
                if row is not None:
                    self._put_snapshot(w, row)
        return removed

    def _reconcile_session(self, store: sqlite3.Connection, session_id: str) -> int:
        conn = self._connection()
        theirs = dict(
            store.execute("SELECT id, rowid FROM snapshots WHERE session_id = ?", (session_id,))
        )
        mine = {
            ref: (rowid, src)
            for rowid, ref, src in conn.execute(
                "SELECT rowid, ref, src_rowid FROM docs WHERE doc_type = ? AND session_id = ?",
                (SNAPSHOT, session_id),
            )
        }
        gone = [rowid for ref, (rowid, _src) in mine.items() if ref not in theirs]
        with self._write() as w:
            removed = self._delete(w, gone)
            for ref, src in theirs.items():
                if ref in mine:
                    if mine[ref][1] != src:
                        w.execute(
                            "UPDATE docs SET src_rowid = ? WHERE rowid = ?", (src, mine[ref][0])
                        )
                    continue
                row = store.execute(
                    "SELECT rowid AS src, id, session_id, project_id, name, kind, captured_at, "
                    "payload FROM snapshots WHERE id = ?",
                    (ref,),
                ).fetchone()
                if row is not None:
                    self._put_snapshot(w, row)
        return removed

    def _sync_checkpoints(self, store: sqlite3.Connection) -> int:
        conn = self._connection()
        theirs = {
            r[0]: str(r[1]) for r in store.execute("SELECT session_id, updated_at FROM checkpoints")
        }
        # What the last sync saw: unchanged, the index's side is not read.
        seen = hashlib.sha1(repr(sorted(theirs.items())).encode("utf-8", "replace")).hexdigest()
        if self._meta(conn, "checkpoints_seen") == seen:
            return 0
        mine = {
            r[0]: (r[1], r[2])
            for r in conn.execute(
                "SELECT ref, rowid, stamp FROM docs WHERE doc_type = ?", (CURRENT,)
            )
        }
        stale = [s for s, stamp in theirs.items() if mine.get(s, (None, None))[1] != stamp]
        gone = [mine[s][0] for s in mine if s not in theirs]
        with self._write() as w:
            self._delete(w, gone)
            if not stale:
                self._set_meta(w, "checkpoints_seen", seen)
        for start in range(0, len(stale), BATCH):
            chunk = stale[start : start + BATCH]
            marks = ",".join("?" * len(chunk))
            rows = store.execute(
                f"SELECT * FROM checkpoints WHERE session_id IN ({marks})", chunk
            ).fetchall()
            with self._write() as w:
                old = [mine[s][0] for s in chunk if s in mine]
                self._delete(w, old)
                for row in rows:
                    at = timeutil.normalize(row["updated_at"])
                    docs_row = (
                        CURRENT,
                        row["session_id"],
                        row["session_id"],
                        row["project_id"],
                        CURRENT,
                        "",
                        at,
                        None,
                        str(row["updated_at"]),
                    )
                    values = [_clean(v) for v in checkpoint_columns(row).values()]
                    self._place(w, time_key(at), docs_row, values)
        if stale:
            with self._write() as w:
                self._set_meta(w, "checkpoints_seen", seen)
        return len(stale) + len(gone)

    # -- searching ---------------------------------------------------------------------
    def match(
        self,
        expression: str,
        *,
        project_id: str | None = None,
        session_id: str | None = None,
        kinds: Sequence[str] | None = None,
        by_recency: bool = False,
        limit: int = 50,
        offset: int = 0,
    ) -> list[IndexHit]:
        """Documents matching an FTS5 ``expression`` (built by ``core.search``,
        never user text), newest first or best first.

        By relevance, the matches in ``recent`` (the newest documents, see
        RECENT_DOCS) come first in bm25 order, then the older matches newest
        first (score 0). Each page reads in one transaction, so positions
        stay where they were even if another process cuts ``recent`` back."""
        filters: list[str] = []
        params: list[object] = [expression]
        if project_id is not None:
            filters.append("d.project_id = ?")
            params.append(project_id)
        if session_id is not None:
            filters.append("d.session_id = ?")
            params.append(session_id)
        if kinds:
            filters.append(f"d.kind IN ({','.join('?' * len(kinds))})")
            params.extend(kinds)
        # The rowid is the time (TIME_SHIFT): FTS5 hands the matches over
        # newest first and the walk stops at the page's end.
        if by_recency:
            return self._rows("fts", "0.0", "fts.rowid DESC", filters, [*params, limit, offset])
        conn = self._connection()
        conn.execute("BEGIN")
        try:
            floor = int(self._meta(conn, "recent_floor", str(_NO_FLOOR)))
            where = " AND ".join(["recent MATCH ?", *filters])
            ranked = conn.execute(
                f"SELECT count(*) FROM recent JOIN docs d ON d.rowid = recent.rowid WHERE {where}",
                params,
            ).fetchone()[0]
            hits: list[IndexHit] = []
            if offset < ranked:
                order = "bm25(recent), recent.rowid DESC"
                hits = self._rows("recent", "bm25(recent)", order, filters, [*params, limit, offset])
            if len(hits) < limit:
                hits += self._rows(
                    "fts",
                    "0.0",
                    "fts.rowid DESC",
                    [*filters, "fts.rowid < ?"],
                    [*params, floor, limit - len(hits), max(0, offset - ranked)],
                )
        finally:
            conn.execute("COMMIT")
        return hits

    def _rows(
        self, table: str, score: str, order: str, filters: list[str], params: list
    ) -> list[IndexHit]:
        """One page of ``table``'s matches joined to ``docs``; ``params``:
        the expression, the filters' values, then LIMIT and OFFSET."""
        where = " AND ".join([f"{table} MATCH ?", *filters])
        sql = (
            "SELECT d.doc_type, d.ref, d.session_id, d.project_id, d.kind, d.name, d.at, "
            f"{score} FROM {table} JOIN docs d ON d.rowid = {table}.rowid "
            f"WHERE {where} ORDER BY {order} LIMIT ? OFFSET ?"
        )
        return [IndexHit(*r) for r in self._connection().execute(sql, params)]

    def counts(self) -> tuple[int, int]:
        """(snapshots, current checkpoints) indexed."""
        conn = self._connection()
        rows = dict(conn.execute("SELECT doc_type, n FROM counts"))  # kept by _write
        return rows.get(SNAPSHOT, 0), rows.get(CURRENT, 0)


# -- verifying hits against the store ------------------------------------------------


@dataclass(frozen=True)
class StoreDoc:
    """A hit's row as the store has it now, with what a result line shows."""

    project_dir: str
    session_title: str | None
    payload: object  # snapshot payload text, or the checkpoint row
    name: str
    kind: str


def fetch_docs(
    store_path: Path, snapshot_ids: Sequence[str], session_ids: Sequence[str]
) -> tuple[dict[str, StoreDoc], dict[str, StoreDoc]]:
    """The snapshots and current checkpoints of one result page that still
    exist, in one read of the store."""
    with read_store(store_path) as store:
        store.execute("BEGIN")
        snaps: dict[str, StoreDoc] = {}
        if snapshot_ids:
            marks = ",".join("?" * len(snapshot_ids))
            for row in store.execute(
                "SELECT s.id, s.name, s.kind, s.payload, se.title, p.directory "
                "FROM snapshots s LEFT JOIN sessions se ON se.id = s.session_id "
                f"LEFT JOIN projects p ON p.id = s.project_id WHERE s.id IN ({marks})",
                list(snapshot_ids),
            ):
                snaps[row["id"]] = StoreDoc(
                    str(row["directory"] or ""),
                    row["title"],
                    row["payload"],
                    row["name"],
                    row["kind"],
                )
        currents: dict[str, StoreDoc] = {}
        if session_ids:
            marks = ",".join("?" * len(session_ids))
            for row in store.execute(
                "SELECT c.*, se.title AS session_title, p.directory AS project_dir "
                "FROM checkpoints c LEFT JOIN sessions se ON se.id = c.session_id "
                f"LEFT JOIN projects p ON p.id = c.project_id WHERE c.session_id IN ({marks})",
                list(session_ids),
            ):
                currents[row["session_id"]] = StoreDoc(
                    str(row["project_dir"] or ""),
                    row["session_title"],
                    checkpoint_columns(row),
                    "",
                    CURRENT,
                )
        store.execute("COMMIT")
    return snaps, currents
