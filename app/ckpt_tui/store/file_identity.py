"""Which store file this is: an origin id minted once per store file, kept
in ckpt-tui's state dir (``stores.db``), never in the plugin's store.

A path does not say which store it names: ``cp B.db A.db`` keeps A's inode
but fills it with another store; ``ckpt-tui demo --force`` unlinks the
store and makes a new one, which may get the old inode number back; a store
copied to another machine, or next to itself, is another store that starts
with the same content. Whatever ckpt-tui keeps about a store (the undo
journal's steps, an archive's rows) is keyed by the store's *origin*.

API
---
``identify(conn, path=None, state_dir=None) -> Identity``
    The origin of the file ``conn`` (an open ``sqlite3`` connection to a
    checkpoint store, read-only is enough) reads, minted and recorded on
    first sight. ``path``: the store's path (default: the connection's
    main database file). ``state_dir``: default ``paths.state_dir()``.
``store_origin(store) -> str``
    The origin of a :class:`~ckpt_tui.store.engine.Store`'s file, read on
    the connection of one of its reads.
``Identity``
    ``origin`` (a uuid4 string, stable for the file's whole life),
    ``minted`` (True when this call created it), ``file_id``
    (``(st_dev, st_ino)`` read with it), ``path``.
``FileIdentityError``
    The state dir cannot be used; the caller decides what it costs (the
    journal says undo is unavailable; a read goes on without it).

How a file is recognised
------------------------
*Anchors* are read with three cheap walks of rowid order, even at a million rows:

* the ids of the first and last :data:`SAMPLE` snapshots in the table's
  own order (rowid). Snapshot ids are random UUIDs (SPEC 3): no other store
  holds one unless it was copied from this one. Every identification
  records the ones it sees (the newest :data:`KEEP_ANCHORS` per origin);
* the first :data:`SAMPLE` sessions, as ``id`` and ``created_at``: never
  pruned, but the same in a copy made at any time, and in a store made
  again from the same data (the demo);
* the highest snapshot rowid seen, per origin: SQLite numbers new rows
  above every row there is, so a store that only went on (saved, pruned)
  has all its snapshots above it, and one made anew starts again at 1.

Rules, first match wins:

1. Some snapshot id recorded for origin X is found (several origins: the
   one recorded for this ``(st_dev, st_ino)``, else for this path, else the
   latest seen):
   - X was recorded for this very file (same ``st_dev``/``st_ino``): X;
   - X's recorded path still holds X's recorded file, and that is not this
     one: this file is a *copy* of X, so another store: a new origin;
   - otherwise (the file was moved, or put back at X's path by a rename, a
     backup restored): X, now recorded at this path and inode.
2. None found, but this is X's recorded file (inode) and either X never saw
   a snapshot (nothing can have been done to it), or X's sessions are found
   and every snapshot is above X's highest rowid (the plugin pruned all
   that X saw, while no ckpt-tui looked): X.
3. Otherwise a new origin; an origin recorded for this inode belonged to
   the file that had it before (a regenerated demo, ``cp`` over it) and
   loses the binding.

A state dir belongs to one machine: a store copied to another machine gets
its own origin there (a state dir copied along would carry the origin).
"""

from __future__ import annotations

import os
import sqlite3
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ckpt_tui import paths, timeutil
from ckpt_tui.errors import CkptError
from ckpt_tui.store.query import Query

if TYPE_CHECKING:
    from ckpt_tui.store.engine import Store

#: Snapshots sampled at each end of the table, and sessions sampled.
SAMPLE = 8
#: Snapshot ids kept per origin, the most recently seen.
KEEP_ANCHORS = 64
STATE_FILE = "stores.db"

FileId = tuple[int, int]

_SCHEMA = (
    """CREATE TABLE IF NOT EXISTS origins (
        origin     TEXT PRIMARY KEY,
        path       TEXT NOT NULL,
        st_dev     INTEGER,
        st_ino     INTEGER,
        max_rowid  INTEGER NOT NULL DEFAULT 0,
        created_at TEXT NOT NULL,
        seen_at    TEXT NOT NULL
    )""",
    "CREATE INDEX IF NOT EXISTS origins_file_idx ON origins(st_dev, st_ino)",
    # kind: 'snapshot' (an id) or 'session' (id and created_at)
    """CREATE TABLE IF NOT EXISTS anchors (
        anchor  TEXT NOT NULL,
        origin  TEXT NOT NULL REFERENCES origins(origin) ON DELETE CASCADE,
        kind    TEXT NOT NULL,
        seen    INTEGER NOT NULL,
        PRIMARY KEY (anchor, origin)
    )""",
    "CREATE INDEX IF NOT EXISTS anchors_origin_idx ON anchors(origin, kind, seen)",
)


