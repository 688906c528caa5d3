"""A push: what one store file holds that its origin's rows in the archive
do not, copied over; what its store no longer holds, marked.

A push compares keys, never trusts a mark of its own: it reads the store's
keys in one read transaction (``mode=ro``: the store is never written) and
the archive's keys of this origin, and sends the difference. Rows go in
batches, each one transaction (``COPY`` and one upsert,
``store/archive_dialect.py``), projects and sessions first (the foreign
keys), then new snapshots, then the rest. So a push killed at any moment
leaves whole batches behind, and the next push, comparing again, sends
exactly what is still missing: nothing twice (every key is unique), nothing
lost. A second push with nothing new sends nothing.

What "changed" means per table: a project or session row that differs in
any column; a checkpoint whose ``updated_at`` moved (every write of it
moves it); a snapshot that is new, or whose ``restored_at`` moved (the only
column a snapshot changes). A snapshot the archive has and the store no
longer has was pruned (or deleted with its session): it stays, with
``pruned_at`` set to the push's time; should the store have it again (a
backup put back), the mark is cleared.

A snapshot's search vector (``snapshot_search``) is made from the row the
copy reads from the store and goes in with it, in the same transaction;
``index=False`` leaves them out, and :func:`index_origin` then gives every
snapshot of the origin without one its vector from the archive's copy (a
push ends with it, and ``archive index`` runs it). A current checkpoint
goes in with its vector.

Text PostgreSQL cannot hold (a NUL character, or bytes that are not UTF-8,
which only a damaged row has) is not sent: the row is named in the push's
``skipped`` and left out, and every push tries it again.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, bindparam, func, select, update

from ckpt_tui import timeutil
from ckpt_tui.store import archive_dialect as dialect
from ckpt_tui.store import archive_schema as A
from ckpt_tui.store import file_identity
from ckpt_tui.store.connection import BUSY_TIMEOUT_MS, apply_settings, connect, translate
from ckpt_tui.store.keys import json_list
from ckpt_tui.store.query import Query

#: New snapshots per transaction.
BATCH = 5000
#: ``(phase, done, total)``: phase is ``projects``, ``sessions``,
#: ``snapshots``, ``checkpoints``, ``pruned`` or ``index-snapshots``.
Progress = Callable[[str, int, int], None]


class Origin(NamedTuple):
    """Where a push's rows come from: the store file's stable id, the
    host's label and the file's path there."""

    id: str
    host: str
    store_path: str


class PushStats(NamedTuple):
    """What one push sent and marked."""

    projects: int
    sessions: int
    checkpoints: int
    snapshots: int  # new snapshots copied
    restored: int  # snapshots whose restored_at moved, or that came back
    pruned: int  # snapshots newly marked pruned
    skipped: tuple[str, ...]  # rows left out, one line each
    #: the origin's totals in the archive afterwards
    archived_snapshots: int
    archived_pruned: int

    @property
    def sent(self) -> int:
        return self.projects + self.sessions + self.checkpoints + self.snapshots + self.restored


#: ``(name, payload)`` -> the snapshot's search words.
SnapshotWords = Callable[[str, str], set[str]]
#: a checkpoint row (its store's columns) -> its search words.
CheckpointWords = Callable[[dict[str, Any]], set[str]]


class Indexing(NamedTuple):
    """Snapshots given their search vector, and how long that took."""

    snapshots: int
    seconds: float


def _without_cycle_collection(work: Callable[..., Any]) -> Callable[..., Any]:
    """``work`` run with Python's cycle collector off (as it was, after).
    A push makes millions of short-lived sets, tuples and strings beside a
    cache of a hundred thousand texts' words; the collector, woken every
    few hundred new objects, walked the ones that live on again and again:
    a third of a first push's CPU in this process (50,000 snapshots: 6.8 s
    with it, 4.6 s without). What a push makes holds no cycle: reference
    counting frees it all the same."""
    import functools
    import gc

    @functools.wraps(work)
    def run(*args: Any, **kwargs: Any) -> Any:
        was_on = gc.isenabled()
        gc.disable()
        try:
            return work(*args, **kwargs)
        finally:
            if was_on:
                gc.enable()

    return run


class _Writer:
    """Batches written, each in its own transaction, on a connection of
    their own, in order, while the caller reads and prepares the next: the
    server writes one batch as this process makes the next (a push is a
    client's work and a server's, one after the other otherwise)."""

    def __init__(self, engine: Engine, write: Callable[[Connection, Any], None]) -> None:
        import queue
        import threading

        self.batches: queue.Queue = queue.Queue(maxsize=1)
        self.error: BaseException | None = None
        self.thread = threading.Thread(target=self._run, args=(engine, write), daemon=True)
        self.thread.start()

    def _run(self, engine: Engine, write: Callable[[Connection, Any], None]) -> None:
        try:
            with engine.connect() as conn:
                while (batch := self.batches.get()) is not None:
                    write(conn, batch)
                    conn.commit()
        except BaseException as exc:  # handed to the caller at its next put or close
            self.error = exc
            while self.batches.get() is not None:  # let the caller's puts through
                pass

    def put(self, batch: Any) -> None:
        if self.error is not None:
            raise self.error
        self.batches.put(batch)

    def close(self) -> None:
        """Wait for every batch to be written; raise what failed."""
        self.batches.put(None)
        self.thread.join()
        if self.error is not None:
            raise self.error


def index_origin(
    conn: Connection,
    origin_id: str,
    words: SnapshotWords,
    *,
    archived: int | None = None,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> Indexing:
    """Make the search vector of every snapshot of ``origin_id`` that has
    none yet, a batch per transaction. ``archived``: how many snapshots the
    origin has (a push knows); as many rows of search words mean nothing
    is missing, found by one count. The caller holds the origin's push
    lock (:func:`push` does, :func:`index_pending` takes it)."""
    import time

    say = progress or (lambda phase, done, total: None)
    started = time.perf_counter()
    n, t = A.snapshots.c, A.snapshot_search.c
    if archived is not None:
        have = conn.execute(select(func.count()).where(t.origin_id == origin_id)).scalar_one()
        if have == archived:
            conn.commit()
            return Indexing(0, time.perf_counter() - started)
    # keys compared here, as a push compares them: two reads along primary
    # keys, where an anti-join is at the planner's mercy (minutes, on
    # tables just filled and not yet analyzed)
    indexed = set(_column(conn, "snapshot_search", "id", origin_id))
    pending = [sid for sid in _column(conn, "snapshots", "id", origin_id) if sid not in indexed]
    conn.commit()
    say("index-snapshots", 0, len(pending))
    writer = _Writer(conn.engine, _write_vectors)
    try:
        for start in range(0, len(pending), batch):
            part = pending[start : start + batch]
            rows = conn.execute(
                select(n.id, n.session_id, n.captured_at, n.name, n.payload).where(
                    n.origin_id == origin_id, n.id.in_(part)
                )
            ).all()
            conn.commit()
            writer.put(
                [(origin_id, sid, ses, at, words(name, p)) for sid, ses, at, name, p in rows]
            )
            say("index-snapshots", start + len(part), len(pending))
    finally:
        writer.close()
    return Indexing(len(pending), time.perf_counter() - started)


def _write_vectors(conn: Connection, rows: list[tuple]) -> None:
    dialect.copy_vectors(conn, A.snapshot_search, A.session_search, rows)


@_without_cycle_collection
def index_pending(
    engine: Engine,
    words: SnapshotWords,
    *,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> Indexing:
    """:func:`index_origin` for every origin of the archive whose push lock
    is free (a push under way indexes its own when its copy is done)."""
    done, seconds = 0, 0.0
    with engine.connect() as conn:
        origins = list(conn.execute(select(A.origins.c.origin_id)).scalars())
        conn.commit()
        for origin_id in origins:
            if not dialect.lock_origin(conn, origin_id):
                continue
            conn.commit()
            try:
                part = index_origin(conn, origin_id, words, batch=batch, progress=progress)
            finally:
                conn.rollback()
                dialect.unlock_origin(conn, origin_id)
                conn.commit()
            done, seconds = done + part.snapshots, seconds + part.seconds
    return Indexing(done, seconds)


@_without_cycle_collection
def push(
    store_path: Path,
    engine: Engine,
    host: str,
    *,
    snapshot_words: SnapshotWords,
    checkpoint_words: CheckpointWords,
    index: bool = True,
    immutable: bool = False,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> tuple[PushStats, Indexing | None]:
    """Bring the rows of the store at ``store_path`` in the archive up to
    it, as the origin ``store.file_identity`` says the file is, pushed from
    ``host``; then, if ``index``, make the search vectors of its snapshots
    that have none (:func:`index_origin`). Raises the store's one-line
    errors for the store and the driver's for the archive (the caller
    translates those)."""
    say = progress or (lambda phase, done, total: None)
    local = _LocalStore(store_path, immutable)
    try:
        origin = Origin(
            file_identity.identify(local.conn, store_path).origin, host, str(store_path)
        )
        with engine.connect() as conn:
            if not dialect.lock_origin(conn, origin.id):
                raise dialect.ArchiveError(
                    f"another push of this store ({origin.store_path}) is running; nothing was sent"
                )
            conn.commit()
            try:
                stats = _push(
                    conn, local, origin, batch, say, checkpoint_words, snapshot_words if index else None
                )
                local.close()  # the store is read: the indexing reads the archive
                indexing = (
                    index_origin(
                        conn,
                        origin.id,
                        snapshot_words,
                        archived=stats.archived_snapshots,
                        batch=batch,
                        progress=say,
                    )
                    if index
                    else None
                )
                return stats, indexing
            finally:
                conn.rollback()
                dialect.unlock_origin(conn, origin.id)
                conn.commit()
    finally:
        local.close()


def _push(
    conn: Connection,
    local: _LocalStore,
    origin: Origin,
    batch: int,
    say: Progress,
    checkpoint_words: CheckpointWords,
    snapshot_words: SnapshotWords | None,
) -> PushStats:
    now = timeutil.now_iso()
    skipped: list[str] = []
    # -- projects and sessions: small, compared whole ---------------------------------
    counts = {}
    for table in (A.projects, A.sessions):
        rows = local.rows(table.name)
        theirs = _archived_rows(conn, table, origin.id)
        changed = [r for r in rows if theirs.get(r[0]) != r]
        changed = _storable(changed, table.name, skipped)
        say(table.name, 0, len(changed))
        if table is A.projects:
            _save_origin(conn, origin, now)
        if changed:
            dialect.copy_upsert(
                conn, table, [A.ORIGIN, *A.copied_columns(table)], _with(origin.id, changed)
            )
        counts[table.name] = len(changed)
        say(table.name, len(changed), len(changed))
    conn.commit()

    # -- snapshots: new ones in batches, one transaction each ---------------------------
    mine = local.snapshot_keys()
    theirs = _archived_snapshot_keys(conn, origin.id)
    new = _storable_keys([sid for sid in mine if sid not in theirs], "snapshots", skipped)
    moved = [
        sid
        for sid, restored in mine.items()
        if sid in theirs and (theirs[sid][0] != restored or theirs[sid][1])
    ]
    sent = read = 0
    say("snapshots", 0, len(new))
    columns = [A.ORIGIN, *A.copied_columns(A.snapshots)]
    session, at, name, payload = (
        columns.index(c) - 1 for c in ("session_id", "captured_at", "name", "payload")
    )

    def write(c: Connection, batch: tuple[list, list]) -> None:
        rows, vectors = batch
        dialect.copy_new(c, A.snapshots, columns, rows, reset={"pruned_at": None})
        if vectors:
            _write_vectors(c, vectors)

    writer = _Writer(conn.engine, write)
    try:
        for part in local.snapshots(new, batch, whole=len(new) > len(mine) // 4):
            rows = _storable(part, "snapshots", skipped)
            vectors = (
                [
                    (origin.id, r[0], r[session], r[at], snapshot_words(r[name], r[payload]))
                    for r in rows
                ]
                if snapshot_words is not None
                else []
            )
            writer.put(([(origin.id, *r) for r in rows], vectors))
            sent, read = sent + len(rows), read + len(part)
            say("snapshots", read, len(new))
    finally:
        writer.close()

    # -- the rest, in one transaction ---------------------------------------------------
    if moved:
        conn.execute(
            update(A.snapshots)
            .where(
                A.snapshots.c.origin_id == origin.id,
                A.snapshots.c.id == bindparam("sid"),
            )
            .values(restored_at=bindparam("restored"), pruned_at=None),
            [{"sid": sid, "restored": mine[sid]} for sid in moved],
        )
    gone = [sid for sid, (_, pruned) in theirs.items() if not pruned and sid not in mine]
    say("pruned", 0, len(gone))
    for start in range(0, len(gone), batch):
        conn.execute(
            update(A.snapshots)
            .where(
                A.snapshots.c.origin_id == origin.id,
                A.snapshots.c.id.in_(gone[start : start + batch]),
            )
            .values(pruned_at=now)
        )
    say("pruned", len(gone), len(gone))
    mine_cp = local.checkpoint_keys()
    theirs_cp = _archived_checkpoint_keys(conn, origin.id)
    changed_cp = _storable_keys(
        [sid for sid, at in mine_cp.items() if theirs_cp.get(sid) != at], "checkpoints", skipped
    )
    say("checkpoints", 0, len(changed_cp))
    cp_columns = A.copied_columns(A.checkpoints)
    rows = _storable(local.checkpoints(changed_cp), "checkpoints", skipped)
    if rows:
        dialect.copy_upsert(
            conn,
            A.checkpoints,
            [A.ORIGIN, *cp_columns, "search"],
            [
                (origin.id, *r, dialect.vector_text(checkpoint_words(dict(zip(cp_columns, r, strict=True)))))
                for r in rows
            ],
        )
    say("checkpoints", len(rows), len(changed_cp))
    if counts["projects"] or counts["sessions"]:
        _count_sessions(conn, origin.id)
    archived = len(theirs) + sent
    pruned_before = sum(1 for _, pruned in theirs.values() if pruned)
    came_back = sum(1 for sid in moved if theirs[sid][1])
    archived_pruned = pruned_before - came_back + len(gone)
    conn.execute(
        update(A.origins)
        .where(A.origins.c.origin_id == origin.id)
        .values(
            last_push_at=now,
            project_count=_count(conn, A.projects, origin.id),
            session_count=_count(conn, A.sessions, origin.id),
            snapshot_count=archived,
            pruned_count=archived_pruned,
        )
    )
    conn.commit()
    return PushStats(
        counts["projects"],
        counts["sessions"],
        len(rows),
        sent,
        len(moved),
        len(gone),
        tuple(skipped),
        archived,
        archived_pruned,
    )


# -- the archive's side --------------------------------------------------------------


def _save_origin(conn: Connection, origin: Origin, now: str) -> None:
    from sqlalchemy.dialects.postgresql import insert as pg_insert

    stmt = pg_insert(A.origins).values(
        origin_id=origin.id,
        host=origin.host,
        store_path=origin.store_path,
        first_push_at=now,
        last_push_at=now,
    )
    conn.execute(
        stmt.on_conflict_do_update(
            index_elements=[A.origins.c.origin_id],
            set_={"host": origin.host, "store_path": origin.store_path},
        )
    )


def _archived_rows(conn: Connection, table, origin_id: str) -> dict[Any, tuple]:
    cols = [table.c[c] for c in A.copied_columns(table)]
    rows = conn.execute(select(*cols).where(table.c.origin_id == origin_id))
    return {r[0]: tuple(r) for r in rows}


def _archived_snapshot_keys(conn: Connection, origin_id: str) -> dict[str, tuple[Any, bool]]:
    """id -> (restored_at, pruned) of every snapshot of the origin."""
    rows = _driver_rows(
        conn,
        f'SELECT id, restored_at, pruned_at IS NOT NULL FROM "{A.SCHEMA}".snapshots '
        "WHERE origin_id = %s",
        origin_id,
    )
    return {sid: (restored, pruned) for sid, restored, pruned in rows}


def _column(conn: Connection, table: str, column: str, origin_id: str) -> list:
    """One column of an origin's rows of ``table``."""
    sql = f'SELECT "{column}" FROM "{A.SCHEMA}"."{table}" WHERE origin_id = %s'
    return [r[0] for r in _driver_rows(conn, sql, origin_id)]


