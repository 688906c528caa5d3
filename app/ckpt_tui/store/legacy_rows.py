"""SQL for legacy import, its undo, and project lookup by directory.

Every function runs inside the caller's transaction (``Store.read`` or
``Store.write``); none commits. The reads run the generated statements
(``statements/legacy.py``), in a write too (``Query.within``); the deletes
are writes, run by SQLAlchemy. Policy lives in :mod:`ckpt_tui.core.legacy`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ckpt_tui.store.keys import json_list
from ckpt_tui.store.query import Query
from ckpt_tui.store.valid_ids import require_id

if TYPE_CHECKING:
    from sqlalchemy import Connection


def all_projects(q: Query) -> list[dict[str, Any]]:
    """Every project row (id, directory, canonical, created_at), oldest first."""
    return [dict(r) for r in Query.within(q).run("legacy_projects")]


def projects_for_directory(
    q: Query, directories: Sequence[str], canonical: str
) -> list[dict[str, Any]]:
    """Projects whose ``directory`` is one of ``directories`` or whose
    ``canonical`` is ``canonical``: exact directory matches first, then the
    oldest, then by id (a deterministic order every process agrees on)."""
    directories = [d for d in dict.fromkeys(directories) if d]
    rows = Query.within(q).run(
        "legacy_projects_for_directory", directories=json_list(directories), canonical=canonical
    )
    return [dict(r) for r in rows]


def project_row(q: Query, project_id: str) -> dict[str, Any] | None:
    require_id(project_id, "project id")
    r = Query.within(q).first("project", project_id=project_id)
    return dict(r) if r else None


def session_project(q: Query, session_id: str) -> str | None:
    """The project of a session, or ``None`` if the store has no such session."""
    require_id(session_id)
    return Query.within(q).scalar("legacy_session_project", session_id=session_id)


def snapshot_names_with_prefix(q: Query, session_id: str, prefix: str) -> list[str]:
    require_id(session_id)
    rows = Query.within(q).run("legacy_snapshot_names", session_id=session_id, prefix=prefix)
    return [r[0] for r in rows]


def snapshot_contents(q: Query, session_id: str, kind: str) -> list[tuple[Any, str]]:
    """``(captured_at, payload)`` of a session's snapshots of one kind."""
    require_id(session_id)
    rows = Query.within(q).run("legacy_snapshot_contents", session_id=session_id, kind=kind)
    return [(r[0], r[1]) for r in rows]


def get_migration(q: Query, migration_id: str) -> dict[str, Any] | None:
    r = Query.within(q).first("legacy_migration", migration_id=migration_id)
    return dict(r) if r else None


def migration_exists(q: Query, migration_id: str) -> bool:
    return get_migration(q, migration_id) is not None


def migrations_with_prefix(q: Query, prefix: str) -> list[dict[str, Any]]:
    """Ledger rows whose id starts with ``prefix``, oldest first."""
    return [dict(r) for r in Query.within(q).run("legacy_migrations", prefix=prefix)]


# -- deletes: writes, run by SQLAlchemy (imported by the first of them) ------------


def delete_migration(conn: Connection, migration_id: str) -> bool:
    from sqlalchemy import delete

    from ckpt_tui.store.schema import migrations

    return conn.execute(delete(migrations).where(migrations.c.id == migration_id)).rowcount > 0


def delete_snapshots(conn: Connection, session_id: str, ids: Sequence[str]) -> int:
    """Delete the given snapshots of one session (ids of other sessions are ignored)."""
    from sqlalchemy import delete

    from ckpt_tui.store.schema import snapshots

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
    from sqlalchemy import delete

    from ckpt_tui.store.schema import checkpoints

    require_id(session_id)
    return (
        conn.execute(delete(checkpoints).where(checkpoints.c.session_id == session_id)).rowcount > 0
    )


def delete_session(conn: Connection, session_id: str) -> bool:
    """Delete a session; its checkpoint, snapshots and runtime row go with it
    (``ON DELETE CASCADE``, foreign keys are on for every connection)."""
    from sqlalchemy import delete

    from ckpt_tui.store.schema import sessions

    require_id(session_id)
    return conn.execute(delete(sessions).where(sessions.c.id == session_id)).rowcount > 0


def session_count(q: Query, project_id: str) -> int:
    require_id(project_id, "project id")
    return Query.within(q).scalar("project_sessions_total", project_id=project_id)


def delete_project(conn: Connection, project_id: str) -> bool:
    from sqlalchemy import delete

    from ckpt_tui.store.schema import projects

    require_id(project_id, "project id")
    return conn.execute(delete(projects).where(projects.c.id == project_id)).rowcount > 0


def snapshot_ids(q: Query, session_id: str) -> list[str]:
    require_id(session_id)
    return [r[0] for r in Query.within(q).run("legacy_snapshot_ids", session_id=session_id)]
