"""Keeping the search index current with the store, cheap when little changed.

Part of the full-text index (``store.search_file`` owns the file and how a
document goes in and out; ``store.search_query`` reads it). This module
decides what to add and remove (:meth:`SyncedIndex.sync`):

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
* The ``recent`` table (the newest documents, which relevance ranks) is
  cut back or refilled once at the end of each sync.

The store is only ever read, by the generated statements of
``statements/search.py`` (``store.search_store`` opens it as a Store
reads it): a read-only store is searchable too.
"""

from __future__ import annotations

import os
import sqlite3
from collections import namedtuple
from collections.abc import Callable
from pathlib import Path

from ckpt_tui import timeutil
from ckpt_tui.store.keys import json_list
from ckpt_tui.store.query import Query
from ckpt_tui.store.search_file import (
    AUTOMERGE,
    BUILD_AUTOMERGE,
    CURRENT,
    NO_FLOOR,
    RECENT,
    SNAPSHOT,
    IndexFile,
    is_damaged,
    time_key,
)
from ckpt_tui.store.search_stamp import store_stamp
from ckpt_tui.store.search_store import read_store
from ckpt_tui.store.search_text import checkpoint_columns, indexed, payload_columns, unpack

#: Snapshots read and indexed per transaction.
BATCH = 4000
#: Page cache of the index connection while a first build runs (KiB).
BUILD_CACHE_KIB = 64 * 1024
_DEFAULT_CACHE = -2000  # SQLite's default
#: The newest rowids already indexed that each sync re-checks by id.
RECHECK_NEWEST = 64
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


class SyncStats(
    namedtuple(
        "SyncStats", ("added", "removed", "checkpoints", "rebuilt"), defaults=(0, 0, 0, False)
    )
):
    """What a sync did (a ``collections.namedtuple``: see ``core.search_match``)."""

    __slots__ = ()
    added: int
    removed: int
    checkpoints: int
    rebuilt: bool


#: ``progress(done, total)`` while a sync works through new snapshots.
Progress = Callable[[int, int], None]


class SyncedIndex(IndexFile):
    """The index file of one store, with what brings it up to the store."""

    def __init__(self, path: Path, store_path: Path) -> None:
        super().__init__(path)
        self.store_path = Path(store_path)
        #: base rowid -> where its crowded millisecond continues (_place).
        self._spill: dict[int, int] = {}

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
        # Taken before anything of the store is read: a write after it
        # changes it (store.search_stamp).
        stamp = store_stamp(self.store_path)
        try:
            return self._sync(progress, stamp)
        except sqlite3.DatabaseError as exc:
            if not is_damaged(exc):
                raise
        self._remove_files()
        return self._sync(progress, stamp)

    def _sync(self, progress: Progress | None, stamp: str | None) -> SyncStats:
        conn = self._connection()
        if stamp is not None and self._meta(conn, "store_stamp") == stamp:
            return SyncStats()  # the store has not changed since the last sync
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
            self._set_meta(w, "store_stamp", stamp or "")
            # after a build, and on an index made before AUTOMERGE
            self._set_automerge(w, AUTOMERGE)
        return SyncStats(added, removed, checkpoints, rebuilt)

    def _empty_recent(self, w: sqlite3.Connection) -> None:
        w.execute("INSERT INTO recent (recent) VALUES ('delete-all')")
        self._floor = NO_FLOOR
        self._set_meta(w, "recent_floor", NO_FLOOR)
        w.execute("UPDATE counts SET n = 0 WHERE doc_type = ?", (RECENT,))

    def _refresh_recent(self, w: sqlite3.Connection) -> None:
        """Cut ``recent`` back to the newest RECENT_DOCS documents when it
        has more than RECENT_MAX, or fill it after a build left it empty."""
        count = w.execute("SELECT n FROM counts WHERE doc_type = ?", (RECENT,)).fetchone()[0]
        if self._floor != NO_FLOOR and count <= RECENT_MAX:
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
            self._fts_insert(w, "recent", rowid, indexed(unpack(body)))
            count += 1
        self._floor = floor
        self._set_meta(w, "recent_floor", floor)
        w.execute("UPDATE counts SET n = ? WHERE doc_type = ?", (count, RECENT))

    def _add_new_snapshots(self, store: Query, progress: Progress | None) -> int:
        conn = self._connection()
        store_max = store.scalar("search_max_rowid")
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
                self._set_automerge(w, BUILD_AUTOMERGE)
        try:
            return self._add_batches(store, seen, store_max, progress)
        finally:
            if build:
                conn.execute(f"PRAGMA cache_size={_DEFAULT_CACHE}")
                conn.execute("PRAGMA synchronous=NORMAL")

    def _add_batches(
        self, store: Query, seen: int, store_max: int, progress: Progress | None
    ) -> int:
        conn = self._connection()
        start, added = seen, 0
        while True:
            rows = store.run("search_batch", low=seen, high=store_max, limit=BATCH)
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
        values = list(payload_columns(docs_row[5], row["payload"]).values())
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

    def _reconcile_snapshots(self, store: Query) -> int:
        """Remove what the store no longer has; fix reused and renumbered rowids."""
        conn = self._connection()
        removed = self._recheck_newest(store)
        store_count = store.scalar("search_count")
        ours = self.counts()[0]
        if store_count == ours:
            return removed
        theirs = {r[0]: (r[1], r[2]) for r in store.run("search_session_sums")}
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

    def _recheck_newest(self, store: Query) -> int:
        """SQLite gives a new row the rowid of a deleted newest one: compare
        the newest rowids seen so far by id."""
        conn = self._connection()
        seen = int(self._meta(conn, "max_rowid", "0"))
        low = seen - RECHECK_NEWEST
        theirs = {r[0]: r[1] for r in store.run("search_rowids", low=low, high=seen)}
        mine = {
            src: (rowid, ref)
            for rowid, src, ref in conn.execute(
                # ``+doc_type``: the range on docs_src_idx, not every snapshot's
                # docs_session_idx entry (SQLite chose that: 15-40 ms at 200k).
                "SELECT rowid, src_rowid, ref FROM docs WHERE +doc_type = ? AND src_rowid > ? "
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
                row = store.first("search_snapshot_at", src=src)
                if row is not None:
                    self._put_snapshot(w, row)
        return removed

    def _reconcile_session(self, store: Query, session_id: str) -> int:
        conn = self._connection()
        theirs = {r[0]: r[1] for r in store.run("search_session_rowids", session_id=session_id)}
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
                row = store.first("search_snapshot_by_id", id=ref)
                if row is not None:
                    self._put_snapshot(w, row)
        return removed

    def _sync_checkpoints(self, store: Query) -> int:
        conn = self._connection()
        # What the last sync saw, hashed: unchanged, nothing more is read. The
        # list is built by SQLite (each part length-prefixed, so no two lists
        # read alike); a reordering only costs the comparison below.
        listed = store.scalar("search_checkpoints_listed")
        import hashlib  # here: a search whose store did not change never gets here

        seen = hashlib.sha1((listed or "").encode("utf-8", "surrogatepass")).hexdigest()
        if self._meta(conn, "checkpoints_seen") == seen:
            return 0
        theirs = {r[0]: str(r[1]) for r in store.run("search_checkpoint_stamps")}
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
            rows = store.run("search_checkpoints_by_ids", ids=json_list(chunk))
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
                    values = list(checkpoint_columns(row).values())
                    self._place(w, time_key(at), docs_row, values)
        if stale:
            with self._write() as w:
                self._set_meta(w, "checkpoints_seen", seen)
        return len(stale) + len(gone)
