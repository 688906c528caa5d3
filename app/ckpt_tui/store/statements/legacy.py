"""What legacy import and its undo read: projects by directory, ledger rows,
a session's snapshots by kind or name prefix (``store/legacy_rows.py``)."""

from __future__ import annotations

from sqlalchemy import Text, bindparam, case, func, select

from ckpt_tui.store.schema import migrations, projects, sessions, snapshots
from ckpt_tui.store.statements.common import json_values


def _starts_with(column):
    prefix = bindparam("prefix", type_=Text)
    # substr rather than LIKE: ids may contain ``_`` and ``%``
    return func.substr(column, 1, func.length(prefix)) == prefix


def statements() -> dict[str, object]:
    session = snapshots.c.session_id == bindparam("session_id", type_=Text)
    listed = (projects.c.id, projects.c.directory, projects.c.canonical, projects.c.created_at)
    exact = projects.c.directory.in_(json_values("directories"))
    return {
        "legacy_projects": select(*listed).order_by(projects.c.created_at, projects.c.id),
        # projects whose directory is one of the JSON array ``:directories``
        # or whose canonical is ``:canonical``: exact matches first, then the
        # oldest, then by id (an order every process agrees on)
        "legacy_projects_for_directory": select(*listed)
        .where(exact | (projects.c.canonical == bindparam("canonical", type_=Text)))
        .order_by(case((exact, 0), else_=1), projects.c.created_at, projects.c.id),
        "legacy_session_project": select(sessions.c.project_id).where(
            sessions.c.id == bindparam("session_id", type_=Text)
        ),
        "legacy_snapshot_names": select(snapshots.c.name).where(
            session, _starts_with(snapshots.c.name)
        ),
        "legacy_snapshot_contents": select(snapshots.c.captured_at, snapshots.c.payload).where(
            session, snapshots.c.kind == bindparam("kind", type_=Text)
        ),
        "legacy_snapshot_ids": select(snapshots.c.id).where(session),
        "legacy_migration": select(migrations).where(
            migrations.c.id == bindparam("migration_id", type_=Text)
        ),
        "legacy_migrations": select(migrations)
        .where(_starts_with(migrations.c.id))
        .order_by(migrations.c.applied_at, migrations.c.id),
    }
