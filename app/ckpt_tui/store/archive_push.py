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

Search vectors are not made while rows are copied: PostgreSQL's text
parser and the GIN index cost several times what the copy does, and a
push's rows should be safe in the archive as fast as they can be. A row
goes in with ``search`` NULL; :func:`index_pending` then makes the vectors
of every row still without one, in batches of their own (any push, or
``archive index``, picks up what a killed one left).

Text PostgreSQL cannot hold (a NUL character, or bytes that are not UTF-8,
which only a damaged row has) is not sent: the row is named in the push's
``skipped`` and left out, and every push tries it again.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, NamedTuple

from sqlalchemy import Connection, Engine, bindparam, func, select, update

from ckpt_tui import timeutil
from ckpt_tui.store import archive_dialect as dialect
from ckpt_tui.store import archive_schema as A
from ckpt_tui.store import file_identity
from ckpt_tui.store.connection import BUSY_TIMEOUT_MS, apply_settings, connect, translate

#: New snapshots per transaction.
BATCH = 5000
#: ``(phase, done, total)``: phase is ``projects``, ``sessions``,
#: ``snapshots``, ``checkpoints`` or ``pruned``.
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


Document = Callable[[str, str], str]
CheckpointDocument = Callable[[dict[str, Any]], str]


class IndexStats(NamedTuple):
    snapshots: int
    checkpoints: int


