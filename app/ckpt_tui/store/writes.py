"""Writes. Each function runs inside the caller's ``BEGIN IMMEDIATE``
transaction (:meth:`Store.write`); none commits on its own."""

from __future__ import annotations

import itertools
import os
import time
import uuid
from typing import Any

from sqlalchemy import Connection, LargeBinary, Text, cast, delete, insert, literal, text, update

from ckpt_tui import timeutil
from ckpt_tui.store.query import Query, stored_bytes
from ckpt_tui.store.schema import checkpoints, migrations, projects, sessions, snapshots
from ckpt_tui.store.snapshot_reads import newest_snapshot
from ckpt_tui.store.valid_ids import require_id

_seq = itertools.count(1)

#: How long a write waits for the clock to pass the session's newest
#: snapshot (two writers in one millisecond), in milliseconds.
SAME_INSTANT_WAIT_MS = 5
#: How long, in real time, that wait may last at most: a clock that does not
#: move at all (stopped, or read faster than it ticks) does not hold a write.
CLOCK_STALL_S = 0.05


def generated_name(kind: str, at: str | None = None) -> str:
    """``<kind>-<epoch ms>-<pid><seq>`` (SPEC 5.2): unique across writers
    without moving any time (``at``: the write's instant)."""
    moment = timeutil.parse(at) if at else None
    return f"{kind}-{timeutil.epoch_ms(moment or timeutil.now())}-{os.getpid()}{next(_seq)}"


def write_instant(conn: Connection, session_id: str) -> str:
    """The one instant a write stamps everywhere (a pre-restore snapshot's
    ``captured_at``, the checkpoint's ``updated_at``, ``restored_at``, the
    session's activity), read once.

    Never ahead of the clock: when the session's newest snapshot is at this
    very millisecond or a little after (another writer in the same
    millisecond), the write waits for the clock to pass it, a few
    milliseconds at most; a newest snapshot further ahead (a clock that
    went back) leaves the instant as it is, and the order of equal times
    falls to the id.
    """
    newest = newest_snapshot(conn, session_id)
    at = timeutil.now_ms()
    last = timeutil.parse(newest["captured_at"]) if newest else None
    if last is not None and last >= at:
        deadline = time.monotonic() + CLOCK_STALL_S
        while last >= at and (last - at).total_seconds() * 1000 <= SAME_INSTANT_WAIT_MS:
            time.sleep(0.0005)
            at = timeutil.now_ms()
            # after a look at the clock: a write held up past the deadline
            # (a loaded machine) has most likely passed the millisecond
            if time.monotonic() > deadline:
                break
    return timeutil.fmt(at)


def insert_snapshot(
    conn: Connection,
    *,
    session_id: str,
    project_id: str,
    kind: str,
    payload_json: str,
    name: str | None = None,
    schema_version: int = 1,
    snapshot_id: str | None = None,
    captured_at: str | None = None,
) -> dict[str, Any]:
    """Insert one snapshot, captured at ``captured_at`` (default: the
    write's instant, :func:`write_instant`)."""
    require_id(session_id)
    row = snapshot_row(
        session_id=session_id,
        project_id=project_id,
        kind=kind,
        payload_json=payload_json,
        captured_at=captured_at or write_instant(conn, session_id),
        name=name,
        schema_version=schema_version,
        snapshot_id=snapshot_id,
    )
    conn.execute(insert(snapshots).values(**row))
    return row


def snapshot_row(
    *,
    session_id: str,
    project_id: str,
    kind: str,
    payload_json: str,
    captured_at: str,
    name: str | None = None,
    schema_version: int = 1,
    snapshot_id: str | None = None,
) -> dict[str, Any]:
    """A new snapshot's row as :func:`insert_snapshot` writes it (a new id
    and a generated name unless given): the demo inserts many at once."""
    return {
        "id": snapshot_id or str(uuid.uuid4()),
        "session_id": session_id,
        "project_id": project_id,
        "name": name or generated_name(kind, captured_at),
        "kind": kind,
        "captured_at": captured_at,
        "payload": payload_json,
        "schema_version": schema_version,
        "restored_at": None,
    }


def write_checkpoint(
    conn: Connection,
    *,
    session_id: str,
    project_id: str,
    columns: dict[str, Any],
    exists: bool,
    at: str | None = None,
) -> str:
    """Update (or create) the checkpoint row; returns the new ``updated_at``.

    An update writes ``columns`` and nothing else: callers pass only the
    columns their change touches, so a column outside it (a damaged one
    above all, SPEC 3) keeps its bytes. A new row needs every column.
    """
    stamp = at or timeutil.now_iso()
    columns = {name: stored_text(value) for name, value in columns.items()}
    if exists:
        conn.execute(
            update(checkpoints)
            .where(checkpoints.c.session_id == session_id)
            .values(**columns, updated_at=stamp)
        )
    else:
        conn.execute(
            insert(checkpoints).values(**checkpoint_row(session_id, project_id, columns, stamp))
        )
    return stamp


def checkpoint_row(
    session_id: str, project_id: str, columns: dict[str, Any], at: str
) -> dict[str, Any]:
    """A new checkpoint's row as :func:`write_checkpoint` creates it."""
    return {
        "session_id": session_id,
        "project_id": project_id,
        **{name: stored_text(value) for name, value in columns.items()},
        "created_at": at,
        "updated_at": at,
    }


