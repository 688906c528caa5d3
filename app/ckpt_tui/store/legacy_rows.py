"""SQL for legacy import, its undo, and project lookup by directory.

Every function runs inside the caller's transaction (``Store.read`` or
``Store.write``); none commits. Policy lives in :mod:`ckpt_tui.core.legacy`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, case, delete, func, select

from ckpt_tui.store.schema import checkpoints, migrations, projects, sessions, snapshots
from ckpt_tui.store.valid_ids import require_id


def all_projects(conn: Connection) -> list[dict[str, Any]]:
    """Every project row (id, directory, canonical, created_at), oldest first."""
    stmt = select(
        projects.c.id, projects.c.directory, projects.c.canonical, projects.c.created_at
    ).order_by(projects.c.created_at, projects.c.id)
    return [dict(r) for r in conn.execute(stmt).mappings()]


def projects_for_directory(
    conn: Connection, directories: Sequence[str], canonical: str
) -> list[dict[str, Any]]:
    """Projects whose ``directory`` is one of ``directories`` or whose
    ``canonical`` is ``canonical``: exact directory matches first, then the
    oldest, then by id (a deterministic order every process agrees on)."""
    directories = [d for d in dict.fromkeys(directories) if d]
    exact = projects.c.directory.in_(directories)
    stmt = (
        select(projects.c.id, projects.c.directory, projects.c.canonical, projects.c.created_at)
        .where(exact | (projects.c.canonical == canonical))
        .order_by(case((exact, 0), else_=1), projects.c.created_at, projects.c.id)
    )
    return [dict(r) for r in conn.execute(stmt).mappings()]


def project_row(conn: Connection, project_id: str) -> dict[str, Any] | None:
    require_id(project_id, "project id")
    r = conn.execute(select(projects).where(projects.c.id == project_id)).mappings().first()
    return dict(r) if r else None


def session_project(conn: Connection, session_id: str) -> str | None:
    """The project of a session, or ``None`` if the store has no such session."""
    require_id(session_id)
    return conn.execute(
        select(sessions.c.project_id).where(sessions.c.id == session_id)
    ).scalar_one_or_none()


def snapshot_names_with_prefix(conn: Connection, session_id: str, prefix: str) -> list[str]:
    require_id(session_id)
    stmt = select(snapshots.c.name).where(
        snapshots.c.session_id == session_id,
        func.substr(snapshots.c.name, 1, len(prefix)) == prefix,
    )
    return [r[0] for r in conn.execute(stmt)]


def snapshot_contents(conn: Connection, session_id: str, kind: str) -> list[tuple[Any, str]]:
    """``(captured_at, payload)`` of a session's snapshots of one kind."""
    require_id(session_id)
    stmt = select(snapshots.c.captured_at, snapshots.c.payload).where(
        snapshots.c.session_id == session_id, snapshots.c.kind == kind
    )
    return [(r[0], r[1]) for r in conn.execute(stmt)]


def get_migration(conn: Connection, migration_id: str) -> dict[str, Any] | None:
    r = conn.execute(select(migrations).where(migrations.c.id == migration_id)).mappings().first()
    return dict(r) if r else None


def migration_exists(conn: Connection, migration_id: str) -> bool:
    return (
        conn.execute(select(migrations.c.id).where(migrations.c.id == migration_id)).first()
        is not None
    )


def migrations_with_prefix(conn: Connection, prefix: str) -> list[dict[str, Any]]:
    """Ledger rows whose id starts with ``prefix``, oldest first.

    ``substr`` rather than ``LIKE``: project ids may contain ``_`` and ``%``.
    """
    stmt = (
        select(migrations)
        .where(func.substr(migrations.c.id, 1, len(prefix)) == prefix)
        .order_by(migrations.c.applied_at, migrations.c.id)
    )
    return [dict(r) for r in conn.execute(stmt).mappings()]


def delete_migration(conn: Connection, migration_id: str) -> bool:
    return conn.execute(delete(migrations).where(migrations.c.id == migration_id)).rowcount > 0


def delete_snapshots(conn: Connection, session_id: str, ids: Sequence[str]) -> int:
    """Delete the given snapshots of one session (ids of other sessions are ignored)."""
    require_id(session_id)
    ids = list(ids)
    gone = 0
    for start in range(0, len(ids), 500):
        gone += conn.execute(
            delete(snapshots).where(
                snapshots.c.session_id == session_id, snapshots.c.id.in_(ids[start : start + 500])
            )
        ).rowcount
    return gone


def delete_checkpoint(conn: Connection, session_id: str) -> bool:
    require_id(session_id)
    return (
        conn.execute(delete(checkpoints).where(checkpoints.c.session_id == session_id)).rowcount > 0
    )


def delete_session(conn: Connection, session_id: str) -> bool:
    """Delete a session; its checkpoint, snapshots and runtime row go with it
    (``ON DELETE CASCADE``, foreign keys are on for every connection)."""
    require_id(session_id)
    return conn.execute(delete(sessions).where(sessions.c.id == session_id)).rowcount > 0


def session_count(conn: Connection, project_id: str) -> int:
    require_id(project_id, "project id")
    return conn.execute(
        select(func.count()).select_from(sessions).where(sessions.c.project_id == project_id)
    ).scalar_one()


def delete_project(conn: Connection, project_id: str) -> bool:
    require_id(project_id, "project id")
    return conn.execute(delete(projects).where(projects.c.id == project_id)).rowcount > 0


def snapshot_ids(conn: Connection, session_id: str) -> list[str]:
    require_id(session_id)
    return [
        r[0]
        for r in conn.execute(select(snapshots.c.id).where(snapshots.c.session_id == session_id))
    ]