def index_pending(
    engine: Engine,
    *,
    snapshot_document: Document,
    checkpoint_document: CheckpointDocument,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> IndexStats:
    """Make the search vector of every row that has none yet, a batch per
    transaction. ``snapshot_document(name, payload)`` and
    ``checkpoint_document(row)`` give the text a vector is made of. Two
    indexers at once share the work (``SKIP LOCKED``)."""
    say = progress or (lambda phase, done, total: None)
    done = {"snapshots": 0, "checkpoints": 0}
    cp_columns = A.copied_columns(A.checkpoints)
    with engine.connect() as conn:
        for table in (A.snapshots, A.checkpoints):
            keys = [c.name for c in table.primary_key.columns]
            waiting = _count_pending(conn, table)
            conn.commit()
            say(f"index-{table.name}", 0, waiting)
            while True:
                if table is A.snapshots:
                    picked = [table.c[k] for k in keys] + [table.c.name, table.c.payload]
                else:
                    picked = [table.c[k] for k in keys] + [table.c[c] for c in cp_columns]
                rows = conn.execute(
                    select(*picked)
                    .where(table.c.search.is_(None))
                    .limit(batch)
                    .with_for_update(skip_locked=True)
                ).all()
                if not rows:
                    conn.commit()
                    break
                if table is A.snapshots:
                    docs = [(*r[:2], snapshot_document(r[2], r[3])) for r in rows]
                else:
                    docs = [(*r[:2], checkpoint_document(dict(zip(cp_columns, r[2:], strict=True)))) for r in rows]
                dialect.set_search(conn, table, keys, docs)
                conn.commit()
                done[table.name] += len(rows)
                say(f"index-{table.name}", min(done[table.name], waiting), max(waiting, done[table.name]))
    return IndexStats(done["snapshots"], done["checkpoints"])


def _count_pending(conn: Connection, table) -> int:
    return int(conn.execute(select(func.count()).where(table.c.search.is_(None))).scalar_one())


def push(
    store_path: Path,
    engine: Engine,
    host: str,
    *,
    immutable: bool = False,
    batch: int = BATCH,
    progress: Progress | None = None,
) -> PushStats:
    """Bring the rows of the store at ``store_path`` in the archive up to
    it, as the origin ``store.file_identity`` says the file is, pushed from
    ``host``. Raises the store's one-line errors for the store and the
    driver's for the archive (the caller translates those)."""
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
                return _push(conn, local, origin, batch, say)
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
    new = [sid for sid in mine if sid not in theirs]
    moved = [
        sid
        for sid, restored in mine.items()
        if sid in theirs and (theirs[sid][0] != restored or theirs[sid][1])
    ]
    sent = 0
    say("snapshots", 0, len(new))
    for start in range(0, len(new), batch):
        rows = _storable(local.snapshots(new[start : start + batch]), "snapshots", skipped)
        dialect.copy_new(
            conn,
            A.snapshots,
            [A.ORIGIN, *A.copied_columns(A.snapshots)],
            [(origin.id, *r) for r in rows],
            reset={"pruned_at": None},
        )
        conn.commit()
        sent += len(rows)
        say("snapshots", min(start + batch, len(new)), len(new))

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
    changed_cp = [sid for sid, at in mine_cp.items() if theirs_cp.get(sid) != at]
    say("checkpoints", 0, len(changed_cp))
    cp_columns = A.copied_columns(A.checkpoints)
    rows = _storable(local.checkpoints(changed_cp), "checkpoints", skipped)
    if rows:
        dialect.copy_upsert(
            conn,
            A.checkpoints,
            [A.ORIGIN, *cp_columns],
            _with(origin.id, rows),
            reset={"search": None},  # its text changed: indexed again
        )
    say("checkpoints", len(rows), len(changed_cp))
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
    s = A.snapshots.c
    rows = conn.execute(
        select(s.id, s.restored_at, s.pruned_at.is_not(None)).where(s.origin_id == origin_id)
    )
    return {sid: (restored, pruned) for sid, restored, pruned in rows}


def _archived_checkpoint_keys(conn: Connection, origin_id: str) -> dict[str, Any]:
    c = A.checkpoints.c
    return dict(
        conn.execute(select(c.session_id, c.updated_at).where(c.origin_id == origin_id)).all()
    )


def _count(conn: Connection, table, origin_id: str) -> int:
    return int(
        conn.execute(select(func.count()).where(table.c.origin_id == origin_id)).scalar_one()
    )


def _with(origin_id: str, rows: Iterable[Sequence[Any]]) -> Iterator[tuple]:
    return ((origin_id, *r) for r in rows)


def _column_index(table, name: str) -> int:
    return A.copied_columns(table).index(name)


def _storable(rows: list[tuple], table: str, skipped: list[str]) -> list[tuple]:
    """The rows whose text PostgreSQL can hold; the others are named in ``skipped``."""
    out = []
    for row in rows:
        problem = next((p for v in row if isinstance(v, str) and (p := _text_problem(v))), None)
        if problem is None:
            out.append(row)
        else:
            skipped.append(f"{table} {_printable_key(row)}: {problem}; not archived")
    return out


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
    push reads comes from the same moment."""

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
            raise translate(exc, path) from None

    def close(self) -> None:
        self.conn.close()

    def _fetch(self, sql: str, params: Sequence[Any] = ()) -> list[tuple]:
        """The rows, with text that is not UTF-8 kept as it is (escaped
        bytes, which :func:`_storable` then leaves out)."""
        try:
            return self.conn.execute(sql, params).fetchall()
        except sqlite3.OperationalError as exc:
            if "decode" not in str(exc).lower():
                raise translate(exc, self.path) from None
        self.conn.text_factory = lambda b: b.decode("utf-8", "surrogateescape")
        try:
            return self.conn.execute(sql, params).fetchall()
        finally:
            self.conn.text_factory = str

    def _select(self, table: str, columns: Sequence[str], where: str = "") -> str:
        names = ", ".join(f'"{c}"' for c in columns)
        return f'SELECT {names} FROM "{table}"{where}'

    def rows(self, table: str) -> list[tuple]:
        columns = A.copied_columns(A.metadata.tables[f"{A.SCHEMA}.{table}"])
        return [_times(table, columns, r) for r in self._fetch(self._select(table, columns))]

    def snapshot_keys(self) -> dict[str, Any]:
        rows = self._fetch(self._select("snapshots", ["id", "restored_at"]))
        return {sid: _time(restored) for sid, restored in rows}

    def checkpoint_keys(self) -> dict[str, Any]:
        rows = self._fetch(self._select("checkpoints", ["session_id", "updated_at"]))
        return {sid: _time(at) for sid, at in rows}

    def _by_key(self, table: str, key: str, keys: Sequence[str]) -> list[tuple]:
        columns = A.copied_columns(A.metadata.tables[f"{A.SCHEMA}.{table}"])
        out = []
        for start in range(0, len(keys), 900):
            part = keys[start : start + 900]
            marks = ",".join("?" * len(part))
            sql = self._select(table, columns, f' WHERE "{key}" IN ({marks})')
            out += [_times(table, columns, r) for r in self._fetch(sql, part)]
        return out

    def snapshots(self, ids: Sequence[str]) -> list[tuple]:
        return self._by_key("snapshots", "id", ids)

    def checkpoints(self, session_ids: Sequence[str]) -> list[tuple]:
        return self._by_key("checkpoints", "session_id", session_ids)


def _is_epoch(value: Any) -> bool:
    """Epoch milliseconds: a number, or the digits a TEXT column keeps of one."""
    return isinstance(value, int | float) or (isinstance(value, str) and value.isdigit())


def _time(value: Any) -> Any:
    """A time as the archive keeps it: epoch milliseconds as ISO text."""
    return timeutil.normalize(int(value)) if _is_epoch(value) else value


def _times(table: str, columns: Sequence[str], row: tuple) -> tuple:
    """The row with its times as the archive keeps them (:func:`_time`)."""
    at = [i for i, c in enumerate(columns) if c in A.TIME_COLUMNS[table]]
    if not any(_is_epoch(row[i]) for i in at):
        return tuple(row)
    return tuple(_time(v) if i in at else v for i, v in enumerate(row))