def _driver_rows(conn: Connection, sql: str, origin_id: str) -> list[tuple]:
    """The rows of a read of one origin's keys, as the driver's tuples: a
    push reads every key of its origin, tens of thousands, and SQLAlchemy's
    rows cost more than the read."""
    with conn.connection.driver_connection.cursor() as cursor:
        return cursor.execute(sql, (origin_id,)).fetchall()


def _archived_checkpoint_keys(conn: Connection, origin_id: str) -> dict[str, Any]:
    c = A.checkpoints.c
    return dict(
        conn.execute(select(c.session_id, c.updated_at).where(c.origin_id == origin_id)).all()
    )


def _count_sessions(conn: Connection, origin_id: str) -> None:
    """Set ``session_count`` of the origin's projects."""
    p, s = A.projects.c, A.sessions.c
    counted = (
        select(func.count())
        .where(s.origin_id == p.origin_id, s.project_id == p.id)
        .scalar_subquery()
    )
    conn.execute(update(A.projects).where(p.origin_id == origin_id).values(session_count=counted))


def _count(conn: Connection, table, origin_id: str) -> int:
    return int(
        conn.execute(select(func.count()).where(table.c.origin_id == origin_id)).scalar_one()
    )


def _with(origin_id: str, rows: Iterable[Sequence[Any]]) -> Iterator[tuple]:
    return ((origin_id, *r) for r in rows)


