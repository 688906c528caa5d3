"""ckpt-tui's own undo journal: a small SQLite file in our state dir.

The checkpoint store belongs to the plugin and gets no tables of ours
(SPEC 1), so the undo/redo history lives here, one file per machine. Its
steps belong to one store *file*: they are keyed by the file's origin
(:mod:`ckpt_tui.store.file_identity`), never by its path, so a store
replaced at the same path (``cp B.db A.db``, a regenerated demo) starts
with no steps, and none is ever replayed into another file. It holds full
rows, so pruning in the store cannot take a redo away. The policy that
reads it is in :mod:`ckpt_tui.core.undo_redo`.

**Intent first, settled after.** A write to the store and its step here
cannot be told apart by a crash or by another process: inside the store's
write transaction, before its commit, the step is recorded as an *intent*
naming its anchor (the ``pre-restore`` or manual snapshot the write
creates, or for a checkpoint created from nothing, that row's creation
instant). Whoever reads the journal next settles it: anchor in the store,
the write committed and the intent becomes the step; anchor missing while
the reader holds the store's write lock, the write never committed and the
intent is dropped; anchor missing otherwise, the write may still be under
way and the intent waits. Each session also has a *head*: the newest
``pre-restore`` snapshot after our last checkpoint write; the journal
speaks for the session only while the store's newest pre-restore is that
head (nobody restored since, and this is the file the steps were made in).

Older versions kept it in the cache dir, which cache cleaners empty; the
first use of the journal moves it from there (:func:`move_former`). Steps
an older version keyed by the store's path are taken over by the file's
origin when the file still holds a snapshot they made, else dropped.
"""

from __future__ import annotations

import base64
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
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
from ckpt_tui.store.keys import json_list
from ckpt_tui.store.query import lenient_text, stored_bytes

if TYPE_CHECKING:
    from sqlalchemy import Connection

    from ckpt_tui.store.engine import Store

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
intents = Table(
    "intents",
    _meta,
    Column("store_key", Text, primary_key=True),
    Column("anchor", Text, primary_key=True),
    Column("session_id", Text, nullable=False),
    Column("op", Text, nullable=False),
    Column("created_at", Text, nullable=False),
)
heads = Table(
    "heads",
    _meta,
    Column("store_key", Text, primary_key=True),
    Column("session_id", Text, primary_key=True),
    Column("pre_restore_id", Text),
)

#: An anchor: a snapshot the write creates, or the checkpoint row it creates.
SNAPSHOT_ANCHOR = "snapshot:"
CREATED_ANCHOR = "created:"


def snapshot_anchor(snapshot_id: str) -> str:
    return SNAPSHOT_ANCHOR + snapshot_id


def created_anchor(session_id: str, at: str) -> str:
    return f"{CREATED_ANCHOR}{at}:{session_id}"


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


@dataclass(frozen=True)
class SessionSteps:
    """One read of a session's journal: its head and the two steps next to
    the cursor. ``head_known``: a checkpoint write of ours recorded a head
    (journals of older versions have none)."""

    head_known: bool
    head: str | None
    last_done: Entry | None
    first_undone: Entry | None
    any_entry: bool


def row_to_text(row: Mapping[str, Any] | None) -> str:
    """A checkpoint row's columns as journal text, byte for byte (a BLOB as
    base64); ``None``: the session had no checkpoint."""
    if row is None:
        return "null"
    return json.dumps({k: _value_to_json(v) for k, v in row.items()}, ensure_ascii=False)


def _value_to_json(value: Any) -> Any:
    """A BLOB as ``{"$blob": base64}``; text holding bytes that are not UTF-8
    (surrogate escapes, ``store.query``) as ``{"$text": base64}`` of those
    bytes; anything else as it is."""
    if isinstance(value, bytes):
        return {"$blob": base64.b64encode(value).decode("ascii")}
    raw = stored_bytes(value) if isinstance(value, str) else None
    return value if raw is None else {"$text": base64.b64encode(raw).decode("ascii")}