def stored_text(value: Any) -> Any:
    """A column value as SQLite is to keep it. Text read with bytes that are
    not UTF-8 holds them as surrogate escapes (``store.query``); it goes back
    as those very bytes, still of type TEXT, so an undo is byte-exact."""
    raw = stored_bytes(value) if isinstance(value, str) else None
    return value if raw is None else cast(literal(raw, LargeBinary), Text)


def mark_restored(conn: Connection, snapshot_id: str | None, at: str | None = None) -> None:
    if snapshot_id:
        conn.execute(
            update(snapshots)
            .where(snapshots.c.id == snapshot_id)
            .values(restored_at=at or timeutil.now_iso())
        )


def delete_snapshot(conn: Connection, session_id: str, snapshot_id: str) -> bool:
    result = conn.execute(
        delete(snapshots).where(snapshots.c.session_id == session_id, snapshots.c.id == snapshot_id)
    )
    return result.rowcount > 0


def prunable(
    conn: Connection | Query, session_id: str, history_limit: int, adding: int = 0
) -> list[tuple[str, str]]:
    """Invariant 4: ``(id, name)`` of all but the newest ``history_limit``
    snapshots and the newest ``pre-restore`` one, newest first. ``adding``:
    a ``pre-restore`` snapshot the write is about to take (1) counts as the
    newest of both, so what pruning will delete can be said before. Read
    in the write's transaction, or in a read (a preview)."""
    require_id(session_id)
    ordered = Query.within(conn).run("prune_order", session_id=session_id)
    doomed: list[tuple[str, str]] = []
    newest_pre_restore_seen = adding > 0
    for index, row in enumerate(ordered, start=adding):
        keep = index < history_limit
        if row["kind"] == "pre-restore" and not newest_pre_restore_seen:
            newest_pre_restore_seen = True
            keep = True
        if not keep:
            doomed.append((row["id"], row["name"]))
    return doomed


def over_limit(q: Query, session_id: str, history_limit: int, adding: int) -> bool:
    """Whether the session will have more than ``history_limit`` snapshots
    once ``adding`` more are in: one count on the session's index, before
    :func:`prunable` sorts them all."""
    require_id(session_id)
    count = q.scalar("snapshots_total", session_id=session_id)
    return count + adding > history_limit


def prunable_ids(conn: Connection, session_id: str, history_limit: int) -> list[str]:
    return [i for i, _name in prunable(conn, session_id, history_limit)]


def prune(conn: Connection, session_id: str, history_limit: int) -> list[tuple[str, str]]:
    """Delete what :func:`prunable` names; ``(id, name)`` of each."""
    doomed = prunable(conn, session_id, history_limit)
    ids = [i for i, _name in doomed]
    for start in range(0, len(ids), 500):
        conn.execute(delete(snapshots).where(snapshots.c.id.in_(ids[start : start + 500])))
    return doomed


def delete_checkpoint(conn: Connection, session_id: str) -> bool:
    require_id(session_id)
    found = conn.execute(delete(checkpoints).where(checkpoints.c.session_id == session_id))
    return found.rowcount > 0


def touch_activity(conn: Connection, session_id: str, project_id: str, at: str) -> None:
    """A write's instant as the session's and the project's last activity:
    their ``updated_at``, which lists order by (``sessions_project_idx`` is
    ``(project_id, updated_at)``) and show, whoever wrote last. Never moved
    back (a later text stamp stays)."""
    for table in (sessions, projects):
        later = text(
            f"NOT (typeof({table.name}.updated_at) = 'text' AND {table.name}.updated_at >= :at)"
        ).bindparams(at=at)
        row_id = session_id if table is sessions else project_id
        conn.execute(update(table).where(table.c.id == row_id, later).values(updated_at=at))


def insert_project(
    conn: Connection, *, project_id: str, directory: str, canonical: str, at: str | None = None
) -> None:
    require_id(project_id, "project id")
    stamp = at or timeutil.now_iso()
    conn.execute(
        insert(projects).values(
            id=project_id,
            directory=directory,
            canonical=canonical,
            created_at=stamp,
            updated_at=stamp,
        )
    )


def insert_session(
    conn: Connection,
    *,
    session_id: str,
    project_id: str,
    title: str | None,
    parent_id: str | None = None,
    at: str | None = None,
) -> None:
    require_id(session_id)
    row = session_row(session_id, project_id, title, parent_id, at or timeutil.now_iso())
    conn.execute(insert(sessions).values(**row))


def session_row(
    session_id: str, project_id: str, title: str | None, parent_id: str | None, at: str
) -> dict[str, Any]:
    """A new session's row as :func:`insert_session` writes it."""
    return {
        "id": session_id,
        "project_id": project_id,
        "parent_id": parent_id,
        "title": title,
        "created_at": at,
        "updated_at": at,
    }


def touch_session(conn: Connection, session_id: str, at: str | None = None) -> None:
    conn.execute(
        update(sessions)
        .where(sessions.c.id == session_id)
        .values(updated_at=at or timeutil.now_iso())
    )


def insert_migration(
    conn: Connection, *, migration_id: str, project_id: str | None, details_json: str
) -> None:
    conn.execute(
        insert(migrations).values(
            id=migration_id,
            project_id=project_id,
            applied_at=timeutil.now_iso(),
            details=details_json,
        )
    )
