"""Writes. Each function runs inside the caller's ``BEGIN IMMEDIATE``
transaction (:meth:`Store.write`); none commits on its own."""

from __future__ import annotations

import itertools
import os
import uuid
from typing import Any

from sqlalchemy import Connection, delete, insert, select, update

from ckpt_tui import timeutil
from ckpt_tui.store.ordering import instant
from ckpt_tui.store.schema import checkpoints, migrations, projects, sessions, snapshots
from ckpt_tui.store.snapshot_reads import newest_snapshot
from ckpt_tui.store.valid_ids import require_id

_seq = itertools.count(1)


def generated_name(kind: str) -> str:
    """``<kind>-<epoch ms>-<pid><seq>`` (SPEC 5.2): unique across writers."""
    return f"{kind}-{timeutil.epoch_ms(timeutil.now())}-{os.getpid()}{next(_seq)}"


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
    """Insert one snapshot, captured strictly after the session's newest."""
    require_id(session_id)
    newest = newest_snapshot(conn, session_id)
    captured = captured_at or timeutil.after(
        newest["captured_at"] if newest else None, timeutil.now_iso()
    )
    row = {
        "id": snapshot_id or str(uuid.uuid4()),
        "session_id": session_id,
        "project_id": project_id,
        "name": name or generated_name(kind),
        "kind": kind,
        "captured_at": captured,
        "payload": payload_json,
        "schema_version": schema_version,
        "restored_at": None,
    }
    conn.execute(insert(snapshots).values(**row))
    return row


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
    if exists:
        conn.execute(
            update(checkpoints)
            .where(checkpoints.c.session_id == session_id)
            .values(**columns, updated_at=stamp)
        )
    else:
        conn.execute(
            insert(checkpoints).values(
                session_id=session_id,
                project_id=project_id,
                **columns,
                created_at=stamp,
                updated_at=stamp,
            )
        )
    return stamp


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


def prunable_ids(conn: Connection, session_id: str, history_limit: int) -> list[str]:
    """Invariant 4: all but the newest ``history_limit`` snapshots and the
    newest ``pre-restore`` one."""
    require_id(session_id)
    ordered = (
        select(snapshots.c.id, snapshots.c.kind)
        .where(snapshots.c.session_id == session_id)
        .order_by(instant(snapshots.c.captured_at).desc(), snapshots.c.id.desc())
    )
    doomed: list[str] = []
    newest_pre_restore_seen = False
    for index, row in enumerate(conn.execute(ordered)):
        keep = index < history_limit
        if row.kind == "pre-restore" and not newest_pre_restore_seen:
            newest_pre_restore_seen = True
            keep = True
        if not keep:
            doomed.append(row.id)
    return doomed


def prune(conn: Connection, session_id: str, history_limit: int) -> int:
    doomed = prunable_ids(conn, session_id, history_limit)
    for start in range(0, len(doomed), 500):
        conn.execute(delete(snapshots).where(snapshots.c.id.in_(doomed[start : start + 500])))
    return len(doomed)


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
    stamp = at or timeutil.now_iso()
    conn.execute(
        insert(sessions).values(
            id=session_id,
            project_id=project_id,
            parent_id=parent_id,
            title=title,
            created_at=stamp,
            updated_at=stamp,
        )
    )


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