class FileIdentityError(CkptError):
    """The state dir's record of store files cannot be read or written."""


@dataclass(frozen=True)
class Identity:
    origin: str
    minted: bool
    file_id: FileId | None
    path: Path


@dataclass(frozen=True)
class Anchors:
    """What a store file is recognised by (the module's "How")."""

    snapshots: tuple[str, ...] = ()
    sessions: tuple[str, ...] = ()
    min_rowid: int = 0
    max_rowid: int = 0


def anchors_of(conn: sqlite3.Connection) -> Anchors:
    """Read a store's anchors: three walks of rowid order (the generated
    ``identity_*`` statements)."""
    q = Query(conn)
    first = q.run("identity_first_snapshots", limit=SAMPLE)
    last = q.run("identity_last_snapshots", limit=SAMPLE)
    sessions = q.run("identity_first_sessions", limit=SAMPLE)
    return Anchors(
        tuple(dict.fromkeys(str(r[1]) for r in (*first, *last) if r[1] is not None)),
        tuple(f"{r[0]}\x1f{r[1]}" for r in sessions),
        first[0][0] if first else 0,
        last[0][0] if last else 0,
    )


def _file_id(path: Path) -> FileId | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _main_file(conn: sqlite3.Connection) -> Path | None:
    for _seq, name, file in conn.execute("PRAGMA database_list"):
        if name == "main" and file:
            return Path(file)
    return None


def identify(
    conn: sqlite3.Connection, path: Path | str | None = None, state_dir: Path | None = None
) -> Identity:
    """The origin of the store file ``conn`` reads (see the module's rules)."""
    if path is None:
        path = _main_file(conn)
        if path is None:
            raise FileIdentityError("an in-memory database has no file identity")
    path = Path(os.path.realpath(path))
    file_id = getattr(conn, "file_id", None) or _file_id(path)
    try:
        anchors = anchors_of(conn)
    except sqlite3.Error as exc:
        raise FileIdentityError(f"cannot read the store's anchors ({exc})") from None
    registry = _Registry(state_dir or paths.state_dir())
    try:
        return registry.identify(path, file_id, anchors)
    finally:
        registry.close()


def store_origin(store: Store) -> str:
    """The origin of the file a :class:`Store` has open (in one of its reads)."""
    with store.read() as q:
        return identify(q.conn, store.path).origin