def _storable(rows: list[tuple], table: str, skipped: list[str]) -> list[tuple]:
    """The rows whose text PostgreSQL can hold; the others are named in ``skipped``."""
    if _all_storable(rows):
        return rows
    out = []
    for row in rows:
        problem = None
        for v in row:
            # the usual value, plain ASCII without NUL, is let through in C
            if v.__class__ is str and ("\x00" in v or not v.isascii()):
                problem = _text_problem(v)
                if problem:
                    break
        if problem is None:
            out.append(row)
        else:
            skipped.append(f"{table} {_printable_key(row)}: {problem}; not archived")
    return out


def _all_storable(rows: list[tuple]) -> bool:
    """Whether every value of ``rows`` is text PostgreSQL can hold, judged
    on all of them at once, in C (a batch's values joined): the usual case,
    where a look at each value would cost a push a tenth of its time."""
    from itertools import chain

    return _text_problem("\x01".join(map(str, chain.from_iterable(rows)))) is None


def _storable_keys(keys: list[str], table: str, skipped: list[str]) -> list[str]:
    """The keys whose rows may be sent: a key PostgreSQL cannot hold is
    named in ``skipped`` (its row is not read: it could not be looked up
    by that key, nor stored under it)."""
    return [row[0] for row in _storable([(k,) for k in keys], table, skipped)]


