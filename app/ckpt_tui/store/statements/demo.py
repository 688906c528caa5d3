"""What the demo reads of the store it has just made, to write opencode's
own data for the same sessions (``core/demo_opencode.py``)."""

from __future__ import annotations

from sqlalchemy import Text, bindparam, select

from ckpt_tui.store.schema import checkpoints, projects, sessions, snapshots


def statements() -> dict[str, object]:
    return {
        "demo_projects": select(projects.c.id, projects.c.directory).order_by(projects.c.id),
        # legacy sessions are the plugin's import of old notes: opencode has none
        "demo_sessions": select(
            sessions.c.id,
            sessions.c.project_id,
            sessions.c.parent_id,
            sessions.c.title,
            sessions.c.created_at,
        )
        .where(sessions.c.id.not_like("legacy::%"))
        .order_by(sessions.c.created_at, sessions.c.id),
        "demo_save_times": select(snapshots.c.captured_at)
        .where(snapshots.c.session_id == bindparam("session_id", type_=Text))
        .order_by(snapshots.c.captured_at),
        "demo_files": select(checkpoints.c.session_id, checkpoints.c.files_touched),
    }
