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
them compressed in ``docs.body``.

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
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ckpt_tui import timeutil
from ckpt_tui.store.connection import BUSY_TIMEOUT_MS, sqlite_uri, translate

#: Bump when the index's layout changes: an older file is rebuilt.
INDEX_FORMAT = 1

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
BATCH = 1000
#: The newest rowids already indexed that each sync re-checks by id.
RECHECK_NEWEST = 64

SNAPSHOT = "snapshot"
CURRENT = "current"

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
  body       BLOB NOT NULL,
  UNIQUE (doc_type, ref)
);
CREATE INDEX IF NOT EXISTS docs_session_idx ON docs (doc_type, session_id, src_rowid);
CREATE INDEX IF NOT EXISTS docs_src_idx ON docs (src_rowid);
CREATE INDEX IF NOT EXISTS docs_at_idx ON docs (at);
CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(
  {", ".join(COLUMNS)}, content='', tokenize='unicode61 remove_diacritics 2'
);
"""


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


def _pack(columns: dict[str, str]) -> bytes:
    return zlib.compress(
        json.dumps([columns[c] for c in COLUMNS], ensure_ascii=False).encode(
            "utf-8", "surrogatepass"
        ),
        1,
    )


def _unpack(body: bytes) -> list[str]:
    return json.loads(zlib.decompress(body).decode("utf-8", "surrogatepass"))


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
        conn = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            conn.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if version not in (0, INDEX_FORMAT):
                conn.close()
                self.path.unlink()  # an older layout: rebuilt from the store
                return self._connection()
            if version == 0:
                conn.execute("BEGIN IMMEDIATE")  # two processes may create it at once
                for statement in _SCHEMA.split(";"):
                    if statement.strip():
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
        if self._conn is not None:
            self._conn.close()
            self._conn = None

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        conn = self._connection()
        conn.execute("BEGIN IMMEDIATE")
        try:
            yield conn
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
        """Bring the index up to the store's committed rows."""
        conn = self._connection()
        rebuilt = False
        identity = self._identity()
        if self._meta(conn, "store") != identity:
            rebuilt = conn.execute("SELECT 1 FROM docs LIMIT 1").fetchone() is not None
            with self._write() as w:
                w.execute("DELETE FROM docs")
                w.execute("INSERT INTO fts (fts) VALUES ('delete-all')")
                w.execute("DELETE FROM meta")
                self._set_meta(w, "store", identity)
                self._set_meta(w, "store_path", self.store_path)
        with self._store() as store:
            added = self._add_new_snapshots(store, progress)
            removed = self._reconcile_snapshots(store)
            checkpoints = self._sync_checkpoints(store)
        with self._write() as w:
            self._set_meta(w, "synced", 1)
        return SyncStats(added, removed, checkpoints, rebuilt)

    def _add_new_snapshots(self, store: sqlite3.Connection, progress: Progress | None) -> int:
        conn = self._connection()
        store_max = store.execute("SELECT coalesce(max(rowid), 0) FROM snapshots").fetchone()[0]
        # Up to the newest row now: what the plugin adds meanwhile is the next
        # sync's (a plugin writing as fast as we index cannot keep this going).
        seen = min(int(self._meta(conn, "max_rowid", "0")), store_max)
        start, added = seen, 0
        if progress is not None:
            progress(0, store_max - start)
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
        """Index one snapshot row; 1 if it was new."""
        known = w.execute(
            "SELECT rowid, src_rowid FROM docs WHERE doc_type = ? AND ref = ?",
            (SNAPSHOT, row["id"]),
        ).fetchone()
        if known is not None:
            if known[1] != row["src"]:
                w.execute("UPDATE docs SET src_rowid = ? WHERE rowid = ?", (row["src"], known[0]))
            return 0
        columns = payload_columns(str(row["name"]), row["payload"])
        self._insert(
            w,
            SNAPSHOT,
            row["id"],
            row["session_id"],
            row["project_id"],
            str(row["kind"]),
            str(row["name"]),
            timeutil.normalize(row["captured_at"]),
            row["src"],
            None,
            columns,
        )
        return 1

    def _insert(self, w, doc_type, ref, session_id, project_id, kind, name, at, src, stamp, cols):
        cur = w.execute(
            "INSERT INTO docs (doc_type, ref, session_id, project_id, kind, name, at, "
            "src_rowid, stamp, body) VALUES (?,?,?,?,?,?,?,?,?,?)",
            (doc_type, ref, session_id, project_id, kind, name, at, src, stamp, _pack(cols)),
        )
        values = [_clean(cols[c]) for c in COLUMNS]
        w.execute(
            f"INSERT INTO fts (rowid, {', '.join(COLUMNS)}) VALUES (?{', ?' * len(COLUMNS)})",
            (cur.lastrowid, *values),
        )

    def _delete(self, w: sqlite3.Connection, rowids: Iterable[int]) -> int:
        count = 0
        for rowid in rowids:
            body = w.execute("SELECT body FROM docs WHERE rowid = ?", (rowid,)).fetchone()
            if body is None:
                continue
            values = [_clean(v) for v in _unpack(body[0])]
            w.execute(
                f"INSERT INTO fts (fts, rowid, {', '.join(COLUMNS)}) "
                f"VALUES ('delete', ?{', ?' * len(COLUMNS)})",
                (rowid, *values),
            )
            w.execute("DELETE FROM docs WHERE rowid = ?", (rowid,))
            count += 1
        return count

    def _reconcile_snapshots(self, store: sqlite3.Connection) -> int:
        """Remove what the store no longer has; fix reused and renumbered rowids."""
        conn = self._connection()
        removed = self._recheck_newest(store)
        store_count = store.execute("SELECT count(*) FROM snapshots").fetchone()[0]
        ours = conn.execute("SELECT count(*) FROM docs WHERE doc_type = ?", (SNAPSHOT,)).fetchone()[
            0
        ]
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
        mine = {
            r[0]: (r[1], r[2])
            for r in conn.execute(
                "SELECT ref, rowid, stamp FROM docs WHERE doc_type = ?", (CURRENT,)
            )
        }
        stale = [s for s, stamp in theirs.items() if mine.get(s, (None, None))[1] != stamp]
        gone = [mine[s][0] for s in mine if s not in theirs]
        if not stale and not gone:
            return 0
        with self._write() as w:
            self._delete(w, gone)
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
                    self._insert(
                        w,
                        CURRENT,
                        row["session_id"],
                        row["session_id"],
                        row["project_id"],
                        CURRENT,
                        "",
                        timeutil.normalize(row["updated_at"]),
                        None,
                        str(row["updated_at"]),
                        checkpoint_columns(row),
                    )
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
        never user text), best first or newest first."""
        where = ["fts MATCH ?"]
        params: list[object] = [expression]
        if project_id is not None:
            where.append("d.project_id = ?")
            params.append(project_id)
        if session_id is not None:
            where.append("d.session_id = ?")
            params.append(session_id)
        if kinds:
            where.append(f"d.kind IN ({','.join('?' * len(kinds))})")
            params.extend(kinds)
        columns = "d.doc_type, d.ref, d.session_id, d.project_id, d.kind, d.name, d.at"
        if by_recency:
            # Walk the time index newest first and keep the matches: the set of
            # matching rowids is built once and the walk stops at the page's
            # end, so a word in every document costs no sort of all of them
            # (4-5x faster than sorting the join on the bench store).
            where[0] = "d.rowid IN (SELECT rowid FROM fts WHERE fts MATCH ?)"
            sql = (
                f"SELECT {columns}, 0.0 FROM docs d INDEXED BY docs_at_idx "
                f"WHERE {' AND '.join(where)} ORDER BY d.at DESC, d.rowid DESC LIMIT ? OFFSET ?"
            )
        else:
            sql = (
                f"SELECT {columns}, bm25(fts) AS score FROM fts JOIN docs d ON d.rowid = fts.rowid "
                f"WHERE {' AND '.join(where)} ORDER BY score, d.at DESC LIMIT ? OFFSET ?"
            )
        params += [limit, offset]
        conn = self._connection()
        return [IndexHit(*row) for row in conn.execute(sql, params)]

    def counts(self) -> tuple[int, int]:
        """(snapshots, current checkpoints) indexed."""
        conn = self._connection()
        rows = dict(conn.execute("SELECT doc_type, count(*) FROM docs GROUP BY doc_type"))
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