def _text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "its text holds a NUL character"
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "its text is not valid UTF-8"
    return None


def _printable_key(row: tuple) -> str:
    key = str(row[0])
    return repr(key.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")[:80])


# -- the store's side ----------------------------------------------------------------


class _LocalStore:
    """One read transaction on the store (``mode=ro``): every key and row a
    push reads comes from the same moment. The reads are the generated
    ``push_*`` statements (``store/statements/push.py``), run as every read
    of the store is (``store/query.py``): text that is not UTF-8 comes back
    escaped, which :func:`_storable` then leaves out."""

    def __init__(self, path: Path, immutable: bool) -> None:
        self.path = path
        try:
            self.conn = connect(
                path,
                "ro",
                immutable=immutable,
                timeout=BUSY_TIMEOUT_MS / 1000,
                check_same_thread=False,
            )
            apply_settings(self.conn, writer=False)
            self.conn.execute("BEGIN")
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None
        self.query = Query(self.conn)

    def close(self) -> None:
        self.conn.close()

    def _batches(self, name: str, size: int, **params: Any) -> Iterator[list[tuple]]:
        """The rows of statement ``name``, ``size`` at a time, as tuples;
        a failure is the store's one-line error."""
        try:
            yield from self.query.batches(name, size, **params)
        except sqlite3.Error as exc:
            raise translate(exc, self.path) from None

    def _all(self, name: str, **params: Any) -> list[tuple]:
        return [row for part in self._batches(name, BATCH, **params) for row in part]

    def rows(self, table: str) -> list[tuple]:
        """Every row of ``table`` (``projects`` or ``sessions``), its
        columns as the archive's copy lists them."""
        columns = A.copied_columns(A.metadata.tables[f"{A.SCHEMA}.{table}"])
        return [_times(table, columns, r) for r in self._all(f"push_{table}")]

    def snapshot_keys(self) -> dict[str, Any]:
        return {sid: _time(restored) for sid, restored in self._all("push_snapshot_keys")}

    def checkpoint_keys(self) -> dict[str, Any]:
        return {sid: _time(at) for sid, at in self._all("push_checkpoint_keys")}

    def snapshots(self, ids: Sequence[str], batch: int, *, whole: bool) -> Iterator[list[tuple]]:
        """The rows of snapshots ``ids``, ``batch`` at a time: looked up by
        id, or (``whole``: most of the table) read in one pass and picked."""
        columns = A.copied_columns(A.snapshots)
        if not whole:
            for start in range(0, len(ids), batch):
                part = json_list(ids[start : start + batch])
                for rows in self._batches("push_snapshots_by_id", batch, ids=part):
                    yield [_times("snapshots", columns, r) for r in rows]
            return
        wanted = set(ids)
        for rows in self._batches("push_snapshots", batch * 2):
            picked = [_times("snapshots", columns, r) for r in rows if r[0] in wanted]
            if picked:
                yield picked

    def checkpoints(self, session_ids: Sequence[str]) -> list[tuple]:
        columns = A.copied_columns(A.checkpoints)
        rows = self._all("push_checkpoints_by_session", ids=json_list(session_ids))
        return [_times("checkpoints", columns, r) for r in rows]


def _is_epoch(value: Any) -> bool:
    """Epoch milliseconds: a number, or the digits a TEXT column keeps of one."""
    return isinstance(value, int | float) or (isinstance(value, str) and value.isdigit())


def _time(value: Any) -> Any:
    """A time as the archive keeps it: epoch milliseconds as ISO text."""
    return timeutil.normalize(int(value)) if _is_epoch(value) else value


def _times(table: str, columns: Sequence[str], row: tuple) -> tuple:
    """The row with its times as the archive keeps them (:func:`_time`)."""
    at = _time_positions(table, tuple(columns))
    for i in at:
        v = row[i]
        if v is not None and (v.__class__ is not str or v.isdigit()):
            return tuple(_time(v) if i in at else v for i, v in enumerate(row))
    return row


@lru_cache(maxsize=16)
def _time_positions(table: str, columns: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(i for i, c in enumerate(columns) if c in A.TIME_COLUMNS[table])