def _value_from_json(value: Any) -> Any:
    if isinstance(value, dict) and "$blob" in value:
        return base64.b64decode(value["$blob"])
    if isinstance(value, dict) and "$text" in value:
        return lenient_text(base64.b64decode(value["$text"]))
    return value


def row_from_text(text: str) -> dict[str, Any] | None:
    data = json.loads(text)
    if data is None:
        return None
    if not isinstance(data, dict):
        raise ValueError("a journal row is not an object")
    return {k: _value_from_json(v) for k, v in data.items()}


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


#: ``Connection.info`` key: the next transaction only reads.
_READ = "ckpt_tui.read_only"

#: Tries at opening a journal that other processes are creating at once.
FIRST_USE_ATTEMPTS = 20


def _stat(path: Path) -> tuple[int, int, int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns)


class JournalFile:
    """Persistence only: intents, steps and heads of one store file."""

    def __init__(self, path: Path, store: Store, former: Path | None = None) -> None:
        """``store``: the checkpoint store whose steps these are (its file's
        origin keys them; its snapshots settle intents). ``former``: where
        an older ckpt-tui kept the journal, moved to ``path`` on first use."""
        if former is not None:
            move_former(path, former)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.store = store
        self._state_dir = path.parent
        self._origin: tuple[tuple, str] | None = None  # (the file's stat, its origin)
        self._origin_lock = threading.Lock()
        self._engine = create_engine(f"sqlite:///{path}")

        @event.listens_for(self._engine, "connect")
        def _settings(dbapi_conn, _record):  # noqa: ANN001
            dbapi_conn.isolation_level = None  # BEGIN is ours (below)
            dbapi_conn.execute("PRAGMA busy_timeout=5000")
            dbapi_conn.execute("PRAGMA journal_mode=WAL")
            # No fsync per commit: a power cut may lose the newest entries,
            # and undo then asks which fields to take back, as after any
            # step whose journal record is lost.
            dbapi_conn.execute("PRAGMA synchronous=NORMAL")

        @event.listens_for(self._engine, "begin")
        def _begin(conn: Connection) -> None:
            # A transaction that reads and then writes (settling an intent,
            # appending a step) takes the write lock first: in WAL a deferred
            # one that read before another process wrote cannot write at all.
            conn.exec_driver_sql("BEGIN" if conn.info.pop(_READ, False) else "BEGIN IMMEDIATE")

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

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        """A read-only transaction: no write lock taken."""
        with self._engine.connect() as conn:
            conn.info[_READ] = True
            yield conn

    def exists(self) -> bool:
        """Open, so there (:meth:`LazyJournal.exists` answers before that)."""
        return True

    def close(self) -> None:
        self._engine.dispose()

    # -- which file -------------------------------------------------------------
    @property
    def store_key(self) -> str:
        """The origin of the file the store's path names now, identified
        again whenever the file's inode, size or modification time moved (a
        file copied over the path keeps the inode but not those).

        A file replaced *in place* while connections have it open (``cp``
        over it) is beyond help: SQLite's connections share the old
        ``-wal`` and ``-shm``, and the last one to close writes the old
        file's pages into the new one. Tools that replace a file make a new
        one (``demo --force``, a rename), which the store follows."""
        path = self.store.path
        stat = _stat(path)
        with self._origin_lock:
            if stat is not None and self._origin is not None and self._origin[0] == stat:
                return self._origin[1]
            from ckpt_tui.store.connection import connect
            from ckpt_tui.store.file_identity import identify

            conn = connect(path, "ro", immutable=self.store.immutable)
            try:
                origin = identify(conn, path, self._state_dir).origin
            finally:
                conn.close()
            self._take_over_path_steps(origin)
            self._origin = (stat, origin) if stat is not None else None
            return origin

    def identify(self) -> str:
        """The origin of the file at the store's path (see :attr:`store_key`):
        asked first by a reader, so that the store's own reads after it see
        the file that is there now."""
        return self.store_key

    def _take_over_path_steps(self, origin: str) -> None:
        """Steps an older version keyed by this path become the origin's when
        the file still holds a snapshot they made; else they are another
        file's, and dropped."""
        path_key = str(self.store.path.resolve())
        with self._engine.begin() as conn:
            made = [
                r[0]
                for r in conn.execute(
                    select(ours.c.snapshot_id).where(ours.c.store_key == path_key).limit(500)
                )
            ]
            if not made and conn.execute(
                select(entries.c.seq).where(entries.c.store_key == path_key).limit(1)
            ).first() is None:
                return
            found = self._present([snapshot_anchor(i) for i in made])
            for table in (entries, ours):
                if found:
                    conn.execute(
                        update(table).where(table.c.store_key == path_key).values(store_key=origin)
                    )
                else:
                    conn.execute(delete(table).where(table.c.store_key == path_key))

    def _present(self, anchors: list[str]) -> set[str]:
        """Which of ``anchors`` the store holds now."""
        if not anchors:
            return set()
        found: set[str] = set()
        with self.store.read() as q:
            ids = [a.removeprefix(SNAPSHOT_ANCHOR) for a in anchors if a.startswith(SNAPSHOT_ANCHOR)]
            if ids:
                found.update(
                    snapshot_anchor(r[0]) for r in q.run("snapshots_present", ids=json_list(ids))
                )
            for anchor in anchors:
                if anchor.startswith(CREATED_ANCHOR):
                    at, _, session_id = anchor.removeprefix(CREATED_ANCHOR).partition(":")
                    if q.first("checkpoint_created", session_id=session_id, created_at=at):
                        found.add(anchor)
        return found

    # -- reading ------------------------------------------------------------------
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

    def _scope(self, session_id: str, key: str | None = None):
        key = key or self.store_key
        return (entries.c.store_key == key, entries.c.session_id == session_id)

    def steps(self, session_id: str) -> SessionSteps:
        """The session's head and the steps either side of the cursor, in
        one read."""
        key = self.store_key
        scope = self._scope(session_id, key)
        with self._read() as conn:
            done = conn.execute(
                select(entries).where(*scope, entries.c.done == 1)
                .order_by(entries.c.seq.desc()).limit(1)
            ).first()
            undone = conn.execute(
                select(entries).where(*scope, entries.c.done == 0)
                .order_by(entries.c.seq.asc()).limit(1)
            ).first()
            head = conn.execute(
                select(heads.c.pre_restore_id).where(
                    heads.c.store_key == key, heads.c.session_id == session_id
                )
            ).first()
        return SessionSteps(
            head is not None,
            head[0] if head is not None else None,
            self._entry(done) if done else None,
            self._entry(undone) if undone else None,
            done is not None or undone is not None,
        )

    def last_done(self, session_id: str) -> Entry | None:
        return self.steps(session_id).last_done

    def first_undone(self, session_id: str) -> Entry | None:
        return self.steps(session_id).first_undone

    def is_ours(self, snapshot_id: str | None) -> bool:
        if snapshot_id is None:
            return False
        key = self.store_key
        with self._read() as conn:
            return (
                conn.execute(
                    select(ours.c.snapshot_id).where(
                        ours.c.store_key == key, ours.c.snapshot_id == snapshot_id
                    )
                ).first()
                is not None
            )

    # -- intents ----------------------------------------------------------------------
    def intend(self, session_id: str, anchor: str, op: dict[str, Any]) -> None:
        """Record, before the store commits, the step a write will be once
        its ``anchor`` is in the store (``op``: what :meth:`settle` applies:
        ``{"push": {...}}`` or ``{"flip": {...}}``, with optional ``head``
        and ``remember``)."""
        key = self.store_key  # before the transaction: it may write too
        with self._engine.begin() as conn:
            conn.execute(
                insert(intents).values(
                    store_key=key,
                    anchor=anchor,
                    session_id=session_id,
                    op=json.dumps(op, ensure_ascii=False),
                    created_at=timeutil.now_iso(),
                )
            )

    def settle(self, session_id: str, *, locked: bool) -> None:
        """Settle the session's intents against the store: applied when their
        anchor is there; dropped when it is not and ``locked`` (the caller
        holds the store's write lock, so no write is under way); else left."""
        key = self.store_key
        with self._read() as conn:
            pending = [
                r[0]
                for r in conn.execute(
                    select(intents.c.anchor).where(
                        intents.c.store_key == key, intents.c.session_id == session_id
                    ).order_by(intents.c.created_at)
                )
            ]
        if not pending:
            return
        present = self._present(pending)
        for anchor in pending:
            if anchor in present:
                self.settle_anchor(anchor, key)
            elif locked:
                with self._engine.begin() as conn:
                    conn.execute(
                        delete(intents).where(intents.c.store_key == key, intents.c.anchor == anchor)
                    )

    def settle_anchor(self, anchor: str, key: str | None = None) -> None:
        """Apply one intent whose anchor is known to be in the store (once:
        whoever deletes the intent applies it)."""
        key = key or self.store_key
        with self._engine.begin() as conn:
            row = conn.execute(
                select(intents.c.session_id, intents.c.op).where(
                    intents.c.store_key == key, intents.c.anchor == anchor
                )
            ).first()
            if row is None:
                return  # settled by someone else
            conn.execute(delete(intents).where(intents.c.store_key == key, intents.c.anchor == anchor))
            self._apply(conn, key, row.session_id, json.loads(row.op))

    def _apply(self, conn: Connection, key: str, session_id: str, op: dict[str, Any]) -> None:
        if "push" in op:
            self._push(conn, key, session_id, **op["push"])
        if "flip" in op:
            flip = op["flip"]
            conn.execute(
                update(entries)
                .where(*self._scope(session_id, key), entries.c.seq == flip["seq"])
                .values(done=int(flip["done"]), **flip.get("values", {}))
            )
        if "head" in op:
            conn.execute(
                insert(heads)
                .prefix_with("OR REPLACE")
                .values(store_key=key, session_id=session_id, pre_restore_id=op["head"])
            )
        if op.get("remember"):
            conn.execute(
                insert(ours)
                .prefix_with("OR IGNORE")
                .values(store_key=key, snapshot_id=op["remember"], session_id=session_id)
            )

    # -- steps --------------------------------------------------------------------------
    def _push(
        self,
        conn: Connection,
        key: str,
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
        scope = self._scope(session_id, key)
        if reset:
            conn.execute(delete(entries).where(*scope))
        else:
            conn.execute(delete(entries).where(*scope, entries.c.done == 0))
        top = conn.execute(select(func.max(entries.c.seq)).where(*scope)).scalar() or 0
        conn.execute(
            insert(entries).values(
                store_key=key,
                session_id=session_id,
                seq=top + 1,
                action=action,
                label=label,
                before=before,
                after=after,
                before_snapshot_id=before_snapshot_id,
                after_snapshot_id=after_snapshot_id,
                detail=json.dumps(detail or {}, ensure_ascii=False),
                done=int(done),
                created_at=timeutil.now_iso(),
            )
        )
        conn.execute(delete(entries).where(*scope, entries.c.seq <= top + 1 - KEEP_PER_SESSION))

    def push(self, session_id: str, **step: Any) -> None:
        """Append a step at once (one that no store commit stands behind: a
        hand-off note), dropping the redo tail (or everything: ``reset``)."""
        key = self.store_key
        with self._engine.begin() as conn:
            self._push(conn, key, session_id, **step)

    def flip(self, session_id: str, seq: int, *, done: bool, **values: Any) -> None:
        """Mark an entry undone or redone at once, rewriting ``values``."""
        scope = self._scope(session_id)
        with self._engine.begin() as conn:
            conn.execute(
                update(entries)
                .where(*scope, entries.c.seq == seq)
                .values(done=int(done), **values)
            )

    def forget_session(self, session_id: str) -> None:
        key = self.store_key
        with self._engine.begin() as conn:
            conn.execute(delete(entries).where(*self._scope(session_id, key)))
            conn.execute(delete(heads).where(heads.c.store_key == key, heads.c.session_id == session_id))