class _Registry:
    """``stores.db``: the origins minted on this machine and their anchors."""

    ATTEMPTS = 20

    def __init__(self, state_dir: Path) -> None:
        self.file = state_dir / STATE_FILE
        try:
            state_dir.mkdir(parents=True, exist_ok=True)
            self.conn = sqlite3.connect(self.file, timeout=5, isolation_level=None)
            self.conn.execute("PRAGMA busy_timeout=5000")
            self.conn.execute("PRAGMA foreign_keys=ON")
            self._retry(self._create)
        except (OSError, sqlite3.Error) as exc:
            raise FileIdentityError(f"{self.file} cannot be used ({exc})") from None

    def close(self) -> None:
        conn = getattr(self, "conn", None)
        if conn is not None:
            conn.close()

    def _create(self) -> None:
        if self.conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=NORMAL")
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            for statement in _SCHEMA:
                self.conn.execute(statement)
            self.conn.execute("COMMIT")
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise

    def _retry(self, work):
        """``work`` again while a brand-new file is being set up by another
        process (SQLite answers "locked" at once then, without waiting)."""
        for attempt in range(self.ATTEMPTS):
            try:
                return work()
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or attempt == self.ATTEMPTS - 1:
                    raise
                time.sleep(0.02 * (attempt + 1))
        raise AssertionError("unreachable")

    def identify(self, path: Path, file_id: FileId | None, anchors: Anchors) -> Identity:
        try:
            return self._retry(lambda: self._identify(path, file_id, anchors))
        except sqlite3.Error as exc:
            raise FileIdentityError(f"{self.file} cannot be used ({exc})") from None

    def _identify(self, path: Path, file_id: FileId | None, anchors: Anchors) -> Identity:
        conn = self.conn
        conn.execute("BEGIN IMMEDIATE")  # decide and record as one step
        try:
            origin = self._recognise(path, file_id, anchors)
            minted = origin is None
            now = timeutil.now_iso()
            dev, ino = file_id if file_id is not None else (None, None)
            if file_id is not None:  # whoever had this inode before is another file
                conn.execute(
                    "UPDATE origins SET st_dev=NULL, st_ino=NULL "
                    "WHERE st_dev=? AND st_ino=? AND origin IS NOT ?",
                    (dev, ino, origin),
                )
            if origin is None:
                origin = str(uuid.uuid4())
                conn.execute(
                    "INSERT INTO origins VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (origin, str(path), dev, ino, anchors.max_rowid, now, now),
                )
            else:
                conn.execute(
                    "UPDATE origins SET path=?, st_dev=?, st_ino=?, seen_at=?, "
                    "max_rowid=max(max_rowid, ?) WHERE origin=?",
                    (str(path), dev, ino, now, anchors.max_rowid, origin),
                )
            self._record(origin, anchors)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
        return Identity(origin, minted, file_id, path)

    def _recognise(self, path: Path, file_id: FileId | None, anchors: Anchors) -> str | None:
        """Rules 1 and 2 of the module's "How"; ``None``: rule 3."""
        conn = self.conn
        dev, ino = file_id if file_id is not None else (None, None)
        if anchors.snapshots:
            marks = ",".join("?" * len(anchors.snapshots))
            candidates = conn.execute(
                "SELECT o.origin, o.path, o.st_dev, o.st_ino FROM origins o "  # noqa: S608
                "WHERE o.origin IN (SELECT origin FROM anchors "
                f"WHERE kind = 'snapshot' AND anchor IN ({marks})) "
                "ORDER BY (o.st_dev IS ? AND o.st_ino IS ?) DESC, (o.path = ?) DESC, "
                "o.seen_at DESC, o.rowid DESC",
                (*anchors.snapshots, dev, ino, str(path)),
            ).fetchall()
            for origin, recorded_path, r_dev, r_ino in candidates:
                if file_id is not None and (r_dev, r_ino) == file_id:
                    return origin
                if recorded_path == str(path):
                    return origin  # put back at its path by a rename
                if r_dev is not None and _file_id(Path(recorded_path)) == (r_dev, r_ino):
                    continue  # the original is still there: this file is a copy of it
                return origin  # moved
        if file_id is None:
            return None
        for origin, max_rowid in conn.execute(
            "SELECT origin, max_rowid FROM origins WHERE st_dev=? AND st_ino=? "
            "ORDER BY seen_at DESC",
            (dev, ino),
        ).fetchall():
            seen = {
                kind: {r[0] for r in conn.execute(
                    "SELECT anchor FROM anchors WHERE origin=? AND kind=?", (origin, kind)
                )}
                for kind in ("snapshot", "session")
            }
            if not seen["snapshot"]:
                return origin  # it never had a snapshot: nothing was done to it
            if set(anchors.sessions) & seen["session"] and anchors.min_rowid > max_rowid:
                return origin  # the same sessions, every snapshot newer than any seen
        return None

    def _record(self, origin: str, anchors: Anchors) -> None:
        conn = self.conn
        top = conn.execute("SELECT coalesce(max(seen), 0) FROM anchors").fetchone()[0]
        conn.executemany(
            "INSERT INTO anchors (anchor, origin, kind, seen) VALUES (?, ?, ?, ?) "
            "ON CONFLICT (anchor, origin) DO UPDATE SET seen = excluded.seen",
            [(a, origin, "snapshot", top + 1) for a in anchors.snapshots]
            + [(a, origin, "session", top + 1) for a in anchors.sessions],
        )
        conn.execute(
            "DELETE FROM anchors WHERE origin = ? AND kind = 'snapshot' AND rowid NOT IN ("
            "SELECT rowid FROM anchors WHERE origin = ? AND kind = 'snapshot' "
            "ORDER BY seen DESC LIMIT ?)",
            (origin, origin, KEEP_ANCHORS),
        )
