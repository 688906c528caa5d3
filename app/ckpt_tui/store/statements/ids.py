"""Ids for shell completion: the newest sessions and projects, a session's
snapshot names, newest first."""

from __future__ import annotations

from sqlalchemy import Integer, Text, bindparam, select

from ckpt_tui.store.schema import projects, sessions, snapshots


def statements() -> dict[str, object]:
    limit = bindparam("limit", type_=Integer)
    return {
        "ids_sessions": select(sessions.c.id).order_by(sessions.c.updated_at.desc()).limit(limit),
        "ids_projects": select(projects.c.id).order_by(projects.c.updated_at.desc()).limit(limit),
        "ids_snapshots": select(snapshots.c.name)
        .where(snapshots.c.session_id == bindparam("session_id", type_=Text))
        .order_by(snapshots.c.captured_at.desc())
        .limit(limit),
    }
